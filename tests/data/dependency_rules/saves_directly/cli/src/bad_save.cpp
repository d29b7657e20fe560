// A deliberately broken command (fixture for dependency_rules_catches_a_direct_save): it writes a scenario
// with saveScenario instead of Document::save.
#include "sandtable/core/io/scenario_file.hpp"

void writeCopy(const sandtable::core::Scenario& scenario)
{
    sandtable::core::io::saveScenario(scenario, "copy.json");
}
