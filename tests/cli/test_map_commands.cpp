// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of cli/src/map_commands.cpp: `map print` JSON keys, errors, and the terrain-only fallback.
#include "sandtable/cli/context.hpp"
#include "support/cli_runner.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include "support/json_reading.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

using sandtable::test::Result;
using sandtable::test::runTool;

namespace {
/// Length in mm of the longest run of dark pixels on row `row` of a PNG rendered at 10 px/mm.
double darkRunMm(const std::filesystem::path& png, int row)
{
    cairo_surface_t* s = cairo_image_surface_create_from_png(png.c_str());
    BOOST_REQUIRE(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS);
    const unsigned char* data = cairo_image_surface_get_data(s);
    const int stride = cairo_image_surface_get_stride(s);
    int longest = 0, run = 0;
    for (int x = 0; x < cairo_image_surface_get_width(s); ++x) {
        const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + row * stride + x * 4);
        const int r = (pixel >> 16) & 255, g = (pixel >> 8) & 255, b = pixel & 255;
        run = (r < 120 && g < 120 && b < 120) ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    cairo_surface_destroy(s);
    return longest / 10.0;
}
} // namespace

BOOST_AUTO_TEST_SUITE(cli_map)

BOOST_AUTO_TEST_CASE(prints_one_page_when_the_map_fits)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "16000", "--json"});
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    BOOST_TEST(j.at("pages").get<int>() == 1);
    // 1000 m x 1000 m at 1:16,000 = 62.5 mm x 62.5 mm.
    BOOST_TEST(j.at("extent_mm").at(0).get<double>() == 62.5);
    BOOST_TEST(j.at("extent_mm").at(1).get<double>() == 62.5);
    BOOST_TEST(std::filesystem::exists(folder / "m.pdf"));
}

BOOST_AUTO_TEST_CASE(a_syw_table_prints_as_a_one_page_plan_by_default)
{
    sandtable::test::TemporaryFolder folder;
    const auto rossbach = (sandtable::test::sourceDir() / "examples/rossbach/rossbach.sandtable.json").string();
    const Result r = runTool({"map", "print", rossbach, "-o", (folder / "table.pdf").string(), "--json"});
    BOOST_TEST_INFO(r.err);
    BOOST_REQUIRE_EQUAL(r.code, 0);
    const auto j = sandtable::test::parseJson(r.out);
    // A4 less 12 mm margins and the 30 mm legend band: 186 x 243 mm upright, 273 x 156 mm turned. The
    // 240 x 180 cm table at 1:10 (240 x 180 mm) fits neither; at 1:15 it is 160 x 120 mm.
    BOOST_TEST(j.at("scale").get<double>() == 15.0);
    BOOST_TEST(j.at("sheets").get<int>() == 1);
    BOOST_TEST(j.at("extent_mm").at(0).get<double>() == 160.0, boost::test_tools::tolerance(1e-9));
    // The sheet speaks SYW: the 10 cm field and the table in cm, no Pub Battles rulers (poppler-utils is
    // installed by packaging/install-deps.sh).
    const auto txt = folder / "table.txt";
    BOOST_REQUIRE(std::system(("pdftotext '" + (folder / "table.pdf").string() + "' '" + txt.string() + "'").c_str()) == 0);
    const std::string sheet = sandtable::core::io::readFile(txt);
    BOOST_TEST(sheet.find("fields of 10 cm") != std::string::npos);
    BOOST_TEST(sheet.find("table 240 x 180 cm") != std::string::npos);
    BOOST_TEST(sheet.find("cavalry 3 fields") != std::string::npos);
    BOOST_TEST(sheet.find("segment") == std::string::npos);
    BOOST_TEST(sheet.find("Ground (metres)") == std::string::npos);
    // A Pub Battles scenario keeps its game scale.
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    const Result pb = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--json"});
    BOOST_REQUIRE_EQUAL(pb.code, 0);
    BOOST_TEST(sandtable::test::parseJson(pb.out).at("scale").get<double>() == 16000.0);
}

BOOST_AUTO_TEST_CASE(missing_raster_prints_terrain_only_with_a_notice)
{
    sandtable::test::TemporaryFolder folder;
    auto s = sandtable::test::smallScenario();
    s.map = sandtable::core::MapSource{"absent.jpg", "", 100, 100, std::nullopt, "", {}};
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(s, file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "8000"});
    BOOST_TEST(r.code == 0);
    BOOST_TEST(r.err.find("not found: printing terrain only") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_scale_needing_thousands_of_pages_is_refused_leaving_no_pdf)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    sandtable::core::io::saveScenario(sandtable::test::smallScenario(), file);
    Result r = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--scale", "50"});
    BOOST_TEST(r.code == 1);
    BOOST_TEST(r.err.rfind("sandtable: error: ", 0) == 0);
    BOOST_TEST(r.err.find("pages") != std::string::npos);
    BOOST_TEST(r.err.find("print at 1:") != std::string::npos);
    BOOST_TEST(!std::filesystem::exists(folder / "m.pdf"));
    Result bad = runTool({"map", "print", file.string(), "-o", (folder / "m.pdf").string(), "--layers", "scan,clouds"});
    BOOST_TEST(bad.code == 1);
}


BOOST_AUTO_TEST_CASE(svg_and_png_outputs_by_extension_or_format)
{
    sandtable::test::TemporaryFolder folder;
    const auto file = folder / "s.json";
    auto s = sandtable::test::smallScenario();
    s.settings.extent = sandtable::core::Extent{300000, 4400000, 305000, 4405000}; // 312.5 mm: 2 x 2 A4 sheets
    sandtable::core::io::saveScenario(s, file);
    Result png = runTool({"map", "print", file.string(), "-o", (folder / "m.png").string(), "--dpi", "50", "--json"});
    BOOST_REQUIRE_EQUAL(png.code, 0);
    const auto j = sandtable::test::parseJson(png.out);
    BOOST_TEST(j.at("format").get<std::string>() == "png");
    BOOST_TEST(j.at("pages").get<int>() == 5); // 4 sheets and the assembly page
    BOOST_REQUIRE(j.at("files").size() == 5u);
    BOOST_TEST(j.at("files").at(0).get<std::string>() == (folder / "m-1.png").string());
    BOOST_TEST(j.at("grid").get<bool>() == false);
    for (int i = 1; i <= 5; ++i)
        BOOST_TEST(std::filesystem::exists(folder / ("m-" + std::to_string(i) + ".png")));
    Result svg = runTool({"map", "print", file.string(), "-o", (folder / "out.bin").string(), "--format", "svg", "--json"});
    BOOST_REQUIRE_EQUAL(svg.code, 0);
    BOOST_TEST(sandtable::test::parseJson(svg.out).at("files").at(4).get<std::string>() == (folder / "out-5.bin").string());
    Result unknown = runTool({"map", "print", file.string(), "-o", (folder / "m.tiff").string()});
    BOOST_TEST(unknown.code == 1);
    BOOST_TEST(unknown.err.find("--format pdf|svg|png") != std::string::npos, unknown.err);
}

// issue 12, item 5: a Kriegsspiel scan at 1:8000 calibrated by its dpi, its terrain digitised in the local frame,
// printed at 1:16,000 for Pub Battles (and at 1:8000): a 1 km road measures 62.5 mm (125 mm).
BOOST_AUTO_TEST_CASE(kriegsspiel_scan_calibrated_digitised_and_printed_at_pub_battles_scale)
{
    sandtable::test::TemporaryFolder folder;
    // A synthetic scan: 1000 x 700 pixels at 127 dpi of a 1:8000 map, 1.6 m of ground per pixel
    // (8000 x 0.0254 / 127), so 1600 x 1120 m. A dark road 625 pixels (1000 m) long on row 350.
    const int w = 1000, h = 700;
    std::string pgm = "P5\n" + std::to_string(w) + " " + std::to_string(h) + "\n255\n";
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            pgm += static_cast<char>(y >= 348 && y <= 352 && x >= 100 && x < 725 ? 20 : 235);
    sandtable::core::io::writeFileAtomically(folder / "k.pgm", pgm);
    const Result cal = runTool({"raster", "calibrate", (folder / "k.pgm").string(), "--scale", "8000", "--dpi", "127", "-o",
        (folder / "k.tif").string(), "--json"});
    BOOST_REQUIRE_MESSAGE(cal.code == 0, cal.err);
    BOOST_TEST(sandtable::test::parseJson(cal.out).at("metres_per_pixel").get<double>() == 1.6, boost::test_tools::tolerance(1e-12));
    // Digitised on the scan (local frame: origin at the bottom-left corner, y north): the road's pixel row 350
    // is 350 x 1.6 = 560 m above the bottom; pixels 100..725 are x = 160..1160 m.
    sandtable::core::Scenario s;
    s.settings.id = "kriegsspiel";
    s.settings.title = "Kriegsspiel conversion";
    s.settings.crs = "LOCAL:kriegsspiel";
    s.settings.scaleDenominator = 16000;
    s.settings.extent = sandtable::core::Extent{0, 0, 1600, 1120};
    s.map = sandtable::core::MapSource{"k.pgm", "", w, h, std::nullopt, "k.tif", {}};
    s.terrain.push_back({sandtable::core::FeatureId("road-1"), "road", "Chaussee",
        sandtable::core::Geometry::lineString({{160, 560}, {1160, 560}}), sandtable::core::Attributes{{"grade", "major"}}});
    s.terrain.push_back({sandtable::core::FeatureId("woods-1"), "woods", "Forst",
        sandtable::core::Geometry::polygon({{{200, 800}, {500, 800}, {500, 1000}, {200, 1000}, {200, 800}}}),
        sandtable::core::Attributes()});
    const auto file = folder / "k.sandtable.json";
    sandtable::core::io::saveScenario(s, file);
    BOOST_REQUIRE_MESSAGE(!(std::system("command -v pdftocairo >/dev/null 2>&1") != 0), "cannot run: pdftocairo (poppler-utils) is not installed");
    for (const double scale : {16000.0, 8000.0}) {
        const auto pdf = folder / "k.pdf";
        const Result r = runTool({"map", "print", file.string(), "-o", pdf.string(), "--scale", std::to_string(scale), "--page", "A3",
            "--layers", "terrain", "--json"});
        BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
        BOOST_TEST(sandtable::test::parseJson(r.out).at("pages").get<int>() == 1);
        BOOST_REQUIRE(std::system(("pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "k").string() + "'").c_str()) == 0);
        // One sheet, centred in the map area (issue 43 item 7): A3 portrait leaves 420 - 2 x 12 (margins) - 30 (legend
        // band) = 366 mm of height. The road, 560 m below the top of the 1120 m extent, lies at its middle height, so
        // at the area's middle whatever the scale: 12 + 366 / 2 = 195 mm from the page's top (at 1:16,000 the 70 mm
        // map starts 148 mm down the area, at 1:8000 the 140 mm map 113 mm down: 148 + 35 = 113 + 70 = 183 + 12).
        const int row = static_cast<int>(std::lround(195.0 * 10.0));
        BOOST_TEST(darkRunMm(folder / "k.png", row) == 1e6 / scale, boost::test_tools::tolerance(0.2 / (1e6 / scale)));
    }
    // The calibrated scan itself, resampled at 254 dpi into the local frame, measures true as well: its drawn
    // 625-pixel road is 62.5 mm at 1:16,000 (within a resampled pixel or two).
    const auto pdf = folder / "scan.pdf";
    const Result r = runTool({"map", "print", file.string(), "-o", pdf.string(), "--scale", "16000", "--page", "A3", "--layers", "scan",
        "--dpi", "254", "--json"});
    BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
    BOOST_TEST(sandtable::test::parseJson(r.out).at("scan").get<bool>());
    BOOST_REQUIRE(std::system(("pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "scan").string() + "'").c_str()) == 0);
    BOOST_TEST(darkRunMm(folder / "scan.png", static_cast<int>(std::lround(195.0 * 10.0))) == 62.5, // centred, as above
        boost::test_tools::tolerance(0.4 / 62.5));
}

// Issue 24 item 3: every step on a Kriegsspiel map in its local frame. `terrain trace` and `grid print
// --underlay` crashed (exit 139: an options object GDAL refused for the CRS "LOCAL:..." was used unchecked);
// georeferenced data is refused with the way out, and taken as frame metres with --in-frame.
BOOST_AUTO_TEST_CASE(kriegsspiel_local_frame_trace_underlay_and_import)
{
    sandtable::test::TemporaryFolder folder;
    // 1000 x 700 pixels at 127 dpi of 1:8000: 1.6 m a pixel. A dark block 100 x 50 pixels (160 x 80 m =
    // 12,800 m2) with its top-left pixel at (100, 100).
    const int w = 1000, h = 700;
    std::string pgm = "P5\n" + std::to_string(w) + " " + std::to_string(h) + "\n255\n";
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            pgm += static_cast<char>(y >= 100 && y < 150 && x >= 100 && x < 200 ? 20 : 235);
    sandtable::core::io::writeFileAtomically(folder / "k.pgm", pgm);
    BOOST_REQUIRE(runTool({"raster", "calibrate", (folder / "k.pgm").string(), "--scale", "8000", "--dpi", "127", "-o",
        (folder / "k.tif").string()}).code == 0);
    const std::string file = (folder / "k.sandtable.json").string();
    const Result made = runTool({"scenario", "new", "--map", (folder / "k.tif").string(), "--scale", "16000", "-o", file});
    BOOST_REQUIRE_MESSAGE(made.code == 0, made.err);

    const Result trace = runTool({"terrain", "trace", file, "--colour", "20,20,20", "--tolerance", "40", "--class", "woods", "--json"});
    BOOST_REQUIRE_MESSAGE(trace.code == 0, trace.err);
    const Result list = runTool({"terrain", "list", file, "--json"});
    const auto features = sandtable::test::parseJson(list.out).at("features");
    BOOST_REQUIRE(features.size() == 1u);
    // 160 x 80 m, within the resampling of its edges (a pixel of 1.6 m around: +-1 pixel a side).
    BOOST_TEST(features[0].at("area_m2").get<double>() == 12800.0, boost::test_tools::tolerance(0.06));
    // Its centre: x = 150 px x 1.6 = 240 m; y = (700 - 125) px x 1.6 = 920 m above the bottom-left corner.
    BOOST_TEST(features[0].at("centroid").at(0).get<double>() == 240.0, boost::test_tools::tolerance(0.02));
    BOOST_TEST(features[0].at("centroid").at(1).get<double>() == 920.0, boost::test_tools::tolerance(0.02));

    BOOST_REQUIRE(runTool({"grid", "new", file, "--square", "400", "--origin", "0,0", "--rows", "3", "--cols", "4"}).code == 0);
    const Result underlay = runTool({"grid", "print", file, "--underlay", "-o", (folder / "g.pdf").string(), "--dpi", "60"});
    BOOST_TEST(underlay.code == 0, underlay.err);
    BOOST_TEST(std::filesystem::exists(folder / "g.pdf"));

    // GeoJSON always claims WGS 84: refused in a local frame, naming the way out; taken as is with --in-frame.
    sandtable::core::io::writeFileAtomically(folder / "drawn.geojson",
        R"({"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":)"
        R"({"type":"Polygon","coordinates":[[[400,200],[600,200],[600,300],[400,300],[400,200]]]}}]})");
    const Result refused = runTool({"terrain", "import", file, (folder / "drawn.geojson").string(), "--class", "marsh"});
    BOOST_TEST(refused.code == 1);
    BOOST_TEST(refused.err.find("--in-frame") != std::string::npos, refused.err);
    const Result taken = runTool({"terrain", "import", file, (folder / "drawn.geojson").string(), "--class", "marsh", "--in-frame"});
    BOOST_TEST(taken.code == 0, taken.err);
    const auto after = sandtable::test::parseJson(runTool({"terrain", "list", file, "--json"}).out).at("features");
    BOOST_REQUIRE(after.size() == 2u);
    BOOST_TEST(after[1].at("area_m2").get<double>() == 20000.0); // 200 x 100 m, as drawn
}

// Issue 24 item 2: a layer asked for by name that cannot be drawn is a failure, not "terrain only".
BOOST_AUTO_TEST_CASE(asking_for_the_scan_layer_without_the_scan_exits_one)
{
    sandtable::test::TemporaryFolder folder;
    sandtable::core::Scenario s = sandtable::test::smallScenario();
    s.map = sandtable::core::MapSource{"not-here.tif", "", 100, 100, std::nullopt, "", {}};
    const auto file = folder / "s.sandtable.json";
    sandtable::core::io::saveScenario(s, file);
    const auto pdf = folder / "m.pdf";
    const Result asked = runTool({"map", "print", file.string(), "-o", pdf.string(), "--layers", "scan,terrain"});
    BOOST_TEST(asked.code == 1);
    BOOST_TEST(asked.err.find("--layers scan: the map raster") != std::string::npos, asked.err);
    BOOST_TEST(asked.err.find("not-here.tif") != std::string::npos, asked.err);
    BOOST_TEST(!std::filesystem::exists(pdf));
    // The default layers print what can be drawn, with a notice.
    const Result defaults = runTool({"map", "print", file.string(), "-o", pdf.string()});
    BOOST_TEST(defaults.code == 0, defaults.err);
    BOOST_TEST(defaults.err.find("printing terrain only") != std::string::npos, defaults.err);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(cli_map_labels)

/// Issue 43 item 4: every example's map as `map print FILE -o X --json` prints it by default (A4, the game
/// scale, every layer): no two texts on one page overlap, and no text lies on a piece (whose face holds its
/// strength). Boxes are the ink of each text as drawn; a touch of 0.05 mm is not an overlap.
BOOST_AUTO_TEST_CASE(no_text_on_another_or_on_a_piece_in_any_examples_map)
{
    const std::filesystem::path examples = std::filesystem::path(SANDTABLE_SOURCE_DIR) / "examples";
    sandtable::test::TemporaryFolder folder;
    for (const char* example : {"gettysburg/gettysburg.sandtable.json", "antietam/antietam.sandtable.json", "rossbach/rossbach.sandtable.json",
             "gettysburg-campaign/gettysburg-campaign.sandtable.json"}) {
        BOOST_TEST_CONTEXT(example)
        {
            const auto pdf = folder / "map.pdf";
            Result r = runTool({"map", "print", (examples / example).string(), "-o", pdf.string(), "--json"});
            BOOST_REQUIRE_MESSAGE(r.code == 0, r.err);
            const auto j = sandtable::test::parseJson(r.out);
            struct Box {
                int page;
                double x0, y0, x1, y1;
                std::string text;
                bool piece;
            };
            std::vector<Box> boxes;
            for (const auto& t : j.at("texts"))
                boxes.push_back({t.at("page").get<int>(), t.at("box_mm").at(0).get<double>(), t.at("box_mm").at(1).get<double>(),
                    t.at("box_mm").at(2).get<double>(), t.at("box_mm").at(3).get<double>(), t.at("text").get<std::string>(),
                    t.at("piece").get<bool>()});
            int texts = 0, pieces = 0;
            for (const Box& b : boxes)
                (b.piece ? pieces : texts) += 1;
            BOOST_TEST(texts > 10); // title, legend, rulers, names: the check has something to check
            const auto overlap = [](const Box& a, const Box& b) {
                const double eps = 0.05;
                return a.page == b.page && a.x0 + eps < b.x1 && b.x0 + eps < a.x1 && a.y0 + eps < b.y1 && b.y0 + eps < a.y1;
            };
            int clashes = 0;
            for (std::size_t i = 0; i < boxes.size(); ++i)
                for (std::size_t k = i + 1; k < boxes.size(); ++k) {
                    const Box &a = boxes[i], &b = boxes[k];
                    if (a.piece && b.piece)
                        continue; // pieces may stand side by side or touch; neither is a text
                    if (overlap(a, b) && ++clashes <= 5)
                        BOOST_ERROR("page " << a.page << ": '" << a.text << "' [" << a.x0 << ", " << a.y0 << ", " << a.x1 << ", " << a.y1
                                            << "] overlaps " << (b.piece ? "piece '" : "'") << b.text << "' [" << b.x0 << ", " << b.y0
                                            << ", " << b.x1 << ", " << b.y1 << "]");
                }
            BOOST_TEST(clashes == 0);
            if (pieces > 0)
                BOOST_TEST(j.at("names_left_out").get<int>() < pieces); // most names found a place
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
