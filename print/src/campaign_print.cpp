// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign sheets as PDF, SVG or PNG pages through cairo, tiled with map_print's sheet planner.
#include "sandtable/print/campaign_print.hpp"
#include "sandtable/print/sheet_text.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/systems/campaign_lite/rules.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/print/sheet_marks.hpp"
#include "sandtable/print/terrain_painter.hpp"

#include "page_sink.hpp"
#include "printed_text.hpp"
#include "sheet_marks_cairo.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numbers>
#include <set>
#include <sstream>

namespace sandtable::print {
namespace {

using core::Coordinate;

struct Transform {
    double originX, originY, minX, maxY, mmPerMetre;
    double x(double gx) const { return originX + (gx - minX) * mmPerMetre; }
    double y(double gy) const { return originY + (maxY - gy) * mmPerMetre; }
};

using core::style::TerrainStyle;
using print::setSourceColour;

const TerrainStyle& styleFor(std::string_view terrainClass, const std::string& grade = {})
{
    return core::style::terrainStyle(terrainClass,
        grade.empty() ? core::Attributes() : core::Attributes{{"grade", grade}});
}

// The classes printed as cover, in drawing order, with a short legend word.
struct CoverClass {
    const char* id;
    const char* legend;
};
constexpr CoverClass kCoverClasses[] = {{"hill", N_("Hill")}, {"woods", N_("Forest")}, {"marsh", N_("Marsh")},
    {"village", N_("Town")}, {"town", N_("Town")}, {"river", N_("River")}};

void drawUnderlay(cairo_t* cr, const Transform& t, const PrintRaster& raster)
{
    if (raster.width <= 0 || raster.height <= 0
        || raster.pixels.size() != static_cast<std::size_t>(raster.width) * static_cast<std::size_t>(raster.height) * 4)
        throw core::util::OperationError("", _("underlay"), _("the raster's pixel buffer does not match its size"));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> image(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, raster.width, raster.height), &cairo_surface_destroy);
    if (cairo_surface_status(image.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", _("underlay"), _("cannot allocate the raster"));
    const int stride = cairo_image_surface_get_stride(image.get());
    unsigned char* data = cairo_image_surface_get_data(image.get());
    cairo_surface_flush(image.get());
    for (int y = 0; y < raster.height; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride));
        for (int x = 0; x < raster.width; ++x) {
            const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(raster.width) + static_cast<std::size_t>(x)) * 4;
            const std::uint32_t a = raster.pixels[i + 3];
            const auto pre = [a](std::uint32_t v) { return (v * a + 127) / 255; };
            row[x] = (a << 24) | (pre(raster.pixels[i]) << 16) | (pre(raster.pixels[i + 1]) << 8) | pre(raster.pixels[i + 2]);
        }
    }
    cairo_surface_mark_dirty(image.get());
    cairo_save(cr);
    const auto& g = raster.geotransform;
    cairo_matrix_t groundToPaper, pixelToGround, pixelToPaper;
    cairo_matrix_init(&groundToPaper, t.mmPerMetre, 0, 0, -t.mmPerMetre, t.originX - t.minX * t.mmPerMetre, t.originY + t.maxY * t.mmPerMetre);
    cairo_matrix_init(&pixelToGround, g[1], g[4], g[2], g[5], g[0], g[3]);
    cairo_matrix_multiply(&pixelToPaper, &pixelToGround, &groundToPaper);
    cairo_transform(cr, &pixelToPaper);
    cairo_set_source_surface(cr, image.get(), 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    // Pale, so the grid and the symbols stay readable over it.
    cairo_paint_with_alpha(cr, 0.45);
    cairo_restore(cr);
}

Coordinate lerp(Coordinate a, Coordinate b, double t) { return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)}; }

// The midpoint of a square edge, corners ordered SW, SE, NE, NW.
Coordinate edgeMidpoint(const std::array<Coordinate, 4>& k, core::Edge e)
{
    switch (e) {
    case core::Edge::South: return lerp(k[0], k[1], 0.5);
    case core::Edge::East: return lerp(k[1], k[2], 0.5);
    case core::Edge::North: return lerp(k[2], k[3], 0.5);
    case core::Edge::West: return lerp(k[3], k[0], 0.5);
    }
    return k[0];
}

/// The legend key of the override mark (no terrain style has it).
constexpr const char* kOverrideKey = "~override";

void drawSquares(cairo_t* cr, const Transform& t, const core::Scenario& s, std::set<std::string>& legend)
{
    const core::Campaign& c = *s.campaign;
    const core::CampaignGrid& g = c.grid;
    const double squareMm = g.squareSize * t.mmPerMetre;
    for (int row = 0; row < g.rows; ++row)
        for (int column = 0; column < g.columns; ++column) {
            const core::SquareRef q{column, row};
            const auto k = core::squareCorners(g, q);
            // Cover: whole tints the square, half its north-west half; a second class with half cover in the
            // same square takes the south-east half, so neither hides the other (issue 43 item 4: Culp's Hill's
            // half hill under the woods). Corners: 0 south-west, 1 south-east, 2 north-east, 3 north-west.
            int halves = 0;
            for (const CoverClass& cls : kCoverClasses) {
                const core::Cover cover = c.cover(q, cls.id);
                if (cover == core::Cover::None)
                    continue;
                legend.insert(cls.id);
                const TerrainStyle& st = styleFor(cls.id);
                cairo_new_path(cr);
                if (cover == core::Cover::Whole) {
                    for (int i = 0; i < 4; ++i)
                        (i == 0 ? cairo_move_to : cairo_line_to)(cr, t.x(k[static_cast<std::size_t>(i)].x), t.y(k[static_cast<std::size_t>(i)].y));
                } else {
                    const bool southEast = halves++ % 2 == 1;
                    cairo_move_to(cr, t.x(k[0].x), t.y(k[0].y));
                    cairo_line_to(cr, t.x(k[southEast ? 1 : 2].x), t.y(k[southEast ? 1 : 2].y));
                    cairo_line_to(cr, t.x(k[southEast ? 2 : 3].x), t.y(k[southEast ? 2 : 3].y));
                }
                cairo_close_path(cr);
                paintArea(cr, st, {}, false);
            }
            // A square the designer set by hand (an override, kept through `grid derive`): a small open diamond
            // just inside its south-east corner, in the legend as "set by hand".
            if (std::any_of(c.overrides.begin(), c.overrides.end(), [&](const core::CoverOverride& o) { return o.square == q; })) {
                legend.insert(kOverrideKey);
                const double r = std::clamp(squareMm * 0.035, 0.6, 1.6);
                const Coordinate at = lerp(k[1], k[3], 0.1);
                cairo_new_path(cr);
                cairo_move_to(cr, t.x(at.x), t.y(at.y) - r);
                cairo_line_to(cr, t.x(at.x) + r, t.y(at.y));
                cairo_line_to(cr, t.x(at.x), t.y(at.y) + r);
                cairo_line_to(cr, t.x(at.x) - r, t.y(at.y));
                cairo_close_path(cr);
                cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
                cairo_set_line_width(cr, 0.3);
                cairo_stroke(cr);
            }
            const core::SquareTerrain* d = c.derivedSquare(q);
            if (!d)
                continue;
            const Coordinate centre = core::squareCentre(g, q);
            // Water under roads: blue lines from the centre to each edge crossed.
            for (int pass = 0; pass < 2; ++pass)
                for (const core::SquareLine& l : d->lines) {
                    const bool road = l.terrainClass == "road";
                    if ((pass == 0) == road)
                        continue;
                    const TerrainStyle& st = styleFor(l.terrainClass, l.grade);
                    legend.insert(std::string(st.key));
                    setSourceColour(cr, st.outline);
                    setLineStyle(cr, st);
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                    // Water is drawn a little off the centre so a road and a stream in one square stay apart.
                    const Coordinate hub = road ? centre : lerp(centre, k[0], 0.18);
                    if (l.edges.empty()) {
                        cairo_arc(cr, t.x(hub.x), t.y(hub.y), 0.8, 0, 2 * std::numbers::pi);
                        cairo_fill(cr);
                    }
                    for (core::Edge e : l.edges) {
                        const Coordinate end = edgeMidpoint(k, e);
                        cairo_move_to(cr, t.x(hub.x), t.y(hub.y));
                        cairo_line_to(cr, t.x(end.x), t.y(end.y));
                        cairo_stroke(cr);
                    }
                    cairo_set_dash(cr, nullptr, 0, 0);
                }
            for (const core::SquareCrossing& x : d->crossings) {
                legend.insert(x.terrainClass);
                const Coordinate at = x.edge ? edgeMidpoint(k, *x.edge) : centre;
                // The table's symbol, drawn smaller where squares are small.
                TerrainStyle st = styleFor(x.terrainClass);
                st.symbolMm = std::max(2.4, std::min(st.symbolMm, squareMm * 0.12));
                paintSymbol(cr, st, t.x(at.x), t.y(at.y));
            }
        }
}

void drawGridLines(cairo_t* cr, const Transform& t, const core::CampaignGrid& g)
{
    const double squareMm = g.squareSize * t.mmPerMetre;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.3);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (int row = 0; row < g.rows; ++row)
        for (int column = 0; column < g.columns; ++column) {
            const auto k = core::squareCorners(g, {column, row});
            cairo_move_to(cr, t.x(k[0].x), t.y(k[0].y));
            for (int i = 1; i < 4; ++i)
                cairo_line_to(cr, t.x(k[i].x), t.y(k[i].y));
            cairo_close_path(cr);
            cairo_stroke(cr);
        }
    // Each square's name in its north-west corner, sized to the square.
    const double size = std::clamp(squareMm * 0.11, 1.8, 4.0);
    for (int row = 0; row < g.rows; ++row)
        for (int column = 0; column < g.columns; ++column) {
            const auto k = core::squareCorners(g, {column, row});
            const Coordinate at = k[3];
            const std::string name = core::squareName(g, {column, row});
            cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
            const double w = sheetTextWidth(cr, size, name, true);
            cairo_rectangle(cr, t.x(at.x) + 0.3, t.y(at.y) + 0.3, w + 0.8, size + 0.6);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            showSheetText(cr, t.x(at.x) + 0.7, t.y(at.y) + size + 0.3, size, name, true);
        }
}

void drawObjectives(cairo_t* cr, const Transform& t, const core::Campaign& c)
{
    for (const core::Objective& o : c.objectives) {
        const Coordinate centre = core::squareCentre(c.grid, o.square);
        const auto k = core::squareCorners(c.grid, o.square);
        double left = t.x(k[0].x), right = left;
        for (const Coordinate& corner : k) {
            left = std::min(left, t.x(corner.x));
            right = std::max(right, t.x(corner.x));
        }
        const double x = t.x(centre.x), y = t.y(centre.y) + 1.0;
        // A five-pointed star.
        cairo_new_path(cr);
        for (int i = 0; i < 10; ++i) {
            const double a = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
            const double r = i % 2 ? 0.9 : 2.1;
            cairo_line_to(cr, x + r * std::cos(a), y + r * std::sin(a));
        }
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.2);
        cairo_stroke(cr);
        const std::string label = o.name + " (" + std::to_string(o.points) + ")";
        cairo_set_source_rgba(cr, 1, 1, 1, 0.75);
        const double w = sheetTextWidth(cr, 2.0, label);
        // Kept inside its square where it fits, so labels on the grid's edge are not cut off.
        const double lx = std::clamp(x - w / 2, left + 0.4, std::max(left + 0.4, right - w - 0.4));
        cairo_rectangle(cr, lx - 0.4, y + 2.4, w + 0.8, 2.6);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        showSheetText(cr, lx, y + 4.4, 2.0, label);
    }
}

void drawFurniture(cairo_t* cr, const core::Scenario& s, const CampaignPrintRequest& r, double scale, const MapLayout& layout,
    const MapSheet& sheet, int copy, const std::set<std::string>& legend)
{
    const core::CampaignGrid& g = s.campaign->grid;
    const double pageW = layout.pageWidthMm, pageH = layout.pageHeightMm;
    const double top = pageH - r.marginMm - kFurnitureMm + 3.0;
    const double mmPerMetre = 1000.0 / scale;
    cairo_set_source_rgb(cr, 0, 0, 0);
    const std::string title = core::i18n::format(detail::inLanguage(s, "{1} - campaign map"),
        {s.settings.title.empty() ? s.settings.id : s.settings.title});
    showSheetText(cr, r.marginMm, top + 2.0, 4.0, title, true);
    std::ostringstream info;
    info.precision(6);
    const auto figure = [](double value) {
        std::ostringstream out;
        out.precision(6);
        out << value;
        return out.str();
    };
    info << core::i18n::format(detail::inLanguage(s, "1:{1}   one square = {2} m ({3} mile)   {4} x {5} squares   copy {6} of {7}"),
        {std::to_string(std::llround(scale)), figure(g.squareSize), figure(g.squareSize / core::kMileMetres),
            std::to_string(g.columns), std::to_string(g.rows), std::to_string(copy), std::to_string(r.copies)});
    if (layout.sheets.size() > 1)
        info << core::i18n::format(detail::inLanguage(s, "   sheet {1} of {2}"),
            {sheetName(sheet.row, sheet.column), std::to_string(layout.sheets.size())});
    showSheetText(cr, r.marginMm, top + 6.5, 2.5, info.str());
    // Scale bar: three squares (or as many as fit in 90 mm), each segment one square.
    const double squareMm = g.squareSize * mmPerMetre;
    const int segments = std::max(1, std::min(3, static_cast<int>(90.0 / squareMm)));
    const double barY = top + 11.0;
    cairo_set_line_width(cr, 0.15);
    for (int i = 0; i < segments; ++i) {
        cairo_rectangle(cr, r.marginMm + i * squareMm, barY, squareMm, 1.6);
        cairo_set_source_rgb(cr, i % 2 ? 1 : 0, i % 2 ? 1 : 0, i % 2 ? 1 : 0);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_stroke(cr);
    }
    for (int i = 0; i <= segments; ++i) {
        std::ostringstream tick;
        tick << std::llround(i * g.squareSize) << " m";
        showSheetText(cr, r.marginMm + i * squareMm - 0.6, barY + 4.3, 2.1, tick.str());
    }
    showSheetText(cr, r.marginMm, barY + 7.6, 2.1, detail::inLanguage(s, "each segment = one square"));
    // Turn / player boxes for the players' notes (moves and searches are recorded on the maps).
    const double boxX = std::max(r.marginMm + segments * squareMm + 12.0, r.marginMm + 60.0);
    showSheetText(cr, boxX, top + 12.0, 2.6, detail::inLanguage(s, "Turn ______   Player ______________"));
    showSheetText(cr, boxX, top + 18.0, 2.6, detail::inLanguage(s, "Side ______________   Hour ______"));
    // Legend.
    // Below the title line, five entries a column, clear of the note boxes.
    const double lx = std::max(boxX + 56.0, pageW * 0.5), ly = top + 4.5;
    int n = 0;
    for (const std::string& key : legend) {
        const double x = lx + (n / 5) * 27.0, y = ly + (n % 5) * 4.2;
        if (x + 22 > pageW - r.marginMm - 6)
            break;
        if (key == kOverrideKey) {
            const double cx = x + 5.25, cy = y + 1.3;
            cairo_new_path(cr);
            cairo_move_to(cr, cx, cy - 1.2);
            cairo_line_to(cr, cx + 1.2, cy);
            cairo_line_to(cr, cx, cy + 1.2);
            cairo_line_to(cr, cx - 1.2, cy);
            cairo_close_path(cr);
            cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
            cairo_set_line_width(cr, 0.3);
            cairo_stroke(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            showSheetText(cr, x + 11.5, y + 2.3, 2.2, detail::inLanguage(s, N_("Set by hand (override)")));
            ++n;
            continue;
        }
        // The legend keys are the table's keys (cover classes and drawn lines and crossings alike).
        const TerrainStyle* st = core::style::findTerrainStyle(key);
        if (!st)
            continue;
        std::string label(st->legend);
        const core::rules::TerrainClassInfo* classInfo = core::rules::findTerrainClass(st->terrainClass);
        // Rivers show as the line the squares draw, even where they also cover squares.
        const bool cover = key != "river" && std::any_of(std::begin(kCoverClasses), std::end(kCoverClasses),
            [&](const CoverClass& c) { return key == c.id; });
        if (cover) {
            // The full square and the triangle beside it show whole and half cover.
            paintSwatch(cr, *st, 2, x, y, 5.0, 2.6);
            cairo_new_path(cr);
            cairo_move_to(cr, x + 5.5, y);
            cairo_line_to(cr, x + 10.5, y);
            cairo_line_to(cr, x + 5.5, y + 2.6);
            cairo_close_path(cr);
            paintArea(cr, *st, {}, false);
            for (const CoverClass& c : kCoverClasses)
                if (key == c.id)
                    label = c.legend;
        } else {
            paintSwatch(cr, *st, classInfo ? classInfo->dimension : 1, x, y, 10.5, 2.6);
            if (key == "river")
                label = N_("River (bridges only)"); // Campaign Lite: rivers are crossed at bridges
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
        showSheetText(cr, x + 11.5, y + 2.3, 2.2, detail::inLanguage(s, label.c_str()));
        ++n;
    }
    // North arrow (grid north of the working CRS).
    const double nx = pageW - r.marginMm - 4.0, ny = top + 2.0;
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, nx, ny);
    cairo_line_to(cr, nx - 2.2, ny + 7.0);
    cairo_line_to(cr, nx, ny + 5.5);
    cairo_line_to(cr, nx + 2.2, ny + 7.0);
    cairo_close_path(cr);
    cairo_fill(cr);
    showSheetText(cr, nx - 1.3, ny + 11.0, 3.0, "N", true);
    if (!r.sourceNote.empty())
        showSheetText(cr, r.marginMm, pageH - r.marginMm + 4.5, 2.1, r.sourceNote);
}

MapPrintRequest layoutRequest(const CampaignPrintRequest& r, double scale)
{
    MapPrintRequest m;
    m.scaleDenominator = scale;
    m.page = r.page;
    m.marginMm = r.marginMm;
    m.overlapMm = r.overlapMm;
    m.maxPages = r.maxPages;
    return m;
}

core::Scenario gridExtentScenario(const core::Scenario& s)
{
    core::Scenario out;
    out.settings.id = s.settings.id;
    const auto b = core::gridBounds(s.campaign->grid);
    out.settings.extent = core::Extent{b[0], b[1], b[2], b[3]};
    return out;
}

/// The Campaign Lite player aid (campaign-lite.txt): every number a player needs on the campaign map, each
/// with the line of the rules text it comes from, and the scenario's objectives with their points.
void drawPlayerAid(cairo_t* cr, const core::Scenario& s, double pageW, double marginMm)
{
    namespace campaign_lite = core::systems::campaign_lite;
    using core::i18n::format;
    const campaign_lite::MovementRules& m = campaign_lite::movementRules();
    const campaign_lite::SearchRules& search = campaign_lite::searchRules();
    const auto n = [](int v) { return std::to_string(v); };
    const double x = marginMm, width = pageW - 2 * marginMm;
    double y = marginMm + 6.0;
    cairo_set_source_rgb(cr, 0, 0, 0);
    showSheetText(cr, x, y, 5.0, detail::inLanguage(s, "Campaign Lite player aid"), true);
    y += 5.5;
    showSheetText(cr, x, y, 3.0, s.settings.title.empty() ? s.settings.id : s.settings.title);
    y += 4.5;
    showSheetText(cr, x, y, 2.3, format(detail::inLanguage(s, "Numbers from {1}; the line of each is given in brackets."), {std::string(campaign_lite::kCampaignLiteSource)}));
    const auto line = [&](int number) { return std::string(" ").append(format(detail::inLanguage(s, "[line {1}]"), {n(number)})); };
    const auto heading = [&](const std::string& title) {
        y += 8.0;
        showSheetText(cr, x, y, 3.4, title, true);
        cairo_set_line_width(cr, 0.2);
        cairo_move_to(cr, x, y + 1.2);
        cairo_line_to(cr, x + width, y + 1.2);
        cairo_stroke(cr);
        y += 1.5;
    };
    const auto row = [&](const std::string& body) {
        y += 4.6;
        showSheetText(cr, x + 2.0, y, 2.8, body);
    };
    const auto table = [&](const campaign_lite::DieTable& t, const std::string& title) {
        row(format(detail::inLanguage(s, "{1} (d{2})"), {title, n(t.faces)}) + line(t.line) + ":");
        for (const campaign_lite::DieTableEntry& e : t.entries) {
            std::string faces = n(e.low);
            if (e.high != e.low)
            {
                faces += '-';
                faces += e.high > t.faces ? detail::inLanguage(s, "more") : n(e.high);
            }
            y += 4.2;
            showSheetText(cr, x + 8.0, y, 2.6, faces);
            showSheetText(cr, x + 22.0, y, 2.6, detail::inLanguage(s, std::string(e.text).c_str()));
        }
    };
    heading(detail::inLanguage(s, "Movement, squares per one-hour turn"));
    row(format(detail::inLanguage(s, "Infantry {1}, cavalry {2}, artillery {3}"), {n(m.infantry), n(m.cavalry), n(m.artillery)}) + line(m.line));
    row(format(detail::inLanguage(s, "Along a road for the whole move: minor road +{1}, major road +{2}; on roads artillery moves as infantry"),
            {n(m.minorRoadBonus), n(m.majorRoadBonus)})
        + line(m.roadBonusLine));
    row(format(detail::inLanguage(s, "Forced march: +{1} square, then roll"), {n(m.forcedMarchBonus)}) + line(m.forcedMarchLine));
    table(campaign_lite::forcedMarchTable(), detail::inLanguage(s, "Forced march"));
    table(campaign_lite::forcedMarchSecondTable(), detail::inLanguage(s, "Forced march, second die, +1 for each turn the unit was forced marched"));
    row(detail::inLanguage(s, "Night: movement is halved") + line(m.nightLine));
    heading(detail::inLanguage(s, "Searches and reconnaissance"));
    row(format(detail::inLanguage(s, "Squares searched: infantry {1}, cavalry {2}-{3} (you decide), artillery {4}"),
            {n(search.infantry), n(search.cavalryMin), n(search.cavalryMax), n(search.artillery)})
        + line(search.line));
    row(detail::inLanguage(s, "One square less for a force with disordered units, and one less after a forced march") + line(search.penaltyLine));
    row(format(detail::inLanguage(s, "Reconnaissance points: infantry {1}, cavalry {2}, artillery {3}"),
            {n(search.reconInfantry), n(search.reconCavalry), n(search.reconArtillery)})
        + line(search.reconLine));
    table(campaign_lite::bothReconTable(), detail::inLanguage(s, "Both sides chose Aggressive Recon"));
    table(campaign_lite::skirmishAgainstDeployedTable(), detail::inLanguage(s, "Skirmish against a deployed force"));
    heading(detail::inLanguage(s, "Reinforcements"));
    table(campaign_lite::reinforcementDelayTable(), detail::inLanguage(s, "Arrival of a reinforcement"));
    heading(detail::inLanguage(s, "Victory: one point each"));
    for (const campaign_lite::VictoryCondition& v : campaign_lite::victoryConditions())
        row(detail::inLanguage(s, std::string(v.text).c_str()) + line(v.line));
    if (s.campaign && !s.campaign->objectives.empty()) {
        heading(detail::inLanguage(s, "This campaign's objectives"));
        for (const core::Objective& o : s.campaign->objectives) {
            std::string body = format(o.points == 1 ? detail::inLanguage(s, "{1} ({2}, square {3}): {4} point") : detail::inLanguage(s, "{1} ({2}, square {3}): {4} points"),
                {o.name.empty() ? o.id : o.name, core::toString(o.kind), core::squareName(s.campaign->grid, o.square), n(o.points)});
            if (o.side)
                body += format(detail::inLanguage(s, ", side {1}"), {o.side->str()});
            row(body);
        }
    }
}

} // namespace

double campaignPrintScale(const core::Scenario& scenario, const CampaignPrintRequest& request)
{
    if (!scenario.campaign)
        throw core::util::OperationError("", core::i18n::format(_("scenario '{1}'"), {scenario.settings.id}), _("has no campaign grid to print"));
    if (request.scaleDenominator) {
        if (!(*request.scaleDenominator > 0))
            throw core::util::OperationError("", _("scale"), _("the scale denominator must be positive"));
        return *request.scaleDenominator;
    }
    const auto b = core::gridBounds(scenario.campaign->grid);
    const double w = b[2] - b[0], h = b[3] - b[1];
    const double areaW = request.page.widthMm - 2 * request.marginMm;
    const double areaH = request.page.heightMm - 2 * request.marginMm - kFurnitureMm;
    if (areaW <= 0 || areaH <= 0)
        throw core::util::OperationError("", core::i18n::format(_("page {1}"), {request.page.name}), _("is smaller than its margins and legend band"));
    // Either orientation: the landscape page swaps the available width and height (margins stay).
    const double landscapeW = request.page.heightMm - 2 * request.marginMm;
    const double landscapeH = request.page.widthMm - 2 * request.marginMm - kFurnitureMm;
    double best = std::max(w * 1000.0 / areaW, h * 1000.0 / areaH);
    if (landscapeW > 0 && landscapeH > 0)
        best = std::min(best, std::max(w * 1000.0 / landscapeW, h * 1000.0 / landscapeH));
    return std::max(1000.0, std::ceil(best / 1000.0 - 1e-9) * 1000.0);
}

CampaignPrintResult printCampaignSheets(const core::Scenario& scenario, const CampaignPrintRequest& request,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress)
{
    if (request.copies < 1)
        throw core::util::OperationError("", _("copies"), _("at least one copy must be printed"));
    CampaignPrintResult result;
    result.scaleDenominator = campaignPrintScale(scenario, request);
    try {
        core::checkGrid(scenario.campaign->grid);
    } catch (const std::invalid_argument& e) {
        throw core::util::OperationError("", _("campaign grid"), e.what());
    }
    const core::Scenario extentOnly = gridExtentScenario(scenario);
    const MapPrintRequest planned = layoutRequest(request, result.scaleDenominator);
    result.layout = planMapSheets(extentOnly, planned);
    const MapLayout& layout = result.layout;
    const std::size_t perCopy = layout.sheets.size() + (layout.sheets.size() > 1 ? 1 : 0);
    if (perCopy * static_cast<std::size_t>(request.copies) > request.maxPages)
        throw core::util::OperationError("", _("copies"), core::i18n::format(_("{1} copies of {2} pages exceed the limit of {3} pages"),
                                                   {std::to_string(request.copies), std::to_string(perCopy), std::to_string(request.maxPages)}));
    const double areaW = layout.pageWidthMm - 2 * request.marginMm;
    const double areaH = layout.pageHeightMm - 2 * request.marginMm - kFurnitureMm;
    const double mmPerMetre = 1000.0 / result.scaleDenominator;
    const core::Extent& e = *extentOnly.settings.extent;

    const int total = static_cast<int>(perCopy) * request.copies + (request.playerAid ? 1 : 0);
    PageSink sink(output, request.format, request.pngDpi, layout.pageWidthMm, layout.pageHeightMm, total,
        scenario.settings.title + " - campaign map");

    int page = 0;
    for (int copy = 1; copy <= request.copies; ++copy) {
        if (layout.sheets.size() > 1) {
            cairo_t* cr = sink.begin();
            // Assembly page: where each sheet goes.
            const double k = std::min(areaW / layout.extentWidthMm, (areaH - 10) / layout.extentHeightMm);
            const double x0 = request.marginMm, y0 = request.marginMm + 18;
            cairo_set_source_rgb(cr, 0, 0, 0);
            showSheetText(cr, x0, request.marginMm + 6, 5.0,
                core::i18n::format(detail::inLanguage(scenario, "Assembly: {1} - campaign map, copy {2} of {3}"),
                    {scenario.settings.title, std::to_string(copy), std::to_string(request.copies)}),
                true);
            cairo_set_line_width(cr, 0.3);
            cairo_rectangle(cr, x0, y0, layout.extentWidthMm * k, layout.extentHeightMm * k);
            cairo_stroke(cr);
            for (const MapSheet& sh : layout.sheets) {
                const double sx = x0 + (sh.ground.minX - e.minX) * mmPerMetre * k, sy = y0 + (e.maxY - sh.ground.maxY) * mmPerMetre * k;
                cairo_set_source_rgb(cr, 0.2, 0.3, 0.7);
                cairo_set_line_width(cr, 0.2);
                cairo_rectangle(cr, sx, sy, sh.ground.width() * mmPerMetre * k, sh.ground.height() * mmPerMetre * k);
                cairo_stroke(cr);
                cairo_set_source_rgb(cr, 0, 0, 0);
                showSheetText(cr, sx + 3, sy + 8, 5.0, sheetName(sh.row, sh.column), true);
            }
            sink.end();
            ++page;
        }
        for (const MapSheet& sheet : layout.sheets) {
            core::util::reportProgress(progress, static_cast<double>(page) / total, N_("printing campaign sheets"));
            cairo_t* cr = sink.begin();
            const Transform t{request.marginMm, request.marginMm, sheet.ground.minX, sheet.ground.maxY, mmPerMetre};
            std::set<std::string> legend;
            cairo_save(cr);
            const double cx0 = std::max(t.x(e.minX), request.marginMm), cy0 = std::max(t.y(e.maxY), request.marginMm);
            const double cx1 = std::min(t.x(e.maxX), request.marginMm + areaW), cy1 = std::min(t.y(e.minY), request.marginMm + areaH);
            // A little beyond the grid so its border lines print whole.
            cairo_rectangle(cr, cx0 - 0.5, cy0 - 0.5, std::max(0.0, cx1 - cx0) + 1.0, std::max(0.0, cy1 - cy0) + 1.0);
            cairo_clip(cr);
            if (request.underlay)
                drawUnderlay(cr, t, *request.underlay);
            drawSquares(cr, t, scenario, legend);
            drawGridLines(cr, t, scenario.campaign->grid);
            drawObjectives(cr, t, *scenario.campaign);
            cairo_restore(cr);
            if (layout.sheets.size() > 1)
                detail::drawSheetMarks(cr, sheetMarks(layout, sheet, request.marginMm, areaW, areaH, request.overlapMm), false);
            drawFurniture(cr, scenario, request, result.scaleDenominator, layout, sheet, copy, legend);
            sink.end();
            ++page;
        }
    }
    if (request.playerAid) {
        drawPlayerAid(sink.begin(), scenario, layout.pageWidthMm, request.marginMm);
        sink.end();
        ++page;
    }
    result.files = sink.commit();
    core::util::reportProgress(progress, 1.0, N_("printing campaign sheets"));
    result.pages = page;
    return result;
}

} // namespace sandtable::print
