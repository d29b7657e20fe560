// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the map source and its georeference.
#include "sandtable/core/document/map_operations.hpp"

#include "sandtable/core/document/edit_builder.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

namespace sandtable::core::document::operations {
namespace {

const MapSource& mapOf(const Scenario& s)
{
    if (!s.map)
        throw util::OperationError("", _("map"), _("the scenario has no map raster (add one first)"));
    return *s.map;
}

Gcp& gcpOf(MapSource& map, int id)
{
    if (map.georeference)
        for (Gcp& g : map.georeference->gcps)
            if (g.id == id)
                return g;
    throw util::OperationError("", i18n::format(_("GCP {1}"), {std::to_string(id)}), _("does not exist"));
}

void place(Gcp& g, const GcpPosition& p)
{
    g.pixel = p.pixel;
    g.line = p.line;
    g.mapX = p.mapX;
    g.mapY = p.mapY;
}

/// The one MapChange to `after`, its georeference completed and refitted; empty when nothing changes.
Edit mapEdit(const Scenario& s, std::string label, MapSource after, const GeoreferenceFitter& fit, std::string mergeKey = {})
{
    if (after.georeference) {
        Georeference& g = *after.georeference;
        if (g.crs.empty())
            g.crs = s.settings.crs;
        if (fit) {
            Georeference fitted = g;
            try {
                fit(fitted);
                g = std::move(fitted);
            } catch (const std::exception&) {
                // Too few points or a degenerate layout: the GCPs are kept with the last good transform.
            }
        }
    }
    Edit edit{std::move(label), {}, std::move(mergeKey)};
    if (s.map && *s.map == after)
        return edit;
    edit.changes.push_back(MapChange{s.map, std::move(after)});
    return edit;
}

} // namespace

int nextGcpId(const Georeference& georeference)
{
    int largest = 0;
    for (const Gcp& g : georeference.gcps)
        largest = std::max(largest, g.id);
    return largest + 1;
}

Edit addGcp(const Scenario& s, const GcpPosition& position, const std::string& defaultCrs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference) {
        Georeference g;
        g.gcpCrs = defaultCrs;
        g.crs = s.settings.crs; // empty: auto (never the GCP CRS, which may be degrees)
        map.georeference = g;
    }
    Gcp gcp;
    gcp.id = nextGcpId(*map.georeference);
    place(gcp, position);
    map.georeference->gcps.push_back(gcp);
    return mapEdit(s, _("Add GCP"), std::move(map), fit);
}

Edit moveGcp(const Scenario& s, int id, const GcpPosition& position, const GeoreferenceFitter& fit, std::string mergeKey)
{
    MapSource map = mapOf(s);
    place(gcpOf(map, id), position);
    return mapEdit(s, _("Move GCP"), std::move(map), fit, std::move(mergeKey));
}

Edit removeGcp(const Scenario& s, int id, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    gcpOf(map, id); // throws when absent
    std::erase_if(map.georeference->gcps, [id](const Gcp& g) { return g.id == id; });
    return mapEdit(s, _("Delete GCP"), std::move(map), fit);
}

Edit enableGcp(const Scenario& s, int id, bool enabled, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    gcpOf(map, id).enabled = enabled;
    return mapEdit(s, enabled ? _("Enable GCP") : _("Disable GCP"), std::move(map), fit);
}

Edit setGeoreferenceMethod(const Scenario& s, GeoreferenceMethod method, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw util::OperationError("", _("map"), _("has no georeference yet (add GCPs first)"));
    map.georeference->method = method;
    return mapEdit(s, _("Fit method"), std::move(map), fit);
}

Edit setGcps(const Scenario& s, std::vector<Gcp> gcps, const std::string& gcpCrs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference) {
        map.georeference = Georeference{};
        map.georeference->crs = s.settings.crs;
    }
    map.georeference->gcps = std::move(gcps);
    if (!gcpCrs.empty())
        map.georeference->gcpCrs = gcpCrs;
    return mapEdit(s, _("Import GCPs"), std::move(map), fit);
}

Edit setGcpCrs(const Scenario& s, std::string crs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw util::OperationError("", _("map"), _("has no georeference yet (add GCPs first)"));
    if (crs.empty())
        throw util::OperationError("", _("GCP CRS"), _("is empty: name the CRS the GCPs' map coordinates are in (e.g. EPSG:4326)"));
    map.georeference->gcpCrs = std::move(crs);
    return mapEdit(s, "GCP CRS", std::move(map), fit);
}

Edit setTargetCrs(const Scenario& s, std::string crs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw util::OperationError("", _("map"), _("has no georeference yet (add GCPs first)"));
    map.georeference->crs = std::move(crs);
    return mapEdit(s, _("Target CRS"), std::move(map), fit);
}

Edit setWarpedPath(const Scenario& s, std::string path)
{
    MapSource map = mapOf(s);
    map.warpedPath = std::move(path);
    Edit edit = mapEdit(s, _("Warp scan"), std::move(map), {});
    // A plain scan's scenario had no working CRS: it now works in the CRS the scan was warped into.
    if (s.settings.crs.empty() && s.map->georeference && !s.map->georeference->crs.empty()) {
        ScenarioSettings settings = s.settings;
        settings.crs = s.map->georeference->crs;
        edit.changes.push_back(SettingsChange{s.settings, std::move(settings)});
    }
    return edit;
}

Edit placesToTerrain(const Scenario& s, const std::string& name, const std::string& terrainClass,
    const ScanToWorking& toWorking, std::vector<FeatureId>* made)
{
    const MapSource& map = mapOf(s);
    const std::string what = "place '" + name + "'";
    const std::optional<rules::ClassGeometry> geometry = rules::classGeometry(s, terrainClass);
    if (!geometry)
        throw util::OperationError("", i18n::format(_("class '{1}'"), {terrainClass}), _("is neither a terrain class of docs/model.md nor one of the scenario's own"));
    MapSource after = map;
    after.places.clear();
    std::vector<const ScanPlace*> chosen;
    for (const ScanPlace& place : map.places)
        if (place.name == name)
            chosen.push_back(&place);
        else
            after.places.push_back(place);
    if (chosen.empty())
        throw util::OperationError("", what, _("no place on the scan has that name (see `terrain places`)"));
    EditBuilder builder(s, i18n::format(_("Make terrain of {1}"), {name}));
    for (const ScanPlace* place : chosen) {
        const bool area = place->isArea();
        if (area ? !geometry->takesPolygon() : geometry->dimension != 0)
            throw util::OperationError("", what,
                i18n::format(area ? _("is an area; class '{1}' is not drawn as a polygon")
                                  : _("is a point; class '{1}' is not drawn as a point (bridge, ford)"),
                    {terrainClass}));
        std::vector<Coordinate> ring;
        for (const Coordinate& pixel : place->pixels) {
            const Coordinate c = toWorking(pixel);
            if (!std::isfinite(c.x) || !std::isfinite(c.y))
                throw util::OperationError("", what,
                    i18n::format(_("pixel ({1}, {2}) does not map to the working CRS (outside the georeference's reach)"),
                        {i18n::formatFigure(pixel.x, 1), i18n::formatFigure(pixel.y, 1)}));
            ring.push_back(c);
        }
        TerrainFeature feature;
        feature.id = FeatureId(freshId(builder.scenario(), terrainClass));
        feature.terrainClass = terrainClass;
        feature.name = place->name;
        if (area) {
            // The exterior ring counter-clockwise (RFC 7946), whichever way the source went round it: y
            // grows downwards on the scan and upwards in the working CRS, which mirrors the orientation.
            double twiceArea = 0.0;
            for (std::size_t k = 0; k < ring.size(); ++k) {
                const Coordinate& a = ring[k];
                const Coordinate& b = ring[(k + 1) % ring.size()];
                twiceArea += a.x * b.y - b.x * a.y;
            }
            if (twiceArea < 0)
                std::reverse(ring.begin(), ring.end());
            ring.push_back(ring.front());
            feature.geometry = Geometry::polygon({std::move(ring)});
        } else {
            feature.geometry = Geometry::point(ring.front());
        }
        if (!place->note.empty())
            feature.attributes["note"] = place->note;
        if (made)
            made->push_back(feature.id);
        builder.add(addFeature(builder.scenario(), std::move(feature)));
    }
    builder.add(setMap(builder.scenario(), std::move(after)));
    // A plain scan's scenario had no working CRS: its terrain is now in the CRS the scan is fitted in.
    if (s.settings.crs.empty() && map.georeference && !map.georeference->crs.empty()) {
        ScenarioSettings settings = s.settings;
        settings.crs = map.georeference->crs;
        builder.add(setSettings(builder.scenario(), std::move(settings), _("Working CRS")));
    }
    return builder.take();
}

} // namespace sandtable::core::document::operations
