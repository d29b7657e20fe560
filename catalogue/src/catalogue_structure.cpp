// SPDX-License-Identifier: GPL-3.0-or-later
// Schema version 2's attribute tables, written from the scenario model with foreign keys to the package.
#include "catalogue_structure.hpp"

#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/util/error.hpp"

#include <array>
#include <map>
#include <utility>
#include <vector>

namespace sandtable::catalogue::detail {
namespace {

std::string joinRefs(const std::vector<core::CardRef>& refs)
{
    std::string out;
    for (const core::CardRef& r : refs)
        out += (out.empty() ? "" : ", ") + core::toString(r);
    return out;
}

std::map<std::string, std::int64_t> fidsById(Database& db, const char* sql, std::int64_t fid)
{
    std::map<std::string, std::int64_t> out;
    Statement s(db, sql);
    s.bind(1, fid);
    while (s.step())
        out[s.text(1)] = s.integer(0);
    return out;
}

template <typename Map>
std::optional<std::int64_t> find(const Map& map, const std::string& key)
{
    const auto it = map.find(key);
    return it == map.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
}

std::string squareText(const core::CampaignGrid& grid, core::SquareRef square)
{
    try {
        return core::squareName(grid, square);
    } catch (const std::exception&) {
        return std::to_string(square.column) + "," + std::to_string(square.row);
    }
}

void storeTableBattles(Database& db, std::int64_t fid, const core::TableBattlesSet& set)
{
    const core::ScenarioCard& card = set.scenario;
    {
        Statement s(db, "INSERT INTO tb_scenario_cards (package_fid, number, name, date, first_player, special_rules) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "tb_scenario_cards");
        s.bind(1, fid).bind(2, card.number).bind(3, card.name).bind(4, card.date).bind(5, card.firstPlayer).bind(6, card.specialRules);
        s.run();
    }
    std::array<std::int64_t, 2> armyFids{};
    {
        Statement s(db, "INSERT INTO tb_armies (package_fid, army_index, name, morale, card_refs, tactical_victory_sticks, "
                        "tactical_victory_draw) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", "tb_armies");
        for (std::size_t i = 0; i < card.armies.size(); ++i) {
            const core::ArmySetup& army = card.armies[i];
            s.bind(1, fid).bind(2, static_cast<int>(i)).bind(3, army.name).bind(4, army.morale).bind(5, joinRefs(army.cards));
            if (army.tacticalVictory)
                s.bind(6, army.tacticalVictory->sticks).bind(7, army.tacticalVictory->draw ? 1 : 0);
            s.run();
            s.reset();
            armyFids[i] = sqlite3_last_insert_rowid(db.handle());
        }
    }
    Statement cards(db,
        "INSERT INTO tb_formation_cards (package_fid, army_fid, ordinal, card_ref, number, face, name, army, wing_colour, "
        "stick_colour, strength, kind, star, link, special, reserve_ref, pursuit, dice, special_rule) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)", "tb_formation_cards");
    Statement actions(db,
        "INSERT INTO tb_card_actions (package_fid, card_fid, ordinal, kind, reaction, targets, hits, requirement, voluntary) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", "tb_card_actions");
    int ordinal = 0;
    for (const core::FormationCard& c : set.cards) {
        cards.bind(1, fid);
        if (const int army = set.armyOf(c.ref); army >= 0)
            cards.bind(2, armyFids[static_cast<std::size_t>(army)]);
        cards.bind(3, ordinal++).bind(4, core::toString(c.ref)).bind(5, c.ref.number).bind(6, std::string(1, c.ref.face));
        cards.bind(7, c.name).bind(8, c.army).bind(9, c.wingColour).bind(10, c.stickColour).bind(11, c.strength);
        cards.bind(12, core::toString(c.kind)).bind(13, c.star ? 1 : 0).bind(14, c.link ? 1 : 0).bind(15, c.special ? 1 : 0);
        if (c.reserve)
            cards.bind(16, core::toString(*c.reserve));
        cards.bind(17, c.pursuit ? 1 : 0).bind(18, core::toString(c.dice)).bind(19, c.specialRule);
        cards.run();
        cards.reset();
        const std::int64_t cardFid = sqlite3_last_insert_rowid(db.handle());
        int actionOrdinal = 0;
        for (const core::CardAction& a : c.actions) {
            actions.bind(1, fid).bind(2, cardFid).bind(3, actionOrdinal++).bind(4, core::toString(a.kind));
            actions.bind(5, core::isReaction(a.kind) ? 1 : 0).bind(6, joinRefs(a.targets)).bind(7, a.hits);
            actions.bind(8, a.requirement).bind(9, a.voluntary ? 1 : 0);
            actions.run();
            actions.reset();
        }
    }
}

void storeCampaign(Database& db, std::int64_t fid, const core::Campaign& campaign, const std::map<std::string, std::int64_t>& sideFids)
{
    const core::CampaignGrid& g = campaign.grid;
    {
        Statement s(db, "INSERT INTO campaign_grids (package_fid, square_size, origin_x, origin_y, rows, columns, rotation, "
                        "numbering, start_number, leading_zeros, descending_rows, cover_whole, cover_half, stacking_limit) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)", "campaign_grids");
        s.bind(1, fid).bind(2, g.squareSize).bind(3, g.origin.x).bind(4, g.origin.y).bind(5, g.rows).bind(6, g.columns);
        s.bind(7, g.rotation).bind(8, core::toString(g.numbering)).bind(9, g.startNumber);
        if (g.leadingZeros)
            s.bind(10, *g.leadingZeros ? 1 : 0);
        s.bind(11, g.descendingRows ? 1 : 0).bind(12, campaign.thresholds.whole).bind(13, campaign.thresholds.half);
        s.bind(14, campaign.stackingLimit);
        s.run();
    }
    {
        Statement s(db, "INSERT INTO campaign_square_cover (package_fid, column_index, row_index, square, class, fraction, cover) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", "campaign_square_cover");
        for (const core::SquareTerrain& square : campaign.derived) {
            const std::string name = squareText(g, square.square);
            for (const auto& [terrainClass, fraction] : square.coverage) {
                s.bind(1, fid).bind(2, square.square.column).bind(3, square.square.row).bind(4, name).bind(5, terrainClass);
                s.bind(6, fraction).bind(7, core::toString(core::classifyCover(fraction, campaign.thresholds)));
                s.run();
                s.reset();
            }
        }
    }
    {
        Statement s(db, "INSERT INTO campaign_overrides (package_fid, ordinal, column_index, row_index, square, class, cover, note) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", "campaign_overrides");
        int ordinal = 0;
        for (const core::CoverOverride& o : campaign.overrides) {
            s.bind(1, fid).bind(2, ordinal++).bind(3, o.square.column).bind(4, o.square.row).bind(5, squareText(g, o.square));
            s.bind(6, o.terrainClass).bind(7, core::toString(o.cover)).bind(8, o.note);
            s.run();
            s.reset();
        }
    }
    {
        Statement s(db, "INSERT INTO campaign_forces (package_fid, side_fid, ordinal, force_id, side_id, name, column_index, row_index, "
                        "square, infantry, cavalry, artillery, deployed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            "campaign_forces");
        int ordinal = 0;
        for (const core::CampaignForce& f : campaign.forces) {
            s.bind(1, fid);
            if (const auto side = find(sideFids, f.side.str()))
                s.bind(2, *side);
            s.bind(3, ordinal++).bind(4, f.id).bind(5, f.side.str()).bind(6, f.name).bind(7, f.square.column).bind(8, f.square.row);
            s.bind(9, squareText(g, f.square)).bind(10, f.infantry).bind(11, f.cavalry).bind(12, f.artillery).bind(13, f.deployed ? 1 : 0);
            s.run();
            s.reset();
        }
    }
    {
        Statement s(db, "INSERT INTO campaign_objectives (package_fid, side_fid, ordinal, objective_id, name, kind, column_index, "
                        "row_index, square, points, side_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            "campaign_objectives");
        int ordinal = 0;
        for (const core::Objective& o : campaign.objectives) {
            s.bind(1, fid);
            if (o.side)
                if (const auto side = find(sideFids, o.side->str()))
                    s.bind(2, *side);
            s.bind(3, ordinal++).bind(4, o.id).bind(5, o.name).bind(6, core::toString(o.kind)).bind(7, o.square.column);
            s.bind(8, o.square.row).bind(9, squareText(g, o.square)).bind(10, o.points);
            if (o.side)
                s.bind(11, o.side->str());
            s.run();
            s.reset();
        }
    }
}

void storeSetups(Database& db, std::int64_t fid, const std::vector<core::Unit>& units, const std::map<std::string, std::int64_t>& unitFids)
{
    Statement placed(db, "INSERT INTO setup_placements (package_fid, unit_fid, unit_id, x, y, facing, column_formation, status) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", "setup_placements");
    Statement reserve(db, "INSERT INTO setup_reserves (package_fid, unit_fid, unit_id, hq_unit_id) VALUES (?1, ?2, ?3, ?4)",
        "setup_reserves");
    Statement arrival(db, "INSERT INTO setup_arrivals (package_fid, unit_fid, unit_id, day, turn, entry_x, entry_y, road_feature_id) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", "setup_arrivals");
    for (const core::Unit& u : units) {
        const auto unitFid = find(unitFids, u.id.str());
        if (!unitFid)
            continue;
        if (u.placement) {
            placed.bind(1, fid).bind(2, *unitFid).bind(3, u.id.str()).bind(4, u.placement->position.x).bind(5, u.placement->position.y);
            placed.bind(6, u.placement->facing).bind(7, u.placement->column ? 1 : 0);
            placed.bind(8, core::toString(u.status.value_or(core::UnitStatus::Fresh)));
            placed.run();
            placed.reset();
        }
        if (u.reserve) {
            reserve.bind(1, fid).bind(2, *unitFid).bind(3, u.id.str()).bind(4, u.reserve->str());
            reserve.run();
            reserve.reset();
        }
        if (u.arrival) {
            arrival.bind(1, fid).bind(2, *unitFid).bind(3, u.id.str()).bind(4, u.arrival->day).bind(5, u.arrival->turn);
            if (u.arrival->entry)
                arrival.bind(6, u.arrival->entry->x).bind(7, u.arrival->entry->y);
            if (u.arrival->road)
                arrival.bind(8, u.arrival->road->str());
            arrival.run();
            arrival.reset();
        }
    }
}

} // namespace

void storeStructure(Database& db, std::int64_t fid, const core::Scenario& scenario)
{
    if (scenario.tableBattles)
        storeTableBattles(db, fid, *scenario.tableBattles);
    if (scenario.campaign)
        storeCampaign(db, fid, *scenario.campaign, fidsById(db, "SELECT fid, side_id FROM sides WHERE package_fid = ?1", fid));
    if (!scenario.units.empty())
        storeSetups(db, fid, scenario.units, fidsById(db, "SELECT fid, unit_id FROM units WHERE package_fid = ?1", fid));
}

void backfillStructure(Database& db)
{
    std::vector<std::int64_t> fids;
    {
        Statement s(db, "SELECT fid FROM packages ORDER BY fid");
        while (s.step())
            fids.push_back(s.integer(0));
    }
    for (const std::int64_t fid : fids) {
        std::string document;
        {
            Statement s(db, "SELECT document FROM package_documents WHERE package_fid = ?1 AND length(document) <= ?2", "package_documents");
            s.bind(1, fid).bind(2, static_cast<std::int64_t>(core::io::kMaxScenarioBytes));
            if (!s.step())
                continue;
            document = s.blob(0);
        }
        std::optional<core::Scenario> scenario;
        try {
            scenario = core::io::parseScenario(document, db.fileName()).scenario;
        } catch (const core::util::Error&) {
            continue;
        }
        storeStructure(db, fid, *scenario);
    }
}

std::optional<std::pair<int, int>> pngSize(std::string_view png)
{
    static constexpr std::string_view kSignature{"\x89PNG\r\n\x1a\n", 8};
    if (png.size() < 24 || png.substr(0, 8) != kSignature || png.substr(12, 4) != "IHDR")
        return std::nullopt;
    const auto be32 = [&](std::size_t at) {
        return (static_cast<std::uint32_t>(static_cast<unsigned char>(png[at])) << 24)
            | (static_cast<std::uint32_t>(static_cast<unsigned char>(png[at + 1])) << 16)
            | (static_cast<std::uint32_t>(static_cast<unsigned char>(png[at + 2])) << 8)
            | static_cast<std::uint32_t>(static_cast<unsigned char>(png[at + 3]));
    };
    const std::uint32_t w = be32(16);
    const std::uint32_t h = be32(20);
    if (w == 0 || h == 0 || w > 100000 || h > 100000)
        return std::nullopt;
    return std::pair<int, int>(static_cast<int>(w), static_cast<int>(h));
}

} // namespace sandtable::catalogue::detail
