// A deliberately broken command (fixture for dependency_rules_catches_a_scenario_write): it changes the
// loaded scenario behind the Document's back instead of applying an operation's Edit.
#include "sandtable/core/io/scenario_file.hpp"

void runBad(const std::string& file)
{
    sandtable::core::io::LoadedScenario loaded = sandtable::core::io::loadScenario(file);
    loaded.scenario.campaign->secondary.reset();
}
