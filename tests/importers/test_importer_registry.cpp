// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable's importers behind the one interface: each real file recognised by its content (whatever its
// name), the wrong kind of file refused with the way out, and runs that give the format reader's result.
#include "sandtable/importers/importer_registry.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <gdal.h>

#include <filesystem>

using namespace sandtable;
using core::io::FileProbe;
using core::io::ImportTarget;
using core::io::Match;

namespace {

const core::io::ImporterRegistry& registry()
{
    return importers::standardImporters();
}

std::string chosen(const std::filesystem::path& file)
{
    return std::string(registry().choose(FileProbe::of(file)).name());
}

/// A `bands`-band GeoTIFF of `type`, 4 x 4 pixels, written with GDAL.
std::filesystem::path tiff(const std::filesystem::path& path, int bands, GDALDataType type)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), path.c_str(), 4, 4, bands, type, nullptr);
    BOOST_REQUIRE(ds);
    GDALClose(ds);
    return path;
}

} // namespace

BOOST_AUTO_TEST_SUITE(importer_registry)

BOOST_AUTO_TEST_CASE(every_importer_is_registered_once_in_a_stable_order)
{
    std::vector<std::string> names;
    for (const auto& i : registry().importers())
        names.emplace_back(i->name());
    BOOST_TEST(names == (std::vector<std::string>{"vector", "dem", "table-battles-csv", "roster", "vassal-module"}));
    core::io::ImporterRegistry again;
    importers::registerImporters(again);
    BOOST_TEST(again.importers().size() == 5u);
    BOOST_CHECK_THROW(importers::registerImporters(again), std::invalid_argument); // no double registration
}

BOOST_AUTO_TEST_CASE(real_files_are_recognised_by_their_content)
{
    BOOST_TEST(chosen(test::sharedData("vector/melun_osm_fixture.osm.pbf")) == "vector");
    BOOST_TEST(chosen(test::sharedData("vector/CLC2006_2018418_invalid.geojson")) == "vector");
    BOOST_TEST(chosen(test::sharedData("maps/gettysburg_dem_terrarium_z14")) == "dem"); // a folder of t_Z_X_Y.png
    BOOST_TEST(chosen(test::sharedData("oob/acw_battle_data/nps_units.csv")) == "roster");   // a "type" column
    BOOST_TEST(chosen(test::sharedData("oob/waterloo_vle/vle-units-french.json")) == "roster"); // objects with "type"
    BOOST_TEST(chosen(test::sourceDir() / "examples/table-battles/fontenoy-cards.csv") == "table-battles-csv");
    // A scan is no terrain: a one-band Byte TIFF is not a DEM, and no importer reads a JPEG.
    BOOST_TEST((registry().find("dem")->identify(FileProbe::of(test::sharedData("rasters/byte.tif"))) == Match::No));
    BOOST_CHECK_THROW(registry().choose(ImportTarget::Terrain, FileProbe::of(test::sharedData("rasters/byte.tif"))), core::util::FormatError);
    BOOST_CHECK_THROW(chosen(test::sharedData("maps/gettysburg_positions_map_july1-3_1863.jpg")), core::util::FormatError);
}

BOOST_AUTO_TEST_CASE(content_not_the_name_decides)
{
    test::TemporaryFolder folder;
    // The CORINE GeoJSON saved as .txt is still a vector file; the card sheet saved as .txt still cards.
    const auto geojson = folder / "landcover.txt";
    std::filesystem::copy_file(test::sharedData("vector/CLC2006_2018418_invalid.geojson"), geojson);
    BOOST_TEST(chosen(geojson) == "vector");
    const auto cards = folder / "cards.txt";
    std::filesystem::copy_file(test::sourceDir() / "examples/table-battles/fontenoy-cards.csv", cards);
    BOOST_TEST(chosen(cards) == "table-battles-csv");
    // Heights (one band of Float32 or Int16) are a DEM; three bands of Byte are a scan.
    BOOST_TEST(chosen(tiff(folder / "heights.tif", 1, GDT_Float32)) == "dem");
    BOOST_TEST(chosen(tiff(folder / "srtm.tif", 1, GDT_Int16)) == "dem");
    BOOST_CHECK_THROW(chosen(tiff(folder / "scan.tif", 3, GDT_Byte)), core::util::FormatError);
    // A card sheet given to `oob import` names the command that reads it.
    try {
        registry().choose(ImportTarget::OrderOfBattle, FileProbe::of(test::sourceDir() / "examples/table-battles/fontenoy-cards.csv"));
        BOOST_FAIL("a card sheet was taken as a roster");
    } catch (const core::util::FormatError& e) {
        BOOST_TEST(std::string(e.what()).find("cards import") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(a_roster_run_through_the_registry_adds_its_units_in_one_edit)
{
    test::TemporaryFolder folder;
    const auto csv = folder / "roster.csv";
    core::io::writeFileAtomically(csv, "id,name,type,formation,side\n"
                                   "g1,1st Blue Foot,infantry,blue-2,blue\n"
                                   "g2,Blue Horse,cavalry,blue-2,blue\n");
    const core::io::Importer& roster = registry().choose(ImportTarget::OrderOfBattle, FileProbe::of(csv));
    BOOST_TEST(roster.name() == "roster");
    const core::Scenario start = test::smallScenario();
    core::io::ImportResult r = roster.run(start, {csv, {}, {}});
    // By hand: two rows, one new formation (blue-2) on the fixture's side blue, no new side.
    BOOST_TEST(r.imported == 2u);
    BOOST_TEST(r.counts.at("formations_created") == 1u);
    BOOST_TEST(r.counts.at("sides_created") == 0u);
    BOOST_TEST(r.details.at("format") == "csv");
    core::document::Document document(start);
    document.apply(std::move(r.edit));
    BOOST_TEST(document.scenario().units.size() == start.units.size() + 2);
    document.undo();
    BOOST_TEST(document.scenario().units.size() == start.units.size());
    // A setting of another importer is refused by name.
    try {
        roster.run(start, {csv, {{"levels", "10"}}, {}});
        BOOST_FAIL("--levels was taken by the roster importer");
    } catch (const core::util::OperationError& e) {
        BOOST_TEST(e.object() == "--levels");
    }
}

BOOST_AUTO_TEST_CASE(a_vector_run_needs_a_way_to_class_its_features)
{
    const core::io::Importer& vector = *registry().find("vector");
    const auto clc = test::sharedData("vector/CLC2006_2018418_invalid.geojson");
    BOOST_CHECK_THROW(vector.run(test::smallScenario(), {clc, {}, {}}), core::util::OperationError);
    BOOST_CHECK_THROW(vector.run(test::smallScenario(), {clc, {{"class", "woods"}, {"class-from", "code"}}, {}}), core::util::OperationError);
    BOOST_CHECK_THROW(vector.run(test::smallScenario(), {clc, {{"rule", "a=b:woods"}}, {}}), core::util::OperationError);
}

BOOST_AUTO_TEST_SUITE_END()
