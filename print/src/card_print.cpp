// SPDX-License-Identifier: GPL-3.0-or-later
// Table Battles card faces drawn with cairo, imposed on home duplex sheets or print-shop pages.
#include "pdf_writer.hpp"
#include "sandtable/print/card_print.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/print/pdf_page_boxes.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <functional>
#include <memory>
#include <map>
#include <numbers>
#include <sstream>

namespace sandtable::print {
namespace {

constexpr double kW = kCardWidthMm;
constexpr double kH = kCardHeightMm;
constexpr double kSafe = kCardSafeInsetMm;
constexpr double kBandMm = 15.0;  // the wing colour band behind the name, from the top trim

struct Rgb {
    double r = 0, g = 0, b = 0;
};

Rgb parseColour(const std::string& hex, Rgb fallback)
{
    const auto c = core::style::parseHexColour(hex);
    return c ? Rgb{c->r / 255.0, c->g / 255.0, c->b / 255.0} : fallback;
}

const Rgb kParchment{0.965, 0.941, 0.882};
const Rgb kInk{0.13, 0.12, 0.11};
const Rgb kBackBlue{0.133, 0.188, 0.290};
const Rgb kGold{0.831, 0.686, 0.216};

void setRgb(cairo_t* cr, Rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

/// How far a face's art runs past each trim edge (bleed on the sheet's outer edges only).
struct Bleed {
    double left = 0, top = 0, right = 0, bottom = 0;
};

// ---- text -------------------------------------------------------------------------------------------

enum class Style { Regular, Bold, Italic };

void font(cairo_t* cr, double sizeMm, Style style = Style::Regular)
{
    cairo_select_font_face(cr, "DejaVu Sans", style == Style::Italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
        style == Style::Bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, sizeMm);
}

double textWidth(cairo_t* cr, const std::string& text)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, text.c_str(), &e);
    return e.x_advance;
}

void showAt(cairo_t* cr, const std::string& text, double x, double baseline)
{
    cairo_move_to(cr, x, baseline);
    cairo_show_text(cr, text.c_str());
}

void showCentred(cairo_t* cr, const std::string& text, double cx, double baseline)
{
    showAt(cr, text, cx - textWidth(cr, text) / 2.0, baseline);
}

/// Font size (<= sizeMm, >= 40 % of it) at which `text` fits `width`.
double fitSize(cairo_t* cr, const std::string& text, double sizeMm, double width, Style style)
{
    double size = sizeMm;
    font(cr, size, style);
    while (size > sizeMm * 0.4 && textWidth(cr, text) > width) {
        size *= 0.95;
        font(cr, size, style);
    }
    return size;
}

/// Greedy word wrap at the current font; long words are kept whole.
std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width)
{
    std::vector<std::string> lines;
    std::istringstream paragraphs(text);
    std::string paragraph;
    while (std::getline(paragraphs, paragraph)) {
        std::istringstream words(paragraph);
        std::string word, line;
        while (words >> word) {
            const std::string candidate = line.empty() ? word : line + " " + word;
            if (!line.empty() && textWidth(cr, candidate) > width) {
                lines.push_back(line);
                line = word;
            } else {
                line = candidate;
            }
        }
        if (!line.empty())
            lines.push_back(line);
    }
    return lines;
}

// ---- symbols ----------------------------------------------------------------------------------------

void roundedRect(cairo_t* cr, double x, double y, double w, double h, double r)
{
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -std::numbers::pi / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, std::numbers::pi / 2);
    cairo_arc(cr, x + r, y + h - r, r, std::numbers::pi / 2, std::numbers::pi);
    cairo_arc(cr, x + r, y + r, r, std::numbers::pi, 3 * std::numbers::pi / 2);
    cairo_close_path(cr);
}

void star(cairo_t* cr, double cx, double cy, double radius)
{
    cairo_new_path(cr);
    for (int i = 0; i < 10; ++i) {
        const double r = i % 2 ? radius * 0.42 : radius;
        const double a = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        cairo_line_to(cr, cx + r * std::cos(a), cy + r * std::sin(a));
    }
    cairo_close_path(cr);
    setRgb(cr, kGold);
    cairo_fill_preserve(cr);
    setRgb(cr, kInk);
    cairo_set_line_width(cr, 0.25);
    cairo_stroke(cr);
}

/// The Links expansion symbol: a square with two bars.
void linkSymbol(cairo_t* cr, double x, double y, double size)
{
    cairo_set_line_width(cr, 0.35);
    setRgb(cr, kInk);
    cairo_rectangle(cr, x, y, size, size);
    cairo_stroke(cr);
    cairo_rectangle(cr, x + size * 0.2, y + size * 0.28, size * 0.6, size * 0.14);
    cairo_rectangle(cr, x + size * 0.2, y + size * 0.58, size * 0.6, size * 0.14);
    cairo_fill(cr);
}

void die(cairo_t* cr, double x, double y, double size, int face)
{
    roundedRect(cr, x, y, size, size, size * 0.15);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    setRgb(cr, kInk);
    cairo_set_line_width(cr, 0.3);
    cairo_stroke(cr);
    static const std::map<int, std::vector<std::pair<int, int>>> pips = {{1, {{1, 1}}}, {2, {{0, 0}, {2, 2}}},
        {3, {{0, 0}, {1, 1}, {2, 2}}}, {4, {{0, 0}, {2, 0}, {0, 2}, {2, 2}}},
        {5, {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}}}, {6, {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}}};
    for (const auto& [col, row] : pips.at(face)) {
        cairo_new_sub_path(cr);
        cairo_arc(cr, x + size * (0.25 + 0.25 * col), y + size * (0.25 + 0.25 * row), size * 0.08, 0, 2 * std::numbers::pi);
    }
    cairo_fill(cr);
}

// ---- faces ------------------------------------------------------------------------------------------

std::string targetNames(const core::TableBattlesSet& set, const std::vector<core::CardRef>& refs)
{
    std::string out;
    for (const core::CardRef& r : refs) {
        const core::FormationCard* c = set.find(r);
        out += (out.empty() ? "" : ", ") + (c ? c->name : std::string("?")) + " (" + core::toString(r) + ")";
    }
    return out;
}

std::string upper(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

void background(cairo_t* cr, const Bleed& bleed, Rgb colour)
{
    cairo_rectangle(cr, -bleed.left, -bleed.top, kW + bleed.left + bleed.right, kH + bleed.top + bleed.bottom);
    setRgb(cr, colour);
    cairo_fill(cr);
}

void band(cairo_t* cr, const Bleed& bleed, Rgb colour)
{
    cairo_rectangle(cr, -bleed.left, -bleed.top, kW + bleed.left + bleed.right, kBandMm + bleed.top);
    setRgb(cr, colour);
    cairo_fill(cr);
}

Rgb textOn(Rgb c) { return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b < 0.55 ? Rgb{1, 1, 1} : kInk; }

/// One block of wrapped text: lines at a size and style.
struct TextBlock {
    std::vector<std::string> lines;
    double size;
    Style style;
    double gapAfter;
};

void drawDiceArea(cairo_t* cr, const core::DicePattern& dice, double top, double height)
{
    const double left = kSafe, width = kW - 2 * kSafe;
    roundedRect(cr, left, top, width, height, 1.2);
    cairo_set_source_rgb(cr, 0.93, 0.90, 0.82);
    cairo_fill_preserve(cr);
    setRgb(cr, kInk);
    cairo_set_line_width(cr, 0.3);
    cairo_stroke(cr);
    const double size = height - 3.0;
    if (dice.kind == core::DicePattern::Kind::Faces) {
        std::vector<int> faces;
        for (int f = 1; f <= 6; ++f)
            if (dice.accepts(f))
                faces.push_back(f);
        const double gap = 1.4;
        const double total = static_cast<double>(faces.size()) * size + static_cast<double>(faces.size() - 1) * gap;
        double x = kW / 2 - total / 2;
        for (int f : faces) {
            die(cr, x, top + 1.5, size, f);
            x += size + gap;
        }
        return;
    }
    std::string word;
    int shown = 2;
    if (dice.kind == core::DicePattern::Kind::Doubles) {
        word = "DOUBLES";
    } else if (dice.kind == core::DicePattern::Kind::Triples) {
        word = "TRIPLES";
        shown = 3;
    } else {
        word = "STRAIGHT OF " + std::to_string(dice.straightLength);
        shown = 0;
    }
    font(cr, 3.2, Style::Bold);
    const double small = size * 0.8;
    const double textW = textWidth(cr, word);
    const double total = textW + (shown ? 1.5 + shown * small + (shown - 1) * 0.8 : 0.0);
    double x = kW / 2 - total / 2;
    setRgb(cr, kInk);
    showAt(cr, word, x, top + height / 2 + 1.15);
    x += textW + 1.5;
    for (int i = 0; i < shown; ++i) {
        roundedRect(cr, x, top + (height - small) / 2, small, small, small * 0.15);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill_preserve(cr);
        setRgb(cr, kInk);
        cairo_set_line_width(cr, 0.3);
        cairo_stroke(cr);
        font(cr, small * 0.7, Style::Bold);
        showCentred(cr, "=", x + small / 2, top + height / 2 + small * 0.25);
        x += small + 0.8;
    }
}

std::vector<TextBlock> actionBlocks(cairo_t* cr, const core::TableBattlesSet& set, const core::FormationCard& c, double scale)
{
    const double width = kW - 2 * kSafe;
    std::vector<TextBlock> blocks;
    auto add = [&](const std::string& text, double size, Style style, double gap) {
        font(cr, size * scale, style);
        blocks.push_back({wrap(cr, text, width), size * scale, style, gap * scale});
    };
    for (const core::CardAction& a : c.actions) {
        std::string head = upper(core::toString(a.kind));
        if (a.kind == core::CardActionKind::Attack || a.kind == core::CardActionKind::Counterattack)
            head += " - " + std::to_string(a.hits) + (a.hits == 1 ? " hit" : " hits");
        if (core::isReaction(a.kind))
            head += a.voluntary ? " (voluntary reaction)" : " (reaction)";
        add(head, 2.9, Style::Bold, 0.3);
        std::string body;
        switch (a.kind) {
        case core::CardActionKind::Attack: body = "Target: " + targetNames(set, a.targets); break;
        case core::CardActionKind::Counterattack:
            body = a.targets.empty() ? "Hits the attacker back, at the same time."
                                     : "When attacked by " + targetNames(set, a.targets) + ", hits back at the same time.";
            break;
        case core::CardActionKind::Screen: body = "Cancels an attack from " + targetNames(set, a.targets) + "."; break;
        case core::CardActionKind::Absorb: body = "Takes the hits instead of " + targetNames(set, a.targets) + "."; break;
        case core::CardActionKind::Reserve: body = "Brings in " + targetNames(set, a.targets) + "."; break;
        case core::CardActionKind::Bombard: body = "Remove one enemy morale cube (never the last). Cannot be screened."; break;
        case core::CardActionKind::Retire: body = "This formation leaves the game."; break;
        }
        add(body, 2.45, Style::Regular, a.requirement.empty() ? 1.3 : 0.2);
        if (!a.requirement.empty())
            add("Requires: " + a.requirement, 2.3, Style::Italic, 1.3);
    }
    if (c.pursuit)
        add("PURSUIT: removed when the target of its attack routs.", 2.3, Style::Bold, 1.0);
    if (c.reserve) {
        const core::FormationCard* bringer = set.find(*c.reserve);
        add("IN RESERVE until " + (bringer ? bringer->name : std::string("?")) + " (" + core::toString(*c.reserve) + ").",
            2.3, Style::Bold, 1.0);
    }
    if (c.special)
        add("Special formation: starts with 1 cube, holds up to " + std::to_string(c.strength)
                + "; cannot be attacked; its loss does not change morale.",
            2.2, Style::Italic, 1.0);
    if (!c.specialRule.empty())
        add(c.specialRule, 2.2, Style::Italic, 1.0);
    return blocks;
}

double blocksHeight(const std::vector<TextBlock>& blocks)
{
    double h = 0;
    for (const TextBlock& b : blocks)
        h += static_cast<double>(b.lines.size()) * b.size * 1.22 + b.gapAfter;
    return h;
}

void drawBlocks(cairo_t* cr, const std::vector<TextBlock>& blocks, double top)
{
    double y = top;
    setRgb(cr, kInk);
    for (const TextBlock& b : blocks) {
        font(cr, b.size, b.style);
        for (const std::string& line : b.lines) {
            y += b.size * 1.22;
            showAt(cr, line, kSafe, y - b.size * 0.25);
        }
        y += b.gapAfter;
    }
}

/// Shrinks the text until it fits between `top` and `bottom`.
std::vector<TextBlock> fittedBlocks(const std::function<std::vector<TextBlock>(double)>& make, double space)
{
    double scale = 1.0;
    std::vector<TextBlock> blocks = make(scale);
    while (blocksHeight(blocks) > space && scale > 0.55) {
        scale *= 0.93;
        blocks = make(scale);
    }
    return blocks;
}

void drawFooter(cairo_t* cr, const std::string& number, bool link, Rgb wing)
{
    const double baseline = kH - kSafe;
    font(cr, 3.0, Style::Bold);
    setRgb(cr, kInk);
    showAt(cr, number, kW - kSafe - textWidth(cr, number), baseline);
    if (link)
        linkSymbol(cr, kSafe, baseline - 4.2, 4.6);
    cairo_rectangle(cr, kW / 2 - 6, baseline - 1.6, 12, 1.2);
    setRgb(cr, wing);
    cairo_fill(cr);
}

void drawFormationFace(cairo_t* cr, const core::TableBattlesSet& set, const core::FormationCard& c, const Bleed& bleed)
{
    const Rgb wing = parseColour(c.wingColour, Rgb{0.55, 0.55, 0.55});
    background(cr, bleed, kParchment);
    band(cr, bleed, wing);
    const Rgb onBand = textOn(wing);
    setRgb(cr, onBand);
    fitSize(cr, c.name, 4.4, kW - 2 * kSafe, Style::Bold);
    showCentred(cr, c.name, kW / 2, 8.3);
    fitSize(cr, c.army, 2.5, kW - 2 * kSafe, Style::Italic);
    showCentred(cr, c.army, kW / 2, 12.6);

    // Strength badge: sticks, or the cube capacity of a special formation.
    const double top = kBandMm + 2.0;
    roundedRect(cr, kSafe, top, 11, 11, 1.5);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    setRgb(cr, c.special ? kGold : wing);
    cairo_set_line_width(cr, 0.8);
    cairo_stroke(cr);
    setRgb(cr, kInk);
    font(cr, 6.5, Style::Bold);
    showCentred(cr, std::to_string(c.strength), kSafe + 5.5, top + 8.3);
    font(cr, 1.9);
    showCentred(cr, c.special ? "max cubes" : "sticks", kSafe + 5.5, top + 13.6);

    std::string type = c.special ? "SPECIAL FORMATION" : upper(core::toString(c.kind));
    if (!type.empty()) {
        fitSize(cr, type, 2.6, 30, Style::Bold);
        showCentred(cr, type, kW / 2, top + 4.5);
    }
    if (!c.special && !c.stickColour.empty()) {
        font(cr, 2.2, Style::Italic);
        showCentred(cr, c.stickColour + " sticks", kW / 2, top + 8.8);
    }
    if (c.star)
        star(cr, kW - kSafe - 5.0, top + 5.3, 5.0);

    const double diceTop = top + 15.5;
    drawDiceArea(cr, c.dice, diceTop, 10.0);

    const double textTop = diceTop + 11.5;
    const double textBottom = kH - kSafe - 5.5;
    const auto blocks = fittedBlocks([&](double s) { return actionBlocks(cr, set, c, s); }, textBottom - textTop);
    drawBlocks(cr, blocks, textTop);
    drawFooter(cr, core::toString(c.ref), c.link, wing);
}

void drawScenarioFace(cairo_t* cr, const core::TableBattlesSet& set, const Bleed& bleed)
{
    const core::ScenarioCard& sc = set.scenario;
    const Rgb dark{0.24, 0.22, 0.20};
    background(cr, bleed, kParchment);
    band(cr, bleed, dark);
    setRgb(cr, Rgb{1, 1, 1});
    fitSize(cr, sc.name, 4.4, kW - 2 * kSafe, Style::Bold);
    showCentred(cr, sc.name, kW / 2, 8.3);
    fitSize(cr, "Scenario " + std::to_string(sc.number) + (sc.date.empty() ? "" : " - " + sc.date), 2.5, kW - 2 * kSafe, Style::Italic);
    showCentred(cr, "Scenario " + std::to_string(sc.number) + (sc.date.empty() ? "" : " - " + sc.date), kW / 2, 12.6);

    const double width = kW - 2 * kSafe;
    auto make = [&](double s) {
        std::vector<TextBlock> blocks;
        auto add = [&](const std::string& text, double size, Style style, double gap) {
            font(cr, size * s, style);
            blocks.push_back({wrap(cr, text, width), size * s, style, gap * s});
        };
        for (std::size_t a = 0; a < 2; ++a) {
            const core::ArmySetup& army = sc.armies[a];
            add(upper(army.name) + (static_cast<int>(a) == sc.firstPlayer ? " - goes first" : ""), 3.0, Style::Bold, 0.4);
            add("Morale: " + std::to_string(army.morale) + " cubes", 2.5, Style::Regular, 0.2);
            std::string cards;
            for (const core::CardRef& r : army.cards)
                cards += (cards.empty() ? "" : ", ") + core::toString(r);
            add("Cards: " + cards, 2.4, Style::Regular, army.tacticalVictory ? 0.2 : 1.6);
            if (army.tacticalVictory)
                add("Tactical " + std::string(army.tacticalVictory->draw ? "draw" : "victory") + ": eliminate "
                        + std::to_string(army.tacticalVictory->sticks) + " enemy sticks",
                    2.4, Style::Italic, 1.6);
        }
        if (!sc.specialRules.empty()) {
            add("SPECIAL RULES", 2.6, Style::Bold, 0.3);
            add(sc.specialRules, 2.3, Style::Regular, 0.0);
        }
        return blocks;
    };
    const double textTop = kBandMm + 2.0;
    const auto blocks = fittedBlocks(make, kH - kSafe - 5.5 - textTop);
    drawBlocks(cr, blocks, textTop);
    drawFooter(cr, "S" + std::to_string(sc.number), false, dark);
}

void drawBack(cairo_t* cr, const std::string& caption, const std::string& label, const Bleed& bleed)
{
    background(cr, bleed, kBackBlue);
    setRgb(cr, kGold);
    cairo_set_line_width(cr, 0.6);
    roundedRect(cr, kSafe, kSafe, kW - 2 * kSafe, kH - 2 * kSafe, 2.0);
    cairo_stroke(cr);
    font(cr, 5.0, Style::Bold);
    showCentred(cr, "TABLE BATTLES", kW / 2, kH / 2 - 6);
    fitSize(cr, caption, 2.8, kW - 2 * kSafe - 4, Style::Italic);
    showCentred(cr, caption, kW / 2, kH / 2 + 1);
    font(cr, 7.0, Style::Bold);
    showCentred(cr, label, kW / 2, kH / 2 + 14);
}

/// Draws one face with its trim top-left at the current origin (mm units).
enum class FaceKind { Scenario, Formation, Back };
struct Face {
    FaceKind kind = FaceKind::Back;
    const core::FormationCard* card = nullptr;
    std::string backLabel;
};

void drawFace(cairo_t* cr, const core::TableBattlesSet& set, const Face& face, const std::string& caption, const Bleed& bleed)
{
    cairo_save(cr);
    cairo_rectangle(cr, -bleed.left, -bleed.top, kW + bleed.left + bleed.right, kH + bleed.top + bleed.bottom);
    cairo_clip(cr);
    switch (face.kind) {
    case FaceKind::Scenario: drawScenarioFace(cr, set, bleed); break;
    case FaceKind::Formation: drawFormationFace(cr, set, *face.card, bleed); break;
    case FaceKind::Back: drawBack(cr, caption, face.backLabel, bleed); break;
    }
    cairo_restore(cr);
}

Face faceOf(const core::TableBattlesSet& set, const PhysicalCard& card, bool front)
{
    if (card.scenarioCard)
        return front ? Face{FaceKind::Scenario, nullptr, {}} : Face{FaceKind::Back, nullptr, "S" + std::to_string(set.scenario.number)};
    const auto& ref = front ? card.front : card.back;
    if (ref)
        return Face{FaceKind::Formation, set.find(*ref), {}};
    return Face{FaceKind::Back, nullptr, card.label};
}

void cropMarks(cairo_t* cr, const HomeSheetLayout& l)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, kCropMarkWidthMm);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    const double blockRight = l.blockLeftMm + 3 * kW + 2 * kCardBleedMm;
    const double blockBottom = l.blockTopMm + 3 * kH + 2 * kCardBleedMm;
    const double top = std::min(kCropMarkLengthMm, l.blockTopMm - kCropMarkGapMm);
    const double side = std::min(kCropMarkLengthMm, l.blockLeftMm - kCropMarkGapMm);
    for (int k = 0; k <= 3; ++k) {
        const double x = l.trimLeftMm + k * kW;
        cairo_move_to(cr, x, l.blockTopMm - kCropMarkGapMm - top);
        cairo_line_to(cr, x, l.blockTopMm - kCropMarkGapMm);
        cairo_move_to(cr, x, blockBottom + kCropMarkGapMm);
        cairo_line_to(cr, x, blockBottom + kCropMarkGapMm + top);
        const double y = l.trimTopMm + k * kH;
        cairo_move_to(cr, l.blockLeftMm - kCropMarkGapMm - side, y);
        cairo_line_to(cr, l.blockLeftMm - kCropMarkGapMm, y);
        cairo_move_to(cr, blockRight + kCropMarkGapMm, y);
        cairo_line_to(cr, blockRight + kCropMarkGapMm + side, y);
    }
    cairo_stroke(cr);
}

std::string svgName(const core::TableBattlesSet& set, const Face& face)
{
    if (face.kind == FaceKind::Scenario)
        return "scenario-" + std::to_string(set.scenario.number) + ".svg";
    return core::toString(face.card->ref) + ".svg";
}

int writeSvgs(const core::TableBattlesSet& set, const std::vector<PhysicalCard>& cards, const std::string& caption,
    const std::filesystem::path& folder)
{
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
        throw core::util::IoError(folder.string(), "", core::i18n::format(_("cannot create the folder: {1}"), {ec.message()}));
    const Bleed full{kCardBleedMm, kCardBleedMm, kCardBleedMm, kCardBleedMm};
    int written = 0;
    for (const PhysicalCard& card : cards) {
        for (bool front : {true, false}) {
            const Face face = faceOf(set, card, front);
            if (face.kind == FaceKind::Back)
                continue;
            core::io::AtomicFile file(folder / svgName(set, face));
            cairo_surface_t* surface = cairo_svg_surface_create(file.temporaryPath().c_str(),
                pointsFromMillimetres(kW + 2 * kCardBleedMm), pointsFromMillimetres(kH + 2 * kCardBleedMm));
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1);
            cairo_t* cr = cairo_create(surface);
            cairo_scale(cr, 1.0 / kMillimetresPerPoint, 1.0 / kMillimetresPerPoint);
            cairo_translate(cr, kCardBleedMm, kCardBleedMm);
            drawFace(cr, set, face, caption, full);
            cairo_destroy(cr);
            cairo_surface_finish(surface);
            const cairo_status_t status = cairo_surface_status(surface);
            cairo_surface_destroy(surface);
            if (status != CAIRO_STATUS_SUCCESS)
                throw core::util::IoError(file.target().string(), "", std::string("cairo: ") + cairo_status_to_string(status));
            file.commit();
            ++written;
        }
    }
    return written;
}

} // namespace

CardSheetMode cardSheetModeFromString(const std::string& text)
{
    if (text == "home")
        return CardSheetMode::Home;
    if (text == "shop")
        return CardSheetMode::Shop;
    throw core::util::OperationError("", "--mode", core::i18n::format(_("unknown mode '{1}' (use home or shop)"), {text}));
}

HomeSheetLayout planHomeSheet(const PageSize& page)
{
    HomeSheetLayout l;
    l.pageWidthMm = page.widthMm;
    l.pageHeightMm = page.heightMm;
    const double blockW = 3 * kW + 2 * kCardBleedMm;
    const double blockH = 3 * kH + 2 * kCardBleedMm;
    // Crop marks need at least the gap plus 1 mm of margin on every side.
    if (blockW + 2 * (kCropMarkGapMm + 1.0) > page.widthMm || blockH + 2 * (kCropMarkGapMm + 1.0) > page.heightMm) {
        const auto figure = [](double v) {
            std::ostringstream text;
            text << v;
            return text.str();
        };
        throw core::util::OperationError("", "--page",
            core::i18n::format(_("a 3 x 3 sheet of poker cards needs {1} x {2} mm plus room for crop marks; {3} is {4} x {5} mm"),
                {figure(blockW), figure(blockH), page.name, figure(page.widthMm), figure(page.heightMm)}));
    }
    l.blockLeftMm = (page.widthMm - blockW) / 2;
    l.blockTopMm = (page.heightMm - blockH) / 2;
    l.trimLeftMm = l.blockLeftMm + kCardBleedMm;
    l.trimTopMm = l.blockTopMm + kCardBleedMm;
    return l;
}

std::vector<PhysicalCard> physicalCards(const core::TableBattlesSet& set)
{
    std::vector<PhysicalCard> out;
    out.push_back({"scenario " + std::to_string(set.scenario.number), std::nullopt, std::nullopt, true});
    std::map<int, std::size_t> byNumber;
    for (const core::FormationCard& c : set.cards) {
        auto [it, added] = byNumber.try_emplace(c.ref.number, out.size());
        if (added)
            out.push_back({std::to_string(c.ref.number), std::nullopt, std::nullopt, false});
        PhysicalCard& card = out[it->second];
        (c.ref.face == 'A' ? card.front : card.back) = c.ref;
    }
    return out;
}

CardPrintResult printCards(const core::TableBattlesSet& set, const CardPrintRequest& request,
    const std::filesystem::path& output)
{
    const std::vector<PhysicalCard> cards = physicalCards(set);
    const std::string caption = request.title.empty() ? set.scenario.name : request.title;
    CardPrintResult result;
    result.cards = static_cast<int>(cards.size());
    const bool home = request.mode == CardSheetMode::Home;
    const HomeSheetLayout layout = home ? planHomeSheet(request.page) : HomeSheetLayout{};
    const double pageW = home ? layout.pageWidthMm : kW + 2 * kCardBleedMm;
    const double pageH = home ? layout.pageHeightMm : kH + 2 * kCardBleedMm;

    PdfWriter pdf(output, pageW, pageH, caption);
    cairo_t* cr = pdf.context();

    if (home) {
        const std::size_t sheets = (cards.size() + 8) / 9;
        for (std::size_t sheet = 0; sheet < sheets; ++sheet) {
            for (bool front : {true, false}) {
                const std::size_t onSheet = std::min<std::size_t>(9, cards.size() - sheet * 9);
                // Long-edge duplex turns the sheet about its vertical axis: column c's back sits at 2 - c.
                auto slotAt = [&](int row, int column) { return static_cast<std::size_t>(row * 3 + (front ? column : 2 - column)); };
                auto occupied = [&](int row, int column) {
                    return row >= 0 && row < 3 && column >= 0 && column < 3 && slotAt(row, column) < onSheet;
                };
                for (std::size_t slot = 0; slot < onSheet; ++slot) {
                    const int row = static_cast<int>(slot / 3);
                    const int column = front ? static_cast<int>(slot % 3) : 2 - static_cast<int>(slot % 3);
                    // Bleed on the block's outer edges, and towards an empty slot of a last, partial sheet.
                    const Bleed bleed{occupied(row, column - 1) ? 0.0 : kCardBleedMm, occupied(row - 1, column) ? 0.0 : kCardBleedMm,
                        occupied(row, column + 1) ? 0.0 : kCardBleedMm, occupied(row + 1, column) ? 0.0 : kCardBleedMm};
                    cairo_save(cr);
                    cairo_translate(cr, layout.trimLeftMm + column * kW, layout.trimTopMm + row * kH);
                    drawFace(cr, set, faceOf(set, cards[sheet * 9 + slot], front), caption, bleed);
                    cairo_restore(cr);
                }
                cropMarks(cr, layout);
                const std::string label = caption + " - sheet " + std::to_string(sheet + 1) + " of "
                    + std::to_string(sheets) + (front ? ", fronts" : ", backs (print duplex, flip on long edge)");
                font(cr, 1.8);
                cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
                const double blockBottom = layout.blockTopMm + 3 * kH + 2 * kCardBleedMm;
                showCentred(cr, label, pageW / 2, blockBottom + (pageH - blockBottom) / 2 + 0.6);
                cairo_show_page(cr);
                ++result.pages;
            }
        }
    } else {
        const Bleed full{kCardBleedMm, kCardBleedMm, kCardBleedMm, kCardBleedMm};
        for (const PhysicalCard& card : cards) {
            for (bool front : {true, false}) {
                cairo_save(cr);
                cairo_translate(cr, kCardBleedMm, kCardBleedMm);
                drawFace(cr, set, faceOf(set, card, front), caption, full);
                cairo_restore(cr);
                cairo_show_page(cr);
                ++result.pages;
            }
        }
    }
    pdf.finish();

    if (!home) {
        const double b = pointsFromMillimetres(kCardBleedMm);
        const PdfBox bleed{0, 0, pointsFromMillimetres(pageW), pointsFromMillimetres(pageH)};
        const PdfBox trim{b, b, bleed.x1 - b, bleed.y1 - b};
        const std::string boxed = addPdfPageBoxes(core::io::readFile(pdf.temporaryPath()), trim, bleed);
        std::ofstream rewrite(pdf.temporaryPath(), std::ios::binary | std::ios::trunc);
        rewrite.write(boxed.data(), static_cast<std::streamsize>(boxed.size()));
        rewrite.close();
        if (!rewrite)
            throw core::util::IoError(output.string(), "", _("cannot write the page boxes"));
    }
    if (request.svgFolder)
        result.svgFiles = writeSvgs(set, cards, caption, *request.svgFolder);
    pdf.commit();
    return result;
}

std::vector<std::filesystem::path> writeCardImages(const core::TableBattlesSet& set, const CardImageRequest& request,
    const std::filesystem::path& folder)
{
    const bool png = request.format == CardImageFormat::Png;
    if (png && !(request.dpi >= 10 && request.dpi <= 2400))
        throw core::util::OperationError("", "--dpi", _("the PNG resolution must be 10 to 2400 dpi"));
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
        throw core::util::IoError(folder.string(), "", core::i18n::format(_("cannot create the folder: {1}"), {ec.message()}));
    const std::string caption = request.title.empty() ? set.scenario.name : request.title;
    const double b = request.bleed ? kCardBleedMm : 0.0;
    const Bleed bleed{b, b, b, b};
    const double widthMm = kW + 2 * b, heightMm = kH + 2 * b;
    std::vector<std::unique_ptr<core::io::AtomicFile>> files;
    for (const PhysicalCard& card : physicalCards(set)) {
        for (bool front : {true, false}) {
            const Face face = faceOf(set, card, front);
            if (face.kind == FaceKind::Back)
                continue;
            std::filesystem::path name = svgName(set, face);
            if (png)
                name.replace_extension(".png");
            files.push_back(std::make_unique<core::io::AtomicFile>(folder / name));
            const core::io::AtomicFile& file = *files.back();
            std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(nullptr, &cairo_surface_destroy);
            double unitsPerMm = 1.0; // SVG: cairo writes the size with the document unit as given, so sized in mm
            if (png) {
                unitsPerMm = request.dpi / 25.4;
                surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(std::lround(widthMm * unitsPerMm)),
                    static_cast<int>(std::lround(heightMm * unitsPerMm))));
            } else {
                surface.reset(cairo_svg_surface_create(file.temporaryPath().c_str(), widthMm, heightMm));
                cairo_svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
                cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_MM);
            }
            if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
                throw core::util::IoError(file.target().string(), "", std::string("cairo: ") + cairo_status_to_string(cairo_surface_status(surface.get())));
            cairo_t* cr = cairo_create(surface.get());
            if (png) {
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_paint(cr);
            }
            cairo_scale(cr, unitsPerMm, unitsPerMm);
            cairo_translate(cr, b, b);
            // The card's own rectangle bounds what is drawn: nothing spills past the trim (or the bleed).
            cairo_rectangle(cr, -b, -b, widthMm, heightMm);
            cairo_clip(cr);
            drawFace(cr, set, face, caption, bleed);
            cairo_destroy(cr);
            cairo_status_t status = CAIRO_STATUS_SUCCESS;
            if (png) {
                cairo_surface_flush(surface.get());
                status = cairo_surface_write_to_png(surface.get(), file.temporaryPath().c_str());
            } else {
                cairo_surface_finish(surface.get());
                status = cairo_surface_status(surface.get());
            }
            if (status != CAIRO_STATUS_SUCCESS)
                throw core::util::IoError(file.target().string(), "", std::string("cairo: ") + cairo_status_to_string(status));
        }
    }
    std::vector<std::filesystem::path> written;
    for (auto& f : files) {
        f->commit();
        written.push_back(f->target());
    }
    return written;
}

} // namespace sandtable::print
