// SPDX-License-Identifier: GPL-3.0-or-later
// A fixture for the dependency rules (tests/CMakeLists.txt): an importer that builds its change records by
// hand, with indices, instead of handing the features to core::document::operations::addFeatures.
#include "sandtable/core/document/edit.hpp"

namespace sandtable::importers {

core::document::Edit badImport(const core::Scenario& scenario, core::TerrainFeature feature)
{
    core::document::Edit edit{"Import terrain", {}, {}};
    const std::size_t at = scenario.terrain.size();
    edit.changes.push_back(core::document::EntityChange<core::TerrainFeature>{feature.id.str(), std::nullopt, feature, at, at});
    return edit;
}

} // namespace sandtable::importers
