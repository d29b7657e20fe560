// SPDX-License-Identifier: GPL-3.0-or-later
// Mapping between the Scenario value and its versioned JSON document.
#include "sandtable/core/io/scenario_json.hpp"

#include "sandtable/core/io/campaign_json.hpp"
#include "sandtable/core/io/json_writer.hpp"
#include "sandtable/core/io/table_battles_json.hpp"
#include "sandtable/core/util/error.hpp"

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

Json unitToJson(const Unit& u)
{
    Json out{{"id", u.id.str()}, {"formation", u.formation.str()}, {"name", u.name}, {"type", toString(u.type)},
        {"quality", toString(u.quality)}, {"strength", u.strength}};
    if (u.command)
        out["command"] = *u.command;
    if (u.placement)
        out["placement"] = Json{{"x", u.placement->position.x}, {"y", u.placement->position.y},
            {"facing", u.placement->facing}, {"column", u.placement->column}};
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

Geometry geometryFromJson(const Json& j)
{
    Geometry g;
    g.type = geometryTypeFromString(j.at("type").get<std::string>());
    const Json& coordinates = j.at("coordinates");
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
        out["map"] = std::move(map);
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
        sides.push_back(Json{{"id", side.id.str()}, {"name", side.name}, {"colour", side.colour}});
    out["sides"] = std::move(sides);
    Json formations = Json::array();
    for (const auto& f : s.formations)
        formations.push_back(
            Json{{"id", f.id.str()}, {"side", f.side.str()}, {"name", f.name}, {"echelon", f.echelon}});
    out["formations"] = std::move(formations);
    Json units = Json::array();
    for (const auto& u : s.units)
        units.push_back(unitToJson(u));
    out["units"] = std::move(units);
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
            s.map = std::move(map);
        }
        std::size_t i = 0;
        for (const auto& c : j.value("custom_terrain_classes", Json::array())) {
            where = "/custom_terrain_classes/" + std::to_string(i++);
            s.customTerrainClasses.push_back(CustomTerrainClass{c.at("id").get<std::string>(), c.value("name", ""),
                c.value("geometry", "polygon"), c.value("effects", "")});
        }
        i = 0;
        for (const auto& f : j.value("terrain", Json::array())) {
            where = "/terrain/" + std::to_string(i++);
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
            s.sides.push_back(Side{SideId(side.at("id").get<std::string>()), side.value("name", ""),
                side.value("colour", "")});
        }
        i = 0;
        for (const auto& f : j.value("formations", Json::array())) {
            where = "/formations/" + std::to_string(i++);
            s.formations.push_back(Formation{FormationId(f.at("id").get<std::string>()),
                SideId(f.at("side").get<std::string>()), f.value("name", ""), f.value("echelon", "corps")});
        }
        i = 0;
        for (const auto& u : j.value("units", Json::array())) {
            where = "/units/" + std::to_string(i++);
            s.units.push_back(unitFromJson(u));
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
