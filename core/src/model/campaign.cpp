// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign grid arithmetic: square names, corners, lookup, the table helper and the cover of a square.
#include "sandtable/core/model/campaign.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace sandtable::core {
namespace {

struct Axes {
    double ux, uy; // unit vector along the columns (east when unrotated)
    double vx, vy; // unit vector along the rows' northward direction
};

Axes axesOf(const CampaignGrid& grid)
{
    const double radians = grid.rotation * std::numbers::pi / 180.0;
    // Clockwise rotation: east turns towards south, north towards east.
    const double c = std::cos(radians), s = std::sin(radians);
    return {c, -s, s, c};
}

Coordinate atLocal(const CampaignGrid& grid, double u, double v)
{
    const Axes a = axesOf(grid);
    return {grid.origin.x + u * a.ux + v * a.vx, grid.origin.y + u * a.uy + v * a.vy};
}

std::string columnLetters(int column)
{
    std::string letters;
    for (int n = column + 1; n > 0; n = (n - 1) / 26)
        letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
    return letters;
}

int digits(long long n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        ++d;
    }
    return d;
}

std::string padded(long long n, int width)
{
    std::string text = std::to_string(n);
    if (static_cast<int>(text.size()) < width)
        text.insert(text.begin(), static_cast<std::size_t>(width - static_cast<int>(text.size())), '0');
    return text;
}

int rowNumber(const CampaignGrid& grid, int row)
{
    return grid.startNumber + (grid.descendingRows ? grid.rows - 1 - row : row);
}

std::optional<long long> parseNumber(const std::string& text)
{
    if (text.empty() || text.size() > 9)
        return std::nullopt;
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

const char* toString(GridNumbering numbering)
{
    return numbering == GridNumbering::LetterNumber ? "letter-number" : "colrow";
}

GridNumbering gridNumberingFromString(const std::string& name)
{
    if (name == "letter-number")
        return GridNumbering::LetterNumber;
    if (name == "colrow")
        return GridNumbering::ColumnRow;
    throw std::invalid_argument(i18n::format(_("unknown grid numbering '{1}' (letter-number or colrow)"), {name}));
}

void checkGrid(const CampaignGrid& grid)
{
    if (!std::isfinite(grid.squareSize) || !(grid.squareSize > 0.0))
        throw std::invalid_argument(_("the square size must be a positive number of metres"));
    if (grid.rows < 1 || grid.columns < 1 || grid.rows > kMaxGridSide || grid.columns > kMaxGridSide)
        throw std::invalid_argument(i18n::format(_("rows and columns must each be between 1 and {1}"), {std::to_string(kMaxGridSide)}));
    if (!std::isfinite(grid.origin.x) || !std::isfinite(grid.origin.y) || !std::isfinite(grid.rotation))
        throw std::invalid_argument(_("the grid origin and rotation must be finite numbers"));
    if (grid.startNumber < 0)
        throw std::invalid_argument(_("the start number must not be negative"));
}

std::string squareName(const CampaignGrid& grid, SquareRef square)
{
    if (!onGrid(grid, square))
        throw std::out_of_range(i18n::format(_("square (column {1}, row {2}) is off the {3} x {4} grid"),
            {std::to_string(square.column), std::to_string(square.row), std::to_string(grid.columns), std::to_string(grid.rows)}));
    const int row = rowNumber(grid, square.row);
    const int largestRow = grid.startNumber + grid.rows - 1;
    if (grid.numbering == GridNumbering::LetterNumber) {
        const bool pad = grid.leadingZeros.value_or(false);
        return columnLetters(square.column) + padded(row, pad ? digits(largestRow) : 1);
    }
    const int column = grid.startNumber + square.column;
    const int largestColumn = grid.startNumber + grid.columns - 1;
    if (!grid.leadingZeros.value_or(true))
        return std::to_string(column) + "." + std::to_string(row);
    // Both numbers padded to one width, so the name splits in half unambiguously ("0304", "012007").
    const int width = std::max({2, digits(largestColumn), digits(largestRow)});
    return padded(column, width) + padded(row, width);
}

SquareRef parseSquareName(const CampaignGrid& grid, const std::string& name)
{
    // `pattern` is a whole translated sentence, {1} the name as typed.
    auto fail = [&](const char* pattern) {
        return std::invalid_argument(i18n::format(pattern, {name}));
    };
    long long columnNumber = -1; // 0-based column
    long long rowNum = -1;       // as shown
    if (grid.numbering == GridNumbering::LetterNumber) {
        std::size_t i = 0;
        long long letters = 0;
        while (i < name.size() && std::isalpha(static_cast<unsigned char>(name[i]))) {
            letters = letters * 26 + (std::toupper(static_cast<unsigned char>(name[i])) - 'A' + 1);
            if (letters > kMaxGridSide * 26LL)
                throw fail(_("square '{1}': too many column letters"));
            ++i;
        }
        if (i == 0)
            throw fail(_("square '{1}': expected column letters then a row number, e.g. C4"));
        const auto number = parseNumber(name.substr(i));
        if (!number)
            throw fail(_("square '{1}': expected a row number after the column letters, e.g. C4"));
        columnNumber = letters - 1;
        rowNum = *number;
    } else {
        const auto dot = name.find('.');
        std::optional<long long> c, r;
        if (dot != std::string::npos) {
            c = parseNumber(name.substr(0, dot));
            r = parseNumber(name.substr(dot + 1));
        } else if (name.size() >= 4 && name.size() % 2 == 0) {
            c = parseNumber(name.substr(0, name.size() / 2));
            r = parseNumber(name.substr(name.size() / 2));
        }
        if (!c || !r)
            throw fail(_("square '{1}': expected column then row digits, e.g. 0304 (or 3.4)"));
        columnNumber = *c - grid.startNumber;
        rowNum = *r;
    }
    long long row = rowNum - grid.startNumber;
    if (grid.descendingRows)
        row = grid.rows - 1 - row;
    if (columnNumber < 0 || columnNumber >= grid.columns || row < 0 || row >= grid.rows)
        throw std::invalid_argument(i18n::format(_("square '{1}': off the {2} x {3} grid"),
            {name, std::to_string(grid.columns), std::to_string(grid.rows)}));
    return SquareRef{static_cast<int>(columnNumber), static_cast<int>(row)};
}

std::array<Coordinate, 4> squareCorners(const CampaignGrid& grid, SquareRef square)
{
    const double s = grid.squareSize;
    const double u0 = square.column * s, u1 = (square.column + 1) * s;
    const double v0 = (grid.rows - 1 - square.row) * s, v1 = (grid.rows - square.row) * s;
    return {atLocal(grid, u0, v0), atLocal(grid, u1, v0), atLocal(grid, u1, v1), atLocal(grid, u0, v1)};
}

Coordinate squareCentre(const CampaignGrid& grid, SquareRef square)
{
    const double s = grid.squareSize;
    return atLocal(grid, (square.column + 0.5) * s, (grid.rows - square.row - 0.5) * s);
}

std::optional<SquareRef> squareAt(const CampaignGrid& grid, Coordinate point)
{
    const Axes a = axesOf(grid);
    const double dx = point.x - grid.origin.x, dy = point.y - grid.origin.y;
    const double u = (dx * a.ux + dy * a.uy) / grid.squareSize;
    const double v = (dx * a.vx + dy * a.vy) / grid.squareSize;
    if (!(u >= 0.0) || !(v >= 0.0) || u > grid.columns || v > grid.rows)
        return std::nullopt;
    const int column = std::min(static_cast<int>(std::floor(u)), grid.columns - 1);
    // Row from the north: v = rows at the north edge.
    const int row = std::clamp(grid.rows - 1 - static_cast<int>(std::floor(v)), 0, grid.rows - 1);
    return SquareRef{column, row};
}

std::array<double, 4> gridBounds(const CampaignGrid& grid)
{
    const double w = grid.columns * grid.squareSize, h = grid.rows * grid.squareSize;
    const Coordinate corners[] = {atLocal(grid, 0, 0), atLocal(grid, w, 0), atLocal(grid, w, h), atLocal(grid, 0, h)};
    std::array<double, 4> b{corners[0].x, corners[0].y, corners[0].x, corners[0].y};
    for (const Coordinate& c : corners) {
        b[0] = std::min(b[0], c.x);
        b[1] = std::min(b[1], c.y);
        b[2] = std::max(b[2], c.x);
        b[3] = std::max(b[3], c.y);
    }
    return b;
}

TableGrid proposeTableGrid(double tableLengthMm, double tableWidthMm, double scaleDenominator, int squaresAlong)
{
    if (!(tableLengthMm > 0) || !(tableWidthMm > 0) || !(scaleDenominator > 0) || squaresAlong < 1)
        throw std::invalid_argument(_("table sizes, scale and square count must be positive"));
    const double longMm = std::max(tableLengthMm, tableWidthMm), shortMm = std::min(tableLengthMm, tableWidthMm);
    TableGrid out;
    out.along = squaresAlong;
    out.squareOnTableMm = longMm / squaresAlong;
    out.squareSize = out.squareOnTableMm / 1000.0 * scaleDenominator;
    // Whole squares across the short side (a few parts per million of slack for decimal table sizes).
    out.across = std::max(1, static_cast<int>(std::floor(shortMm / out.squareOnTableMm + 1e-9)));
    return out;
}

const char* toString(Cover cover)
{
    switch (cover) {
    case Cover::None: return "none";
    case Cover::Half: return "half";
    case Cover::Whole: return "whole";
    }
    return "none";
}

Cover coverFromString(const std::string& name)
{
    if (name == "none")
        return Cover::None;
    if (name == "half")
        return Cover::Half;
    if (name == "whole")
        return Cover::Whole;
    throw std::invalid_argument(i18n::format(_("unknown cover '{1}' (none, half or whole)"), {name}));
}

Cover classifyCover(double fraction, const CoverThresholds& t)
{
    if (fraction >= t.whole)
        return Cover::Whole;
    if (fraction >= t.half)
        return Cover::Half;
    return Cover::None;
}

const char* toString(Edge edge)
{
    switch (edge) {
    case Edge::North: return "north";
    case Edge::East: return "east";
    case Edge::South: return "south";
    case Edge::West: return "west";
    }
    return "north";
}

Edge edgeFromString(const std::string& name)
{
    if (name == "north")
        return Edge::North;
    if (name == "east")
        return Edge::East;
    if (name == "south")
        return Edge::South;
    if (name == "west")
        return Edge::West;
    throw std::invalid_argument(i18n::format(_("unknown edge '{1}' (north, east, south, west)"), {name}));
}

const char* toString(ObjectiveKind kind)
{
    switch (kind) {
    case ObjectiveKind::Town: return "town";
    case ObjectiveKind::Junction: return "junction";
    case ObjectiveKind::Fort: return "fort";
    case ObjectiveKind::Resource: return "resource";
    case ObjectiveKind::LineOfCommunication: return "line-of-communication";
    }
    return "town";
}

ObjectiveKind objectiveKindFromString(const std::string& name)
{
    for (ObjectiveKind k : {ObjectiveKind::Town, ObjectiveKind::Junction, ObjectiveKind::Fort, ObjectiveKind::Resource,
             ObjectiveKind::LineOfCommunication})
        if (name == toString(k))
            return k;
    throw std::invalid_argument(i18n::format(_("unknown objective kind '{1}'"), {name}));
}

double SquareTerrain::fraction(const std::string& terrainClass) const
{
    for (const auto& [cls, value] : coverage)
        if (cls == terrainClass)
            return value;
    return 0.0;
}

const SquareTerrain* Campaign::derivedSquare(SquareRef square) const
{
    for (const SquareTerrain& t : derived)
        if (t.square == square)
            return &t;
    return nullptr;
}

bool Campaign::overridden(SquareRef square, const std::string& terrainClass) const
{
    return std::any_of(overrides.begin(), overrides.end(),
        [&](const CoverOverride& o) { return o.square == square && o.terrainClass == terrainClass; });
}

Cover Campaign::cover(SquareRef square, const std::string& terrainClass) const
{
    for (const CoverOverride& o : overrides)
        if (o.square == square && o.terrainClass == terrainClass)
            return o.cover;
    const SquareTerrain* t = derivedSquare(square);
    return t ? classifyCover(t->fraction(terrainClass), thresholds) : Cover::None;
}

} // namespace sandtable::core
