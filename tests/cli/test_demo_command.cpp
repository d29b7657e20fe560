// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/demo_command.cpp: the main job end to end on the bundled example.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <sstream>

namespace {
using sandtable::test::Result;
using sandtable::test::runTool;

/// Sets an environment variable for the life of the object.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value)
        : m_name(name)
    {
        if (const char* old = std::getenv(name))
            m_old = old;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv()
    {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};
} // namespace

BOOST_AUTO_TEST_SUITE(cli_demo)

BOOST_AUTO_TEST_CASE(demo_georeferences_prints_and_exports_the_example)
{
    sandtable::test::TemporaryFolder folder;
    const auto example = sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json";
    const auto scan = sandtable::test::sharedData("maps/gettysburg_cope_survey_field_base.jpg");
    Result r = runTool({"demo", "--out", folder.path().string(), "--example", example.string(), "--map", scan.string(), "--json", "-q"});
    BOOST_TEST_INFO("stderr: " << r.err);
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("id").get<std::string>() == "gettysburg-1863");
    BOOST_TEST(j.at("errors").get<int>() == 0);
    BOOST_TEST(j.at("raster").get<bool>());
    BOOST_TEST(j.at("georeference").at("crs").get<std::string>() == "EPSG:32618");
    // The example's README: the affine fit of the 9 GCPs in UTM 18N, computed independently with
    // osgeo.gdal.GCPsToGeoTransform, has RMS 317.355 m and 105.379 px.
    BOOST_TEST(j.at("georeference").at("rms_map").get<double>() == 317.355, boost::test_tools::tolerance(1e-5));
    BOOST_TEST(j.at("georeference").at("rms_px").get<double>() == 105.379, boost::test_tools::tolerance(1e-5));
    // Tiled at 1:16,000 on A4: more than one sheet, plus the assembly page.
    BOOST_TEST(j.at("pages").get<int>() > 2);
    for (const auto& output : j.at("outputs"))
        BOOST_TEST(std::filesystem::exists(output.get<std::string>()));

    Result listed = runTool({"catalogue", "list", "--catalogue", j.at("catalogue").get<std::string>(), "--json"});
    BOOST_REQUIRE_EQUAL(listed.code, 0);
    const auto list = sandtable::test::parseJson(listed.out);
    BOOST_REQUIRE(list.is_array());
    BOOST_REQUIRE_EQUAL(list.size(), 1u);
    BOOST_TEST(list.at(0).at("id").get<std::string>() == "gettysburg-1863");
    BOOST_TEST(list.at(0).at("system").get<std::string>() == "pub-battles");
}

BOOST_AUTO_TEST_CASE(demo_without_the_raster_works_terrain_only_with_a_notice)
{
    sandtable::test::TemporaryFolder folder;
    // A copy of the example away from its folder: its relative map path ("../../../shared/data/maps/...") no longer
    // resolves. Three folders down, so that the path ends inside the temporary folder whatever the machine has at
    // /shared.
    std::filesystem::create_directories(folder / "a" / "b" / "c");
    const auto copy = folder / "a" / "b" / "c" / "example.sandtable.json";
    sandtable::core::io::writeFileAtomically(copy,
        sandtable::core::io::readFile(sandtable::test::sourceDir() / "examples/gettysburg/gettysburg.sandtable.json"));
    ScopedEnv noShared("SANDTABLE_SHARED_DATA", (folder / "absent").string());
    Result r = runTool({"demo", "--out", (folder / "out").string(), "--example", copy.string(), "--json"});
    BOOST_TEST_INFO("stderr: " << r.err);
    BOOST_REQUIRE_EQUAL(r.code, 0);
    BOOST_TEST(r.err.find("not found") != std::string::npos);
    BOOST_TEST(r.err.find("terrain-only") != std::string::npos);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(!j.at("raster").get<bool>());
    BOOST_TEST(j.at("georeference").is_null());
    BOOST_TEST(std::filesystem::exists(folder / "out" / "catalogue.gpkg"));
    BOOST_TEST(std::filesystem::exists(folder / "out" / "gettysburg_map_1-16000.pdf"));
}

BOOST_AUTO_TEST_SUITE_END()
