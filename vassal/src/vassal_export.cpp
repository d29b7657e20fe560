// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario written as a VASSAL 3.7 module: buildFile.xml, moduledata, images and help.
#include "sandtable/vassal/vassal_module.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "vassal_archive.hpp"

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/systems/pub_battles/rules.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <set>
#include <sstream>

namespace sandtable::vassal {

namespace codec {

std::string encode(const std::vector<std::string>& tokens, char delimiter)
{
    std::string out;
    bool first = true;
    for (const std::string& token : tokens) {
        if (!first)
            out += delimiter;
        first = false;
        if (token.empty())
            continue;
        const bool quote = token.front() == '\\' || (token.front() == '\'' && token.back() == '\'');
        if (quote)
            out += '\'';
        for (const char c : token) {
            if (c == delimiter)
                out += '\\';
            out += c;
        }
        if (quote)
            out += '\'';
    }
    return out;
}

std::vector<std::string> decode(const std::string& text, char delimiter)
{
    std::vector<std::string> tokens;
    std::size_t start = 0;
    const std::size_t stop = text.size();
    bool more = true;
    while (more) {
        if (start == stop) { // VASSAL: the token of an empty remainder is "", and ends the sequence
            tokens.emplace_back();
            break;
        }
        std::string token;
        std::size_t i = start;
        bool ended = false;
        for (; i < stop; ++i) {
            if (text[i] != delimiter)
                continue;
            if (i > 0 && text[i - 1] == '\\') { // escaped: drop the backslash, keep the delimiter
                token.append(text, start, i - 1 - start);
                start = i;
            } else {
                token.append(text, start, i - start);
                start = i + 1;
                ended = true;
                break;
            }
        }
        if (!ended) {
            token.append(text, start, stop - start);
            more = false;
        }
        if (token.size() > 1 && token.front() == '\'' && token.back() == '\'')
            token = token.substr(1, token.size() - 2);
        tokens.push_back(std::move(token));
    }
    return tokens;
}

std::string javaDouble(double value)
{
    if (value == 0.0)
        value = 0.0; // no "-0.0"
    char buffer[64];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, r.ptr);
    if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
    return text;
}

int compareVersions(const std::string& a, const std::string& b)
{
    const auto parts = [](const std::string& v) {
        std::vector<long> out;
        std::size_t i = 0;
        while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
            long n = 0;
            while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])))
                n = n * 10 + (v[i++] - '0');
            out.push_back(n);
            if (i < v.size() && v[i] == '.')
                ++i;
            else
                break;
        }
        return out;
    };
    const auto pa = parts(a), pb = parts(b);
    for (std::size_t i = 0; i < std::max(pa.size(), pb.size()); ++i) {
        const long x = i < pa.size() ? pa[i] : 0, y = i < pb.size() ? pb[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

} // namespace codec

double defaultVassalPxPerM(const core::Scenario& scenario)
{
    return 100.0 / 25.4 * 1000.0 / scenario.settings.scaleDenominator;
}

core::Extent vassalBoardExtent(const core::Scenario& scenario)
{
    core::Extent e = *scenario.settings.extent;
    if (scenario.campaign) {
        const std::array<double, 4> g = core::gridBounds(scenario.campaign->grid);
        e.minX = std::min(e.minX, g[0]);
        e.minY = std::min(e.minY, g[1]);
        e.maxX = std::max(e.maxX, g[2]);
        e.maxY = std::max(e.maxY, g[3]);
    }
    return e;
}

std::array<double, 2> vassalBoardPixel(const core::Extent& extent, double pxPerM, core::Coordinate ground)
{
    return {(ground.x - extent.minX) * pxPerM, (extent.maxY - ground.y) * pxPerM};
}

namespace {

using detail::xmlElement;
using detail::xmlTextElement;

constexpr const char* kBattleMap = "Battle map";
/// The predefined set-up of the scenario's start and its saved game in the module.
constexpr const char* kSetupName = "Scenario start";
constexpr const char* kSetupFile = "scenario-start.vsav";
// Ctrl (InputEvent.CTRL_MASK | CTRL_DOWN_MASK, as KeyStroke.getModifiers() reports it) with R and F.
constexpr const char* kCtrlR = "82,130";
constexpr const char* kCtrlF = "70,130";

std::string number(double v)
{
    char buffer[64];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

std::string integer(long long v) { return std::to_string(v); }

std::string oneLine(std::string text)
{
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

std::string html(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\n': out += "<br>"; break;
        default: out += c;
        }
    }
    return out;
}

/// Image entry names: safe characters only, unique.
std::string imageName(const std::string& stem)
{
    std::string out;
    for (const char c : stem)
        out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
    return out;
}

/// One piece: its traits from the outside in, each (type, state), the BasicPiece last.
struct PieceDefinition {
    std::vector<std::pair<std::string, std::string>> traits;
    std::string definition() const { return command("null", traits.back().second); }
    /// BasicCommandEncoder's AddPiece: "+/" id ("null" in a slot) / type / state, with `basicState` as the
    /// BasicPiece's state (in a saved game: map, x, y, gpid, persistent properties).
    std::string command(const std::string& id, const std::string& basicState) const
    {
        // Decorator.getType/getState: the trait's own part, a tab, the inner piece's whole part encoded again.
        std::string type = traits.back().first, state = basicState;
        for (std::size_t i = traits.size() - 1; i-- > 0;) {
            type = codec::encode({traits[i].first, type}, '\t');
            state = codec::encode({traits[i].second, state}, '\t');
        }
        return "+/" + codec::encode({id, type, state}, '/');
    }
};

std::pair<std::string, std::string> basicPiece(const std::string& image, const std::string& name, const std::string& gpid)
{
    // BasicPiece: type "piece;" cloneKey;deleteKey;image;name; state map;x;y;gpid;property count.
    return {"piece;" + codec::encode({"", "", image, name}, ';'), codec::encode({"null", "0", "0", gpid, "0"}, ';')};
}

std::pair<std::string, std::string> freeRotator(double facingDegrees)
{
    // FreeRotator with one valid angle = free rotation: set-angle key and text, random key and text,
    // name, description, direct key, text, expression, facing flag. State: the angle, counter-clockwise.
    return {"rotate;" + codec::encode({"1", kCtrlR, "Rotate", "", "", "Facing", "Facing", "", "", "", "true"}, ';'),
        codec::javaDouble(-facingDegrees)};
}

std::pair<std::string, std::string> marker(const std::vector<std::pair<std::string, std::string>>& properties)
{
    std::vector<std::string> keys, values;
    for (const auto& [k, v] : properties) {
        keys.push_back(k);
        values.push_back(v);
    }
    return {"mark;" + codec::encode(keys, ','), codec::encode(values, ',')};
}

std::pair<std::string, std::string> twoFacedLayer(const std::string& imageA, const std::string& imageB)
{
    // Embellishment ("Layer", emb2) with two levels, always active, Ctrl-F steps to the next face.
    return {"emb2;" + codec::encode({"", "130", "", "Flip", "130", "", "", "130", "", "", "", "1", "false", "0", "0",
                          codec::encode({imageA, imageB}, ','), codec::encode({"+ (A)", "+ (B)"}, ','), "true", "Face", "",
                          "", "false", "", "1", "1", "true", "", kCtrlF, "", "Card face", "1.0", "", "true"}, ';'),
        "1"};
}

std::string arrivalLabel(const core::Scenario& s, const core::Arrival& a)
{
    std::ostringstream out;
    out << "Day " << a.day << ", " << (a.turn == core::kNightTurn ? std::string("night turn") : "turn " + std::to_string(a.turn));
    if (a.road) {
        const core::TerrainFeature* road = s.findFeature(*a.road);
        out << ", along " << (road && !road->name.empty() ? road->name : a.road->str());
    }
    if (a.entry && s.settings.extent)
        out << ", entering at " << std::lround(a.entry->x) << " E " << std::lround(a.entry->y) << " N";
    return out.str();
}

struct Builder {
    const core::Scenario& s;
    const VassalExportInput& in;
    VassalExportResult result;
    std::vector<std::pair<std::string, std::string>> entries;
    std::set<std::string> written;
    long long nextGpid = 1;

    std::string gpid() { return integer(nextGpid++); }

    std::string addImage(const std::string& name, const std::string& png)
    {
        if (written.insert("images/" + name).second)
            entries.emplace_back("images/" + name, png);
        return name;
    }

    const VassalImage& pieceImage(const core::Unit& u)
    {
        const auto it = in.pieces.find(u.id.str());
        if (it == in.pieces.end())
            throw core::util::OperationError("", core::i18n::format(_("unit {1}"), {u.id.str()}), _("no piece image was drawn for it"));
        return it->second;
    }

    std::vector<std::pair<std::string, std::string>> properties(const core::Unit& u)
    {
        const core::Formation* f = s.findFormation(u.formation);
        const core::Side* side = f ? s.findSide(f->side) : nullptr;
        std::vector<std::pair<std::string, std::string>> p{{"Side", side ? side->name : ""},
            {"Formation", f ? f->name : ""}, {"Type", core::toString(u.type)}, {"Quality", core::toString(u.quality)},
            {"Strength", integer(u.strength)}};
        if (u.command)
            p.emplace_back("Command", integer(*u.command));
        if (u.status)
            p.emplace_back("Status", core::toString(*u.status));
        if (u.placement)
            p.emplace_back("Column", u.placement->column ? "true" : "false");
        if (u.arrival) {
            p.emplace_back("Arrival", arrivalLabel(s, *u.arrival));
            // Exact, for `vassal import` (the label rounds to metres).
            p.emplace_back("ArrivalTurn", integer(u.arrival->day) + "," + integer(u.arrival->turn));
            if (u.arrival->entry)
                p.emplace_back("Entry", number(u.arrival->entry->x) + " " + number(u.arrival->entry->y));
        }
        if (u.figures) {
            std::string figures;
            for (const core::systems::syw_miniatures::FigureKind& kind : core::systems::syw_miniatures::figureKinds())
                if ((*u.figures).*(kind.count) != 0)
                    figures += (figures.empty() ? "" : " ") + std::string(kind.key) + "=" + integer((*u.figures).*(kind.count));
            p.emplace_back("Figures", figures);
        }
        if (core::systems::describe(s.settings.system).victoryPointBlocks)
            p.emplace_back("VP", integer(core::systems::pub_battles::victoryPoints(u.type, u.quality)));
        p.emplace_back("sandtable_id", u.id.str());
        p.emplace_back("sandtable_formation", u.formation.str());
        return p;
    }

    /// A PieceSlot (palette) or CardSlot holding the unit's piece; the piece and its gpid.
    std::pair<PieceDefinition, std::string> unitSlot(CPLXMLNode* parent, const core::Unit& u, const char* slotClass = "VASSAL.build.widget.PieceSlot")
    {
        const VassalImage& image = pieceImage(u);
        const std::string file = addImage("unit-" + imageName(u.id.str()) + ".png", image.png);
        const std::string id = gpid();
        PieceDefinition def;
        def.traits.push_back(marker(properties(u)));
        def.traits.push_back(freeRotator(u.placement ? u.placement->facing : 0.0));
        def.traits.push_back(basicPiece(file, u.name, id));
        CPLXMLNode* slot = xmlElement(parent, slotClass,
            {{"entryName", u.name}, {"gpid", id}, {"height", integer(image.height)}, {"width", integer(image.width)}});
        detail::xmlSetText(slot, def.definition());
        return {def, id};
    }

    /// A PieceSlot holding a Campaign Lite force's counter: its strength by arm as properties; the piece and its gpid.
    std::pair<PieceDefinition, std::string> forceSlot(CPLXMLNode* parent, const core::CampaignForce& f)
    {
        const auto it = in.forces.find(f.id);
        if (it == in.forces.end())
            throw core::util::OperationError("", core::i18n::format(_("force {1}"), {f.id}), _("no counter image was drawn for it"));
        const std::string file = addImage("force-" + imageName(f.id) + ".png", it->second.png);
        const core::Side* side = s.findSide(f.side);
        const std::string id = gpid();
        PieceDefinition def;
        def.traits.push_back(marker({{"Side", side ? side->name : f.side.str()}, {"Force", f.name},
            {"Infantry", integer(f.infantry)}, {"Cavalry", integer(f.cavalry)}, {"Artillery", integer(f.artillery)},
            {"Deployed", f.deployed ? "true" : "false"}, {"Square", core::squareName(s.campaign->grid, f.square)},
            {"sandtable_force", f.id}}));
        def.traits.push_back(basicPiece(file, f.name, id));
        CPLXMLNode* slot = xmlElement(parent, "VASSAL.build.widget.PieceSlot",
            {{"entryName", f.name}, {"gpid", id}, {"height", integer(it->second.height)}, {"width", integer(it->second.width)}});
        detail::xmlSetText(slot, def.definition());
        return {def, id};
    }

    /// The saved game of the scenario's start (GameState.getRestoreCommand as VASSAL writes it), one command each:
    /// every at-start piece and card, then a one-piece Stack holding each piece and a Deck holding each army's
    /// cards, then the boards chosen, then SetupStack's mark that the at-start stacks and draw piles are placed
    /// (without it they would place their pieces a second time).
    std::vector<std::string> savedPieces{}, savedStacks{}, savedBoards{};
    int savedId = 0;

    void savePiece(const std::pair<PieceDefinition, std::string>& piece, const std::string& mapName, long x, long y)
    {
        // Ids of our own for GameState's piece table: VASSAL's are numbers (System.currentTimeMillis), never these.
        const std::string id = "sandtable-" + std::to_string(++savedId), stackId = "sandtable-" + std::to_string(++savedId);
        const std::string at[] = {mapName, std::to_string(x), std::to_string(y)};
        // BasicPiece state: map;x;y;gpid;persistent property count;key;value..., UniqueID the piece's id as VASSAL keeps it.
        savedPieces.push_back(piece.first.command(id, codec::encode({at[0], at[1], at[2], piece.second, "1", "UniqueID", id}, ';')));
        // Stack: type "stack", state map;x;y;piece ids...;"@@" + layer (-1: the map's own layering).
        savedStacks.push_back("+/" + codec::encode({stackId, "stack", codec::encode({at[0], at[1], at[2], id, "@@-1"}, ';')}, '/'));
    }

    void mapComponents(CPLXMLNode* map)
    {
        for (const char* c : {"VASSAL.build.module.map.StackMetrics", "VASSAL.build.module.map.ForwardToKeyBuffer",
                 "VASSAL.build.module.map.Scroller", "VASSAL.build.module.map.ForwardToChatter",
                 "VASSAL.build.module.map.MenuDisplayer", "VASSAL.build.module.map.MapCenterer",
                 "VASSAL.build.module.map.StackExpander", "VASSAL.build.module.map.PieceMover",
                 "VASSAL.build.module.map.KeyBufferer", "VASSAL.build.module.map.ImageSaver",
                 "VASSAL.build.module.map.CounterDetailViewer", "VASSAL.build.module.map.Flare",
                 "VASSAL.build.module.map.Zoomer", "VASSAL.build.module.properties.GlobalProperties",
                 "VASSAL.build.module.map.SelectionHighlighters", "VASSAL.build.module.map.HighlightLastMoved"})
            xmlElement(map, c);
    }

    CPLXMLNode* map(CPLXMLNode* module, const std::string& name)
    {
        return xmlElement(module, "VASSAL.build.module.Map",
            {{"allowMultiple", "false"}, {"backgroundcolor", "255,255,255"}, {"buttonName", name}, {"edgeHeight", "0"},
                {"edgeWidth", "0"}, {"launch", "false"}, {"mapName", name}, {"markMoved", "Never"}, {"tooltip", name}});
    }

    CPLXMLNode* boardPicker(CPLXMLNode* map)
    {
        return xmlElement(map, "VASSAL.build.module.map.BoardPicker",
            {{"addColumnText", "Add column"}, {"addRowText", "Add row"}, {"boardPrompt", "Select board"},
                {"slotHeight", "125"}, {"slotScale", "0.2"}, {"slotWidth", "350"}, {"title", "Choose Boards"}});
    }

    void squareGrid(CPLXMLNode* board, const core::Extent& e)
    {
        const core::CampaignGrid& g = s.campaign->grid;
        if (g.rotation != 0.0) {
            result.findings.push_back({"vassal.grid_rotated", core::validation::Severity::Warning, "/campaign/grid/rotation",
                core::i18n::format(_("VASSAL's square grid cannot turn: the grid is drawn on the board image only, turned {1} degrees; "
                                     "the module has no grid to snap to"),
                    {core::i18n::formatFigure(g.rotation)})});
            return;
        }
        const double d = g.squareSize * in.pxPerM;
        const auto centre = vassalBoardPixel(e, in.pxPerM, core::squareCentre(g, {0, 0}));
        CPLXMLNode* grid = xmlElement(board, "VASSAL.build.module.map.boardPicker.board.SquareGrid",
            {{"color", "0,0,0"}, {"cornersLegal", "false"}, {"dotsVisible", "false"}, {"dx", number(d)}, {"dy", number(d)},
                {"edgesLegal", "false"}, {"range", "Metric"}, {"snapTo", "true"}, {"visible", "false"},
                {"x0", integer(std::lround(centre[0]))}, {"y0", integer(std::lround(centre[1]))}});
        // RegularGridNumbering: names are column then row (first="H"); letters A.. or numbers from hOff/vOff;
        // hLeading/vLeading = leading zeros (a width of leading + 1 digits).
        const bool letters = g.numbering == core::GridNumbering::LetterNumber;
        const int maxRow = g.startNumber + g.rows - 1, maxColumn = g.startNumber + g.columns - 1;
        const auto digits = [](int n) { return static_cast<int>(std::to_string(std::max(n, 0)).size()); };
        int hLeading = 0, vLeading = 0;
        std::string sep;
        if (letters) {
            vLeading = g.leadingZeros.value_or(false) ? digits(maxRow) - 1 : 0;
        } else if (g.leadingZeros.value_or(true)) {
            const int width = std::max({2, digits(maxRow), digits(maxColumn)});
            hLeading = vLeading = width - 1;
        } else {
            sep = ".";
        }
        xmlElement(grid, "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering",
            {{"color", "0,0,0"}, {"first", "H"}, {"fontSize", "9"}, {"hDescend", "false"}, {"hDrawOff", "0"},
                {"hLeading", integer(hLeading)}, {"hOff", letters ? "0" : integer(g.startNumber)}, {"hType", letters ? "A" : "N"},
                {"locationFormat", "$gridLocation$"}, {"rotateText", "0"}, {"sep", sep},
                {"vDescend", g.descendingRows ? "true" : "false"}, {"vDrawOff", "0"}, {"vLeading", integer(vLeading)},
                {"vOff", integer(g.startNumber)}, {"vType", "N"}, {"visible", "false"}});
    }

    /// A finding for an at-start piece whose place is off the board image: VASSAL puts it there, out of sight.
    void offBoard(const std::array<double, 2>& p, const char* pointer, const std::string& what)
    {
        if (p[0] >= 0.0 && p[1] >= 0.0 && p[0] <= in.board->width && p[1] <= in.board->height)
            return;
        result.findings.push_back({"vassal.off_board", core::validation::Severity::Warning, pointer,
            core::i18n::format(_("{1} stands off the board (pixel {2}, {3} of a {4} x {5} px board): VASSAL places it out of sight"),
                {what, std::to_string(std::lround(p[0])), std::to_string(std::lround(p[1])), std::to_string(in.board->width),
                    std::to_string(in.board->height)})});
    }

    void battleMap(CPLXMLNode* module)
    {
        const core::Extent& e = *s.settings.extent;
        if (!in.board)
            throw core::util::OperationError("", _("board image"), _("no board image was drawn for the scenario's extent"));
        result.boardWidth = in.board->width;
        result.boardHeight = in.board->height;
        CPLXMLNode* m = map(module, kBattleMap);
        CPLXMLNode* picker = boardPicker(m);
        const std::string boardName = s.settings.title.empty() ? "Battle map" : s.settings.title;
        const std::string file = addImage("board.png", in.board->png);
        CPLXMLNode* board = xmlElement(picker, "VASSAL.build.module.map.boardPicker.Board",
            {{"image", file}, {"name", boardName}, {"reversible", "false"}});
        if (s.campaign)
            squareGrid(board, e);
        mapComponents(m);
        // BoardPicker's SetBoards: map name + "BoardPicker", then each board (name, '/'-encoded) and its column, row.
        savedBoards.push_back(codec::encode({std::string(kBattleMap) + "BoardPicker", codec::encode({boardName}, '/'), "0", "0"}, '\t'));
        if (s.campaign)
            for (const core::CampaignForce& f : s.campaign->forces) {
                const auto p = vassalBoardPixel(e, in.pxPerM, core::squareCentre(s.campaign->grid, f.square));
                offBoard(p, "/campaign/forces", core::i18n::format(_("force {1}"), {f.id}));
                CPLXMLNode* stack = xmlElement(m, "VASSAL.build.module.map.SetupStack",
                    {{"location", ""}, {"name", f.name}, {"owningBoard", boardName}, {"useGridLocation", "false"},
                        {"x", integer(std::lround(p[0]))}, {"y", integer(std::lround(p[1]))}});
                savePiece(forceSlot(stack, f), kBattleMap, std::lround(p[0]), std::lround(p[1]));
                ++result.forces;
            }
        // At-start stacks: one per placed unit, at its place in whole board pixels.
        for (const core::Unit& u : s.units) {
            if (!u.placement || !core::oob::isPiece(s, u))
                continue; // a unit a block stands for (oob blocks) is history, not a piece
            const auto p = vassalBoardPixel(e, in.pxPerM, u.placement->position);
            offBoard(p, "/units", core::i18n::format(_("unit {1}"), {u.id.str()}));
            CPLXMLNode* stack = xmlElement(m, "VASSAL.build.module.map.SetupStack",
                {{"location", ""}, {"name", u.name}, {"owningBoard", boardName}, {"useGridLocation", "false"},
                    {"x", integer(std::lround(p[0]))}, {"y", integer(std::lround(p[1]))}});
            savePiece(unitSlot(stack, u), kBattleMap, std::lround(p[0]), std::lround(p[1]));
            ++result.setupStacks;
        }
    }

    void palettes(CPLXMLNode* module)
    {
        const bool forces = s.campaign && !s.campaign->forces.empty();
        if (s.units.empty() && !forces)
            return;
        CPLXMLNode* window = xmlElement(module, "VASSAL.build.module.PieceWindow",
            {{"defaultWidth", "0"}, {"hidden", "false"}, {"hotkey", ""}, {"icon", ""}, {"name", "Order of battle"},
                {"scale", "1.0"}, {"text", "Order of battle"}, {"tooltip", "The units of each side, by formation"}});
        CPLXMLNode* tabs = xmlElement(window, "VASSAL.build.widget.TabWidget", {{"entryName", "Sides"}});
        for (const core::Side& side : s.sides) {
            CPLXMLNode* tab = xmlElement(tabs, "VASSAL.build.widget.TabWidget", {{"entryName", side.name}});
            for (const core::Formation& f : s.formations) {
                if (f.side != side.id)
                    continue;
                CPLXMLNode* list = nullptr;
                for (const core::Unit& u : s.units) {
                    if (u.formation != f.id || u.arrival || !core::oob::isPiece(s, u))
                        continue;
                    if (!list)
                        list = xmlElement(tab, "VASSAL.build.widget.ListWidget",
                            {{"divider", "150"}, {"entryName", f.name}, {"height", "0"}, {"scale", "1.0"}, {"width", "0"}});
                    unitSlot(list, u);
                    ++result.pieces;
                }
            }
        }
        // Reinforcements: one list per arrival (day, turn, road or entry point), in time order.
        std::vector<const core::Unit*> arriving;
        for (const core::Unit& u : s.units)
            if (u.arrival && core::oob::isPiece(s, u))
                arriving.push_back(&u);
        std::stable_sort(arriving.begin(), arriving.end(), [](const core::Unit* a, const core::Unit* b) {
            return std::pair(a->arrival->day, a->arrival->turn) < std::pair(b->arrival->day, b->arrival->turn);
        });
        if (forces) {
            CPLXMLNode* tab = xmlElement(tabs, "VASSAL.build.widget.TabWidget", {{"entryName", "Campaign forces"}});
            for (const core::Side& side : s.sides) {
                CPLXMLNode* list = nullptr;
                for (const core::CampaignForce& f : s.campaign->forces) {
                    if (f.side != side.id)
                        continue;
                    if (!list)
                        list = xmlElement(tab, "VASSAL.build.widget.ListWidget",
                            {{"divider", "150"}, {"entryName", side.name}, {"height", "0"}, {"scale", "1.0"}, {"width", "0"}});
                    forceSlot(list, f);
                }
            }
        }
        if (!arriving.empty()) {
            CPLXMLNode* tab = xmlElement(tabs, "VASSAL.build.widget.TabWidget", {{"entryName", "Reinforcements"}});
            std::map<std::string, CPLXMLNode*> lists;
            for (const core::Unit* u : arriving) {
                const std::string label = arrivalLabel(s, *u->arrival);
                CPLXMLNode*& list = lists[label];
                if (!list)
                    list = xmlElement(tab, "VASSAL.build.widget.ListWidget",
                        {{"divider", "150"}, {"entryName", label}, {"height", "0"}, {"scale", "1.0"}, {"width", "0"}});
                unitSlot(list, *u);
                ++result.pieces;
                ++result.reinforcements;
            }
        }
    }

    const VassalImage& face(const std::string& name)
    {
        const auto it = in.cardFaces.find(name);
        if (it == in.cardFaces.end())
            throw core::util::OperationError("", core::i18n::format(_("card face {1}"), {name}), _("no image was drawn for it"));
        return it->second;
    }

    void tableBattles(CPLXMLNode* module)
    {
        const core::TableBattlesSet& set = *s.tableBattles;
        const std::string scenarioFace = "scenario-" + std::to_string(set.scenario.number) + ".png";
        const VassalImage& card = face(scenarioFace);
        {
            CPLXMLNode* m = map(module, "Scenario card");
            CPLXMLNode* picker = boardPicker(m);
            xmlElement(picker, "VASSAL.build.module.map.boardPicker.Board",
                {{"image", addImage(scenarioFace, card.png)}, {"name", "Scenario card"}, {"reversible", "false"}});
            mapComponents(m);
        }
        // The table: a plain board with one deck per army, side by side.
        int cardW = 0, cardH = 0;
        for (const auto& [name, image] : in.cardFaces) {
            cardW = std::max(cardW, image.width);
            cardH = std::max(cardH, image.height);
        }
        const int gap = std::max(20, cardW / 4);
        CPLXMLNode* m = map(module, "Table");
        CPLXMLNode* picker = boardPicker(m);
        xmlElement(picker, "VASSAL.build.module.map.boardPicker.Board",
            {{"color", "40,90,50"}, {"height", integer(3 * cardH + 2 * gap)}, {"name", "Table"}, {"reversible", "false"},
                {"width", integer(6 * (cardW + gap) + gap)}});
        mapComponents(m);
        savedBoards.push_back(codec::encode({"Scenario cardBoardPicker", codec::encode({"Scenario card"}, '/'), "0", "0"}, '\t'));
        savedBoards.push_back(codec::encode({"TableBoardPicker", codec::encode({"Table"}, '/'), "0", "0"}, '\t'));
        for (std::size_t a = 0; a < set.scenario.armies.size(); ++a) {
            const core::ArmySetup& army = set.scenario.armies[a];
            const int deckX = gap + cardW / 2 + static_cast<int>(a) * 3 * (cardW + gap), deckY = gap + cardH / 2;
            std::vector<std::string> dealt;
            CPLXMLNode* deck = xmlElement(m, "VASSAL.build.module.map.DrawPile",
                {{"allowMultiple", "false"}, {"allowSelect", "true"}, {"color", "255,255,255"}, {"draw", "true"},
                    {"drawFaceUp", "true"}, {"faceDown", "Never"}, {"height", integer(cardH)}, {"name", army.name},
                    {"owningBoard", "Table"}, {"reshufflable", "false"}, {"reversible", "false"}, {"shuffle", "Never"},
                    {"width", integer(cardW)}, {"x", integer(deckX)}, {"y", integer(deckY)}});
            ++result.decks;
            std::set<int> numbers;
            for (const core::CardRef& ref : army.cards) {
                if (!numbers.insert(ref.number).second)
                    continue;
                const core::FormationCard* faceA = set.find({ref.number, 'A'});
                const core::FormationCard* faceB = set.find({ref.number, 'B'});
                const core::FormationCard* shown = faceA ? faceA : faceB;
                if (!shown)
                    continue;
                const std::string fa = core::toString(shown->ref) + ".png";
                const VassalImage& imageA = face(fa);
                addImage(fa, imageA.png);
                const std::string id = gpid();
                PieceDefinition def;
                def.traits.push_back(marker({{"Army", army.name}, {"Card", std::to_string(ref.number)},
                    {"Strength", integer(shown->strength)}, {"sandtable_card", core::toString(shown->ref)}}));
                if (faceA && faceB) {
                    const std::string fb = core::toString(faceB->ref) + ".png";
                    addImage(fb, face(fb).png);
                    def.traits.push_back(twoFacedLayer(fa, fb));
                }
                def.traits.push_back(basicPiece(fa, shown->name, id));
                CPLXMLNode* slot = xmlElement(deck, "VASSAL.build.widget.CardSlot",
                    {{"entryName", shown->name}, {"gpid", id}, {"height", integer(imageA.height)}, {"width", integer(imageA.width)}});
                detail::xmlSetText(slot, def.definition());
                ++result.cards;
                dealt.push_back(saveCard({def, id}, deckX, deckY));
            }
            saveDeck(army.name, cardW, cardH, deckX, deckY, dealt);
        }
    }

    /// A card of the saved start: the piece on the Table where its deck stands; its id.
    std::string saveCard(const std::pair<PieceDefinition, std::string>& card, int x, int y)
    {
        const std::string id = "sandtable-" + std::to_string(++savedId);
        savedPieces.push_back(card.first.command(id,
            codec::encode({"Table", std::to_string(x), std::to_string(y), card.second, "1", "UniqueID", id}, ';')));
        return id;
    }

    /// A DrawPile's Deck in the saved start, holding `cards` in order: Deck.getType of the DrawPile's
    /// attributes as written above (face up, never shuffled, select allowed) and VASSAL's default texts, and
    /// Deck.getState (map; x; y; face down; the cards' ids, comma-separated).
    void saveDeck(const std::string& name, int width, int height, int x, int y, const std::vector<std::string>& cards)
    {
        const std::string type = "deck;" + codec::encode({"true", "255,255,255", std::to_string(width), std::to_string(height),
            "Never", "Never", "false", "true", "false", "", "", "", name, "", "", "", "true", "false", "", "", "10", "",
            "false", "", "false", "", "$BasicName$", "", "false", "", "Shuffle", "Reverse", "", "Draw multiple cards",
            "Draw specific cards", "Face up", "Face down", "", "", "", "", "Save Deck", "", "Deck Saved", "Load Deck", "",
            "Deck Loaded", "false"}, ';');
        const std::string id = "sandtable-" + std::to_string(++savedId);
        savedStacks.push_back("+/" + codec::encode({id, type,
            codec::encode({"Table", std::to_string(x), std::to_string(y), "false", codec::encode(cards, ',')}, ';')}, '/'));
    }

    std::string helpPage()
    {
        std::ostringstream h;
        h << "<html><head><meta charset=\"utf-8\"><title>" << html(s.settings.title) << "</title></head><body>\n<h1>"
          << html(s.settings.title) << "</h1>\n";
        if (!s.settings.battle.empty() || !s.settings.date.empty())
            h << "<p>" << html(s.settings.battle) << (s.settings.date.empty() ? "" : ", " + html(s.settings.date)) << "</p>\n";
        if (!s.settings.description.empty())
            h << "<p>" << html(s.settings.description) << "</p>\n";
        h << "<p>Game system: " << core::toString(s.settings.system) << "; scale 1:" << number(s.settings.scaleDenominator)
          << "; board " << number(in.pxPerM * 1000.0) << " px per km.</p>\n";
        if (core::systems::describe(s.settings.system).victoryPointBlocks && !s.units.empty()) {
            h << "<h2>Victory points</h2>\n<table border=\"1\"><tr><th>Side</th><th>Pieces</th><th>Points</th>"
                 "<th>Infantry blocks</th><th>Rout threshold</th></tr>\n";
            // The numbers of `oob summary` (core::oob::summarize): pieces only, rout at the start.
            const core::oob::OrderOfBattleSummary summary = core::oob::summarize(s);
            for (const core::oob::SideFigures& figures : summary.sides) {
                const core::Side* side = s.findSide(figures.id);
                h << "<tr><td>" << html(side ? side->name : figures.id.str()) << "</td><td>" << figures.pieces << "</td><td>"
                  << figures.victoryPoints << "</td><td>" << figures.infantryBlocksAtStart << "</td><td>"
                  << (figures.routThresholds.empty() ? 0 : figures.routThresholds.front()) << "</td></tr>\n";
            }
            h << "</table>\n<p>Points for an eliminated piece (rulebook, Victory): infantry 2/3/4/6 by quality, "
                 "detachment 1, artillery and dragoons 4 (guard 6), cavalry 6. A side routs when it has lost half its "
                 "infantry blocks (the threshold above); a rout multiplies the points by "
              << core::systems::pub_battles::kRoutMultiplier << ".</p>\n";
        }
        if (s.tableBattles) {
            const auto& card = s.tableBattles->scenario;
            h << "<h2>Scenario card " << card.number << ": " << html(card.name) << "</h2>\n<ul>\n";
            for (const auto& army : card.armies)
                h << "<li>" << html(army.name) << ": " << army.cards.size() << " cards, morale " << army.morale << "</li>\n";
            h << "</ul>\n";
            if (!card.specialRules.empty())
                h << "<p>" << html(card.specialRules) << "</p>\n";
        }
        h << "<p>Written by sandtable.</p>\n</body></html>\n";
        return h.str();
    }

    void dice(CPLXMLNode* module, int sides)
    {
        const std::string name = "1d" + std::to_string(sides);
        xmlElement(module, "VASSAL.build.module.DiceButton",
            {{"addToTotal", "0"}, {"hotkey", ""}, {"icon", ""}, {"keepCount", "1"}, {"keepDice", "false"},
                {"keepOption", ">"}, {"lockAdd", "false"}, {"lockDice", "false"}, {"lockPlus", "false"},
                {"lockSides", "false"}, {"nDice", "1"}, {"nSides", std::to_string(sides)}, {"name", name}, {"plus", "0"},
                {"prompt", "false"}, {"reportFormat", "** $name$ = $result$ *** <$PlayerName$>"},
                {"reportTotal", "false"}, {"sortDice", "false"}, {"text", name}, {"tooltip", "Roll " + name}});
    }

    /// The .vsav of the start as GameState.saveGame writes it: a zip of "savedGame" (the command stream, ESC
    /// between commands, obfuscated by ObfuscatingOutputStream: "!VCSK", the key in two hex digits, each byte
    /// xor the key in two hex digits), "savedata" (SaveMetaData) and a copy of the module's "moduledata".
    std::string savedGame(const std::string& title, const std::string& moduledata, long long savedAt) const
    {
        std::vector<std::string> commands{"begin_save"};
        commands.insert(commands.end(), savedPieces.begin(), savedPieces.end());
        commands.insert(commands.end(), savedStacks.begin(), savedStacks.end());
        commands.insert(commands.end(), savedBoards.begin(), savedBoards.end());
        commands.push_back("SETUP_STACK\t"); // NewGameIndicator of SetupStack: the at-start stacks are placed
        commands.push_back("end_save");
        const std::string stream = codec::encode(commands, '\x1b');
        constexpr unsigned char key = 0x5a; // VASSAL draws one at random; any key reads back
        constexpr char hex[] = "0123456789abcdef";
        std::string obfuscated = "!VCSK";
        obfuscated += hex[key >> 4];
        obfuscated += hex[key & 0x0f];
        for (const char c : stream) {
            const unsigned char b = static_cast<unsigned char>(c) ^ key;
            obfuscated += hex[b >> 4];
            obfuscated += hex[b & 0x0f];
        }
        detail::XmlTree data(xmlElement(nullptr, "data", {{"version", "1"}}));
        xmlTextElement(data.get(), "version", "1.0");
        xmlTextElement(data.get(), "VassalVersion", kVassalVersion);
        xmlTextElement(data.get(), "dateSaved", integer(savedAt));
        xmlTextElement(data.get(), "description", kSetupName + std::string(": ") + title);
        return detail::zipBytes(kSetupFile, {{"savedGame", obfuscated}, {"savedata", detail::xmlDocument(data.get())},
                                                {"moduledata", moduledata}});
    }

    std::string frame() const
    {
        // sandtable's frame, so that `vassal import` puts the pieces back where they were.
        std::ostringstream o;
        o << "sandtable;system=" << core::toString(s.settings.system) << ";px_per_m=" << number(in.pxPerM)
          << ";scale=" << number(s.settings.scaleDenominator);
        if (s.settings.extent)
            o << ";extent=" << number(s.settings.extent->minX) << "," << number(s.settings.extent->minY) << ","
              << number(s.settings.extent->maxX) << "," << number(s.settings.extent->maxY);
        if (!s.settings.crs.empty() && s.settings.crs.find(';') == std::string::npos)
            o << ";crs=" << s.settings.crs;
        if (s.settings.startDay || s.settings.startTurn)
            o << ";start=" << s.settings.startDay.value_or(1) << "," << s.settings.startTurn.value_or(1);
        if (s.settings.days)
            o << ";days=" << *s.settings.days;
        if (s.campaign)
            o << ";grid=" << s.campaign->grid.columns << "," << s.campaign->grid.rows;
        return o.str();
    }

    void build()
    {
        const std::string title = s.settings.title.empty() ? "sandtable scenario" : s.settings.title;
        detail::XmlTree root(xmlElement(nullptr, "VASSAL.build.GameModule",
            {{"ModuleOther1", frame()}, {"ModuleOther2", ""}, {"VassalVersion", kVassalVersion},
                {"description", oneLine(s.settings.description)}, {"name", title}, {"nextPieceSlotId", "0"},
                {"version", "1.0"}}));
        CPLXMLNode* module = root.get();
        xmlElement(module, "VASSAL.build.module.BasicCommandEncoder");
        CPLXMLNode* docs = xmlElement(module, "VASSAL.build.module.Documentation");
        xmlElement(docs, "VASSAL.build.module.documentation.HelpFile",
            {{"fileName", "help/scenario.html"}, {"fileType", "archive"}, {"title", "Scenario notes"}});
        CPLXMLNode* roster = xmlElement(module, "VASSAL.build.module.PlayerRoster",
            {{"buttonKeyStroke", ""}, {"buttonText", "Retire"}, {"buttonToolTip", "Switch sides, become observer, or release faction"}});
        std::vector<std::string> sideNames;
        for (const core::Side& side : s.sides)
            sideNames.push_back(side.name);
        if (s.tableBattles && sideNames.empty())
            for (const auto& army : s.tableBattles->scenario.armies)
                sideNames.push_back(army.name);
        for (const std::string& name : sideNames)
            xmlTextElement(roster, "entry", name);
        xmlElement(module, "VASSAL.build.module.GlobalOptions",
            {{"autoReport", "Always"}, {"centerOnMove", "Use Preferences Setting"}, {"chatterHTMLSupport", "Never"},
                {"hotKeysOnClosedWindows", "Never"}, {"inventoryForAll", "Always"}, {"nonOwnerUnmaskable", "Never"},
                {"playerIdFormat", "$PlayerName$"}, {"promptString", "Opponents can unmask pieces"},
                {"sendToLocationMoveTrails", "Never"}});
        xmlElement(module, "VASSAL.build.module.Chatter");
        xmlElement(module, "VASSAL.build.module.KeyNamer");
        xmlElement(module, "VASSAL.build.module.PrototypesContainer");
        if (s.settings.extent)
            battleMap(module);
        if (s.tableBattles)
            tableBattles(module);
        palettes(module);
        // The system's dice (its room says which: Campaign Lite's tables add a d10, campaign-lite.txt).
        for (const int faces : core::systems::describe(s.settings.system).dice)
            dice(module, faces);
        if (!s.settings.extent && !s.tableBattles)
            result.findings.push_back({"vassal.no_board", core::validation::Severity::Warning, "/extent",
                _("the scenario has no extent: the module has no battle map, only the palettes")});
        if (s.campaign && !s.campaign->forces.empty() && !s.settings.extent)
            result.findings.push_back({"vassal.campaign_forces", core::validation::Severity::Warning, "/campaign/forces",
                core::i18n::format(P_("{1} campaign force has no board to stand on (no extent)", "{1} campaign forces have no board to stand on (no extent)",
                                       s.campaign->forces.size()),
                    {std::to_string(s.campaign->forces.size())})});
        const bool setup = !savedPieces.empty();
        if (setup) // the scenario's start, offered in File > New Game (a PredefinedSetup takes the plain New Game's place)
            xmlElement(module, "VASSAL.build.module.PredefinedSetup",
                {{"description", oneLine(s.settings.description)}, {"file", kSetupFile}, {"isMenu", "false"},
                    {"name", kSetupName}, {"useFile", "true"}});
        CPLSetXMLValue(module, "#nextPieceSlotId", integer(nextGpid).c_str());
        entries.emplace(entries.begin(), "buildFile.xml", detail::xmlDocument(module));

        detail::XmlTree data(xmlElement(nullptr, "data", {{"version", "1"}}));
        xmlTextElement(data.get(), "version", "1.0");
        xmlTextElement(data.get(), "extra1", frame());
        xmlTextElement(data.get(), "extra2", "");
        xmlTextElement(data.get(), "VassalVersion", kVassalVersion);
        const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
        xmlTextElement(data.get(), "dateSaved", integer(now.count()));
        xmlTextElement(data.get(), "description", oneLine(s.settings.description));
        xmlTextElement(data.get(), "name", title);
        const std::string moduledata = detail::xmlDocument(data.get());
        entries.emplace(entries.begin() + 1, "moduledata", moduledata);
        if (setup)
            entries.emplace_back(kSetupFile, savedGame(title, moduledata, now.count()));
        entries.emplace_back("help/scenario.html", helpPage());
        if (!in.scenarioDocument.empty())
            entries.emplace_back(kVassalScenarioEntry, in.scenarioDocument);
    }
};

} // namespace

VassalExportResult writeVassalModule(const core::Scenario& scenario, const VassalExportInput& input,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress)
{
    if (!std::isfinite(input.pxPerM) || input.pxPerM <= 0.0)
        throw core::util::OperationError(output.string(), "px_per_m", _("the board resolution is not a positive number"));
    Builder b{scenario, input, {}, {}, {}};
    b.result.pxPerM = input.pxPerM;
    try {
        b.build();
    } catch (const core::util::Error& e) {
        throw core::util::OperationError(output.string(), e.object(), e.reason());
    }
    // A module with nothing to play (a new scenario's, before its order of battle): written, and said.
    if (b.result.pieces == 0 && b.result.forces == 0 && b.result.cards == 0)
        b.result.findings.push_back({"vassal.no_pieces", core::validation::Severity::Warning, "/units",
            _("the scenario has no units, campaign forces or cards: the module has a board and nothing to play with "
              "(add an order of battle first)")});
    core::util::reportProgress(progress, 0.5, N_("writing the VASSAL module"));
    detail::writeZip(output, b.entries);
    for (const auto& [name, bytes] : b.entries)
        b.result.files.push_back(name);
    core::util::reportProgress(progress, 1.0, N_("writing the VASSAL module"));
    return b.result;
}

} // namespace sandtable::vassal
