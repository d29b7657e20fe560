// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of catalogue/.../catalogue.hpp: export, list, extract, revisions, removal, the GeoPackage
// structure (checked with plain SQLite, GDAL's validator and ogrinfo) and the schema migration.
#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/catalogue/sync.hpp"

#include "catalogue_test_support.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <fstream>
#include <unistd.h>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;
namespace test = sandtable::test;

namespace {

std::string fileBytes(const std::filesystem::path& path) { return core::io::readFile(path); }

/// smallScenario() with a map whose raster is a small file beside the scenario, georeferenced by three GCPs.
core::Scenario scenarioWithMap(const std::filesystem::path& folder, const std::string& rasterBytes)
{
    std::filesystem::create_directories(folder / "maps");
    core::io::writeFileAtomically(folder / "maps" / "scan.png", rasterBytes);
    core::Scenario s = test::smallScenario();
    core::MapSource map;
    map.path = "maps/scan.png";
    map.sha256 = core::util::sha256Hex(rasterBytes);
    map.width = 400;
    map.height = 300;
    core::Georeference g;
    g.gcpCrs = "EPSG:4326";
    g.gcps = {core::Gcp{1, 0.0, 0.0, -77.3, 39.9, true}, core::Gcp{2, 400.0, 0.0, -77.2, 39.9, true},
        core::Gcp{3, 0.0, 300.0, -77.3, 39.8, true}};
    g.method = core::GeoreferenceMethod::Affine;
    g.crs = "EPSG:32618";
    g.transform = {300000.0, 2.5, 0.0, 4401000.0, 0.0, -2.5};
    g.rmsMap = 1.5;
    g.rmsPixels = 0.75;
    map.georeference = g;
    s.map = map;
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(catalogue_export)

BOOST_AUTO_TEST_CASE(exported_scenario_is_listed_with_its_id_title_and_system)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "small.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    const catalogue::ExportResult r = db.exportScenario(folder / "small.json");
    BOOST_TEST(r.id == "test-small");
    BOOST_TEST(r.revision == 1);
    const auto packages = db.list();
    BOOST_TEST_REQUIRE(packages.size() == 1u);
    BOOST_TEST(packages[0].id == "test-small");
    BOOST_TEST(packages[0].title == "Small test");
    BOOST_TEST(packages[0].system == "pub-battles");
    BOOST_TEST(packages[0].revision == 1);
    BOOST_TEST(packages[0].revisionCount == 1);
}

BOOST_AUTO_TEST_CASE(extract_gives_back_the_exported_bytes_with_paths_untouched)
{
    test::TemporaryFolder folder;
    // Not sandtable's own layout: CRLF line ends and a relative map path must come back exactly.
    std::string bytes = core::io::serializeScenario(scenarioWithMap(folder.path(), "not really a PNG"));
    std::string crlf;
    for (char c : bytes)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    core::io::writeFileAtomically(folder / "odd.json", crlf);
    {
        auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
        db.exportScenario(folder / "odd.json");
    }
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    const auto result = db.extract("test-small", folder / "out" / "extracted.json");
    BOOST_TEST(result.revision == 1);
    BOOST_TEST(fileBytes(folder / "out" / "extracted.json") == crlf);
    BOOST_TEST(fileBytes(folder / "out" / "extracted.json").find("\"maps/scan.png\"") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(folder / "out" / "scan.png"));
}

BOOST_AUTO_TEST_CASE(raster_is_stored_and_extracted_with_the_same_sha256)
{
    test::TemporaryFolder folder;
    const std::string raster = std::string("\x89PNG\r\n\x1a\n", 8) + std::string(3000, '\x07');
    test::writeScenarioFile(scenarioWithMap(folder.path(), raster), folder / "mapped.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    const auto exported = db.exportScenario(folder / "mapped.json");
    BOOST_TEST(exported.rasterStored);
    const auto details = db.show("test-small");
    BOOST_TEST_REQUIRE(details.map.has_value());
    BOOST_TEST(details.map->path == "maps/scan.png");
    BOOST_TEST(details.map->method == "affine");
    BOOST_TEST(details.map->gcpCount == 3);
    BOOST_TEST(*details.map->rmsMap == 1.5);
    BOOST_TEST(*details.map->rmsPixels == 0.75);
    BOOST_TEST(details.map->rasterSize == 3008);
    BOOST_TEST(details.map->rasterSha256 == core::util::sha256Hex(raster));

    catalogue::ExtractOptions options;
    options.rasterDir = folder / "rasters";
    const auto result = db.extract("test-small", folder / "back.json", options);
    BOOST_TEST_REQUIRE(result.raster.has_value());
    BOOST_TEST(*result.raster == folder / "rasters" / "scan.png");
    BOOST_TEST(core::util::sha256File(*result.raster) == core::util::sha256Hex(raster));
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "SELECT group_concat(gcp_id || ':' || map_x, ' ') FROM map_gcps")
        == "1:-77.3 2:-77.2 3:-77.3");
}

BOOST_AUTO_TEST_CASE(raster_whose_sha256_differs_from_the_document_is_not_stored)
{
    test::TemporaryFolder folder;
    core::Scenario s = scenarioWithMap(folder.path(), "original bytes");
    core::io::writeFileAtomically(folder / "maps" / "scan.png", "changed bytes");
    test::writeScenarioFile(s, folder / "mapped.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    const auto exported = db.exportScenario(folder / "mapped.json");
    BOOST_TEST(!exported.rasterStored);
    BOOST_TEST(exported.rasterNote.find("SHA-256") != std::string::npos);
    catalogue::ExtractOptions options;
    options.rasterDir = folder / "rasters";
    BOOST_CHECK_THROW(db.extract("test-small", folder / "back.json", options), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "back.json"));
}

BOOST_AUTO_TEST_CASE(reexport_adds_a_revision_and_keeps_the_older_one_readable)
{
    test::TemporaryFolder folder;
    core::Scenario original = test::smallScenario();
    original.settings.battle = "Test battle";
    original.settings.date = "1863-07-01";
    const std::string first = test::writeScenarioFile(original, folder / "v1.json");
    core::Scenario changed = original;
    changed.settings.title = "Small test, revised"; // retitled, same battle and date: the same scenario
    const std::string second = test::writeScenarioFile(changed, folder / "v2.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    BOOST_TEST(db.exportScenario(folder / "v1.json").revision == 1);
    BOOST_TEST(db.exportScenario(folder / "v2.json").revision == 2);
    const auto packages = db.list();
    BOOST_TEST_REQUIRE(packages.size() == 1u);
    BOOST_TEST(packages[0].revision == 2);
    BOOST_TEST(packages[0].revisionCount == 2);
    BOOST_TEST(packages[0].title == "Small test, revised");
    BOOST_TEST(db.document("test-small") == second);
    BOOST_TEST(db.document("test-small", 1) == first);
    BOOST_TEST((db.show("test-small", 1).revisions == std::vector<int>{1, 2}));
    // Only the newest revision's terrain is flagged latest in the GeoPackage layers (the wood and the stream).
    for (const char* layer : {"terrain_epsg_32618_polygons", "terrain_epsg_32618_lines"})
        BOOST_TEST(test::queryText(folder / "catalogue.gpkg",
                       std::string("SELECT group_concat(revision || '/' || latest, ' ') FROM (SELECT DISTINCT revision, latest FROM ") + layer
                           + " ORDER BY revision)")
            == "1/0 2/1");
}

BOOST_AUTO_TEST_CASE(warnings_are_stored_with_the_package)
{
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.units[2].command.reset(); // red HQ without a command value: a warning (oob.hq.command), not an error
    test::writeScenarioFile(s, folder / "warned.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    const auto r = db.exportScenario(folder / "warned.json");
    BOOST_TEST_REQUIRE(r.warnings.size() == 1u);
    BOOST_TEST(r.warnings[0].code == "oob.hq.command");
    const auto details = db.show("test-small");
    BOOST_TEST_REQUIRE(details.warnings.size() == 1u);
    BOOST_TEST(details.warnings[0].code == "oob.hq.command");
    BOOST_TEST(details.warnings[0].path == "/units/2");
    BOOST_TEST(details.summary.warningCount == 1);
}

BOOST_AUTO_TEST_CASE(invalid_scenario_is_refused_and_the_catalogue_is_left_untouched)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "good.json");
    core::Scenario bad = test::scenarioNamed("test-bad", "Bad");
    bad.units[1].placement->position = core::Coordinate{500000, 4400650}; // off the map: setup.off_map, an error
    test::writeScenarioFile(bad, folder / "bad.json");
    {
        auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
        db.exportScenario(folder / "good.json");
    }
    const std::string before = fileBytes(folder / "catalogue.gpkg");
    {
        auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
        try {
            db.exportScenario(folder / "bad.json");
            BOOST_FAIL("an invalid scenario was exported");
        } catch (const catalogue::ValidationFailed& e) {
            BOOST_TEST(core::validation::countSeverity(e.diagnostics(), core::validation::Severity::Error) == 1u);
            BOOST_TEST(e.diagnostics()[0].code == "setup.off_map");
            BOOST_TEST(std::string(e.what()).find("bad.json") != std::string::npos);
        }
        BOOST_TEST(db.list().size() == 1u);
    }
    BOOST_TEST(fileBytes(folder / "catalogue.gpkg") == before);
    BOOST_TEST(!std::filesystem::exists(folder / "catalogue.gpkg-wal"));
}

BOOST_AUTO_TEST_CASE(invalid_scenario_into_a_new_path_creates_no_file)
{
    test::TemporaryFolder folder;
    core::io::writeFileAtomically(folder / "bad.json", R"({"format": "sandtable-scenario", "version": 1, "id": "x", "title": "t", "system": "chess", "crs": ""})");
    auto db = catalogue::Catalogue::open(folder / "new.gpkg");
    BOOST_CHECK_THROW(db.exportScenario(folder / "bad.json"), catalogue::ValidationFailed);
    BOOST_TEST(!std::filesystem::exists(folder / "new.gpkg"));
}

BOOST_AUTO_TEST_CASE(remove_drops_every_revision_or_one)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    test::writeScenarioFile(test::scenarioNamed("other", "Other"), folder / "b.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    db.exportScenario(folder / "a.json");
    db.exportScenario(folder / "a.json");
    db.exportScenario(folder / "b.json");
    BOOST_TEST(db.remove("test-small", 2) == 1);
    // Revision 1 is the newest again: listed and searchable.
    auto packages = db.list();
    BOOST_TEST_REQUIRE(packages.size() == 2u);
    BOOST_TEST(packages[1].id == "test-small");
    BOOST_TEST(packages[1].revision == 1);
    BOOST_TEST(db.search(test::words("small")).size() == 1u);
    BOOST_TEST(db.remove("test-small") == 1);
    BOOST_TEST(db.list().size() == 1u);
    BOOST_CHECK_THROW(db.remove("test-small"), core::util::OperationError);
    BOOST_CHECK_THROW(db.document("test-small"), core::util::OperationError);
    // Its terrain left the layers; the other package's wood and stream stay.
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "SELECT count(*) FROM terrain_epsg_32618_polygons") == "1");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "SELECT count(*) FROM terrain_epsg_32618_lines") == "1");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "SELECT count(*) FROM units") == "3");
}

BOOST_AUTO_TEST_CASE(unknown_id_is_an_operation_error)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    auto db = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    db.exportScenario(folder / "a.json");
    BOOST_CHECK_THROW(db.show("nope"), core::util::OperationError);
    BOOST_CHECK_THROW(db.show("test-small", 7), core::util::OperationError);
    BOOST_CHECK_THROW(db.extract("nope", folder / "x.json"), core::util::OperationError);
    BOOST_TEST(!std::filesystem::exists(folder / "x.json"));
}

BOOST_AUTO_TEST_CASE(reading_a_missing_catalogue_is_an_io_error)
{
    test::TemporaryFolder folder;
    auto db = catalogue::Catalogue::open(folder / "absent.gpkg");
    BOOST_CHECK_THROW(db.list(), core::util::IoError);
    BOOST_TEST(!std::filesystem::exists(folder / "absent.gpkg"));
    BOOST_TEST(db.schemaVersion() == 0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(catalogue_identity)

namespace {

/// The small scenario as a dated battle, and the catalogue it was exported into.
struct IdentityFixture {
    test::TemporaryFolder folder;
    std::filesystem::path db = folder / "c.gpkg";
    catalogue::Catalogue catalogue = catalogue::Catalogue::open(db);
    std::string firstBytes;

    IdentityFixture()
    {
        firstBytes = test::writeScenarioFile(base(), folder / "first.json");
        catalogue.exportScenario(folder / "first.json");
    }
    static core::Scenario base()
    {
        core::Scenario s = test::smallScenario();
        s.settings.battle = "Test battle";
        s.settings.date = "1863-07-01";
        return s;
    }
    std::filesystem::path write(const core::Scenario& s, const std::string& name)
    {
        test::writeScenarioFile(s, folder / name);
        return folder / name;
    }
    std::string refusal(const std::filesystem::path& file, const catalogue::ExportOptions& options = {})
    {
        try {
            catalogue.exportScenario(file, options);
        } catch (const catalogue::NotARevision& e) {
            return e.what();
        }
        return "(exported)";
    }
    /// The catalogue is as the first export left it.
    void unchanged()
    {
        BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == "1");
        BOOST_TEST(catalogue.document("test-small") == firstBytes);
        BOOST_TEST(catalogue.list().at(0).system == "pub-battles");
        BOOST_TEST(test::queryText(db, "SELECT count(*) FROM terrain_epsg_32618_polygons") == "1");
    }
};

} // namespace

BOOST_FIXTURE_TEST_CASE(a_document_of_another_system_under_the_same_id_is_refused_and_changes_nothing, IdentityFixture)
{
    core::Scenario other = base();
    other.settings.system = core::GameSystem::TableBattles;
    const auto file = write(other, "other.json");
    const std::string what = refusal(file);
    BOOST_TEST(what.find(db.string() + ": test-small: not a revision of the package already stored under this id") == 0, what);
    BOOST_TEST(what.find("is 'Small test' (pub-battles, battle 'Test battle', 1863-07-01), this document is 'Small test' (table-battles") != std::string::npos, what);
    BOOST_TEST(what.find("keeps its game system") != std::string::npos, what);
    BOOST_TEST(what.find("--as-new-id ID") != std::string::npos, what);
    unchanged();
    // Saying it is a revision does not change its system.
    catalogue::ExportOptions revision;
    revision.asRevision = true;
    BOOST_TEST(refusal(file, revision).find("keeps its game system") != std::string::npos);
    unchanged();
}

BOOST_FIXTURE_TEST_CASE(an_unrelated_document_with_the_same_id_is_refused_unless_the_designer_says_it_is_a_revision, IdentityFixture)
{
    core::Scenario other = base();
    other.settings.title = "Brandy Station";
    other.settings.battle = "Brandy Station";
    other.settings.date = "1863-06-09";
    const auto file = write(other, "other.json");
    const std::string what = refusal(file);
    BOOST_TEST(what.find("this document is 'Brandy Station' (pub-battles, battle 'Brandy Station', 1863-06-09)") != std::string::npos, what);
    BOOST_TEST(what.find("--as-revision") != std::string::npos, what);
    unchanged();
    catalogue::ExportOptions revision;
    revision.asRevision = true;
    BOOST_TEST(catalogue.exportScenario(file, revision).revision == 2);
    BOOST_TEST(catalogue.list().at(0).title == "Brandy Station");
}

BOOST_FIXTURE_TEST_CASE(a_revision_keeps_its_title_or_its_battle_and_date, IdentityFixture)
{
    core::Scenario redated = base();
    redated.settings.date = "1863-07-02"; // same title
    BOOST_TEST(catalogue.exportScenario(write(redated, "redated.json")).revision == 2);
    core::Scenario retitled = redated;
    retitled.settings.title = "Small test, second day"; // same battle and date as revision 2
    BOOST_TEST(catalogue.exportScenario(write(retitled, "retitled.json")).revision == 3);
    // Both changed at once: not the same scenario any more.
    core::Scenario both = retitled;
    both.settings.title = "Another title";
    both.settings.date = "1863-07-03";
    BOOST_TEST(refusal(write(both, "both.json")).find("a revision keeps its title, or its battle and date") != std::string::npos);
    // Without battle or date, only the title can tell.
    core::Scenario undated = base();
    undated.settings.id = "undated";
    undated.settings.battle.clear();
    undated.settings.date.clear();
    BOOST_TEST(catalogue.exportScenario(write(undated, "undated.json")).revision == 1);
    undated.settings.title = "Renamed";
    BOOST_TEST(refusal(write(undated, "renamed.json")).find("not a revision") != std::string::npos);
}

BOOST_FIXTURE_TEST_CASE(a_colliding_document_is_stored_under_a_new_id_when_asked, IdentityFixture)
{
    core::Scenario other = base();
    other.settings.system = core::GameSystem::TableBattles;
    other.settings.title = "Leuthen";
    const auto file = write(other, "other.json");
    catalogue::ExportOptions asNew;
    asNew.newId = "leuthen-1757";
    const catalogue::ExportResult r = catalogue.exportScenario(file, asNew);
    BOOST_TEST(r.id == "leuthen-1757");
    BOOST_TEST(r.revision == 1);
    const auto packages = catalogue.list();
    BOOST_TEST_REQUIRE(packages.size() == 2u);
    BOOST_TEST(packages[0].id == "leuthen-1757");
    BOOST_TEST(packages[0].system == "table-battles");
    BOOST_TEST(packages[1].id == "test-small");
    BOOST_TEST(packages[1].system == "pub-battles");
    // The document is stored as it was (its own id inside), its terrain under the new id.
    BOOST_TEST(catalogue.document("leuthen-1757") == core::io::readFile(file));
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM terrain_epsg_32618_polygons WHERE scenario_id = 'leuthen-1757'") == "1");
    BOOST_TEST(catalogue.search(test::words("leuthen")).at(0).id == "leuthen-1757");
    // The new id is itself checked: the same document again is its revision 2, another system is refused.
    BOOST_TEST(catalogue.exportScenario(file, asNew).revision == 2);
    catalogue::ExportOptions onto;
    onto.newId = "test-small";
    BOOST_TEST(refusal(file, onto).find("keeps its game system") != std::string::npos);
    // An id the scenario schema would not take is refused before anything is read.
    catalogue::ExportOptions bad;
    bad.newId = "-no good";
    BOOST_CHECK_THROW(catalogue.exportScenario(file, bad), core::util::OperationError);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == "3");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(catalogue_geopackage)

BOOST_AUTO_TEST_CASE(header_has_geopackage_application_id_and_user_version)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue::open(folder / "catalogue.gpkg").exportScenario(folder / "a.json");
    const std::string bytes = fileBytes(folder / "catalogue.gpkg");
    BOOST_TEST_REQUIRE(bytes.size() >= 100u);
    // SQLite header: user_version at offset 60, application_id at 68, both big-endian.
    // GeoPackage 1.3: 10300 = 40 x 256 + 60 = 0x0000283C; 'GPKG' = 0x47 0x50 0x4B 0x47.
    BOOST_TEST(bytes.substr(60, 4) == std::string("\x00\x00\x28\x3c", 4));
    BOOST_TEST(bytes.substr(68, 4) == "GPKG");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "PRAGMA application_id") == "1196444487");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "PRAGMA user_version") == "10300");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "PRAGMA journal_mode") == "wal");
    BOOST_TEST(test::queryText(folder / "catalogue.gpkg", "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "3");
    // A catalogue the export creates has 16 KiB pages: the page size is 2 bytes at offset 16, big-endian.
    BOOST_TEST(bytes.substr(16, 2) == std::string("\x40\x00", 2));
}

BOOST_AUTO_TEST_CASE(terrain_is_a_registered_feature_table_with_its_extent_and_crs)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue::open(folder / "catalogue.gpkg").exportScenario(folder / "a.json");
    const auto db = folder / "catalogue.gpkg";
    // One feature table per geometry type present: the wood is a polygon, the stream a line; no point, no table.
    BOOST_TEST(test::queryText(db, "SELECT group_concat(table_name || ' ' || data_type || ' ' || srs_id, ' | ') FROM (SELECT * FROM gpkg_contents "
                                   "WHERE table_name LIKE 'terrain%' ORDER BY table_name)")
        == "terrain_epsg_32618_lines features 32618 | terrain_epsg_32618_polygons features 32618");
    // Each table's extent is its own features': the wood spans 300100..300300 E, 4400100..4400200 N, the
    // stream 300000..300500 E at 4400500 N.
    BOOST_TEST(test::queryText(db, "SELECT min_x || ' ' || max_x || ' ' || min_y || ' ' || max_y FROM gpkg_contents "
                                   "WHERE table_name = 'terrain_epsg_32618_polygons'")
        == "300100.0 300300.0 4400100.0 4400200.0");
    BOOST_TEST(test::queryText(db, "SELECT min_x || ' ' || max_x || ' ' || min_y || ' ' || max_y FROM gpkg_contents "
                                   "WHERE table_name = 'terrain_epsg_32618_lines'")
        == "300000.0 300500.0 4400500.0 4400500.0");
    BOOST_TEST(test::queryText(db, "SELECT group_concat(table_name || ' ' || geometry_type_name || ' ' || srs_id || ' ' || z || ' ' || m, ' | ') "
                                   "FROM (SELECT * FROM gpkg_geometry_columns WHERE column_name = 'geom' ORDER BY table_name)")
        == "terrain_epsg_32618_lines MULTILINESTRING 32618 0 0 | terrain_epsg_32618_polygons MULTIPOLYGON 32618 0 0 | "
             "units_epsg_32618 POINT 32618 0 0");
    // The single polygon is stored as a MultiPolygon of one member: after the 40-byte header (flags 0x03:
    // little-endian, [minx, maxx, miny, maxy]), WKB byte order 01, type 6, one member, then the polygon (type 3).
    BOOST_TEST(test::queryText(db, "SELECT hex(substr(geom, 41, 16)) FROM terrain_epsg_32618_polygons") == "01060000000100000001030000000100");
    BOOST_TEST(test::queryText(db, "SELECT hex(substr(geom, 41, 16)) FROM terrain_epsg_32618_lines") == "01050000000100000001020000000200");
    BOOST_TEST(test::queryText(db, "SELECT organization || ':' || organization_coordsys_id FROM gpkg_spatial_ref_sys WHERE srs_id = 32618")
        == "EPSG:32618");
    BOOST_TEST(test::queryText(db, "SELECT group_concat(feature_id || '=' || class || '@' || ordinal, ' ') FROM (SELECT * FROM "
                                   "terrain_epsg_32618_polygons UNION ALL SELECT * FROM terrain_epsg_32618_lines) WHERE scenario_id = 'test-small'")
        == "woods-1=woods@0 stream-1=stream@1");
    // GeoPackage's mandatory rows.
    BOOST_TEST(test::queryText(db, "SELECT group_concat(srs_id, ' ') FROM (SELECT srs_id FROM gpkg_spatial_ref_sys WHERE srs_id IN (-1, 0, 4326) ORDER BY srs_id)")
        == "-1 0 4326");
    // Order of battle tables with their foreign keys.
    BOOST_TEST(test::queryText(db, "SELECT group_concat(u.name || '@' || f.name || '@' || s.name, ' | ') FROM units u "
                                   "JOIN formations f ON f.fid = u.formation_fid JOIN sides s ON s.fid = f.side_fid")
        == "I Corps HQ@I Corps@Blue | 1st Division@I Corps@Blue | First Corps HQ@First Corps@Red");
    BOOST_TEST(test::queryText(db, "PRAGMA foreign_key_check") == "");
}

BOOST_AUTO_TEST_CASE(gdal_validator_accepts_a_catalogue_with_several_packages)
{
    test::requireValidator();
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    test::writeScenarioFile(scenarioWithMap(folder.path(), "raster bytes"), folder / "mapped.json");
    core::Scenario local = test::scenarioNamed("kriegsspiel", "Local frame");
    local.settings.crs = "LOCAL:kriegsspiel";
    test::writeScenarioFile(local, folder / "local.json");
    core::Scenario south = test::scenarioNamed("south", "Southern hemisphere");
    south.settings.crs = "EPSG:32733";
    test::writeScenarioFile(south, folder / "south.json");
    {
        auto db = catalogue::Catalogue::open(folder / "several.gpkg");
        db.exportScenario(folder / "a.json");
        db.exportScenario(folder / "mapped.json");
        db.exportScenario(folder / "local.json");
        db.exportScenario(folder / "south.json");
        db.remove("test-small", 1);
    }
    const auto result = test::runCommand("/usr/bin/python3 " + test::kValidateGpkg.string() + " -k " + (folder / "several.gpkg").string());
    BOOST_TEST(result.exitCode == 0, "validate_gpkg.py: " << result.output);
    BOOST_TEST(result.output == "");
}

namespace {

/// The small scenario named "east", its terrain 1000 m east of test::smallScenario()'s.
core::Scenario eastScenario()
{
    core::Scenario east = test::scenarioNamed("east", "East");
    for (auto& f : east.terrain)
        for (auto& part : f.geometry.parts)
            for (auto& ring : part)
                for (auto& c : ring)
                    c.x += 1000.0;
    return east;
}

} // namespace

BOOST_AUTO_TEST_CASE(layer_extents_follow_the_features_and_are_null_for_an_empty_layer)
{
    test::TemporaryFolder folder;
    const core::Scenario east = eastScenario();
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    test::writeScenarioFile(east, folder / "east.json");
    const auto db = folder / "c.gpkg";
    auto c = catalogue::Catalogue::open(db);
    c.exportScenario(folder / "a.json");
    c.exportScenario(folder / "east.json");
    const auto extent = [&](const char* table) {
        return test::queryText(db, std::string("SELECT coalesce(min_x, 'NULL') || ' ' || coalesce(max_x, 'NULL') || ' ' || coalesce(min_y, 'NULL') "
                                               "|| ' ' || coalesce(max_y, 'NULL') FROM gpkg_contents WHERE table_name = '") + table + "'");
    };
    // The woods 300100..300300 and 301100..301300 E; the streams 300000..300500 and 301000..301500 E.
    BOOST_TEST(extent("terrain_epsg_32618_polygons") == "300100.0 301300.0 4400100.0 4400200.0");
    BOOST_TEST(extent("terrain_epsg_32618_lines") == "300000.0 301500.0 4400500.0 4400500.0");
    c.remove("test-small");
    BOOST_TEST(extent("terrain_epsg_32618_polygons") == "301100.0 301300.0 4400100.0 4400200.0");
    c.remove("east");
    BOOST_TEST(extent("terrain_epsg_32618_polygons") == "NULL NULL NULL NULL");
    BOOST_TEST(extent("terrain_epsg_32618_lines") == "NULL NULL NULL NULL");
}

// Issue 43 item 5: a stored extent that says nothing, as another tool leaves it (+-Inf, all zeros), is worked out
// again from every feature of the table at the next export, not merged into (-inf, -inf, inf, inf) or an extent
// starting at (0, 0), nor replaced by the new package's alone (the table still holds the first package's features).
BOOST_AUTO_TEST_CASE(a_stored_extent_of_infinities_or_zeros_is_replaced_not_merged)
{
    test::TemporaryFolder folder;
    const core::Scenario east = eastScenario();
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    test::writeScenarioFile(east, folder / "east.json");
    const auto db = folder / "c.gpkg";
    catalogue::Catalogue::open(db).exportScenario(folder / "a.json");
    sqlite3* handle = nullptr;
    BOOST_TEST_REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
    BOOST_TEST_REQUIRE(sqlite3_exec(handle,
                           "UPDATE gpkg_contents SET min_x = -9e999, min_y = -9e999, max_x = 9e999, max_y = 9e999 "
                           "WHERE table_name = 'terrain_epsg_32618_polygons';"
                           "UPDATE gpkg_contents SET min_x = 0, min_y = 0, max_x = 0, max_y = 0 WHERE table_name = 'terrain_epsg_32618_lines';",
                           nullptr, nullptr, nullptr)
        == SQLITE_OK);
    sqlite3_close(handle);
    BOOST_TEST_REQUIRE(test::queryText(db, "SELECT min_x FROM gpkg_contents WHERE table_name = 'terrain_epsg_32618_polygons'") == "-Inf");
    catalogue::Catalogue::open(db).exportScenario(folder / "east.json");
    const auto extent = [&](const char* table) {
        return test::queryText(db, std::string("SELECT min_x || ' ' || max_x || ' ' || min_y || ' ' || max_y FROM gpkg_contents "
                                               "WHERE table_name = '") + table + "'");
    };
    // The small scenario's wood 300100..300300 E and east's 301100..301300 E, both 4400100..4400200 N; their streams
    // 300000..300500 E and 301000..301500 E at 4400500 N.
    BOOST_TEST(extent("terrain_epsg_32618_polygons") == "300100.0 301300.0 4400100.0 4400200.0");
    BOOST_TEST(extent("terrain_epsg_32618_lines") == "300000.0 301500.0 4400500.0 4400500.0");
}

BOOST_AUTO_TEST_CASE(ogrinfo_lists_a_layer_per_geometry_type_without_a_version_warning)
{
    test::requireOgrTools();
    test::TemporaryFolder folder;
    core::Scenario s = test::smallScenario();
    s.terrain.push_back(core::TerrainFeature{core::FeatureId("ford-1"), "ford", "Test ford",
        core::Geometry::point({300200, 4400500}), core::Attributes()}); // on the stream
    test::writeScenarioFile(s, folder / "a.json");
    catalogue::Catalogue::open(folder / "catalogue.gpkg").exportScenario(folder / "a.json");
    const std::string file = (folder / "catalogue.gpkg").string();
    // GDAL 3.6 warns "may only be partially supported" for GeoPackage 1.4; 1.3 opens silently. Each
    // geometry type is its own layer, so QGIS shows them all.
    const auto layers = test::runCommand("/usr/bin/ogrinfo -ro -q " + file);
    BOOST_TEST(layers.exitCode == 0, layers.output);
    BOOST_TEST(layers.output.find("Warning") == std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("partially supported") == std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("terrain_epsg_32618_points (Multi Point)") != std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("terrain_epsg_32618_lines (Multi Line String)") != std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("terrain_epsg_32618_polygons (Multi Polygon)") != std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("units") != std::string::npos, layers.output);
    const auto wood = test::runCommand("/usr/bin/ogrinfo -ro -q -geom=ISO_WKT " + file + " terrain_epsg_32618_polygons -where \"feature_id = 'woods-1'\"");
    BOOST_TEST(wood.exitCode == 0, wood.output);
    BOOST_TEST(wood.output.find("MULTIPOLYGON (((300100 4400100,300300 4400100,300300 4400200,300100 4400200,300100 4400100)))")
            != std::string::npos,
        wood.output);
    const auto ford = test::runCommand("/usr/bin/ogrinfo -ro -q -geom=ISO_WKT " + file + " terrain_epsg_32618_points");
    BOOST_TEST(ford.output.find("MULTIPOINT ((300200 4400500))") != std::string::npos, ford.output);
    BOOST_TEST(ford.output.find("Test ford") != std::string::npos, ford.output);
    const auto lines = test::runCommand("/usr/bin/ogrinfo -ro -so " + file + " terrain_epsg_32618_lines");
    BOOST_TEST(lines.output.find("UTM zone 18N") != std::string::npos, lines.output);
    BOOST_TEST(lines.output.find("Feature Count: 1") != std::string::npos, lines.output);
    BOOST_TEST(lines.output.find("Extent: (300000.000000, 4400500.000000) - (300500.000000, 4400500.000000)") != std::string::npos, lines.output);
}

// Issue 24: the placed units are a point layer of their CRS with their attributes, so QGIS (through OGR)
// shows them on the terrain; a unit without a placement (the red HQ, in reserve) has no point.
BOOST_AUTO_TEST_CASE(placed_units_are_a_point_layer_ogr_reads)
{
    test::requireOgrTools();
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue c = catalogue::Catalogue::open(folder / "catalogue.gpkg");
    c.exportScenario(folder / "a.json");
    const std::string file = (folder / "catalogue.gpkg").string();
    const auto layers = test::runCommand("/usr/bin/ogrinfo -ro -q " + file);
    BOOST_TEST(layers.output.find("units_epsg_32618 (Point)") != std::string::npos, layers.output);
    const auto summary = test::runCommand("/usr/bin/ogrinfo -ro -so " + file + " units_epsg_32618");
    BOOST_TEST(summary.output.find("UTM zone 18N") != std::string::npos, summary.output);
    BOOST_TEST(summary.output.find("Feature Count: 2") != std::string::npos, summary.output);
    // The two placed blue units: the HQ at (300600, 4400600), the division at (300650, 4400650).
    BOOST_TEST(summary.output.find("Extent: (300600.000000, 4400600.000000) - (300650.000000, 4400650.000000)") != std::string::npos,
        summary.output);
    const auto division = test::runCommand("/usr/bin/ogrinfo -ro -q -geom=ISO_WKT " + file + " units_epsg_32618 -where \"unit_id = 'blue-1-a'\"");
    BOOST_TEST(division.exitCode == 0, division.output);
    BOOST_TEST(division.output.find("POINT (300650 4400650)") != std::string::npos, division.output);
    for (const char* attribute : {"name (String) = 1st Division", "side_id (String) = blue", "formation_id (String) = blue-1",
             "type (String) = infantry", "strength (Integer64) = 4000", "facing (Real) = 90", "latest (Integer(Boolean)) = 1"})
        BOOST_TEST(division.output.find(attribute) != std::string::npos, attribute << "\n" << division.output);

    // A second revision retires the first's points from the "latest" filter; removing it brings them back.
    c.exportScenario(folder / "a.json");
    const auto latest = test::runCommand("/usr/bin/ogrinfo -ro -q " + file + " units_epsg_32618 -where \"latest = 1\"");
    BOOST_TEST(latest.output.find("revision (Integer64) = 2") != std::string::npos, latest.output);
    BOOST_TEST(latest.output.find("revision (Integer64) = 1") == std::string::npos, latest.output);
    c.remove("test-small");
    const auto gone = test::runCommand("/usr/bin/ogrinfo -ro -so " + file + " units_epsg_32618");
    BOOST_TEST(gone.output.find("Feature Count: 0") != std::string::npos, gone.output);
}

BOOST_AUTO_TEST_CASE(export_into_a_geopackage_made_by_gdal_migrates_it_and_keeps_its_layers)
{
    test::requireOgrTools();
    test::TemporaryFolder folder;
    core::io::writeFileAtomically(folder / "points.csv", "id,name,WKT\n1,Cemetery Hill,POINT (300500 4400500)\n");
    const auto made = test::runCommand("/usr/bin/ogr2ogr -f GPKG -a_srs EPSG:32618 " + (folder / "gdal.gpkg").string() + " "
        + (folder / "points.csv").string() + " -nln landmarks");
    BOOST_TEST_REQUIRE(made.exitCode == 0, made.output);
    auto db = catalogue::Catalogue::open(folder / "gdal.gpkg");
    BOOST_TEST(db.schemaVersion() == 0);
    BOOST_TEST(db.list().empty());
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    db.exportScenario(folder / "a.json");
    BOOST_TEST(db.schemaVersion() == 3);
    // Golden list of what migration 1 adds (besides GDAL's own objects, which stay).
    BOOST_TEST(test::queryText(folder / "gdal.gpkg",
                   "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'table' AND name IN "
                   "('sandtable_meta', 'sandtable_layers', 'packages', 'package_documents', 'package_warnings', 'map_sources', "
                   "'map_gcps', 'sides', 'formations', 'units', 'package_search', 'terrain_epsg_32618_polygons', 'landmarks') ORDER BY name)")
        == "formations landmarks map_gcps map_sources package_documents package_search package_warnings packages sandtable_layers "
           "sandtable_meta sides terrain_epsg_32618_polygons units");
    const auto layers = test::runCommand("/usr/bin/ogrinfo -ro -q " + (folder / "gdal.gpkg").string());
    BOOST_TEST(layers.output.find("landmarks") != std::string::npos, layers.output);
    BOOST_TEST(layers.output.find("terrain_epsg_32618_polygons") != std::string::npos, layers.output);
    // GDAL's own GeoPackage keeps the version GDAL wrote (1.2 by GDAL 3.6).
    BOOST_TEST(test::queryText(folder / "gdal.gpkg", "PRAGMA user_version") == "10200");
    // A file made by someone else keeps its page size (GDAL's: SQLite's default of 4 KiB).
    BOOST_TEST(test::queryText(folder / "gdal.gpkg", "PRAGMA page_size") == "4096");
}

BOOST_AUTO_TEST_CASE(a_new_catalogue_gets_every_table_of_schema_version_three)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue::open(folder / "c.gpkg").exportScenario(folder / "a.json");
    // Golden: the tables of schemas/catalogue.v1.sql and v2.sql, GeoPackage's three core tables and the
    // terrain layer (FTS5's shadow tables left out).
    BOOST_TEST(test::queryText(folder / "c.gpkg",
                   "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'table' "
                   "AND name NOT LIKE 'package_search_%' AND name NOT LIKE 'package_title_search_%' ORDER BY name)")
        == "campaign_forces campaign_grids campaign_objectives campaign_overrides campaign_square_cover formations gpkg_contents "
           "gpkg_geometry_columns gpkg_spatial_ref_sys map_gcps map_sources package_documents package_search package_thumbnails "
           "package_title_search package_warnings packages sandtable_layers sandtable_meta setup_arrivals setup_placements "
           "setup_reserves sides tb_armies tb_card_actions tb_formation_cards tb_scenario_cards terrain_epsg_32618_lines "
           "terrain_epsg_32618_polygons units units_epsg_32618");
    BOOST_TEST(test::queryText(folder / "c.gpkg", "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "3");
    BOOST_TEST(test::queryText(folder / "c.gpkg", "SELECT count(*) FROM sqlite_master WHERE type IN ('trigger', 'view')") == "0");
    // Every attribute table is registered with GeoPackage (21 of sandtable's, plus the terrain layer).
    BOOST_TEST(test::queryText(folder / "c.gpkg", "SELECT count(*) FROM gpkg_contents WHERE data_type = 'attributes'") == "21");
}

BOOST_AUTO_TEST_CASE(cards_and_set_ups_of_an_export_go_into_the_version_two_tables)
{
    test::TemporaryFolder folder;
    const auto db = folder / "c.gpkg";
    auto c = catalogue::Catalogue::open(db);
    c.exportScenario(test::sourceDir() / "examples/table-battles/fontenoy.sandtable.json");
    c.exportScenario(test::sourceDir() / "examples/rossbach/rossbach.sandtable.json");
    // fontenoy.sandtable.json: scenario card 51, 12 formation cards with 22 actions; rossbach: 32 units placed.
    BOOST_TEST(test::queryText(db, "SELECT number FROM tb_scenario_cards") == "51");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM tb_formation_cards") == "12");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM tb_card_actions") == "22");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM setup_placements") == "32");
    BOOST_TEST(c.show("fontenoy-1745").tableBattlesCards == 12);
    BOOST_TEST(!c.show("fontenoy-1745").campaignGrid);
    // Re-exporting makes a second set of rows for the new revision; removing it drops them again.
    c.exportScenario(test::sourceDir() / "examples/table-battles/fontenoy.sandtable.json");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM tb_formation_cards") == "24");
    BOOST_TEST(c.remove("fontenoy-1745", 2) == 1);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM tb_formation_cards") == "12");
    BOOST_TEST(test::queryText(db, "PRAGMA foreign_key_check") == "");
}

BOOST_AUTO_TEST_CASE(the_thumbnail_renderer_result_is_stored_and_read_back)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    auto c = catalogue::Catalogue::open(folder / "c.gpkg");
    // The smallest PNG header the library reads: signature, IHDR of 3 x 2 pixels (the rest is not checked).
    const std::string png = std::string("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x03\0\0\0\x02", 24) + "rest";
    catalogue::ExportOptions options;
    std::string seen; // the renderer runs on another thread: checked here, not there
    options.thumbnail = [&](const core::Scenario& s, const std::filesystem::path&) {
        seen = s.settings.id;
        return png;
    };
    BOOST_TEST(c.exportScenario(folder / "a.json", options).thumbnailStored);
    BOOST_TEST(seen == "test-small");
    BOOST_TEST(c.thumbnail("test-small").value_or("") == png);
    const auto size = c.show("test-small").thumbnail;
    BOOST_TEST_REQUIRE(size.has_value());
    BOOST_TEST(size->first == 3);
    BOOST_TEST(size->second == 2);
    // Bytes that are not a PNG are refused: nothing is stored.
    options.thumbnail = [](const core::Scenario&, const std::filesystem::path&) { return std::string("GIF89a not a png at all...."); };
    BOOST_CHECK_THROW(c.exportScenario(folder / "a.json", options), core::util::OperationError);
    BOOST_TEST(c.show("test-small").revisions.size() == 1u);
    // Without a renderer there is no thumbnail.
    c.exportScenario(folder / "a.json");
    BOOST_TEST(!c.thumbnail("test-small").has_value());
    BOOST_TEST(c.thumbnail("test-small", 1).value_or("") == png);
}

BOOST_AUTO_TEST_CASE(a_rule_error_found_while_the_package_is_written_leaves_no_new_file)
{
    // The rules run while the package is being written: their error rolls the transaction back, and
    // the catalogue file this export created goes again (with its journal).
    test::TemporaryFolder folder;
    core::Scenario bad = test::scenarioNamed("test-bad", "Bad");
    bad.units[1].placement->position = core::Coordinate{500000, 4400650}; // off the map: setup.off_map
    test::writeScenarioFile(bad, folder / "bad.json");
    auto db = catalogue::Catalogue::open(folder / "new.gpkg");
    catalogue::ExportOptions options;
    options.thumbnail = [](const core::Scenario&, const std::filesystem::path&) -> std::string {
        throw core::util::OperationError("", "thumbnail", "the renderer failed");
    };
    try {
        db.exportScenario(folder / "bad.json", options);
        BOOST_FAIL("an invalid scenario was exported");
    } catch (const catalogue::ValidationFailed& e) {
        // The rules' error wins over the renderer's.
        BOOST_TEST(e.diagnostics()[0].code == "setup.off_map");
    }
    for (const char* suffix : {"", "-journal", "-wal", "-shm"})
        BOOST_TEST(!std::filesystem::exists(folder / ("new.gpkg" + std::string(suffix))), suffix);
    BOOST_TEST(db.schemaVersion() == 0);
}

BOOST_AUTO_TEST_CASE(a_failing_thumbnail_renderer_refuses_the_export_and_stores_nothing)
{
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    {
        auto db = catalogue::Catalogue::open(folder / "new.gpkg");
        catalogue::ExportOptions options;
        options.thumbnail = [](const core::Scenario&, const std::filesystem::path&) -> std::string {
            throw core::util::OperationError("", "thumbnail", "the renderer failed");
        };
        BOOST_CHECK_THROW(db.exportScenario(folder / "a.json", options), core::util::OperationError);
    }
    BOOST_TEST(!std::filesystem::exists(folder / "new.gpkg"));
    // Into an existing catalogue: it keeps what it had, in WAL mode after its first export.
    auto db = catalogue::Catalogue::open(folder / "c.gpkg");
    db.exportScenario(folder / "a.json");
    BOOST_TEST(test::queryText(folder / "c.gpkg", "PRAGMA journal_mode") == "wal");
    catalogue::ExportOptions options;
    options.thumbnail = [](const core::Scenario&, const std::filesystem::path&) -> std::string {
        throw core::util::OperationError("", "thumbnail", "the renderer failed");
    };
    BOOST_CHECK_THROW(db.exportScenario(folder / "a.json", options), core::util::OperationError);
    BOOST_TEST(db.show("test-small").revisions.size() == 1u);
    BOOST_TEST(test::queryText(folder / "c.gpkg", "SELECT count(*) FROM packages") == "1");
}

BOOST_AUTO_TEST_CASE(a_scenario_the_rules_refuse_is_refused_at_once_while_another_process_writes)
{
    // The rules run while the export asks for the write lock; when another connection holds it, the
    // export awaits the rules before waiting for the lock (60 s), so a refused scenario still returns at
    // once and the other writer's transaction is untouched.
    test::TemporaryFolder folder;
    test::writeScenarioFile(test::smallScenario(), folder / "good.json");
    core::Scenario bad = test::scenarioNamed("test-bad", "Bad");
    bad.units[1].placement->position = core::Coordinate{500000, 4400650}; // off the map: setup.off_map
    test::writeScenarioFile(bad, folder / "bad.json");
    catalogue::Catalogue::open(folder / "c.gpkg").exportScenario(folder / "good.json");
    sqlite3* other = nullptr;
    BOOST_TEST_REQUIRE(sqlite3_open((folder / "c.gpkg").string().c_str(), &other) == SQLITE_OK);
    BOOST_TEST_REQUIRE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
    const auto start = std::chrono::steady_clock::now();
    BOOST_CHECK_THROW(catalogue::Catalogue::open(folder / "c.gpkg").exportScenario(folder / "bad.json"), catalogue::ValidationFailed);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    BOOST_TEST(seconds < 10.0);
    BOOST_TEST(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(other);
    BOOST_TEST(catalogue::Catalogue::open(folder / "c.gpkg").list().size() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(catalogue_sync)

/// Push and pull copy a stored raster through a temporary folder of their own; the document's map path, here
/// "../../../<unique>/scan.png" as an example's "../../../shared/data/maps/..." is, must not decide where that
/// copy goes: found writing the Gettysburg scan to /shared/data/maps on the machine (a relative path of "../"
/// steps left the temporary folder). The copied revision still stores the raster, the same bytes.
BOOST_AUTO_TEST_CASE(a_copied_raster_never_lands_where_the_documents_relative_path_points)
{
    test::TemporaryFolder folder;
    const std::string unique = "sandtable-escape-" + std::to_string(::getpid());
    const std::filesystem::path nested = folder / "a" / "b" / "c";
    std::filesystem::create_directories(nested);
    const std::string raster = "\x89PNG\r\n\x1a\n not really a picture, stored as bytes";
    core::Scenario s = scenarioWithMap(folder.path(), raster);
    s.map->path = "../../../" + unique + "/scan.png"; // from folder/a/b/c: folder/<unique>/scan.png
    std::filesystem::create_directories(folder / unique);
    core::io::writeFileAtomically(folder / unique / "scan.png", raster);
    test::writeScenarioFile(s, nested / "s.json");
    catalogue::Catalogue from = catalogue::Catalogue::open(folder / "from.gpkg");
    BOOST_REQUIRE(from.exportScenario(nested / "s.json").rasterStored);
    catalogue::Catalogue to = catalogue::Catalogue::open(folder / "to.gpkg");
    const catalogue::SyncResult r = catalogue::copyNewRevisions(from, to);
    BOOST_TEST(r.revisions == 1);
    // The sync's own folder is <temp>/sandtable-sync-<pid>/<id>-1/: three steps up from there is the temporary
    // directory's parent's child <unique>, where the old code wrote the raster.
    const std::filesystem::path escaped = std::filesystem::temp_directory_path().parent_path() / unique / "scan.png";
    BOOST_TEST(!std::filesystem::exists(escaped), escaped);
    const catalogue::PackageDetails copied = to.show(s.settings.id);
    BOOST_REQUIRE(copied.map.has_value());
    BOOST_TEST(copied.map->rasterStored);
    BOOST_TEST(copied.map->rasterSha256 == core::util::sha256Hex(raster));
}

BOOST_AUTO_TEST_SUITE_END()
