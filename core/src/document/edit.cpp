// SPDX-License-Identifier: GPL-3.0-or-later
// Applying and inverting Edits over the scenario's collections.
#include "sandtable/core/document/edit.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::document {
namespace {

std::vector<TerrainFeature>& collection(Scenario& s, const TerrainFeature*) { return s.terrain; }
std::vector<Side>& collection(Scenario& s, const Side*) { return s.sides; }
std::vector<Formation>& collection(Scenario& s, const Formation*) { return s.formations; }
std::vector<Unit>& collection(Scenario& s, const Unit*) { return s.units; }

template <class T>
void applyOne(Scenario& s, const EntityChange<T>& change)
{
    auto& items = collection(s, static_cast<const T*>(nullptr));
    auto found = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.id.str() == change.id; });
    if (change.before) {
        if (found == items.end())
            throw util::OperationError("", "'" + change.id + "'", _("does not exist, cannot change it"));
        items.erase(found);
    } else if (found != items.end()) {
        throw util::OperationError("", "'" + change.id + "'", _("exists already"));
    }
    if (change.after) {
        const std::size_t at = std::min(change.afterIndex, items.size());
        items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), *change.after);
    }
}

void applyOne(Scenario& s, const SettingsChange& change) { s.settings = change.after; }
void applyOne(Scenario& s, const MapChange& change) { s.map = change.after; }
void applyOne(Scenario& s, const CustomClassesChange& change) { s.customTerrainClasses = change.after; }
void applyOne(Scenario& s, const TableBattlesChange& change) { s.tableBattles = change.after; }
void applyOne(Scenario& s, const CampaignChange& change) { s.campaign = change.after; }
void applyOne(Scenario& s, const ReferencesChange& change) { s.references = change.after; }

template <class T>
EntityChange<T> inverted(const EntityChange<T>& c)
{
    return EntityChange<T>{c.id, c.after, c.before, c.afterIndex, c.beforeIndex};
}
SettingsChange inverted(const SettingsChange& c) { return {c.after, c.before}; }
MapChange inverted(const MapChange& c) { return {c.after, c.before}; }
CustomClassesChange inverted(const CustomClassesChange& c) { return {c.after, c.before}; }
TableBattlesChange inverted(const TableBattlesChange& c) { return {c.after, c.before}; }
CampaignChange inverted(const CampaignChange& c) { return {c.after, c.before}; }
ReferencesChange inverted(const ReferencesChange& c) { return {c.after, c.before}; }

} // namespace

void applyEdit(Scenario& scenario, const Edit& edit)
{
    // Work on a copy so a change that does not fit leaves the scenario untouched.
    Scenario next = scenario;
    for (const Change& change : edit.changes)
        std::visit([&](const auto& c) { applyOne(next, c); }, change);
    scenario = std::move(next);
}

Edit invert(const Edit& edit)
{
    Edit out{edit.label, {}, edit.mergeKey};
    for (auto it = edit.changes.rbegin(); it != edit.changes.rend(); ++it)
        out.changes.push_back(std::visit([](const auto& c) -> Change { return inverted(c); }, *it));
    return out;
}

} // namespace sandtable::core::document
