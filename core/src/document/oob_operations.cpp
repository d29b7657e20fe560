// SPDX-License-Identifier: GPL-3.0-or-later
// Authoring an order of battle: sides, formations and units, each change one Edit with its rules.
#include "sandtable/core/document/oob_operations.hpp"
#include "sandtable/core/document/operations.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>

namespace sandtable::core::document::operations {
namespace {

constexpr std::size_t kMaxName = 500;   // the schema's "name"
constexpr std::array<const char*, 5> kEchelons{"army", "wing", "corps", "division", "brigade"};

std::string trim(const std::string& text)
{
    const auto begin = text.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos)
        return {};
    return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

std::string checkedName(const std::string& what, const std::string& name)
{
    const std::string tidy = trim(name);
    if (tidy.empty())
        throw util::OperationError("", what, _("needs a name"));
    if (tidy.size() > kMaxName)
        throw util::OperationError("", what, _("a name has at most 500 characters"));
    return tidy;
}

std::string labelOf(const std::string& name, const std::string& id) { return name.empty() ? id : name; }

template <class T>
std::size_t indexIn(const std::vector<T>& list, const std::string& id)
{
    const auto it = std::find_if(list.begin(), list.end(), [&](const T& item) { return item.id.str() == id; });
    return static_cast<std::size_t>(it - list.begin());
}

const Side& sideOrThrow(const Scenario& s, const SideId& id)
{
    const Side* side = s.findSide(id);
    if (!side)
        throw util::OperationError("", i18n::format(_("side '{1}'"), {id.str()}), _("does not exist"));
    return *side;
}

const Formation& formationOrThrow(const Scenario& s, const FormationId& id)
{
    const Formation* f = s.findFormation(id);
    if (!f)
        throw util::OperationError("", i18n::format(_("formation '{1}'"), {id.str()}), _("does not exist"));
    return *f;
}

const Unit& unitOrThrow(const Scenario& s, const UnitId& id)
{
    const Unit* u = s.findUnit(id);
    if (!u)
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("does not exist"));
    return *u;
}

template <class T>
Edit replaceOne(const std::vector<T>& list, T after, std::string label)
{
    const std::size_t at = indexIn(list, after.id.str());
    if (list[at] == after)
        return Edit{};
    EntityChange<T> change{after.id.str(), list[at], std::move(after), at, at};
    return Edit{std::move(label), {change}, {}};
}

/// The changes removing `formations` and `units` (ids) with what hangs on them, in an order whose inverse
/// puts each back where it was: settings first, then reserves cleared, then units and formations from the
/// back of their lists (each recorded index is the entity's place when it goes), the side last.
void removeAll(const Scenario& s, const std::set<std::string>& formations, const std::set<std::string>& units,
    const std::optional<SideId>& side, Edit& edit)
{
    if (side) {
        ScenarioSettings settings = s.settings;
        for (std::optional<SideId>* role : {&settings.attacker, &settings.defender, &settings.combatOrderSide})
            if (*role && **role == *side)
                role->reset();
        if (!(settings == s.settings))
            edit.changes.push_back(SettingsChange{s.settings, settings});
    }
    for (std::size_t i = 0; i < s.units.size(); ++i) {
        const Unit& u = s.units[i];
        if (units.count(u.id.str()) || !u.reserve || !units.count(u.reserve->str()))
            continue;
        Unit freed = u;
        freed.reserve.reset();
        edit.changes.push_back(EntityChange<Unit>{u.id.str(), u, std::move(freed), i, i});
    }
    for (std::size_t i = s.units.size(); i-- > 0;)
        if (units.count(s.units[i].id.str()))
            edit.changes.push_back(EntityChange<Unit>{s.units[i].id.str(), s.units[i], std::nullopt, i, i});
    for (std::size_t i = s.formations.size(); i-- > 0;)
        if (formations.count(s.formations[i].id.str()))
            edit.changes.push_back(EntityChange<Formation>{s.formations[i].id.str(), s.formations[i], std::nullopt, i, i});
    if (side) {
        const std::size_t at = indexIn(s.sides, side->str());
        edit.changes.push_back(EntityChange<Side>{side->str(), s.sides[at], std::nullopt, at, at});
    }
}

std::set<std::string> unitsIn(const Scenario& s, const std::set<std::string>& formations)
{
    std::set<std::string> out;
    for (const Unit& u : s.units)
        if (formations.count(u.formation.str()))
            out.insert(u.id.str());
    return out;
}

std::string checkedEchelon(const std::string& what, const std::string& echelon)
{
    if (std::find(kEchelons.begin(), kEchelons.end(), echelon) == kEchelons.end())
        throw util::OperationError("", what, i18n::format(_("'{1}' is no echelon (army, wing, corps, division, brigade)"), {echelon}));
    return echelon;
}

/// The echelon a formation's name says ("Heth's Division", "II. Korps", "Aile droite"), or "".
std::string echelonNamed(const std::string& name)
{
    std::string lower;
    for (const char c : name)
        lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    const auto word = [&](const char* w) {
        const std::size_t at = lower.find(w);
        if (at == std::string::npos)
            return false;
        const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80; };
        const std::size_t end = at + std::char_traits<char>::length(w);
        return (at == 0 || !letter(lower[at - 1])) && (end >= lower.size() || !letter(lower[end]));
    };
    for (const auto& [w, echelon] : std::initializer_list<std::pair<const char*, const char*>>{{"army", "army"}, {"armee", "army"},
             {"wing", "wing"}, {"aile", "wing"}, {"corps", "corps"}, {"korps", "corps"}, {"division", "division"}, {"brigade", "brigade"}})
        if (word(w))
            return echelon;
    return {};
}

/// Moves `list[at]` to `to` (its neighbour's place) as one change.
template <class T>
Edit moveTo(const std::vector<T>& list, std::size_t at, std::size_t to, std::string label)
{
    // Applying erases the entity, then inserts it at afterIndex in the shortened list: moving down past the
    // neighbour at `to` inserts at `to` (the neighbour has slid to to - 1).
    EntityChange<T> change{list[at].id.str(), list[at], list[at], at, to};
    return Edit{std::move(label), {change}, {}};
}

/// The neighbour of `list[at]` in direction `step` among the entries `sibling` accepts, or nullopt.
template <class T, class Pred>
std::optional<std::size_t> neighbour(const std::vector<T>& list, std::size_t at, int step, Pred sibling)
{
    if (step < 0) {
        for (std::size_t i = at; i-- > 0;)
            if (sibling(list[i]))
                return i;
    } else {
        for (std::size_t i = at + 1; i < list.size(); ++i)
            if (sibling(list[i]))
                return i;
    }
    return std::nullopt;
}

} // namespace

const std::vector<std::string>& defaultSideColours()
{
    static const std::vector<std::string> colours{"#2b4c9b", "#b22222", "#2e7d32", "#b8860b", "#6a1b9a", "#00838f"};
    return colours;
}

std::optional<std::string> normaliseColour(const std::string& colour)
{
    if (colour.size() != 7 || colour[0] != '#')
        return std::nullopt;
    std::string out = "#";
    for (std::size_t i = 1; i < 7; ++i) {
        const char c = colour[i];
        if (c >= '0' && c <= '9')
            out += c;
        else if (c >= 'a' && c <= 'f')
            out += c;
        else if (c >= 'A' && c <= 'F')
            out += static_cast<char>(c - 'A' + 'a');
        else
            return std::nullopt;
    }
    return out;
}

std::string newIdFor(const Scenario& s, OobKind collection, const std::string& name, const std::string& prefix,
    const std::string& fallback)
{
    std::string slug;
    bool dash = false;
    for (const char raw : name) {
        const char c = (raw >= 'A' && raw <= 'Z') ? static_cast<char>(raw - 'A' + 'a') : raw;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && !slug.empty())
                slug += '-';
            slug += c;
            dash = false;
        } else {
            dash = true;
        }
    }
    if (slug.size() > 60)
        slug.resize(60);
    std::string base = slug.empty() ? fallback : (prefix.empty() ? slug : prefix + "-" + slug);
    const auto taken = [&](const std::string& id) {
        switch (collection) {
        case OobKind::Side: return s.findSide(SideId(id)) != nullptr;
        case OobKind::Formation: return s.findFormation(FormationId(id)) != nullptr;
        case OobKind::Unit: break;
        }
        return s.findUnit(UnitId(id)) != nullptr;
    };
    if (!taken(base))
        return base;
    for (std::size_t n = 2;; ++n)
        if (const std::string id = base + "-" + std::to_string(n); !taken(id))
            return id;
}

std::string createdId(const Edit& edit)
{
    for (const Change& change : edit.changes) {
        std::string id;
        std::visit(
            [&](const auto& c) {
                using C = std::decay_t<decltype(c)>;
                if constexpr (std::is_same_v<C, EntityChange<Side>> || std::is_same_v<C, EntityChange<Formation>>
                    || std::is_same_v<C, EntityChange<Unit>>)
                    if (!c.before && c.after)
                        id = c.id;
            },
            change);
        if (!id.empty())
            return id;
    }
    return {};
}

// --------------------------------------------------------------------------------------------- sides

Edit createSide(const Scenario& s, const std::string& name, const std::string& colour)
{
    Side side;
    side.name = checkedName(_("new side"), name);
    if (colour.empty()) {
        const auto& palette = defaultSideColours();
        side.colour = palette.front();
        for (const std::string& c : palette)
            if (std::none_of(s.sides.begin(), s.sides.end(), [&](const Side& other) { return normaliseColour(other.colour) == c; })) {
                side.colour = c;
                break;
            }
    } else {
        const auto normal = normaliseColour(colour);
        if (!normal)
            throw util::OperationError("", i18n::format(_("side '{1}'"), {side.name}), i18n::format(_("'{1}' is not a colour written #rrggbb"), {colour}));
        side.colour = *normal;
    }
    side.id = SideId(newIdFor(s, OobKind::Side, side.name, "", "side"));
    Edit edit = addSide(s, side); // at the end of the list
    edit.label = i18n::format(_("Add side {1}"), {side.name});
    return edit;
}

Edit renameSide(const Scenario& s, const SideId& id, const std::string& name)
{
    Side side = sideOrThrow(s, id);
    const std::string old = labelOf(side.name, id.str());
    side.name = checkedName(i18n::format(_("side '{1}'"), {id.str()}), name);
    return replaceOne(s.sides, side, i18n::format(_("Rename {1} to {2}"), {old, side.name}));
}

Edit setSideColour(const Scenario& s, const SideId& id, const std::string& colour)
{
    Side side = sideOrThrow(s, id);
    const auto normal = normaliseColour(colour);
    if (!normal)
        throw util::OperationError("", i18n::format(_("side '{1}'"), {id.str()}), i18n::format(_("'{1}' is not a colour written #rrggbb"), {colour}));
    side.colour = *normal;
    return replaceOne(s.sides, side, i18n::format(_("Change colour of {1}"), {labelOf(side.name, id.str())}));
}

Edit deleteSide(const Scenario& s, const SideId& id)
{
    const Side& side = sideOrThrow(s, id);
    std::set<std::string> formations;
    for (const Formation& f : s.formations)
        if (f.side == id)
            formations.insert(f.id.str());
    Edit edit{i18n::format(_("Delete {1}"), {labelOf(side.name, id.str())}), {}, {}};
    removeAll(s, formations, unitsIn(s, formations), id, edit);
    return edit;
}

// ----------------------------------------------------------------------------------------- formations

Edit createFormation(const Scenario& s, const SideId& sideId, const std::optional<FormationId>& parent,
    const std::string& name, const std::string& echelon)
{
    const Side& side = sideOrThrow(s, sideId);
    Formation f;
    f.side = sideId;
    f.name = checkedName(_("new formation"), name);
    std::string parentEchelon;
    if (parent && !parent->empty()) {
        const Formation& p = formationOrThrow(s, *parent);
        if (p.side != sideId)
            throw util::OperationError("", i18n::format(_("formation '{1}'"), {f.name}),
                i18n::format(_("parent formation '{1}' is on side '{2}', not '{3}'"), {parent->str(), p.side.str(), sideId.str()}));
        f.parent = *parent;
        parentEchelon = p.echelon;
    }
    if (!echelon.empty()) {
        f.echelon = checkedEchelon(i18n::format(_("formation '{1}'"), {f.name}), echelon);
    } else if (const std::string named = echelonNamed(f.name); !named.empty()) {
        f.echelon = named;
    } else if (parentEchelon.empty()) {
        f.echelon = "corps";
    } else {
        f.echelon = parentEchelon == "army" || parentEchelon == "wing" ? "corps"
            : parentEchelon == "corps"                                  ? "division"
                                                                        : "brigade";
    }
    f.id = FormationId(newIdFor(s, OobKind::Formation, f.name, side.id.str(), "formation"));
    Edit edit = addFormation(s, f); // after the last formation of the scenario
    edit.label = i18n::format(_("Add formation {1}"), {f.name});
    return edit;
}

Edit renameFormation(const Scenario& s, const FormationId& id, const std::string& name)
{
    Formation f = formationOrThrow(s, id);
    const std::string old = labelOf(f.name, id.str());
    f.name = checkedName(i18n::format(_("formation '{1}'"), {id.str()}), name);
    return replaceOne(s.formations, f, i18n::format(_("Rename {1} to {2}"), {old, f.name}));
}

Edit setFormationEchelon(const Scenario& s, const FormationId& id, const std::string& echelon)
{
    Formation f = formationOrThrow(s, id);
    f.echelon = checkedEchelon(i18n::format(_("formation '{1}'"), {id.str()}), echelon);
    return replaceOne(s.formations, f, i18n::format(_("Change echelon of {1}"), {labelOf(f.name, id.str())}));
}

Edit deleteFormation(const Scenario& s, const FormationId& id)
{
    const Formation& f = formationOrThrow(s, id);
    std::set<std::string> formations;
    for (const Formation* d : oob::descendants(s, id))
        formations.insert(d->id.str());
    Edit edit{i18n::format(_("Delete {1}"), {labelOf(f.name, id.str())}), {}, {}};
    removeAll(s, formations, unitsIn(s, formations), std::nullopt, edit);
    return edit;
}

// ---------------------------------------------------------------------------------------------- units

Edit createUnit(const Scenario& s, const FormationId& formation, const std::string& name, const std::string& type,
    const std::string& quality, double strength)
{
    const Formation& f = formationOrThrow(s, formation);
    Unit u;
    u.formation = formation;
    u.name = checkedName(_("new unit"), name);
    const std::string what = i18n::format(_("unit '{1}'"), {u.name});
    try {
        u.type = unitTypeFromString(type);
        u.quality = unitQualityFromString(quality);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", what, e.what());
    }
    if (!std::isfinite(strength) || strength < 0 || strength != std::floor(strength) || strength > kMaxUnitStrength)
        throw util::OperationError("", what,
            i18n::format(_("strength must be a whole number of men (or guns) from 0 to {1}"), {i18n::formatNumber(kMaxUnitStrength, 0)}));
    u.strength = static_cast<int>(strength);
    if (u.type == UnitType::Hq)
        u.command = 3;
    u.id = UnitId(newIdFor(s, OobKind::Unit, u.name, f.id.str(), "unit"));
    // After the formation's last unit, so the tree and rosters list it there.
    std::size_t at = s.units.size();
    for (std::size_t i = s.units.size(); i-- > 0;)
        if (s.units[i].formation == formation) {
            at = i + 1;
            break;
        }
    const std::string label = i18n::format(_("Add unit {1}"), {u.name});
    return Edit{label, {EntityChange<Unit>{u.id.str(), std::nullopt, u, at, at}}, {}};
}

Edit renameUnit(const Scenario& s, const UnitId& id, const std::string& name)
{
    Unit u = unitOrThrow(s, id);
    const std::string old = labelOf(u.name, id.str());
    u.name = checkedName(i18n::format(_("unit '{1}'"), {id.str()}), name);
    return replaceOne(s.units, u, i18n::format(_("Rename {1} to {2}"), {old, u.name}));
}

Edit setUnitType(const Scenario& s, const UnitId& id, const std::string& type)
{
    Unit u = unitOrThrow(s, id);
    try {
        u.type = unitTypeFromString(type);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), e.what());
    }
    if (u.type == UnitType::Hq && !u.command)
        u.command = 3;
    return replaceOne(s.units, u, i18n::format(_("Change type of {1}"), {labelOf(u.name, id.str())}));
}

Edit setUnitQuality(const Scenario& s, const UnitId& id, const std::string& quality)
{
    Unit u = unitOrThrow(s, id);
    try {
        u.quality = unitQualityFromString(quality);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), e.what());
    }
    return replaceOne(s.units, u, i18n::format(_("Change quality of {1}"), {labelOf(u.name, id.str())}));
}

Edit setUnitCommand(const Scenario& s, const UnitId& id, double command)
{
    Unit u = unitOrThrow(s, id);
    if (!std::isfinite(command) || command < 1 || command > 6 || command != std::floor(command))
        throw util::OperationError("", i18n::format(_("unit '{1}'"), {id.str()}), _("a command value is a whole number from 1 to 6"));
    u.command = static_cast<int>(command);
    return replaceOne(s.units, u, i18n::format(_("Change command of {1}"), {labelOf(u.name, id.str())}));
}

Edit deleteUnit(const Scenario& s, const UnitId& id)
{
    const Unit& u = unitOrThrow(s, id);
    Edit edit{i18n::format(_("Delete {1}"), {labelOf(u.name, id.str())}), {}, {}};
    removeAll(s, {}, {id.str()}, std::nullopt, edit);
    return edit;
}

// ---------------------------------------------------------------------------------------------- order

Edit moveInOrder(const Scenario& s, OobKind kind, const std::string& id, int step)
{
    if (step != -1 && step != 1)
        throw util::OperationError("", "'" + id + "'", _("moves one place up (-1) or down (+1)"));
    const auto label = [step](const std::string& name) {
        return i18n::format(step < 0 ? _("Move {1} up") : _("Move {1} down"), {name});
    };
    switch (kind) {
    case OobKind::Side: {
        const Side& side = sideOrThrow(s, SideId(id));
        const std::size_t at = indexIn(s.sides, id);
        const auto to = neighbour(s.sides, at, step, [](const Side&) { return true; });
        return to ? moveTo(s.sides, at, *to, label(labelOf(side.name, id))) : Edit{};
    }
    case OobKind::Formation: {
        const Formation& f = formationOrThrow(s, FormationId(id));
        const auto parentOf = [&](const Formation& g) {
            return g.parent && s.findFormation(*g.parent) ? g.parent->str() : std::string();
        };
        const std::string parent = parentOf(f);
        const std::size_t at = indexIn(s.formations, id);
        const auto to = neighbour(s.formations, at, step, [&](const Formation& g) { return g.side == f.side && parentOf(g) == parent; });
        return to ? moveTo(s.formations, at, *to, label(labelOf(f.name, id))) : Edit{};
    }
    case OobKind::Unit: break;
    }
    const Unit& u = unitOrThrow(s, UnitId(id));
    const std::size_t at = indexIn(s.units, id);
    const auto to = neighbour(s.units, at, step, [&](const Unit& v) { return v.formation == u.formation; });
    return to ? moveTo(s.units, at, *to, label(labelOf(u.name, id))) : Edit{};
}

} // namespace sandtable::core::document::operations
