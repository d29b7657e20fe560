// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/include/sandtable/importers/terrain_import.hpp against stored extents that lie
// (issue 23 item 7): the working CRS's UTM zone is chosen from the features, not from gpkg_contents.
#include "sandtable/importers/terrain_import.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <gdal.h>
#include <gdal_utils.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using namespace sandtable;

namespace {

/// `geojson` written beside and copied by ogr2ogr's library into the GeoPackage `gpkg` (layer `layer`),
/// with ogr2ogr's `extra` arguments (e.g. -a_srs).
void toGeoPackage(const std::filesystem::path& folder, const std::string& geojson, const std::filesystem::path& gpkg,
    const std::string& layer, std::vector<std::string> extra = {})
{
    GDALAllRegister();
    core::io::writeFileAtomically(folder / "in.geojson", geojson);
    GDALDatasetH source = GDALOpenEx((folder / "in.geojson").c_str(), GDAL_OF_VECTOR, nullptr, nullptr, nullptr);
    BOOST_REQUIRE(source);
    std::vector<std::string> args = {"-f", "GPKG", "-nln", layer};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    GDALVectorTranslateOptions* options = GDALVectorTranslateOptionsNew(argv.data(), nullptr);
    BOOST_REQUIRE(options);
    int usage = 0;
    GDALDatasetH out = GDALVectorTranslate(gpkg.c_str(), nullptr, 1, &source, options, &usage);
    GDALVectorTranslateOptionsFree(options);
    GDALClose(source);
    BOOST_REQUIRE(out);
    GDALClose(out);
}

/// `geojson` as the GeoPackage t.gpkg (layer "terrain"), its stored extent in gpkg_contents then
/// overwritten by `extentSql` (e.g. "0, 0, 0, 0").
void writeGpkgWithStoredExtent(const std::filesystem::path& folder, const std::string& geojson, const std::string& extentSql)
{
    toGeoPackage(folder, geojson, folder / "t.gpkg", "terrain");
    GDALDatasetH db = GDALOpenEx((folder / "t.gpkg").c_str(), GDAL_OF_VECTOR | GDAL_OF_UPDATE, nullptr, nullptr, nullptr);
    BOOST_REQUIRE(db);
    const auto [minX, minY, maxX, maxY] = [&] {
        std::array<std::string, 4> v;
        std::size_t at = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            const std::size_t comma = extentSql.find(',', at);
            v[i] = extentSql.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
            at = comma + 1;
        }
        return v;
    }();
    const std::string sql = "UPDATE gpkg_contents SET min_x = " + minX + ", min_y = " + minY + ", max_x = " + maxX
        + ", max_y = " + maxY + " WHERE table_name = 'terrain'";
    GDALDatasetReleaseResultSet(db, GDALDatasetExecuteSQL(db, sql.c_str(), nullptr, nullptr));
    GDALClose(db);
}

} // namespace

BOOST_AUTO_TEST_SUITE(importers_terrain_import)

BOOST_AUTO_TEST_CASE(an_all_zero_stored_extent_does_not_choose_the_utm_zone)
{
    // A wood at Gettysburg (77.23 W, 39.83 N: UTM zone 18 north); the stored extent says (0, 0), which is
    // zone 31 north (0 to 6 E).
    test::TemporaryFolder folder;
    writeGpkgWithStoredExtent(folder.path(), R"({"type": "FeatureCollection", "features": [{"type": "Feature",
        "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[-77.235, 39.830], [-77.230, 39.830],
        [-77.230, 39.834], [-77.235, 39.834], [-77.235, 39.830]]]}}]})", "0, 0, 0, 0");
    core::Scenario s;
    s.settings.id = "t";
    importers::TerrainImportOptions options;
    options.fixedClass = "woods";
    const importers::TerrainImportResult r = importers::importTerrain(s, folder / "t.gpkg", options);
    BOOST_TEST(r.crs == "EPSG:32618");
    BOOST_TEST(r.imported == 1u);
}

BOOST_AUTO_TEST_CASE(an_empty_layer_with_an_infinite_stored_extent_is_named_not_nan)
{
    test::TemporaryFolder folder;
    writeGpkgWithStoredExtent(folder.path(), R"({"type": "FeatureCollection", "features": [{"type": "Feature",
        "properties": {}, "geometry": {"type": "Point", "coordinates": [-77.23, 39.83]}}]})", "-9e999, -9e999, 9e999, 9e999");
    // Emptied after the copy: the layer keeps its CRS and its (infinite) stored extent.
    GDALDatasetH db = GDALOpenEx((folder / "t.gpkg").c_str(), GDAL_OF_VECTOR | GDAL_OF_UPDATE, nullptr, nullptr, nullptr);
    BOOST_REQUIRE(db);
    GDALDatasetReleaseResultSet(db, GDALDatasetExecuteSQL(db, "DELETE FROM terrain", nullptr, nullptr));
    GDALClose(db);
    core::Scenario s;
    s.settings.id = "t";
    importers::TerrainImportOptions options;
    options.fixedClass = "woods";
    try {
        importers::importTerrain(s, folder / "t.gpkg", options);
        BOOST_FAIL("expected an error");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "layer 'terrain'");
        BOOST_TEST(std::string(e.what()).find("has no features") != std::string::npos, e.what());
        BOOST_TEST(std::string(e.what()).find("nan") == std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(an_old_datum_without_a_shift_to_wgs84_is_warned_about)
{
    // Issue 23 item 7: Gauss-Kruger zone 3 as a PROJ string on the Bessel ellipsoid, without +towgs84: PROJ
    // cannot apply DHDN's shift (about 100 m here), so the import warns, naming the CRS and the way out.
    test::TemporaryFolder folder;
    toGeoPackage(folder.path(), R"({"type": "FeatureCollection", "features": [{"type": "Feature",
        "properties": {}, "geometry": {"type": "Point", "coordinates": [3500000, 5680000]}}]})", folder / "gk.gpkg",
        "villages", {"-a_srs", "+proj=tmerc +lat_0=0 +lon_0=9 +k=1 +x_0=3500000 +y_0=0 +ellps=bessel +units=m +no_defs"});
    core::Scenario s;
    s.settings.id = "t";
    s.settings.crs = "EPSG:32632";
    importers::TerrainImportOptions import;
    import.fixedClass = "ford";
    const importers::TerrainImportResult r = importers::importTerrain(s, folder / "gk.gpkg", import);
    BOOST_TEST(r.imported == 1u);
    const auto warned = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
        [](const core::validation::Diagnostic& d) { return d.code == "import.crs.datum"; });
    BOOST_REQUIRE(warned != r.diagnostics.end());
    BOOST_TEST(warned->message.find("Bessel 1841") != std::string::npos, warned->message);
    BOOST_TEST(warned->message.find("about 100 m") != std::string::npos, warned->message);
    // With its EPSG code (DHDN / 3-degree Gauss-Kruger zone 3, which knows its shift): no warning.
    core::io::writeFileAtomically(folder / "epsg.geojson", R"({"type": "FeatureCollection", "crs": {"type": "name",
        "properties": {"name": "urn:ogc:def:crs:EPSG::31467"}}, "features": [{"type": "Feature", "properties": {},
        "geometry": {"type": "Point", "coordinates": [3500000, 5680000]}}]})");
    const importers::TerrainImportResult known = importers::importTerrain(s, folder / "epsg.geojson", import);
    BOOST_TEST(std::none_of(known.diagnostics.begin(), known.diagnostics.end(),
        [](const core::validation::Diagnostic& d) { return d.code == "import.crs.datum"; }));
}

BOOST_AUTO_TEST_SUITE_END()
