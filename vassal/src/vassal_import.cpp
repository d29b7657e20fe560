// SPDX-License-Identifier: GPL-3.0-or-later
// A VASSAL module read back: boards, grids, zones, the roster and the pieces, and a scenario made of them.
#include "sandtable/vassal/vassal_module.hpp"

#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/systems/game_system.hpp"

#include "vassal_archive.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <charconv>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace sandtable::vassal {
namespace {

using detail::xmlAttribute;

std::string elementName(const CPLXMLNode* n) { return n->pszValue ? n->pszValue : ""; }

bool endsWith(const std::string& s, const std::string& tail)
{
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// The whole text as a finite number (spaces around allowed), or nullopt: "12px", "abc", "" and "inf" are none.
std::optional<double> parseNumber(const std::string& text)
{
    const auto first = text.find_first_not_of(' ');
    if (first == std::string::npos)
        return std::nullopt;
    const auto last = text.find_last_not_of(' ');
    double v = 0.0;
    const char* begin = text.data() + first;
    const char* end = text.data() + last + 1;
    const auto [ptr, ec] = std::from_chars(begin, end, v);
    if (ec != std::errc() || ptr != end || !std::isfinite(v))
        return std::nullopt;
    return v;
}

/// A whole number within [minimum, maximum], or nullopt.
std::optional<int> parseInteger(const std::string& text, int minimum, int maximum)
{
    const auto v = parseNumber(text);
    if (!v || *v != std::floor(*v) || *v < minimum || *v > maximum)
        return std::nullopt;
    return static_cast<int>(*v);
}

/// One decoded piece definition ("+/null/type/state").
struct DecodedPiece {
    std::string name, image;
    std::map<std::string, std::string> properties;
    std::optional<double> angle;
    std::vector<std::string> prototypes;
    std::set<std::string> otherTraits; ///< trait ids read past ("emb2", "obs", ...)
};

void decodeTraits(std::string type, std::string state, DecodedPiece& out)
{
    for (int depth = 0; depth < 200; ++depth) {
        const std::vector<std::string> t = codec::decode(type, '\t');
        const std::vector<std::string> st = codec::decode(state, '\t');
        const std::string mine = t.empty() ? "" : t[0];
        const std::string myState = st.empty() ? "" : st[0];
        const std::string id = mine.substr(0, mine.find(';'));
        if (id == "piece") {
            const auto parts = codec::decode(mine.substr(6), ';');
            if (parts.size() > 2)
                out.image = parts[2];
            if (parts.size() > 3)
                out.name = parts[3];
            return;
        }
        if (id == "mark") {
            const auto keys = codec::decode(mine.substr(5), ',');
            const auto values = codec::decode(myState, ',');
            for (std::size_t i = 0; i < keys.size(); ++i)
                if (!keys[i].empty())
                    out.properties[keys[i]] = i < values.size() ? values[i] : "";
        } else if (id == "rotate") {
            const auto parts = codec::decode(mine.substr(7), ';');
            if (!parts.empty() && parts[0] == "1") {
                const auto angle = myState.empty() ? std::optional<double>(0.0) : parseNumber(myState);
                if (!angle)
                    throw std::invalid_argument(core::i18n::format(_("the rotation angle '{1}' is not a number"), {myState}));
                out.angle = *angle;
            } else
                out.otherTraits.insert("rotate (fixed angles)");
        } else if (id == "prototype") {
            const auto parts = codec::decode(mine.substr(10), ';');
            if (!parts.empty())
                out.prototypes.push_back(parts[0]);
        } else if (!id.empty()) {
            out.otherTraits.insert(id);
        }
        if (t.size() < 2)
            return;
        type = t[1];
        state = st.size() > 1 ? st[1] : "";
    }
}

DecodedPiece decodeDefinition(const std::string& text)
{
    DecodedPiece out;
    if (text.rfind("+/", 0) != 0)
        return out;
    const auto parts = codec::decode(text.substr(2), '/');
    decodeTraits(parts.size() > 1 ? parts[1] : "", parts.size() > 2 ? parts[2] : "", out);
    return out;
}

struct Reader {
    std::filesystem::path path;
    VassalModule module;
    std::map<std::string, DecodedPiece> prototypes;
    std::map<std::string, int> skipped; ///< trait id -> pieces having it

    void checkVersion(const std::string& version, const std::string& file, const std::string& element)
    {
        // Any 3.7.x reads (its releases keep the format); 3.8 and later may not.
        const auto parts = codec::decode(version, '.');
        const std::string series = parts.size() >= 2 ? parts[0] + "." + parts[1] : version;
        if (!version.empty() && codec::compareVersions(series, kVassalSeries) > 0)
            throw core::util::FormatError(path.string() + "!" + file, element,
                core::i18n::format(_("the module was saved by VASSAL {1}, newer than {2} (the newest sandtable reads): save "
                                     "it from VASSAL 3.7, or update sandtable"),
                    {version, kVassalSeries}));
    }

    /// An attribute read as a number: `absent` when the attribute is empty or missing (VASSAL's default);
    /// anything else that is not a number is refused, naming the element and the attribute.
    double number(const CPLXMLNode* n, const char* attribute, double absent = 0.0) const
    {
        return numberIn(n, attribute, xmlAttribute(n, attribute), absent);
    }

    double numberIn(const CPLXMLNode* n, const std::string& what, const std::string& text, double absent) const
    {
        if (text.find_first_not_of(' ') == std::string::npos)
            return absent;
        const auto v = parseNumber(text);
        if (!v)
            throw core::util::FormatError(path.string() + "!buildFile.xml", elementName(n) + " " + what,
                core::i18n::format(_("'{1}' is not a number"), {text}));
        return *v;
    }

    /// The piece definition of `n` decoded; a malformed trait is refused naming the element.
    DecodedPiece definition(const CPLXMLNode* n) const
    {
        try {
            return decodeDefinition(detail::xmlText(n));
        } catch (const std::invalid_argument& e) {
            const std::string name = xmlAttribute(n, "entryName").empty() ? xmlAttribute(n, "name") : xmlAttribute(n, "entryName");
            throw core::util::FormatError(path.string() + "!buildFile.xml", elementName(n) + " '" + name + "'", e.what());
        }
    }

    void grid(const CPLXMLNode* n, VassalBoard& board)
    {
        const std::string name = elementName(n);
        VassalGrid g;
        if (endsWith(name, ".SquareGrid"))
            g.kind = "square";
        else if (endsWith(name, ".HexGrid"))
            g.kind = "hex";
        else if (endsWith(name, ".ZonedGrid"))
            g.kind = "zoned";
        else if (endsWith(name, ".RegionGrid"))
            g.kind = "region";
        else
            return;
        g.dx = number(n, "dx");
        g.dy = number(n, "dy");
        g.x0 = number(n, "x0");
        g.y0 = number(n, "y0");
        for (const CPLXMLNode* c = n->psChild; c; c = c->psNext) {
            if (c->eType != CXT_Element)
                continue;
            const std::string child = elementName(c);
            if (endsWith(child, "Numbering"))
                for (const CPLXMLNode* a = c->psChild; a; a = a->psNext)
                    if (a->eType == CXT_Attribute)
                        g.numbering[a->pszValue] = xmlAttribute(c, a->pszValue);
            if (endsWith(child, ".Zone")) {
                VassalPlace zone{xmlAttribute(c, "name"), {}};
                for (const std::string& point : codec::decode(xmlAttribute(c, "path"), ';')) {
                    const auto xy = codec::decode(point, ',');
                    if (xy.size() == 2)
                        zone.points.push_back({numberIn(c, "path", xy[0], 0.0), numberIn(c, "path", xy[1], 0.0)});
                }
                board.zones.push_back(std::move(zone));
                for (const CPLXMLNode* zc = c->psChild; zc; zc = zc->psNext)
                    if (zc->eType == CXT_Element)
                        grid(zc, board); // a zone's own grid
            }
            if (endsWith(child, ".Region"))
                board.regions.push_back(VassalPlace{xmlAttribute(c, "name"),
                    {{number(c, "originx"), number(c, "originy")}}});
            if (endsWith(child, "Grid"))
                grid(c, board);
        }
        if ((g.kind == "square" || g.kind == "hex") && !board.grid)
            board.grid = g;
        else if (g.kind == "zoned" && !board.grid)
            board.grid = g;
    }

    void piece(const CPLXMLNode* n, const std::vector<std::string>& palette, const CPLXMLNode* stack, const std::string& deck)
    {
        DecodedPiece d = definition(n);
        for (const std::string& name : d.prototypes) {
            const auto it = prototypes.find(name);
            if (it == prototypes.end())
                continue;
            for (const auto& [k, v] : it->second.properties)
                d.properties.emplace(k, v);
            if (!d.angle)
                d.angle = it->second.angle;
            d.otherTraits.insert(it->second.otherTraits.begin(), it->second.otherTraits.end());
        }
        for (const std::string& t : d.otherTraits)
            ++skipped[t];
        VassalPiece p;
        p.name = d.name.empty() ? xmlAttribute(n, "entryName") : d.name;
        p.image = d.image;
        p.properties = d.properties;
        p.angle = d.angle;
        if (stack) {
            p.palette = "setup";
            p.board = xmlAttribute(stack, "owningBoard");
            p.position = std::array<double, 2>{number(stack, "x"), number(stack, "y")};
        } else if (!deck.empty()) {
            p.palette = deck;
        } else {
            std::string joined;
            for (const std::string& part : palette)
                joined += (joined.empty() ? "" : " / ") + part;
            p.palette = joined;
        }
        module.pieces.push_back(std::move(p));
    }

    void walk(const CPLXMLNode* n, std::vector<std::string>& palette, const CPLXMLNode* stack, const std::string& deck,
        const std::string& mapName)
    {
        for (const CPLXMLNode* c = n->psChild; c; c = c->psNext) {
            if (c->eType != CXT_Element)
                continue;
            const std::string name = elementName(c);
            if (name == "VASSAL.build.widget.PieceSlot" || name == "VASSAL.build.widget.CardSlot") {
                piece(c, palette, stack, deck);
            } else if (name == "VASSAL.build.module.map.SetupStack") {
                walk(c, palette, c, deck, mapName);
            } else if (name == "VASSAL.build.module.map.DrawPile") {
                walk(c, palette, nullptr, xmlAttribute(c, "name"), mapName);
            } else if (name == "VASSAL.build.module.map.boardPicker.Board") {
                VassalBoard b;
                b.map = mapName;
                b.name = xmlAttribute(c, "name");
                b.image = xmlAttribute(c, "image");
                // Pixels; VASSAL reads the image's own size when they are absent (-1).
                const double width = number(c, "width", -1.0), height = number(c, "height", -1.0);
                if (width > 1.0e6 || height > 1.0e6 || width != std::floor(width) || height != std::floor(height))
                    throw core::util::FormatError(path.string() + "!buildFile.xml", elementName(c) + " '" + b.name + "'",
                        core::i18n::format(_("a board of {1} x {2} pixels is not a whole size up to 1,000,000"),
                            {xmlAttribute(c, "width"), xmlAttribute(c, "height")}));
                b.width = static_cast<int>(width);
                b.height = static_cast<int>(height);
                for (const CPLXMLNode* g = c->psChild; g; g = g->psNext)
                    if (g->eType == CXT_Element)
                        grid(g, b);
                module.boards.push_back(std::move(b));
            } else if (name == "VASSAL.build.module.Map" || name == "VASSAL.build.module.PrivateMap"
                || name == "VASSAL.build.module.PlayerHand") {
                walk(c, palette, stack, deck, xmlAttribute(c, "mapName"));
            } else if (name == "VASSAL.build.module.PlayerRoster") {
                for (const CPLXMLNode* e = c->psChild; e; e = e->psNext)
                    if (e->eType == CXT_Element && elementName(e) == "entry")
                        module.sides.push_back(detail::xmlText(e));
            } else if (name == "VASSAL.build.module.PrototypesContainer"
                || name == "VASSAL.build.module.PrototypeDefinition") {
                continue; // read first (collectPrototypes)
            } else {
                const std::string entry = xmlAttribute(c, "entryName");
                const bool widget = name.rfind("VASSAL.build.widget.", 0) == 0 || name == "VASSAL.build.module.PieceWindow";
                if (widget && !entry.empty())
                    palette.push_back(entry);
                walk(c, palette, stack, deck, mapName);
                if (widget && !entry.empty())
                    palette.pop_back();
            }
        }
    }

    void collectPrototypes(const CPLXMLNode* n)
    {
        for (const CPLXMLNode* c = n->psChild; c; c = c->psNext) {
            if (c->eType != CXT_Element)
                continue;
            if (elementName(c) == "VASSAL.build.module.PrototypeDefinition")
                prototypes[xmlAttribute(c, "name")] = definition(c);
            else
                collectPrototypes(c);
        }
    }

    void read()
    {
        const bool folder = detail::isFolder(path);
        std::error_code ec;
        if (!folder && !std::filesystem::exists(path, ec))
            throw core::util::IoError(path.string(), "", _("no such file"));
        std::string buildName;
        for (const char* candidate : {"buildFile.xml", "buildFile"})
            if (detail::hasEntry(path, candidate)) {
                buildName = candidate;
                break;
            }
        if (buildName.empty())
            throw core::util::FormatError(path.string(), "buildFile.xml",
                folder ? _("not a VASSAL module folder: it has no buildFile.xml")
                       : _("not a VASSAL module: not a zip, or a zip without buildFile.xml"));
        if (detail::hasEntry(path, "moduledata")) {
            const detail::XmlTree data = detail::parseXml(detail::readEntry(path, "moduledata"), path.string() + "!moduledata");
            if (const CPLXMLNode* v = CPLGetXMLNode(data.get(), "VassalVersion")) {
                checkVersion(detail::xmlText(v), "moduledata", "VassalVersion");
            }
        } else {
            module.findings.push_back({"vassal.no_moduledata", core::validation::Severity::Info, "moduledata",
                _("the module has no moduledata (written before VASSAL 3.1): its name comes from buildFile")});
        }
        const std::string file = path.string() + "!" + buildName;
        const detail::XmlTree build = detail::parseXml(detail::readEntry(path, buildName), file);
        const CPLXMLNode* root = build.get();
        if (elementName(root) != "VASSAL.build.GameModule")
            throw core::util::FormatError(file, elementName(root), _("the root element is not VASSAL.build.GameModule"));
        module.name = xmlAttribute(root, "name");
        module.version = xmlAttribute(root, "version");
        module.vassalVersion = xmlAttribute(root, "VassalVersion");
        module.description = xmlAttribute(root, "description");
        module.other1 = xmlAttribute(root, "ModuleOther1");
        checkVersion(module.vassalVersion, buildName, "VASSAL.build.GameModule VassalVersion");
        collectPrototypes(root);
        std::vector<std::string> palette;
        walk(root, palette, nullptr, "", "");
        for (const auto& [trait, count] : skipped)
            module.findings.push_back({"vassal.trait_skipped", core::validation::Severity::Info, "buildFile.xml",
                core::i18n::format(P_("{1} piece has a '{2}' trait, which sandtable does not carry over",
                                       "{1} pieces have a '{2}' trait, which sandtable does not carry over", count),
                    {std::to_string(count), trait})});
    }
};

/// sandtable's frame from ModuleOther1 ("sandtable;key=value;..."), empty for other modules.
std::map<std::string, std::string> frameOf(const std::string& other1)
{
    std::map<std::string, std::string> frame;
    const auto parts = codec::decode(other1, ';');
    if (parts.empty() || parts[0] != "sandtable")
        return frame;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const auto eq = parts[i].find('=');
        if (eq != std::string::npos)
            frame[parts[i].substr(0, eq)] = parts[i].substr(eq + 1);
    }
    return frame;
}

std::string slug(const std::string& name, const std::string& fallback)
{
    std::string out;
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? fallback : out;
}

std::string placeText(const VassalPlace& p)
{
    std::ostringstream o;
    o << core::i18n::format(_("'{1}' at"), {p.name});
    for (std::size_t i = 0; i < p.points.size() && i < 8; ++i)
        o << " (" << std::lround(p.points[i][0]) << ", " << std::lround(p.points[i][1]) << ")";
    if (p.points.size() > 8)
        o << " ... " << core::i18n::format(_("({1} points)"), {std::to_string(p.points.size())});
    return o.str();
}

} // namespace

VassalModule readVassalModule(const std::filesystem::path& module)
{
    Reader r{module, {}, {}, {}};
    r.read();
    return r.module;
}

std::string readVassalModuleEntry(const std::filesystem::path& module, const std::string& entry)
{
    return detail::readEntry(module, entry);
}

namespace {

/// The scenario's two sides (each a group of the module's sides) from `chosen` ("A,B", '+' joining several),
/// or by default: all of them when two at most, else the two with the most pieces (ties: roster order) and a
/// finding naming the others. Throws OperationError naming --sides when it is not two groups of known sides.
std::vector<std::vector<std::string>> twoSides(const std::vector<std::string>& sides, const std::map<std::string, int>& pieces,
    const std::string& chosen, const std::filesystem::path& modulePath, core::validation::Diagnostics& findings)
{
    std::string names;
    for (const std::string& s : sides)
        names += (names.empty() ? "'" : ", '") + s + "'";
    if (!chosen.empty()) {
        std::vector<std::vector<std::string>> groups;
        for (const std::string& group : codec::decode(chosen, ',')) {
            groups.emplace_back();
            for (const std::string& member : codec::decode(group, '+')) {
                if (std::find(sides.begin(), sides.end(), member) == sides.end())
                    throw core::util::OperationError(modulePath.string(), "--sides " + chosen,
                        core::i18n::format(_("the module has no side '{1}' (sides: {2})"), {member, names.empty() ? std::string(_("none")) : names}));
                for (const auto& earlier : groups)
                    if (std::find(earlier.begin(), earlier.end(), member) != earlier.end())
                        throw core::util::OperationError(modulePath.string(), "--sides " + chosen,
                            core::i18n::format(_("side '{1}' is named twice"), {member}));
                groups.back().push_back(member);
            }
        }
        if (groups.size() != 2)
            throw core::util::OperationError(modulePath.string(), "--sides " + chosen,
                _("name the scenario's two sides, separated by a comma (A,B; join several of the module's with +: A+C,B)"));
        return groups;
    }
    std::vector<std::vector<std::string>> groups;
    if (sides.size() <= 2) {
        for (const std::string& s : sides)
            groups.push_back({s});
        return groups;
    }
    const auto count = [&](const std::string& s) { return pieces.count(s) ? pieces.at(s) : 0; };
    std::vector<std::string> ranked = sides;
    std::stable_sort(ranked.begin(), ranked.end(), [&](const std::string& a, const std::string& b) { return count(a) > count(b); });
    std::string others;
    int othersPieces = 0;
    for (std::size_t i = 2; i < ranked.size(); ++i) {
        others += (others.empty() ? "'" : ", '") + ranked[i] + "' (" + std::to_string(count(ranked[i])) + ")";
        othersPieces += count(ranked[i]);
    }
    findings.push_back({"vassal.sides", othersPieces > 0 ? core::validation::Severity::Warning : core::validation::Severity::Info, "/sides",
        core::i18n::format(_("the module has {1} sides ({2}): the scenario's two are '{3}' and '{4}', with the most pieces; "
                             "left out with their pieces: {5}; choose with --sides A,B (join several with +: A+C,B)"),
            {std::to_string(sides.size()), names, ranked[0], ranked[1], others})});
    return {{ranked[0]}, {ranked[1]}};
}

/// The scenario a module of sandtable's carries (VassalImport::carried), its pieces' places from the module.
void carriedScenario(const std::filesystem::path& modulePath, const VassalModule& m, const std::optional<core::Extent>& frame,
    double pxPerM, const std::string& boardName, VassalImport& out)
{
    const std::string source = modulePath.string() + "!" + kVassalScenarioEntry;
    // What the module alone could not carry is no longer missing: those findings go.
    static const std::set<std::string> restored{"vassal.arrival_road", "vassal.unit_incomplete", "vassal.piece_side",
        "vassal.cards", "vassal.grid", "vassal.campaign_force", "vassal.setup_unplaced", "vassal.property"};
    std::erase_if(out.findings, [](const core::validation::Diagnostic& d) { return restored.count(d.code) > 0; });
    core::io::LoadedScenario carried = core::io::parseScenario(detail::readEntry(modulePath, kVassalScenarioEntry), source);
    core::Scenario back = std::move(carried.scenario);
    back.map = out.base.map; // the board image, as for any module (the document's scan stayed with its folder)
    if (out.waitsForScan)
        back.map.reset();
    if (!back.references.empty()) {
        out.findings.push_back({"vassal.references", core::validation::Severity::Info, "/references",
            core::i18n::format(P_("{1} reference layer of the exported scenario is not imported (its file stayed with it)",
                                   "{1} reference layers of the exported scenario are not imported (their files stayed with them)",
                                   back.references.size()),
                {std::to_string(back.references.size())})});
        back.references.clear();
    }
    if (!frame) { // no board frame (Table Battles): nothing placed on a board
        out.carried = std::move(back);
        return;
    }
    const core::Extent& extent = *frame;
    // The module's at-start pieces: units by sandtable_id, forces by sandtable_force.
    std::map<std::string, const VassalPiece*> stacks, forceStacks;
    for (const VassalPiece& p : m.pieces) {
        if (!p.position || !(p.board.empty() || p.board == boardName))
            continue;
        if (p.properties.count("sandtable_id"))
            stacks[p.properties.at("sandtable_id")] = &p;
        else if (p.properties.count("sandtable_force"))
            forceStacks[p.properties.at("sandtable_force")] = &p;
    }
    std::map<std::string, const core::Unit*> fromModule;
    for (const core::Unit& u : out.units)
        fromModule[u.id.str()] = &u;
    // Pieces added in VASSAL are not in the document: named, for the designer to add.
    std::string added;
    std::size_t addedCount = 0;
    for (const core::Unit& u : out.units)
        if (!back.findUnit(u.id)) {
            added += (added.empty() ? "'" : ", '") + u.name + "'";
            ++addedCount;
        }
    if (addedCount)
        out.findings.push_back({"vassal.piece_not_in_scenario", core::validation::Severity::Warning, "/units",
            core::i18n::format(P_("{1} piece of the module is not in the scenario it carries, and is not imported: {2}",
                                   "{1} pieces of the module are not in the scenario it carries, and are not imported: {2}", addedCount),
                {std::to_string(addedCount), added})});
    for (core::Unit& u : back.units) {
        const auto stack = stacks.find(u.id.str());
        if (stack == stacks.end()) {
            if (u.placement) { // its at-start stack was deleted in VASSAL
                u.placement.reset();
                ++out.movedInModule;
            }
            continue;
        }
        const VassalPiece& p = *stack->second;
        bool same = false;
        if (u.placement) {
            // The stack as `vassal export` wrote it: the whole pixel of the place, VASSAL's angle -facing.
            const auto px = vassalBoardPixel(extent, pxPerM, u.placement->position);
            const double angle = p.angle.value_or(0.0) + u.placement->facing;
            same = std::lround(px[0]) == std::lround((*p.position)[0]) && std::lround(px[1]) == std::lround((*p.position)[1])
                && std::abs(std::remainder(angle, 360.0)) < 1e-9;
        }
        const auto moved = fromModule.find(u.id.str());
        if (!same && moved != fromModule.end() && moved->second->placement) {
            u.placement = moved->second->placement;
            ++out.movedInModule;
        }
    }
    if (back.campaign) {
        for (core::CampaignForce& f : back.campaign->forces) {
            const auto stack = forceStacks.find(f.id);
            if (stack == forceStacks.end())
                continue;
            const auto& px = *stack->second->position;
            const core::Coordinate ground{extent.minX + px[0] / pxPerM, extent.maxY - px[1] / pxPerM};
            const auto square = core::squareAt(back.campaign->grid, ground);
            if (square && *square != f.square) {
                f.square = *square;
                ++out.movedInModule;
            }
        }
    }
    out.carried = std::move(back);
}

/// The board to import: --board's, else the first with an image, else the first. Throws OperationError
/// naming the boards when there is none.
const VassalBoard& chooseBoard(const VassalModule& m, const VassalImportOptions& options, const std::filesystem::path& modulePath)
{
    const VassalBoard* board = nullptr;
    for (const VassalBoard& b : m.boards)
        if (options.board.empty() ? !b.image.empty() : b.name == options.board) {
            board = &b;
            break;
        }
    if (!board && options.board.empty() && !m.boards.empty())
        board = &m.boards.front(); // no board has an image: the first, its map waiting for a scan
    if (!board) {
        std::string names;
        for (const VassalBoard& b : m.boards)
            names += (names.empty() ? "" : ", ") + ("'" + b.name + "'");
        throw core::util::OperationError(modulePath.string(), options.board.empty() ? std::string(_("boards")) : "--board " + options.board,
            options.board.empty()
                ? (names.empty() ? std::string(_("the module has no board with an image"))
                                 : core::i18n::format(_("the module has no board with an image (boards: {1})"), {names}))
                : core::i18n::format(_("no board of that name (boards: {1})"), {names.empty() ? std::string(_("none")) : names}));
    }
    return *board;
}

/// The frame sandtable's export writes into ModuleOther1: a value that is not a number is refused.
struct FrameValues {
    const std::filesystem::path& modulePath;

    double number(const std::string& key, const std::string& text) const
    {
        const auto v = parseNumber(text);
        if (!v)
            throw core::util::FormatError(modulePath.string() + "!moduledata", "ModuleOther1 " + key,
                core::i18n::format(_("'{1}' is not a number (the sandtable frame of the module is damaged)"), {text}));
        return *v;
    }

    int integer(const std::string& key, const std::string& text, int minimum, int maximum) const
    {
        const auto v = parseInteger(text, minimum, maximum);
        if (!v)
            throw core::util::FormatError(modulePath.string() + "!moduledata", "ModuleOther1 " + key,
                core::i18n::format(_("'{1}' is not a whole number from {2} to {3}"),
                    {text, std::to_string(minimum), std::to_string(maximum)}));
        return *v;
    }
};

/// The ground frame of a module sandtable exported: extent and pixels per metre, with the CRS, scale, start
/// and days it carries set in `settings`. Nothing for a module without one.
void readFrame(const std::map<std::string, std::string>& frame, const FrameValues& values, core::ScenarioSettings& settings,
    std::optional<core::Extent>& extent, double& pxPerM)
{
    if (frame.count("extent") && frame.count("px_per_m")) {
        const auto e = codec::decode(frame.at("extent"), ',');
        pxPerM = values.number("px_per_m", frame.at("px_per_m"));
        if (e.size() == 4 && pxPerM > 0.0) {
            extent = core::Extent{values.number("extent", e[0]), values.number("extent", e[1]), values.number("extent", e[2]),
                values.number("extent", e[3])};
            settings.extent = extent;
            if (frame.count("crs"))
                settings.crs = frame.at("crs");
            if (frame.count("scale"))
                settings.scaleDenominator = values.number("scale", frame.at("scale"));
            const auto start = codec::decode(frame.count("start") ? frame.at("start") : "", ',');
            if (start.size() == 2) {
                settings.startDay = values.integer("start", start[0], 1, 100);
                settings.startTurn = values.integer("start", start[1], 1, 8);
            }
            if (frame.count("days"))
                settings.days = values.integer("days", frame.at("days"), 1, 100);
        }
    }
}

/// An arrival from its parsed day, turn and entry point; nothing when the day or turn is not (out of range).
std::optional<core::Arrival> arrivalFrom(std::optional<int> day, std::optional<int> turn, std::optional<double> x, std::optional<double> y)
{
    if (!day || !turn)
        return std::nullopt;
    core::Arrival arrival;
    arrival.day = *day;
    arrival.turn = *turn;
    if (x && y)
        arrival.entry = core::Coordinate{*x, *y};
    return arrival;
}

/// The unit a piece stands for, its properties read: Type, Quality, Strength, Command, Status, Figures and the
/// arrival (a property that is not what it should be is a finding, the value left for the designer).
/// `complete` is false when Type, Quality or Strength is missing; `unitCount` numbers a unit without an id.
core::Unit unitOfPiece(const VassalPiece& p, const core::FormationId& fid, std::size_t unitCount, core::validation::Diagnostics& findings, bool& complete)
{
    const auto prop = [&](const char* key) { return p.properties.count(key) ? p.properties.at(key) : std::string(); };
    static const std::regex arrival(R"(Day (\d+), (?:night turn|turn (\d+))(?:, along [^,]*)?(?:, entering at (-?\d+) E (-?\d+) N)?)");
    core::Unit u;
    std::string uid = prop("sandtable_id");
    if (uid.empty())
        uid = "u" + std::to_string(unitCount + 1);
    u.id = core::UnitId(uid);
    u.formation = fid;
    u.name = p.name.empty() ? uid : p.name;
    complete = true;
    try {
        u.type = core::unitTypeFromString(prop("Type"));
    } catch (const std::invalid_argument&) {
        complete = false;
    }
    try {
        u.quality = core::unitQualityFromString(prop("Quality"));
    } catch (const std::invalid_argument&) {
        complete = false;
    }
    // A piece property that is not the number it should be: a finding naming the piece, the value left
    // for the designer to complete (a foreign module may write "3 SP").
    const auto wholeProperty = [&](const char* property, int minimum, int maximum) -> std::optional<int> {
        const std::string text = prop(property);
        if (text.empty())
            return std::nullopt;
        const auto v = parseInteger(text, minimum, maximum);
        if (!v)
            findings.push_back({"vassal.property", core::validation::Severity::Warning, "/units",
                core::i18n::format(_("piece '{1}': {2} '{3}' is not a whole number from {4} to {5}; left for you to complete"),
                    {u.name, property, text, std::to_string(minimum), std::to_string(maximum)})});
        return v;
    };
    if (const auto strength = wholeProperty("Strength", 0, 1000000)) {
        u.strength = *strength;
    } else {
        u.strength = 1;
        complete = false;
    }
    u.command = wholeProperty("Command", 1, 6);
    if (prop("Status") == "disorganized")
        u.status = core::UnitStatus::Disorganized;
    if (!prop("Figures").empty()) {
        core::SywFigures figures;
        for (const std::string& item : codec::decode(prop("Figures"), ' ')) {
            const auto eq = item.find('=');
            const core::systems::syw_miniatures::FigureKind* kind =
                eq == std::string::npos ? nullptr : core::systems::syw_miniatures::findFigureKind(item.substr(0, eq));
            const auto count = kind ? parseInteger(item.substr(eq + 1), 0, 100000) : std::nullopt;
            if (!count) {
                findings.push_back({"vassal.property", core::validation::Severity::Warning, "/units",
                    core::i18n::format(_("piece '{1}': figures '{2}' is not KIND=COUNT; left out"), {u.name, item})});
                continue;
            }
            figures.*(kind->count) = *count;
        }
        u.figures = figures;
    }
    const auto turn = codec::decode(prop("ArrivalTurn"), ',');
    std::smatch a;
    const std::string label = prop("Arrival");
    if (turn.size() == 2) {
        const auto day = parseInteger(turn[0], 1, 100);
        const auto at = parseInteger(turn[1], 1, core::kNightTurn);
        const auto xy = codec::decode(prop("Entry"), ' ');
        const auto x = xy.size() == 2 ? parseNumber(xy[0]) : std::nullopt;
        const auto y = xy.size() == 2 ? parseNumber(xy[1]) : std::nullopt;
        u.arrival = arrivalFrom(day, at, x, y);
        if (!u.arrival) {
            findings.push_back({"vassal.property", core::validation::Severity::Warning, "/units",
                core::i18n::format(_("piece '{1}': ArrivalTurn '{2}' is not DAY,TURN; no arrival"), {u.name, prop("ArrivalTurn")})});
        }
    } else if (!label.empty() && std::regex_match(label, a, arrival)) {
        const auto day = parseInteger(a[1].str(), 1, 100);
        const auto at = a[2].matched ? parseInteger(a[2].str(), 1, 8) : std::optional<int>(core::kNightTurn);
        const auto x = a[3].matched ? parseNumber(a[3].str()) : std::nullopt;
        const auto y = a[4].matched ? parseNumber(a[4].str()) : std::nullopt;
        u.arrival = arrivalFrom(day, at, x, y);
        if (!u.arrival) {
            findings.push_back({"vassal.property", core::validation::Severity::Warning, "/units",
                core::i18n::format(_("piece '{1}': arrival '{2}' names a day or turn out of range; no arrival"), {u.name, label})});
        }
    }
    if (u.arrival && label.find(", along ") != std::string::npos) {
        // The road is not in the imported scenario: its entry point on that road would not validate.
        findings.push_back({"vassal.arrival_road", core::validation::Severity::Warning, "/units",
            core::i18n::format(_("unit '{1}' arrives {2}: road and entry point left out until the road is digitised"), {u.id.str(), label})});
        u.arrival->entry.reset();
    }
    return u;
}

/// What the pieces gave besides units: counts for the findings, the force counters, the sides by name.
struct PieceTally {
    int noSide = 0, completed = 0, unplaced = 0, cards = 0;
    std::map<std::string, int> skippedBySide;
    std::vector<const VassalPiece*> forcePieces;
    std::map<std::string, core::SideId> sideIds;
};

/// The sides (the roster's groups in `kept`, then any side a piece names) and the units of the pieces, placed
/// through the module's frame when it has one; into `out`.
PieceTally importPieces(const VassalModule& m, const VassalBoard& board, const std::vector<std::string>& moduleSides,
    const std::vector<std::vector<std::string>>& kept, const std::optional<core::Extent>& extent, double pxPerM, VassalImport& out)
{
    PieceTally tally;
    // Sides: the roster, then any side a piece names.
    std::map<std::string, core::SideId>& sideIds = tally.sideIds;
    static const char* const kColours[] = {"#1f4e9c", "#9c1f1f", "#2e7d32", "#b8860b", "#6a1b9a", "#00838f"};
    const auto addSide = [&](const std::string& name) {
        if (name.empty() || sideIds.count(name))
            return;
        core::Side side;
        std::string sid = slug(name, "side");
        for (int k = 2; std::any_of(out.sides.begin(), out.sides.end(), [&](const core::Side& s) { return s.id.str() == sid; }); ++k)
            sid = slug(name, "side") + "-" + std::to_string(k);
        side.id = core::SideId(sid);
        side.name = name;
        side.colour = kColours[out.sides.size() % 6];
        sideIds[name] = side.id;
        out.sides.push_back(side);
    };
    std::set<std::string> leftOut(moduleSides.begin(), moduleSides.end());
    for (const auto& group : kept) {
        addSide(group.front());
        for (const std::string& member : group) {
            sideIds[member] = sideIds.at(group.front());
            leftOut.erase(member);
        }
    }
    std::map<std::string, int>& skippedBySide = tally.skippedBySide;

    // Units: a piece of sandtable's by its id (palette slot and at-start stack are one unit), others by name.
    std::map<std::string, std::size_t> unitIndex;
    std::map<std::pair<std::string, std::string>, core::FormationId> formationIds; // (side, name) -> id
    int &noSide = tally.noSide, &completed = tally.completed, &unplaced = tally.unplaced, &cards = tally.cards;
    std::vector<const VassalPiece*>& forcePieces = tally.forcePieces;
    for (const VassalPiece& p : m.pieces) {
        if (p.palette.empty() && !p.position)
            continue;
        if (p.properties.count("sandtable_force")) {
            // A Campaign Lite force: counted by arm, not an order-of-battle unit; read once the grid is known.
            if (p.position)
                forcePieces.push_back(&p);
            continue;
        }
        if (p.properties.count("sandtable_card")) {
            ++cards; // a Table Battles card, not a unit
            continue;
        }
        const auto prop = [&](const char* key) { return p.properties.count(key) ? p.properties.at(key) : std::string(); };
        if (leftOut.count(prop("Side"))) { // a side not among the scenario's two
            ++skippedBySide[prop("Side")];
            continue;
        }
        const std::string key = !prop("sandtable_id").empty() ? "id:" + prop("sandtable_id") : "name:" + p.name;
        std::size_t index;
        if (const auto it = unitIndex.find(key); it != unitIndex.end()) {
            index = it->second;
        } else {
            std::string sideName = prop("Side");
            if (sideName.empty()) {
                // The palette's first tab naming a side, else the first side.
                for (const auto& [name, sid] : sideIds)
                    if (p.palette.find(name) != std::string::npos)
                        sideName = name;
                if (sideName.empty()) {
                    ++noSide;
                    if (out.sides.empty())
                        addSide("Side 1");
                    sideName = out.sides.front().name;
                }
            }
            std::string formationName = prop("Formation");
            if (formationName.empty()) {
                const auto slash = p.palette.rfind(" / ");
                formationName = p.palette == "setup" || p.palette.empty() ? "Imported"
                    : slash == std::string::npos                          ? p.palette
                                                                           : p.palette.substr(slash + 3);
            }
            core::FormationId& fid = formationIds[{sideName, formationName}];
            if (fid.empty()) {
                std::string wanted = prop("sandtable_formation");
                if (wanted.empty() || std::any_of(out.formations.begin(), out.formations.end(),
                                          [&](const core::Formation& f) { return f.id.str() == wanted; }))
                    wanted = slug(sideName, "side") + "-" + slug(formationName, "formation") + "-" + std::to_string(out.formations.size() + 1);
                core::Formation f;
                f.id = core::FormationId(wanted);
                f.side = sideIds.at(sideName);
                f.name = formationName;
                fid = f.id;
                out.formations.push_back(f);
            }
            bool complete = true;
            const core::Unit u = unitOfPiece(p, fid, out.units.size(), out.findings, complete);
            completed += complete ? 0 : 1;
            index = out.units.size();
            unitIndex[key] = index;
            out.units.push_back(u);
        }
        core::Unit& u = out.units[index];
        if (p.position) {
            if (extent && (p.board.empty() || p.board == board.name)) {
                core::Placement place;
                place.position = core::Coordinate{extent->minX + (*p.position)[0] / pxPerM, extent->maxY - (*p.position)[1] / pxPerM};
                double facing = p.angle ? -*p.angle : 0.0;
                facing = std::fmod(facing, 360.0);
                if (facing < 0)
                    facing += 360.0;
                place.facing = facing == 0.0 ? 0.0 : facing;
                place.column = p.properties.count("Column") && p.properties.at("Column") == "true";
                u.placement = place;
            } else {
                ++unplaced;
            }
        }
    }
    return tally;
}

/// The findings of what the pieces left out or incomplete.
void notePieceTally(const PieceTally& tally, VassalImport& out)
{
    const int noSide = tally.noSide, completed = tally.completed, unplaced = tally.unplaced, cards = tally.cards;
    for (const auto& [side, n] : tally.skippedBySide)
        out.findings.push_back({"vassal.side_left_out", core::validation::Severity::Warning, "/units",
            core::i18n::format(P_("{1} piece of side '{2}' is not imported: the side is not one of the scenario's two (choose them with --sides)",
                                   "{1} pieces of side '{2}' are not imported: the side is not one of the scenario's two (choose them with --sides)", n),
                {std::to_string(n), side})});
    if (noSide)
        out.findings.push_back({"vassal.piece_side", core::validation::Severity::Warning, "/sides",
            core::i18n::format(P_("{1} piece names no side (no Side property, no palette named after one): put under '{2}'",
                                   "{1} pieces name no side (no Side property, no palette named after one): put under '{2}'", noSide),
                {std::to_string(noSide), out.sides.front().name})});
    if (completed)
        out.findings.push_back({"vassal.unit_incomplete", core::validation::Severity::Warning, "/units",
            core::i18n::format(P_("{1} unit has no sandtable Type, Quality or Strength property: imported as infantry, regular, "
                                   "strength 1 where missing; complete it in the order of battle",
                                   "{1} units have no sandtable Type, Quality or Strength property: imported as infantry, regular, "
                                   "strength 1 where missing; complete them in the order of battle",
                                   completed),
                {std::to_string(completed)})});
    if (cards)
        out.findings.push_back({"vassal.cards", core::validation::Severity::Info, "/table_battles",
            core::i18n::format(P_("{1} card in the module's decks is not imported (cards import reads the card CSV)",
                                   "{1} cards in the module's decks are not imported (cards import reads the card CSV)", cards),
                {std::to_string(cards)})});
    if (unplaced)
        out.findings.push_back({"vassal.setup_unplaced", core::validation::Severity::Warning, "/units",
            core::i18n::format(P_("{1} at-start stack left unplaced: the module gives no ground frame for board pixels "
                                   "(georeference the scan, then place the units)",
                                   "{1} at-start stacks left unplaced: the module gives no ground frame for board pixels "
                                   "(georeference the scan, then place the units)",
                                   unplaced),
                {std::to_string(unplaced)})});
}

/// The board's grid: the campaign grid when the module's frame gives it and the game system has one, else a
/// finding describing it.
void importGrid(const VassalBoard& board, const std::map<std::string, std::string>& frame, const std::optional<core::Extent>& extent,
    double pxPerM, const FrameValues& values, const core::ScenarioSettings& settings, const std::filesystem::path& modulePath,
    VassalImport& out)
{
    if (board.grid) {
        const VassalGrid& g = *board.grid;
        const bool framed = extent && frame.count("grid") && g.kind == "square"
            && core::systems::describe(settings.system).squareGrid && std::abs(g.dx - g.dy) < 1e-9 && g.dx > 0;
        if (framed) {
            const auto cr = codec::decode(frame.at("grid"), ',');
            core::CampaignGrid grid;
            grid.squareSize = g.dx / pxPerM;
            grid.columns = cr.size() == 2 ? values.integer("grid", cr[0], 1, 10000) : 1;
            grid.rows = cr.size() == 2 ? values.integer("grid", cr[1], 1, 10000) : 1;
            // (x0, y0) is the centre of the north-west square; the grid's origin is its south-west corner.
            const double westPx = g.x0 - g.dx / 2, northPx = g.y0 - g.dy / 2;
            grid.origin = core::Coordinate{extent->minX + westPx / pxPerM, extent->maxY - northPx / pxPerM - grid.rows * grid.squareSize};
            const auto num = [&](const char* k) { return g.numbering.count(k) ? g.numbering.at(k) : std::string(); };
            grid.numbering = num("hType") == "N" ? core::GridNumbering::ColumnRow : core::GridNumbering::LetterNumber;
            // The numbering's attributes (VASSAL's defaults when absent); a value that is not a whole number is refused.
            const auto whole = [&](const char* k, int absent) {
                const std::string text = num(k);
                if (text.empty())
                    return absent;
                const auto v = parseInteger(text, -1000000, 1000000);
                if (!v)
                    throw core::util::FormatError(modulePath.string() + "!buildFile.xml", core::i18n::format(_("board '{1}' grid numbering {2}"), {board.name, k}),
                        core::i18n::format(_("'{1}' is not a whole number"), {text}));
                return *v;
            };
            grid.startNumber = whole("vOff", 1);
            grid.descendingRows = num("vDescend") == "true";
            const int vLeading = whole("vLeading", 0);
            if (grid.numbering == core::GridNumbering::LetterNumber && vLeading > 0)
                grid.leadingZeros = true;
            if (grid.numbering == core::GridNumbering::ColumnRow && num("sep") == ".")
                grid.leadingZeros = false;
            out.grid = grid;
        } else {
            const auto figure = [](double v) { return core::i18n::formatFigure(v); };
            std::string note = g.dx > 0 ? core::i18n::format(_("board '{1}' has a {2} grid of {3} x {4} px from ({5}, {6})"),
                                              {board.name, g.kind, figure(g.dx), figure(g.dy), figure(g.x0), figure(g.y0)})
                                        : core::i18n::format(_("board '{1}' has a {2} grid"), {board.name, g.kind});
            note += core::systems::describe(settings.system).squareGrid
                ? _(": georeference the scan, then lay the campaign grid (`grid set`) with the square size in metres")
                : _(": the scenario's game system has no grid; kept as this note");
            out.findings.push_back({"vassal.grid", core::validation::Severity::Info, "/campaign/grid", note});
        }
    }
}

/// The force counters (at-start stacks of sandtable's own modules): forces of the campaign where the grid
/// came back, else findings naming what each held.
void importForces(const std::vector<const VassalPiece*>& forcePieces, const std::map<std::string, core::SideId>& sideIds, VassalImport& out)
{
    for (const VassalPiece* p : forcePieces) {
        const auto prop = [&](const char* key) { return p->properties.count(key) ? p->properties.at(key) : std::string(); };
        const std::string what = core::i18n::format(_("force '{1}' ({2}) at {3}: infantry {4}, cavalry {5}, artillery {6}"),
            {p->name, prop("Side"), prop("Square"), prop("Infantry"), prop("Cavalry"), prop("Artillery")});
        std::string why;
        if (out.grid) {
            core::CampaignForce f;
            f.id = prop("sandtable_force");
            f.name = prop("Force").empty() ? p->name : prop("Force");
            const auto sideId = sideIds.find(prop("Side"));
            const auto count = [&](const char* key) { return parseInteger(prop(key), 0, 1000000); };
            const auto infantry = count("Infantry"), cavalry = count("Cavalry"), artillery = count("Artillery");
            try {
                f.square = core::parseSquareName(*out.grid, prop("Square"));
            } catch (const std::invalid_argument& e) {
                why = e.what();
            }
            if (why.empty() && sideId == sideIds.end())
                why = _("its side is not among the module's sides");
            if (why.empty() && (!infantry || !cavalry || !artillery))
                why = _("a count by arm is not a whole number from 0");
            if (why.empty() && f.id.empty())
                why = _("its sandtable_force id is empty");
            if (why.empty() && std::any_of(out.forces.begin(), out.forces.end(), [&](const core::CampaignForce& o) { return o.id == f.id; }))
                why = core::i18n::format(_("its id '{1}' is repeated"), {f.id});
            if (why.empty()) {
                f.side = sideId->second;
                f.infantry = *infantry;
                f.cavalry = *cavalry;
                f.artillery = *artillery;
                f.deployed = prop("Deployed") == "true";
                out.forces.push_back(std::move(f));
                continue;
            }
        } else {
            why = _("the module gives no campaign grid to stand it on");
        }
        out.findings.push_back({"vassal.campaign_force", core::validation::Severity::Info, "/campaign/forces",
            core::i18n::format(_("{1} is not imported as a force ({2}; add it to the campaign)"), {what, why})});
    }
}

/// Zones and regions become named places on the scan, in its pixels (a board's zone path and region
/// origin are board pixels, the board image is the scan); they become terrain once it is georeferenced.
void keepPlaces(const VassalBoard& board, bool imageless, VassalImport& out)
{
    const double scanWidth = out.base.map.width, scanHeight = out.base.map.height;
    const auto keep = [&](const VassalPlace& from, const char* code, const std::string& kind, const std::string& kindWord,
                          int number) {
        if (imageless) { // no scan to hold it yet: named in a finding, in board pixels
            out.findings.push_back({code, core::validation::Severity::Info, "/map/places",
                core::i18n::format(_("{1} {2} (board pixels) is not kept: the board has no image for the map to hold it"),
                    {kindWord, placeText(from)})});
            return;
        }
        core::ScanPlace place;
        place.name = from.name.empty() ? kind + " " + std::to_string(number) : from.name;
        place.note = core::i18n::format("VASSAL {1} of board {2}", {kind, board.name});
        bool clipped = false;
        for (const auto& xy : from.points) {
            const double x = std::clamp(xy[0], 0.0, scanWidth), y = std::clamp(xy[1], 0.0, scanHeight);
            clipped = clipped || x != xy[0] || y != xy[1];
            place.pixels.push_back({x, y});
        }
        if (place.pixels.size() == 2 || place.pixels.empty()) {
            out.findings.push_back({code, core::validation::Severity::Warning, "/map/places",
                core::i18n::format(_("{1} {2} is not imported: its outline has {3} points, which make no area"),
                    {kindWord, placeText(from), std::to_string(from.points.size())})});
            return;
        }
        out.findings.push_back({code, core::validation::Severity::Info, "/map/places/" + std::to_string(out.base.map.places.size()),
            core::i18n::format(clipped ? _("{1} {2} (board pixels) kept as a named place on the scan, clipped to the board; "
                                           "`terrain places --place NAME --class CLASS` makes terrain of it once the scan is georeferenced")
                                       : _("{1} {2} (board pixels) kept as a named place on the scan; "
                                           "`terrain places --place NAME --class CLASS` makes terrain of it once the scan is georeferenced"),
                {kindWord, placeText(from)})});
        out.base.map.places.push_back(std::move(place));
    };
    for (const VassalPlace& z : board.zones)
        keep(z, "vassal.zone", "zone", _("zone"), ++out.zones);
    for (const VassalPlace& r : board.regions)
        keep(r, "vassal.region", "region", _("region"), ++out.regions);
}

} // namespace

VassalImport importVassalModule(const std::filesystem::path& modulePath, const std::filesystem::path& scenarioFile,
    const VassalImportOptions& options)
{
    const VassalModule m = readVassalModule(modulePath);
    VassalImport out;
    out.findings = m.findings;
    const VassalBoard* board = &chooseBoard(m, options, modulePath);
    // A board without an image (a player's hand, a chart): its pieces come in, the map waits for a scan.
    const bool imageless = board->image.empty();
    out.boardName = board->name;
    out.boards = static_cast<int>(m.boards.size());
    for (const VassalBoard& b : m.boards)
        if (&b != board)
            out.findings.push_back({"vassal.board_skipped", core::validation::Severity::Info, "boards",
                core::i18n::format(_("board '{1}' of map '{2}' is not imported (choose it with --board)"), {b.name, b.map})});
    // Before anything is written: the module's sides, the roster's then those pieces name, with their pieces. A
    // scenario has two sides at most: a roster of more (a referee or solitaire side, one side per player) is
    // mapped to two (issue 44).
    std::vector<std::string> moduleSides;
    std::map<std::string, int> sidePieces;
    const auto noteSide = [&](const std::string& name) {
        if (!name.empty() && std::find(moduleSides.begin(), moduleSides.end(), name) == moduleSides.end())
            moduleSides.push_back(name);
    };
    for (const std::string& s : m.sides)
        noteSide(s);
    for (const VassalPiece& p : m.pieces)
        if (p.properties.count("Side") && (p.position || !p.palette.empty())) {
            noteSide(p.properties.at("Side"));
            ++sidePieces[p.properties.at("Side")];
        }
    const std::vector<std::vector<std::string>> kept = twoSides(moduleSides, sidePieces, options.sides, modulePath, out.findings);
    const std::string imageEntry = "images/" + board->image;
    if (!imageless && !detail::hasEntry(modulePath, imageEntry))
        throw core::util::FormatError(modulePath.string(), imageEntry,
            core::i18n::format(_("board '{1}' names an image the module does not hold"), {board->name}));
    const std::string bytes = imageless ? std::string() : detail::readEntry(modulePath, imageEntry);

    const std::map<std::string, std::string> frame = frameOf(m.other1);
    geo::NewScenarioOptions request;
    request.progress = options.progress;
    if (frame.count("system"))
        request.system = core::gameSystemFromString(frame.at("system"));
    if (frame.count("crs") && frame.at("crs").rfind("EPSG:", 0) == 0)
        request.crs = frame.at("crs");
    const std::string id = geo::scenarioIdFromFileName(scenarioFile);
    // The board image written beside the scenario goes again if anything below fails: nothing is left.
    struct RemoveUnlessKept {
        std::filesystem::path path;
        bool kept = false;
        ~RemoveUnlessKept()
        {
            std::error_code ec;
            if (!kept && !path.empty())
                std::filesystem::remove(path, ec);
        }
    } written;
    if (imageless) {
        // The settings newScenarioFromRaster gives an unreferenced scan, without the scan.
        core::ScenarioSettings& st = out.base.settings;
        st.system = request.system;
        st.id = id;
        st.title = board->name;
        if (core::systems::describe(st.system).ground == core::systems::Ground::Table)
            st.scaleDenominator = 1.0;
        if (request.crs != "auto")
            st.crs = request.crs;
        out.base.placedBy = "none";
        out.waitsForScan = true;
        out.findings.push_back({"vassal.board_without_image", core::validation::Severity::Info, "/map",
            core::i18n::format(_("board '{1}' has no image: its pieces are imported, and the scenario has no map until a "
                                 "scan of the board is set"),
                {board->name})});
    } else {
        std::string ext = std::filesystem::path(board->image).extension().string();
        if (ext.empty())
            ext = ".png";
        out.boardImage = scenarioFile.parent_path() / (id + ".board" + ext);
        core::io::writeFileAtomically(out.boardImage, bytes);
        written.path = out.boardImage;
        out.base = geo::newScenarioFromRaster(out.boardImage, scenarioFile, request);
    }
    core::ScenarioSettings& settings = out.base.settings;
    settings.title = m.name.empty() ? settings.title : m.name;
    settings.description = m.description;
    std::optional<core::Extent> extent;
    double pxPerM = 0.0;
    const FrameValues values{modulePath};
    readFrame(frame, values, settings, extent, pxPerM);

    const PieceTally tally = importPieces(m, *board, moduleSides, kept, extent, pxPerM, out);
    notePieceTally(tally, out);

    importGrid(*board, frame, extent, pxPerM, values, settings, modulePath, out);
    importForces(tally.forcePieces, tally.sideIds, out);
    keepPlaces(*board, imageless, out);
    if (detail::hasEntry(modulePath, kVassalScenarioEntry))
        carriedScenario(modulePath, m, extent, pxPerM, board->name, out);
    written.kept = true;
    return out;
}

} // namespace sandtable::vassal
