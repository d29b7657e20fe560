// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of importers/src/dem/dem_hills.cpp: a synthetic ridge DEM with hand-computed hill area and ridgeline,
// and the Gettysburg Terrarium tiles giving Big and Little Round Top, Cemetery Ridge and Culp's Hill.
#include "sandtable/importers/dem_hills.hpp"

#include "sandtable/core/document/edit.hpp"
#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/crs.hpp"
#include "support/geometry_checks.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <gdal.h>
#include <ogr_srs_api.h>
#include <cpl_conv.h>

#include <cmath>
#include <functional>

using namespace sandtable;

namespace {

core::Scenario utm18()
{
    core::Scenario s;
    s.settings.crs = "EPSG:32618";
    return s;
}

// A Float32 GeoTIFF in EPSG:32618 with 1 m cells, origin (x0, y0) at its top-left corner.
void writeDem(const std::filesystem::path& path, int width, int height, double x0, double y0,
    const std::function<float(double x, double y)>& z)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), path.string().c_str(), width, height, 1, GDT_Float32, nullptr);
    BOOST_REQUIRE(ds);
    double gt[6] = {x0, 1.0, 0.0, y0, 0.0, -1.0};
    GDALSetGeoTransform(ds, gt);
    OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
    OSRImportFromEPSG(srs, 32618);
    char* wkt = nullptr;
    OSRExportToWkt(srs, &wkt);
    GDALSetProjection(ds, wkt);
    CPLFree(wkt);
    OSRDestroySpatialReference(srs);
    std::vector<float> values(static_cast<std::size_t>(width * height));
    for (int r = 0; r < height; ++r)
        for (int c = 0; c < width; ++c)
            values[static_cast<std::size_t>(r * width + c)] = z(x0 + c + 0.5, y0 - r - 0.5);
    BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, 0, width, height, values.data(), width, height,
                      GDT_Float32, 0, 0)
        == CE_None);
    GDALClose(ds);
}

std::vector<core::TerrainFeature> created(const core::document::Edit& edit)
{
    std::vector<core::TerrainFeature> out;
    for (const auto& change : edit.changes)
        if (const auto* e = std::get_if<core::document::EntityChange<core::TerrainFeature>>(&change))
            if (e->after)
                out.push_back(*e->after);
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(dem_hills)

BOOST_AUTO_TEST_CASE(a_synthetic_ridge_gives_a_diamond_hill_with_its_crest_as_ridgeline)
{
    sandtable::test::TemporaryFolder folder;
    // z = 100 - |y| - |x| / 10 around (300500, 4400050): the ground at or above 90 m is the diamond
    // |y| + |x| / 10 <= 10, half-diagonals 100 m (x) and 10 m (y): area = 2 x 100 x 10 = 2000 m2.
    // At or above 95 m: half-diagonals 50 and 5: 500 m2. The crest is the line y = 0.
    const double cx = 300500.0, cy = 4400050.0;
    writeDem(folder / "ridge.tif", 400, 100, cx - 200.0, cy + 50.0,
        [&](double x, double y) { return static_cast<float>(100.0 - std::abs(y - cy) - std::abs(x - cx) / 10.0); });
    importers::DemHillsOptions options;
    options.levels = {90.0, 95.0};
    double lastFraction = -1.0;
    bool monotonic = true;
    const auto result = importers::hillsFromDem(utm18(), folder / "ridge.tif", options, [&](double f, std::string_view) {
        monotonic = monotonic && f >= lastFraction;
        lastFraction = f;
        return true;
    });
    BOOST_TEST(monotonic);
    BOOST_TEST(lastFraction == 1.0);
    BOOST_REQUIRE(result.hills.size() == 2u);
    BOOST_TEST(result.crs == "EPSG:32618");
    const auto features = created(result.edit);
    BOOST_REQUIRE(features.size() == 2u);
    BOOST_TEST(features[0].terrainClass == "hill");
    BOOST_TEST(features[0].attributes.at("level").asInteger() == 1);
    BOOST_TEST(features[1].attributes.at("level").asInteger() == 2);
    // Contours are interpolated between 1 m cell centres: allow 2% of the area.
    BOOST_TEST(core::geometry::area(features[0].geometry) == 2000.0, boost::test_tools::tolerance(0.02));
    BOOST_TEST(core::geometry::area(features[1].geometry) == 500.0, boost::test_tools::tolerance(0.03));
    BOOST_TEST(result.hills[0].summit == 99.45, boost::test_tools::tolerance(0.01)); // cell centre at |y| = 0.5, x = 0.5
    // The ridgeline runs along y = cy (within a cell) and spans most of the 200 m long hill.
    const auto& ridge = features[0].attributes.at("ridgeline").asObject();
    BOOST_TEST(ridge.at("type").asString() == "LineString");
    double minX = 1e18, maxX = -1e18;
    for (const auto& c : ridge.at("coordinates").asArray()) {
        BOOST_TEST(std::abs(c.asArray()[1].asNumber() - cy) <= 1.0);
        minX = std::min(minX, c.asArray()[0].asNumber());
        maxX = std::max(maxX, c.asArray()[0].asNumber());
    }
    BOOST_TEST(maxX - minX >= 150.0);
    // Level 2 nests inside level 1 (docs/model.md): no hill_level warning on the result.
    core::Scenario s = utm18();
    core::document::applyEdit(s, result.edit);
    for (const auto& d : core::geometry::checkTopology(s))
        BOOST_TEST(d.code != "terrain.topology.hill_level");
}

BOOST_AUTO_TEST_CASE(bad_levels_and_missing_dem_are_clear_errors)
{
    importers::DemHillsOptions options;
    BOOST_CHECK_THROW(importers::hillsFromDem(utm18(), "/nonexistent", options), std::invalid_argument);
    options.levels = {100.0, 90.0};
    BOOST_CHECK_THROW(importers::hillsFromDem(utm18(), "/nonexistent", options), std::invalid_argument);
    options.levels = {100.0};
    BOOST_CHECK_THROW(importers::hillsFromDem(utm18(), "/nonexistent/dem", options), core::util::IoError);
    sandtable::test::TemporaryFolder folder;
    BOOST_CHECK_THROW(importers::hillsFromDem(utm18(), folder.path(), options), core::util::FormatError);
}

BOOST_AUTO_TEST_CASE(gettysburg_tiles_give_the_round_tops_cemetery_ridge_and_culps_hill)
{
    const auto dem = sandtable::test::sharedData("maps/gettysburg_dem_terrarium_z14");
    importers::DemHillsOptions options;
    // Heights from public knowledge: the Plum Run valley and the fields west of Cemetery Ridge lie at about
    // 165-170 m; Cemetery Ridge ~177 m (580 ft), Culp's Hill ~189 m (620 ft), Little Round Top ~198 m
    // (650 ft), Big Round Top ~239 m (785 ft).
    options.levels = {172.0, 185.0, 195.0, 225.0};
    options.simplify = 5.0;
    options.minArea = 5000.0;
    std::size_t reports = 0;
    const auto result = importers::hillsFromDem(utm18(), dem, options, [&](double, std::string_view) {
        ++reports;
        return true;
    });
    BOOST_TEST(reports >= 5u);
    const auto features = created(result.edit);
    BOOST_REQUIRE(!features.empty());
    // Summits (WGS 84, public knowledge: Little Round Top 39.7922 N 77.2361 W; Big Round Top 39.7864 N
    // 77.2392 W; Culp's Hill by its observation tower, 39.8199 N 77.2199 W; Cemetery Ridge at the Angle,
    // 39.8126 N 77.2355 W) projected to UTM 18N.
    const auto points = geo::transformPoints("EPSG:4326", "EPSG:32618",
        {{-77.2361, 39.7922}, {-77.2392, 39.7864}, {-77.2355, 39.8126}, {-77.2199, 39.8199}});
    const auto highestLevelAt = [&](core::Coordinate p, const core::TerrainFeature** hill) {
        int best = 0;
        for (const auto& f : features)
            if (test::evenOddContains(f.geometry, p) && f.attributes.at("level").asInteger() > best) {
                best = f.attributes.at("level").asInteger();
                *hill = &f;
            }
        return best;
    };
    const core::TerrainFeature* lrt = nullptr;
    const core::TerrainFeature* brt = nullptr;
    const core::TerrainFeature* ridge = nullptr;
    const core::TerrainFeature* culps = nullptr;
    BOOST_TEST(highestLevelAt(points[0], &lrt) == 3);   // Little Round Top: 195 <= ~198 < 225
    BOOST_TEST(highestLevelAt(points[1], &brt) == 4);   // Big Round Top: >= 225
    BOOST_TEST(highestLevelAt(points[2], &ridge) >= 1); // Cemetery Ridge at the Angle
    BOOST_TEST(highestLevelAt(points[3], &culps) >= 2); // Culp's Hill: >= 185
    BOOST_REQUIRE(lrt && brt && ridge && culps);
    // Little and Big Round Top are separate summits: at level 3 they are two hills.
    const core::TerrainFeature* brtLevel3 = nullptr;
    for (const auto& f : features)
        if (f.attributes.at("level").asInteger() == 3 && test::evenOddContains(f.geometry, points[1]))
            brtLevel3 = &f;
    BOOST_REQUIRE(brtLevel3);
    BOOST_TEST(brtLevel3->id.str() != lrt->id.str());
    // Every hill has a ridgeline, and the hills nest by level.
    for (const auto& f : features)
        BOOST_TEST(f.attributes.at("ridgeline").asObject().at("coordinates").asArray().size() >= 2u);
    core::Scenario s = utm18();
    core::document::applyEdit(s, result.edit);
    for (const auto& d : core::geometry::checkTopology(s))
        BOOST_TEST(d.code != "terrain.topology.hill_level", d.message);
}

BOOST_AUTO_TEST_SUITE_END()
