// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of print/.../georef_report_print.hpp: pages for N GCPs, the arrows' factor, the table worst
// first across pages, what is drawn where on the picture, locale-independent numbers, atomic writing.
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/georef_report_print.hpp"
#include "support/rendered_page.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cairo.h>
#include <qpdf/QPDF.hh>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <locale>
#include <sstream>
#include <string>
#include <vector>

using namespace sandtable;
namespace tt = boost::test_tools;

namespace {

using sandtable::test::commandAvailable;
using Png = sandtable::test::RenderedPage;

/// pdftotext -layout of one page (1-based).
std::string pageText(const std::filesystem::path& pdf, int page, const test::TemporaryFolder& folder)
{
    const auto txt = folder / ("page-" + std::to_string(page) + ".txt");
    const std::string command = "pdftotext -layout -f " + std::to_string(page) + " -l " + std::to_string(page) + " '"
        + pdf.string() + "' '" + txt.string() + "'";
    BOOST_REQUIRE(std::system(command.c_str()) == 0);
    return core::io::readFile(txt);
}

/// The table rows of a page's text: lines whose first two words are an integer and "yes"/"no".
std::vector<std::pair<int, std::string>> tableRows(const std::string& text)
{
    std::vector<std::pair<int, std::string>> rows;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string id, on;
        if (!(words >> id >> on) || (on != "yes" && on != "no") || id.find_first_not_of("0123456789") != std::string::npos)
            continue;
        rows.emplace_back(std::stoi(id), on);
    }
    return rows;
}

int pdfPages(const std::filesystem::path& pdf)
{
    QPDF q;
    q.processFile(pdf.c_str());
    return static_cast<int>(q.getAllPages().size());
}

core::GeorefReportRow row(int id, bool enabled, double pixel, double line, double residualMap, double backPixel, double backLine)
{
    core::GeorefReportRow r;
    r.id = id;
    r.enabled = enabled;
    r.pixel = pixel;
    r.line = line;
    r.mapX = -77.2 - id * 1e-4;
    r.mapY = 39.8 + id * 1e-4;
    r.dx = 0.6 * residualMap;
    r.dy = 0.8 * residualMap;
    r.residualMap = residualMap;
    r.backPixel = backPixel;
    r.backLine = backLine;
    r.residualPx = std::hypot(backPixel - pixel, backLine - line);
    return r;
}

/// A 1000 x 1000 pixel scan: the picture box 180 x 125 mm holds it at min(0.18, 0.125) = 0.125 mm per
/// pixel, 125 x 125 mm, centred: left edge 15 + (180 - 125) / 2 = 42.5 mm, top 62 mm.
core::GeorefReport squareScanReport()
{
    core::GeorefReport report;
    report.scanName = "square.png";
    report.scanWidth = 1000;
    report.scanHeight = 1000;
    report.gcpCrs = "EPSG:4326";
    report.gcpCrsName = "WGS 84";
    report.gcpCrsEpsg = 4326;
    report.gcpCrsGeographic = true;
    report.targetCrs = "EPSG:32618";
    report.targetCrsName = "WGS 84 / UTM zone 18N";
    report.targetCrsEpsg = 32618;
    report.minimum = 3;
    return report;
}

/// 343 GCPs with map residual i metres for GCP i, GCPs 3 and 10 disabled; each back point 0.6 i / 2 px
/// right and 0.8 i / 2 px down, so residual i / 2 px.
core::GeorefReport manyGcps()
{
    core::GeorefReport report = squareScanReport();
    for (int i = 1; i <= 343; ++i) {
        const double pixel = (i * 37) % 1000 + 0.5, line = (i * 91) % 1000 + 0.25;
        report.rows.push_back(row(i, i != 3 && i != 10, pixel, line, i, pixel + 0.3 * i, line + 0.4 * i));
    }
    report.enabledCount = 341;
    // sum of i^2 for i = 1..343 is 343 * 344 * 687 / 6 = 13,510,084; less 3^2 + 10^2 = 13,509,975;
    // RMS = sqrt(13,509,975 / 341) = 199.0445 m; in pixels half that, 99.5222; mean error over 341 - 3.
    report.rmsMap = std::sqrt(13509975.0 / 341.0);
    report.rmsPx = report.rmsMap / 2.0;
    report.meanErrorMap = std::sqrt(13509975.0 / 338.0);
    return report;
}

/// A comma as decimal separator for every stream that does not choose its own locale.
struct CommaDecimal : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
};

class GlobalLocale {
public:
    explicit GlobalLocale(const std::locale& locale) : m_previous(std::locale::global(locale)) {}
    ~GlobalLocale() { std::locale::global(m_previous); }
    GlobalLocale(const GlobalLocale&) = delete;
    GlobalLocale& operator=(const GlobalLocale&) = delete;

private:
    std::locale m_previous;
};

} // namespace

BOOST_AUTO_TEST_SUITE(print_georef_report)

BOOST_AUTO_TEST_CASE(pages_hold_19_rows_then_63_a_page)
{
    BOOST_TEST(print::georefReportPages(0) == 1);
    BOOST_TEST(print::georefReportPages(9) == 1);
    BOOST_TEST(print::georefReportPages(19) == 1);
    BOOST_TEST(print::georefReportPages(20) == 2);
    BOOST_TEST(print::georefReportPages(19 + 63) == 2);
    BOOST_TEST(print::georefReportPages(19 + 63 + 1) == 3);
    // 343: 19 on page 1, 324 left, 5 pages of 63 hold 315, the 7th the last 9.
    BOOST_TEST(print::georefReportPages(343) == 7);
}

BOOST_AUTO_TEST_CASE(the_arrow_factor_is_the_largest_1_2_5_step_keeping_the_longest_arrow_within_20_mm)
{
    BOOST_TEST(print::georefArrowFactor(0.3) == 50.0);   // 50 x 0.3 = 15 mm; 100 x 0.3 = 30 mm
    BOOST_TEST(print::georefArrowFactor(4.0) == 5.0);    // 5 x 4 = 20 mm exactly
    BOOST_TEST(print::georefArrowFactor(4.01) == 2.0);
    BOOST_TEST(print::georefArrowFactor(11.5) == 1.0);   // 2 x 11.5 = 23 mm
    BOOST_TEST(print::georefArrowFactor(35.0) == 1.0);   // never shortened
    BOOST_TEST(print::georefArrowFactor(0.0) == 1.0);    // an exact fit has no arrows
    BOOST_TEST(print::georefArrowFactor(1e-9) == 1e6);   // the cap
    BOOST_TEST(print::georefPictureScale(1500, 2500) == 0.05); // min(180 / 1500, 125 / 2500)
    BOOST_TEST(print::georefPictureScale(3600, 1000) == 0.05); // min(180 / 3600, 125 / 1000)
    BOOST_CHECK_THROW(print::georefPictureScale(0, 10), core::util::OperationError);
}

BOOST_AUTO_TEST_CASE(the_table_of_343_gcps_runs_worst_first_over_7_pages_disabled_last)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftotext")), "cannot run: pdftotext (poppler-utils) is not installed");
    test::TemporaryFolder folder;
    const auto pdf = folder / "many.pdf";
    const print::GeorefReportResult result = print::printGeorefReport(manyGcps(), pdf);
    BOOST_TEST(result.pages == 7);
    BOOST_TEST(pdfPages(pdf) == 7);
    // Longest arrow 343 / 2 = 171.5 px = 21.4 mm at 0.125 mm per pixel: over 20 mm, so true length.
    BOOST_TEST(result.exaggeration == 1.0);
    BOOST_TEST(result.mmPerScanPixel == 0.125);

    // Worst first: enabled 343 down to 11, then 9..4, 2, 1; then the disabled 10 and 3.
    std::vector<int> expected;
    for (int i = 343; i >= 1; --i)
        if (i != 3 && i != 10)
            expected.push_back(i);
    expected.push_back(10);
    expected.push_back(3);
    std::vector<int> listed;
    std::vector<std::size_t> perPage;
    for (int page = 1; page <= 7; ++page) {
        const auto rows = tableRows(pageText(pdf, page, folder));
        perPage.push_back(rows.size());
        for (const auto& [id, on] : rows) {
            listed.push_back(id);
            BOOST_TEST(on == ((id == 3 || id == 10) ? "no" : "yes"), "GCP " << id);
        }
    }
    BOOST_TEST(listed == expected, tt::per_element());
    const std::vector<std::size_t> expectedPerPage{19, 63, 63, 63, 63, 63, 9};
    BOOST_TEST(perPage == expectedPerPage, tt::per_element());

    const std::string first = pageText(pdf, 1, folder);
    BOOST_TEST(first.find("RMS: 199.044 m, 99.522 px") != std::string::npos, first);
    BOOST_TEST(first.find("Mean error: 199.926 m") != std::string::npos);
    BOOST_TEST(first.find("GCPs: 341 enabled of 343 (2 disabled") != std::string::npos);
    BOOST_TEST(first.find("WGS 84 / UTM zone 18N (EPSG:32618)") != std::string::npos);
    BOOST_TEST(first.find("drawn 1 x true length") != std::string::npos);
    BOOST_TEST(first.find("page 1 of 7") != std::string::npos);
    BOOST_TEST(pageText(pdf, 7, folder).find("page 7 of 7") != std::string::npos);
    // GCP 343's row: pixel (343 x 37) mod 1000 + 0.5 = 691.50, line (343 x 91) mod 1000 + 0.25 = 213.25,
    // map x -77.2 - 0.0343, dx 0.6 x 343, dy 0.8 x 343, residual 343 m and 171.5 px.
    for (const char* cell : {"691.50", "213.25", "-77.234300", "39.834300", "205.80", "274.40", "343.00", "171.50"})
        BOOST_TEST(first.find(cell) != std::string::npos, cell);
}

BOOST_AUTO_TEST_CASE(numbers_use_a_point_whatever_the_global_locale)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftotext")), "cannot run: pdftotext (poppler-utils) is not installed");
    core::GeorefReport report = squareScanReport();
    report.rows.push_back(row(1, true, 100.25, 200.5, 1.5, 101, 200));
    report.rows.push_back(row(2, true, 700, 300, 0.5, 700, 300));
    report.rows.push_back(row(3, true, 400, 900, 1.25, 400, 901));
    report.enabledCount = 3;
    report.rmsMap = 1.5;
    report.rmsPx = 0.75;
    test::TemporaryFolder folder;
    const auto pdf = folder / "comma.pdf";
    {
        const GlobalLocale comma(std::locale(std::locale::classic(), new CommaDecimal));
        std::ostringstream probe;
        probe << 1.5;
        BOOST_REQUIRE(probe.str() == "1,5"); // the locale is in force for streams that do not choose theirs
        print::printGeorefReport(report, pdf);
    }
    const std::string text = pageText(pdf, 1, folder);
    BOOST_TEST(text.find("RMS: 1.500 m, 0.750 px") != std::string::npos, text);
    BOOST_TEST(text.find("100.25") != std::string::npos);
    BOOST_TEST(text.find("1,500") == std::string::npos);
    BOOST_TEST(text.find("100,25") == std::string::npos);
    // n = k = 3: no mean error.
    BOOST_TEST(text.find("Mean error: none (n = k = 3)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_picture_marks_enabled_gcps_red_disabled_ones_grey_and_draws_arrows_exaggerated)
{
    BOOST_REQUIRE_MESSAGE(!(!commandAvailable("pdftocairo") || !commandAvailable("pdftotext")), "cannot run: pdftocairo / pdftotext (poppler-utils) is not installed");
    core::GeorefReport report = squareScanReport();
    // The scan: light blue everywhere, as 10 x 10 display pixels.
    report.picture.width = 10;
    report.picture.height = 10;
    for (int i = 0; i < 100; ++i)
        report.picture.rgba.insert(report.picture.rgba.end(), {200, 220, 255, 255});
    // A at (200, 400) enabled, no residual; B at (800, 400) disabled, no residual; C at (500, 800) enabled,
    // its back point 40 px to the right (40 px x 0.125 = 5 mm true length).
    report.rows.push_back(row(1, true, 200, 400, 0.0, 200, 400));
    report.rows.push_back(row(2, false, 800, 400, 0.0, 800, 400));
    report.rows.push_back(row(3, true, 500, 800, 80.0, 540, 800));
    report.enabledCount = 2;
    report.minimum = 2;
    report.method = core::GeoreferenceMethod::Helmert;
    report.exaggeration = 5.0;
    test::TemporaryFolder folder;
    const auto pdf = folder / "picture.pdf";
    const print::GeorefReportResult result = print::printGeorefReport(report, pdf);
    BOOST_TEST(result.exaggeration == 5.0);
    BOOST_TEST(result.pages == 1);
    BOOST_REQUIRE(std::system(("pdftocairo -png -singlefile -r 254 '" + pdf.string() + "' '" + (folder / "p").string() + "'").c_str()) == 0);
    const Png png(folder / "p.png");
    BOOST_REQUIRE(png.ok());
    const auto isRed = [](const std::array<int, 3>& c) { return c[0] > 170 && c[1] < 70 && c[2] < 70; };
    const auto isGrey = [](const std::array<int, 3>& c) {
        return c[0] > 40 && c[0] < 160 && std::abs(c[0] - c[1]) < 12 && std::abs(c[1] - c[2]) < 12;
    };
    const auto isScan = [](const std::array<int, 3>& c) {
        return std::abs(c[0] - 200) < 12 && std::abs(c[1] - 220) < 12 && c[2] > 240;
    };
    const auto isArrowBlue = [](const std::array<int, 3>& c) { return c[2] > 170 && c[0] < 60 && c[1] < 110; };
    // A: 42.5 + 200 x 0.125 = 67.5 mm, 62 + 400 x 0.125 = 112 mm.
    BOOST_TEST(isRed(png.atMm(67.5, 112.0)));
    // B: 42.5 + 100 = 142.5 mm, 112 mm: the ring's cross, grey.
    BOOST_TEST(isGrey(png.atMm(142.5, 112.0)));
    BOOST_TEST(!isRed(png.atMm(142.5, 112.0)));
    // The scan between them, and white paper left of the picture (which starts at 42.5 mm).
    BOOST_TEST(isScan(png.atMm(105.0, 90.0)));
    const auto paper = png.atMm(30.0, 112.0);
    BOOST_TEST((paper[0] > 245 && paper[1] > 245 && paper[2] > 245));
    // C at (105, 162) mm; its arrow 5 x 5 = 25 mm long to the right, to (130, 162) mm.
    BOOST_TEST(isRed(png.atMm(105.0, 162.0)));
    BOOST_TEST(isArrowBlue(png.atMm(118.0, 162.0)));
    BOOST_TEST(isArrowBlue(png.atMm(127.0, 162.0)));
    BOOST_TEST(isScan(png.atMm(134.0, 162.0)));
    BOOST_TEST(isScan(png.atMm(118.0, 166.0)));

    const std::string text = pageText(pdf, 1, folder);
    BOOST_TEST(text.find("drawn 5 x true length") != std::string::npos, text);
    BOOST_TEST(text.find("Method: helmert (needs at least 2 enabled GCPs)") != std::string::npos);
    // Worst first: 3 (80 m), 1 (0 m), then the disabled 2.
    const auto rows = tableRows(text);
    BOOST_REQUIRE(rows.size() == 3u);
    BOOST_TEST(rows[0].first == 3);
    BOOST_TEST(rows[1].first == 1);
    BOOST_TEST(rows[2].first == 2);
    BOOST_TEST(rows[2].second == "no");
}

BOOST_AUTO_TEST_CASE(a_failed_report_leaves_no_file_and_names_the_reason)
{
    test::TemporaryFolder folder;
    core::GeorefReport report = squareScanReport();
    report.rows.push_back(row(1, true, 1, 1, 0, 1, 1));
    // A missing folder: an IoError naming it, nothing written.
    try {
        print::printGeorefReport(report, folder / "missing" / "r.pdf");
        BOOST_FAIL("a report into a missing folder was written");
    } catch (const core::util::IoError& e) {
        BOOST_TEST(std::string(e.what()).find("the folder " + (folder / "missing").string() + " does not exist") != std::string::npos, e.what());
    }
    // A picture whose buffer does not match its size: refused, the old report untouched, no temporary left.
    const auto out = folder / "r.pdf";
    core::io::writeFileAtomically(out, "old");
    report.picture.width = 4;
    report.picture.height = 4;
    report.picture.rgba.assign(10, 0);
    BOOST_CHECK_THROW(print::printGeorefReport(report, out), core::util::OperationError);
    BOOST_TEST(core::io::readFile(out) == "old");
    report.picture = {};
    report.exaggeration = 0.0;
    BOOST_CHECK_THROW(print::printGeorefReport(report, out), core::util::OperationError);
    report.exaggeration.reset();
    report.scanWidth = 0;
    BOOST_CHECK_THROW(print::printGeorefReport(report, out), core::util::OperationError);
    int files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder.path()))
        ++files;
    BOOST_TEST(files == 1);
    BOOST_TEST(core::io::readFile(out) == "old");
}

BOOST_AUTO_TEST_SUITE_END()
