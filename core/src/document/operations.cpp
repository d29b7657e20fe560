// SPDX-License-Identifier: GPL-3.0-or-later
// Edit builders for the scenario's collections and settings.
#include "sandtable/core/document/operations.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"

#include "sandtable/core/geometry/split_merge.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace sandtable::core::document::operations {
namespace {

const std::vector<TerrainFeature>& items(const Scenario& s, const TerrainFeature*) { return s.terrain; }
const std::vector<Side>& items(const Scenario& s, const Side*) { return s.sides; }
const std::vector<Formation>& items(const Scenario& s, const Formation*) { return s.formations; }
const std::vector<Unit>& items(const Scenario& s, const Unit*) { return s.units; }

template <class T>
std::ptrdiff_t indexOf(const Scenario& s, const std::string& id)
{
    const auto& list = items(s, static_cast<const T*>(nullptr));
    auto it = std::find_if(list.begin(), list.end(), [&](const T& item) { return item.id.str() == id; });
    return it == list.end() ? -1 : it - list.begin();
}

template <class T>
Edit addEntity(const Scenario& s, T entity, const std::string& label)
{
    if (entity.id.empty())
        throw util::OperationError("", label, _("the new entity has no id"));
    if (indexOf<T>(s, entity.id.str()) >= 0)
        throw util::OperationError("", "'" + entity.id.str() + "'", _("id exists already"));
    const std::size_t at = items(s, static_cast<const T*>(nullptr)).size();
    EntityChange<T> change{entity.id.str(), std::nullopt, std::move(entity), at, at};
    return Edit{label, {change}, {}};
}

template <class T>
Edit replaceEntity(const Scenario& s, T entity, std::string label, std::string mergeKey)
{
    const auto index = indexOf<T>(s, entity.id.str());
    if (index < 0)
        throw util::OperationError("", "'" + entity.id.str() + "'", _("does not exist"));
    const auto at = static_cast<std::size_t>(index);
    EntityChange<T> change{entity.id.str(), items(s, static_cast<const T*>(nullptr))[at], std::move(entity), at, at};
    return Edit{std::move(label), {change}, std::move(mergeKey)};
}

template <class T>
Edit removeEntity(const Scenario& s, const std::string& id, const std::string& label)
{
    const auto index = indexOf<T>(s, id);
    if (index < 0)
        throw util::OperationError("", "'" + id + "'", _("does not exist"));
    const auto at = static_cast<std::size_t>(index);
    EntityChange<T> change{id, items(s, static_cast<const T*>(nullptr))[at], std::nullopt, at, at};
    return Edit{label, {change}, {}};
}

} // namespace

Edit addFeature(const Scenario& s, TerrainFeature feature)
{
    const std::string label = i18n::format(_("Add {1}"), {feature.terrainClass});
    return addEntity(s, std::move(feature), label);
}

Edit replaceFeature(const Scenario& s, TerrainFeature feature, std::string label, std::string mergeKey)
{
    if (label.empty())
        label = _("Edit feature");
    return replaceEntity(s, std::move(feature), std::move(label), std::move(mergeKey));
}

Edit removeFeature(const Scenario& s, const FeatureId& id)
{
    return removeEntity<TerrainFeature>(s, id.str(), _("Delete feature"));
}

Edit splitFeature(const Scenario& s, const FeatureId& id, const Geometry& blade)
{
    const auto index = indexOf<TerrainFeature>(s, id.str());
    if (index < 0)
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), _("does not exist"));
    const auto at = static_cast<std::size_t>(index);
    const TerrainFeature& original = s.terrain[at];
    std::vector<Geometry> pieces;
    try {
        pieces = geometry::splitGeometry(original.geometry, blade);
    } catch (const util::OperationError& e) {
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), e.reason());
    }
    Edit edit{i18n::format(_("Split {1}"), {original.terrainClass}), {}, {}};
    TerrainFeature first = original;
    first.geometry = pieces.front();
    edit.changes.push_back(EntityChange<TerrainFeature>{id.str(), original, std::move(first), at, at});
    std::set<std::string> taken;
    for (const auto& f : s.terrain)
        taken.insert(f.id.str());
    std::size_t n = 2;
    for (std::size_t p = 1; p < pieces.size(); ++p) {
        std::string pieceId;
        do
            pieceId = id.str() + "-" + std::to_string(n++);
        while (taken.count(pieceId) > 0);
        taken.insert(pieceId);
        TerrainFeature piece = original;
        piece.id = FeatureId(pieceId);
        piece.geometry = pieces[p];
        edit.changes.push_back(EntityChange<TerrainFeature>{pieceId, std::nullopt, std::move(piece), at + p, at + p});
    }
    return edit;
}

Edit mergeFeatures(const Scenario& s, const std::vector<FeatureId>& ids)
{
    if (ids.size() < 2)
        throw util::OperationError("", _("merge"), _("needs at least two features"));
    std::set<std::string> seen;
    std::vector<std::size_t> indices;
    std::vector<Geometry> geometries;
    for (const FeatureId& id : ids) {
        const auto index = indexOf<TerrainFeature>(s, id.str());
        if (index < 0)
            throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), _("does not exist"));
        if (!seen.insert(id.str()).second)
            throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), _("named twice in the merge"));
        const TerrainFeature& f = s.terrain[static_cast<std::size_t>(index)];
        if (f.terrainClass != s.terrain[static_cast<std::size_t>(indexOf<TerrainFeature>(s, ids.front().str()))].terrainClass)
            throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}),
                i18n::format(_("is {1}; only features of one class can be merged"), {f.terrainClass}));
        indices.push_back(static_cast<std::size_t>(index));
        geometries.push_back(f.geometry);
    }
    Geometry united;
    try {
        united = geometry::uniteGeometries(geometries);
    } catch (const util::OperationError& e) {
        throw util::OperationError("", i18n::format(_("feature '{1}'"), {ids.front().str()}), e.reason());
    }
    const TerrainFeature& keep = s.terrain[indices.front()];
    Edit edit{i18n::format(_("Merge {1}"), {keep.terrainClass}), {}, {}};
    TerrainFeature merged = keep;
    merged.geometry = std::move(united);
    edit.changes.push_back(EntityChange<TerrainFeature>{keep.id.str(), keep, std::move(merged), indices.front(), indices.front()});
    // Removals from the back so each recorded index is the feature's position when its change applies.
    std::vector<std::size_t> removed(indices.begin() + 1, indices.end());
    std::sort(removed.rbegin(), removed.rend());
    for (std::size_t at : removed)
        edit.changes.push_back(EntityChange<TerrainFeature>{s.terrain[at].id.str(), s.terrain[at], std::nullopt, at, at});
    return edit;
}

Edit replaceGeometries(const Scenario& s, const std::vector<std::pair<FeatureId, Geometry>>& replacements, std::string label)
{
    Edit edit{std::move(label), {}, {}};
    for (const auto& [id, geometry] : replacements) {
        const auto index = indexOf<TerrainFeature>(s, id.str());
        if (index < 0)
            throw util::OperationError("", i18n::format(_("feature '{1}'"), {id.str()}), _("does not exist"));
        const auto at = static_cast<std::size_t>(index);
        TerrainFeature after = s.terrain[at];
        after.geometry = geometry;
        edit.changes.push_back(EntityChange<TerrainFeature>{id.str(), s.terrain[at], std::move(after), at, at});
    }
    return edit;
}

Edit repairTerrain(const Scenario& s, const geometry::RepairOptions& options, validation::Diagnostics& findings)
{
    geometry::TerrainRepair repair = geometry::repairTerrain(s, options);
    findings.insert(findings.end(), repair.diagnostics.begin(), repair.diagnostics.end());
    return replaceGeometries(s, repair.replacements, _("Repair terrain"));
}

Edit addSide(const Scenario& s, Side side) { return addEntity(s, std::move(side), _("Add side")); }
Edit addFormation(const Scenario& s, Formation formation) { return addEntity(s, std::move(formation), _("Add formation")); }
Edit replaceFormation(const Scenario& s, Formation formation, std::string label)
{
    if (label.empty())
        label = _("Edit formation");
    return replaceEntity(s, std::move(formation), std::move(label), {});
}
Edit setFormationParent(const Scenario& s, const FormationId& formation, std::optional<FormationId> parent)
{
    const Formation* f = s.findFormation(formation);
    if (!f)
        throw util::OperationError("", i18n::format(_("formation '{1}'"), {formation.str()}), _("does not exist"));
    if (parent && parent->empty())
        parent.reset();
    if (f->parent == parent)
        return Edit{};
    std::string parentName = "the top level";
    if (parent) {
        const Formation* p = s.findFormation(*parent);
        if (!p)
            throw util::OperationError("", i18n::format(_("formation '{1}'"), {formation.str()}), i18n::format(_("parent formation '{1}' does not exist"), {parent->str()}));
        if (p->side != f->side)
            throw util::OperationError("", i18n::format(_("formation '{1}'"), {formation.str()}), i18n::format(_("parent formation '{1}' is on side '{2}', not '{3}'"), {parent->str(), p->side.str(), f->side.str()}));
        for (const Formation* d : oob::descendants(s, formation))
            if (d->id == *parent)
                throw util::OperationError("", i18n::format(_("formation '{1}'"), {formation.str()}), i18n::format(d == f ? _("cannot go under '{1}': itself (the parent links would form a cycle)")
                                                        : _("cannot go under '{1}': it is below it (the parent links would form a cycle)"),
                                                   {parent->str()}));
        parentName = p->name.empty() ? p->id.str() : p->name;
    }
    Formation moved = *f;
    moved.parent = std::move(parent);
    return replaceEntity(s, std::move(moved), i18n::format(_("Move {1} under {2}"), {f->name.empty() ? f->id.str() : f->name, parentName}), {});
}

Edit addUnit(const Scenario& s, Unit unit) { return addEntity(s, std::move(unit), _("Add unit")); }

Edit replaceUnit(const Scenario& s, Unit unit, std::string label, std::string mergeKey)
{
    if (label.empty())
        label = _("Edit unit");
    return replaceEntity(s, std::move(unit), std::move(label), std::move(mergeKey));
}

Edit removeUnit(const Scenario& s, const UnitId& id) { return removeEntity<Unit>(s, id.str(), _("Delete unit")); }

Edit moveUnit(const Scenario& s, const UnitId& id, Placement placement, std::string label, std::string mergeKey)
{
    const Unit* unit = s.findUnit(id);
    if (!unit)
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("does not exist"));
    double normalised = std::fmod(placement.facing, 360.0);
    if (normalised < 0)
        normalised += 360.0;
    if (normalised >= 360.0) // fmod of a tiny negative number, plus 360
        normalised -= 360.0;
    placement.facing = normalised;
    Unit moved = *unit;
    moved.placement = placement;
    moved.reserve.reset();
    moved.arrival.reset();
    if (moved == *unit)
        return Edit{};
    return replaceEntity(s, std::move(moved), label.empty() ? i18n::format(_("Move {1}"), {unit->name}) : std::move(label), std::move(mergeKey));
}

Edit moveUnit(const Scenario& s, const UnitId& id, Coordinate position, double facing)
{
    const Unit* unit = s.findUnit(id);
    const bool column = unit && unit->placement && unit->placement->column;
    return moveUnit(s, id, Placement{position, facing, column}, {}, "move:" + id.str());
}

Edit setSettings(const Scenario& s, ScenarioSettings settings, std::string label)
{
    if (label.empty())
        label = _("Scenario settings");
    return Edit{std::move(label), {SettingsChange{s.settings, std::move(settings)}}, {}};
}

Edit setLanguage(const Scenario& s, const std::string& language)
{
    const auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const std::size_t cut = std::min(language.find('_'), language.size());
    bool ok = language.empty() || (cut >= 2 && cut <= 3 && std::all_of(language.begin(), language.begin() + static_cast<long>(cut), lower));
    if (ok && cut < language.size())
        ok = language.size() == cut + 3 && upper(language[cut + 1]) && upper(language[cut + 2]);
    if (!ok)
        throw util::OperationError("", i18n::format(_("language '{1}'"), {language}),
            _("not a language code: use an ISO 639-1 code such as fr or de, optionally with a territory (fr_CA), or en"));
    ScenarioSettings settings = s.settings;
    settings.language = language == "en" ? std::string() : language;
    return setSettings(s, std::move(settings), _("Set language"));
}

Edit setMap(const Scenario& s, std::optional<MapSource> map, std::string label)
{
    if (label.empty())
        label = _("Set map");
    return Edit{std::move(label), {MapChange{s.map, std::move(map)}}, {}};
}

std::string freshId(const Scenario& s, const std::string& prefix)
{
    for (std::size_t n = 1;; ++n) {
        const std::string id = prefix + "-" + std::to_string(n);
        if (indexOf<TerrainFeature>(s, id) < 0 && indexOf<Side>(s, id) < 0 && indexOf<Formation>(s, id) < 0
            && indexOf<Unit>(s, id) < 0)
            return id;
    }
}

} // namespace sandtable::core::document::operations
