// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../model/table_battles.hpp (card references, the dice grammar) and of the cards' JSON
// document and undoable edit.
#include "sandtable/core/document/document.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/model/table_battles.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/table_battles_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <functional>

using namespace sandtable::core;

namespace {

/// The 0-based position a DicePatternError reports for `text`.
std::size_t errorPosition(const std::string& text)
{
    try {
        parseDicePattern(text);
    } catch (const DicePatternError& e) {
        return e.position();
    }
    BOOST_FAIL("'" + text + "' parsed without an error");
    return 0;
}

} // namespace

BOOST_AUTO_TEST_SUITE(model_table_battles)

BOOST_AUTO_TEST_CASE(card_references_read_and_write_number_and_face)
{
    BOOST_TEST((parseCardRef("233-A") == CardRef{233, 'A'}));
    BOOST_TEST((parseCardRef("233-b") == CardRef{233, 'B'}));
    BOOST_TEST(toString(CardRef{7, 'B'}) == "7-B");
    for (const char* bad : {"233-C", "-A", "0-A", "233A", "23x-A", "233-AB", ""})
        BOOST_CHECK_THROW(parseCardRef(bad), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(single_faces_sets_and_ranges_parse_to_face_sets)
{
    const DicePattern six = parseDicePattern("6");
    BOOST_TEST((six.kind == DicePattern::Kind::Faces));
    BOOST_TEST(six.accepts(6));
    BOOST_TEST(!six.accepts(5));
    const DicePattern odd = parseDicePattern("1,3,5");
    BOOST_TEST((odd.accepts(1) && odd.accepts(3) && odd.accepts(5)));
    BOOST_TEST((!odd.accepts(2) && !odd.accepts(4) && !odd.accepts(6)));
    const DicePattern high = parseDicePattern("5-6");
    BOOST_TEST((high.faces == std::array<bool, 6>{false, false, false, false, true, true}));
}

BOOST_AUTO_TEST_CASE(canonical_text_joins_contiguous_faces_into_ranges)
{
    BOOST_TEST(toString(parseDicePattern("5,6")) == "5-6");
    BOOST_TEST(toString(parseDicePattern("1,2,3,4,5,6")) == "1-6");
    BOOST_TEST(toString(parseDicePattern("6,1-2,5")) == "1-2,5-6");
    BOOST_TEST(toString(parseDicePattern("1,3,5")) == "1,3,5");
    BOOST_TEST(toString(parseDicePattern("4")) == "4");
    for (const char* word : {"doubles", "triples", "straight2", "straight3", "straight6"})
        BOOST_TEST(toString(parseDicePattern(word)) == word);
    BOOST_TEST(parseDicePattern("straight4").straightLength == 4);
    BOOST_TEST((parseDicePattern("triples").kind == DicePattern::Kind::Triples));
    BOOST_TEST(!parseDicePattern("doubles").accepts(6)); // doubles are a combination, not a face
}

BOOST_AUTO_TEST_CASE(dice_grammar_errors_point_at_the_offending_character)
{
    BOOST_TEST(errorPosition("") == 0u);
    BOOST_TEST(errorPosition("7") == 0u);          // not a die face
    BOOST_TEST(errorPosition("0") == 0u);
    BOOST_TEST(errorPosition("6-5") == 2u);        // range backwards, at its end
    BOOST_TEST(errorPosition("1,,2") == 2u);       // empty item
    BOOST_TEST(errorPosition("1,") == 1u);         // trailing comma
    BOOST_TEST(errorPosition("5,5") == 2u);        // the second item repeats face 5
    BOOST_TEST(errorPosition("4-6,5") == 4u);
    BOOST_TEST(errorPosition("12") == 0u);         // one digit per face
    BOOST_TEST(errorPosition("1 2") == 1u);        // spaces are not allowed
    BOOST_TEST(errorPosition("double") == 0u);     // unknown word
    BOOST_TEST(errorPosition("straight") == 8u);   // length missing
    BOOST_TEST(errorPosition("straight7") == 8u);  // straights are 2-6 long
    BOOST_TEST(errorPosition("straight1") == 8u);
    BOOST_TEST(errorPosition("5-") == 2u);
    try {
        parseDicePattern("6-5");
        BOOST_FAIL("no error");
    } catch (const DicePatternError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("'6-5'") != std::string::npos);
        BOOST_TEST(what.find("character 3") != std::string::npos);
        BOOST_TEST(what.find("backwards") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(action_names_and_reactions_follow_the_rules)
{
    BOOST_TEST((cardActionKindFromString("counterattack") == CardActionKind::Counterattack));
    BOOST_CHECK_THROW(cardActionKindFromString("charge"), std::invalid_argument);
    BOOST_TEST(isReaction(CardActionKind::Screen));
    BOOST_TEST(isReaction(CardActionKind::Counterattack));
    BOOST_TEST(isReaction(CardActionKind::Absorb));
    BOOST_TEST(!isReaction(CardActionKind::Attack));
    BOOST_TEST(!isReaction(CardActionKind::Bombard));
    BOOST_TEST(!isReaction(CardActionKind::Reserve));
    BOOST_TEST(!isReaction(CardActionKind::Retire));
}

BOOST_AUTO_TEST_CASE(set_finds_cards_and_their_army)
{
    const TableBattlesSet set = sandtable::test::smallCardSet();
    BOOST_TEST(set.find(CardRef{5, 'A'})->name == "Red Horse");
    BOOST_TEST(set.find(CardRef{5, 'B'}) == nullptr);
    BOOST_TEST(set.armyOf(CardRef{2, 'A'}) == 0);
    BOOST_TEST(set.armyOf(CardRef{6, 'A'}) == 1);
    BOOST_TEST(set.armyOf(CardRef{9, 'A'}) == -1);
}

BOOST_AUTO_TEST_CASE(cards_round_trip_through_the_schema_checked_document)
{
    sandtable::test::TemporaryFolder folder;
    const Scenario s = sandtable::test::smallCardScenario();
    io::saveScenario(s, folder / "cards.json");
    const io::LoadedScenario loaded = io::loadScenario(folder / "cards.json");
    BOOST_TEST((loaded.scenario == s));
    BOOST_TEST(loaded.diagnostics.empty());
    io::JsonOut out;
    const io::JsonValue document = io::scenarioToJson(s, out);
    const io::JsonValue& cards = document["table_battles"]["formation_cards"];
    const io::JsonValue& card = cards[2u];
    BOOST_TEST(std::string(card["card"].GetString()) == "3-A");
    BOOST_TEST(std::string(card["reserve"].GetString()) == "2-A");
    BOOST_TEST(std::string(card["dice"].GetString()) == "6");
    BOOST_TEST(!cards[0u].HasMember("reserve"));
    BOOST_TEST(std::string(document["table_battles"]["scenario_card"]["armies"][1u]["tactical_victory"]["result"].GetString()) == "win");
}

BOOST_AUTO_TEST_CASE(scenarios_without_cards_have_no_table_battles_member)
{
    io::JsonOut out;
    BOOST_TEST(!io::scenarioToJson(sandtable::test::smallScenario(), out).HasMember("table_battles"));
}

BOOST_AUTO_TEST_CASE(schema_refuses_bad_dice_and_card_references)
{
    // The small card scenario's document with one edit of its first formation card.
    const auto edited = [](const std::function<void(io::JsonValue& card, io::JsonOut& out)>& edit) {
        io::JsonOut out;
        io::JsonValue document = io::scenarioToJson(sandtable::test::smallCardScenario(), out);
        edit(document["table_battles"]["formation_cards"][0u], out);
        return io::writeJson(document, 0);
    };
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& card, io::JsonOut& out) { out.set(card, "dice", "7"); }), "bad-dice.json"),
        util::FormatError);
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& card, io::JsonOut&) { card["actions"][0u]["targets"][0u].SetString("4-C"); }),
                          "bad-ref.json"),
        util::FormatError);
    // additionalProperties false
    BOOST_CHECK_THROW(io::parseScenario(edited([](io::JsonValue& card, io::JsonOut& out) { out.set(card, "colour", "red"); }), "extra.json"),
        util::FormatError);
    // The schema's dice pattern lets "6-5" through; the grammar refuses it with the JSON pointer.
    try {
        io::parseScenario(edited([](io::JsonValue& card, io::JsonOut& out) { out.set(card, "dice", "6-5"); }), "reversed.json");
        BOOST_FAIL("no error");
    } catch (const util::FormatError& e) {
        BOOST_TEST(std::string(e.what()).find("/table_battles") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(replacing_the_cards_is_one_undoable_step)
{
    document::Document document(sandtable::test::smallScenario());
    const TableBattlesSet set = sandtable::test::smallCardSet();
    document.apply(document::Edit{"Import cards", {document::TableBattlesChange{std::nullopt, set}}, {}});
    BOOST_TEST((document.scenario().tableBattles == set));
    document.undo();
    BOOST_TEST(!document.scenario().tableBattles.has_value());
    document.redo();
    BOOST_TEST((document.scenario().tableBattles == set));
}

BOOST_AUTO_TEST_SUITE_END()
