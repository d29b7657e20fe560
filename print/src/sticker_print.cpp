// SPDX-License-Identifier: GPL-3.0-or-later
// Sticker sheets through cairo's PDF surface, one label per unit, measuring true on paper.
#include "pdf_writer.hpp"
#include "printed_text.hpp"
#include "unit_symbol.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/print/sticker_print.hpp"

#include "sandtable/core/oob/blocks.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::print {
namespace {

/// A side's colour for its stickers' band: the scenario's "#rrggbb", else mid grey (a side with no colour).
void setSideColour(cairo_t* cr, const std::string& hex)
{
    if (const auto c = core::style::parseHexColour(hex))
        cairo_set_source_rgb(cr, c->r / 255.0, c->g / 255.0, c->b / 255.0);
    else
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
}

constexpr const char* kEllipsis = "\xE2\x80\xA6";
constexpr double kLineWidthMm = 0.2;  // the outline, drawn inside the sticker's edge
constexpr double kNameMaxMm = 4.0, kNameMinMm = 1.0;
constexpr double kInfoMaxMm = 2.8, kInfoMinMm = 0.8;
constexpr double kShrink = 0.92;      // each size step is 8 % smaller than the one before
// Termination of the size loops: they run over a precomputed count of sizes, at most kMaxSizeSteps
// (0.92^40 = 0.036, far below the 4 : 1 range of any font here), never "until it fits".
constexpr int kMaxSizeSteps = 40;

double bandWidth(double w) { return std::min(2.0, w * 0.08); }
double padding(double w, double h) { return std::min(1.0, 0.1 * std::min(w, h)) + kLineWidthMm; }

/// Text measurement in millimetres on a vector surface with hint metrics off, the way the PDF surface
/// positions glyphs, so the widths measured are the widths printed.
class Measure {
public:
    Measure()
        : m_surface(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr), &cairo_surface_destroy)
        , m_context(cairo_create(m_surface.get()), &cairo_destroy)
        , m_regular(cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL), &cairo_font_face_destroy)
        , m_bold(cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD), &cairo_font_face_destroy)
    {
        std::unique_ptr<cairo_font_options_t, decltype(&cairo_font_options_destroy)> options(cairo_font_options_create(),
            &cairo_font_options_destroy);
        cairo_font_options_set_hint_metrics(options.get(), CAIRO_HINT_METRICS_OFF);
        cairo_font_options_set_hint_style(options.get(), CAIRO_HINT_STYLE_NONE);
        cairo_set_font_options(m_context.get(), options.get());
        if (cairo_status(m_context.get()) != CAIRO_STATUS_SUCCESS)
            throw core::util::OperationError("", _("stickers"), _("cairo cannot create a context to measure text"));
    }

    void font(double size, bool bold)
    {
        cairo_set_font_face(m_context.get(), bold ? m_bold.get() : m_regular.get());
        cairo_set_font_size(m_context.get(), size);
    }
    /// The room `text` needs: from the leftmost ink (a first glyph such as "j" may overhang the pen's start
    /// to the left) to the farther of the pen's advance and the rightmost ink.
    double width(const std::string& text)
    {
        cairo_text_extents_t e;
        cairo_text_extents(m_context.get(), text.c_str(), &e);
        return std::max(e.x_advance, e.x_bearing + e.width) + leftOverhang(e);
    }
    /// How far the ink of `text` reaches left of the pen's start (0 or more).
    double leftOverhang(const std::string& text)
    {
        cairo_text_extents_t e;
        cairo_text_extents(m_context.get(), text.c_str(), &e);
        return leftOverhang(e);
    }
    /// Ascent and descent of the current font: a line's ink (accents included) lies between them.
    std::pair<double, double> verticalExtents()
    {
        cairo_font_extents_t e;
        cairo_font_extents(m_context.get(), &e);
        return {e.ascent, e.descent};
    }
    double lineHeight()
    {
        const auto [ascent, descent] = verticalExtents();
        return ascent + descent;
    }

private:
    static double leftOverhang(const cairo_text_extents_t& e) { return e.width > 0 ? std::max(0.0, -e.x_bearing) : 0.0; }

    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> m_surface;
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> m_context;
    std::unique_ptr<cairo_font_face_t, decltype(&cairo_font_face_destroy)> m_regular;
    std::unique_ptr<cairo_font_face_t, decltype(&cairo_font_face_destroy)> m_bold;
};

/// Byte offsets where the UTF-8 characters of `text` start, plus text.size() at the end.
std::vector<std::size_t> characterStarts(const std::string& text)
{
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            starts.push_back(i);
    starts.push_back(text.size());
    return starts;
}

std::string trimmed(std::string text)
{
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    std::size_t first = 0;
    while (first < text.size() && text[first] == ' ')
        ++first;
    return text.substr(first);
}

/// The longest prefix of `text` (whole characters, `suffix` appended) whose width is at most `maxWidth`:
/// returns the number of characters, or -1 when not even the bare suffix fits. A binary search over the
/// character count: it ends after at most log2(characters) + 1 measurements. Assumes width grows with the
/// prefix, which kerning can break by a hair; the caller measures the result again.
long longestPrefix(Measure& m, const std::string& text, const std::vector<std::size_t>& starts, const std::string& suffix,
    double maxWidth)
{
    const long characters = static_cast<long>(starts.size()) - 1;
    if (m.width(suffix) > maxWidth)
        return -1;
    long lo = 0, hi = characters; // lo always fits
    while (lo < hi) {
        const long mid = lo + (hi - lo + 1) / 2; // lo < mid <= hi: the interval shrinks every round
        if (m.width(trimmed(text.substr(0, starts[static_cast<std::size_t>(mid)])) + suffix) <= maxWidth)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/// `text` when it fits `maxWidth` at the current font, else its longest prefix that fits with an ellipsis
/// appended, else "" (not even the ellipsis fits).
std::string cutToWidth(Measure& m, const std::string& text, double maxWidth)
{
    if (m.width(text) <= maxWidth)
        return text;
    const std::vector<std::size_t> starts = characterStarts(text);
    long n = longestPrefix(m, text, starts, kEllipsis, maxWidth);
    // Kerning may make the found prefix a hair too wide: step down, at most once per character.
    while (n > 0 && m.width(trimmed(text.substr(0, starts[static_cast<std::size_t>(n)])) + kEllipsis) > maxWidth)
        --n;
    if (n < 0)
        return "";
    return trimmed(text.substr(0, starts[static_cast<std::size_t>(n)])) + kEllipsis;
}

std::vector<std::string> words(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < text.size()) { // every round moves `at` forward by at least one byte
        const std::size_t space = text.find(' ', at);
        const std::size_t end = space == std::string::npos ? text.size() : space;
        if (end > at)
            out.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

/// Greedy wrap at spaces: the first line takes as many words as fit, the second takes the rest. One pass
/// over the words. `first` is empty when not even the first word fits.
std::pair<std::string, std::string> wrapAtSpaces(Measure& m, const std::vector<std::string>& list, double maxWidth)
{
    std::string first;
    std::size_t used = 0;
    for (; used < list.size(); ++used) {
        const std::string candidate = first.empty() ? list[used] : first + " " + list[used];
        if (m.width(candidate) > maxWidth)
            break;
        first = candidate;
    }
    std::string second;
    for (std::size_t i = used; i < list.size(); ++i)
        second += (second.empty() ? "" : " ") + list[i];
    return {first, second};
}

struct Block {
    std::vector<std::string> lines;
    double size = 0.0;
};

/// Fits `text` into maxWidth x maxHeight at a size from `largest` down to `smallest`, on one line or, where
/// `maxLines` is 2 and the height holds two, on two. The size loop runs over a fixed count of steps
/// (kMaxSizeSteps at most); what follows it is straight-line code over bounded helpers.
Block fitBlock(Measure& m, const std::string& text, bool bold, double maxWidth, double maxHeight, double largest,
    double smallest, int maxLines)
{
    largest = std::max(largest, smallest);
    if (text.empty() || !(maxWidth > 0) || !(maxHeight > 0))
        return {};
    const std::vector<std::string> list = words(text);
    const std::string oneLine = [&] {
        std::string joined;
        for (const std::string& w : list)
            joined += (joined.empty() ? "" : " ") + w;
        return joined;
    }();
    if (oneLine.empty())
        return {};
    const int steps = largest > smallest
        ? std::min(kMaxSizeSteps, 1 + static_cast<int>(std::ceil(std::log(smallest / largest) / std::log(kShrink))))
        : 1;
    for (int k = 0; k < steps; ++k) {
        const double size = k == steps - 1 ? smallest : std::max(smallest, largest * std::pow(kShrink, k));
        m.font(size, bold);
        const double line = m.lineHeight();
        if (line > maxHeight)
            continue;
        if (m.width(oneLine) <= maxWidth)
            return {{oneLine}, size};
        if (maxLines >= 2 && 2 * line <= maxHeight && list.size() > 1) {
            auto [first, second] = wrapAtSpaces(m, list, maxWidth);
            if (!first.empty() && m.width(second) <= maxWidth)
                return {{first, second}, size};
        }
    }
    // The smallest size and still too long: cut.
    m.font(smallest, bold);
    const double line = m.lineHeight();
    if (line > maxHeight)
        return {};
    if (maxLines < 2 || 2 * line > maxHeight) {
        std::string cut = cutToWidth(m, oneLine, maxWidth);
        return cut.empty() ? Block{} : Block{{cut}, smallest};
    }
    auto [first, rest] = wrapAtSpaces(m, list, maxWidth);
    if (first.empty()) {
        // The first word alone is too long: break it between characters, the rest goes on line two.
        const std::vector<std::size_t> starts = characterStarts(oneLine);
        long n = longestPrefix(m, oneLine, starts, "", maxWidth);
        // Kerning may make the found prefix a hair too wide: step down, at most once per character.
        while (n > 0 && m.width(oneLine.substr(0, starts[static_cast<std::size_t>(n)])) > maxWidth)
            --n;
        if (n <= 0)
            return {};
        const std::size_t at = starts[static_cast<std::size_t>(n)];
        first = trimmed(oneLine.substr(0, at));
        rest = trimmed(oneLine.substr(at));
    }
    Block block{{first}, smallest};
    if (!rest.empty()) {
        const std::string second = cutToWidth(m, rest, maxWidth);
        if (!second.empty())
            block.lines.push_back(second);
    }
    return block;
}

/// The width the arm symbol and its gap take on an info line of font size `size`: 1.5 + 0.4 times its
/// height, 0.8 of the line's ascent + descent.
double symbolRoom(Measure& m, double size)
{
    m.font(size, false);
    return 1.9 * 0.8 * m.lineHeight();
}

/// One pass of the layout with the info line at most `infoLargest` mm.
StickerText layoutPass(Measure& m, const std::string& name, const std::string& info, double w, double h, double infoLargest,
    bool symbol, double& nameSize, double& infoSize)
{
    StickerText out;
    nameSize = infoSize = 0.0;
    const double pad = padding(w, h);
    out.boxX0Mm = bandWidth(w) + pad;
    out.boxY0Mm = pad;
    out.boxX1Mm = w - pad;
    out.boxY1Mm = h - pad;
    const double boxW = out.boxX1Mm - out.boxX0Mm, boxH = out.boxY1Mm - out.boxY0Mm;
    if (!(boxW > 0) || !(boxH > 0))
        return out;

    // The info line first: one line, shrunk then cut, along the bottom of the box.
    m.font(kNameMinMm, true);
    const double smallestName = m.lineHeight();
    Block infoBlock;
    double infoHeight = 0.0, infoDescent = 0.0;
    if (!info.empty()) {
        const double gap = 0.1 * kInfoMinMm;
        m.font(kInfoMinMm, false);
        // Room for the info line at its smallest and the name at its smallest, else the info gives way.
        if (m.lineHeight() + gap + smallestName <= boxH) {
            // With the symbol the info text has the width less the symbol's room at the largest size: the
            // symbol scales with the line, so at a smaller size it takes less and the text still fits.
            const double room = symbol ? boxW - symbolRoom(m, infoLargest) : boxW;
            infoBlock = fitBlock(m, info, false, room, boxH - smallestName - gap, infoLargest, kInfoMinMm, 1);
            if (!infoBlock.lines.empty()) {
                m.font(infoBlock.size, false);
                infoHeight = m.lineHeight() + gap;
                infoDescent = m.verticalExtents().second;
            }
        }
    }
    const double nameRoom = boxH - infoHeight;
    const Block nameBlock = fitBlock(m, name, true, boxW, nameRoom, std::min(kNameMaxMm, h * 0.38), kNameMinMm, 2);
    if (!nameBlock.lines.empty()) {
        m.font(nameBlock.size, true);
        const auto [ascent, descent] = m.verticalExtents();
        const double line = ascent + descent;
        const double top = out.boxY0Mm + (nameRoom - line * static_cast<double>(nameBlock.lines.size())) / 2;
        for (std::size_t i = 0; i < nameBlock.lines.size(); ++i)
            out.lines.push_back({nameBlock.lines[i], nameBlock.size, true, out.boxX0Mm + m.leftOverhang(nameBlock.lines[i]),
                top + ascent + line * static_cast<double>(i)});
        nameSize = nameBlock.size;
    }
    if (!infoBlock.lines.empty()) {
        double x = out.boxX0Mm;
        if (symbol) {
            m.font(infoBlock.size, false);
            const double height = 0.8 * m.lineHeight();
            out.symbolX0Mm = out.boxX0Mm;
            out.symbolX1Mm = out.boxX0Mm + 1.5 * height;
            out.symbolY1Mm = out.boxY1Mm - 0.1 * m.lineHeight();
            out.symbolY0Mm = out.symbolY1Mm - height;
            x = out.symbolX1Mm + 0.4 * height;
        }
        m.font(infoBlock.size, false);
        out.lines.push_back({infoBlock.lines.front(), infoBlock.size, false, x + m.leftOverhang(infoBlock.lines.front()),
            out.boxY1Mm - infoDescent});
        infoSize = infoBlock.size;
    }
    return out;
}

/// The info line is secondary: when the name had to shrink until the info line is more than 0.7 of its
/// size, a second (and last) pass caps the info at 0.7 of that name size, which may give the name more height.
StickerText layoutWith(Measure& m, const std::string& name, const std::string& info, double w, double h, bool symbol)
{
    constexpr double kInfoToName = 0.7;
    double nameSize = 0.0, infoSize = 0.0;
    StickerText first = layoutPass(m, name, info, w, h, std::min(kInfoMaxMm, h * 0.22), symbol, nameSize, infoSize);
    if (nameSize <= 0.0 || infoSize <= kInfoToName * nameSize || infoSize <= kInfoMinMm)
        return first;
    double secondName = 0.0, secondInfo = 0.0;
    StickerText second = layoutPass(m, name, info, w, h, std::max(kInfoMinMm, kInfoToName * nameSize), symbol, secondName, secondInfo);
    // Kept only when the name grew: a name held back by the width gains nothing, and the info keeps its size.
    return secondName > nameSize ? second : first;
}

/// The words of unit types and qualities as a sticker prints them: the machine names are the msgids
/// (core::toString), listed here for xgettext.
[[maybe_unused]] constexpr const char* kStickerWords[] = {N_("infantry"), N_("detachment"), N_("artillery"), N_("cavalry"),
    N_("dragoons"), N_("baggage-train"), N_("hq"), N_("militia"), N_("regular"), N_("elite"), N_("guard")};

/// The sticker's info line: quality, command (an HQ), strength, separated by middle dots; led by the type
/// word when `withType`, or when there would be nothing else (the arm symbol stands for the type otherwise).
std::string infoLine(const core::Scenario& s, const core::Unit& u, bool withType)
{
    std::vector<std::string> parts;
    if (u.type != core::UnitType::Hq && u.type != core::UnitType::BaggageTrain)
        parts.push_back(detail::inLanguage(s, core::toString(u.quality)));
    if (u.type == core::UnitType::Hq && u.command)
        parts.push_back(core::i18n::format(detail::inLanguage(s, "command {1}"), {std::to_string(*u.command)}));
    if (u.strength > 0)
        parts.push_back(core::i18n::format(
            u.type == core::UnitType::Artillery ? detail::inLanguage(s, "{1} guns") : detail::inLanguage(s, "{1} men"),
            {std::to_string(u.strength)}));
    std::string text;
    if (withType || parts.empty())
        text = detail::inLanguage(s, core::toString(u.type));
    for (const std::string& part : parts) {
        if (!text.empty())
            text += " \xC2\xB7 ";
        text += part;
    }
    return text;
}

} // namespace

StickerText layoutStickerText(const std::string& name, const std::string& info, double widthMm, double heightMm, bool symbol)
{
    Measure measure;
    return layoutWith(measure, name, info, widthMm, heightMm, symbol);
}

StickerLayout planStickers(const core::Scenario& s, const StickerRequest& r)
{
    StickerLayout layout;
    layout.stickerWidthMm = r.stickerWidthMm > 0 ? r.stickerWidthMm : core::oob::stickerWidthMm(s.settings);
    layout.stickerHeightMm = r.stickerHeightMm > 0 ? r.stickerHeightMm : core::oob::stickerHeightMm(s.settings);
    const double areaW = r.page.widthMm - 2 * r.marginMm;
    const double areaH = r.page.heightMm - 2 * r.marginMm;
    if (layout.stickerWidthMm <= 0 || layout.stickerHeightMm <= 0 || layout.stickerWidthMm > areaW
        || layout.stickerHeightMm > areaH)
        throw core::util::OperationError("", _("stickers"),
            core::i18n::format(_("a {1} x {2} mm sticker does not fit on a {3} page inside {4} mm margins"),
                {std::to_string(layout.stickerWidthMm), std::to_string(layout.stickerHeightMm), r.page.name, std::to_string(r.marginMm)}));
    layout.columns = static_cast<int>(std::floor((areaW + r.gapMm) / (layout.stickerWidthMm + r.gapMm) + 1e-9));
    layout.rows = static_cast<int>(std::floor((areaH + r.gapMm) / (layout.stickerHeightMm + r.gapMm) + 1e-9));
    layout.stickers = static_cast<int>(std::count_if(
        s.units.begin(), s.units.end(), [&](const core::Unit& u) { return core::oob::isPiece(s, u); }));
    const int perPage = layout.columns * layout.rows;
    layout.pages = std::max(1, (layout.stickers + perPage - 1) / perPage);
    return layout;
}

StickerLayout printStickers(const core::Scenario& s, const StickerRequest& r, const std::filesystem::path& output)
{
    const StickerLayout layout = planStickers(s, r);
    if (layout.stickers == 0) // a sheet of nothing is not what was asked for
        throw core::util::OperationError("", "/units", _("the order of battle has no game piece to print a sticker for; nothing written"));
    PdfWriter pdf(output, r.page.widthMm, r.page.heightMm, "Block stickers: " + s.settings.title);
    cairo_t* cr = pdf.context(); // millimetres
    const double w = layout.stickerWidthMm, h = layout.stickerHeightMm;
    const double band = bandWidth(w);
    const int perPage = layout.columns * layout.rows;
    Measure measure;
    std::unique_ptr<cairo_font_face_t, decltype(&cairo_font_face_destroy)> regular(
        cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL), &cairo_font_face_destroy);
    std::unique_ptr<cairo_font_face_t, decltype(&cairo_font_face_destroy)> bold(
        cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD), &cairo_font_face_destroy);
    // Game pieces only: units that a block stands for (oob blocks) are historical detail.
    std::vector<const core::Unit*> pieces;
    for (const core::Unit& u : s.units)
        if (core::oob::isPiece(s, u))
            pieces.push_back(&u);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const int slot = static_cast<int>(i) % perPage;
        if (i > 0 && slot == 0)
            cairo_show_page(cr);
        const core::Unit& u = *pieces[i];
        const double x = r.marginMm + (slot % layout.columns) * (w + r.gapMm);
        const double y = r.marginMm + (slot / layout.columns) * (h + r.gapMm);
        const core::Side* side = core::oob::sideOf(s, u);
        setSideColour(cr, side ? side->colour : "");
        cairo_rectangle(cr, x, y, band, h);
        cairo_fill(cr);
        // Outline inside the edge: its outer boundary is the sticker's exact size.
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, kLineWidthMm);
        cairo_rectangle(cr, x + kLineWidthMm / 2, y + kLineWidthMm / 2, w - kLineWidthMm, h - kLineWidthMm);
        cairo_stroke(cr);
        const StickerText text = layoutWith(measure, u.name.empty() ? u.id.str() : u.name, infoLine(s, u, false), w, h, true);
        if (text.hasSymbol())
            detail::drawUnitSymbol(cr, u.type, x + text.symbolX0Mm, y + text.symbolY0Mm, text.symbolX1Mm - text.symbolX0Mm,
                text.symbolY1Mm - text.symbolY0Mm, 0.1);
        for (const StickerTextLine& line : text.lines) {
            cairo_set_font_face(cr, line.bold ? bold.get() : regular.get());
            cairo_set_font_size(cr, line.sizeMm);
            cairo_move_to(cr, x + line.xMm, y + line.baselineMm);
            cairo_show_text(cr, line.text.c_str());
        }
    }
    cairo_show_page(cr);
    pdf.commit();
    return layout;
}

} // namespace sandtable::print
