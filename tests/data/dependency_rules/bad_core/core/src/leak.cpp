// A deliberately broken layer: core must never include wxWidgets (fixture for the dependency_rules test).
#include <wx/frame.h>
