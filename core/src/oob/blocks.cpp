// SPDX-License-Identifier: GPL-3.0-or-later
// Blocks at one level: pieces versus historical detail, derived block strength, the `oob blocks` edit.
#include "sandtable/core/oob/blocks.hpp"
#include "sandtable/core/document/bulk_operations.hpp"

#include "sandtable/core/oob/order_of_battle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace sandtable::core::oob {

const Unit* blockOf(const Scenario& s, const FormationId& formation)
{
    for (const Unit& u : s.units)
        if (u.block && u.formation == formation)
            return &u;
    return nullptr;
}

const Formation* blockedBy(const Scenario& s, const Unit& unit)
{
    if (unit.block)
        return nullptr;
    const Formation* own = s.findFormation(unit.formation);
    if (!own)
        return nullptr;
    // The unit's own formation first, then each parent (ancestors() is top first).
    const std::vector<const Formation*> above = ancestors(s, unit.formation);
    std::vector<const Formation*> chain{own};
    chain.insert(chain.end(), above.rbegin(), above.rend());
    for (const Formation* f : chain) {
        if (!blockOf(s, f->id))
            continue;
        if (unit.type == UnitType::Hq && unit.formation == f->id)
            return nullptr; // the block formation's own commander stays a piece
        return f;
    }
    return nullptr;
}

bool isPiece(const Scenario& s, const Unit& unit) { return blockedBy(s, unit) == nullptr; }

BlockDerivation deriveBlock(const Scenario& s, const FormationId& formation)
{
    BlockDerivation out;
    std::map<UnitType, long long> byType;
    std::map<UnitQuality, long long> byQuality;
    long long men = 0, guns = 0;
    std::vector<const Unit*> below;
    for (const Formation* f : descendants(s, formation))
        for (const Unit* u : unitsOf(s, f->id)) {
            if (u->type == UnitType::Hq || u->block)
                continue;
            below.push_back(u);
            ++out.units;
            (u->type == UnitType::Artillery ? guns : men) += u->strength;
            // Arms compare by men; a gun stands for the crew it would need to weigh the same (none: guns
            // decide only when there are no men).
            byType[u->type] += u->type == UnitType::Artillery ? 0 : u->strength;
            byQuality[u->quality] += u->type == UnitType::Artillery ? 0 : u->strength;
        }
    if (men == 0 && guns > 0) {
        byType[UnitType::Artillery] = guns;
        for (const Unit* u : below)
            byQuality[u->quality] += u->strength;
    }
    // The arm holding the most strength; on a tie the first of this order.
    long long best = -1;
    for (UnitType t : {UnitType::Infantry, UnitType::Cavalry, UnitType::Dragoons, UnitType::Artillery, UnitType::Detachment,
             UnitType::BaggageTrain}) {
        const long long v = byType.count(t) ? byType[t] : -1;
        if (v > best) {
            best = v;
            out.type = t;
        }
    }
    if (best < 0)
        out.type = UnitType::Infantry;
    // Strength in men, or in guns for an artillery block (a unit's strength is men, guns for artillery).
    out.strength = static_cast<int>(std::min<long long>(out.type == UnitType::Artillery ? guns : men, 1000000));
    best = -1;
    for (UnitQuality q : {UnitQuality::Regular, UnitQuality::Militia, UnitQuality::Elite, UnitQuality::Guard}) {
        const long long v = byQuality.count(q) ? byQuality[q] : -1;
        if (v > best) {
            best = v;
            out.quality = q;
        }
    }
    if (best < 0)
        out.quality = UnitQuality::Regular;
    return out;
}


BlockPlan planBlocks(const Scenario& s, const BlockRequest& request)
{
    static const std::array<const char*, 5> kEchelons = {"army", "wing", "corps", "division", "brigade"};
    if (request.echelon
        && std::find(kEchelons.begin(), kEchelons.end(), *request.echelon) == kEchelons.end())
        throw util::OperationError("", "--level " + *request.echelon, _("is not an echelon (army, wing, corps, division, brigade)"));
    std::set<std::string> chosen;
    if (!request.clear) {
        for (const FormationId& id : request.formations) {
            if (!s.findFormation(id))
                throw util::OperationError("", i18n::format(_("formation '{1}'"), {id.str()}), _("does not exist"));
            chosen.insert(id.str());
        }
        if (request.echelon)
            for (const Formation& f : s.formations)
                if (f.echelon == *request.echelon)
                    chosen.insert(f.id.str());
        if (chosen.empty())
            throw util::OperationError("", "--level " + request.echelon.value_or(""),
                _("no formation has this echelon: nothing would be a block (oob tree shows the echelons)"));
    }
    // One block per branch: a chosen formation under another chosen one is left to the upper one.
    std::set<std::string> blocks;
    for (const std::string& id : chosen) {
        bool covered = false;
        for (const Formation* a : ancestors(s, FormationId(id)))
            covered = covered || chosen.count(a->id.str()) > 0;
        if (!covered)
            blocks.insert(id);
    }
    BlockPlan plan;
    // What changes; the change records (and their indices) are core/document's to make (issue 42 item 2).
    std::vector<UnitId> removals;
    std::vector<Unit> updates;
    std::vector<Unit> creations;
    for (const Unit& u : s.units) {
        if (!u.block || blocks.count(u.formation.str()))
            continue;
        plan.lines.push_back(BlockPlanLine{u.formation, u.id, {}, BlockPlanLine::Action::Remove});
        removals.push_back(u.id);
    }
    std::set<std::string> taken;
    for (const Unit& u : s.units)
        taken.insert(u.id.str());
    for (const Formation& f : s.formations) {
        if (!blocks.count(f.id.str()))
            continue;
        const BlockDerivation derived = deriveBlock(s, f.id);
        BlockPlanLine line{f.id, UnitId(), derived, BlockPlanLine::Action::Create};
        if (const Unit* existing = blockOf(s, f.id)) {
            Unit updated = *existing;
            updated.strength = derived.strength;
            updated.type = derived.type;
            updated.quality = derived.quality;
            line.block = existing->id;
            line.action = updated == *existing ? BlockPlanLine::Action::Keep : BlockPlanLine::Action::Update;
            if (line.action == BlockPlanLine::Action::Update)
                updates.push_back(std::move(updated));
        } else {
            Unit block;
            std::string id = f.id.str() + "-block";
            for (int n = 2; taken.count(id) || s.findFormation(FormationId(id)) || s.findFeature(FeatureId(id)); ++n)
                id = f.id.str() + "-block-" + std::to_string(n);
            taken.insert(id);
            block.id = UnitId(id);
            block.formation = f.id;
            block.name = f.name;
            block.type = derived.type;
            block.quality = derived.quality;
            block.strength = derived.strength;
            block.block = true;
            line.block = block.id;
            creations.push_back(std::move(block));
        }
        plan.lines.push_back(line);
    }
    plan.edit = document::operations::changeUnits(s, removals, std::move(updates), std::move(creations), {});
    plan.edit.label = request.clear ? "Remove the blocks"
        : request.echelon           ? "Blocks at " + *request.echelon + " level"
                                    : "Blocks for chosen formations";
    return plan;
}

} // namespace sandtable::core::oob
