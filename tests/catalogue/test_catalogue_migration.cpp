// SPDX-License-Identifier: GPL-3.0-or-later
// Golden test of the schema migration v1 -> v2: a catalogue made by sandtable's schema version 1
// (tests/data/catalogue/catalogue_v1.sql, a dump of three packages) is migrated by the next export; its
// schema must then be exactly a new catalogue's, and the version 2 tables must hold the cards, the
// campaign grid and the set-ups of the packages it already had. Expected rows are read off the example
// documents by hand (fontenoy.sandtable.json, rossbach.sandtable.json, gettysburg-campaign.sandtable.json).
#include "sandtable/catalogue/catalogue.hpp"

#include "catalogue_test_support.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;
namespace test = sandtable::test;

namespace {

/// Restores the v1 dump into `folder/v1.gpkg` with plain SQLite.
std::filesystem::path restoreV1(const test::TemporaryFolder& folder)
{
    const auto db = folder / "v1.gpkg";
    test::execSql(db, core::io::readFile(test::sourceDir() / "tests/data/catalogue/catalogue_v1.sql"));
    return db;
}

/// Restores the v2 dump (GeoPackage 1.4, one GEOMETRY terrain table) into `folder/v2.gpkg`.
std::filesystem::path restoreV2(const test::TemporaryFolder& folder)
{
    const auto db = folder / "v2.gpkg";
    test::execSql(db, core::io::readFile(test::sourceDir() / "tests/data/catalogue/catalogue_v2.sql"));
    return db;
}

/// Every schema object but the terrain layers (which depend on the packages) and FTS5's shadow tables,
/// one "type name: sql" per line, by name.
std::string schemaOf(const std::filesystem::path& db)
{
    return test::queryText(db,
        "SELECT group_concat(line, char(10)) FROM (SELECT type || ' ' || name || ': ' || coalesce(sql, '') AS line "
        "FROM sqlite_master WHERE name NOT LIKE 'terrain_%' AND name NOT LIKE 'package_search_%' "
        "AND name NOT LIKE 'package_title_search_%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name)");
}

} // namespace

BOOST_AUTO_TEST_SUITE(catalogue_migration)

BOOST_AUTO_TEST_CASE(the_v1_golden_file_is_read_as_version_one_without_being_changed)
{
    test::TemporaryFolder folder;
    const auto db = restoreV1(folder);
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "1");
    auto c = catalogue::Catalogue::open(db);
    BOOST_TEST(c.schemaVersion() == 1);
    const auto packages = c.list();
    BOOST_TEST_REQUIRE(packages.size() == 3u);
    BOOST_TEST(packages[0].id == "campaign-v1-golden");
    BOOST_TEST(packages[1].id == "fontenoy-1745");
    BOOST_TEST(packages[2].id == "rossbach-1757");
    // Search and show work on the old schema (no title index, no thumbnails yet); reading migrates nothing.
    BOOST_TEST(c.search(test::words("fontenoy")).size() == 1u);
    BOOST_TEST(!c.show("fontenoy-1745").thumbnail);
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "1");
}

BOOST_AUTO_TEST_CASE(an_export_migrates_v1_to_v2_with_the_schema_of_a_new_catalogue_and_the_old_packages_filled_in)
{
    test::TemporaryFolder folder;
    const auto db = restoreV1(folder);
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    auto c = catalogue::Catalogue::open(db);
    c.exportScenario(folder / "a.json");
    BOOST_TEST(c.schemaVersion() == 3);
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "3");

    // Golden schema: the migrated file has exactly the objects (and their SQL) of a catalogue made new.
    catalogue::Catalogue::open(folder / "new.gpkg").exportScenario(folder / "a.json");
    BOOST_TEST(schemaOf(db) == schemaOf(folder / "new.gpkg"));
    BOOST_TEST(test::queryText(db,
                   "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                   "'package_search_%' AND name NOT LIKE 'package_title_search_%' AND name NOT LIKE 'terrain_%' ORDER BY name)")
        == "campaign_forces campaign_grids campaign_objectives campaign_overrides campaign_square_cover formations gpkg_contents "
           "gpkg_geometry_columns gpkg_spatial_ref_sys map_gcps map_sources package_documents package_search package_thumbnails "
           "package_title_search package_warnings packages sandtable_layers sandtable_meta setup_arrivals setup_placements "
           "setup_reserves sides tb_armies tb_card_actions tb_formation_cards tb_scenario_cards units units_epsg_32618");

    // The old packages are all there and extract byte for byte.
    BOOST_TEST(c.list().size() == 4u);
    for (const char* id : {"campaign-v1-golden", "fontenoy-1745", "rossbach-1757"})
        BOOST_CHECK_NO_THROW(c.document(id));

    // Fontenoy's scenario card: number 51, two armies (4 morale each; the Pragmatic Army's tactical victory
    // of 9 sticks is a draw), 12 formation cards carrying 22 actions and reactions.
    const auto fontenoy = [&](const std::string& sql) {
        return test::queryText(db, sql + " AND package_fid = (SELECT fid FROM packages WHERE scenario_id = 'fontenoy-1745')");
    };
    BOOST_TEST(fontenoy("SELECT number || ' ' || name || ' ' || date || ' ' || first_player FROM tb_scenario_cards WHERE 1")
        == "51 Fontenoy 11 May 1745 0");
    BOOST_TEST(fontenoy("SELECT group_concat(army_index || ':' || name || ':' || morale || ':' || coalesce(tactical_victory_sticks, '-') || ':' "
                        "|| coalesce(tactical_victory_draw, '-'), '|') FROM tb_armies WHERE 1")
        == "0:Pragmatic Army:4:9:1|1:French Army:4:-:-");
    BOOST_TEST(fontenoy("SELECT card_refs FROM tb_armies WHERE army_index = 0") == "508-A, 509-A, 510-A, 511-A, 512-A");
    BOOST_TEST(fontenoy("SELECT count(*) FROM tb_formation_cards WHERE 1") == "12");
    BOOST_TEST(fontenoy("SELECT count(*) FROM tb_card_actions WHERE 1") == "22");
    BOOST_TEST(fontenoy("SELECT c.name || '|' || (SELECT a.name FROM tb_armies a WHERE a.fid = c.army_fid) || '|' || c.kind || '|' || c.dice "
                        "|| '|' || c.strength || '|' || c.link FROM tb_formation_cards c WHERE c.card_ref = '501-A'")
        == "Redoute d'Eu|French Army|infantry|5-6|3|1");
    BOOST_TEST(fontenoy("SELECT group_concat(kind || ':' || reaction || ':' || targets || ':' || hits, '|') FROM tb_card_actions WHERE card_fid = "
                        "(SELECT fid FROM tb_formation_cards WHERE card_ref = '501-A')")
        == "screen:1:509-A:0|counterattack:1:508-A:1");

    // The campaign: a 9 x 11 grid of half-mile squares, 41 derived class covers over 99 squares, one
    // override (H6 hill half), 8 forces, 5 objectives.
    const auto campaign = [&](const std::string& sql) {
        return test::queryText(db, sql + " AND package_fid = (SELECT fid FROM packages WHERE scenario_id = 'campaign-v1-golden')");
    };
    BOOST_TEST(campaign("SELECT square_size || ' ' || columns || 'x' || rows || ' ' || numbering || ' ' || origin_x || ' ' || origin_y "
                        "FROM campaign_grids WHERE 1")
        == "804.672 9x11 letter-number 305093.5 4404629.0");
    BOOST_TEST(campaign("SELECT count(*) FROM campaign_square_cover WHERE 1") == "41");
    BOOST_TEST(campaign("SELECT square || ' ' || column_index || ' ' || row_index || ' ' || class || ' ' || cover FROM campaign_overrides WHERE 1")
        == "H6 7 5 hill half");
    BOOST_TEST(campaign("SELECT count(*) FROM campaign_forces WHERE 1") == "8");
    BOOST_TEST(campaign("SELECT f.square || ' ' || f.column_index || ' ' || f.row_index || ' ' || f.infantry || f.cavalry || f.artillery || ' ' "
                        "|| f.deployed || ' ' || (SELECT s.side_id FROM sides s WHERE s.fid = f.side_fid) FROM campaign_forces f "
                        "WHERE f.force_id = 'buford'")
        == "B2 1 1 021 1 union");
    BOOST_TEST(campaign("SELECT count(*) FROM campaign_objectives WHERE 1") == "5");
    BOOST_TEST(campaign("SELECT name || ' ' || kind || ' ' || square || ' ' || column_index || ' ' || row_index || ' ' || points "
                        "FROM campaign_objectives WHERE objective_id = 'town'")
        == "Gettysburg town F3 5 2 2");

    // Rossbach's 32 units are all placed on the map.
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM setup_placements WHERE package_fid = "
                                   "(SELECT fid FROM packages WHERE scenario_id = 'rossbach-1757')") == "32");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM setup_placements p JOIN units u ON u.fid = p.unit_fid "
                                   "WHERE u.unit_id != p.unit_id OR u.x != p.x OR u.y != p.y") == "0");

    // The rebuilt search indexes the old packages' newest revisions.
    BOOST_TEST(c.search(test::words("fontenoy")).size() == 1u);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM package_title_search") == "4");
    BOOST_TEST(test::queryText(db, "PRAGMA integrity_check") == "ok");
    BOOST_TEST(test::queryText(db, "PRAGMA foreign_key_check") == "");
}

BOOST_AUTO_TEST_CASE(the_migrated_catalogue_passes_gdals_validator)
{
    test::requireValidator();
    test::TemporaryFolder folder;
    const auto db = restoreV1(folder);
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    catalogue::Catalogue::open(db).exportScenario(folder / "a.json");
    const auto result = test::runCommand("/usr/bin/python3 " + test::kValidateGpkg.string() + " " + db.string());
    BOOST_TEST(result.exitCode == 0, result.output);
}

BOOST_AUTO_TEST_CASE(removing_from_a_v1_catalogue_migrates_it_first)
{
    test::TemporaryFolder folder;
    const auto db = restoreV1(folder);
    auto c = catalogue::Catalogue::open(db);
    BOOST_TEST(c.remove("fontenoy-1745") == 1);
    BOOST_TEST(c.schemaVersion() == 3);
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM tb_formation_cards") == "0");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM campaign_forces") == "8");
    BOOST_TEST(c.list().size() == 2u);
}

// The v2 golden file holds examples/gettysburg (terrain: 13 polygons, 7 lines and one point, the Chambersburg
// Pike bridge at 305945.53 E 4412872.38 N; the lines span 305322.0..312107.0 E, 4405765.26..4413480.0 N) and
// examples/table-battles/fontenoy, in the one table terrain_epsg_32618 of geometry type GEOMETRY.

BOOST_AUTO_TEST_CASE(the_v2_golden_file_is_read_as_version_two_without_being_changed)
{
    test::TemporaryFolder folder;
    const auto db = restoreV2(folder);
    auto c = catalogue::Catalogue::open(db);
    BOOST_TEST(c.schemaVersion() == 2);
    const auto packages = c.list();
    BOOST_TEST_REQUIRE(packages.size() == 2u);
    BOOST_TEST(packages[0].id == "fontenoy-1745");
    BOOST_TEST(packages[1].id == "gettysburg-1863");
    const auto shown = c.show("gettysburg-1863");
    BOOST_TEST((shown.terrainTables == std::vector<std::string>{"terrain_epsg_32618"}));
    BOOST_TEST(shown.featureCount == 21);
    BOOST_TEST(c.document("gettysburg-1863") == core::io::readFile(test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json"));
    BOOST_TEST(c.search(test::words("gettysburg")).size() == 1u);
    // Reading changes nothing: the file stays schema 2, GeoPackage 1.4.
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "2");
    BOOST_TEST(test::queryText(db, "PRAGMA user_version") == "10400");
}

BOOST_AUTO_TEST_CASE(an_export_migrates_v2_to_v3_terrain_by_geometry_type_and_geopackage_1_3)
{
    test::TemporaryFolder folder;
    const auto db = restoreV2(folder);
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    auto c = catalogue::Catalogue::open(db);
    c.exportScenario(folder / "a.json");
    BOOST_TEST(c.schemaVersion() == 3);
    BOOST_TEST(test::queryText(db, "PRAGMA user_version") == "10300");

    // Same schema as a new catalogue.
    catalogue::Catalogue::open(folder / "new.gpkg").exportScenario(folder / "a.json");
    BOOST_TEST(schemaOf(db) == schemaOf(folder / "new.gpkg"));

    // The old table and its registrations are gone; Gettysburg's features are in the table of their type,
    // with test-small's wood and stream added.
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM sqlite_master WHERE name = 'terrain_epsg_32618'") == "0");
    for (const char* registry : {"gpkg_contents", "gpkg_geometry_columns", "sandtable_layers"})
        BOOST_TEST(test::queryText(db, std::string("SELECT count(*) FROM ") + registry + " WHERE table_name = 'terrain_epsg_32618'") == "0");
    BOOST_TEST(test::queryText(db, "SELECT group_concat(table_name || ' ' || geometry_type_name, ' | ') FROM (SELECT * FROM gpkg_geometry_columns "
                                   "ORDER BY table_name)")
        == "terrain_epsg_32618_lines MULTILINESTRING | terrain_epsg_32618_points MULTIPOINT | terrain_epsg_32618_polygons MULTIPOLYGON"
                 " | units_epsg_32618 POINT");
    const auto count = [&](const std::string& table, const std::string& id) {
        return test::queryText(db, "SELECT count(*) FROM " + table + " WHERE scenario_id = '" + id + "'");
    };
    BOOST_TEST(count("terrain_epsg_32618_polygons", "gettysburg-1863") == "13");
    BOOST_TEST(count("terrain_epsg_32618_lines", "gettysburg-1863") == "7");
    BOOST_TEST(count("terrain_epsg_32618_points", "gettysburg-1863") == "1");
    BOOST_TEST(count("terrain_epsg_32618_polygons", "test-small") == "1");
    BOOST_TEST(count("terrain_epsg_32618_lines", "test-small") == "1");
    // Every moved geometry is the table's multi type (WKB type code at byte 42, after the 40-byte header and
    // the byte-order byte): 4 MultiPoint, 5 MultiLineString, 6 MultiPolygon.
    BOOST_TEST(test::queryText(db, "SELECT group_concat(DISTINCT hex(substr(geom, 42, 4))) FROM terrain_epsg_32618_points") == "04000000");
    BOOST_TEST(test::queryText(db, "SELECT group_concat(DISTINCT hex(substr(geom, 42, 4))) FROM terrain_epsg_32618_lines") == "05000000");
    BOOST_TEST(test::queryText(db, "SELECT group_concat(DISTINCT hex(substr(geom, 42, 4))) FROM terrain_epsg_32618_polygons") == "06000000");
    BOOST_TEST(test::queryText(db, "SELECT feature_id || ' ' || name || ' ' || revision || ' ' || latest || ' ' || ordinal FROM terrain_epsg_32618_points")
        == "bridge-chambersburg-pike-willoughby-run Chambersburg Pike bridge over Willoughby Run 1 1 16");
    // Extents from the features: the bridge alone; the lines with the test stream (300000..300500 E at 4400500 N).
    BOOST_TEST(test::queryText(db, "SELECT min_x || ' ' || max_x || ' ' || min_y || ' ' || max_y FROM gpkg_contents "
                                   "WHERE table_name = 'terrain_epsg_32618_points'")
        == "305945.53 305945.53 4412872.38 4412872.38");
    BOOST_TEST(test::queryText(db, "SELECT min_x || ' ' || max_x || ' ' || min_y || ' ' || max_y FROM gpkg_contents "
                                   "WHERE table_name = 'terrain_epsg_32618_lines'")
        == "300000.0 312107.0 4400500.0 4413480.0");

    const auto shown = c.show("gettysburg-1863");
    BOOST_TEST((shown.terrainTables
        == std::vector<std::string>{"terrain_epsg_32618_points", "terrain_epsg_32618_lines", "terrain_epsg_32618_polygons"}));
    BOOST_TEST(c.document("gettysburg-1863") == core::io::readFile(test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json"));
    // The rebuilt search knows what the old one did not: Fontenoy's card names.
    BOOST_TEST(c.search(test::words("redoute")).size() == 1u);
    BOOST_TEST(c.search(test::words("\"Chambersburg Pike bridge\"")).size() == 1u);
    BOOST_TEST(test::queryText(db, "PRAGMA integrity_check") == "ok");
    BOOST_TEST(test::queryText(db, "PRAGMA foreign_key_check") == "");
}

BOOST_AUTO_TEST_CASE(the_v2_to_v3_migration_passes_gdals_validator_and_ogrinfo_opens_it_silently)
{
    test::requireValidator();
    test::TemporaryFolder folder;
    const auto db = restoreV2(folder);
    BOOST_TEST(catalogue::Catalogue::open(db).remove("fontenoy-1745") == 1);
    const auto result = test::runCommand("/usr/bin/python3 " + test::kValidateGpkg.string() + " " + db.string());
    BOOST_TEST(result.exitCode == 0, result.output);
    BOOST_TEST(result.output == "");
    if (std::filesystem::exists("/usr/bin/ogrinfo")) {
        const auto layers = test::runCommand("/usr/bin/ogrinfo -ro -q " + db.string());
        BOOST_TEST(layers.output.find("partially supported") == std::string::npos, layers.output);
        BOOST_TEST(layers.output.find("terrain_epsg_32618_points (Multi Point)") != std::string::npos, layers.output);
    }
}

BOOST_AUTO_TEST_CASE(a_geopackage_with_version_1_4_rtree_triggers_stays_1_4)
{
    test::TemporaryFolder folder;
    const auto db = restoreV2(folder);
    // Another program's table with an RTree trigger named as GeoPackage 1.4 names them (1.3 has no update6).
    test::execSql(db, "CREATE TABLE other (fid INTEGER PRIMARY KEY, geom BLOB); "
                      "CREATE TRIGGER rtree_other_geom_update6 AFTER UPDATE OF geom ON other BEGIN SELECT 1; END;");
    BOOST_TEST(catalogue::Catalogue::open(db).remove("fontenoy-1745") == 1);
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "3");
    BOOST_TEST(test::queryText(db, "PRAGMA user_version") == "10400");
}

BOOST_AUTO_TEST_CASE(a_v2_terrain_blob_of_another_geometry_type_refuses_the_migration_and_changes_nothing)
{
    test::TemporaryFolder folder;
    const auto db = restoreV2(folder);
    // The bridge's WKB type (byte 42) set to 7, a GeometryCollection, which sandtable never writes.
    test::execSql(db, "UPDATE terrain_epsg_32618 SET geom = substr(geom, 1, 41) || X'07000000' || substr(geom, 46) "
                      "WHERE feature_id = 'bridge-chambersburg-pike-willoughby-run'");
    test::writeScenarioFile(test::smallScenario(), folder / "a.json");
    try {
        catalogue::Catalogue::open(db).exportScenario(folder / "a.json");
        BOOST_FAIL("the export should have been refused");
    } catch (const core::util::FormatError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("terrain_epsg_32618 feature bridge-chambersburg-pike-willoughby-run") != std::string::npos, what);
        BOOST_TEST(what.find("WKB geometry type 7") != std::string::npos, what);
    }
    BOOST_TEST(test::queryText(db, "SELECT value FROM sandtable_meta WHERE key = 'schema_version'") == "2");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM terrain_epsg_32618") == "21");
    BOOST_TEST(test::queryText(db, "SELECT count(*) FROM packages") == "2");
}

BOOST_AUTO_TEST_SUITE_END()
