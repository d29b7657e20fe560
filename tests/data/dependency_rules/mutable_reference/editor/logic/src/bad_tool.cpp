// A deliberately broken tool (fixture for dependency_rules_catches_a_mutable_scenario): it takes the
// scenario by mutable reference and could change it in place.
#include "sandtable/core/model/scenario.hpp"

void clearUnits(sandtable::core::Scenario& scenario, const sandtable::core::Scenario& reference)
{
    scenario.units = reference.units;
}
