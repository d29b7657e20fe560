// SPDX-License-Identifier: GPL-3.0-or-later
// Sticker sheets through cairo's PDF surface, one label per unit, measuring true on paper.
#include "pdf_writer.hpp"
#include "sandtable/print/sticker_print.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace sandtable::print {
namespace {

struct Rgb {
    double r = 0.5, g = 0.5, b = 0.5;
};

Rgb parseColour(const std::string& hex)
{
    Rgb c;
    if (hex.size() == 7 && hex[0] == '#') {
        try {
            const unsigned long v = std::stoul(hex.substr(1), nullptr, 16);
            c = {((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0};
        } catch (const std::exception&) {
            // Not hex: keep grey (the schema forbids it in documents).
        }
    }
    return c;
}

/// Shows `text` left-aligned at (x, baseline y), shrinking the font from `size` down to `minimum` mm and
/// then cutting the text with an ellipsis so it never runs past `maxWidth` mm.
void fitText(cairo_t* cr, std::string text, double x, double y, double maxWidth, double size, double minimum)
{
    cairo_text_extents_t e;
    double s = size;
    for (; s > minimum; s *= 0.92) {
        cairo_set_font_size(cr, s);
        cairo_text_extents(cr, text.c_str(), &e);
        if (e.x_advance <= maxWidth)
            break;
    }
    s = std::max(s, minimum);
    cairo_set_font_size(cr, s);
    cairo_text_extents(cr, text.c_str(), &e);
    while (e.x_advance > maxWidth && text.size() > 1) {
        // Drop whole UTF-8 characters from the end.
        do
            text.pop_back();
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80);
        if (!text.empty())
            text.pop_back();
        text += "\xE2\x80\xA6";
        cairo_text_extents(cr, text.c_str(), &e);
        if (text.size() <= 3)
            break;
    }
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text.c_str());
}

std::string infoLine(const core::Unit& u)
{
    std::string text = core::toString(u.type);
    if (u.type != core::UnitType::Hq && u.type != core::UnitType::BaggageTrain)
        text += std::string(" \xC2\xB7 ") + core::toString(u.quality);
    if (u.type == core::UnitType::Hq && u.command)
        text += " \xC2\xB7 command " + std::to_string(*u.command);
    if (u.strength > 0)
        text += " \xC2\xB7 " + std::to_string(u.strength) + (u.type == core::UnitType::Artillery ? " guns" : " men");
    return text;
}

} // namespace

StickerLayout planStickers(const core::Scenario& s, const StickerRequest& r)
{
    StickerLayout layout;
    layout.stickerWidthMm = r.stickerWidthMm > 0 ? r.stickerWidthMm : core::oob::stickerWidthMm(s.settings);
    layout.stickerHeightMm = r.stickerHeightMm > 0 ? r.stickerHeightMm : core::oob::stickerHeightMm(s.settings);
    const double areaW = r.page.widthMm - 2 * r.marginMm;
    const double areaH = r.page.heightMm - 2 * r.marginMm;
    if (layout.stickerWidthMm <= 0 || layout.stickerHeightMm <= 0 || layout.stickerWidthMm > areaW
        || layout.stickerHeightMm > areaH)
        throw core::OperationError("", "stickers",
            "a " + std::to_string(layout.stickerWidthMm) + " x " + std::to_string(layout.stickerHeightMm)
                + " mm sticker does not fit on a " + r.page.name + " page inside " + std::to_string(r.marginMm) + " mm margins");
    layout.columns = static_cast<int>(std::floor((areaW + r.gapMm) / (layout.stickerWidthMm + r.gapMm) + 1e-9));
    layout.rows = static_cast<int>(std::floor((areaH + r.gapMm) / (layout.stickerHeightMm + r.gapMm) + 1e-9));
    layout.stickers = static_cast<int>(s.units.size());
    const int perPage = layout.columns * layout.rows;
    layout.pages = std::max(1, (layout.stickers + perPage - 1) / perPage);
    return layout;
}

StickerLayout printStickers(const core::Scenario& s, const StickerRequest& r, const std::filesystem::path& output)
{
    const StickerLayout layout = planStickers(s, r);
    PdfWriter pdf(output, r.page.widthMm, r.page.heightMm, "Block stickers: " + s.settings.title);
    cairo_t* cr = pdf.context(); // millimetres
    const double w = layout.stickerWidthMm, h = layout.stickerHeightMm;
    const double line = 0.2;
    const double band = std::min(2.0, w * 0.08);
    const double pad = std::min(1.0, h * 0.1);
    const int perPage = layout.columns * layout.rows;
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const int slot = static_cast<int>(i) % perPage;
        if (i > 0 && slot == 0)
            cairo_show_page(cr);
        const core::Unit& u = s.units[i];
        const double x = r.marginMm + (slot % layout.columns) * (w + r.gapMm);
        const double y = r.marginMm + (slot / layout.columns) * (h + r.gapMm);
        const core::Side* side = core::oob::sideOf(s, u);
        const Rgb colour = parseColour(side ? side->colour : "");
        cairo_set_source_rgb(cr, colour.r, colour.g, colour.b);
        cairo_rectangle(cr, x, y, band, h);
        cairo_fill(cr);
        // Outline inside the edge: its outer boundary is the sticker's exact size.
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, line);
        cairo_rectangle(cr, x + line / 2, y + line / 2, w - line, h - line);
        cairo_stroke(cr);
        const double textX = x + band + pad;
        const double textW = w - band - 2 * pad;
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        fitText(cr, u.name.empty() ? u.id.str() : u.name, textX, y + h * 0.48, textW, std::min(4.0, h * 0.38), 1.0);
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        fitText(cr, infoLine(u), textX, y + h * 0.85, textW, std::min(2.8, h * 0.26), 0.8);
    }
    cairo_show_page(cr);
    pdf.commit();
    return layout;
}

} // namespace sandtable::print
