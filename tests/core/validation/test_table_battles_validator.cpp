// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../validation/table_battles_validator.hpp: every card rule broken on purpose, one at a time.
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/core/validation/table_battles_validator.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <functional>

using namespace sandtable::core;

namespace {

/// Findings after `change` is applied to the valid small set.
validation::Diagnostics findingsAfter(const std::function<void(TableBattlesSet&)>& change)
{
    Scenario s = sandtable::test::smallCardScenario();
    change(*s.tableBattles);
    return validation::validateTableBattles(s);
}

std::size_t count(const validation::Diagnostics& all, const std::string& code)
{
    return static_cast<std::size_t>(std::count_if(all.begin(), all.end(), [&](const validation::Diagnostic& d) { return d.code == code; }));
}

const validation::Diagnostic& only(const validation::Diagnostics& all, const std::string& code)
{
    BOOST_REQUIRE_EQUAL(count(all, code), 1u);
    return *std::find_if(all.begin(), all.end(), [&](const validation::Diagnostic& d) { return d.code == code; });
}

bool mentions(const validation::Diagnostic& d, const std::string& text) { return d.message.find(text) != std::string::npos; }

CardRef ref(int n) { return CardRef{n, 'A'}; }
FormationCard& card(TableBattlesSet& set, int n) { return set.cards.at(static_cast<std::size_t>(n - 1)); }

} // namespace

BOOST_AUTO_TEST_SUITE(validation_table_battles)

BOOST_AUTO_TEST_CASE(the_small_set_passes_and_so_does_a_scenario_without_cards)
{
    BOOST_TEST(validation::validateTableBattles(sandtable::test::smallCardScenario()).empty());
    BOOST_TEST(validation::validateTableBattles(Scenario{}).empty());
}

BOOST_AUTO_TEST_CASE(a_target_must_name_a_card_of_the_scenario)
{
    const auto d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].targets = {ref(9)}; });
    const validation::Diagnostic& missing = only(d, "cards.target.missing");
    BOOST_TEST(missing.path == "/table_battles/formation_cards/0/actions/0/targets/0");
    BOOST_TEST(mentions(missing, "1-A (Blue Foot)"));
    BOOST_TEST(mentions(missing, "9-A"));
    BOOST_TEST((missing.severity == validation::Severity::Error));
}

BOOST_AUTO_TEST_CASE(attack_and_screen_target_enemies)
{
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].targets = {ref(2)}; });
    BOOST_TEST(only(d, "cards.target.side").path == "/table_battles/formation_cards/0/actions/0/targets/0");
    BOOST_TEST(mentions(only(d, "cards.target.side"), "Blue Guard"));
    d = findingsAfter([](TableBattlesSet& s) { card(s, 4).actions[1].targets = {ref(5)}; }); // Red screens Red
    BOOST_TEST(only(d, "cards.target.side").path == "/table_battles/formation_cards/3/actions/1/targets/0");
    d = findingsAfter([](TableBattlesSet& s) { card(s, 4).actions[2].targets = {ref(5)}; }); // counterattack on a friend
    BOOST_TEST(only(d, "cards.target.side").path == "/table_battles/formation_cards/3/actions/2/targets/0");
}

BOOST_AUTO_TEST_CASE(absorb_and_reserve_target_friends)
{
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 2).actions[1].targets = {ref(4)}; });
    BOOST_TEST(only(d, "cards.target.side").path == "/table_battles/formation_cards/1/actions/1/targets/0");
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 2).actions[2].targets = {ref(3), ref(5)}; // brings in an enemy
    });
    BOOST_TEST(only(d, "cards.target.side").path == "/table_battles/formation_cards/1/actions/2/targets/1");
    BOOST_TEST(count(d, "cards.reserve.not_in_reserve") == 1u); // 5-A does not wait in reserve either
}

BOOST_AUTO_TEST_CASE(special_formations_cannot_be_targets)
{
    const auto d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].targets = {ref(6)}; });
    const validation::Diagnostic& special = only(d, "cards.target.special");
    BOOST_TEST(mentions(special, "6-A (Red Guns)"));
    BOOST_TEST(count(d, "cards.target.side") == 0u);
}

BOOST_AUTO_TEST_CASE(card_numbers_are_unique_per_face)
{
    auto d = findingsAfter([](TableBattlesSet& s) {
        FormationCard copy = card(s, 5);
        copy.name = "Red Horse again";
        s.cards.push_back(copy);
    });
    BOOST_TEST(only(d, "cards.ref.duplicate").path == "/table_battles/formation_cards/6/card");
    // The same number on the other face is a different card side: only a warning that both are used.
    d = findingsAfter([](TableBattlesSet& s) {
        FormationCard other = card(s, 5);
        other.ref = CardRef{5, 'B'};
        s.cards.push_back(other);
        s.scenario.armies[1].cards.push_back(other.ref);
    });
    BOOST_TEST(count(d, "cards.ref.duplicate") == 0u);
    BOOST_TEST((only(d, "cards.ref.both_faces").severity == validation::Severity::Warning));
}

BOOST_AUTO_TEST_CASE(links_join_only_successive_numbers)
{
    // 1-A and 2-A are linked; take the symbol off 2-A and 1-A has no partner.
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 2).link = false; });
    BOOST_TEST(only(d, "cards.link.unpaired").path == "/table_battles/formation_cards/0/link");
    // 1-A and 3-A are not successive: both unpaired.
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 2).link = false;
        card(s, 3).link = true;
    });
    BOOST_TEST(count(d, "cards.link.unpaired") == 2u);
    // 3-A joins the 1-A/2-A chain through 2-A; 4-A (Red) follows 3-A (Blue) but an enemy is no partner.
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 3).link = true;
        card(s, 4).link = true;
    });
    BOOST_TEST(only(d, "cards.link.unpaired").path == "/table_battles/formation_cards/3/link");
}

BOOST_AUTO_TEST_CASE(starting_cubes_of_both_sides_fit_in_ten)
{
    // 5 + 4 morale + 1 special = 10: allowed. 5 + 5 + 1 = 11: one too many.
    auto d = findingsAfter([](TableBattlesSet& s) {
        s.scenario.armies[0].morale = 5;
        s.scenario.armies[1].morale = 4;
    });
    BOOST_TEST(count(d, "cards.cubes.too_many") == 0u);
    d = findingsAfter([](TableBattlesSet& s) {
        s.scenario.armies[0].morale = 5;
        s.scenario.armies[1].morale = 5;
    });
    BOOST_TEST(mentions(only(d, "cards.cubes.too_many"), "11 cubes"));
    // A second special formation counts too: 4 + 4 + 2 = 10 fits, 5 + 4 + 2 = 11 does not.
    d = findingsAfter([](TableBattlesSet& s) {
        s.scenario.armies[0].morale = 5;
        s.scenario.armies[1].morale = 4;
        card(s, 5).special = true;
    });
    BOOST_TEST(count(d, "cards.cubes.too_many") == 1u);
}

BOOST_AUTO_TEST_CASE(sticks_of_one_colour_fit_in_twenty)
{
    // Red: 5 + 3 = 8. Red Foot at 17 makes 20 (allowed), at 18 makes 21.
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 4).strength = 17; });
    BOOST_TEST(count(d, "cards.sticks.colour_over") == 0u);
    d = findingsAfter([](TableBattlesSet& s) { card(s, 4).strength = 18; });
    BOOST_TEST(mentions(only(d, "cards.sticks.colour_over"), "21 red sticks"));
    // A special formation's strength is cubes, not sticks.
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 4).strength = 17;
        card(s, 6).stickColour = "red";
    });
    BOOST_TEST(count(d, "cards.sticks.colour_over") == 0u);
}

BOOST_AUTO_TEST_CASE(at_most_four_stick_colours)
{
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 5).stickColour = "green"; }); // blue, white, red, green
    BOOST_TEST(count(d, "cards.sticks.colours") == 0u);
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 5).stickColour = "green";
        card(s, 2).stickColour = "black";
    });
    BOOST_TEST(mentions(only(d, "cards.sticks.colours"), "5 stick colours"));
    d = findingsAfter([](TableBattlesSet& s) { card(s, 1).stickColour = ""; });
    BOOST_TEST(only(d, "cards.sticks.colour_missing").path == "/table_battles/formation_cards/0/stick_colour");
}

BOOST_AUTO_TEST_CASE(each_side_needs_a_formation_able_to_attack)
{
    const auto d = findingsAfter([](TableBattlesSet& s) {
        card(s, 4).actions.erase(card(s, 4).actions.begin()); // Red Foot: screen and counterattack left
        card(s, 5).actions.erase(card(s, 5).actions.begin()); // Red Horse: retire left
    });
    const validation::Diagnostic& none = only(d, "cards.side.cannot_attack");
    BOOST_TEST(none.path == "/table_battles/scenario_card/armies/1");
    BOOST_TEST(mentions(none, "Red"));
}

BOOST_AUTO_TEST_CASE(bombard_needs_enemy_morale_that_can_drop)
{
    // Red Guns bombard Blue; Blue starting with 1 cube can never lose it to a bombard.
    auto d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[0].morale = 1; });
    BOOST_TEST(only(d, "cards.bombard.no_morale").path == "/table_battles/formation_cards/5/actions");
    d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[0].morale = 2; });
    BOOST_TEST(count(d, "cards.bombard.no_morale") == 0u);
}

BOOST_AUTO_TEST_CASE(the_scenario_card_and_the_formation_cards_agree)
{
    auto d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[0].cards.push_back(ref(12)); });
    BOOST_TEST(only(d, "cards.setup.missing").path == "/table_battles/scenario_card/armies/0/cards/3");
    d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[1].cards.pop_back(); });
    BOOST_TEST(mentions(only(d, "cards.setup.unlisted"), "6-A (Red Guns)"));
    d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[1].cards.push_back(ref(1)); });
    BOOST_TEST(count(d, "cards.setup.listed_twice") == 1u);
    d = findingsAfter([](TableBattlesSet& s) { card(s, 5).army = "Blue"; });
    BOOST_TEST(only(d, "cards.army.mismatch").path == "/table_battles/formation_cards/4/army");
}

BOOST_AUTO_TEST_CASE(reserves_are_brought_in_by_a_friend_with_a_reserve_action)
{
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 2).actions.pop_back(); });
    BOOST_TEST(only(d, "cards.reserve.no_action").path == "/table_battles/formation_cards/2/reserve");
    d = findingsAfter([](TableBattlesSet& s) { card(s, 3).reserve = ref(8); });
    BOOST_TEST(count(d, "cards.reserve.missing") == 1u);
    d = findingsAfter([](TableBattlesSet& s) { card(s, 3).reserve = std::nullopt; });
    BOOST_TEST(only(d, "cards.reserve.not_in_reserve").path == "/table_battles/formation_cards/1/actions/2/targets/0");
    d = findingsAfter([](TableBattlesSet& s) {
        card(s, 3).reserve = ref(4);
        card(s, 2).actions.pop_back();
    });
    BOOST_TEST(count(d, "cards.reserve.side") == 1u);
}

BOOST_AUTO_TEST_CASE(hits_targets_and_voluntary_fit_the_action)
{
    auto d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].hits = 0; });
    BOOST_TEST(only(d, "cards.hits.missing").path == "/table_battles/formation_cards/0/actions/0/hits");
    d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].voluntary = true; });
    BOOST_TEST(count(d, "cards.voluntary.action") == 1u);
    d = findingsAfter([](TableBattlesSet& s) { card(s, 1).actions[0].targets.clear(); });
    BOOST_TEST(count(d, "cards.target.none") == 1u);
    d = findingsAfter([](TableBattlesSet& s) { card(s, 6).actions[0].targets = {ref(1)}; });
    BOOST_TEST((only(d, "cards.target.unexpected").severity == validation::Severity::Warning));
    d = findingsAfter([](TableBattlesSet& s) { card(s, 6).pursuit = true; });
    BOOST_TEST((only(d, "cards.pursuit.no_attack").severity == validation::Severity::Warning));
    // Blue has 4 + 3 + 2 = 9 sticks: Red's tactical victory at 10 could never happen.
    d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[1].tacticalVictory->sticks = 10; });
    BOOST_TEST(count(d, "cards.tactical_victory.unreachable") == 1u);
    d = findingsAfter([](TableBattlesSet& s) { s.scenario.armies[1].tacticalVictory->sticks = 9; });
    BOOST_TEST(count(d, "cards.tactical_victory.unreachable") == 0u);
}

BOOST_AUTO_TEST_CASE(scenario_validation_includes_the_card_rules)
{
    Scenario s = sandtable::test::smallCardScenario();
    card(*s.tableBattles, 1).actions[0].targets = {ref(9)};
    const validation::Diagnostics all = validation::validateScenario(s);
    BOOST_TEST(count(all, "cards.target.missing") == 1u);
}

BOOST_AUTO_TEST_CASE(the_fontenoy_example_passes_and_uses_every_kind_of_card)
{
    const io::LoadedScenario loaded = io::loadScenario(sandtable::test::sourceDir() / "examples/table-battles/fontenoy.sandtable.json");
    BOOST_TEST(loaded.diagnostics.empty());
    BOOST_REQUIRE(loaded.scenario.tableBattles.has_value());
    const TableBattlesSet& set = *loaded.scenario.tableBattles;
    BOOST_TEST(set.cards.size() >= 8u);
    BOOST_TEST(set.cards.size() <= 12u);
    auto any = [&](const std::function<bool(const FormationCard&)>& test) {
        return std::any_of(set.cards.begin(), set.cards.end(), test);
    };
    for (CardActionKind kind : {CardActionKind::Screen, CardActionKind::Counterattack, CardActionKind::Absorb,
             CardActionKind::Reserve, CardActionKind::Attack})
        BOOST_TEST(any([&](const FormationCard& c) { return c.has(kind); }), toString(kind));
    BOOST_TEST(any([](const FormationCard& c) { return c.special; }));
    BOOST_TEST(any([](const FormationCard& c) { return c.reserve.has_value(); }));
}

BOOST_AUTO_TEST_SUITE_END()
