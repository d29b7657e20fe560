// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain import of GeoJSON through GDAL's /vsimem/ (only the GeoJSON driver stays registered, so the
// target exercises sandtable's import, not every OGR driver): features classed by the "class" field.
#include "fuzz_support.hpp"
#include "sandtable/importers/terrain_import.hpp"

#include <cpl_vsi.h>
#include <gdal.h>

#include <exception>

namespace {
constexpr const char* kPath = "/vsimem/fuzz.geojson";

sandtable::core::Scenario workingScenario()
{
    sandtable::core::Scenario s;
    s.settings.id = "fuzz";
    s.settings.crs = "EPSG:32618";
    return s;
}

void import(const sandtable::core::Scenario& scenario)
{
    sandtable::importers::TerrainImportOptions options;
    options.classField = "class";
    options.valueMap = {{"forest", "woods"}};
    (void)sandtable::importers::importTerrain(scenario, kPath, options);
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    // Let the importer register GDAL once, then keep GeoJSON alone.
    static const char kEmpty[] = R"({"type":"FeatureCollection","features":[]})";
    VSIFCloseL(VSIFileFromMemBuffer(kPath, reinterpret_cast<GByte*>(const_cast<char*>(kEmpty)), sizeof kEmpty - 1, FALSE));
    try {
        import(workingScenario());
    } catch (const std::exception&) {
    }
    VSIUnlink(kPath);
    for (int i = GDALGetDriverCount() - 1; i >= 0; --i) {
        GDALDriverH driver = GDALGetDriver(i);
        if (std::string_view(GDALGetDriverShortName(driver)) != "GeoJSON") {
            GDALDeregisterDriver(driver); // a deregistered driver belongs to the caller
            GDALDestroyDriver(driver);
        }
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const sandtable::core::Scenario scenario = workingScenario();
    static const sandtable::core::Scenario noCrs = [] {
        sandtable::core::Scenario s = workingScenario();
        s.settings.crs.clear();
        return s;
    }();
    VSIFCloseL(VSIFileFromMemBuffer(kPath, const_cast<GByte*>(data), static_cast<vsi_l_offset>(size), FALSE));
    try {
        import(size % 2 ? noCrs : scenario);
    } catch (const std::exception&) {
    }
    VSIUnlink(kPath);
    return 0;
}
