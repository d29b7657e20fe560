// SPDX-License-Identifier: GPL-3.0-or-later
// Foundation's bad inputs through the CLI: one "sandtable: error: <file>: <object>: <reason>" line, exit 1,
// and every existing file left as it was.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>

namespace {
using sandtable::test::Result;
using sandtable::test::runTool;

/// exit 1 and exactly one error line that starts with "sandtable: error: <file>: ".
void checkError(const Result& r, const std::string& file)
{
    BOOST_TEST(r.code == 1);
    BOOST_TEST_INFO("stderr: " << r.err);
    BOOST_TEST(r.err.find("sandtable: error: " + file + ": ") != std::string::npos);
}
} // namespace

BOOST_AUTO_TEST_SUITE(cli_bad_input)

BOOST_AUTO_TEST_CASE(missing_and_corrupt_rasters)
{
    sandtable::test::TemporaryFolder folder;
    checkError(runTool({"raster", "info", (folder / "absent.tif").string()}), (folder / "absent.tif").string());
    const auto garbage = folder / "garbage.tif";
    sandtable::core::io::writeFileAtomically(garbage, "this is not a raster at all");
    checkError(runTool({"raster", "info", garbage.string()}), garbage.string());
}

BOOST_AUTO_TEST_CASE(truncated_scan_gives_an_error_and_no_output)
{
    sandtable::test::TemporaryFolder folder;
    const std::string bytes = sandtable::core::io::readFile(sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg"));
    const auto truncated = folder / "truncated.jpg";
    sandtable::core::io::writeFileAtomically(truncated, bytes.substr(0, bytes.size() / 3));
    const auto points = sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg.points");
    const auto out = folder / "out.tif";
    Result r = runTool({"raster", "georef", truncated.string(), "--gcps", points.string(), "-o", out.string(), "-q"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST_INFO("stderr: " << r.err);
    // The reading fails inside the warp: the line names the file being written and GDAL's reason.
    BOOST_TEST(r.err.rfind("sandtable: error: ", 0) == 0);
    BOOST_TEST(r.err.find("Premature end of JPEG file") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(out));
}

BOOST_AUTO_TEST_CASE(points_file_with_a_bad_row_names_the_row)
{
    sandtable::test::TemporaryFolder folder;
    const auto points = folder / "bad.points";
    sandtable::core::io::writeFileAtomically(points,
        "#CRS: EPSG:4326\nmapX,mapY,pixelX,pixelY,enable,dX,dY,residual\n-77.2311,39.8309,895,-600,1,0,0,0\n-77.23,nan,875,-985,1,0,0,0\n");
    const auto scan = folder / "scan.tif";
    Result r = runTool({"raster", "georef", scan.string(), "--gcps", points.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: ", 0) == 0);
}

BOOST_AUTO_TEST_CASE(invalid_and_newer_scenarios_leave_files_untouched)
{
    sandtable::test::TemporaryFolder folder;
    const auto newer = folder / "newer.json";
    const std::string newerText = R"({"format": "sandtable-scenario", "version": 9, "id": "x", "title": "", "system": "pub-battles", "crs": ""})";
    sandtable::core::io::writeFileAtomically(newer, newerText);
    checkError(runTool({"scenario", "upgrade", newer.string()}), newer.string());
    BOOST_TEST(sandtable::core::io::readFile(newer) == newerText);

    // A catalogue with one package, then an export of a schema-invalid scenario: refused, catalogue unchanged.
    const auto good = folder / "good.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), good);
    const auto catalogue = folder / "catalogue.gpkg";
    BOOST_REQUIRE_EQUAL(runTool({"catalogue", "export", good.string(), "--catalogue", catalogue.string(), "-q"}).code, 0);
    const std::string before = sandtable::core::io::readFile(catalogue);
    std::string invalidText = sandtable::core::io::readFile(good);
    invalidText.replace(invalidText.find("\"pub-battles\""), 13, "\"chess\"");
    const auto invalid = folder / "invalid.json";
    sandtable::core::io::writeFileAtomically(invalid, invalidText);
    Result r = runTool({"catalogue", "export", invalid.string(), "--catalogue", catalogue.string()});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.find(invalid.string()) != std::string::npos);
    BOOST_TEST(sandtable::core::io::readFile(catalogue) == before);
    Result listed = runTool({"catalogue", "list", "--catalogue", catalogue.string(), "--json"});
    BOOST_TEST(sandtable::test::parseJson(listed.out).size() == 1u);
}

BOOST_AUTO_TEST_CASE(unwritable_catalogue_path)
{
    sandtable::test::TemporaryFolder folder;
    const auto good = folder / "good.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), good);
    // A path under a regular file cannot be created, even by root.
    const auto blocker = folder / "blocker";
    sandtable::core::io::writeFileAtomically(blocker, "x");
    const auto catalogue = blocker / "catalogue.gpkg";
    checkError(runTool({"catalogue", "export", good.string(), "--catalogue", catalogue.string()}), catalogue.string());
    BOOST_TEST(sandtable::core::io::readFile(blocker) == "x");
}

BOOST_AUTO_TEST_SUITE_END()
