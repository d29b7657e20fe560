// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/georef_workspace.hpp"

#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <utility>

namespace sandtable::editor::panes {
namespace {

const core::MapSource& mapOf(const core::Scenario& scenario)
{
    if (!scenario.map)
        throw core::OperationError("", "map", "the scenario has no map raster (add one first)");
    return *scenario.map;
}

core::Gcp& gcpOf(core::MapSource& map, int id)
{
    if (map.georeference) {
        for (core::Gcp& g : map.georeference->gcps)
            if (g.id == id)
                return g;
    }
    throw core::OperationError("", "GCP " + std::to_string(id), "does not exist");
}

void place(core::Gcp& g, const GcpPosition& p)
{
    g.pixel = p.pixel;
    g.line = p.line;
    g.mapX = p.mapX;
    g.mapY = p.mapY;
}

} // namespace

int nextGcpId(const core::Georeference& georeference)
{
    int largest = 0;
    for (const core::Gcp& g : georeference.gcps)
        largest = std::max(largest, g.id);
    return largest + 1;
}

core::MapSource withGcpAdded(const core::Scenario& scenario, const GcpPosition& position, const std::string& defaultCrs)
{
    core::MapSource map = mapOf(scenario);
    if (!map.georeference) {
        core::Georeference g;
        g.gcpCrs = defaultCrs;
        g.crs = defaultCrs;
        map.georeference = g;
    }
    core::Gcp gcp;
    gcp.id = nextGcpId(*map.georeference);
    place(gcp, position);
    map.georeference->gcps.push_back(gcp);
    return map;
}

core::MapSource withGcpMoved(const core::Scenario& scenario, int id, const GcpPosition& position)
{
    core::MapSource map = mapOf(scenario);
    place(gcpOf(map, id), position);
    return map;
}

core::MapSource withGcpRemoved(const core::Scenario& scenario, int id)
{
    core::MapSource map = mapOf(scenario);
    gcpOf(map, id); // throws when absent
    std::erase_if(map.georeference->gcps, [id](const core::Gcp& g) { return g.id == id; });
    return map;
}

core::MapSource withGcpEnabled(const core::Scenario& scenario, int id, bool enabled)
{
    core::MapSource map = mapOf(scenario);
    gcpOf(map, id).enabled = enabled;
    return map;
}

core::MapSource withMethod(const core::Scenario& scenario, core::GeoreferenceMethod method)
{
    core::MapSource map = mapOf(scenario);
    if (!map.georeference)
        throw core::OperationError("", "map", "has no georeference yet (add GCPs first)");
    map.georeference->method = method;
    return map;
}

core::MapSource withGcps(const core::Scenario& scenario, std::vector<core::Gcp> gcps, const std::string& gcpCrs)
{
    core::MapSource map = mapOf(scenario);
    if (!map.georeference) {
        map.georeference = core::Georeference{};
        map.georeference->crs = scenario.settings.crs.empty() ? gcpCrs : scenario.settings.crs;
    }
    map.georeference->gcps = std::move(gcps);
    if (!gcpCrs.empty())
        map.georeference->gcpCrs = gcpCrs;
    return map;
}

core::Edit mapEdit(const core::Scenario& scenario, std::string label, core::MapSource after, std::string mergeKey)
{
    core::Edit edit{std::move(label), {}, std::move(mergeKey)};
    if (scenario.map && *scenario.map == after)
        return edit; // nothing changes: an empty edit, which Document::apply ignores
    edit.changes.push_back(core::MapChange{scenario.map, std::move(after)});
    return edit;
}

std::vector<ResidualRow> worstFirst(std::vector<ResidualRow> rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const ResidualRow& a, const ResidualRow& b) {
        if (a.enabled != b.enabled)
            return a.enabled;
        if (a.residualMap != b.residualMap)
            return a.residualMap > b.residualMap;
        return a.id < b.id;
    });
    return rows;
}

ScanArrow residualArrow(const ResidualRow& row, double exaggeration)
{
    return ScanArrow{row.id, row.enabled, row.pixel, row.line,
        row.pixel + exaggeration * (row.backPixel - row.pixel), row.line + exaggeration * (row.backLine - row.line)};
}

MethodGuidance methodGuidance(core::GeoreferenceMethod method, int enabledCount)
{
    MethodGuidance out;
    out.minimum = core::minimumGcps(method);
    out.enabled = enabledCount;
    std::string layout;
    switch (method) {
    case core::GeoreferenceMethod::Helmert: layout = " (two distinct points fix scale, rotation and shift)"; break;
    case core::GeoreferenceMethod::Poly2:
    case core::GeoreferenceMethod::Poly3: layout = " (spread over the sheet, not all on one line or curve)"; break;
    default: layout = " (not all on one line)"; break;
    }
    out.needs = std::string(core::toString(method)) + " needs at least " + std::to_string(out.minimum) + " enabled GCPs" + layout;
    if (enabledCount < out.minimum) {
        const int more = out.minimum - enabledCount;
        out.shortfall = std::to_string(enabledCount) + " enabled: add " + std::to_string(more) + " more"
            + (more == 1 ? " GCP" : " GCPs") + " or enable disabled ones";
    }
    return out;
}

const std::vector<core::GeoreferenceMethod>& chooserMethods()
{
    static const std::vector<core::GeoreferenceMethod> methods{core::GeoreferenceMethod::Affine,
        core::GeoreferenceMethod::Helmert, core::GeoreferenceMethod::Poly1, core::GeoreferenceMethod::Poly2,
        core::GeoreferenceMethod::Poly3, core::GeoreferenceMethod::Tps};
    return methods;
}

} // namespace sandtable::editor::panes
