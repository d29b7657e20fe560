// SPDX-License-Identifier: GPL-3.0-or-later
// VASSAL piece images: a unit's block at true size on the board, side colour, type symbol and name.
#include "sandtable/print/vassal_images.hpp"
#include "sandtable/print/sheet_text.hpp"

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "png_bytes.hpp"
#include "unit_symbol.hpp"

#include <cairo.h>

#include <algorithm>
#include <string>
#include <utility>
#include <cmath>
#include <memory>

namespace sandtable::print {
namespace detail {

std::string pngBytes(cairo_surface_t* surface, const std::string& object)
{
    std::string bytes;
    const auto write = [](void* closure, const unsigned char* data, unsigned int length) {
        static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
        return CAIRO_STATUS_SUCCESS;
    };
    if (cairo_surface_write_to_png_stream(surface, write, &bytes) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", object, _("cairo cannot encode the image as PNG"));
    return bytes;
}

} // namespace detail

namespace {

/// Block length and depth of `unit` in mm on the table, in line (printMap's drawUnits sizes).
std::pair<double, double> blockMm(const core::Scenario& s, const core::Unit& unit)
{
    double length = core::oob::blockLengthMm(s.settings, false);
    double depth = core::oob::blockDepthMm(s.settings);
    if (unit.type == core::UnitType::Hq)
        length = depth = depth * 0.8;
    return {length, depth};
}

/// Room (px between the front edge and the bottom edge) from which a piece has two rows: symbol and strength,
/// then the name. Below it, one row: symbol and name.
constexpr double kTwoRowsPx = 20.0;
/// The font size (px) a piece's name keeps before it is shortened: about 7 px capitals, legible at 100 % zoom.
constexpr double kLegibleFontPx = 10.0;

/// The largest font size up to `largest` at which `text` is at most `width` wide, not below `smallest`.
double fittedFontSize(cairo_t* cr, const std::string& text, double width, double largest, double smallest)
{
    double size = std::max(smallest, largest);
    cairo_text_extents_t ext;
    for (;;) {
        cairo_set_font_size(cr, size);
        cairo_text_extents(cr, text.c_str(), &ext);
        if (ext.x_advance <= width || size <= smallest)
            return size;
        size = std::max(smallest, size * 0.92);
    }
}

/// The name a piece shows: the whole name when it fits `width` at the font size `legible` (px); else without its
/// parenthesis ("1st Division (Wadsworth, with the Iron Brigade)" -> "1st Division"), then with the usual
/// military abbreviations ("1st Div."), then cut with an ellipsis.
std::string pieceLabel(cairo_t* cr, const std::string& name, double width, double legible)
{
    const auto fits = [&](const std::string& text) {
        cairo_text_extents_t ext;
        cairo_set_font_size(cr, legible);
        cairo_text_extents(cr, text.c_str(), &ext);
        return ext.x_advance <= width;
    };
    if (fits(name))
        return name;
    std::string shorter = name;
    if (const auto open = shorter.find(" ("); open != std::string::npos && open > 0)
        shorter.erase(open);
    if (fits(shorter))
        return shorter;
    static const std::pair<const char*, const char*> abbreviations[] = {{"Division", "Div."}, {"Brigade", "Bde"},
        {"Regiment", "Regt"}, {"Battalion", "Bn"}, {"Battery", "Bty"}, {"Artillery", "Art."}, {"Cavalry", "Cav."},
        {"Infantry", "Inf."}, {"Corps", "C."}, {"Reserve", "Res."}, {"Company", "Coy"}, {"Squadron", "Sqn"},
        {"division", "div."}, {"brigade", "bde"}, {"regiment", "regt"}, {"battalion", "bn"}, {"battery", "bty"},
        {"artillery", "art."}, {"cavalry", "cav."}, {"infantry", "inf."}, {"reserve", "res."}};
    for (const auto& [word, abbreviation] : abbreviations)
        for (std::size_t at = shorter.find(word); at != std::string::npos; at = shorter.find(word, at + 1))
            shorter.replace(at, std::string(word).size(), abbreviation);
    if (fits(shorter))
        return shorter;
    // Still too wide: drop whole UTF-8 characters from the end (never half of one: continuation bytes have the
    // top bits 10) until the rest and an ellipsis fit; each pass removes a character, so the loop ends.
    const std::string ellipsis = "\u2026";
    while (!shorter.empty()) {
        shorter.pop_back();
        while (!shorter.empty() && (static_cast<unsigned char>(shorter.back()) & 0xC0) == 0x80)
            shorter.pop_back();
        if (fits(shorter + ellipsis))
            return shorter + ellipsis;
    }
    return ellipsis;
}

} // namespace

std::pair<int, int> piecePixelSize(const core::Scenario& scenario, const core::Unit& unit, double pxPerM)
{
    if (!std::isfinite(pxPerM) || pxPerM <= 0.0)
        throw core::util::OperationError("", _("piece image"), _("the resolution is not a positive number of px/m"));
    const auto [lengthMm, depthMm] = blockMm(scenario, unit);
    // mm on the table x scale / 1000 = metres on the ground.
    const double k = scenario.settings.scaleDenominator / 1000.0 * pxPerM;
    return {std::max(1, static_cast<int>(std::lround(lengthMm * k))), std::max(1, static_cast<int>(std::lround(depthMm * k)))};
}

PngImage renderPieceImage(const core::Scenario& scenario, const core::Unit& unit, double pxPerM)
{
    const auto [width, height] = piecePixelSize(scenario, unit, pxPerM);
    if (width > 4000 || height > 4000)
        throw core::util::OperationError("", core::i18n::format(_("piece image of {1}"), {unit.id.str()}), _("more than 4000 px on a side: choose a smaller --px-per-km"));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), &cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", core::i18n::format(_("piece image of {1}"), {unit.id.str()}), _("cannot allocate the image"));
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), &cairo_destroy);
    cairo_t* cr = context.get();
    const core::Formation* formation = scenario.findFormation(unit.formation);
    const core::Side* side = formation ? scenario.findSide(formation->side) : nullptr;
    const core::style::Rgba colour =
        core::style::parseHexColour(side ? side->colour : "").value_or(core::style::Rgba{77, 77, 77, 255});
    const double w = width, h = height;
    cairo_rectangle(cr, 0, 0, w, h);
    cairo_set_source_rgb(cr, colour.r / 255.0, colour.g / 255.0, colour.b / 255.0);
    cairo_fill(cr);
    const double line = std::max(1.0, h * 0.06);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, line);
    cairo_rectangle(cr, line / 2, line / 2, w - line, h - line);
    cairo_stroke(cr);
    // The front edge (facing): thicker, as on the printed map.
    cairo_set_line_width(cr, line * 2.5);
    cairo_move_to(cr, 0, line * 1.25);
    cairo_line_to(cr, w, line * 1.25);
    cairo_stroke(cr);
    // For the screen at VASSAL's 100 % zoom (issue 44 item 4): ink that contrasts with the side's colour (white
    // on a dark side, black on a light one) for the arm symbol, the strength and the name; the symbol and the
    // strength on one row, the name shortened to fit below at a legible size; the whole name stays the
    // piece's name in the module (its properties and the mouse-over viewer).
    const double luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
    const double ink = luminance < 140 ? 1.0 : 0.0;
    cairo_set_source_rgb(cr, ink, ink, ink);
    selectSheetFace(cr, true);
    const double pad = std::max(1.0, line * 1.2);
    const double top = line * 2.5 + 1.0, bottom = h - line - 1.0;
    const double room = bottom - top;
    const bool twoRows = room >= kTwoRowsPx && !unit.name.empty();
    const double rowA = twoRows ? std::floor(room * 0.45) : room;
    const double symbolH = std::max(1.0, rowA - 1.0);
    const double symbolW = std::min(symbolH * 1.4, w * 0.4);
    detail::drawUnitSymbol(cr, unit.type, pad, top, symbolW, symbolH, 1.0);
    if (unit.strength > 0) {
        const std::string strength = std::to_string(unit.strength);
        const double size = fittedFontSize(cr, strength, w - 3 * pad - symbolW, symbolH * 1.05, 1.0);
        cairo_text_extents_t ext;
        cairo_set_font_size(cr, size);
        cairo_text_extents(cr, strength.c_str(), &ext);
        cairo_move_to(cr, w - pad - ext.x_advance, top + symbolH / 2 + size * 0.36);
        cairo_show_text(cr, strength.c_str());
    }
    if (!unit.name.empty()) {
        const double nameTop = twoRows ? top + rowA : top;
        const double nameH = twoRows ? bottom - nameTop : room;
        const double nameX = twoRows ? pad : pad * 2 + symbolW;
        const double nameW = w - nameX - pad;
        if (nameW > 2 && nameH > 3) {
            const std::string label = pieceLabel(cr, unit.name, nameW, std::min(kLegibleFontPx, nameH * 0.9));
            const double size = fittedFontSize(cr, label, nameW, nameH * 0.9, 1.0);
            cairo_set_font_size(cr, size);
            cairo_move_to(cr, nameX, nameTop + nameH / 2 + size * 0.36);
            cairo_show_text(cr, label.c_str());
        }
    }
    cairo_surface_flush(surface.get());
    return PngImage{width, height, detail::pngBytes(surface.get(), core::i18n::format(_("piece image of {1}"), {unit.id.str()}))};
}

PngImage renderForceImage(const core::Scenario& scenario, const core::CampaignForce& force, double pxPerM)
{
    if (!scenario.campaign)
        throw core::util::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("the scenario has no campaign"));
    const int side = std::max(8, static_cast<int>(std::lround(0.6 * scenario.campaign->grid.squareSize * pxPerM)));
    if (!std::isfinite(pxPerM) || pxPerM <= 0.0 || side > 4000)
        throw core::util::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("the counter would be more than 4000 px: choose a smaller --px-per-km"));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side), &cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("cannot allocate the image"));
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), &cairo_destroy);
    cairo_t* cr = context.get();
    const core::Side* owner = scenario.findSide(force.side);
    const core::style::Rgba colour =
        core::style::parseHexColour(owner ? owner->colour : "").value_or(core::style::Rgba{77, 77, 77, 255});
    const double w = side;
    cairo_rectangle(cr, 0, 0, w, w);
    cairo_set_source_rgb(cr, colour.r / 255.0, colour.g / 255.0, colour.b / 255.0);
    cairo_fill(cr);
    const double line = std::max(1.0, w * 0.04);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, line);
    cairo_rectangle(cr, line / 2, line / 2, w - line, w - line);
    cairo_stroke(cr);
    const double luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
    const double ink = luminance < 140 ? 1.0 : 0.0;
    cairo_set_source_rgb(cr, ink, ink, ink);
    selectSheetFace(cr, true);
    const auto fitted = [&](const std::string& text, double size, double baseline) {
        cairo_text_extents_t ext;
        for (;;) {
            cairo_set_font_size(cr, size);
            cairo_text_extents(cr, text.c_str(), &ext);
            if (ext.x_advance <= w * 0.86 || size < 3)
                break;
            size *= 0.9;
        }
        cairo_move_to(cr, (w - ext.x_advance) / 2, baseline);
        cairo_show_text(cr, text.c_str());
    };
    fitted(force.name, w * 0.2, w * 0.42);
    fitted("I " + std::to_string(force.infantry) + "  C " + std::to_string(force.cavalry) + "  A " + std::to_string(force.artillery),
        w * 0.18, w * 0.75);
    cairo_surface_flush(surface.get());
    return PngImage{side, side, detail::pngBytes(surface.get(), core::i18n::format(_("force {1}"), {force.id}))};
}

} // namespace sandtable::print
