// SPDX-License-Identifier: GPL-3.0-or-later
// Modules written by `sandtable vassal export` opened by VASSAL's own engine (issue 44): VASSAL 3.7.26 built from
// ../shared/vassal with javac (tests/vassal/build_engine.sh, cached in the build folder), our harness
// (SandtableVassalHarness.java) loading each bundled example's module as the Player does under Xvfb, decoding
// every piece and starting a game. What VASSAL placed is checked against the scenario file itself, read here as
// JSON, with the module's geometry worked out again from the format (not through sandtable's code):
//   board pixel = ((x - extent min x) * px/m, (extent max y - y) * px/m), px/m = 100 / 25.4 * 1000 / scale
//   (`vassal export`'s default: 100 px per inch of table at game scale; cli.md), VASSAL's angle = -facing.
#include "support/json_reading.hpp"
#include "support/run_command.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using json = sandtable::test::JsonView;
using sandtable::test::runCommand;

namespace {

/// A path for a shell command line, in single quotes.
std::string shellWord(const fs::path& p)
{
    std::string out = "'";
    for (const char c : p.string())
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

/// VASSAL compiled (once per build folder; again only when the tarball is newer) and the harness; the classpath.
const std::string& engineClasspath()
{
    static std::optional<std::string> classpath;
    if (!classpath) {
        const fs::path tarball = sandtable::test::sharedDataDir() / ".." / "vassal" / "vassal-3.7.26-src-main.tar.xz";
        const auto start = std::chrono::steady_clock::now();
        const auto r = runCommand("bash " + shellWord(fs::path(SANDTABLE_VASSAL_TEST_DIR) / "build_engine.sh") + " " +
            shellWord(tarball) + " " + shellWord(SANDTABLE_VASSAL_WORK_DIR) + " " + shellWord(SANDTABLE_VASSAL_TEST_DIR));
        // Java, Xvfb or the source missing is a failure with its reason, never a skip.
        BOOST_REQUIRE_MESSAGE(r.exitCode == 0, "VASSAL's engine could not be built:\n" << r.output);
        const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        BOOST_TEST_MESSAGE("VASSAL engine and harness ready in " << seconds << " s");
        std::istringstream lines(r.output);
        std::string line, last;
        while (std::getline(lines, line))
            if (!line.empty())
                last = line;
        classpath = last;
    }
    return *classpath;
}

struct Slot {
    std::string path, name, reencoded, again;
    std::map<std::string, std::string> properties;
};

struct Placed {
    std::string map, board;
    double x = 0, y = 0;
    std::optional<double> angle;
    std::string id, gameId, name;
};

/// What the harness printed (its records are described at the top of SandtableVassalHarness.java).
struct EngineRun {
    std::string output;
    std::string moduleName;
    std::vector<Slot> slots;
    std::vector<Placed> pieces;
    std::vector<std::pair<std::string, std::string>> setups;
    std::vector<std::string> warnings;
    int done = -1;
};

std::vector<std::string> fields(const std::string& line)
{
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, '\t'))
        out.push_back(field);
    if (!line.empty() && line.back() == '\t')
        out.emplace_back();
    return out;
}

/// Runs the harness on `module` under Xvfb; `setup`: a predefined set-up to open instead of a new game.
EngineRun runEngine(const fs::path& module, const std::string& setup = {})
{
    const std::string& cp = engineClasspath();
    const fs::path work = SANDTABLE_VASSAL_WORK_DIR;
    // VASSAL's preferences and temporary files in the build folder, not in $HOME/.VASSAL.
    const std::string command = "cd " + shellWord(work) + " && timeout 240 " + shellWord(SANDTABLE_XVFB_RUN) + " -s '-screen 0 1280x1024x24' java -Xmx1g" +
        " -DVASSAL.conf=" + shellWord(work / "conf") + " -Dlogback.configurationFile=" +
        shellWord(fs::path(SANDTABLE_VASSAL_TEST_DIR) / "logback.xml") + " -cp " + shellWord(cp) +
        " SandtableVassalHarness " + shellWord(module) + (setup.empty() ? "" : " " + shellWord(setup));
    const auto r = runCommand(command);
    EngineRun run;
    run.output = r.output;
    BOOST_REQUIRE_MESSAGE(r.exitCode == 0, "VASSAL's engine failed on " << module << ":\n" << r.output);
    std::istringstream lines(r.output);
    std::string line;
    while (std::getline(lines, line)) {
        const auto f = fields(line);
        if (f.empty())
            continue;
        if (f[0] == "module" && f.size() >= 2)
            run.moduleName = f[1];
        else if (f[0] == "slot" && f.size() >= 4)
            run.slots.push_back({f[1], f[2], f[3], f.size() > 4 ? f[4] : "", {}});
        else if (f[0] == "property" && f.size() >= 4 && !run.slots.empty())
            run.slots.back().properties[f[2]] = f[3];
        else if (f[0] == "setup" && f.size() >= 3)
            run.setups.emplace_back(f[1], f[2]);
        else if (f[0] == "piece" && f.size() >= 9) {
            Placed p{f[1], f[2], std::stod(f[3]), std::stod(f[4]), std::nullopt, f[6], f[7], f[8]};
            if (f[5] != "-")
                p.angle = std::stod(f[5]);
            run.pieces.push_back(p);
        } else if (f[0] == "done" && f.size() >= 2)
            run.done = std::stoi(f[1]);
        else if (line.rfind("vassal WARN", 0) == 0 || line.rfind("vassal ERROR", 0) == 0)
            run.warnings.push_back(line); // VASSAL's log (logback.xml): bad data it read past, errors
    }
    BOOST_TEST(run.warnings.empty(), module << ": VASSAL warned:\n" << r.output);
    BOOST_REQUIRE_MESSAGE(run.done >= 0, "the harness did not finish on " << module << ":\n" << r.output);
    return run;
}

json readJson(const fs::path& file)
{
    std::ifstream in(file);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << file);
    // Through rdbuf(): GCC 12 -O2 warns falsely (-Wnull-dereference) on a string built from istreambuf_iterators.
    std::ostringstream text;
    text << in.rdbuf();
    return sandtable::test::parseJson(text.str());
}

/// `sandtable vassal export SCENARIO -o MODULE`, the command a user runs.
void exportModule(const fs::path& scenario, const fs::path& module)
{
    const auto r = runCommand(shellWord(SANDTABLE_EXECUTABLE) + " vassal export " + shellWord(scenario) + " -o " + shellWord(module));
    BOOST_REQUIRE_MESSAGE(r.exitCode == 0, "vassal export " << scenario << " failed:\n" << r.output);
    BOOST_REQUIRE(fs::exists(module));
}

/// The board's frame of the scenario: extent and px/m (see the top of this file).
struct Frame {
    double minX, minY, maxX, maxY, pxPerM;
    std::pair<double, double> pixel(double x, double y) const { return {(x - minX) * pxPerM, (maxY - y) * pxPerM}; }
};

Frame frameOf(const json& s)
{
    const auto& e = s.at("extent");
    return {e[0].get<double>(), e[1].get<double>(), e[2].get<double>(), e[3].get<double>(),
        100.0 / 25.4 * 1000.0 / s.at("scale").get<double>()};
}

/// The angle VASSAL holds turned back into a facing, degrees clockwise in [0, 360).
double facingOf(double vassalAngle)
{
    const double f = std::fmod(-vassalAngle, 360.0);
    return f < 0 ? f + 360.0 : f;
}

double angleBetween(double a, double b)
{
    const double d = std::fmod(std::fabs(a - b), 360.0);
    return std::min(d, 360.0 - d);
}

/// Every piece definition VASSAL decoded encodes again to the very bytes the module holds.
void checkSlotsRoundTrip(const EngineRun& run, std::size_t expectedSlots)
{
    BOOST_TEST(run.slots.size() == expectedSlots);
    for (const Slot& slot : run.slots)
        BOOST_TEST(slot.reencoded == "same", slot.path << " / " << slot.name << ": " << slot.reencoded << " " << slot.again);
}

/// Largest position error over every check, reported at the end.
double g_maxError = 0.0;

/// Units of a Pub Battles or SYW scenario: every placed unit on the battle map's board within 2 px of its
/// place and with its facing, every other unit off the board (palette), every reinforcement in the palette list
/// of its arrival. Returns the number of pieces checked on the board.
int checkUnits(const json& s, const EngineRun& run)
{
    const Frame frame = frameOf(s);
    const std::string boardName = s.at("title").get<std::string>();
    std::map<std::string, const Placed*> byId;
    for (const Placed& p : run.pieces) {
        BOOST_TEST(p.map == "Battle map", p.name);
        BOOST_TEST(p.board == boardName, p.name);
        BOOST_TEST(byId.emplace(p.id, &p).second, "placed twice: " << p.id);
    }
    std::map<std::string, std::string> roadNames;
    for (const json& feature : s.at("terrain"))
        if (feature.contains("name"))
            roadNames[feature.at("id").get<std::string>()] = feature.at("name").get<std::string>();
    int placed = 0;
    double worst = 0.0;
    for (const json& u : s.at("units")) {
        const std::string id = u.at("id").get<std::string>();
        // No bundled example has oob blocks, whose units are not pieces: the count below would then be wrong.
        BOOST_REQUIRE(!u.contains("block"));
        const auto it = byId.find(id);
        if (!u.contains("placement")) {
            BOOST_TEST((it == byId.end()), id << " has no place in the scenario but VASSAL put it on the board");
            continue;
        }
        BOOST_TEST_REQUIRE((it != byId.end()), id << " is not on the board");
        const Placed& p = *it->second;
        const json& at = u.at("placement");
        const auto [ex, ey] = frame.pixel(at.at("x").get<double>(), at.at("y").get<double>());
        const double error = std::max(std::fabs(p.x - ex), std::fabs(p.y - ey));
        worst = std::max(worst, error);
        BOOST_TEST(error <= 2.0, id << ": VASSAL (" << p.x << ", " << p.y << "), scenario (" << ex << ", " << ey << ")");
        BOOST_TEST_REQUIRE(p.angle.has_value(), id << " has no FreeRotator");
        BOOST_TEST(angleBetween(facingOf(*p.angle), at.at("facing").get<double>()) < 1e-6,
            id << ": VASSAL angle " << *p.angle << ", facing " << at.at("facing").get<double>());
        ++placed;
    }
    BOOST_TEST(static_cast<int>(run.pieces.size()) == placed);
    BOOST_TEST(run.done == placed);
    // Reinforcements: in the palette list of their arrival, "Day D, turn T, along ROAD, entering at X E Y N".
    for (const json& u : s.at("units")) {
        if (!u.contains("arrival"))
            continue;
        const json& a = u.at("arrival");
        std::ostringstream label;
        label << "Day " << a.at("day").get<int>() << ", turn " << a.at("turn").get<int>();
        if (a.contains("road"))
            label << ", along " << roadNames.at(a.at("road").get<std::string>());
        if (a.contains("entry"))
            label << ", entering at " << std::lround(a.at("entry")[0].get<double>()) << " E "
                  << std::lround(a.at("entry")[1].get<double>()) << " N";
        const std::string list = "Order of battle/Sides/Reinforcements/" + label.str();
        const std::string id = u.at("id").get<std::string>();
        int found = 0;
        for (const Slot& slot : run.slots)
            if (slot.properties.count("sandtable_id") && slot.properties.at("sandtable_id") == id) {
                BOOST_TEST(slot.path == list, id);
                BOOST_TEST(slot.properties.at("ArrivalTurn") ==
                    std::to_string(a.at("day").get<int>()) + "," + std::to_string(a.at("turn").get<int>()));
                ++found;
            }
        // One palette slot (reinforcements have no at-start stack).
        BOOST_TEST(found == 1, id);
    }
    g_maxError = std::max(g_maxError, worst);
    BOOST_TEST_MESSAGE(s.at("id").get<std::string>() << ": " << placed << " pieces on their places, max error " << worst << " px");
    return placed;
}

/// The predefined set-up `vassal export` writes: its name and the saved game's entry in the module.
constexpr const char* kSetupName = "Scenario start";
constexpr const char* kSetupFile = "scenario-start.vsav";

/// A module exported from a bundled example, started both ways a player starts it.
struct Started {
    json scenario;
    EngineRun newGame; ///< File > New Game: the at-start stacks
    EngineRun setup;   ///< the predefined set-up: the saved game inside the module
};

Started exportAndStart(const char* example, const fs::path& module)
{
    const fs::path file = sandtable::test::sourceDir() / "examples" / example;
    Started out;
    out.scenario = readJson(file);
    exportModule(file, module);
    out.newGame = runEngine(module);
    // A new game's pieces are numbered by VASSAL (GameState.getNewPieceId: the clock), not named.
    for (const Placed& p : out.newGame.pieces)
        BOOST_TEST(p.gameId.rfind("sandtable-", 0) != 0, p.id);
    BOOST_TEST_REQUIRE(out.newGame.setups.size() == 1u);
    BOOST_TEST(out.newGame.setups[0].first == kSetupName);
    BOOST_TEST(out.newGame.setups[0].second == kSetupFile);
    out.setup = runEngine(module, kSetupName);
    // Every piece of the set-up comes from the saved game (its pieces are named "sandtable-N" there), none
    // from the at-start stacks or draw piles, which the saved game marks as placed: no piece twice.
    for (const Placed& p : out.setup.pieces)
        BOOST_TEST(p.gameId.rfind("sandtable-", 0) == 0, p.id << " (" << p.gameId << ")");
    return out;
}

/// Slots of a unit scenario: a palette slot per unit, an at-start stack slot per placed unit.
std::size_t unitSlots(const json& s)
{
    std::size_t n = 0;
    for (const json& u : s.at("units"))
        n += u.contains("placement") ? 2 : 1;
    return n;
}

const Placed* findPiece(const EngineRun& run, const std::string& id)
{
    for (const Placed& p : run.pieces)
        if (p.id == id)
            return &p;
    return nullptr;
}

/// Campaign Lite: every force on the board at its square's centre.
void checkForces(const json& s, const EngineRun& run)
{
    const json& c = s.at("campaign");
    const json& grid = c.at("grid");
    // The grid of the example has no rotation, start number or descending rows (docs/model.md's defaults: rows
    // numbered from 1 at the north edge, columns lettered from A at the west edge).
    BOOST_REQUIRE(!grid.contains("rotation") || grid.at("rotation").get<double>() == 0.0);
    BOOST_REQUIRE(!grid.contains("start_number") && !grid.contains("descending_rows"));
    BOOST_REQUIRE(grid.at("numbering") == "letter-number");
    const double size = grid.at("square_size").get<double>();
    const double ox = grid.at("origin")[0].get<double>(), oy = grid.at("origin")[1].get<double>();
    const int rows = grid.at("rows").get<int>();
    // The board covers the extent and the grid, which runs past the example's map by a row to the south and
    // part of a column on each side: the grid's bounds are origin + (columns, rows) x square size.
    Frame frame = frameOf(s);
    frame.minX = std::min(frame.minX, ox);
    frame.minY = std::min(frame.minY, oy);
    frame.maxX = std::max(frame.maxX, ox + grid.at("columns").get<int>() * size);
    frame.maxY = std::max(frame.maxY, oy + rows * size);
    const std::string boardName = s.at("title").get<std::string>();
    double worst = 0.0;
    for (const json& f : c.at("forces")) {
        const std::string id = f.at("id").get<std::string>(), square = f.at("square").get<std::string>();
        // "B2": column letters A.. west to east, row numbers 1.. north to south; origin the south-west corner.
        std::size_t i = 0;
        int column = 0;
        while (i < square.size() && std::isalpha(static_cast<unsigned char>(square[i])))
            column = column * 26 + (square[i++] - 'A' + 1);
        column -= 1;
        const int row = std::stoi(square.substr(i)) - 1;
        const double cx = ox + (column + 0.5) * size, cy = oy + (rows - row - 0.5) * size;
        const auto [ex, ey] = frame.pixel(cx, cy);
        const Placed* p = findPiece(run, id);
        BOOST_TEST_REQUIRE(p, id << " is not on the board");
        BOOST_TEST(p->map == "Battle map");
        BOOST_TEST(p->board == boardName, id);
        const double error = std::max(std::fabs(p->x - ex), std::fabs(p->y - ey));
        worst = std::max(worst, error);
        BOOST_TEST(error <= 2.0, id << " in " << square << ": VASSAL (" << p->x << ", " << p->y << "), scenario (" << ex << ", " << ey << ")");
        // By hand, Buford in B2: centre (305093.5 + 1.5 * 804.672, 4404629 + 9.5 * 804.672) = (306300.508,
        // 4412273.384); the board's west edge is the grid's (305093.5 < extent 305322), its north edge the grid's
        // (4404629 + 11 * 804.672 = 4413480.392 > 4413480): the pixel is 1.5 squares from each,
        // 1.5 * 804.672 * 0.24606299 = 297.00, so (297, 297). I Corps in C11, the row south of the map's extent,
        // is on the board at y = 10.5 * 804.672 * 0.24606299 = 2079.0 of its 2178 rows.
        if (id == "buford") {
            BOOST_TEST(p->x == 297.0);
            BOOST_TEST(p->y == 297.0);
        }
    }
    BOOST_TEST(run.pieces.size() == c.at("forces").size());
    g_maxError = std::max(g_maxError, worst);
    BOOST_TEST_MESSAGE("gettysburg-campaign: " << run.pieces.size() << " forces on their squares, max error " << worst << " px");
}

} // namespace

BOOST_AUTO_TEST_SUITE(vassal_engine)

BOOST_AUTO_TEST_CASE(engine_builds)
{
    BOOST_TEST(!engineClasspath().empty());
}

BOOST_AUTO_TEST_CASE(pub_battles_gettysburg_starts_with_units_in_place)
{
    sandtable::test::TemporaryFolder folder;
    const Started run = exportAndStart("gettysburg/gettysburg.sandtable.json", folder / "gettysburg.vmod");
    const json& s = run.scenario;
    BOOST_TEST(run.newGame.moduleName == s.at("title").get<std::string>());
    checkSlotsRoundTrip(run.newGame, unitSlots(s));
    for (const EngineRun* started : {&run.newGame, &run.setup}) {
        BOOST_TEST(checkUnits(s, *started) == 37); // 48 units, 11 of them not on the map at the start
        // Worked by hand: Meade's HQ at (309960.59, 4408794.75), extent min x 305322, max y 4413480, 1:16,000:
        // px/m = 100 / 25.4 * 1000 / 16000 = 0.24606299; x = 4638.59 * 0.24606299 = 1141.38, y = 4685.25 *
        // 0.24606299 = 1152.86; written as the whole pixel (1141, 1153). Facing 270 is VASSAL's angle -270.
        const Placed* meade = findPiece(*started, "us-army-hq");
        BOOST_TEST_REQUIRE(meade);
        BOOST_TEST(meade->x == 1141.0);
        BOOST_TEST(meade->y == 1153.0);
        BOOST_TEST(*meade->angle == -270.0);
    }
}

BOOST_AUTO_TEST_CASE(pub_battles_antietam_starts_with_units_in_place_and_reinforcements_listed)
{
    sandtable::test::TemporaryFolder folder;
    const Started run = exportAndStart("antietam/antietam.sandtable.json", folder / "antietam.vmod");
    checkSlotsRoundTrip(run.newGame, unitSlots(run.scenario));
    BOOST_TEST(checkUnits(run.scenario, run.newGame) == 39); // 46 units: 6 reinforcements, Hood's division off the map
    BOOST_TEST(checkUnits(run.scenario, run.setup) == 39);
}

BOOST_AUTO_TEST_CASE(syw_rossbach_starts_with_units_in_place)
{
    sandtable::test::TemporaryFolder folder;
    const Started run = exportAndStart("rossbach/rossbach.sandtable.json", folder / "rossbach.vmod");
    checkSlotsRoundTrip(run.newGame, unitSlots(run.scenario));
    for (const EngineRun* started : {&run.newGame, &run.setup}) {
        BOOST_TEST(checkUnits(run.scenario, *started) == 32);
        // By hand: a table at scale 1 is 100 px per inch, 3937.0079 px/m; the Garde du Corps at (1.95, 1.35) on a
        // 2.4 x 1.8 m table is at (7677.17, 1771.65), written (7677, 1772); facing 240 is VASSAL's -240.
        const Placed* gdc = findPiece(*started, "pr-gdc");
        BOOST_TEST_REQUIRE(gdc);
        BOOST_TEST(gdc->x == 7677.0);
        BOOST_TEST(gdc->y == 1772.0);
        BOOST_TEST(*gdc->angle == -240.0);
    }
}

BOOST_AUTO_TEST_CASE(campaign_lite_gettysburg_starts_with_forces_on_their_squares)
{
    sandtable::test::TemporaryFolder folder;
    const Started run = exportAndStart("gettysburg-campaign/gettysburg-campaign.sandtable.json", folder / "campaign.vmod");
    checkSlotsRoundTrip(run.newGame, 2 * run.scenario.at("campaign").at("forces").size()); // a palette slot and an at-start stack each
    checkForces(run.scenario, run.newGame);
    checkForces(run.scenario, run.setup);
}

BOOST_AUTO_TEST_CASE(table_battles_fontenoy_starts_with_each_army_in_its_deck)
{
    sandtable::test::TemporaryFolder folder;
    const Started run = exportAndStart("table-battles/fontenoy.sandtable.json", folder / "fontenoy.vmod");
    const json& armies = run.scenario.at("table_battles").at("scenario_card").at("armies");
    // One card per card number (its A and B faces one card with a Layer), in the deck of its army on the Table.
    std::map<std::string, std::set<std::string>> expected, found;
    std::size_t cards = 0;
    for (const json& army : armies)
        for (const json& ref : army.at("cards")) {
            const std::string r = ref.get<std::string>();
            if (expected[army.at("name").get<std::string>()].insert(r).second)
                ++cards;
        }
    checkSlotsRoundTrip(run.newGame, cards);
    for (const EngineRun* started : {&run.newGame, &run.setup}) {
        found.clear();
        for (const Placed& p : started->pieces) {
            BOOST_TEST(p.map == "Table", p.name);
            found[p.board].insert(p.id);
        }
        BOOST_TEST(started->pieces.size() == cards);
        BOOST_TEST((found == expected));
    }
}

// The Kriegsspiel example has a sheet and rosters, no scenario file: made as its README does (calibrate the
// sheet, a new scenario on it, the brigade roster imported), its seven units have no place yet: in the module's
// palette under their side and formation, nothing on the board when the game starts, no set-up to offer.
BOOST_AUTO_TEST_CASE(kriegsspiel_roster_is_in_the_palette_and_nothing_on_the_board)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path example = sandtable::test::sourceDir() / "examples" / "kriegsspiel";
    const std::string tool = shellWord(SANDTABLE_EXECUTABLE);
    for (const std::string& step : {
             tool + " raster calibrate " + shellWord(example / "kriegsspiel.png") + " --scale 8000 --dpi 300 -o " + shellWord(folder / "kriegsspiel.tif"),
             tool + " scenario new --map " + shellWord(folder / "kriegsspiel.tif") + " --scale 16000 -o " + shellWord(folder / "kriegsspiel.sandtable.json"),
             tool + " oob import " + shellWord(folder / "kriegsspiel.sandtable.json") + " " + shellWord(example / "roster.csv") + " --map unit_name=name"}) {
        const auto r = runCommand(step);
        BOOST_REQUIRE_MESSAGE(r.exitCode == 0, step << ":\n" << r.output);
    }
    const json s = readJson(folder / "kriegsspiel.sandtable.json");
    BOOST_REQUIRE_EQUAL(s.at("units").size(), 7u);
    exportModule(folder / "kriegsspiel.sandtable.json", folder / "kriegsspiel.vmod");
    const EngineRun run = runEngine(folder / "kriegsspiel.vmod");
    checkSlotsRoundTrip(run, 7);
    std::map<std::string, std::string> formationPath;
    std::map<std::string, std::string> sideNames;
    for (const json& side : s.at("sides"))
        sideNames[side.at("id").get<std::string>()] = side.at("name").get<std::string>();
    for (const json& f : s.at("formations"))
        formationPath[f.at("id").get<std::string>()] =
            "Order of battle/Sides/" + sideNames.at(f.at("side").get<std::string>()) + "/" + f.at("name").get<std::string>();
    for (const json& u : s.at("units")) {
        BOOST_TEST(!u.contains("placement"));
        int found = 0;
        for (const Slot& slot : run.slots)
            if (slot.properties.count("sandtable_id") && slot.properties.at("sandtable_id") == u.at("id").get<std::string>()) {
                BOOST_TEST(slot.path == formationPath.at(u.at("formation").get<std::string>()));
                ++found;
            }
        BOOST_TEST(found == 1, u.at("id"));
    }
    BOOST_TEST(run.pieces.empty());
    BOOST_TEST(run.done == 0);
    BOOST_TEST(run.setups.empty());
}

BOOST_AUTO_TEST_CASE(max_position_error)
{
    BOOST_TEST_MESSAGE("largest position error over every example: " << g_maxError << " px");
    BOOST_TEST(g_maxError <= 2.0);
}

BOOST_AUTO_TEST_SUITE_END()
