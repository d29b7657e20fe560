// SPDX-License-Identifier: GPL-3.0-or-later
// Battle-map sheets through cairo (PDF, SVG or PNG pages): layout, layers, furniture, registration marks.
#include "sandtable/print/map_print.hpp"
#include "sandtable/print/sheet_text.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/style/label_placement.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/print/map_furniture.hpp"
#include "sandtable/print/sheet_marks.hpp"
#include "sandtable/core/style/drawing_order.hpp"
#include "sandtable/print/terrain_painter.hpp"
#include "sandtable/print/vassal_images.hpp"

#include "jpeg_encoder.hpp"
#include "page_sink.hpp"
#include "png_bytes.hpp"
#include "printed_text.hpp"
#include "sheet_marks_cairo.hpp"
#include "unit_symbol.hpp"

#include <cairo.h>

#include <algorithm>
#include <optional>
#include <cctype>
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/systems/game_system.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <sstream>

namespace sandtable::print {
namespace {

// Pub Battles movement rulers in map centimetres (docs/model.md): foot 3 x 4.5 cm, mounted 3 x 6.4 cm.
constexpr double kFootSegmentCm = 4.5;
constexpr double kMountedSegmentCm = 6.4;

struct Orientation {
    double pageW, pageH, areaW, areaH;
    int columns, rows;
};

std::string mmText(double mm)
{
    std::ostringstream out;
    out << mm;
    return out.str();
}

int sheetsAlong(double contentMm, double areaMm, double overlapMm)
{
    if (contentMm <= areaMm + 1e-9)
        return 1;
    return static_cast<int>(std::ceil((contentMm - overlapMm) / (areaMm - overlapMm) - 1e-9));
}

Orientation orient(double pageW, double pageH, const MapPrintRequest& r, double contentW, double contentH)
{
    Orientation o{pageW, pageH, pageW - 2 * r.marginMm, pageH - 2 * r.marginMm - kFurnitureMm, 0, 0};
    if (o.areaW <= r.overlapMm || o.areaH <= r.overlapMm || o.areaW <= 0 || o.areaH <= 0)
        return o;
    o.columns = sheetsAlong(contentW, o.areaW, r.overlapMm);
    o.rows = sheetsAlong(contentH, o.areaH, r.overlapMm);
    return o;
}

/// The smallest whole-thousand scale denominator at which the map fits `request.maxPages` sheets of `o`.
long long fittingScale(const MapLayout& layout, const Orientation& o, const MapPrintRequest& request)
{
    const double groundW = layout.extentWidthMm * request.scaleDenominator / 1000.0;
    const double groundH = layout.extentHeightMm * request.scaleDenominator / 1000.0;
    for (long long n = 1000; n < 1000000000LL; n += std::max(1000LL, n / 50000 * 1000)) {
        const double w = groundW * 1000.0 / static_cast<double>(n), h = groundH * 1000.0 / static_cast<double>(n);
        const double count = static_cast<double>(sheetsAlong(w, o.areaW, request.overlapMm)) * sheetsAlong(h, o.areaH, request.overlapMm);
        if (count <= static_cast<double>(request.maxPages))
            return n;
    }
    return 1000000000LL;
}

using core::style::TerrainStyle;
using print::setSourceColour;

/// Maps working-CRS metres to paper mm on one sheet.
struct SheetTransform {
    double originX, originY;  // paper mm of the sheet's map area top-left
    double minX, maxY;        // ground window top-left
    double mmPerMetre;
    double x(double gx) const { return originX + (gx - minX) * mmPerMetre; }
    double y(double gy) const { return originY + (maxY - gy) * mmPerMetre; }
    /// The terrain painter's transform (page mm).
    WorldToDevice device() const { return {originX, originY, minX, maxY, mmPerMetre}; }
};

const TerrainStyle& styleOf(const core::TerrainFeature& f) { return core::style::terrainStyle(f.terrainClass, f.attributes); }

/// Attaches the JPEG of an RGB24 image surface's own pixels as its mime data: cairo's PDF and SVG surfaces
/// then embed those bytes (DCTDecode) instead of compressing the pixels losslessly.
void drawScan(cairo_t* cr, const SheetTransform& t, const PrintRaster& raster, const core::Extent& window)
{
    if (raster.width <= 0 || raster.height <= 0
        || raster.pixels.size() != static_cast<std::size_t>(raster.width) * static_cast<std::size_t>(raster.height) * 4)
        throw core::util::OperationError("", _("scan layer"), _("the print raster's pixel buffer does not match its size"));
    // Only the pixels under this sheet go into its page (PDF viewers and printers get one sheet's worth).
    const auto& g = raster.geotransform;
    const double det = g[1] * g[5] - g[2] * g[4];
    if (det == 0)
        throw core::util::OperationError("", _("scan layer"), _("the print raster's geotransform is singular"));
    int px0 = raster.width, py0 = raster.height, px1 = 0, py1 = 0;
    for (const core::Coordinate c : {core::Coordinate{window.minX, window.minY}, core::Coordinate{window.maxX, window.minY},
             core::Coordinate{window.maxX, window.maxY}, core::Coordinate{window.minX, window.maxY}}) {
        const double dx = c.x - g[0], dy = c.y - g[3];
        const double px = (g[5] * dx - g[2] * dy) / det, py = (-g[4] * dx + g[1] * dy) / det;
        px0 = std::min(px0, static_cast<int>(std::floor(px)) - 2);
        py0 = std::min(py0, static_cast<int>(std::floor(py)) - 2);
        px1 = std::max(px1, static_cast<int>(std::ceil(px)) + 2);
        py1 = std::max(py1, static_cast<int>(std::ceil(py)) + 2);
    }
    px0 = std::max(px0, 0);
    py0 = std::max(py0, 0);
    px1 = std::min(px1, raster.width);
    py1 = std::min(py1, raster.height);
    if (px1 <= px0 || py1 <= py0)
        return;
    const int cropW = px1 - px0, cropH = py1 - py0;
    if (raster.jpegQuality != 0 && (raster.jpegQuality < 1 || raster.jpegQuality > 100))
        throw core::util::OperationError("", _("scan layer"), core::i18n::format(_("the JPEG quality {1} is not 0 or 1 to 100"), {std::to_string(raster.jpegQuality)}));
    const bool jpeg = raster.jpegQuality > 0;
    // cairo owns the pixels (the PDF surface may keep a reference until the page is finished).
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> image(
        cairo_image_surface_create(jpeg ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, cropW, cropH), &cairo_surface_destroy);
    if (cairo_surface_status(image.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", _("scan layer"), _("cannot allocate the print raster"));
    const int stride = cairo_image_surface_get_stride(image.get());
    unsigned char* data = cairo_image_surface_get_data(image.get());
    cairo_surface_flush(image.get());
    for (int y = 0; y < cropH; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride));
        for (int x = 0; x < cropW; ++x) {
            const std::size_t i = (static_cast<std::size_t>(y + py0) * static_cast<std::size_t>(raster.width)
                                      + static_cast<std::size_t>(x + px0)) * 4;
            const std::uint32_t a = raster.pixels[i + 3];
            const auto pre = [a](std::uint32_t v) { return (v * a + 127) / 255; };
            if (jpeg) { // over white: premultiplied colour plus (1 - alpha) of white
                const auto flat = [&](std::uint32_t v) { return pre(v) + (255 - a); };
                row[x] = (0xFFu << 24) | (flat(raster.pixels[i]) << 16) | (flat(raster.pixels[i + 1]) << 8) | flat(raster.pixels[i + 2]);
            } else {
                row[x] = (a << 24) | (pre(raster.pixels[i]) << 16) | (pre(raster.pixels[i + 1]) << 8) | pre(raster.pixels[i + 2]);
            }
        }
    }
    cairo_surface_mark_dirty(image.get());
    if (jpeg)
        attachJpeg(image.get(), raster.jpegQuality, "scan layer");
    cairo_save(cr);
    const auto& gt = raster.geotransform;
    // paper = S * (geotransform * pixel): first pixel -> ground, then ground -> paper mm.
    cairo_matrix_t groundToPaper;
    cairo_matrix_init(&groundToPaper, t.mmPerMetre, 0, 0, -t.mmPerMetre, t.originX - t.minX * t.mmPerMetre,
        t.originY + t.maxY * t.mmPerMetre);
    cairo_matrix_t pixelToGround;
    // The crop's pixel (0,0) is the raster's (px0, py0).
    cairo_matrix_init(&pixelToGround, gt[1], gt[4], gt[2], gt[5], gt[0] + px0 * gt[1] + py0 * gt[2],
        gt[3] + px0 * gt[4] + py0 * gt[5]);
    cairo_matrix_t pixelToPaper;
    cairo_matrix_multiply(&pixelToPaper, &pixelToGround, &groundToPaper);
    cairo_transform(cr, &pixelToPaper);
    cairo_set_source_surface(cr, image.get(), 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_restore(cr);
}

/// An axis-aligned box on paper, mm (y down): the label rule's box.
using PaperBox = core::style::LabelBox;

/// Every text set on the page being drawn and every piece's box, in page millimetres (y down), whatever the
/// transformation in force when each was set (a square's ref is set in the square's turned frame): the label
/// rule's obstacles (issue 43 item 4) and MapPrintResult::texts. One per page, made when the page begins
/// (the context's matrix then is the page's own: millimetres).
class PageInk {
public:
    PageInk(cairo_t* cr, int page) : m_page(page)
    {
        cairo_get_matrix(cr, &m_deviceToPage);
        cairo_matrix_invert(&m_deviceToPage);
    }
    /// The user-space rectangle's box on the page, cut to the current clip; nullopt when nothing of it shows.
    std::optional<PaperBox> onPage(cairo_t* cr, double x0, double y0, double x1, double y1) const
    {
        const PaperBox box = pageBox(cr, x0, y0, x1, y1);
        double c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        cairo_clip_extents(cr, &c0, &c1, &c2, &c3);
        const PaperBox clip = pageBox(cr, c0, c1, c2, c3);
        const PaperBox cut{std::max(box.x0, clip.x0), std::max(box.y0, clip.y0), std::min(box.x1, clip.x1), std::min(box.y1, clip.y1)};
        if (cut.x1 <= cut.x0 || cut.y1 <= cut.y0)
            return std::nullopt;
        return cut;
    }
    void add(const PaperBox& box, std::string text, bool piece)
    {
        m_items.push_back(PrintedText{m_page, box.x0, box.y0, box.x1, box.y1, std::move(text), piece});
    }
    /// The texts set so far (pieces are the label rule's anchors already).
    std::vector<PaperBox> textBoxes() const
    {
        std::vector<PaperBox> out;
        for (const PrintedText& t : m_items)
            if (!t.piece)
                out.push_back({t.x0, t.y0, t.x1, t.y1});
        return out;
    }
    std::vector<PrintedText>& items() { return m_items; }
    int namesLeftOut = 0;

private:
    PaperBox pageBox(cairo_t* cr, double x0, double y0, double x1, double y1) const
    {
        PaperBox out{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
            -std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
        for (auto [x, y] : {std::pair{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}) {
            cairo_user_to_device(cr, &x, &y);
            cairo_matrix_transform_point(&m_deviceToPage, &x, &y);
            out = {std::min(out.x0, x), std::min(out.y0, y), std::max(out.x1, x), std::max(out.y1, y)};
        }
        return out;
    }
    int m_page = 0;
    cairo_matrix_t m_deviceToPage;
    std::vector<PrintedText> m_items;
};

/// The page being drawn's ink (set by printMap for each page, null elsewhere: board images, previews that
/// keep no record). One printing thread draws one page at a time.
thread_local PageInk* t_ink = nullptr;

/// Unit names as a wargame map sets them (issue 24 item 4): with a white halo, beside their block as
/// core::style::placeLabels sets them (the editor's canvas follows the same rule), at 2.2 mm, else 2.0 or
/// 1.8 mm; a name is never cut at the sheet's edge.
void drawUnitLabels(cairo_t* cr, const std::vector<std::pair<const core::Unit*, PaperBox>>& blocks, const PaperBox& sheet)
{
    std::vector<core::style::LabelRequest> requests;
    for (const auto& b : blocks)
        requests.push_back({b.second, b.first->name});
    cairo_save(cr);
    selectSheetFace(cr);
    const auto measure = [cr](const std::string& text, double size) {
        cairo_set_font_size(cr, size);
        cairo_text_extents_t ext;
        cairo_text_extents(cr, text.c_str(), &ext);
        return ext.x_advance;
    };
    const std::vector<PaperBox> obstacles = t_ink ? t_ink->textBoxes() : std::vector<PaperBox>{};
    const auto placed = core::style::placeLabels(requests, sheet, {{2.2, 2.0, 1.8}, 0.8}, measure, obstacles);
    if (t_ink) { // the names of the pieces on this sheet that found no place on it
        std::vector<bool> set(requests.size(), false);
        for (const core::style::PlacedLabel& label : placed)
            set[label.request] = true;
        for (std::size_t i = 0; i < requests.size(); ++i)
            if (!set[i] && !requests[i].text.empty() && requests[i].anchor.overlaps(sheet))
                ++t_ink->namesLeftOut;
    }
    for (const core::style::PlacedLabel& label : placed) {
        const std::string& name = requests[label.request].text;
        if (label.leader) { // set away from its block: a hairline from the name to the block's nearest edge
            const PaperBox& a = requests[label.request].anchor;
            const double lx = std::clamp((a.x0 + a.x1) / 2, label.box.x0, label.box.x1);
            const double ly = std::clamp((a.y0 + a.y1) / 2, label.box.y0, label.box.y1);
            cairo_move_to(cr, lx, ly);
            cairo_line_to(cr, std::clamp(lx, a.x0, a.x1), std::clamp(ly, a.y0, a.y1));
            cairo_set_line_width(cr, 0.15);
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
            cairo_stroke(cr);
        }
        if (t_ink)
            if (const auto box = t_ink->onPage(cr, label.box.x0, label.box.y0, label.box.x1, label.box.y1))
                t_ink->add(*box, name, false);
        cairo_set_font_size(cr, label.size);
        cairo_move_to(cr, label.box.x0, label.box.y1 - label.size * 0.18);
        cairo_text_path(cr, name.c_str());
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_width(cr, 0.5); // the halo: 0.25 mm of white round each letter
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
        cairo_stroke_preserve(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_fill(cr);
    }
    cairo_restore(cr);
}

/// What a block shows on its face (issue 24 item 4), in the block's frame (centre at the origin, front edge
/// towards -y): the arm symbol (detail::drawUnitSymbol) in a box of 0.55 x the depth high and 1.5 times that
/// wide (at most 0.45 of the length), 0.2 x the depth in from the left end (centred without a strength, as
/// on an HQ), and right of it the strength in
/// bold, at most 0.5 x the depth high, shrunk to the room left; ink black on a light side colour, white on a
/// dark one. A block facing south of east-west is turned half round inside, so its figures read upright; an
/// HQ's face (a square block, its flag) stands upright on the sheet whatever the facing. A
/// route column (deeper than long) has its face along the column. A block under 3 x 1.5 mm on paper shows
/// nothing; one too short for the figure shows the symbol alone.
void drawBlockFace(cairo_t* cr, const core::Unit& u, const core::style::Rgba& colour, double length, double depth, double facing)
{
    if (std::max(length, depth) < 3.0 || std::min(length, depth) < 1.5)
        return;
    cairo_save(cr);
    const double turned = std::fmod(std::fmod(facing, 360.0) + 360.0, 360.0);
    if (u.type == core::UnitType::Hq)
        cairo_rotate(cr, -turned * std::numbers::pi / 180.0); // a square: its flag stands upright on the sheet
    else if (turned > 90.0 && turned < 270.0)
        cairo_rotate(cr, std::numbers::pi);
    if (depth > length) { // a route column: the face runs along the column
        cairo_rotate(cr, -std::numbers::pi / 2);
        std::swap(length, depth);
    }
    const double luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
    const double ink = luminance < 140 ? 1.0 : 0.0;
    cairo_set_source_rgb(cr, ink, ink, ink);
    const double symbolH = depth * 0.55;
    const double symbolW = std::min(symbolH * 1.5, length * 0.45);
    const double symbolX = u.strength > 0 ? -length / 2 + depth * 0.2 : -symbolW / 2; // no figure: centred
    detail::drawUnitSymbol(cr, u.type, symbolX, -symbolH / 2, symbolW, symbolH, 0.15);
    if (u.strength > 0) {
        const std::string figure = std::to_string(u.strength);
        const double left = symbolX + symbolW + depth * 0.15, right = length / 2 - depth * 0.15;
        selectSheetFace(cr, true);
        double size = depth * 0.5;
        cairo_text_extents_t ext;
        for (int step = 0; step < 12; ++step) { // 0.9^11 = 0.31 of the first size at the least
            cairo_set_font_size(cr, size);
            cairo_text_extents(cr, figure.c_str(), &ext);
            if (ext.x_advance <= right - left)
                break;
            size *= 0.9;
        }
        if (ext.x_advance <= right - left && size >= 0.9) {
            cairo_move_to(cr, (left + right - ext.x_advance) / 2, -(ext.y_bearing + ext.height / 2));
            cairo_show_text(cr, figure.c_str());
        }
    }
    cairo_new_path(cr);
    cairo_restore(cr);
}

/// A placed piece on paper: its block's length and depth (mm), centre, turn (radians clockwise from north) and
/// the axis-aligned box round the turned block.
struct PieceOnPaper {
    double length = 0, depth = 0, px = 0, py = 0, angle = 0;
    PaperBox box;
};

/// Where `u` stands on the sheet, or nothing for a unit that is not a placed piece. Blocks keep their paper
/// size relative to the game map: scaled when printing at another scale.
std::optional<PieceOnPaper> pieceOnPaper(const SheetTransform& t, const core::Scenario& s, const core::Unit& u, double printScale)
{
    if (!u.placement || !core::oob::isPiece(s, u))
        return std::nullopt;
    const double k = s.settings.scaleDenominator / printScale;
    // docs/model.md: block length x depth and the route-column length are scenario settings (mm on the table).
    const core::oob::PieceSizeMm size = core::oob::pieceSizeMm(s.settings, u, u.placement->column);
    PieceOnPaper p;
    p.length = size.length * k;
    p.depth = size.depth * k;
    if (u.placement->column)
        std::swap(p.length, p.depth); // in route column the long side runs along the facing
    p.px = t.x(u.placement->position.x);
    p.py = t.y(u.placement->position.y);
    p.angle = u.placement->facing * std::numbers::pi / 180.0;
    const double halfW = (std::abs(std::cos(p.angle)) * p.length + std::abs(std::sin(p.angle)) * p.depth) / 2;
    const double halfH = (std::abs(std::sin(p.angle)) * p.length + std::abs(std::cos(p.angle)) * p.depth) / 2;
    p.box = PaperBox{p.px - halfW, p.py - halfH, p.px + halfW, p.py + halfH};
    return p;
}

/// The boxes of every placed piece on the sheet (texts set before the pieces keep clear of them).
std::vector<PaperBox> pieceBoxes(const SheetTransform& t, const core::Scenario& s, double printScale)
{
    std::vector<PaperBox> out;
    for (const auto& u : s.units)
        if (const auto p = pieceOnPaper(t, s, u, printScale))
            out.push_back(p->box);
    return out;
}

void drawUnits(cairo_t* cr, const SheetTransform& t, const core::Scenario& s, double printScale, const PaperBox& sheet)
{
    std::vector<std::pair<const core::Unit*, PaperBox>> blocks;
    for (const auto& u : s.units) {
        const std::optional<PieceOnPaper> piece = pieceOnPaper(t, s, u, printScale);
        if (!piece)
            continue;
        const core::Formation* formation = s.findFormation(u.formation);
        const core::Side* side = formation ? s.findSide(formation->side) : nullptr;
        const core::style::Rgba colour =
            core::style::parseHexColour(side ? side->colour : "").value_or(core::style::Rgba{77, 77, 77, 255});
        const double length = piece->length, depth = piece->depth, px = piece->px, py = piece->py, a = piece->angle;
        const double halfW = (piece->box.x1 - piece->box.x0) / 2, halfH = (piece->box.y1 - piece->box.y0) / 2;
        blocks.push_back({&u, piece->box});
        if (t_ink)
            if (const auto box = t_ink->onPage(cr, px - halfW, py - halfH, px + halfW, py + halfH))
                t_ink->add(*box, u.id.str(), true);
        cairo_save(cr);
        cairo_translate(cr, px, py);
        cairo_rotate(cr, a); // clockwise from north on paper
        cairo_rectangle(cr, -length / 2, -depth / 2, length, depth);
        setSourceColour(cr, core::style::Rgba{colour.r, colour.g, colour.b, 217}); // 85 % opaque
        cairo_fill_preserve(cr);
        cairo_set_line_width(cr, 0.25);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_stroke(cr);
        // Facing edge: the front of the block is drawn thicker.
        cairo_move_to(cr, -length / 2, -depth / 2);
        cairo_line_to(cr, length / 2, -depth / 2);
        cairo_set_line_width(cr, 0.8);
        cairo_stroke(cr);
        drawBlockFace(cr, u, colour, length, depth, u.placement->facing);
        cairo_restore(cr);
    }
    drawUnitLabels(cr, blocks, sheet);
}

void text(cairo_t* cr, double x, double y, double size, const std::string& s, bool bold = false);

/// The Campaign Lite grid: every square outlined, its ref in its north-west corner (docs/model.md grid conventions).
void drawGrid(cairo_t* cr, const SheetTransform& t, const core::CampaignGrid& g)
{
    cairo_save(cr);
    cairo_set_source_rgba(cr, 0.1, 0.2, 0.6, 0.9);
    cairo_set_line_width(cr, 0.3);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    const double squareMm = g.squareSize * t.mmPerMetre;
    const double label = std::clamp(squareMm * 0.08, 1.6, 4.0);
    const double rad = g.rotation * std::numbers::pi / 180.0;
    for (int row = 0; row < g.rows; ++row)
        for (int column = 0; column < g.columns; ++column) {
            const auto c = core::squareCorners(g, {column, row});
            cairo_new_path(cr);
            for (int i = 0; i < 4; ++i)
                (i == 0 ? cairo_move_to : cairo_line_to)(cr, t.x(c[static_cast<std::size_t>(i)].x), t.y(c[static_cast<std::size_t>(i)].y));
            cairo_close_path(cr);
            cairo_stroke(cr);
            // The ref just inside the north-west corner (corner 3), turned with the grid.
            cairo_save(cr);
            cairo_translate(cr, t.x(c[3].x), t.y(c[3].y));
            cairo_rotate(cr, rad);
            text(cr, label * 0.4, label * 1.2, label, core::squareName(g, {column, row}), true);
            cairo_restore(cr);
        }
    cairo_restore(cr);
}

void text(cairo_t* cr, double x, double y, double size, const std::string& s, bool bold)
{
    setSheetFont(cr, size, bold);
    if (t_ink && !s.empty()) {
        cairo_text_extents_t e;
        cairo_text_extents(cr, s.c_str(), &e);
        if (e.width > 0 && e.height > 0)
            if (const auto box = t_ink->onPage(cr, x + e.x_bearing, y + e.y_bearing, x + e.x_bearing + e.width, y + e.y_bearing + e.height))
                t_ink->add(*box, s, false);
    }
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, s.c_str());
}

/// The sheet's furniture: page mm, its texts recorded as they are set.
FurnitureContext sheetFurniture(cairo_t* cr)
{
    return FurnitureContext{cr, 1.0, [](cairo_t* c, double x, double y, double size, const std::string& s, bool bold) { text(c, x, y, size, s, bold); }};
}

std::string metres(double m)
{
    std::ostringstream out;
    out << (m >= 1000 && std::fmod(m, 1000.0) == 0 ? m / 1000 : m) << (m >= 1000 && std::fmod(m, 1000.0) == 0 ? " km" : " m");
    return out.str();
}

/// A sector's name inside its frame, clear of the pieces and of the texts already set (issue 43 item 4: on the
/// Rossbach table a regiment stood on "East South"): its top-left inner corner, else top-right, bottom-left,
/// bottom-right, then the middles of the top and bottom edges; where none is clear, the top-left.
void sectorName(cairo_t* cr, const SheetTransform& t, const core::TableSector& sector, const std::vector<PaperBox>& pieces)
{
    if (sector.name.empty())
        return;
    constexpr double size = 2.4, inset = 1.5;
    setSheetFont(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, sector.name.c_str(), &e);
    const double x0 = t.x(sector.minXCm / 100.0), x1 = t.x(sector.maxXCm / 100.0);
    const double top = t.y(sector.maxYCm / 100.0), bottom = t.y(sector.minYCm / 100.0);
    const double left = x0 + inset, right = x1 - inset - e.x_advance, middle = (x0 + x1 - e.x_advance) / 2;
    const double high = top + inset - e.y_bearing, low = bottom - inset - (e.height + e.y_bearing);
    const std::pair<double, double> places[] = {{left, high}, {right, high}, {left, low}, {right, low}, {middle, high}, {middle, low}};
    std::vector<PaperBox> taken = pieces;
    if (t_ink)
        for (const PaperBox& b : t_ink->textBoxes())
            taken.push_back(b);
    std::pair<double, double> chosen = places[0];
    for (const auto& [x, y] : places) {
        const PaperBox box{x + e.x_bearing, y + e.y_bearing, x + e.x_bearing + e.width, y + e.y_bearing + e.height};
        if (std::none_of(taken.begin(), taken.end(), [&](const PaperBox& o) { return o.overlaps(box); })) {
            chosen = {x, y};
            break;
        }
    }
    text(cr, chosen.first, chosen.second, size, sector.name);
}

/// SYW house rules: the table's 10 cm fields as a faint grid, its sectors (dashed, named) and a frame in
/// centimetres along the south and west edges (a tick per field, a figure every 50 cm). Table metres from the
/// south-west corner, as TableSector has them.
void drawTable(cairo_t* cr, const SheetTransform& t, const core::Scenario& s, const std::vector<PaperBox>& pieces)
{
    if (core::systems::describe(s.settings.system).ground != core::systems::Ground::Table || !s.settings.tableWidthCm
        || !s.settings.tableDepthCm)
        return;
    const double w = *s.settings.tableWidthCm / 100.0, d = *s.settings.tableDepthCm / 100.0;
    const double field = core::systems::syw_miniatures::kFieldCm / 100.0;
    cairo_save(cr);
    cairo_set_line_width(cr, 0.1);
    cairo_set_source_rgba(cr, 0.3, 0.3, 0.3, 0.35);
    for (int i = 1; i * field < w - 1e-9; ++i) {
        cairo_move_to(cr, t.x(i * field), t.y(0));
        cairo_line_to(cr, t.x(i * field), t.y(d));
    }
    for (int j = 1; j * field < d - 1e-9; ++j) {
        cairo_move_to(cr, t.x(0), t.y(j * field));
        cairo_line_to(cr, t.x(w), t.y(j * field));
    }
    cairo_stroke(cr);
    // Sectors, for "3/4 of the battlefield's territory" (house rules 4).
    const double dash[] = {2.0, 1.2};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_width(cr, 0.35);
    cairo_set_source_rgba(cr, 0.45, 0.1, 0.1, 0.8);
    for (const core::TableSector& sector : s.settings.sectors) {
        cairo_rectangle(cr, t.x(sector.minXCm / 100.0), t.y(sector.maxYCm / 100.0),
            (sector.maxXCm - sector.minXCm) / 100.0 * t.mmPerMetre, (sector.maxYCm - sector.minYCm) / 100.0 * t.mmPerMetre);
        cairo_stroke(cr);
        sectorName(cr, t, sector, pieces);
    }
    cairo_set_dash(cr, nullptr, 0, 0);
    // The frame in centimetres.
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.25);
    cairo_rectangle(cr, t.x(0), t.y(d), w * t.mmPerMetre, d * t.mmPerMetre);
    cairo_stroke(cr);
    cairo_set_line_width(cr, 0.15);
    for (int i = 0; i * field <= w + 1e-9; ++i) {
        const bool major = i % 5 == 0;
        cairo_move_to(cr, t.x(i * field), t.y(0));
        cairo_line_to(cr, t.x(i * field), t.y(0) - (major ? 2.0 : 1.0));
        if (major && i > 0)
            text(cr, t.x(i * field) - 2.5, t.y(0) - 2.6, 2.0, std::to_string(i * 10));
    }
    for (int j = 0; j * field <= d + 1e-9; ++j) {
        const bool major = j % 5 == 0;
        cairo_move_to(cr, t.x(0), t.y(j * field));
        cairo_line_to(cr, t.x(0) + (major ? 2.0 : 1.0), t.y(j * field));
        if (major && j > 0)
            text(cr, t.x(0) + 2.6, t.y(j * field) + 0.7, 2.0, std::to_string(j * 10));
    }
    cairo_stroke(cr);
    text(cr, t.x(0) + 1.0, t.y(0) - 1.2, 2.0, "0 cm");
    cairo_restore(cr);
}

/// A round ground distance whose bar is at most `maxMm` on paper.
double niceDistance(double maxMm, double mmPerMetre)
{
    const double steps[] = {10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000, 100000};
    double best = steps[0];
    for (double s : steps)
        if (s * mmPerMetre <= maxMm)
            best = s;
    return best;
}

void drawFurniture(cairo_t* cr, const core::Scenario& s, const MapPrintRequest& r, const MapLayout& layout,
    const MapSheet& sheet, double pageW, double pageH, const std::vector<MapLegendEntry>& legend)
{
    const double mmPerMetre = 1000.0 / r.scaleDenominator;
    // The band under the map area: its highest ink (the title's ascent, the legend's first row) clears the
    // sheet marks (the title, 4 mm bold, on a baseline 4 mm under them: its ascent is under 3.8 mm).
    const double top = pageH - r.marginMm - kFurnitureMm + kMarksBelowAreaMm + 2.5;
    cairo_set_source_rgb(cr, 0, 0, 0);
    std::string title = s.settings.title.empty() ? s.settings.id : s.settings.title;
    std::ostringstream scale;
    scale << "1:" << static_cast<long long>(std::llround(r.scaleDenominator));
    text(cr, r.marginMm, top + 1.5, 4.0, title, true);
    std::string sheetLabel = core::i18n::format(detail::inLanguage(s, "Sheet {1} of {2}  ({3} rows x {4} columns)  scale {5}"),
                                 {sheetName(sheet.row, sheet.column), std::to_string(layout.rows * layout.columns),
                                     std::to_string(layout.rows), std::to_string(layout.columns), scale.str()})
        + "  " + s.settings.crs;
    // Regiments of figures measure in 10 cm fields (SYW house rules): the sheet carries their rulers.
    const bool table = core::systems::describe(s.settings.system).figureRegiments;
    if (table && s.settings.tableWidthCm && s.settings.tableDepthCm) {
        std::ostringstream width, depth;
        width << *s.settings.tableWidthCm;
        depth << *s.settings.tableDepthCm;
        sheetLabel = sheetLabel.substr(0, sheetLabel.size() - s.settings.crs.size() - 2) + "  "
            + core::i18n::format(detail::inLanguage(s, "table {1} x {2} cm"), {width.str(), depth.str()});
    }
    text(cr, r.marginMm, top + 6.0, 2.6, sheetLabel);
    double rulersRight = r.marginMm;
    if (table) {
        // SYW house rules 2.B/2.C/3.G: the 10 cm field is the measure. A bar of 5 fields at this print's scale
        // (table metres at the scenario's scale), then the moves and ranges in fields.
        namespace syw = core::systems::syw_miniatures;
        const double fieldMm = syw::kFieldCm / 100.0 * s.settings.scaleDenominator * mmPerMetre;
        std::vector<std::string> ticks;
        for (int i = 0; i <= 5; ++i)
            ticks.push_back(std::to_string(i * static_cast<int>(syw::kFieldCm)));
        drawScaleBar(sheetFurniture(cr), r.marginMm, top + 11.0, 5, fieldMm, detail::inLanguage(s, "Table (cm): fields of 10 cm"), ticks);
        const auto n = [](double v) {
            std::ostringstream out;
            out << v;
            return out.str();
        };
        text(cr, r.marginMm, top + 19.5, 2.3,
            core::i18n::format(detail::inLanguage(s, "Moves: infantry {1} field, cavalry {2} fields, artillery {3} field or a shot, limbered {4} cm"),
                {n(syw::kInfantryMoveFields), n(syw::kCavalryMoveFields), n(syw::kArtilleryMoveFields), n(syw::kLimberedMoveCm)}));
        text(cr, r.marginMm, top + 23.0, 2.3,
            core::i18n::format(detail::inLanguage(s, "Ranges: musketry {1} field, mortar {2} fields, cannon {3} fields"),
                {n(syw::kFireRangeFields), n(syw::kMortarRangeFields), n(syw::kCannonRangeFields)}));
        rulersRight = r.marginMm + std::max(5 * fieldMm, 95.0);
    } else {
    // Ground scale bar: a round distance of at most 80 mm, in 4 or 5 segments.
    const double distance = niceDistance(std::min(80.0, pageW / 2.5), mmPerMetre);
    const int segments = 4;
    std::vector<std::string> ticks;
    for (int i = 0; i <= segments; ++i)
        ticks.push_back(metres(distance * i / segments));
    drawScaleBar(sheetFurniture(cr), r.marginMm, top + 11.0, segments, distance * mmPerMetre / segments, detail::inLanguage(s, "Ground (metres)"), ticks);
    // Pub Battles movement rulers (one segment each), in map cm at the scenario scale, rescaled to this
    // print's scale: foot 4.5 cm, mounted 6.4 cm (3 segments make a full move).
    const double k = s.settings.scaleDenominator / r.scaleDenominator;
    const double footMm = kFootSegmentCm * 10.0 * k;
    const double mountedMm = kMountedSegmentCm * 10.0 * k;
    const auto figure = [](double value) {
        std::ostringstream out;
        out.precision(5);
        out << value;
        return out.str();
    };
    std::ostringstream foot, mounted;
    foot << core::i18n::format(detail::inLanguage(s, "Foot segment {1} cm = {2} m"),
        {figure(kFootSegmentCm), figure(kFootSegmentCm * s.settings.scaleDenominator / 100.0)});
    mounted << core::i18n::format(detail::inLanguage(s, "Mounted segment {1} cm = {2} m"),
        {figure(kMountedSegmentCm), figure(kMountedSegmentCm * s.settings.scaleDenominator / 100.0)});
    rulersRight = r.marginMm + distance * mmPerMetre;
    // Each label is about 45 mm long at this font size: the second ruler starts clear of the first label.
    const double secondX = r.marginMm + std::max(footMm, 46.0) + 6.0;
    if (secondX + std::max(mountedMm, 50.0) < pageW * 0.62) {
        drawScaleBar(sheetFurniture(cr), r.marginMm, top + 21.0, 3, footMm / 3.0, foot.str(), {});
        drawScaleBar(sheetFurniture(cr), secondX, top + 21.0, 4, mountedMm / 4.0, mounted.str(), {});
        rulersRight = std::max(rulersRight, secondX + std::max(mountedMm, 50.0));
    }
    }
    // North arrow (grid north of the working CRS).
    const double nx = pageW - r.marginMm - 5.0, ny = top + 2.0;
    drawNorthArrow(sheetFurniture(cr), nx, ny);
    // Legend of the classes present, in columns between the rulers and the north arrow.
    std::vector<MapLegendEntry> translated = legend;
    for (MapLegendEntry& entry : translated)
        entry.label = detail::inLanguage(s, entry.label.c_str());
    drawLegend(sheetFurniture(cr), translated, std::max(rulersRight + 8.0, pageW * 0.45), top - 1.0, nx - 4);
    if (!r.sourceNote.empty())
        text(cr, r.marginMm, pageH - r.marginMm + 4.5, 2.2, r.sourceNote);
}

void drawSheetFrame(cairo_t* cr, const MapPrintRequest& r, const MapLayout& layout, const MapSheet& sheet,
    double areaW, double areaH, const PaperBox& map)
{
    cairo_new_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.2);
    // A single sheet's frame goes round the map, not round the empty paper beside it (issue 43 item 7).
    if (layout.sheets.size() == 1)
        cairo_rectangle(cr, map.x0, map.y0, std::max(0.0, map.x1 - map.x0), std::max(0.0, map.y1 - map.y0));
    else
        cairo_rectangle(cr, r.marginMm, r.marginMm, areaW, areaH);
    cairo_stroke(cr);
    detail::drawSheetMarks(cr, sheetMarks(layout, sheet, r.marginMm, areaW, areaH, r.overlapMm), true);
}

void drawAssemblyPage(cairo_t* cr, const core::Scenario& s, const MapPrintRequest& r, const MapLayout& layout)
{
    // The picture fits the page (issue 24 item 4): it covers the extent and every sheet, whose paper runs
    // past the extent's edge on the last row and column.
    core::Extent all = *s.settings.extent;
    for (const MapSheet& sh : layout.sheets) {
        all.minX = std::min(all.minX, sh.ground.minX);
        all.minY = std::min(all.minY, sh.ground.minY);
        all.maxX = std::max(all.maxX, sh.ground.maxX);
        all.maxY = std::max(all.maxY, sh.ground.maxY);
    }
    const double mmPerMetre = 1000.0 / r.scaleDenominator;
    const double availW = layout.pageWidthMm - 2 * r.marginMm, availH = layout.pageHeightMm - 2 * r.marginMm - 30;
    const double k = std::min(availW / (all.width() * mmPerMetre), availH / (all.height() * mmPerMetre));
    const double x0 = r.marginMm, y0 = r.marginMm + 22;
    const auto px = [&](double x) { return x0 + (x - all.minX) * mmPerMetre * k; };
    const auto py = [&](double y) { return y0 + (all.maxY - y) * mmPerMetre * k; };
    cairo_set_source_rgb(cr, 0, 0, 0);
    text(cr, x0, r.marginMm + 6, 5.0,
        core::i18n::format(detail::inLanguage(s, "Assembly: {1}"), {s.settings.title.empty() ? s.settings.id : s.settings.title}), true);
    std::ostringstream overlap;
    overlap << r.overlapMm;
    std::ostringstream info;
    info << core::i18n::format(detail::inLanguage(s, "{1} sheets, {2} rows x {3} columns; map {4} x {5} mm at 1:{6}; overlap {7} mm: "
                                                   "trim each sheet on the dashed line where it joins its neighbour"),
        {std::to_string(layout.rows * layout.columns), std::to_string(layout.rows), std::to_string(layout.columns),
            std::to_string(std::llround(layout.extentWidthMm)), std::to_string(std::llround(layout.extentHeightMm)),
            std::to_string(std::llround(r.scaleDenominator)), overlap.str()});
    text(cr, x0, r.marginMm + 13, 2.8, info.str());
    for (const MapSheet& sh : layout.sheets) {
        const double sx = px(sh.ground.minX), sy = py(sh.ground.maxY);
        const double sw = sh.ground.width() * mmPerMetre * k, shh = sh.ground.height() * mmPerMetre * k;
        cairo_set_source_rgba(cr, 0.2, 0.3, 0.7, 0.08);
        cairo_rectangle(cr, sx, sy, sw, shh);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.2, 0.3, 0.7);
        cairo_set_line_width(cr, 0.2);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        text(cr, sx + sw / 2 - 3, sy + shh / 2 + 1.5, 4.0, sheetName(sh.row, sh.column), true);
    }
    // The map's own edge over the sheets.
    const core::Extent& e = *s.settings.extent;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.4);
    cairo_rectangle(cr, px(e.minX), py(e.maxY), e.width() * mmPerMetre * k, e.height() * mmPerMetre * k);
    cairo_stroke(cr);
}

} // namespace

std::vector<MapLegendEntry> mapLegend(const core::Scenario& scenario)
{
    std::vector<MapLegendEntry> legend;
    for (const auto& f : scenario.terrain) {
        const TerrainStyle& style = styleOf(f);
        const int dim = core::dimension(f.geometry.type);
        std::string label = core::style::legendLabel(style, f.terrainClass);
        const bool known = std::any_of(legend.begin(), legend.end(), [&](const MapLegendEntry& e) {
            return e.style == &style && e.dimension == dim && e.label == label;
        });
        if (!known)
            legend.push_back({&style, dim, std::move(label)});
    }
    // Drawing order, as the table sorts it; entries of one style keep the order they were first met in.
    std::stable_sort(legend.begin(), legend.end(),
        [](const MapLegendEntry& a, const MapLegendEntry& b) { return a.style->order < b.style->order; });
    return legend;
}

MapLayout planMapSheets(const core::Scenario& scenario, const MapPrintRequest& request)
{
    if (!scenario.settings.extent)
        throw core::util::OperationError("", core::i18n::format(_("scenario '{1}'"), {scenario.settings.id}), _("has no map extent to print"));
    if (!(request.scaleDenominator > 0))
        throw core::util::OperationError("", _("scale"), _("the scale denominator must be positive"));
    const core::Extent& e = *scenario.settings.extent;
    const double mmPerMetre = 1000.0 / request.scaleDenominator;
    MapLayout layout;
    layout.extentWidthMm = e.width() * mmPerMetre;
    layout.extentHeightMm = e.height() * mmPerMetre;
    const Orientation portrait = orient(request.page.widthMm, request.page.heightMm, request, layout.extentWidthMm, layout.extentHeightMm);
    const Orientation landscape = orient(request.page.heightMm, request.page.widthMm, request, layout.extentWidthMm, layout.extentHeightMm);
    const bool portraitOk = portrait.columns > 0;
    const bool landscapeOk = landscape.columns > 0;
    if (!portraitOk && !landscapeOk)
        throw core::util::OperationError("", core::i18n::format(_("page {1}"), {request.page.name}),
            core::i18n::format(_("is smaller than its margins: {1} x {2} mm leaves no map area after {3} mm margins, the {4} mm "
                                 "legend band and {5} mm overlap"),
                {mmText(request.page.widthMm), mmText(request.page.heightMm), mmText(request.marginMm), mmText(kFurnitureMm),
                    mmText(request.overlapMm)}));
    const Orientation& o = !landscapeOk || (portraitOk && portrait.columns * portrait.rows <= landscape.columns * landscape.rows)
        ? portrait
        : landscape;
    const long long count = static_cast<long long>(o.columns) * o.rows;
    if (count > static_cast<long long>(request.maxPages))
        throw core::util::OperationError("", core::i18n::format(_("scale 1:{1}"), {std::to_string(std::llround(request.scaleDenominator))}),
            core::i18n::format(_("would need {1} pages of {2} (the limit is {3}); print at 1:{4} or smaller to fit, or choose a larger page"),
                {std::to_string(count), request.page.name, std::to_string(request.maxPages),
                    std::to_string(fittingScale(layout, o, request))}));
    layout.rows = o.rows;
    layout.columns = o.columns;
    layout.pageWidthMm = o.pageW;
    layout.pageHeightMm = o.pageH;
    const double stepX = (o.areaW - request.overlapMm) / mmPerMetre;
    const double stepY = (o.areaH - request.overlapMm) / mmPerMetre;
    const bool centred = request.centreOneSheet && o.rows * o.columns == 1;
    const double padX = centred ? std::max(0.0, (o.areaW / mmPerMetre - e.width()) / 2) : 0.0;
    const double padY = centred ? std::max(0.0, (o.areaH / mmPerMetre - e.height()) / 2) : 0.0;
    for (int row = 0; row < o.rows; ++row)
        for (int column = 0; column < o.columns; ++column) {
            MapSheet sheet{row, column, {}};
            sheet.ground.minX = e.minX - padX + column * stepX;
            sheet.ground.maxX = sheet.ground.minX + o.areaW / mmPerMetre;
            sheet.ground.maxY = e.maxY + padY - row * stepY;
            sheet.ground.minY = sheet.ground.maxY - o.areaH / mmPerMetre;
            layout.sheets.push_back(sheet);
        }
    return layout;
}

double defaultMapPrintScale(const core::Scenario& scenario, const MapPrintRequest& request)
{
    if (core::systems::describe(scenario.settings.system).ground != core::systems::Ground::Table)
        return scenario.settings.scaleDenominator;
    // A table plan: the largest round scale at which the table fits one sheet (the table's metres are at
    // the scenario's scale, usually 1:1).
    MapPrintRequest r = request;
    for (double n : {1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 25.0, 50.0, 100.0}) {
        r.scaleDenominator = n * scenario.settings.scaleDenominator;
        try {
            if (planMapSheets(scenario, r).sheets.size() == 1)
                return r.scaleDenominator;
        } catch (const core::util::OperationError&) {
            // more sheets than allowed at this scale: try a smaller one
        }
    }
    return 100.0 * scenario.settings.scaleDenominator;
}

MapOutputFormat mapOutputFormat(const std::filesystem::path& output, const std::string& format)
{
    std::string f = format;
    if (f.empty()) {
        f = output.extension().string();
        if (!f.empty() && f.front() == '.')
            f.erase(0, 1);
    }
    std::transform(f.begin(), f.end(), f.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (f == "pdf")
        return MapOutputFormat::Pdf;
    if (f == "svg")
        return MapOutputFormat::Svg;
    if (f == "png")
        return MapOutputFormat::Png;
    throw core::util::OperationError(output.string(), _("output format"),
        format.empty() ? std::string(_("cannot tell the format from the extension; name a .pdf, .svg or .png file or give --format pdf|svg|png"))
                       : core::i18n::format(_("unknown format '{1}' (use pdf, svg or png)"), {format}));
}

std::filesystem::path mapPageFile(const std::filesystem::path& output, MapOutputFormat format, int page, int pages)
{
    if (format == MapOutputFormat::Pdf || pages <= 1)
        return output;
    std::filesystem::path p = output;
    p.replace_filename(output.stem().string() + "-" + std::to_string(page) + output.extension().string());
    return p;
}

MapPrintResult printMap(const core::Scenario& scenario, const MapPrintRequest& request,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress)
{
    MapPrintResult result;
    result.layout = planMapSheets(scenario, request);
    const MapLayout& layout = result.layout;
    const double areaW = layout.pageWidthMm - 2 * request.marginMm;
    const double areaH = layout.pageHeightMm - 2 * request.marginMm - kFurnitureMm;
    const double mmPerMetre = 1000.0 / request.scaleDenominator;

    std::vector<const core::TerrainFeature*> ordered;
    std::vector<MapLegendEntry> legend;
    if (request.layers.count(MapLayer::Terrain)) {
        ordered = core::style::terrainInDrawingOrder(scenario);
        legend = mapLegend(scenario);
        result.terrainPastExtent = core::terrainPastExtent(scenario);
    }
    const core::CampaignGrid* grid = nullptr;
    if (request.layers.count(MapLayer::Grid) && scenario.campaign) {
        try {
            core::checkGrid(scenario.campaign->grid);
            grid = &scenario.campaign->grid;
        } catch (const std::invalid_argument& e) {
            throw core::util::OperationError("", _("campaign grid"), e.what());
        }
    }
    result.gridPrinted = grid != nullptr;

    const int total = static_cast<int>(layout.sheets.size()) + (layout.sheets.size() > 1 ? 1 : 0);
    PageSink sink(output, request.format, request.pngDpi, layout.pageWidthMm, layout.pageHeightMm, total, scenario.settings.title);

    int page = 0;
    // Each page's texts and pieces, recorded as they are set (PageInk): the label rule keeps names clear of
    // them, and the result lists them.
    std::optional<PageInk> ink;
    struct InkScope {
        ~InkScope() { t_ink = nullptr; }
    } inkScope;
    const auto collect = [&] {
        result.texts.insert(result.texts.end(), ink->items().begin(), ink->items().end());
        result.namesLeftOut += ink->namesLeftOut;
    };
    if (layout.sheets.size() > 1) {
        cairo_t* cr = sink.begin();
        t_ink = &ink.emplace(cr, page);
        drawAssemblyPage(cr, scenario, request, layout);
        sink.end();
        collect();
        ++page;
    }
    for (const MapSheet& sheet : layout.sheets) {
        core::util::reportProgress(progress, static_cast<double>(page) / total, N_("printing map sheets"));
        cairo_t* cr = sink.begin();
        t_ink = &ink.emplace(cr, page);
        const SheetTransform t{request.marginMm, request.marginMm, sheet.ground.minX, sheet.ground.maxY, mmPerMetre};
        cairo_save(cr);
        // Clip to the sheet's map area and to the scenario extent.
        const core::Extent& e = *scenario.settings.extent;
        const double cx0 = std::max(t.x(e.minX), request.marginMm), cy0 = std::max(t.y(e.maxY), request.marginMm);
        const double cx1 = std::min(t.x(e.maxX), request.marginMm + areaW), cy1 = std::min(t.y(e.minY), request.marginMm + areaH);
        cairo_rectangle(cr, cx0, cy0, std::max(0.0, cx1 - cx0), std::max(0.0, cy1 - cy0));
        cairo_clip(cr);
        if (request.layers.count(MapLayer::Scan) && request.scan)
            drawScan(cr, t, *request.scan, sheet.ground);
        paintTerrain(cr, ordered, t.device());
        if (grid)
            drawGrid(cr, t, *grid);
        drawTable(cr, t, scenario,
            request.layers.count(MapLayer::Setup) ? pieceBoxes(t, scenario, request.scaleDenominator) : std::vector<PaperBox>{});
        if (request.layers.count(MapLayer::Setup))
            drawUnits(cr, t, scenario, request.scaleDenominator, PaperBox{cx0, cy0, cx1, cy1});
        cairo_restore(cr);
        drawSheetFrame(cr, request, layout, sheet, areaW, areaH, PaperBox{cx0, cy0, cx1, cy1});
        drawFurniture(cr, scenario, request, layout, sheet, layout.pageWidthMm, layout.pageHeightMm, legend);
        sink.end();
        collect();
        ++page;
    }
    result.files = sink.commit();
    core::util::reportProgress(progress, 1.0, N_("printing map sheets"));
    result.pages = page;
    return result;
}

std::pair<int, int> boardPixelSize(const core::Scenario& scenario, double pxPerM)
{
    if (!scenario.settings.extent)
        throw core::util::OperationError("", _("board image"), _("the scenario has no extent to draw (scenario validate says why)"));
    if (!std::isfinite(pxPerM) || pxPerM <= 0.0)
        throw core::util::OperationError("", _("board image"), core::i18n::format(_("the resolution {1} px/m is not a positive number"), {std::to_string(pxPerM)}));
    const core::Extent& e = *scenario.settings.extent;
    const double w = std::round((e.maxX - e.minX) * pxPerM), h = std::round((e.maxY - e.minY) * pxPerM);
    if (w > 40000.0 || h > 40000.0)
        throw core::util::OperationError("", _("board image"), core::i18n::format(_("the board would be {1} x {2} px, more than 40000 px on a side: choose a smaller --px-per-km"),
                                                   {mmText(w), mmText(h)}));
    return {std::max(1, static_cast<int>(w)), std::max(1, static_cast<int>(h))};
}

PngImage renderBoardImage(const core::Scenario& scenario, double pxPerM, const std::optional<PrintRaster>& scan, bool grid)
{
    const auto [width, height] = boardPixelSize(scenario, pxPerM);
    const core::Extent& e = *scenario.settings.extent;
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height), &cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", _("board image"), core::i18n::format(_("cannot allocate a {1} x {2} px image"), {std::to_string(width), std::to_string(height)}));
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), &cairo_destroy);
    cairo_t* cr = context.get();
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    // User units are paper mm at game scale, as on a printed sheet: the styles' widths keep their size.
    const double mmPerMetre = 1000.0 / scenario.settings.scaleDenominator;
    cairo_scale(cr, pxPerM / mmPerMetre, pxPerM / mmPerMetre);
    const SheetTransform t{0.0, 0.0, e.minX, e.maxY, mmPerMetre};
    if (scan)
        drawScan(cr, t, *scan, e);
    paintTerrain(cr, core::style::terrainInDrawingOrder(scenario), t.device());
    if (grid && scenario.campaign) {
        try {
            core::checkGrid(scenario.campaign->grid);
        } catch (const std::invalid_argument& ex) {
            throw core::util::OperationError("", _("campaign grid"), ex.what());
        }
        drawGrid(cr, t, scenario.campaign->grid);
    }
    cairo_surface_flush(surface.get());
    return PngImage{width, height, detail::pngBytes(surface.get(), _("board image"))};
}

} // namespace sandtable::print
