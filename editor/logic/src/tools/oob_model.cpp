// SPDX-License-Identifier: GPL-3.0-or-later
// The OOB tree, the reinforcement schedule and moving units between formations.
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/tools/oob_model.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace sandtable::editor::tools {

namespace {

const char* qualityLabel(core::UnitQuality q)
{
    switch (q) {
    case core::UnitQuality::Militia:
        return "militia";
    case core::UnitQuality::Regular:
        return "regular";
    case core::UnitQuality::Elite:
        return "elite";
    case core::UnitQuality::Guard:
        return "guard";
    }
    return "regular";
}

OobNode unitNode(const core::Unit& unit)
{
    OobNode node;
    node.kind = OobNode::Kind::Unit;
    node.id = unit.id.str();
    node.label = unitLabel(unit);
    node.hq = unit.type == core::UnitType::Hq;
    node.placed = unit.placement.has_value();
    return node;
}

} // namespace

std::string unitLabel(const core::Unit& unit)
{
    const std::string name = unit.name.empty() ? unit.id.str() : unit.name;
    if (unit.type == core::UnitType::Hq)
        return name + " - HQ" + (unit.command ? ", command " + std::to_string(*unit.command) : std::string());
    const bool guns = unit.type == core::UnitType::Artillery;
    return name + " - " + core::toString(unit.type) + ", " + qualityLabel(unit.quality) + ", "
        + std::to_string(unit.strength) + (guns ? " guns" : " men");
}

std::vector<OobNode> buildOobTree(const core::Scenario& scenario)
{
    std::vector<OobNode> tree;
    OobNode unassigned{OobNode::Kind::Side, "", "(unassigned)", false, false, {}};
    // Formations nest (Formation::parent): a node holds its units, then its child formations. `placed`
    // guards against a cycle in the parent links; formations only reachable through one go at the top.
    std::set<std::string> placed;
    std::function<OobNode(const core::Formation&)> formationNode = [&](const core::Formation& formation) {
        placed.insert(formation.id.str());
        OobNode node{OobNode::Kind::Formation, formation.id.str(), formation.name.empty() ? formation.id.str() : formation.name,
            false, false, {}};
        for (const core::Unit& unit : scenario.units)
            if (unit.formation == formation.id) {
                node.children.push_back(unitNode(unit));
                node.hq = node.hq || unit.type == core::UnitType::Hq;
            }
        node.label += node.hq ? _(" [HQ]") : _(" [no HQ]");
        for (const core::Formation* child : core::oob::children(scenario, formation.id))
            if (!placed.count(child->id.str()))
                node.children.push_back(formationNode(*child));
        return node;
    };
    for (const core::Side& side : scenario.sides) {
        OobNode node{OobNode::Kind::Side, side.id.str(), side.name.empty() ? side.id.str() : side.name, false, false, {}, side.colour};
        for (const core::Formation* formation : core::oob::topLevelFormations(scenario, side.id))
            node.children.push_back(formationNode(*formation));
        for (const core::Formation& formation : scenario.formations)
            if (formation.side == side.id && !placed.count(formation.id.str()))
                node.children.push_back(formationNode(formation));
        tree.push_back(std::move(node));
    }
    for (const core::Formation& formation : scenario.formations)
        if (!scenario.findSide(formation.side) && !placed.count(formation.id.str()))
            unassigned.children.push_back(formationNode(formation));
    for (const core::Unit& unit : scenario.units)
        if (!scenario.findFormation(unit.formation))
            unassigned.children.push_back(unitNode(unit));
    if (!unassigned.children.empty())
        tree.push_back(std::move(unassigned));
    return tree;
}

core::document::Edit moveToFormationEdit(const core::Scenario& scenario, const core::UnitId& unit,
    const core::FormationId& formation)
{
    const core::Unit* u = scenario.findUnit(unit);
    if (!u)
        throw core::util::OperationError("", core::i18n::format(_("unit '{1}'"), {unit.str()}), _("does not exist"));
    const core::Formation* f = scenario.findFormation(formation);
    if (!f)
        throw core::util::OperationError("", core::i18n::format(_("formation '{1}'"), {formation.str()}), _("does not exist"));
    if (u->formation == formation)
        return {};
    core::Unit changed = *u;
    changed.formation = formation;
    return core::document::operations::replaceUnit(scenario, std::move(changed),
        core::i18n::format(_("Move {1} to {2}"), {u->name.empty() ? u->id.str() : u->name, f->name.empty() ? f->id.str() : f->name}));
}

std::vector<ReinforcementRow> reinforcementSchedule(const core::Scenario& scenario)
{
    std::vector<ReinforcementRow> rows;
    for (const core::Unit& unit : scenario.units) {
        if (!unit.arrival)
            continue;
        const core::Arrival& a = *unit.arrival;
        ReinforcementRow row;
        row.unit = unit.id;
        row.unitName = unit.name.empty() ? unit.id.str() : unit.name;
        if (const core::Formation* f = scenario.findFormation(unit.formation))
            if (const core::Side* s = scenario.findSide(f->side))
                row.side = s->name;
        row.day = a.day;
        row.turn = a.turn;
        row.when = a.turn == core::kNightTurn ? core::i18n::format(_("Day {1}, night"), {std::to_string(a.day)})
                                              : core::i18n::format(_("Day {1}, turn {2}"), {std::to_string(a.day), std::to_string(a.turn)});
        if (a.road)
            row.entry = core::i18n::format(_("road {1}"), {a.road->str()});
        if (a.entry) {
            std::string at = "(";
            at += std::to_string(std::llround(a.entry->x));
            at += ", ";
            at += std::to_string(std::llround(a.entry->y));
            at += ')';
            row.entry = row.entry.empty() ? at : core::i18n::format(_("{1} at {2}"), {row.entry, at});
        }
        rows.push_back(std::move(row));
    }
    std::stable_sort(rows.begin(), rows.end(), [](const ReinforcementRow& a, const ReinforcementRow& b) {
        return a.day != b.day ? a.day < b.day : a.turn < b.turn;
    });
    return rows;
}

} // namespace sandtable::editor::tools
