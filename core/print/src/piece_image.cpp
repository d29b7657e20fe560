// SPDX-License-Identifier: GPL-3.0-or-later
// VASSAL piece images: a unit's block at true size on the board, side colour, type symbol and name.
#include "sandtable/print/vassal_images.hpp"

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"

#include "png_bytes.hpp"
#include "unit_symbol.hpp"

#include <cairo.h>

#include <algorithm>
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
        throw core::OperationError("", object, _("cairo cannot encode the image as PNG"));
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

} // namespace

std::pair<int, int> piecePixelSize(const core::Scenario& scenario, const core::Unit& unit, double pxPerM)
{
    if (!std::isfinite(pxPerM) || pxPerM <= 0.0)
        throw core::OperationError("", _("piece image"), _("the resolution is not a positive number of px/m"));
    const auto [lengthMm, depthMm] = blockMm(scenario, unit);
    // mm on the table x scale / 1000 = metres on the ground.
    const double k = scenario.settings.scaleDenominator / 1000.0 * pxPerM;
    return {std::max(1, static_cast<int>(std::lround(lengthMm * k))), std::max(1, static_cast<int>(std::lround(depthMm * k)))};
}

PngImage renderPieceImage(const core::Scenario& scenario, const core::Unit& unit, double pxPerM)
{
    const auto [width, height] = piecePixelSize(scenario, unit, pxPerM);
    if (width > 4000 || height > 4000)
        throw core::OperationError("", core::i18n::format(_("piece image of {1}"), {unit.id.str()}), _("more than 4000 px on a side: choose a smaller --px-per-km"));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height), &cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::OperationError("", core::i18n::format(_("piece image of {1}"), {unit.id.str()}), _("cannot allocate the image"));
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
    // A label box of white under the symbol and name, so they read on any side colour.
    const double pad = std::max(1.0, h * 0.12);
    const double symbolH = std::max(1.0, h - 2 * pad - line * 1.5);
    const double symbolW = std::min(symbolH * 1.3, w * 0.25);
    cairo_set_source_rgb(cr, 0, 0, 0);
    detail::drawUnitSymbol(cr, unit.type, pad, pad + line * 1.5, symbolW, symbolH, 0.5);
    const double textX = pad * 1.5 + symbolW, textW = w - textX - pad;
    if (textW > 2 && h > 6 && !unit.name.empty()) {
        const double luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
        const double ink = luminance < 140 ? 1.0 : 0.0;
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        double size = symbolH * 0.8;
        cairo_text_extents_t ext;
        for (;;) {
            cairo_set_font_size(cr, size);
            cairo_text_extents(cr, unit.name.c_str(), &ext);
            if (ext.x_advance <= textW || size < 3)
                break;
            size *= 0.9;
        }
        cairo_set_source_rgb(cr, ink, ink, ink);
        cairo_move_to(cr, textX, pad + line * 1.5 + symbolH / 2 + size * 0.35);
        cairo_show_text(cr, unit.name.c_str());
    }
    cairo_surface_flush(surface.get());
    return PngImage{width, height, detail::pngBytes(surface.get(), core::i18n::format(_("piece image of {1}"), {unit.id.str()}))};
}

PngImage renderForceImage(const core::Scenario& scenario, const core::CampaignForce& force, double pxPerM)
{
    if (!scenario.campaign)
        throw core::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("the scenario has no campaign"));
    const int side = std::max(8, static_cast<int>(std::lround(0.6 * scenario.campaign->grid.squareSize * pxPerM)));
    if (!std::isfinite(pxPerM) || pxPerM <= 0.0 || side > 4000)
        throw core::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("the counter would be more than 4000 px: choose a smaller --px-per-km"));
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side), &cairo_surface_destroy);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw core::OperationError("", core::i18n::format(_("force {1}"), {force.id}), _("cannot allocate the image"));
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
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
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
