// SPDX-License-Identifier: GPL-3.0-or-later
// Mapping between the Scenario value and its versioned JSON document (RapidJSON both ways).
#include "sandtable/core/io/scenario_json.hpp"

#include "campaign_json.hpp"
#include "json_in.hpp"
#include "scenario_members.hpp"
#include "table_battles_json.hpp"
#include "sandtable/core/systems/syw_miniatures/rules.hpp"
#include "sandtable/core/util/error.hpp"

#include <stdexcept>
#include <utility>

namespace sandtable::core::io {
namespace {

using detail::JsonIn;

JsonValue coordinateToJson(Coordinate c, JsonOut& out) { return out.array(c.x, c.y); }
Coordinate coordinateFromJson(JsonIn j) { return {j.at(std::size_t{0}).number(), j.at(std::size_t{1}).number()}; }

JsonValue ringToJson(const std::vector<Coordinate>& ring, JsonOut& out)
{
    JsonValue array = out.array();
    array.Reserve(static_cast<rapidjson::SizeType>(ring.size()), out.allocator());
    for (Coordinate c : ring)
        out.push(array, coordinateToJson(c, out));
    return array;
}

JsonValue partToJson(GeometryType type, const std::vector<std::vector<Coordinate>>& part, JsonOut& out)
{
    if (dimension(type) == 0)
        return coordinateToJson(part.at(0).at(0), out);
    if (dimension(type) == 1)
        return ringToJson(part.at(0), out);
    JsonValue rings = out.array();
    for (const auto& ring : part)
        out.push(rings, ringToJson(ring, out));
    return rings;
}

bool isMulti(GeometryType type)
{
    return type == GeometryType::MultiPoint || type == GeometryType::MultiLineString || type == GeometryType::MultiPolygon;
}

/// GeoJSON geometry object of a Geometry (coordinates in the working CRS, metres).
JsonValue geometryToJson(const Geometry& geometry, JsonOut& out)
{
    JsonValue coordinates;
    if (isMulti(geometry.type)) {
        coordinates = out.array();
        const GeometryType single = static_cast<GeometryType>(static_cast<int>(geometry.type) - 3);
        for (const auto& part : geometry.parts)
            out.push(coordinates, partToJson(single, part, out));
    } else {
        coordinates = partToJson(geometry.type, geometry.parts.at(0), out);
    }
    return out.object("type", toString(geometry.type), "coordinates", std::move(coordinates));
}

JsonValue georeferenceToJson(const Georeference& g, JsonOut& out)
{
    JsonValue gcps = out.array();
    for (const Gcp& gcp : g.gcps)
        out.push(gcps, out.object("id", gcp.id, "pixel", gcp.pixel, "line", gcp.line, "map_x", gcp.mapX, "map_y", gcp.mapY, "enabled",
                           gcp.enabled));
    JsonValue georeference = out.object("gcp_crs", g.gcpCrs, "method", toString(g.method), "crs", g.crs, "gcps", std::move(gcps),
        "transform", g.transform);
    if (g.rmsMap)
        out.set(georeference, "rms_map", *g.rmsMap);
    if (g.rmsPixels)
        out.set(georeference, "rms_px", *g.rmsPixels);
    return georeference;
}

Georeference georeferenceFromJson(JsonIn j)
{
    Georeference g;
    g.gcpCrs = j.stringOr("gcp_crs", "");
    g.method = georeferenceMethodFromString(j.at("method").string());
    g.crs = j.stringOr("crs", "");
    for (const JsonIn& gj : j.at("gcps").items())
        g.gcps.push_back(Gcp{gj.at("id").integer32(), gj.at("pixel").number(), gj.at("line").number(), gj.at("map_x").number(),
            gj.at("map_y").number(), gj.boolOr("enabled", true)});
    for (const JsonIn& t : j.itemsOf("transform"))
        g.transform.push_back(t.number());
    if (j.contains("rms_map"))
        g.rmsMap = j.at("rms_map").number();
    if (j.contains("rms_px"))
        g.rmsPixels = j.at("rms_px").number();
    return g;
}

JsonValue figuresToJson(const SywFigures& f, JsonOut& out)
{
    JsonValue figures = out.object();
    for (const systems::syw_miniatures::FigureKind& kind : systems::syw_miniatures::figureKinds())
        if (f.*(kind.count) != 0)
            out.set(figures, kind.key, f.*(kind.count));
    return figures;
}

SywFigures figuresFromJson(JsonIn j)
{
    SywFigures f;
    for (const systems::syw_miniatures::FigureKind& kind : systems::syw_miniatures::figureKinds())
        f.*(kind.count) = j.intOr(kind.key, 0);
    return f;
}

JsonValue arrivalToJson(const Arrival& a, JsonOut& out)
{
    JsonValue arrival = out.object("day", a.day);
    if (a.turn == kNightTurn)
        out.set(arrival, "turn", "night");
    else
        out.set(arrival, "turn", a.turn);
    if (a.entry)
        out.set(arrival, "entry", coordinateToJson(*a.entry, out));
    if (a.road)
        out.set(arrival, "road", a.road->str());
    return arrival;
}

Arrival arrivalFromJson(JsonIn j)
{
    Arrival a;
    a.day = j.intOr("day", 1);
    const JsonIn turn = j.at("turn");
    a.turn = turn.isString() ? kNightTurn : turn.integer32();
    if (j.contains("entry"))
        a.entry = coordinateFromJson(j.at("entry"));
    if (j.contains("road"))
        a.road = FeatureId(j.at("road").string());
    return a;
}

/// Pub Battles set-up settings as the "setup" member; null when none is set (older files keep their bytes).
JsonValue setupToJson(const ScenarioSettings& st, JsonOut& out)
{
    JsonValue setup = out.object();
    const auto optional = [&](const char* key, const auto& value) {
        if (value)
            out.set(setup, key, *value);
    };
    optional("start_day", st.startDay);
    optional("start_turn", st.startTurn);
    optional("days", st.days);
    optional("baggage_packed", st.baggagePacked);
    if (!st.cavalryTypes.empty()) {
        // A type without effects stays a plain name, as documents before effects wrote it.
        JsonValue types = out.array();
        for (const CavalryType& t : st.cavalryTypes)
            out.push(types, t.effects.empty() ? out.value(t.name) : out.object("name", t.name, "effects", t.effects));
        out.set(setup, "cavalry_types", std::move(types));
    }
    if (st.combatOrderSide)
        out.set(setup, "combat_order_side", st.combatOrderSide->str());
    if (!st.specialRules.empty())
        out.set(setup, "special_rules", st.specialRules);
    optional("block_length_mm", st.blockLengthMm);
    optional("block_depth_mm", st.blockDepthMm);
    optional("sticker_width_mm", st.stickerWidthMm);
    optional("sticker_height_mm", st.stickerHeightMm);
    optional("route_column_length_mm", st.routeColumnLengthMm);
    return setup.ObjectEmpty() ? JsonValue() : std::move(setup);
}

void setupFromJson(JsonIn j, ScenarioSettings& st)
{
    const auto optionalInt = [&](const char* key, std::optional<int>& into) {
        if (j.contains(key))
            into = j.at(key).integer32();
    };
    const auto optionalNumber = [&](const char* key, std::optional<double>& into) {
        if (j.contains(key))
            into = j.at(key).number();
    };
    optionalInt("start_day", st.startDay);
    optionalInt("start_turn", st.startTurn);
    optionalInt("days", st.days);
    if (j.contains("baggage_packed"))
        st.baggagePacked = j.at("baggage_packed").boolean();
    for (const JsonIn& t : j.itemsOf("cavalry_types"))
        st.cavalryTypes.push_back(t.isString() ? CavalryType{t.string()} : CavalryType{t.at("name").string(), t.stringOr("effects", "")});
    if (j.contains("combat_order_side"))
        st.combatOrderSide = SideId(j.at("combat_order_side").string());
    st.specialRules = j.stringOr("special_rules", "");
    optionalNumber("block_length_mm", st.blockLengthMm);
    optionalNumber("block_depth_mm", st.blockDepthMm);
    optionalNumber("sticker_width_mm", st.stickerWidthMm);
    optionalNumber("sticker_height_mm", st.stickerHeightMm);
    optionalNumber("route_column_length_mm", st.routeColumnLengthMm);
}

/// SYW house-rules settings as the "syw" member; null when none is set.
JsonValue sywToJson(const ScenarioSettings& st, JsonOut& out)
{
    JsonValue syw = out.object();
    if (st.attacker)
        out.set(syw, "attacker", st.attacker->str());
    if (st.defender)
        out.set(syw, "defender", st.defender->str());
    if (st.tableWidthCm)
        out.set(syw, "table_width_cm", *st.tableWidthCm);
    if (st.tableDepthCm)
        out.set(syw, "table_depth_cm", *st.tableDepthCm);
    if (!st.sectors.empty()) {
        JsonValue sectors = out.array();
        for (const TableSector& t : st.sectors)
            out.push(sectors, out.object("id", t.id, "name", t.name, "rect_cm", out.array(t.minXCm, t.minYCm, t.maxXCm, t.maxYCm)));
        out.set(syw, "sectors", std::move(sectors));
    }
    return syw.ObjectEmpty() ? JsonValue() : std::move(syw);
}

void sywFromJson(JsonIn j, ScenarioSettings& st)
{
    if (j.contains("attacker"))
        st.attacker = SideId(j.at("attacker").string());
    if (j.contains("defender"))
        st.defender = SideId(j.at("defender").string());
    if (j.contains("table_width_cm"))
        st.tableWidthCm = j.at("table_width_cm").number();
    if (j.contains("table_depth_cm"))
        st.tableDepthCm = j.at("table_depth_cm").number();
    for (const JsonIn& t : j.itemsOf("sectors")) {
        const JsonIn r = t.at("rect_cm");
        st.sectors.push_back(TableSector{t.at("id").string(), t.stringOr("name", ""), r.at(std::size_t{0}).number(),
            r.at(std::size_t{1}).number(), r.at(std::size_t{2}).number(), r.at(std::size_t{3}).number()});
    }
}

JsonValue unitToJson(const Unit& u, JsonOut& out)
{
    JsonValue unit = out.object("id", u.id.str(), "formation", u.formation.str(), "name", u.name, "type", toString(u.type), "quality",
        toString(u.quality), "strength", u.strength);
    if (u.command)
        out.set(unit, "command", *u.command);
    if (u.placement)
        out.set(unit, "placement", out.object("x", u.placement->position.x, "y", u.placement->position.y, "facing", u.placement->facing,
                                       "column", u.placement->column));
    if (u.status)
        out.set(unit, "status", toString(*u.status));
    if (u.reserve)
        out.set(unit, "reserve", u.reserve->str());
    if (u.arrival)
        out.set(unit, "arrival", arrivalToJson(*u.arrival, out));
    if (u.figures)
        out.set(unit, "figures", figuresToJson(*u.figures, out));
    if (u.block)
        out.set(unit, "block", true);
    return unit;
}

Unit unitFromJson(JsonIn j)
{
    Unit u;
    u.id = UnitId(j.at("id").string());
    u.formation = FormationId(j.at("formation").string());
    u.name = j.stringOr("name", "");
    u.type = unitTypeFromString(j.at("type").string());
    u.quality = unitQualityFromString(j.stringOr("quality", "regular"));
    u.strength = j.intOr("strength", 0);
    if (j.contains("command"))
        u.command = j.at("command").integer32();
    if (j.contains("placement")) {
        const JsonIn p = j.at("placement");
        u.placement = Placement{{p.at("x").number(), p.at("y").number()}, p.numberOr("facing", 0.0), p.boolOr("column", false)};
    }
    if (j.contains("status"))
        u.status = unitStatusFromString(j.at("status").string());
    if (j.contains("reserve"))
        u.reserve = UnitId(j.at("reserve").string());
    if (j.contains("arrival"))
        u.arrival = arrivalFromJson(j.at("arrival"));
    if (j.contains("figures"))
        u.figures = figuresFromJson(j.at("figures"));
    u.block = j.boolOr("block", false);
    return u;
}

JsonValue mapToJson(const MapSource& m, JsonOut& out)
{
    JsonValue map = out.object("path", m.path, "sha256", m.sha256, "width", m.width, "height", m.height);
    if (m.georeference)
        out.set(map, "georeference", georeferenceToJson(*m.georeference, out));
    if (!m.warpedPath.empty())
        out.set(map, "warped_path", m.warpedPath);
    // Written only when there are some, so documents without places keep their bytes.
    if (!m.places.empty()) {
        JsonValue places = out.array();
        for (const ScanPlace& place : m.places) {
            JsonValue pixels = out.array();
            for (const Coordinate& c : place.pixels)
                out.push(pixels, out.array(c.x, c.y));
            JsonValue one = out.object("name", place.name, "pixels", std::move(pixels));
            if (!place.note.empty())
                out.set(one, "note", place.note);
            out.push(places, std::move(one));
        }
        out.set(map, "places", std::move(places));
    }
    return map;
}

/// Reading a member: `where` is the JSON pointer named by a FormatError when it fails.
struct Reader {
    const std::string& sourceName;
    std::string where = "/";
};

MapSource mapFromJson(JsonIn m, Reader& r)
{
    MapSource map;
    map.path = m.at("path").string();
    map.sha256 = m.stringOr("sha256", "");
    map.width = m.intOr("width", 0);
    map.height = m.intOr("height", 0);
    if (m.contains("georeference"))
        map.georeference = georeferenceFromJson(m.at("georeference"));
    map.warpedPath = m.stringOr("warped_path", "");
    std::size_t k = 0;
    for (const JsonIn& p : m.itemsOf("places")) {
        r.where = "/map/places/" + std::to_string(k++);
        ScanPlace place;
        place.name = p.at("name").string();
        for (const JsonIn& xy : p.at("pixels").items())
            place.pixels.push_back(coordinateFromJson(xy));
        place.note = p.stringOr("note", "");
        map.places.push_back(std::move(place));
    }
    r.where = "/map";
    return map;
}

JsonValue referencesToJson(const std::vector<ReferenceLayer>& references, JsonOut& out)
{
    JsonValue array = out.array();
    for (const ReferenceLayer& r : references) {
        JsonValue layer = out.object("name", r.name, "path", r.path, "kind", toString(r.kind));
        if (!r.crs.empty())
            out.set(layer, "crs", r.crs);
        out.set(layer, "opacity", r.opacity);
        if (r.overScan)
            out.set(layer, "over_scan", true);
        if (r.hillshade)
            out.set(layer, "hillshade", true);
        if (!r.visible)
            out.set(layer, "visible", false);
        out.push(array, std::move(layer));
    }
    return array;
}

JsonValue sidesToJson(const std::vector<Side>& sides, JsonOut& out)
{
    JsonValue array = out.array();
    for (const Side& side : sides) {
        JsonValue one = out.object("id", side.id.str(), "name", side.name, "colour", side.colour);
        if (!side.linesOfCommunication.empty()) {
            JsonValue roads = out.array();
            for (const FeatureId& road : side.linesOfCommunication)
                out.push(roads, road.str());
            out.set(one, "lines_of_communication", std::move(roads));
        }
        if (!side.general.empty())
            out.set(one, "general", side.general);
        out.push(array, std::move(one));
    }
    return array;
}

JsonValue formationsToJson(const std::vector<Formation>& formations, JsonOut& out)
{
    JsonValue array = out.array();
    for (const Formation& f : formations) {
        JsonValue formation = out.object("id", f.id.str(), "side", f.side.str(), "name", f.name, "echelon", f.echelon);
        if (!f.chit.empty())
            out.set(formation, "chit", f.chit);
        if (f.parent)
            out.set(formation, "parent", f.parent->str());
        out.push(array, std::move(formation));
    }
    return array;
}

JsonValue terrainToJson(const std::vector<TerrainFeature>& terrain, JsonOut& out)
{
    JsonValue array = out.array();
    array.Reserve(static_cast<rapidjson::SizeType>(terrain.size()), out.allocator());
    for (const TerrainFeature& f : terrain)
        out.push(array, out.object("id", f.id.str(), "class", f.terrainClass, "name", f.name, "geometry", geometryToJson(f.geometry, out),
                            "attributes", f.attributes));
    return array;
}

/// The settings at the top of the document, in the schema's order, up to the map.
void headerToJson(const ScenarioSettings& st, JsonValue& document, JsonOut& out)
{
    out.set(document, "format", "sandtable-scenario");
    out.set(document, "version", kScenarioFormatVersion);
    out.set(document, "id", st.id);
    out.set(document, "title", st.title);
    out.set(document, "description", st.description);
    out.set(document, "system", toString(st.system));
    out.set(document, "battle", st.battle);
    out.set(document, "date", st.date);
    if (!st.language.empty())
        out.set(document, "language", st.language);
    out.set(document, "crs", st.crs);
    out.set(document, "scale", st.scaleDenominator);
    if (st.extent)
        out.set(document, "extent", out.array(st.extent->minX, st.extent->minY, st.extent->maxX, st.extent->maxY));
}

void headerFromJson(JsonIn j, ScenarioSettings& st)
{
    st.id = j.stringOr("id", "");
    st.title = j.stringOr("title", "");
    st.description = j.stringOr("description", "");
    st.system = gameSystemFromString(j.at("system").string());
    st.battle = j.stringOr("battle", "");
    st.date = j.stringOr("date", "");
    st.language = j.stringOr("language", "");
    st.crs = j.stringOr("crs", "");
    st.scaleDenominator = j.numberOr("scale", 16000.0);
    if (j.contains("extent")) {
        const JsonIn e = j.at("extent");
        st.extent = Extent{e.at(std::size_t{0}).number(), e.at(std::size_t{1}).number(), e.at(std::size_t{2}).number(),
            e.at(std::size_t{3}).number()};
    }
}

/// The members after the terrain: sides, formations, units (the order of battle).
void orderOfBattleFromJson(JsonIn j, Scenario& s, Reader& r)
{
    std::size_t i = 0;
    for (const JsonIn& side : j.itemsOf("sides")) {
        r.where = "/sides/" + std::to_string(i++);
        Side parsed{SideId(side.at("id").string()), side.stringOr("name", ""), side.stringOr("colour", "")};
        for (const std::string& road : side.stringsOf("lines_of_communication"))
            parsed.linesOfCommunication.push_back(FeatureId(road));
        parsed.general = side.stringOr("general", "");
        s.sides.push_back(std::move(parsed));
    }
    i = 0;
    for (const JsonIn& f : j.itemsOf("formations")) {
        r.where = "/formations/" + std::to_string(i++);
        s.formations.push_back(Formation{FormationId(f.at("id").string()), SideId(f.at("side").string()), f.stringOr("name", ""),
            f.stringOr("echelon", "corps"), f.stringOr("chit", "")});
        if (f.contains("parent"))
            s.formations.back().parent = FormationId(f.at("parent").string());
    }
    i = 0;
    for (const JsonIn& u : j.itemsOf("units")) {
        r.where = "/units/" + std::to_string(i++);
        s.units.push_back(unitFromJson(u));
    }
}

void membersFromJson(JsonIn j, Scenario& s, Reader& r)
{
    ScenarioSettings& st = s.settings;
    headerFromJson(j, st);
    if (j.contains("map")) {
        r.where = "/map";
        s.map = mapFromJson(j.at("map"), r);
    }
    std::size_t i = 0;
    for (const JsonIn& ref : j.itemsOf("references")) {
        r.where = "/references/" + std::to_string(i++);
        ReferenceLayer layer;
        layer.name = ref.at("name").string();
        layer.path = ref.at("path").string();
        layer.kind = referenceKindFromString(ref.at("kind").string());
        layer.crs = ref.stringOr("crs", "");
        layer.opacity = ref.numberOr("opacity", 1.0);
        layer.overScan = ref.boolOr("over_scan", false);
        layer.hillshade = ref.boolOr("hillshade", false);
        layer.visible = ref.boolOr("visible", true);
        s.references.push_back(std::move(layer));
    }
    i = 0;
    for (const JsonIn& c : j.itemsOf("custom_terrain_classes")) {
        r.where = "/custom_terrain_classes/" + std::to_string(i++);
        s.customTerrainClasses.push_back(CustomTerrainClass{c.at("id").string(), c.stringOr("name", ""), c.stringOr("geometry", "polygon"),
            c.stringOr("effects", "")});
    }
    orderOfBattleFromJson(j, s, r);
    if (j.contains("setup")) {
        r.where = "/setup";
        setupFromJson(j.at("setup"), st);
    }
    if (j.contains("syw")) {
        r.where = "/syw";
        sywFromJson(j.at("syw"), st);
    }
    if (j.contains("table_battles")) {
        r.where = "/table_battles";
        s.tableBattles = detail::tableBattlesFromJson(j.at("table_battles"));
    }
    if (j.contains("campaign")) {
        r.where = "/campaign";
        s.campaign = detail::campaignFromJson(j.at("campaign"));
    }
}

} // namespace

JsonValue scenarioToJson(const Scenario& s, JsonOut& out)
{
    const ScenarioSettings& st = s.settings;
    JsonValue document = out.object();
    headerToJson(st, document, out);
    if (s.map)
        out.set(document, "map", mapToJson(*s.map, out));
    // Written only when there are some, so documents without reference layers keep their bytes.
    if (!s.references.empty())
        out.set(document, "references", referencesToJson(s.references, out));
    JsonValue custom = out.array();
    for (const auto& c : s.customTerrainClasses)
        out.push(custom, out.object("id", c.id, "name", c.name, "geometry", c.geometry, "effects", c.effects));
    out.set(document, "custom_terrain_classes", std::move(custom));
    out.set(document, "terrain", terrainToJson(s.terrain, out));
    out.set(document, "sides", sidesToJson(s.sides, out));
    out.set(document, "formations", formationsToJson(s.formations, out));
    JsonValue units = out.array();
    for (const auto& u : s.units)
        out.push(units, unitToJson(u, out));
    out.set(document, "units", std::move(units));
    if (JsonValue setup = setupToJson(st, out); !setup.IsNull())
        out.set(document, "setup", std::move(setup));
    if (JsonValue syw = sywToJson(st, out); !syw.IsNull())
        out.set(document, "syw", std::move(syw));
    if (s.tableBattles)
        out.set(document, "table_battles", detail::tableBattlesToJson(*s.tableBattles, out));
    if (s.campaign)
        out.set(document, "campaign", detail::campaignToJson(*s.campaign, out));
    return document;
}

std::string serializeScenario(const Scenario& scenario)
{
    JsonOut out;
    return writeJson(scenarioToJson(scenario, out), 2);
}

namespace detail {

Scenario scenarioWithoutTerrain(const JsonValue& document, const std::string& sourceName)
{
    Reader reader{sourceName};
    try {
        Scenario s;
        membersFromJson(JsonIn(document), s, reader);
        return s;
    } catch (const std::invalid_argument& e) {
        throw util::FormatError(sourceName, reader.where, e.what());
    } catch (const std::logic_error& e) { // a RapidJSON accessor on a value of another kind
        throw util::FormatError(sourceName, reader.where, e.what());
    }
}

} // namespace detail

} // namespace sandtable::core::io
