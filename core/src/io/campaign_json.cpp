// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign <-> the "campaign" object: grid, derived terrain, overrides, rolls, forces, objectives, clock.
#include "campaign_json.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace sandtable::core::io::detail {
namespace {

std::string clockText(int minutes)
{
    char text[8];
    std::snprintf(text, sizeof text, "%02d:%02d", (minutes / 60) % 100, minutes % 60);
    return text;
}

int clockMinutes(const std::string& text)
{
    // The schema allows only HH:MM with HH 00-23 and MM 00-59.
    if (text.size() != 5 || text[2] != ':')
        throw std::invalid_argument(i18n::format(_("time '{1}' is not HH:MM"), {text}));
    return std::stoi(text.substr(0, 2)) * 60 + std::stoi(text.substr(3, 2));
}

io::JsonValue edgesToJson(const std::vector<Edge>& edges, JsonOut& out)
{
    JsonValue array = out.array();
    for (Edge e : edges)
        out.push(array, toString(e));
    return array;
}

io::JsonValue gridToJson(const CampaignGrid& g, JsonOut& out)
{
    JsonValue grid = out.object("square_size", g.squareSize, "origin", out.array(g.origin.x, g.origin.y), "rows", g.rows, "columns",
        g.columns, "numbering", toString(g.numbering));
    if (g.rotation != 0.0)
        out.set(grid, "rotation", g.rotation);
    if (g.startNumber != 1)
        out.set(grid, "start_number", g.startNumber);
    if (g.leadingZeros)
        out.set(grid, "leading_zeros", *g.leadingZeros);
    if (g.descendingRows)
        out.set(grid, "descending_rows", true);
    return grid;
}

io::JsonValue derivedToJson(const Campaign& c, JsonOut& out)
{
    auto name = [&](SquareRef q) { return squareName(c.grid, q); };
    JsonValue derived = out.array();
    for (const SquareTerrain& t : c.derived) {
        JsonValue square = out.object("square", name(t.square));
        JsonValue coverage = out.object();
        for (const auto& [cls, fraction] : t.coverage)
            out.set(coverage, cls, fraction);
        out.set(square, "coverage", std::move(coverage));
        if (!t.lines.empty()) {
            JsonValue lines = out.array();
            for (const SquareLine& l : t.lines) {
                JsonValue line = out.object("feature", l.feature.str(), "class", l.terrainClass);
                if (!l.grade.empty())
                    out.set(line, "grade", l.grade);
                out.set(line, "edges", edgesToJson(l.edges, out));
                out.set(line, "length_m", l.length);
                out.push(lines, std::move(line));
            }
            out.set(square, "lines", std::move(lines));
        }
        if (!t.crossings.empty()) {
            JsonValue crossings = out.array();
            for (const SquareCrossing& x : t.crossings)
                out.push(crossings, out.object("feature", x.feature.str(), "class", x.terrainClass, "edge",
                                        x.edge ? out.value(toString(*x.edge)) : out.value(nullptr)));
            out.set(square, "crossings", std::move(crossings));
        }
        out.push(derived, std::move(square));
    }
    return derived;
}

io::JsonValue secondaryToJson(const Campaign& c, JsonOut& out)
{
    auto name = [&](SquareRef q) { return squareName(c.grid, q); };
    JsonValue rolls = out.array();
    for (const SecondaryRoll& r : c.secondary->rolls) {
        JsonValue roll = out.object("square", name(r.square), "d10", r.d10, "result", r.result);
        if (!r.d6.empty())
            out.set(roll, "d6", r.d6);
        out.set(roll, "detail", r.detail);
        if (r.streamTo)
            out.set(roll, "stream_to", name(*r.streamTo));
        if (r.streamEdge)
            out.set(roll, "stream_edge", toString(*r.streamEdge));
        if (r.edgeDie)
            out.set(roll, "edge_die", *r.edgeDie);
        out.push(rolls, std::move(roll));
    }
    return out.object("seed", c.secondary->seed, "region", c.secondary->region, "rolls", std::move(rolls));
}

io::JsonValue forcesToJson(const Campaign& c, JsonOut& out)
{
    auto name = [&](SquareRef q) { return squareName(c.grid, q); };
    JsonValue forces = out.array();
    for (const CampaignForce& f : c.forces) {
        JsonValue force = out.object("id", f.id, "side", f.side.str(), "name", f.name, "square", name(f.square), "infantry", f.infantry,
            "cavalry", f.cavalry, "artillery", f.artillery, "deployed", f.deployed);
        if (!f.route.empty()) { // written only when set
            JsonValue route = out.array();
            for (SquareRef q : f.route)
                out.push(route, name(q));
            out.set(force, "route", std::move(route));
        }
        out.push(forces, std::move(force));
    }
    return forces;
}

} // namespace

io::JsonValue campaignToJson(const Campaign& c, JsonOut& out)
{
    auto name = [&](SquareRef q) { return squareName(c.grid, q); };
    JsonValue campaign = out.object("grid", gridToJson(c.grid, out));
    if (!(c.thresholds == CoverThresholds{}))
        out.set(campaign, "thresholds", out.object("whole", c.thresholds.whole, "half", c.thresholds.half));
    if (!c.derived.empty())
        out.set(campaign, "derived", derivedToJson(c, out));
    if (!c.overrides.empty()) {
        JsonValue overrides = out.array();
        for (const CoverOverride& o : c.overrides) {
            JsonValue item = out.object("square", name(o.square), "class", o.terrainClass, "cover", toString(o.cover));
            if (!o.note.empty())
                out.set(item, "note", o.note);
            out.push(overrides, std::move(item));
        }
        out.set(campaign, "overrides", std::move(overrides));
    }
    if (!c.tableSquares.empty()) {
        JsonValue squares = out.array();
        for (SquareRef q : c.tableSquares)
            out.push(squares, name(q));
        out.set(campaign, "table_squares", std::move(squares));
    }
    if (c.secondary)
        out.set(campaign, "secondary", secondaryToJson(c, out));
    if (!c.forces.empty())
        out.set(campaign, "forces", forcesToJson(c, out));
    if (c.stackingLimit)
        out.set(campaign, "stacking_limit", *c.stackingLimit);
    if (!c.objectives.empty()) {
        JsonValue objectives = out.array();
        for (const Objective& o : c.objectives) {
            JsonValue item = out.object("id", o.id, "name", o.name, "kind", toString(o.kind), "square", name(o.square), "points", o.points);
            if (o.side)
                out.set(item, "side", o.side->str());
            out.push(objectives, std::move(item));
        }
        out.set(campaign, "objectives", std::move(objectives));
    }
    if (!(c.clock == CampaignClock{}))
        out.set(campaign, "clock", out.object("turn_minutes", c.clock.turnMinutes, "start", clockText(c.clock.startMinute),
                                       "end_of_daylight", clockText(c.clock.endOfDaylightMinute)));
    if (!c.intelligence.empty()) {
        JsonValue intelligence = out.array();
        for (const StartingIntelligence& i : c.intelligence)
            out.push(intelligence, out.object("side", i.side.str(), "seen_forces", i.seenForces, "told", i.told));
        out.set(campaign, "intelligence", std::move(intelligence));
    }
    return campaign;
}

namespace {

CampaignGrid gridFromJson(JsonIn grid)
{
    CampaignGrid g;
    g.squareSize = grid.numberOr("square_size", kMileMetres);
    g.origin = {grid.at("origin").at(std::size_t{0}).number(), grid.at("origin").at(std::size_t{1}).number()};
    g.rows = grid.at("rows").integer32();
    g.columns = grid.at("columns").integer32();
    g.rotation = grid.numberOr("rotation", 0.0);
    g.numbering = gridNumberingFromString(grid.stringOr("numbering", "letter-number"));
    g.startNumber = grid.intOr("start_number", 1);
    if (grid.contains("leading_zeros"))
        g.leadingZeros = grid.at("leading_zeros").boolean();
    g.descendingRows = grid.boolOr("descending_rows", false);
    checkGrid(g);
    return g;
}

SquareTerrain squareTerrainFromJson(const CampaignGrid& g, JsonIn t)
{
    SquareTerrain st;
    st.square = parseSquareName(g, t.at("square").string());
    if (t.contains("coverage"))
        for (const auto& [cls, fraction] : t.at("coverage").members())
            st.coverage.emplace_back(cls, fraction.number());
    for (const JsonIn& l : t.itemsOf("lines")) {
        SquareLine line;
        line.feature = FeatureId(l.at("feature").string());
        line.terrainClass = l.at("class").string();
        line.grade = l.stringOr("grade", "");
        for (const std::string& e : l.stringsOf("edges"))
            line.edges.push_back(edgeFromString(e));
        line.length = l.numberOr("length_m", 0.0);
        st.lines.push_back(std::move(line));
    }
    for (const JsonIn& x : t.itemsOf("crossings")) {
        SquareCrossing crossing{FeatureId(x.at("feature").string()), x.at("class").string(), std::nullopt};
        if (x.contains("edge") && !x.at("edge").isNull())
            crossing.edge = edgeFromString(x.at("edge").string());
        st.crossings.push_back(std::move(crossing));
    }
    return st;
}

SecondaryTerrain secondaryFromJson(const CampaignGrid& g, JsonIn s)
{
    auto square = [&](JsonIn text) { return parseSquareName(g, text.string()); };
    SecondaryTerrain secondary;
    secondary.seed = s.at("seed").unsignedInteger();
    secondary.region = s.at("region").string();
    for (const JsonIn& r : s.itemsOf("rolls")) {
        SecondaryRoll roll;
        roll.square = square(r.at("square"));
        roll.d10 = r.at("d10").integer32();
        roll.result = r.at("result").string();
        for (const JsonIn& d : r.itemsOf("d6"))
            roll.d6.push_back(d.integer32());
        roll.detail = r.stringOr("detail", "");
        if (r.contains("stream_to"))
            roll.streamTo = square(r.at("stream_to"));
        if (r.contains("stream_edge"))
            roll.streamEdge = edgeFromString(r.at("stream_edge").string());
        if (r.contains("edge_die"))
            roll.edgeDie = r.at("edge_die").integer32();
        secondary.rolls.push_back(std::move(roll));
    }
    return secondary;
}

} // namespace

Campaign campaignFromJson(JsonIn j)
{
    Campaign c;
    c.grid = gridFromJson(j.at("grid"));
    const CampaignGrid& g = c.grid;
    auto square = [&](JsonIn text) { return parseSquareName(g, text.string()); };
    if (j.contains("thresholds")) {
        c.thresholds.whole = j.at("thresholds").at("whole").number();
        c.thresholds.half = j.at("thresholds").at("half").number();
        if (!(c.thresholds.half > 0 && c.thresholds.half <= c.thresholds.whole && c.thresholds.whole <= 1))
            throw std::invalid_argument(_("cover thresholds must satisfy 0 < half <= whole <= 1"));
    }
    for (const JsonIn& t : j.itemsOf("derived"))
        c.derived.push_back(squareTerrainFromJson(g, t));
    for (const JsonIn& o : j.itemsOf("overrides"))
        c.overrides.push_back(CoverOverride{square(o.at("square")), o.at("class").string(), coverFromString(o.at("cover").string()),
            o.stringOr("note", "")});
    for (const JsonIn& q : j.itemsOf("table_squares"))
        c.tableSquares.push_back(square(q));
    if (j.contains("secondary"))
        c.secondary = secondaryFromJson(g, j.at("secondary"));
    for (const JsonIn& f : j.itemsOf("forces")) {
        c.forces.push_back(CampaignForce{f.at("id").string(), SideId(f.at("side").string()), f.stringOr("name", ""), square(f.at("square")),
            f.intOr("infantry", 0), f.intOr("cavalry", 0), f.intOr("artillery", 0), f.boolOr("deployed", false)});
        for (const JsonIn& q : f.itemsOf("route"))
            c.forces.back().route.push_back(square(q));
    }
    if (j.contains("stacking_limit"))
        c.stackingLimit = j.at("stacking_limit").integer32();
    for (const JsonIn& o : j.itemsOf("objectives")) {
        Objective objective{o.at("id").string(), o.stringOr("name", ""), objectiveKindFromString(o.at("kind").string()), square(o.at("square")),
            o.intOr("points", 1), std::nullopt};
        if (o.contains("side"))
            objective.side = SideId(o.at("side").string());
        c.objectives.push_back(std::move(objective));
    }
    if (j.contains("clock")) {
        const JsonIn k = j.at("clock");
        c.clock.turnMinutes = k.intOr("turn_minutes", 60);
        c.clock.startMinute = clockMinutes(k.stringOr("start", "06:00"));
        c.clock.endOfDaylightMinute = clockMinutes(k.stringOr("end_of_daylight", "20:00"));
    }
    for (const JsonIn& i : j.itemsOf("intelligence"))
        c.intelligence.push_back(StartingIntelligence{SideId(i.at("side").string()), i.stringsOf("seen_forces"), i.stringOr("told", "")});
    return c;
}

} // namespace sandtable::core::io::detail
