// SPDX-License-Identifier: GPL-3.0-or-later
// The whole tool: every noun, GDAL's included (the sandtable-full executable and the tests).
#include "sandtable/cli/context.hpp"

namespace sandtable::cli {

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err)
{
    // The order of `sandtable --help`.
    static constexpr Noun kNouns[] = {{"scenario", registerScenarioCommands}, {"raster", registerRasterCommands},
        {"map", registerMapCommands}, {"grid", registerGridCommands}, {"terrain", registerTerrainCommands},
        {"reference", registerReferenceCommands},
        {"catalogue", registerCatalogueCommands}, {"demo", registerDemoCommand}, {"oob", registerOobCommands},
        {"cards", registerCardsCommands}};
    return run(argc, argv, out, err, kNouns);
}

} // namespace sandtable::cli
