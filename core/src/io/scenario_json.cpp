// SPDX-License-Identifier: GPL-3.0-or-later
// Mapping between the Scenario value and its versioned JSON document.
#include "sandtable/core/io/scenario_json.hpp"

#include "sandtable/core/io/campaign_json.hpp"
#include "sandtable/core/io/json_writer.hpp"
#include "sandtable/core/io/table_battles_json.hpp"
#include "sandtable/core/rules/syw_miniatures.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"
#include "sandtable/core/util/limits.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace sandtable::core {
namespace {

using Json = nlohmann::ordered_json;

Json coordinateToJson(Coordinate c) { return Json::array({c.x, c.y}); }
Coordinate coordinateFromJson(const Json& j) { return {j.at(0).get<double>(), j.at(1).get<double>()}; }

Json ringToJson(const std::vector<Coordinate>& ring)
{
    Json out = Json::array();
    for (Coordinate c : ring)
        out.push_back(coordinateToJson(c));
    return out;
}

std::vector<Coordinate> ringFromJson(const Json& j)
{
    std::vector<Coordinate> ring;
    ring.reserve(j.size());
    for (const auto& c : j)
        ring.push_back(coordinateFromJson(c));
    return ring;
}

Json partToJson(GeometryType type, const std::vector<std::vector<Coordinate>>& part)
{
    if (dimension(type) == 0)
        return coordinateToJson(part.at(0).at(0));
    if (dimension(type) == 1)
        return ringToJson(part.at(0));
    Json rings = Json::array();
    for (const auto& ring : part)
        rings.push_back(ringToJson(ring));
    return rings;
}

std::vector<std::vector<Coordinate>> partFromJson(GeometryType type, const Json& j)
{
    if (dimension(type) == 0)
        return {{coordinateFromJson(j)}};
    if (dimension(type) == 1)
        return {ringFromJson(j)};
    std::vector<std::vector<Coordinate>> rings;
    for (const auto& ring : j)
        rings.push_back(ringFromJson(ring));
    return rings;
}

bool isMulti(GeometryType type)
{
    return type == GeometryType::MultiPoint || type == GeometryType::MultiLineString
        || type == GeometryType::MultiPolygon;
}

Json georeferenceToJson(const Georeference& g)
{
    Json out;
    out["gcp_crs"] = g.gcpCrs;
    out["method"] = toString(g.method);
    out["crs"] = g.crs;
    Json gcps = Json::array();
    for (const Gcp& gcp : g.gcps)
        gcps.push_back(Json{{"id", gcp.id}, {"pixel", gcp.pixel}, {"line", gcp.line}, {"map_x", gcp.mapX},
            {"map_y", gcp.mapY}, {"enabled", gcp.enabled}});
    out["gcps"] = std::move(gcps);
    out["transform"] = g.transform;
    if (g.rmsMap)
        out["rms_map"] = *g.rmsMap;
    if (g.rmsPixels)
        out["rms_px"] = *g.rmsPixels;
    return out;
}

Georeference georeferenceFromJson(const Json& j)
{
    Georeference g;
    g.gcpCrs = j.value("gcp_crs", "");
    g.method = georeferenceMethodFromString(j.at("method").get<std::string>());
    g.crs = j.value("crs", "");
    for (const auto& gj : j.at("gcps"))
        g.gcps.push_back(Gcp{gj.at("id").get<int>(), gj.at("pixel").get<double>(), gj.at("line").get<double>(),
            gj.at("map_x").get<double>(), gj.at("map_y").get<double>(), gj.value("enabled", true)});
    if (j.contains("transform"))
        g.transform = j.at("transform").get<std::vector<double>>();
    if (j.contains("rms_map"))
        g.rmsMap = j.at("rms_map").get<double>();
    if (j.contains("rms_px"))
        g.rmsPixels = j.at("rms_px").get<double>();
    return g;
}

Json figuresToJson(const SywFigures& f)
{
    Json out = Json::object();
    for (const rules::syw::FigureKind& kind : rules::syw::figureKinds())
        if (f.*(kind.count) != 0)
            out[kind.key] = f.*(kind.count);
    return out;
}

SywFigures figuresFromJson(const Json& j)
{
    SywFigures f;
    for (const rules::syw::FigureKind& kind : rules::syw::figureKinds())
        f.*(kind.count) = j.value(kind.key, 0);
    return f;
}

Json arrivalToJson(const Arrival& a)
{
    Json out{{"day", a.day}};
    if (a.turn == kNightTurn)
        out["turn"] = "night";
    else
        out["turn"] = a.turn;
    if (a.entry)
        out["entry"] = coordinateToJson(*a.entry);
    if (a.road)
        out["road"] = a.road->str();
    return out;
}

Arrival arrivalFromJson(const Json& j)
{
    Arrival a;
    a.day = j.value("day", 1);
    const Json& turn = j.at("turn");
    a.turn = turn.is_string() ? kNightTurn : turn.get<int>();
    if (j.contains("entry"))
        a.entry = coordinateFromJson(j.at("entry"));
    if (j.contains("road"))
        a.road = FeatureId(j.at("road").get<std::string>());
    return a;
}

/// Pub Battles set-up settings as the "setup" member; null when none is set (older files keep their bytes).
Json setupToJson(const ScenarioSettings& st)
{
    Json out = Json::object();
    if (st.startDay)
        out["start_day"] = *st.startDay;
    if (st.startTurn)
        out["start_turn"] = *st.startTurn;
    if (st.days)
        out["days"] = *st.days;
    if (st.baggagePacked)
        out["baggage_packed"] = *st.baggagePacked;
    if (!st.cavalryTypes.empty()) {
        // A type without effects stays a plain name, as documents before effects wrote it.
        Json types = Json::array();
        for (const CavalryType& t : st.cavalryTypes)
            types.push_back(t.effects.empty() ? Json(t.name) : Json{{"name", t.name}, {"effects", t.effects}});
        out["cavalry_types"] = std::move(types);
    }
    if (st.combatOrderSide)
        out["combat_order_side"] = st.combatOrderSide->str();
    if (!st.specialRules.empty())
        out["special_rules"] = st.specialRules;
    if (st.blockLengthMm)
        out["block_length_mm"] = *st.blockLengthMm;
    if (st.blockDepthMm)
        out["block_depth_mm"] = *st.blockDepthMm;
    if (st.stickerWidthMm)
        out["sticker_width_mm"] = *st.stickerWidthMm;
    if (st.stickerHeightMm)
        out["sticker_height_mm"] = *st.stickerHeightMm;
    if (st.routeColumnLengthMm)
        out["route_column_length_mm"] = *st.routeColumnLengthMm;
    return out.empty() ? Json() : out;
}

void setupFromJson(const Json& j, ScenarioSettings& st)
{
    if (j.contains("start_day"))
        st.startDay = j.at("start_day").get<int>();
    if (j.contains("start_turn"))
        st.startTurn = j.at("start_turn").get<int>();
    if (j.contains("days"))
        st.days = j.at("days").get<int>();
    if (j.contains("baggage_packed"))
        st.baggagePacked = j.at("baggage_packed").get<bool>();
    if (j.contains("cavalry_types"))
        for (const Json& t : j.at("cavalry_types"))
            st.cavalryTypes.push_back(t.is_string() ? CavalryType{t.get<std::string>()}
                                                    : CavalryType{t.at("name").get<std::string>(), t.value("effects", "")});
    if (j.contains("combat_order_side"))
        st.combatOrderSide = SideId(j.at("combat_order_side").get<std::string>());
    st.specialRules = j.value("special_rules", "");
    if (j.contains("block_length_mm"))
        st.blockLengthMm = j.at("block_length_mm").get<double>();
    if (j.contains("block_depth_mm"))
        st.blockDepthMm = j.at("block_depth_mm").get<double>();
    if (j.contains("sticker_width_mm"))
        st.stickerWidthMm = j.at("sticker_width_mm").get<double>();
    if (j.contains("sticker_height_mm"))
        st.stickerHeightMm = j.at("sticker_height_mm").get<double>();
    if (j.contains("route_column_length_mm"))
        st.routeColumnLengthMm = j.at("route_column_length_mm").get<double>();
}

/// SYW house-rules settings as the "syw" member; null when none is set.
Json sywToJson(const ScenarioSettings& st)
{
    Json out = Json::object();
    if (st.attacker)
        out["attacker"] = st.attacker->str();
    if (st.defender)
        out["defender"] = st.defender->str();
    if (st.tableWidthCm)
        out["table_width_cm"] = *st.tableWidthCm;
    if (st.tableDepthCm)
        out["table_depth_cm"] = *st.tableDepthCm;
    if (!st.sectors.empty()) {
        Json sectors = Json::array();
        for (const TableSector& t : st.sectors)
            sectors.push_back(Json{{"id", t.id}, {"name", t.name},
                {"rect_cm", Json::array({t.minXCm, t.minYCm, t.maxXCm, t.maxYCm})}});
        out["sectors"] = std::move(sectors);
    }
    return out.empty() ? Json() : out;
}

void sywFromJson(const Json& j, ScenarioSettings& st)
{
    if (j.contains("attacker"))
        st.attacker = SideId(j.at("attacker").get<std::string>());
    if (j.contains("defender"))
        st.defender = SideId(j.at("defender").get<std::string>());
    if (j.contains("table_width_cm"))
        st.tableWidthCm = j.at("table_width_cm").get<double>();
    if (j.contains("table_depth_cm"))
        st.tableDepthCm = j.at("table_depth_cm").get<double>();
    for (const auto& t : j.value("sectors", Json::array())) {
        const Json& r = t.at("rect_cm");
        st.sectors.push_back(TableSector{t.at("id").get<std::string>(), t.value("name", ""), r.at(0).get<double>(),
            r.at(1).get<double>(), r.at(2).get<double>(), r.at(3).get<double>()});
    }
}

Json unitToJson(const Unit& u)
{
    Json out{{"id", u.id.str()}, {"formation", u.formation.str()}, {"name", u.name}, {"type", toString(u.type)},
        {"quality", toString(u.quality)}, {"strength", u.strength}};
    if (u.command)
        out["command"] = *u.command;
    if (u.placement)
        out["placement"] = Json{{"x", u.placement->position.x}, {"y", u.placement->position.y},
            {"facing", u.placement->facing}, {"column", u.placement->column}};
    if (u.status)
        out["status"] = toString(*u.status);
    if (u.reserve)
        out["reserve"] = u.reserve->str();
    if (u.arrival)
        out["arrival"] = arrivalToJson(*u.arrival);
    if (u.figures)
        out["figures"] = figuresToJson(*u.figures);
    if (u.block)
        out["block"] = true;
    return out;
}

Unit unitFromJson(const Json& j)
{
    Unit u;
    u.id = UnitId(j.at("id").get<std::string>());
    u.formation = FormationId(j.at("formation").get<std::string>());
    u.name = j.value("name", "");
    u.type = unitTypeFromString(j.at("type").get<std::string>());
    u.quality = unitQualityFromString(j.value("quality", "regular"));
    u.strength = j.value("strength", 0);
    if (j.contains("command"))
        u.command = j.at("command").get<int>();
    if (j.contains("placement")) {
        const Json& p = j.at("placement");
        u.placement = Placement{{p.at("x").get<double>(), p.at("y").get<double>()}, p.value("facing", 0.0),
            p.value("column", false)};
    }
    if (j.contains("status"))
        u.status = unitStatusFromString(j.at("status").get<std::string>());
    if (j.contains("reserve"))
        u.reserve = UnitId(j.at("reserve").get<std::string>());
    if (j.contains("arrival"))
        u.arrival = arrivalFromJson(j.at("arrival"));
    if (j.contains("figures"))
        u.figures = figuresFromJson(j.at("figures"));
    u.block = j.value("block", false);
    return u;
}

} // namespace

Json geometryToJson(const Geometry& geometry)
{
    Json coordinates;
    if (isMulti(geometry.type)) {
        coordinates = Json::array();
        const GeometryType single = static_cast<GeometryType>(static_cast<int>(geometry.type) - 3);
        for (const auto& part : geometry.parts)
            coordinates.push_back(partToJson(single, part));
    } else {
        coordinates = partToJson(geometry.type, geometry.parts.at(0));
    }
    return Json{{"type", toString(geometry.type)}, {"coordinates", std::move(coordinates)}};
}

/// Vertices a GeoJSON coordinates member holds (positions: arrays of numbers), counted before any is copied.
std::size_t countPositions(const Json& j)
{
    if (!j.is_array() || j.empty())
        return 0;
    if (!j.front().is_array())
        return 1;
    std::size_t n = 0;
    for (const auto& item : j)
        n += countPositions(item);
    return n;
}

Geometry geometryFromJson(const Json& j)
{
    Geometry g;
    g.type = geometryTypeFromString(j.at("type").get<std::string>());
    const Json& coordinates = j.at("coordinates");
    if (const std::size_t n = countPositions(coordinates); n > limits::kMaxVerticesPerGeometry)
        throw std::invalid_argument(i18n::format(_("the geometry has {1} vertices, which {2}"), {std::to_string(n),
            limits::limitMessage("kMaxVerticesPerGeometry", limits::kMaxVerticesPerGeometry, N_("vertices"))}));
    if (isMulti(g.type)) {
        const GeometryType single = static_cast<GeometryType>(static_cast<int>(g.type) - 3);
        for (const auto& part : coordinates)
            g.parts.push_back(partFromJson(single, part));
    } else {
        g.parts.push_back(partFromJson(g.type, coordinates));
    }
    return g;
}

Json scenarioToJson(const Scenario& s)
{
    const ScenarioSettings& st = s.settings;
    Json out;
    out["format"] = "sandtable-scenario";
    out["version"] = kScenarioFormatVersion;
    out["id"] = st.id;
    out["title"] = st.title;
    out["description"] = st.description;
    out["system"] = toString(st.system);
    out["battle"] = st.battle;
    out["date"] = st.date;
    if (!st.language.empty())
        out["language"] = st.language;
    out["crs"] = st.crs;
    out["scale"] = st.scaleDenominator;
    if (st.extent)
        out["extent"] = Json::array({st.extent->minX, st.extent->minY, st.extent->maxX, st.extent->maxY});
    if (s.map) {
        Json map{{"path", s.map->path}, {"sha256", s.map->sha256}, {"width", s.map->width},
            {"height", s.map->height}};
        if (s.map->georeference)
            map["georeference"] = georeferenceToJson(*s.map->georeference);
        if (!s.map->warpedPath.empty())
            map["warped_path"] = s.map->warpedPath;
        // Written only when there are some, so documents without places keep their bytes.
        if (!s.map->places.empty()) {
            Json places = Json::array();
            for (const ScanPlace& place : s.map->places) {
                Json pixels = Json::array();
                for (const Coordinate& c : place.pixels)
                    pixels.push_back(Json::array({c.x, c.y}));
                Json one{{"name", place.name}, {"pixels", std::move(pixels)}};
                if (!place.note.empty())
                    one["note"] = place.note;
                places.push_back(std::move(one));
            }
            map["places"] = std::move(places);
        }
        out["map"] = std::move(map);
    }
    // Written only when there are some, so documents without reference layers keep their bytes.
    if (!s.references.empty()) {
        Json references = Json::array();
        for (const ReferenceLayer& r : s.references) {
            Json layer{{"name", r.name}, {"path", r.path}, {"kind", toString(r.kind)}};
            if (!r.crs.empty())
                layer["crs"] = r.crs;
            layer["opacity"] = r.opacity;
            if (r.overScan)
                layer["over_scan"] = true;
            if (r.hillshade)
                layer["hillshade"] = true;
            if (!r.visible)
                layer["visible"] = false;
            references.push_back(std::move(layer));
        }
        out["references"] = std::move(references);
    }
    Json custom = Json::array();
    for (const auto& c : s.customTerrainClasses)
        custom.push_back(Json{{"id", c.id}, {"name", c.name}, {"geometry", c.geometry}, {"effects", c.effects}});
    out["custom_terrain_classes"] = std::move(custom);
    Json terrain = Json::array();
    for (const auto& f : s.terrain)
        terrain.push_back(Json{{"id", f.id.str()}, {"class", f.terrainClass}, {"name", f.name},
            {"geometry", geometryToJson(f.geometry)}, {"attributes", f.attributes}});
    out["terrain"] = std::move(terrain);
    Json sides = Json::array();
    for (const auto& side : s.sides)
    {
        Json sideJson{{"id", side.id.str()}, {"name", side.name}, {"colour", side.colour}};
        if (!side.linesOfCommunication.empty()) {
            Json roads = Json::array();
            for (const FeatureId& road : side.linesOfCommunication)
                roads.push_back(road.str());
            sideJson["lines_of_communication"] = std::move(roads);
        }
        if (!side.general.empty())
            sideJson["general"] = side.general;
        sides.push_back(std::move(sideJson));
    }
    out["sides"] = std::move(sides);
    Json formations = Json::array();
    for (const auto& f : s.formations)
    {
        Json formation{{"id", f.id.str()}, {"side", f.side.str()}, {"name", f.name}, {"echelon", f.echelon}};
        if (!f.chit.empty())
            formation["chit"] = f.chit;
        if (f.parent)
            formation["parent"] = f.parent->str();
        formations.push_back(std::move(formation));
    }
    out["formations"] = std::move(formations);
    Json units = Json::array();
    for (const auto& u : s.units)
        units.push_back(unitToJson(u));
    out["units"] = std::move(units);
    if (Json setup = setupToJson(st); !setup.is_null())
        out["setup"] = std::move(setup);
    if (Json syw = sywToJson(st); !syw.is_null())
        out["syw"] = std::move(syw);
    if (s.tableBattles)
        out["table_battles"] = tableBattlesToJson(*s.tableBattles);
    if (s.campaign)
        out["campaign"] = campaignToJson(*s.campaign);
    return out;
}

Scenario scenarioFromJson(const Json& j, const std::string& sourceName)
{
    std::string where = "/";
    try {
        Scenario s;
        ScenarioSettings& st = s.settings;
        st.id = j.value("id", "");
        st.title = j.value("title", "");
        st.description = j.value("description", "");
        st.system = gameSystemFromString(j.at("system").get<std::string>());
        st.battle = j.value("battle", "");
        st.date = j.value("date", "");
        st.language = j.value("language", "");
        st.crs = j.value("crs", "");
        st.scaleDenominator = j.value("scale", 16000.0);
        if (j.contains("extent")) {
            const Json& e = j.at("extent");
            st.extent = Extent{e.at(0).get<double>(), e.at(1).get<double>(), e.at(2).get<double>(),
                e.at(3).get<double>()};
        }
        if (j.contains("map")) {
            where = "/map";
            const Json& m = j.at("map");
            MapSource map;
            map.path = m.at("path").get<std::string>();
            map.sha256 = m.value("sha256", "");
            map.width = m.value("width", 0);
            map.height = m.value("height", 0);
            if (m.contains("georeference"))
                map.georeference = georeferenceFromJson(m.at("georeference"));
            map.warpedPath = m.value("warped_path", "");
            std::size_t k = 0;
            for (const auto& p : m.value("places", Json::array())) {
                where = "/map/places/" + std::to_string(k++);
                ScanPlace place;
                place.name = p.at("name").get<std::string>();
                for (const auto& xy : p.at("pixels"))
                    place.pixels.push_back({xy.at(0).get<double>(), xy.at(1).get<double>()});
                place.note = p.value("note", "");
                map.places.push_back(std::move(place));
            }
            where = "/map";
            s.map = std::move(map);
        }
        std::size_t i = 0;
        for (const auto& r : j.value("references", Json::array())) {
            where = "/references/" + std::to_string(i++);
            ReferenceLayer layer;
            layer.name = r.at("name").get<std::string>();
            layer.path = r.at("path").get<std::string>();
            layer.kind = referenceKindFromString(r.at("kind").get<std::string>());
            layer.crs = r.value("crs", "");
            layer.opacity = r.value("opacity", 1.0);
            layer.overScan = r.value("over_scan", false);
            layer.hillshade = r.value("hillshade", false);
            layer.visible = r.value("visible", true);
            s.references.push_back(std::move(layer));
        }
        i = 0;
        for (const auto& c : j.value("custom_terrain_classes", Json::array())) {
            where = "/custom_terrain_classes/" + std::to_string(i++);
            s.customTerrainClasses.push_back(CustomTerrainClass{c.at("id").get<std::string>(), c.value("name", ""),
                c.value("geometry", "polygon"), c.value("effects", "")});
        }
        i = 0;
        std::size_t vertices = 0;
        for (const auto& f : j.value("terrain", Json::array())) {
            where = "/terrain/" + std::to_string(i++);
            if (f.contains("geometry") && f.at("geometry").contains("coordinates")) {
                vertices += countPositions(f.at("geometry").at("coordinates"));
                if (vertices > limits::kMaxVerticesPerScenario)
                    throw std::invalid_argument(i18n::format(_("the terrain reaches {1} vertices here, which {2}"),
                        {std::to_string(vertices),
                            limits::limitMessage("kMaxVerticesPerScenario", limits::kMaxVerticesPerScenario, N_("vertices"))}));
            }
            TerrainFeature feature;
            feature.id = FeatureId(f.at("id").get<std::string>());
            feature.terrainClass = f.at("class").get<std::string>();
            feature.name = f.value("name", "");
            feature.geometry = geometryFromJson(f.at("geometry"));
            feature.attributes = f.value("attributes", Json::object());
            s.terrain.push_back(std::move(feature));
        }
        i = 0;
        for (const auto& side : j.value("sides", Json::array())) {
            where = "/sides/" + std::to_string(i++);
            Side parsed{SideId(side.at("id").get<std::string>()), side.value("name", ""), side.value("colour", "")};
            for (const auto& road : side.value("lines_of_communication", Json::array()))
                parsed.linesOfCommunication.push_back(FeatureId(road.get<std::string>()));
            parsed.general = side.value("general", "");
            s.sides.push_back(std::move(parsed));
        }
        i = 0;
        for (const auto& f : j.value("formations", Json::array())) {
            where = "/formations/" + std::to_string(i++);
            s.formations.push_back(Formation{FormationId(f.at("id").get<std::string>()),
                SideId(f.at("side").get<std::string>()), f.value("name", ""), f.value("echelon", "corps"),
                f.value("chit", "")});
            if (f.contains("parent"))
                s.formations.back().parent = FormationId(f.at("parent").get<std::string>());
        }
        i = 0;
        for (const auto& u : j.value("units", Json::array())) {
            where = "/units/" + std::to_string(i++);
            s.units.push_back(unitFromJson(u));
        }
        if (j.contains("setup")) {
            where = "/setup";
            setupFromJson(j.at("setup"), st);
        }
        if (j.contains("syw")) {
            where = "/syw";
            sywFromJson(j.at("syw"), st);
        }
        if (j.contains("table_battles")) {
            where = "/table_battles";
            s.tableBattles = tableBattlesFromJson(j.at("table_battles"));
        }
        if (j.contains("campaign")) {
            where = "/campaign";
            s.campaign = campaignFromJson(j.at("campaign"));
        }
        return s;
    } catch (const nlohmann::json::exception& e) {
        throw FormatError(sourceName, where, e.what());
    } catch (const std::invalid_argument& e) {
        throw FormatError(sourceName, where, e.what());
    }
}

std::string serializeScenario(const Scenario& scenario)
{
    return writeJson(scenarioToJson(scenario), 2);
}

} // namespace sandtable::core
