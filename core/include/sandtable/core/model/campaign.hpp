// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign Lite: the square grid over the map, per-square primary terrain, rolls, forces and objectives.
#pragma once

#include "sandtable/core/model/geometry.hpp"
#include "sandtable/core/model/ids.hpp"

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::core {

/// One statute mile in metres: Campaign Lite's default square ("One square equals 1 mile").
inline constexpr double kMileMetres = 1609.344;

/// A square of the grid: `column` counts from 0 at the west edge, `row` from 0 at the north edge
/// (docs/model.md: A1 and 0101 are the north-west square). Independent of the numbering scheme shown.
struct SquareRef {
    int column = 0;
    int row = 0;
    auto operator<=>(const SquareRef&) const = default;
};

/// How squares are called out loud (docs/model.md, "Grid conventions").
/// - LetterNumber: column letters west to east (A..Z, AA, AB, ...), then the row number: "C4".
/// - ColumnRow: column number then row number, both padded to one width of at least two digits: "0304".
enum class GridNumbering { LetterNumber, ColumnRow };
const char* toString(GridNumbering numbering);                     ///< "letter-number" or "colrow"
GridNumbering gridNumberingFromString(const std::string& name);    ///< throws std::invalid_argument

/// The campaign grid. Lengths in metres of the working CRS.
/// - `origin`: the south-west corner of the grid (the corner `rotation` turns about).
/// - `rotation`: degrees clockwise from grid north (0 = columns run east, rows run south from the north edge).
/// - `startNumber`: the number of the first row (and, for ColumnRow, of the first column).
/// - `leadingZeros`: unset = the scheme's habit (LetterNumber "A1", ColumnRow "0101"); set = pad numbers to
///   the width of the largest one (LetterNumber "A01") or not at all (ColumnRow "3.4", a dot keeping the
///   two numbers apart).
/// - `descendingRows`: rows numbered from the south edge instead of the north.
struct CampaignGrid {
    double squareSize = kMileMetres;
    Coordinate origin;
    int rows = 1;
    int columns = 1;
    double rotation = 0.0;
    GridNumbering numbering = GridNumbering::LetterNumber;
    int startNumber = 1;
    std::optional<bool> leadingZeros;
    bool descendingRows = false;
    bool operator==(const CampaignGrid&) const = default;
};

/// Largest grid accepted (rows and columns each): a cap against unbounded allocation.
inline constexpr int kMaxGridSide = 2000;

/// Throws std::invalid_argument naming the problem: square size not a positive finite number, rows or
/// columns outside 1..kMaxGridSide, non-finite origin or rotation, start number below 0.
void checkGrid(const CampaignGrid& grid);

/// True when `square` is one of the grid's squares: column in 0..columns-1 and row in 0..rows-1. The one
/// on-grid test of sandtable (grid edits, validation, rolls, battle tables and the editor all use it).
constexpr bool onGrid(const CampaignGrid& grid, SquareRef square) noexcept
{
    return square.column >= 0 && square.row >= 0 && square.column < grid.columns && square.row < grid.rows;
}

/// The name players call: "C4", "0304", ... Throws std::out_of_range for a square off the grid.
std::string squareName(const CampaignGrid& grid, SquareRef square);

/// The square a name calls (case-insensitive letters; "0304", "3.4" and "C04" all accepted where they fit
/// the scheme). Throws std::invalid_argument naming the text when it is malformed or off the grid.
SquareRef parseSquareName(const CampaignGrid& grid, const std::string& name);

/// The four corners of a square in working-CRS metres, counter-clockwise from its south-west corner
/// (south-west, south-east, north-east, north-west before rotation).
std::array<Coordinate, 4> squareCorners(const CampaignGrid& grid, SquareRef square);

/// The centre of a square, working-CRS metres.
Coordinate squareCentre(const CampaignGrid& grid, SquareRef square);

/// The square holding a point (points on a shared edge go to the east / south square), or none when the
/// point is off the grid.
std::optional<SquareRef> squareAt(const CampaignGrid& grid, Coordinate point);

/// The bounding rectangle of the grid in working-CRS metres (min x, min y, max x, max y).
std::array<double, 4> gridBounds(const CampaignGrid& grid);

/// The table helper of docs/model.md: the grid whose squares, `squaresAlong` of them along the table's long
/// side, cover the table at a rules scale. Square size = table length in ground metres / squaresAlong;
/// across = the whole squares that fit the short side. 8 x 6 ft at 100 yards to the inch (1:3600) gives
/// 6 x 4 squares of 1463.04 m (0.909 mile). Table sizes in millimetres; throws std::invalid_argument for
/// non-positive sizes, scale or count.
struct TableGrid {
    double squareSize = 0.0;   ///< ground metres
    int along = 0;             ///< squares along the long side
    int across = 0;            ///< squares along the short side
    double squareOnTableMm = 0.0;
};
TableGrid proposeTableGrid(double tableLengthMm, double tableWidthMm, double scaleDenominator, int squaresAlong = 6);

/// How much of a square a terrain class covers, classified (campaign-lite.txt: primary terrain covers
/// "one whole grid square or one half square").
enum class Cover { None, Half, Whole };
const char* toString(Cover cover);                 ///< "none", "half", "whole"
Cover coverFromString(const std::string& name);    ///< throws std::invalid_argument

/// Coverage fraction thresholds (share of the square's area): whole when >= `whole`, half when >= `half`,
/// else none. Defaults are sandtable's reading, editable per campaign; 0 < half <= whole <= 1.
struct CoverThresholds {
    double whole = 0.75;
    double half = 0.25;
    bool operator==(const CoverThresholds&) const = default;
};
Cover classifyCover(double fraction, const CoverThresholds& thresholds);

/// A square edge. Bridges and fords "on the line between two squares" name the edge; in the middle, none.
enum class Edge { North, East, South, West };
const char* toString(Edge edge);                 ///< "north", "east", "south", "west"
Edge edgeFromString(const std::string& name);    ///< throws std::invalid_argument

/// A road, river or stream running through a square: the edges it crosses (each once, N E S W order;
/// an edge on the grid's border means it leaves the map there), its grade (roads: "major"/"minor";
/// empty for water) and its length inside the square (metres).
struct SquareLine {
    FeatureId feature;
    std::string terrainClass;
    std::string grade;
    std::vector<Edge> edges;
    double length = 0.0;
    bool operator==(const SquareLine&) const = default;
};

/// A bridge or ford in a square: on an edge (shared with the neighbour) or in the middle (no edge).
struct SquareCrossing {
    FeatureId feature;
    std::string terrainClass;
    std::optional<Edge> edge;
    bool operator==(const SquareCrossing&) const = default;
};

/// What derivation found in one square: coverage fractions (class -> share of the square's area, sorted
/// by class, only positive shares), lines and crossings.
struct SquareTerrain {
    SquareRef square;
    std::vector<std::pair<std::string, double>> coverage;
    std::vector<SquareLine> lines;
    std::vector<SquareCrossing> crossings;
    bool operator==(const SquareTerrain&) const = default;
    double fraction(const std::string& terrainClass) const; ///< 0 when absent
};

/// A designer's decision about a square that wins over the derived cover of its class and survives
/// re-derivation (shown marked as an override).
struct CoverOverride {
    SquareRef square;
    std::string terrainClass;
    Cover cover = Cover::None;
    std::string note;
    bool operator==(const CoverOverride&) const = default;
};

/// One square's secondary-terrain roll, recorded so a designer sees why it got what it got.
/// `result`: "hill", "stream", "woods", "field", "orchard", "village" or "nothing"; `d6` the further dice
/// in the order drawn (walls, hedge); `detail` the placement change applied, in words; `streamTo` the
/// square a stream start flows to, `streamEdge` the table edge when it flows off the table instead.
struct SecondaryRoll {
    SquareRef square;
    int d10 = 0;
    std::string result;
    std::vector<int> d6;
    std::string detail;
    std::optional<SquareRef> streamTo;
    std::optional<Edge> streamEdge;
    std::optional<int> edgeDie;   ///< the d4 that chose the table edge, when one was rolled
    bool operator==(const SecondaryRoll&) const = default;
};

/// A roll of the whole table: seed, region table, and every square's roll in the order drawn.
struct SecondaryTerrain {
    std::uint64_t seed = 0;
    std::string region;   ///< "foothills", "valley" or "farming-plain"
    std::vector<SecondaryRoll> rolls;
    bool operator==(const SecondaryTerrain&) const = default;
};

/// A force: all of a side's units in one square ("A Force is all friendly units occupying one grid
/// square"), counted by arm in the battle rules' basic units.
struct CampaignForce {
    std::string id;
    SideId side;
    std::string name;
    SquareRef square;
    int infantry = 0;
    int cavalry = 0;
    int artillery = 0;
    bool deployed = false;
    /// The squares the force marched through to reach `square`, in order (empty = it starts there); each
    /// step goes to a square sharing an edge with the one before, the last step into `square`. Validation
    /// checks rivers are crossed only at bridges or fords (campaign-lite.txt, "Rivers: Can only be crossed at bridges").
    std::vector<SquareRef> route{};
    bool operator==(const CampaignForce&) const = default;
};

/// Strategic objectives (campaign-lite.txt, "Victory"); a line of communication is always one of them.
enum class ObjectiveKind { Town, Junction, Fort, Resource, LineOfCommunication };
const char* toString(ObjectiveKind kind);                      ///< "town", ..., "line-of-communication"
ObjectiveKind objectiveKindFromString(const std::string& name); ///< throws std::invalid_argument

/// An objective on a square, worth `points`; a line of communication belongs to `side` (the road off the
/// map edge that side must keep free of enemy units).
struct Objective {
    std::string id;
    std::string name;
    ObjectiveKind kind = ObjectiveKind::Town;
    SquareRef square;
    int points = 1;
    std::optional<SideId> side;
    bool operator==(const Objective&) const = default;
};

/// The campaign clock, in minutes after midnight: one-hour turns by default; night halves movement.
struct CampaignClock {
    int turnMinutes = 60;
    int startMinute = 6 * 60;
    int endOfDaylightMinute = 20 * 60;
    bool operator==(const CampaignClock&) const = default;
};

/// What a side is told at the start: enemy forces "seen" (their ids) and the general size and direction.
struct StartingIntelligence {
    SideId side;
    std::vector<std::string> seenForces;
    std::string told;
    bool operator==(const StartingIntelligence&) const = default;
};

/// The whole Campaign Lite part of a scenario (document member "campaign").
struct Campaign {
    CampaignGrid grid;
    CoverThresholds thresholds;
    std::vector<SquareTerrain> derived;     ///< from `grid derive`, row-major from the north-west
    std::vector<CoverOverride> overrides;
    std::vector<SquareRef> tableSquares;    ///< the squares chosen for the tabletop; empty = none chosen
    std::optional<SecondaryTerrain> secondary;
    std::vector<CampaignForce> forces;
    std::optional<int> stackingLimit;       ///< units per square; unset = no limit (the rules set none)
    std::vector<Objective> objectives;
    CampaignClock clock;
    std::vector<StartingIntelligence> intelligence;
    bool operator==(const Campaign&) const = default;

    /// The cover of `terrainClass` in a square: the override when there is one, else the derived fraction
    /// classified by `thresholds` (none when the square was not derived).
    Cover cover(SquareRef square, const std::string& terrainClass) const;
    /// True when `terrainClass` in `square` is set by an override.
    bool overridden(SquareRef square, const std::string& terrainClass) const;
    /// The derived record of a square, or nullptr.
    const SquareTerrain* derivedSquare(SquareRef square) const;
};

} // namespace sandtable::core
