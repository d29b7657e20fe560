// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the map source and its georeference.
#include "sandtable/core/document/map_operations.hpp"

#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <exception>

namespace sandtable::core::operations {
namespace {

const MapSource& mapOf(const Scenario& s)
{
    if (!s.map)
        throw OperationError("", "map", "the scenario has no map raster (add one first)");
    return *s.map;
}

Gcp& gcpOf(MapSource& map, int id)
{
    if (map.georeference)
        for (Gcp& g : map.georeference->gcps)
            if (g.id == id)
                return g;
    throw OperationError("", "GCP " + std::to_string(id), "does not exist");
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
    return mapEdit(s, "Add GCP", std::move(map), fit);
}

Edit moveGcp(const Scenario& s, int id, const GcpPosition& position, const GeoreferenceFitter& fit, std::string mergeKey)
{
    MapSource map = mapOf(s);
    place(gcpOf(map, id), position);
    return mapEdit(s, "Move GCP", std::move(map), fit, std::move(mergeKey));
}

Edit removeGcp(const Scenario& s, int id, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    gcpOf(map, id); // throws when absent
    std::erase_if(map.georeference->gcps, [id](const Gcp& g) { return g.id == id; });
    return mapEdit(s, "Delete GCP", std::move(map), fit);
}

Edit enableGcp(const Scenario& s, int id, bool enabled, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    gcpOf(map, id).enabled = enabled;
    return mapEdit(s, enabled ? "Enable GCP" : "Disable GCP", std::move(map), fit);
}

Edit setGeoreferenceMethod(const Scenario& s, GeoreferenceMethod method, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw OperationError("", "map", "has no georeference yet (add GCPs first)");
    map.georeference->method = method;
    return mapEdit(s, "Fit method", std::move(map), fit);
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
    return mapEdit(s, "Import GCPs", std::move(map), fit);
}

Edit setGcpCrs(const Scenario& s, std::string crs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw OperationError("", "map", "has no georeference yet (add GCPs first)");
    if (crs.empty())
        throw OperationError("", "GCP CRS", "is empty: name the CRS the GCPs' map coordinates are in (e.g. EPSG:4326)");
    map.georeference->gcpCrs = std::move(crs);
    return mapEdit(s, "GCP CRS", std::move(map), fit);
}

Edit setTargetCrs(const Scenario& s, std::string crs, const GeoreferenceFitter& fit)
{
    MapSource map = mapOf(s);
    if (!map.georeference)
        throw OperationError("", "map", "has no georeference yet (add GCPs first)");
    map.georeference->crs = std::move(crs);
    return mapEdit(s, "Target CRS", std::move(map), fit);
}

Edit setWarpedPath(const Scenario& s, std::string path)
{
    MapSource map = mapOf(s);
    map.warpedPath = std::move(path);
    Edit edit = mapEdit(s, "Warp scan", std::move(map), {});
    // A plain scan's scenario had no working CRS: it now works in the CRS the scan was warped into.
    if (s.settings.crs.empty() && s.map->georeference && !s.map->georeference->crs.empty()) {
        ScenarioSettings settings = s.settings;
        settings.crs = s.map->georeference->crs;
        edit.changes.push_back(SettingsChange{s.settings, std::move(settings)});
    }
    return edit;
}

} // namespace sandtable::core::operations
