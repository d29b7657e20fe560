// SPDX-License-Identifier: GPL-3.0-or-later
// VASSAL modules (.vmod): a scenario written as a module VASSAL 3.7 plays, and a module read back.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "sandtable/geo/new_scenario.hpp"

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::vassal {

/// The VASSAL release whose module format sandtable writes ("VassalVersion" of buildFile.xml and moduledata).
inline constexpr const char* kVassalVersion = "3.7.0";
/// The entry of a module written by sandtable that holds the scenario's own document, for `vassal import` to
/// bring back what a module cannot carry (terrain, campaign state, cards, ...). VASSAL ignores it.
inline constexpr const char* kVassalScenarioEntry = "sandtable/scenario.sandtable.json";
/// The newest release series sandtable reads: any 3.7.x; a module saved by 3.8 or later is refused.
inline constexpr const char* kVassalSeries = "3.7";

namespace codec {

/// VASSAL's tools/SequenceEncoder: tokens joined by `delimiter`, each delimiter inside a token preceded by
/// a backslash, a token that starts with a backslash (or is wrapped in single quotes) wrapped in single
/// quotes. Piece definitions nest these: a trait's type, a tab, then its inner piece's type encoded again.
std::string encode(const std::vector<std::string>& tokens, char delimiter);

/// SequenceEncoder.Decoder: the tokens of `text` (an empty text is no token; a text ending in the
/// delimiter has an empty last token... as VASSAL reads it: the empty remainder is one empty token).
std::vector<std::string> decode(const std::string& text, char delimiter);

/// Java's Double.toString for the numbers sandtable writes into traits: "0.0", "-45.0", "-22.5".
std::string javaDouble(double value);

/// Compares dotted versions by their numeric parts ("3.7.0" < "3.7.12" < "3.8"; "3.7.0-beta1" = "3.7.0"):
/// negative, zero or positive.
int compareVersions(const std::string& a, const std::string& b);

} // namespace codec

/// Board resolution when none is asked: 100 pixels per inch of the table at game scale,
/// 100 / 25.4 px/mm x 1000 / scale = 0.246 px/m at 1:16,000, 3937 px/m for a table (scale 1).
double defaultVassalPxPerM(const core::Scenario& scenario);

/// The ground area a module's board shows: the scenario's extent, grown to the bounds of its Campaign Lite grid
/// where the grid runs past it (each force stands at its square's centre, and a square off the board would put
/// it where no player can see it); the extent itself otherwise. Callers draw the board and write the module
/// with this extent (sandtable vassal export, the editor's export). Requires an extent.
core::Extent vassalBoardExtent(const core::Scenario& scenario);

/// The board pixel of a ground point: ((x - minX) x pxPerM, (maxY - y) x pxPerM); pixel (0, 0) is the top-left
/// corner of the top-left pixel (cli.md), so a pixel's centre is at +0.5.
std::array<double, 2> vassalBoardPixel(const core::Extent& extent, double pxPerM, core::Coordinate ground);

/// A PNG image for the module and its pixel size.
struct VassalImage {
    std::string png;
    int width = 0;
    int height = 0;
};

/// What the module is made of besides the scenario: images drawn by sandtable (print::renderBoardImage,
/// renderPieceImage, writeCardImages), so that this layer needs no renderer.
struct VassalExportInput {
    double pxPerM = 0.0;                      ///< board pixels per ground metre
    std::optional<VassalImage> board;         ///< the battle map (scenarios with an extent)
    std::map<std::string, VassalImage> pieces; ///< unit id -> its piece image (every unit)
    std::map<std::string, VassalImage> forces; ///< Campaign Lite force id -> its counter (every force)
    /// Table Battles faces, named as print::writeCardImages names them: "scenario-38.png", "233-A.png".
    std::map<std::string, VassalImage> cardFaces;
    /// The scenario's document as saved (core::io::serializeScenario of the scenario as the person has it, before
    /// any change made for the board), written as kVassalScenarioEntry; empty: none.
    std::string scenarioDocument;
};

/// What was written (cli.md `vassal export --json`).
struct VassalExportResult {
    double pxPerM = 0.0;
    int boardWidth = 0;   ///< px (0 without a battle map)
    int boardHeight = 0;
    int pieces = 0;       ///< piece slots in the palettes (one per unit)
    int setupStacks = 0;  ///< at-start stacks (one per placed unit)
    int reinforcements = 0;
    int forces = 0;       ///< Campaign Lite forces, each at its square's centre
    int cards = 0;        ///< formation cards (one per card number; both faces on one card)
    int decks = 0;
    std::vector<std::string> files; ///< the archive's entries, in writing order
    core::validation::Diagnostics findings;     ///< what VASSAL cannot show (a rotated campaign grid, ...)
};

/// Writes `output` (a zip: buildFile.xml, moduledata, images/..., help/scenario.html) atomically: on failure
/// nothing is left. buildFile.xml holds, as VASSAL 3.7 writes them: the player roster (one side per scenario
/// side, in order); for a scenario with an extent a map "Battle map" with one board of input.board, for
/// Campaign Lite a SquareGrid (dx = dy = square size x pxPerM, origin at the centre of the north-west square,
/// the scenario's numbering) and a SetupStack per campaign force at its square's centre, a SetupStack per placed unit at vassalBoardPixel of its position (rounded to
/// whole pixels) holding its piece with the rotation of its facing; a PieceWindow with a tab per side and a
/// list per formation (reinforcements in lists named by arrival day, turn and entry); Table Battles: a
/// "Scenario card" map whose board is the scenario card, a "Table" map with one deck (DrawPile) per army
/// holding a card per formation card (a two-level Layer trait when it has a B face); module help with the
/// description, victory points and rout thresholds; a 1d6 DiceButton for Pub Battles, Campaign Lite and
/// Table Battles; the scenario's document (input.scenarioDocument) as kVassalScenarioEntry. Each piece: BasicPiece (image, name) inside a FreeRotator (facing: VASSAL's angle is
/// counter-clockwise, so -facing) inside a Marker of the unit's properties (Side, Formation, Type,
/// Strength, Quality, ... and sandtable_id). GameModule's ModuleOther1 carries sandtable's frame
/// (crs, extent, px_per_m, scale, system) so that importVassalModule can place the pieces back.
/// With at-start pieces (units, campaign forces, cards) the module also offers the start as a predefined set-up,
/// "Scenario start" (PredefinedSetup, file scenario-start.vsav): a saved game as GameState.saveGame writes it (a
/// zip of the obfuscated command stream "savedGame", "savedata" and "moduledata") that adds every at-start piece
/// in a Stack of its own where its at-start stack stands (each army's cards in a Deck where its draw pile
/// stands), chooses the boards and marks the at-start stacks placed.
/// A Warning vassal.off_board names an at-start piece whose place is off the board image (draw the board over
/// vassalBoardExtent to keep every campaign square on it).
/// Throws core::util::OperationError (an image missing from `input`), core::util::IoError (cannot write).
VassalExportResult writeVassalModule(const core::Scenario& scenario, const VassalExportInput& input,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress = {});

/// A grid of a VASSAL board, as its element says (lengths in board pixels).
struct VassalGrid {
    std::string kind;      ///< "square", "hex", "region", "zoned"
    double dx = 0.0;       ///< square width / hex side (HexGrid dx)
    double dy = 0.0;
    double x0 = 0.0;       ///< origin: the centre of square (0, 0)
    double y0 = 0.0;
    std::map<std::string, std::string> numbering; ///< the numbering element's attributes
};

/// A named area (ZonedGrid Zone: its polygon in board pixels) or point (IrregularGrid Region).
struct VassalPlace {
    std::string name;
    std::vector<std::array<double, 2>> points; ///< one for a region, the outline for a zone
};

struct VassalBoard {
    std::string map;    ///< the Map's mapName
    std::string name;
    std::string image;  ///< entry under images/ (empty: a plain board)
    int width = 0;      ///< px as written (0 = the image's own size)
    int height = 0;
    std::optional<VassalGrid> grid;
    std::vector<VassalPlace> zones;
    std::vector<VassalPlace> regions;
};

/// A piece found in a palette, an at-start stack or a deck, decoded from its definition.
struct VassalPiece {
    std::string name;
    std::string image;
    std::string palette;       ///< "Tab / List" path of palette widgets, or "setup", or the deck's name
    std::map<std::string, std::string> properties; ///< Marker keys -> values
    std::optional<std::array<double, 2>> position; ///< an at-start stack's x, y (board pixels)
    std::string board;         ///< its owning board
    std::optional<double> angle; ///< FreeRotator angle (degrees, counter-clockwise)
};

/// A module's content as read.
struct VassalModule {
    std::string name;
    std::string version;
    std::string vassalVersion;
    std::string description;
    std::string other1; ///< ModuleOther1
    std::vector<std::string> sides;
    std::vector<VassalBoard> boards;
    std::vector<VassalPiece> pieces;
    core::validation::Diagnostics findings; ///< what sandtable reads past (unknown traits, other components)
};

/// Reads a .vmod (zip) or an unpacked module folder: moduledata and buildFile.xml (buildFile in modules
/// older than 3.5). Throws core::util::FormatError naming the file and element: not a module (no buildFile),
/// a buildFile that does not parse or whose root is not VASSAL.build.GameModule, a VassalVersion of a
/// series newer than kVassalSeries (in moduledata or buildFile); core::util::IoError when the file cannot be read.
VassalModule readVassalModule(const std::filesystem::path& module);

/// The bytes of one entry of the module ("images/board.png"). Throws core::util::FormatError naming the module
/// and the entry when it is not there.
std::string readVassalModuleEntry(const std::filesystem::path& module, const std::string& entry);

struct VassalImportOptions {
    std::string board;                 ///< the board to import (default: the first board with an image)
    /// The scenario's two sides among the module's: "A,B", each of them one side of the roster (or a side a
    /// piece names) or several joined by '+' ("Union+Union reserve,Confederate"). Empty: the module's sides when
    /// there are two at most, else the two with the most pieces (a finding names what was left out).
    std::string sides;
    core::util::ProgressCallback progress;
};

/// A scenario made from a module, for a Document to apply through operations (setSettings, setMap, addSide,
/// addFormation, addUnit, setCampaignGrid, setCampaignForces), in that order.
struct VassalImport {
    geo::NewScenario base;                 ///< settings and the board image as the unreferenced map scan
    std::filesystem::path boardImage; ///< the image written beside the scenario
    std::string boardName;
    int boards = 0;                   ///< boards in the module (one imported)
    std::vector<core::Side> sides;
    std::vector<core::Formation> formations;
    std::vector<core::Unit> units;
    std::optional<core::CampaignGrid> grid; ///< when the module's frame (sandtable's) gives its metres
    std::vector<core::CampaignForce> forces; ///< sandtable's force counters, when `grid` is set
    int zones = 0;
    int regions = 0;
    core::validation::Diagnostics findings;       ///< every thing not carried over, by name
    /// A module written by sandtable with the scenario's document (kVassalScenarioEntry): that scenario whole,
    /// with `base.map` as its map (the board image) and without reference layers, and the module's at-start
    /// pieces winning over it: a unit whose stack stands on another pixel or turns another angle than the
    /// document's place gives it there (pixel to ground as for other units), a unit without an at-start stack
    /// has no place, a force on another square is on that square. Then `sides`, `formations`, `units`,
    /// `grid` and `forces` are what the module alone gave, `carried` what to apply.
    std::optional<core::Scenario> carried;
    int movedInModule = 0;            ///< pieces whose place came from the module, not the document
    /// The board has no image (a hand, a chart): no image written, `base.map` empty and not to be set, the
    /// scenario's map waiting for a scan; its zones and regions named in findings.
    bool waitsForScan = false;
};

/// Reads `module`, writes the chosen board's image beside `scenarioFile` as "<scenario id>.board.<ext>"
/// (atomically) and makes the scenario: the image as its map (unreferenced, ready for GCPs or calibration);
/// the roster's sides (and the sides named by pieces' Side property); a formation per palette list (or
/// Formation property) and a unit per piece, its type, strength and quality from sandtable's properties
/// when present. A module written by sandtable (its frame in ModuleOther1) gets back its CRS, extent, scale
/// and system, its units placed where their at-start stacks are, its square grid as the campaign grid and
/// its force counters as the campaign's forces.
/// A module carrying its scenario's document (kVassalScenarioEntry) gives that scenario back whole
/// (VassalImport::carried), the module's at-start pieces winning over it.
/// Sides: options.sides, else the module's when two at most, else the two with the most pieces (finding
/// vassal.sides; pieces of a side left out: vassal.side_left_out). Throws OperationError naming --sides when it
/// names no two groups of the module's sides (before anything is written).
/// Grids, zones and regions that cannot be carried are findings. Throws as readVassalModule, and
/// core::util::OperationError when --board names no board or no board has an image.
VassalImport importVassalModule(const std::filesystem::path& module, const std::filesystem::path& scenarioFile,
    const VassalImportOptions& options = {});

} // namespace sandtable::vassal
