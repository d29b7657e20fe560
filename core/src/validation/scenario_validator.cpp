// SPDX-License-Identifier: GPL-3.0-or-later
// Rule checks over a schema-valid scenario (references, OOB shape, terrain classes, set-up, GCPs).
#include "sandtable/core/validation/scenario_validator.hpp"

#include "sandtable/core/geometry/geometry_ops.hpp"
#include "sandtable/core/geometry/terrain_check.hpp"
#include "sandtable/core/model/extent_overrun.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/oob/setup_checks.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/validation/campaign_validator.hpp"
#include "sandtable/core/validation/table_battles_validator.hpp"

#include <map>
#include <set>
#include <sstream>

namespace sandtable::core::validation {
namespace {

std::string pointer(const char* collection, std::size_t index, const char* member = nullptr)
{
    std::string p = std::string("/") + collection + "/" + std::to_string(index);
    if (member)
        p += std::string("/") + member;
    return p;
}

template <class T>
void checkUniqueIds(const std::vector<T>& items, const char* collection, const char* named, Diagnostics& out)
{
    // `named`: a pattern such as N_("unit '{1}'"), translated here.
    std::set<std::string> seen;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!seen.insert(items[i].id.str()).second)
            out.push_back({"id.duplicate", Severity::Error, pointer(collection, i, "id"),
                i18n::format(_("{1}: id used more than once"), {i18n::format(i18n::translate(named), {items[i].id.str()})})});
}

void checkTerrain(const Scenario& s, const geometry::TerrainGeometries& geometries, Diagnostics& out)
{
    for (std::size_t i = 0; i < s.terrain.size(); ++i) {
        const TerrainFeature& f = s.terrain[i];
        const std::string name = i18n::format(_("terrain feature '{1}'"), {f.id.str()});
        const std::optional<rules::ClassGeometry> expected = rules::classGeometry(s, f.terrainClass);
        if (!expected) {
            out.push_back({"terrain.class.unknown", Severity::Error, pointer("terrain", i, "class"),
                i18n::format(_("{1}: unknown terrain class '{2}' (use a canonical class of docs/model.md or declare it in custom_terrain_classes)"),
                    {name, f.terrainClass})});
        } else {
            const int actual = dimension(f.geometry.type);
            const int dim = expected->dimension;
            if (actual != dim && !(expected->alsoPolygon && actual == 2)) {
                static const char* kinds[] = {N_("{1}: class '{2}' is digitised as a point, not as a {3}"),
                    N_("{1}: class '{2}' is digitised as a line, not as a {3}"), N_("{1}: class '{2}' is digitised as a polygon, not as a {3}")};
                out.push_back({"terrain.geometry.kind", Severity::Error, pointer("terrain", i, "geometry"),
                    i18n::format(_(kinds[dim]), {name, f.terrainClass, toString(f.geometry.type)})});
            }
        }
        const geometry::Validity& validity = geometries.validity(i);
        if (!validity.valid) {
            std::ostringstream message;
            message.precision(12);
            message << i18n::format(_("{1}: invalid geometry: {2}"), {name, validity.reason});
            if (validity.location) {
                std::ostringstream x, y;
                x.precision(12);
                y.precision(12);
                x << validity.location->x;
                y << validity.location->y;
                message << i18n::format(_(" at ({1}, {2})"), {x.str(), y.str()});
            }
            out.push_back({"terrain.geometry.invalid", Severity::Error, pointer("terrain", i, "geometry"), message.str()});
        }
        if (f.attributes.contains("level") && f.terrainClass != "hill")
            out.push_back({"terrain.attribute", Severity::Warning, pointer("terrain", i, "attributes"),
                i18n::format(_("{1}: 'level' only means something on a hill"), {name})});
        if (f.attributes.contains("grade") && f.terrainClass != "road")
            out.push_back({"terrain.attribute", Severity::Warning, pointer("terrain", i, "attributes"),
                i18n::format(_("{1}: 'grade' only means something on a road"), {name})});
        if (s.settings.extent && validity.valid && !f.geometry.parts.empty()) {
            bool inside = false;
            for (const auto& part : f.geometry.parts)
                for (const auto& ring : part)
                    for (Coordinate c : ring)
                        inside = inside || s.settings.extent->contains(c);
            if (!inside)
                out.push_back({"terrain.outside_map", Severity::Warning, pointer("terrain", i, "geometry"),
                    i18n::format(_("{1}: lies wholly outside the map extent"), {name})});
        }
    }
    // Terrain partly past the extent: printed maps and boards cut it at the edge (issue 24 item 4).
    for (const ExtentOverrun& o : terrainPastExtent(s)) {
        if (o.wholly || !geometries.validity(o.index).valid)
            continue;
        const std::string name = o.name.empty() ? i18n::format(_("terrain feature '{1}'"), {o.id.str()})
                                                : i18n::format(_("terrain feature '{1}' ({2})"), {o.id.str(), o.name});
        out.push_back({"terrain.past_extent", Severity::Warning, pointer("terrain", o.index, "geometry"),
            i18n::format(_("{1}: runs past the map extent by {2}; printed maps and boards cut it at the edge (widen the extent to show it whole)"),
                {name, describeOverrun(o)})});
    }
}

/// The formation tree: parents exist, are on the same side and form no cycle; one HQ per level at most
/// (an HQ of a child formation is not its parent's); a Pub Battles formation whose units have no HQ at
/// its level or above has "0 HQs" (rulebook: every formation has its HQ; the army commander may have none).
void checkFormationTree(const Scenario& s, Diagnostics& out)
{
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < s.formations.size(); ++i)
        index.emplace(s.formations[i].id.str(), i);
    std::set<std::string> inReportedCycle;
    for (std::size_t i = 0; i < s.formations.size(); ++i) {
        const Formation& f = s.formations[i];
        if (!f.parent)
            continue;
        const auto parent = index.find(f.parent->str());
        if (parent == index.end()) {
            out.push_back({"ref.missing", Severity::Error, pointer("formations", i, "parent"),
                i18n::format(_("formation '{1}' ({2}): parent formation '{3}' does not exist"),
                    {f.id.str(), oob::formationPath(s, f.id), f.parent->str()})});
            continue;
        }
        const Formation& p = s.formations[parent->second];
        if (p.side != f.side)
            out.push_back({"oob.formation.parent_side", Severity::Error, pointer("formations", i, "parent"),
                i18n::format(_("formation '{1}' is on side '{2}', its parent '{3}' on side '{4}'"),
                    {f.id.str(), f.side.str(), p.id.str(), p.side.str()})});
        // Follow the parent links; a cycle comes back to a formation already on the walk.
        std::vector<std::string> walk{f.id.str()};
        std::set<std::string> seen{f.id.str()};
        const Formation* at = &f;
        while (at->parent) {
            const auto next = index.find(at->parent->str());
            if (next == index.end())
                break;
            at = &s.formations[next->second];
            walk.push_back(at->id.str());
            if (!seen.insert(at->id.str()).second)
                break;
        }
        if (walk.size() > 1 && walk.back() == f.id.str() && !inReportedCycle.count(f.id.str())) {
            std::string cycle;
            for (const auto& id : walk) {
                cycle += (cycle.empty() ? "" : " > ") + id;
                inReportedCycle.insert(id);
            }
            out.push_back({"oob.formation.cycle", Severity::Error, pointer("formations", i, "parent"),
                i18n::format(_("formation '{1}': its parent links form a cycle ({2})"), {f.id.str(), cycle})});
        }
    }
}

void checkOrderOfBattle(const Scenario& s, Diagnostics& out)
{
    std::map<std::string, int> hqCount;
    std::map<std::string, std::vector<std::string>> hqIds;
    std::set<std::string> withoutHq;
    for (const Formation* f : oob::formationsWithoutHq(s))
        withoutHq.insert(f->id.str());
    for (std::size_t i = 0; i < s.formations.size(); ++i) {
        const Formation& f = s.formations[i];
        if (!s.findSide(f.side))
            out.push_back({"ref.missing", Severity::Error, pointer("formations", i, "side"),
                i18n::format(_("formation '{1}': side '{2}' does not exist"), {f.id.str(), f.side.str()})});
        hqCount[f.id.str()] = 0;
    }
    checkFormationTree(s, out);
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        const std::string name = i18n::format(_("unit '{1}'"), {u.id.str()});
        if (!s.findFormation(u.formation)) {
            out.push_back({"ref.missing", Severity::Error, pointer("units", i, "formation"),
                u.name.empty() ? i18n::format(_("{1}: formation '{2}' does not exist"), {name, u.formation.str()})
                               : i18n::format(_("{1} ({2}): formation '{3}' does not exist"), {name, u.name, u.formation.str()})});
        } else if (u.type == UnitType::Hq) {
            ++hqCount[u.formation.str()];
            hqIds[u.formation.str()].push_back(u.id.str());
        }
        if (u.type == UnitType::Hq && !u.command)
            out.push_back({"oob.hq.command", Severity::Warning, pointer("units", i),
                i18n::format(_("{1}: an HQ without a command value (1-6)"), {name})});
        if (u.placement && s.settings.extent && !s.settings.extent->contains(u.placement->position))
            out.push_back({"setup.off_map", Severity::Error, pointer("units", i, "placement"),
                i18n::format(_("{1}: placed outside the map extent"), {name})});
    }
    for (std::size_t i = 0; i < s.formations.size(); ++i) {
        const Formation& f = s.formations[i];
        const int n = hqCount[f.id.str()];
        const std::string named = i18n::format(_("formation '{1}' ({2})"), {f.id.str(), oob::formationPath(s, f.id)});
        // Two HQs at one level: whichever system, a level has one commander.
        if (n > 1) {
            std::string list;
            for (const auto& id : hqIds[f.id.str()])
                list += (list.empty() ? "'" : ", '") + id + "'";
            out.push_back({"oob.formation.hq_count", Severity::Error, pointer("formations", i),
                i18n::format(_("{1}: has {2} HQs at its level ({3}); a formation has exactly one (Pub Battles rulebook)"),
                    {named, std::to_string(n), list})});
            continue;
        }
        // Pub Battles: every formation (corps/wing) has its HQ; the army commander may have none (one rule
        // with the import's finding: oob::formationsWithoutHq).
        if (withoutHq.count(f.id.str()))
            out.push_back({"oob.formation.hq_count", Severity::Error, pointer("formations", i),
                i18n::format(_("{1}: has 0 HQs and no enclosing formation has one; a formation has exactly one (Pub Battles rulebook)"),
                    {named})});
    }
}

void checkGeoreference(const Scenario& s, Diagnostics& out)
{
    if (!s.map || !s.map->georeference)
        return;
    const Georeference& g = *s.map->georeference;
    std::set<int> ids;
    int enabled = 0;
    for (std::size_t i = 0; i < g.gcps.size(); ++i) {
        if (!ids.insert(g.gcps[i].id).second)
            out.push_back({"georef.gcp.duplicate", Severity::Error, "/map/georeference/gcps/" + std::to_string(i),
                i18n::format(_("GCP {1}: id used more than once"), {std::to_string(g.gcps[i].id)})});
        enabled += g.gcps[i].enabled ? 1 : 0;
    }
    if (enabled < minimumGcps(g.method))
        out.push_back({"georef.gcp.too_few", Severity::Error, "/map/georeference/gcps",
            i18n::format(_("method {1} needs at least {2} enabled GCPs, has {3}"),
                {toString(g.method), std::to_string(minimumGcps(g.method)), std::to_string(enabled)})});
}

/// Named places on the scan (ScanPlace): a point or an area of three or more positions, inside the scan.
void checkPlaces(const Scenario& s, Diagnostics& out)
{
    if (!s.map)
        return;
    for (std::size_t i = 0; i < s.map->places.size(); ++i) {
        const ScanPlace& place = s.map->places[i];
        const std::string at = "/map/places/" + std::to_string(i);
        if (place.pixels.size() == 2) {
            out.push_back({"map.place.shape", Severity::Error, at,
                i18n::format(_("place '{1}': 2 positions make neither a point (1) nor an area (3 or more)"), {place.name})});
            continue;
        }
        if (s.map->width <= 0 || s.map->height <= 0)
            continue;
        for (const Coordinate& c : place.pixels)
            if (!(c.x >= 0 && c.y >= 0 && c.x <= s.map->width && c.y <= s.map->height)) {
                out.push_back({"map.place.outside_scan", Severity::Error, at,
                    i18n::format(_("place '{1}': pixel ({2}, {3}) is outside the {4} x {5} scan"),
                        {place.name, i18n::formatFigure(c.x, 1), i18n::formatFigure(c.y, 1),
                            std::to_string(s.map->width), std::to_string(s.map->height)})});
                break;
            }
    }
}

} // namespace

Diagnostics validateScenario(const Scenario& s)
{
    Diagnostics out;
    checkUniqueIds(s.terrain, "terrain", N_("terrain feature '{1}'"), out);
    checkUniqueIds(s.sides, "sides", N_("side '{1}'"), out);
    checkUniqueIds(s.formations, "formations", N_("formation '{1}'"), out);
    checkUniqueIds(s.units, "units", N_("unit '{1}'"), out);
    if (s.settings.crs.empty() && (!s.terrain.empty() || !s.units.empty()))
        out.push_back({"crs.missing", Severity::Error, "/crs", _("terrain or set-up needs a working CRS")});
    if (s.settings.extent && (s.settings.extent->width() <= 0 || s.settings.extent->height() <= 0))
        out.push_back({"map.extent", Severity::Error, "/extent", _("the map extent is empty (max must exceed min)")});
    const geometry::TerrainGeometries geometries(s);
    checkTerrain(s, geometries, out);
    const Diagnostics topology = geometry::checkTopology(s, geometries);
    out.insert(out.end(), topology.begin(), topology.end());
    checkOrderOfBattle(s, out);
    oob::checkSetUp(s, out);
    checkGeoreference(s, out);
    checkPlaces(s, out);
    for (Diagnostic& d : validateTableBattles(s))
        out.push_back(std::move(d));
    checkCampaign(s, out);
    return out;
}

} // namespace sandtable::core::validation
