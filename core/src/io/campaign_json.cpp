// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign <-> the "campaign" object: grid, derived terrain, overrides, rolls, forces, objectives, clock.
#include "sandtable/core/io/campaign_json.hpp"

#include "sandtable/core/util/i18n.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace sandtable::core {
namespace {

using Json = nlohmann::ordered_json;

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

Json edgesToJson(const std::vector<Edge>& edges)
{
    Json out = Json::array();
    for (Edge e : edges)
        out.push_back(toString(e));
    return out;
}

} // namespace

Json campaignToJson(const Campaign& c)
{
    const CampaignGrid& g = c.grid;
    auto name = [&](SquareRef q) { return squareName(g, q); };
    Json grid{{"square_size", g.squareSize}, {"origin", Json::array({g.origin.x, g.origin.y})}, {"rows", g.rows},
        {"columns", g.columns}, {"numbering", toString(g.numbering)}};
    if (g.rotation != 0.0)
        grid["rotation"] = g.rotation;
    if (g.startNumber != 1)
        grid["start_number"] = g.startNumber;
    if (g.leadingZeros)
        grid["leading_zeros"] = *g.leadingZeros;
    if (g.descendingRows)
        grid["descending_rows"] = true;
    Json out{{"grid", std::move(grid)}};
    if (!(c.thresholds == CoverThresholds{}))
        out["thresholds"] = Json{{"whole", c.thresholds.whole}, {"half", c.thresholds.half}};
    if (!c.derived.empty()) {
        Json derived = Json::array();
        for (const SquareTerrain& t : c.derived) {
            Json square{{"square", name(t.square)}};
            Json coverage = Json::object();
            for (const auto& [cls, fraction] : t.coverage)
                coverage[cls] = fraction;
            square["coverage"] = std::move(coverage);
            if (!t.lines.empty()) {
                Json lines = Json::array();
                for (const SquareLine& l : t.lines) {
                    Json line{{"feature", l.feature.str()}, {"class", l.terrainClass}};
                    if (!l.grade.empty())
                        line["grade"] = l.grade;
                    line["edges"] = edgesToJson(l.edges);
                    line["length_m"] = l.length;
                    lines.push_back(std::move(line));
                }
                square["lines"] = std::move(lines);
            }
            if (!t.crossings.empty()) {
                Json crossings = Json::array();
                for (const SquareCrossing& x : t.crossings)
                    crossings.push_back(Json{{"feature", x.feature.str()}, {"class", x.terrainClass},
                        {"edge", x.edge ? Json(toString(*x.edge)) : Json(nullptr)}});
                square["crossings"] = std::move(crossings);
            }
            derived.push_back(std::move(square));
        }
        out["derived"] = std::move(derived);
    }
    if (!c.overrides.empty()) {
        Json overrides = Json::array();
        for (const CoverOverride& o : c.overrides) {
            Json item{{"square", name(o.square)}, {"class", o.terrainClass}, {"cover", toString(o.cover)}};
            if (!o.note.empty())
                item["note"] = o.note;
            overrides.push_back(std::move(item));
        }
        out["overrides"] = std::move(overrides);
    }
    if (!c.tableSquares.empty()) {
        Json squares = Json::array();
        for (SquareRef q : c.tableSquares)
            squares.push_back(name(q));
        out["table_squares"] = std::move(squares);
    }
    if (c.secondary) {
        Json rolls = Json::array();
        for (const SecondaryRoll& r : c.secondary->rolls) {
            Json roll{{"square", name(r.square)}, {"d10", r.d10}, {"result", r.result}};
            if (!r.d6.empty())
                roll["d6"] = r.d6;
            roll["detail"] = r.detail;
            if (r.streamTo)
                roll["stream_to"] = name(*r.streamTo);
            if (r.streamEdge)
                roll["stream_edge"] = toString(*r.streamEdge);
            if (r.edgeDie)
                roll["edge_die"] = *r.edgeDie;
            rolls.push_back(std::move(roll));
        }
        out["secondary"] = Json{{"seed", c.secondary->seed}, {"region", c.secondary->region}, {"rolls", std::move(rolls)}};
    }
    if (!c.forces.empty()) {
        Json forces = Json::array();
        for (const CampaignForce& f : c.forces) {
            Json force{{"id", f.id}, {"side", f.side.str()}, {"name", f.name}, {"square", name(f.square)},
                {"infantry", f.infantry}, {"cavalry", f.cavalry}, {"artillery", f.artillery}, {"deployed", f.deployed}};
            if (!f.route.empty()) { // written only when set
                Json route = Json::array();
                for (SquareRef q : f.route)
                    route.push_back(name(q));
                force["route"] = std::move(route);
            }
            forces.push_back(std::move(force));
        }
        out["forces"] = std::move(forces);
    }
    if (c.stackingLimit)
        out["stacking_limit"] = *c.stackingLimit;
    if (!c.objectives.empty()) {
        Json objectives = Json::array();
        for (const Objective& o : c.objectives) {
            Json item{{"id", o.id}, {"name", o.name}, {"kind", toString(o.kind)}, {"square", name(o.square)}, {"points", o.points}};
            if (o.side)
                item["side"] = o.side->str();
            objectives.push_back(std::move(item));
        }
        out["objectives"] = std::move(objectives);
    }
    if (!(c.clock == CampaignClock{}))
        out["clock"] = Json{{"turn_minutes", c.clock.turnMinutes}, {"start", clockText(c.clock.startMinute)},
            {"end_of_daylight", clockText(c.clock.endOfDaylightMinute)}};
    if (!c.intelligence.empty()) {
        Json intelligence = Json::array();
        for (const StartingIntelligence& i : c.intelligence)
            intelligence.push_back(Json{{"side", i.side.str()}, {"seen_forces", i.seenForces}, {"told", i.told}});
        out["intelligence"] = std::move(intelligence);
    }
    return out;
}

Campaign campaignFromJson(const Json& j)
{
    Campaign c;
    CampaignGrid& g = c.grid;
    const Json& grid = j.at("grid");
    g.squareSize = grid.value("square_size", kMileMetres);
    g.origin = {grid.at("origin").at(0).get<double>(), grid.at("origin").at(1).get<double>()};
    g.rows = grid.at("rows").get<int>();
    g.columns = grid.at("columns").get<int>();
    g.rotation = grid.value("rotation", 0.0);
    g.numbering = gridNumberingFromString(grid.value("numbering", "letter-number"));
    g.startNumber = grid.value("start_number", 1);
    if (grid.contains("leading_zeros"))
        g.leadingZeros = grid.at("leading_zeros").get<bool>();
    g.descendingRows = grid.value("descending_rows", false);
    checkGrid(g);
    auto square = [&](const Json& text) { return parseSquareName(g, text.get<std::string>()); };
    if (j.contains("thresholds")) {
        c.thresholds.whole = j.at("thresholds").at("whole").get<double>();
        c.thresholds.half = j.at("thresholds").at("half").get<double>();
        if (!(c.thresholds.half > 0 && c.thresholds.half <= c.thresholds.whole && c.thresholds.whole <= 1))
            throw std::invalid_argument(_("cover thresholds must satisfy 0 < half <= whole <= 1"));
    }
    for (const Json& t : j.value("derived", Json::array())) {
        SquareTerrain st;
        st.square = square(t.at("square"));
        const Json coverage = t.value("coverage", Json::object()); // items() must not outlive the object it walks
        for (const auto& [cls, fraction] : coverage.items())
            st.coverage.emplace_back(cls, fraction.get<double>());
        for (const Json& l : t.value("lines", Json::array())) {
            SquareLine line;
            line.feature = FeatureId(l.at("feature").get<std::string>());
            line.terrainClass = l.at("class").get<std::string>();
            line.grade = l.value("grade", "");
            for (const Json& e : l.value("edges", Json::array()))
                line.edges.push_back(edgeFromString(e.get<std::string>()));
            line.length = l.value("length_m", 0.0);
            st.lines.push_back(std::move(line));
        }
        for (const Json& x : t.value("crossings", Json::array())) {
            SquareCrossing crossing{FeatureId(x.at("feature").get<std::string>()), x.at("class").get<std::string>(), std::nullopt};
            if (x.contains("edge") && !x.at("edge").is_null())
                crossing.edge = edgeFromString(x.at("edge").get<std::string>());
            st.crossings.push_back(std::move(crossing));
        }
        c.derived.push_back(std::move(st));
    }
    for (const Json& o : j.value("overrides", Json::array()))
        c.overrides.push_back(CoverOverride{square(o.at("square")), o.at("class").get<std::string>(),
            coverFromString(o.at("cover").get<std::string>()), o.value("note", "")});
    for (const Json& q : j.value("table_squares", Json::array()))
        c.tableSquares.push_back(square(q));
    if (j.contains("secondary")) {
        const Json& s = j.at("secondary");
        SecondaryTerrain secondary;
        secondary.seed = s.at("seed").get<std::uint64_t>();
        secondary.region = s.at("region").get<std::string>();
        for (const Json& r : s.value("rolls", Json::array())) {
            SecondaryRoll roll;
            roll.square = square(r.at("square"));
            roll.d10 = r.at("d10").get<int>();
            roll.result = r.at("result").get<std::string>();
            roll.d6 = r.value("d6", std::vector<int>{});
            roll.detail = r.value("detail", "");
            if (r.contains("stream_to"))
                roll.streamTo = square(r.at("stream_to"));
            if (r.contains("stream_edge"))
                roll.streamEdge = edgeFromString(r.at("stream_edge").get<std::string>());
            if (r.contains("edge_die"))
                roll.edgeDie = r.at("edge_die").get<int>();
            secondary.rolls.push_back(std::move(roll));
        }
        c.secondary = std::move(secondary);
    }
    for (const Json& f : j.value("forces", Json::array())) {
        c.forces.push_back(CampaignForce{f.at("id").get<std::string>(), SideId(f.at("side").get<std::string>()), f.value("name", ""),
            square(f.at("square")), f.value("infantry", 0), f.value("cavalry", 0), f.value("artillery", 0), f.value("deployed", false)});
        for (const Json& q : f.value("route", Json::array()))
            c.forces.back().route.push_back(square(q));
    }
    if (j.contains("stacking_limit"))
        c.stackingLimit = j.at("stacking_limit").get<int>();
    for (const Json& o : j.value("objectives", Json::array())) {
        Objective objective{o.at("id").get<std::string>(), o.value("name", ""), objectiveKindFromString(o.at("kind").get<std::string>()),
            square(o.at("square")), o.value("points", 1), std::nullopt};
        if (o.contains("side"))
            objective.side = SideId(o.at("side").get<std::string>());
        c.objectives.push_back(std::move(objective));
    }
    if (j.contains("clock")) {
        const Json& k = j.at("clock");
        c.clock.turnMinutes = k.value("turn_minutes", 60);
        c.clock.startMinute = clockMinutes(k.value("start", "06:00"));
        c.clock.endOfDaylightMinute = clockMinutes(k.value("end_of_daylight", "20:00"));
    }
    for (const Json& i : j.value("intelligence", Json::array()))
        c.intelligence.push_back(StartingIntelligence{SideId(i.at("side").get<std::string>()),
            i.value("seen_forces", std::vector<std::string>{}), i.value("told", "")});
    return c;
}

} // namespace sandtable::core
