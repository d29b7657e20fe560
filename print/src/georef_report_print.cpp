// SPDX-License-Identifier: GPL-3.0-or-later
// The georeferencing report: figures, the scan with its GCPs and residual arrows, the GCP table worst first.
#include "sandtable/print/georef_report_print.hpp"
#include "sandtable/print/sheet_text.hpp"

#include "sandtable/core/model/residual_ranking.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "jpeg_encoder.hpp"
#include "pdf_writer.hpp"
#include "printed_text.hpp"

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <iomanip>
#include <locale>
#include <memory>
#include <numbers>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace sandtable::print {
namespace {

// A4 portrait, millimetres from the top-left corner.
constexpr double kPageWidthMm = 210.0;
constexpr double kPageHeightMm = 297.0;
constexpr double kLeftMm = 15.0;
constexpr double kRightMm = 195.0;
// First page: title, figures, picture, caption, then the table; further pages: title, then the table.
constexpr double kTitleBaselineMm = 22.0;
constexpr double kFiguresBaselineMm = 30.0;
constexpr double kFigureStepMm = 4.6;
constexpr double kPictureTopMm = 62.0;
constexpr double kCaptionBaselineMm = kPictureTopMm + kGeorefReportPictureHeightMm + 4.5;
constexpr double kFirstTableHeaderMm = 207.0;
constexpr double kNextTableHeaderMm = 31.0;
constexpr double kRowStepMm = 4.0;
constexpr double kFooterBaselineMm = 291.0;
// The picture's JPEG (the scan is shown, not measured: the GCP marks are vectors over it).
constexpr int kPictureJpegQuality = 88;

static_assert(kFirstTableHeaderMm + kRowStepMm * kGeorefReportRowsFirstPage <= 283.5, "first page rows overrun the footer");
static_assert(kNextTableHeaderMm + kRowStepMm * kGeorefReportRowsPerPage <= 283.5, "further page rows overrun the footer");

/// `value` with `decimals` decimals and '.' as the separator whatever the global locale; "n/a" when not
/// finite; no "-0.00".
std::string number(double value, int decimals)
{
    if (!std::isfinite(value))
        return "n/a";
    if (std::fabs(value) < 0.5 * std::pow(10.0, -decimals))
        value = 0.0;
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out << std::fixed << std::setprecision(decimals) << value;
    return out.str();
}

/// The factor as printed: whole numbers without decimals.
std::string factorText(double factor)
{
    return number(factor, factor == std::round(factor) ? 0 : 2);
}

/// Short unit names for table headers ("metre" -> "m").
std::string unitSymbol(const std::string& unit)
{
    if (unit == "metre" || unit == "meter")
        return "m";
    if (unit == "foot")
        return "ft";
    if (unit == "US survey foot")
        return "US ft";
    return unit.empty() ? std::string("units") : unit;
}

std::string crsText(const std::string& given, const std::string& name, const std::optional<int>& epsg)
{
    if (given.empty() && name.empty())
        return "none given";
    std::string text = name.empty() ? given : name;
    if (epsg)
        text += " (EPSG:" + std::to_string(*epsg) + ")";
    return text;
}

void font(cairo_t* cr, double size, bool bold)
{
    setSheetFont(cr, size, bold);
}

void text(cairo_t* cr, double x, double y, const std::string& s)
{
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, s.c_str());
}

void textRight(cairo_t* cr, double right, double y, const std::string& s)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s.c_str(), &e);
    text(cr, right - e.x_advance, y, s);
}

/// A GCP number with a white halo, legible over any part of the scan.
void haloText(cairo_t* cr, double x, double y, const std::string& s, double r, double g, double b)
{
    cairo_move_to(cr, x, y);
    cairo_text_path(cr, s.c_str());
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 0.6);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_fill(cr);
}

void arrow(cairo_t* cr, double x0, double y0, double x1, double y1)
{
    const double length = std::hypot(x1 - x0, y1 - y0);
    if (length < 0.15)
        return;
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
    const double head = std::min(1.6, 0.45 * length);
    const double angle = std::atan2(y1 - y0, x1 - x0);
    const double spread = 25.0 * std::numbers::pi / 180.0;
    cairo_move_to(cr, x1 - head * std::cos(angle - spread), y1 - head * std::sin(angle - spread));
    cairo_line_to(cr, x1, y1);
    cairo_line_to(cr, x1 - head * std::cos(angle + spread), y1 - head * std::sin(angle + spread));
    cairo_stroke(cr);
}

/// Where the picture sits on page 1 and how scan pixels map onto it.
struct PictureFrame {
    double x0 = 0.0;
    double y0 = 0.0;
    double scale = 0.0; // mm per scan pixel
    double width = 0.0;
    double height = 0.0;
};

void drawPicture(cairo_t* cr, const core::GeorefReport& report, const PictureFrame& f,
    const std::vector<core::GeorefReportRow>& rows, double exaggeration)
{
    const core::GeorefReportPicture& picture = report.picture;
    if (picture.width > 0 && picture.height > 0) {
        std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> image(
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, picture.width, picture.height), &cairo_surface_destroy);
        if (cairo_surface_status(image.get()) != CAIRO_STATUS_SUCCESS)
            throw core::util::OperationError("", _("report picture"), _("cannot allocate the picture"));
        cairo_surface_flush(image.get());
        const int stride = cairo_image_surface_get_stride(image.get());
        unsigned char* data = cairo_image_surface_get_data(image.get());
        for (int y = 0; y < picture.height; ++y) {
            auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride));
            for (int x = 0; x < picture.width; ++x) {
                const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(picture.width) + static_cast<std::size_t>(x)) * 4;
                const std::uint32_t a = picture.rgba[i + 3];
                // Flattened onto white paper: colour x alpha + white x (1 - alpha).
                const auto flat = [&](std::uint32_t v) { return (v * a + 127) / 255 + (255 - a); };
                row[x] = (0xFFu << 24) | (flat(picture.rgba[i]) << 16) | (flat(picture.rgba[i + 1]) << 8) | flat(picture.rgba[i + 2]);
            }
        }
        cairo_surface_mark_dirty(image.get());
        attachJpeg(image.get(), kPictureJpegQuality, "report picture");
        cairo_save(cr);
        cairo_translate(cr, f.x0, f.y0);
        cairo_scale(cr, f.width / picture.width, f.height / picture.height);
        cairo_set_source_surface(cr, image.get(), 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
        cairo_paint(cr);
        cairo_restore(cr);
    } else {
        cairo_rectangle(cr, f.x0, f.y0, f.width, f.height);
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93);
        cairo_fill(cr);
    }
    cairo_rectangle(cr, f.x0, f.y0, f.width, f.height);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.25);
    cairo_stroke(cr);

    // GCP marks and arrows, clipped to the picture (an exaggerated arrow may point off the scan).
    cairo_save(cr);
    cairo_rectangle(cr, f.x0, f.y0, f.width, f.height);
    cairo_clip(cr);
    const auto paper = [&](double pixel, double line) { return std::array<double, 2>{f.x0 + pixel * f.scale, f.y0 + line * f.scale}; };
    // Disabled first, so the enabled ones (those the figures are over) lie on top; worst last.
    std::vector<const core::GeorefReportRow*> order;
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
        order.push_back(&*it);
    for (const auto* r : order) {
        if (!std::isfinite(r->backPixel) || !std::isfinite(r->backLine))
            continue;
        const core::Coordinate head = core::residualArrowHead(r->pixel, r->line, r->backPixel, r->backLine, exaggeration);
        const auto from = paper(r->pixel, r->line);
        const auto to = paper(head.x, head.y);
        if (r->enabled) {
            cairo_set_source_rgb(cr, 0.05, 0.25, 0.85);
            cairo_set_dash(cr, nullptr, 0, 0);
        } else {
            const double dash[] = {0.8, 0.5};
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
            cairo_set_dash(cr, dash, 2, 0);
        }
        cairo_set_line_width(cr, 0.35);
        arrow(cr, from[0], from[1], to[0], to[1]);
    }
    cairo_set_dash(cr, nullptr, 0, 0);
    // Hundreds of GCPs crowd the picture: smaller marks and numbers past 60.
    const double mark = rows.size() > 60 ? 0.6 : 1.0;
    font(cr, rows.size() > 60 ? 1.7 : 2.6, true);
    for (const auto* r : order) {
        const auto at = paper(r->pixel, r->line);
        if (r->enabled) {
            cairo_arc(cr, at[0], at[1], 0.9 * mark, 0, 2 * std::numbers::pi);
            cairo_set_source_rgb(cr, 0.85, 0.08, 0.08);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_set_line_width(cr, 0.25);
            cairo_stroke(cr);
            haloText(cr, at[0] + 1.3 * mark, at[1] - 1.2 * mark, std::to_string(r->id), 0.75, 0.0, 0.0);
        } else {
            cairo_arc(cr, at[0], at[1], 1.0 * mark, 0, 2 * std::numbers::pi);
            cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
            cairo_set_line_width(cr, 0.3);
            cairo_stroke(cr);
            const double c = 0.7 * mark;
            cairo_move_to(cr, at[0] - c, at[1] - c);
            cairo_line_to(cr, at[0] + c, at[1] + c);
            cairo_move_to(cr, at[0] - c, at[1] + c);
            cairo_line_to(cr, at[0] + c, at[1] - c);
            cairo_stroke(cr);
            haloText(cr, at[0] + 1.3 * mark, at[1] - 1.2 * mark, std::to_string(r->id), 0.4, 0.4, 0.4);
        }
    }
    cairo_restore(cr);
}

struct Column {
    const char* header;
    double edge;    // right edge (numbers) or left edge (the "on" column)
    bool right;
};

void drawTable(cairo_t* cr, const core::GeorefReport& report, const std::vector<core::GeorefReportRow>& rows,
    std::size_t first, std::size_t count, double headerBaseline)
{
    const std::string unit = unitSymbol(report.targetUnit);
    const auto inReport = [&](const char* english) { return detail::inLanguageCode(report.language, english); };
    const std::string dxHeader = "dx " + unit, dyHeader = "dy " + unit;
    const std::string resHeader = core::i18n::format(inReport("residual {1}"), {unit});
    const std::string gcp = inReport("GCP"), on = inReport("on"), pixel = inReport("pixel"), line = inReport("line"), mapX = inReport("map x"), mapY = inReport("map y");
    const std::string residualPx = inReport("residual px");
    const std::array<Column, 10> columns{{{gcp.c_str(), 24.0, true}, {on.c_str(), 28.0, false}, {pixel.c_str(), 48.0, true},
        {line.c_str(), 66.0, true}, {mapX.c_str(), 92.0, true}, {mapY.c_str(), 116.0, true}, {dxHeader.c_str(), 134.0, true},
        {dyHeader.c_str(), 152.0, true}, {resHeader.c_str(), 172.0, true}, {residualPx.c_str(), kRightMm, true}}};
    font(cr, 2.6, true);
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (const Column& c : columns) {
        if (c.right)
            textRight(cr, c.edge, headerBaseline, c.header);
        else
            text(cr, c.edge, headerBaseline, c.header);
    }
    cairo_set_line_width(cr, 0.25);
    cairo_move_to(cr, kLeftMm, headerBaseline + 1.3);
    cairo_line_to(cr, kRightMm, headerBaseline + 1.3);
    cairo_stroke(cr);
    const int mapDecimals = report.gcpCrsGeographic ? 6 : 2;
    for (std::size_t k = 0; k < count; ++k) {
        const core::GeorefReportRow& r = rows[first + k];
        const double y = headerBaseline + kRowStepMm * static_cast<double>(k + 1);
        if (k % 2 == 1) {
            cairo_rectangle(cr, kLeftMm, y - 2.9, kRightMm - kLeftMm, kRowStepMm);
            cairo_set_source_rgb(cr, 0.94, 0.94, 0.94);
            cairo_fill(cr);
        }
        font(cr, 2.6, false);
        if (r.enabled)
            cairo_set_source_rgb(cr, 0, 0, 0);
        else
            cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
        const std::array<std::string, 10> cells{std::to_string(r.id), r.enabled ? "yes" : "no", number(r.pixel, 2),
            number(r.line, 2), number(r.mapX, mapDecimals), number(r.mapY, mapDecimals), number(r.dx, 2), number(r.dy, 2),
            number(r.residualMap, 2), number(r.residualPx, 2)};
        for (std::size_t c = 0; c < columns.size(); ++c) {
            if (columns[c].right)
                textRight(cr, columns[c].edge, y, cells[c]);
            else
                text(cr, columns[c].edge, y, cells[c]);
        }
    }
}

void drawFooter(cairo_t* cr, const core::GeorefReport& report, int page, int pages)
{
    font(cr, 2.4, false);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    text(cr, kLeftMm, kFooterBaselineMm,
        core::i18n::format(detail::inLanguageCode(report.language, "Georeferencing report of {1} (sandtable)"), {report.scanName}));
    textRight(cr, kRightMm, kFooterBaselineMm,
        core::i18n::format(detail::inLanguageCode(report.language, "page {1} of {2}"), {std::to_string(page), std::to_string(pages)}));
}

} // namespace

int georefReportPages(std::size_t gcps)
{
    const auto first = static_cast<std::size_t>(kGeorefReportRowsFirstPage);
    const auto next = static_cast<std::size_t>(kGeorefReportRowsPerPage);
    if (gcps <= first)
        return 1;
    return 1 + static_cast<int>((gcps - first + next - 1) / next);
}

double georefPictureScale(int scanWidth, int scanHeight)
{
    if (scanWidth <= 0 || scanHeight <= 0)
        throw core::util::OperationError("", _("georeferencing report"),
            core::i18n::format(_("the scan's size {1} x {2} pixels is not positive"), {std::to_string(scanWidth), std::to_string(scanHeight)}));
    return std::min(kGeorefReportPictureWidthMm / scanWidth, kGeorefReportPictureHeightMm / scanHeight);
}

double georefArrowFactor(double longestArrowMm)
{
    if (!std::isfinite(longestArrowMm) || longestArrowMm <= 0.0)
        return 1.0;
    double best = 1.0;
    for (double decade = 1.0; decade <= 1e6; decade *= 10.0)
        for (double step : {1.0, 2.0, 5.0}) {
            const double factor = step * decade;
            if (factor <= 1e6 && factor * longestArrowMm <= kGeorefReportLongestArrowMm)
                best = factor;
        }
    return best;
}

GeorefReportResult printGeorefReport(const core::GeorefReport& report, const std::filesystem::path& output)
{
    GeorefReportResult result;
    result.mmPerScanPixel = georefPictureScale(report.scanWidth, report.scanHeight);
    const core::GeorefReportPicture& picture = report.picture;
    if (picture.width < 0 || picture.height < 0
        || picture.rgba.size() != static_cast<std::size_t>(picture.width) * static_cast<std::size_t>(picture.height) * 4)
        throw core::util::OperationError("", _("report picture"), core::i18n::format(_("the picture's pixel buffer does not match its size {1} x {2}"),
                {std::to_string(picture.width), std::to_string(picture.height)}));
    const std::vector<core::GeorefReportRow> rows = core::worstFirst(report.rows);
    double longestPx = 0.0;
    for (const auto& r : rows)
        if (std::isfinite(r.residualPx))
            longestPx = std::max(longestPx, r.residualPx);
    if (report.exaggeration) {
        if (!(*report.exaggeration > 0.0) || !std::isfinite(*report.exaggeration))
            throw core::util::OperationError("", _("georeferencing report"),
                core::i18n::format(_("the arrow exaggeration {1} is not a positive number"), {number(*report.exaggeration, 3)}));
        result.exaggeration = *report.exaggeration;
    } else {
        result.exaggeration = georefArrowFactor(longestPx * result.mmPerScanPixel);
    }
    result.pages = georefReportPages(rows.size());
    // cairo only says "error while writing to output stream" for a missing folder: say which.
    const std::filesystem::path folder = output.parent_path();
    std::error_code ec;
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
        throw core::util::IoError(output.string(), "", core::i18n::format(_("cannot write the report: the folder {1} does not exist"), {folder.string()}));

    PdfWriter pdf(output, kPageWidthMm, kPageHeightMm, "Georeferencing report: " + report.scanName);
    cairo_t* cr = pdf.context();
    const std::string unit = unitSymbol(report.targetUnit);

    // Page 1: title and figures.
    cairo_set_source_rgb(cr, 0, 0, 0);
    font(cr, 5.0, true);
    const auto inReport = [&](const char* english) { return detail::inLanguageCode(report.language, english); };
    text(cr, kLeftMm, kTitleBaselineMm, core::i18n::format(inReport("Georeferencing report: {1}"), {report.scanName}));
    int disabled = 0;
    for (const auto& r : rows)
        disabled += r.enabled ? 0 : 1;
    std::string method = core::i18n::format(inReport("Method: {1} (needs at least {2} enabled GCPs)"),
        {core::toString(report.method), std::to_string(report.minimum)});
    if (report.method == core::GeoreferenceMethod::Tps)
        method += inReport("; residuals are leave-one-out");
    std::string gcps = core::i18n::format(inReport("GCPs: {1} enabled of {2}"), {std::to_string(report.enabledCount), std::to_string(rows.size())});
    if (disabled > 0)
        gcps += core::i18n::format(inReport(" ({1} disabled: in the table and the picture, in no figure)"), {std::to_string(disabled)});
    const std::string mean = report.meanErrorMap
        ? core::i18n::format(inReport("Mean error: {1} {2} (over n - k = {3} - {4} = {5} degrees of freedom)"),
              {number(*report.meanErrorMap, 3), unit, std::to_string(report.enabledCount), std::to_string(report.minimum),
                  std::to_string(report.enabledCount - report.minimum)})
        : core::i18n::format(inReport("Mean error: none (n = k = {1})"), {std::to_string(report.minimum)});
    const std::array<std::string, 7> figures{
        core::i18n::format(inReport("Scan: {1}, {2} x {3} pixels"),
            {report.scanName, std::to_string(report.scanWidth), std::to_string(report.scanHeight)}),
        method,
        core::i18n::format(inReport("GCP CRS: {1}"), {crsText(report.gcpCrs, report.gcpCrsName, report.gcpCrsEpsg)}),
        core::i18n::format(inReport("Target CRS: {1}, unit {2}"),
            {crsText(report.targetCrs, report.targetCrsName, report.targetCrsEpsg), report.targetUnit}),
        gcps,
        core::i18n::format(inReport("RMS: {1} {2}, {3} px"), {number(report.rmsMap, 3), unit, number(report.rmsPx, 3)}),
        mean};
    font(cr, 3.0, false);
    for (std::size_t i = 0; i < figures.size(); ++i)
        text(cr, kLeftMm, kFiguresBaselineMm + kFigureStepMm * static_cast<double>(i), figures[i]);

    // The picture, centred in its box.
    PictureFrame frame;
    frame.scale = result.mmPerScanPixel;
    frame.width = report.scanWidth * frame.scale;
    frame.height = report.scanHeight * frame.scale;
    frame.x0 = kLeftMm + (kGeorefReportPictureWidthMm - frame.width) / 2.0;
    frame.y0 = kPictureTopMm + (kGeorefReportPictureHeightMm - frame.height) / 2.0;
    drawPicture(cr, report, frame, rows, result.exaggeration);
    font(cr, 2.6, false);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, kLeftMm, kCaptionBaselineMm,
        inReport("Red dots: enabled GCPs; grey rings with a cross and dashed arrows: disabled GCPs; numbers are GCP ids."));
    text(cr, kLeftMm, kCaptionBaselineMm + 4.0,
        core::i18n::format(inReport("Residual arrows drawn {1} x true length, from each GCP towards where the fit puts its map point "
                              "(longest {2} px, {3} mm here)."),
            {factorText(result.exaggeration), number(longestPx, 1), number(longestPx * result.mmPerScanPixel * result.exaggeration, 1)}));

    // The table, worst first.
    const std::string mapUnit = report.gcpCrsGeographic ? inReport("degrees") : inReport("CRS units");
    const std::string tableTitle = core::i18n::format(inReport("GCPs, worst first (map x, y as given in {1}, {2}; dx, dy = fitted minus given, {3})"),
        {report.gcpCrs.empty() ? inReport("the GCP CRS") : report.gcpCrs, mapUnit, report.targetUnit});
    font(cr, 2.8, true);
    text(cr, kLeftMm, kFirstTableHeaderMm - 5.0, tableTitle);
    std::size_t first = 0;
    for (int page = 1; page <= result.pages; ++page) {
        const bool firstPage = page == 1;
        if (!firstPage) {
            cairo_show_page(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            font(cr, 3.6, true);
            text(cr, kLeftMm, kTitleBaselineMm, report.scanName + ": GCPs, worst first (continued)");
        }
        const std::size_t capacity = static_cast<std::size_t>(firstPage ? kGeorefReportRowsFirstPage : kGeorefReportRowsPerPage);
        const std::size_t count = std::min(capacity, rows.size() - first);
        drawTable(cr, report, rows, first, count, firstPage ? kFirstTableHeaderMm : kNextTableHeaderMm);
        first += count;
        drawFooter(cr, report, page, result.pages);
    }
    cairo_show_page(cr);
    pdf.commit();
    return result;
}

} // namespace sandtable::print
