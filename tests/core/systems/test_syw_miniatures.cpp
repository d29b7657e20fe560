// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../rules/syw_miniatures.hpp: the house rules' worked melee example and the point tables.
#include "sandtable/core/systems/syw_miniatures/rules.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::core;
namespace syw = sandtable::core::systems::syw_miniatures;

BOOST_AUTO_TEST_SUITE(rules_syw_miniatures)

BOOST_AUTO_TEST_CASE(the_rules_worked_melee_example)
{
    // 2.D Example, as docs/model.md reads it: 24 grenadiers x 1.5 + 1 officer x 2 = 38; 24 musketeers + 2 = 26;
    // the musketeers lose 38 - 26 = 12.
    SywFigures grenadierRegiment;
    grenadierRegiment.grenadiers = 24;
    grenadierRegiment.officers = 1;
    SywFigures musketeerRegiment;
    musketeerRegiment.musketeers = 24;
    musketeerRegiment.officers = 1;
    BOOST_TEST(syw::meleePoints(grenadierRegiment) == 38.0);
    BOOST_TEST(syw::meleePoints(musketeerRegiment) == 26.0);
    BOOST_TEST(syw::meleeLosses(38.0, 26.0) == 12);
    BOOST_TEST(syw::meleeLosses(26.0, 38.0) == 12);
    BOOST_TEST(grenadierRegiment.total() == 25);
}

BOOST_AUTO_TEST_CASE(pikemen_count_only_against_cavalry)
{
    SywFigures f;
    f.pikemen = 10;
    f.musicians = 2;
    // 10 x 0 + 2 x 1 = 2 against infantry; 10 x 2 + 2 = 22 against cavalry.
    BOOST_TEST(syw::meleePoints(f, false) == 2.0);
    BOOST_TEST(syw::meleePoints(f, true) == 22.0);
}

BOOST_AUTO_TEST_CASE(cavalry_melee_and_fire_rates)
{
    SywFigures f;
    f.lightDragoons = 1;
    f.heavyDragoons = 1;
    f.hussars = 1;
    f.cuirassiers = 1;
    f.dragoons = 1;
    // Melee: dragoons (plain, light, heavy) 2 each, hussars 2, cuirassiers 3: 6 + 2 + 3 = 11.
    BOOST_TEST(syw::meleePoints(f) == 11.0);
    // Fire: light dragoons 2, heavy 3, hussars 2, cuirassiers 2, plain dragoons 1: 10.
    BOOST_TEST(syw::firePoints(f) == 10.0);
}

BOOST_AUTO_TEST_CASE(infantry_fire_is_one_die_per_musket_and_grenades_need_two_grenadiers)
{
    SywFigures f;
    f.musketeers = 20;
    f.grenadiers = 2;
    f.officers = 1;
    f.musicians = 2;
    BOOST_TEST(syw::firePoints(f) == 22.0);
    BOOST_TEST(syw::grenadeKills(f) == 4); // 2 throwers x 2 kills
    f.grenadiers = 1;
    BOOST_TEST(syw::grenadeKills(f) == 0);
}

BOOST_AUTO_TEST_CASE(figures_are_read_as_a_person_writes_them)
{
    // The rules' names: "musketeer/fusilier", "musician/standard bearer"; counts add up per kind.
    const SywFigures line = syw::parseFigures("22 musketeers + 2 musicians + 1 officer");
    BOOST_TEST(line.musketeers == 22);
    BOOST_TEST(line.musicians == 2);
    BOOST_TEST(line.officers == 1);
    BOOST_TEST(line.total() == 25);
    const SywFigures fusiliers = syw::parseFigures("20 Fusiliers; 2 standard bearers, 2 fusilier + 1 Officer");
    BOOST_TEST(fusiliers.musketeers == 22);
    BOOST_TEST(fusiliers.musicians == 2);
    BOOST_TEST(fusiliers.officers == 1);
    const SywFigures cavalry = syw::parseFigures("12 Light_Dragoons + 12 heavy-dragoons + 1 officer");
    BOOST_TEST(cavalry.lightDragoons == 12);
    BOOST_TEST(cavalry.heavyDragoons == 12);
    // Written back in document order, singular for one.
    BOOST_TEST(syw::formatFigures(line) == "22 musketeers + 1 officer + 2 musicians");
    BOOST_TEST((syw::parseFigures(syw::formatFigures(cavalry)) == cavalry));
    BOOST_TEST(syw::formatFigures(SywFigures{}).empty());
}

BOOST_AUTO_TEST_CASE(unknown_figure_kinds_and_missing_counts_are_refused_by_name)
{
    const auto message = [](const std::string& text) {
        try {
            syw::parseFigures(text);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    BOOST_TEST(message("12 Jaeger + 1 officer") == "unknown figure kind 'Jaeger'");
    BOOST_TEST(message("musketeers") == "no count in 'musketeers'");
    BOOST_TEST(message("many grenadiers") == "'many grenadiers' is not a count and a figure kind");
    BOOST_TEST(message("12") == "no figure kind in '12'");
    BOOST_TEST(message(" + ") == "no figures in ' + '");
}

BOOST_AUTO_TEST_CASE(strength_follows_figures_typed_one_kind_at_a_time)
{
    Unit u;
    u.type = UnitType::Infantry;
    const syw::FigureKind* musketeers = syw::findFigureKind("musketeers");
    const syw::FigureKind* officers = syw::findFigureKind("officer");
    BOOST_REQUIRE(musketeers);
    BOOST_REQUIRE(officers);
    syw::setFigureCount(u, *musketeers, 24);
    syw::setFigureCount(u, *officers, 1);
    BOOST_TEST(u.figures->musketeers == 24);
    BOOST_TEST(u.strength == 25);
    // A strength set apart from the figures is left alone.
    u.strength = 30;
    syw::setFigureCount(u, *musketeers, 20);
    BOOST_TEST(u.strength == 30);
    BOOST_CHECK_THROW(syw::setFigureCount(u, *officers, -1), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(moves_in_fields_by_arm)
{
    // 2.B: infantry 1 field, cavalry 3 fields, artillery 1 field.
    BOOST_TEST(syw::moveFields(UnitType::Infantry) == 1.0);
    BOOST_TEST(syw::moveFields(UnitType::Cavalry) == 3.0);
    BOOST_TEST(syw::moveFields(UnitType::Dragoons) == 3.0);
    BOOST_TEST(syw::moveFields(UnitType::Artillery) == 1.0);
    BOOST_TEST(syw::kFieldCm * syw::moveFields(UnitType::Cavalry) == 30.0);
}

BOOST_AUTO_TEST_SUITE_END()
