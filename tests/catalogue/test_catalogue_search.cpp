// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of Catalogue::search: Unicode case folding and diacritics, title-first ranking, filters, plain-word fallback.
#include "sandtable/catalogue/catalogue.hpp"

#include "catalogue_test_support.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;
namespace test = sandtable::test;

namespace {

/// A catalogue of six packages: two sharing the word "Gettysburg" (one in its title, one in its description),
/// a Cyrillic and a German title, a Table Battles package and a Campaign Lite one, with dates 1757..1863.
struct SearchFixture {
    test::TemporaryFolder folder;
    catalogue::Catalogue db = catalogue::Catalogue::open(folder / "catalogue.gpkg");

    SearchFixture()
    {
        add(with(test::scenarioNamed("title-hit", "Gettysburg, the first day", "Buford holds the ridges west of town"), "1863-07-01"));
        add(with(test::scenarioNamed("description-hit", "Brandy Station", "The cavalry clash that opened the road to Gettysburg"),
            "1863-06-09"));
        add(with(test::scenarioNamed("borodino", "Бородино 1812", "Napoleon against Kutuzov"), "1812-09-07"));
        add(with(test::scenarioNamed("leipzig", "Völkerschlacht bei Leipzig", "Battle of the Nations"), "1813-10-16"));
        core::Scenario tb = with(test::scenarioNamed("leuthen", "Leuthen", "Frederick's oblique order"), "1757-12-05");
        tb.settings.system = core::GameSystem::TableBattles;
        add(tb);
        core::Scenario cl = with(test::scenarioNamed("shenandoah", "Shenandoah campaign", "Jackson in the valley"), "1862-05-23");
        cl.settings.system = core::GameSystem::CampaignLite;
        cl.formations[0].name = "Stonewall Brigade";
        add(cl);
    }

    static core::Scenario with(core::Scenario s, const std::string& date)
    {
        s.settings.date = date;
        return s;
    }

    void add(const core::Scenario& s)
    {
        const auto file = folder / (s.settings.id + ".json");
        test::writeScenarioFile(s, file);
        db.exportScenario(file);
    }

    std::vector<std::string> ids(const catalogue::SearchQuery& q) const
    {
        std::vector<std::string> out;
        for (const auto& p : db.search(q))
            out.push_back(p.id);
        return out;
    }
};

using Ids = std::vector<std::string>;

} // namespace

BOOST_FIXTURE_TEST_SUITE(catalogue_search, SearchFixture)

BOOST_AUTO_TEST_CASE(a_title_hit_ranks_above_a_description_hit)
{
    BOOST_TEST((ids(test::words("gettysburg")) == Ids{"title-hit", "description-hit"}));
    const auto results = db.search(test::words("Gettysburg"));
    BOOST_TEST_REQUIRE(results.size() == 2u);
    BOOST_TEST(results[0].score < results[1].score); // bm25: more negative is better
}

BOOST_AUTO_TEST_CASE(cyrillic_is_found_whatever_its_case)
{
    BOOST_TEST((ids(test::words("бородино")) == Ids{"borodino"}));
    BOOST_TEST((ids(test::words("БОРОДИНО")) == Ids{"borodino"}));
    BOOST_TEST((ids(test::words("Бородино")) == Ids{"borodino"}));
}

BOOST_AUTO_TEST_CASE(accented_names_are_found_with_or_without_their_accents)
{
    BOOST_TEST((ids(test::words("völkerschlacht")) == Ids{"leipzig"}));
    BOOST_TEST((ids(test::words("VÖLKERSCHLACHT")) == Ids{"leipzig"}));
    BOOST_TEST((ids(test::words("volkerschlacht")) == Ids{"leipzig"}));
}

BOOST_AUTO_TEST_CASE(formation_and_unit_names_are_searched)
{
    BOOST_TEST((ids(test::words("stonewall")) == Ids{"shenandoah"}));
    // Every package has the fixture's "1st Division" unit and "Test wood" terrain.
    BOOST_TEST(ids(test::words("\"1st division\"")).size() == 6u);
    BOOST_TEST(ids(test::words("places:wood")).size() == 6u);
}

BOOST_AUTO_TEST_CASE(system_and_date_filters_narrow_the_results)
{
    catalogue::SearchQuery q = test::words("division");
    q.system = "table-battles";
    BOOST_TEST((ids(q) == Ids{"leuthen"}));
    catalogue::SearchQuery dated = test::words("division");
    dated.dateFrom = "1812-01-01";
    dated.dateTo = "1813-12-31";
    const Ids napoleonic = ids(dated);
    BOOST_TEST(napoleonic.size() == 2u);
    BOOST_TEST((std::find(napoleonic.begin(), napoleonic.end(), "borodino") != napoleonic.end()));
    BOOST_TEST((std::find(napoleonic.begin(), napoleonic.end(), "leipzig") != napoleonic.end()));
    catalogue::SearchQuery onlyFilters;
    onlyFilters.system = "campaign-lite";
    BOOST_TEST((ids(onlyFilters) == Ids{"shenandoah"}));
}

BOOST_AUTO_TEST_CASE(text_that_is_not_fts5_syntax_is_searched_as_words)
{
    BOOST_TEST((ids(test::words("Frederick's")) == Ids{"leuthen"}));
    BOOST_TEST((ids(test::words("gettysburg (")) == Ids{"title-hit", "description-hit"}));
}

BOOST_AUTO_TEST_CASE(only_the_newest_revision_is_searched)
{
    core::Scenario renamed = test::scenarioNamed("leipzig", "Leipzig 1813", "Battle of the Nations");
    add(with(renamed, "1813-10-16"));
    BOOST_TEST(ids(test::words("völkerschlacht")).empty());
    BOOST_TEST((ids(test::words("leipzig")) == Ids{"leipzig"}));
    BOOST_TEST(db.search(test::words("leipzig"))[0].revision == 2);
}

BOOST_AUTO_TEST_CASE(limit_caps_the_results)
{
    catalogue::SearchQuery q = test::words("division");
    q.limit = 3;
    BOOST_TEST(ids(q).size() == 3u);
}

BOOST_AUTO_TEST_CASE(matches_outside_the_titles_come_after_the_title_matches_newest_first)
{
    // "division" is in every package's unit names and in no title: all six, in reverse export order, score 0.
    BOOST_TEST((ids(test::words("division")) == Ids{"shenandoah", "leuthen", "leipzig", "borodino", "description-hit", "title-hit"}));
    for (const auto& p : db.search(test::words("division")))
        BOOST_TEST(p.score == 0.0);
    // A title match outranks every other match however recent: "leipzig" is in leipzig's title; "nations"
    // only in its description.
    BOOST_TEST((ids(test::words("gett*")) == Ids{"title-hit", "description-hit"}));
    BOOST_TEST(db.search(test::words("gett*"))[0].score < 0.0);
}

BOOST_AUTO_TEST_CASE(a_title_match_excluded_by_not_in_another_column_is_not_returned)
{
    // title-hit has "Gettysburg" in its title but "Buford" in its description: NOT buford drops it.
    BOOST_TEST((ids(test::words("gettysburg NOT buford")) == Ids{"description-hit"}));
    BOOST_TEST((ids(test::words("title:gettysburg")) == Ids{"title-hit"}));
}

BOOST_AUTO_TEST_CASE(a_hyphenated_prefix_finds_the_hyphenated_word)
{
    add(with(test::scenarioNamed("dresden", "Saint-Cyr at Dresden", "The French left in August"), "1813-08-26"));
    BOOST_TEST((ids(test::words("saint-c*")) == Ids{"dresden"}));
    BOOST_TEST((ids(test::words("Saint-Cyr")) == Ids{"dresden"}));
    BOOST_TEST((ids(test::words("title:saint-cy*")) == Ids{"dresden"}));
    BOOST_TEST((ids(test::words("saint-c* AND dresden")) == Ids{"dresden"}));
    BOOST_TEST(ids(test::words("saint-x*")).empty());
    // A hyphen inside a word is no NOT: "saint-c*" is "saint" followed by a word starting "c".
    BOOST_TEST(ids(test::words("saint-d*")).empty());
}

BOOST_AUTO_TEST_CASE(a_query_without_a_word_is_refused_and_lists_nothing)
{
    for (const char* text : {"(", ")", "\"", "", "   ", "-", "( )", "\"\""})
        BOOST_CHECK_THROW(db.search(test::words(text)), catalogue::UnsearchableQuery);
    try {
        db.search(test::words("("));
    } catch (const catalogue::UnsearchableQuery& e) {
        BOOST_TEST(std::string(e.what()).find("'(' holds no word to search for") != std::string::npos, e.what());
    }
    // A filter without words lists what the filter keeps; punctuation with a filter is still no query.
    catalogue::SearchQuery filtered = test::words(" ");
    filtered.system = "table-battles";
    BOOST_TEST((ids(filtered) == Ids{"leuthen"}));
    filtered.text = "(";
    BOOST_CHECK_THROW(db.search(filtered), catalogue::UnsearchableQuery);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(catalogue_search_content)

// Everything a scenario names is searchable: the bundled examples, with words read off their documents.
BOOST_AUTO_TEST_CASE(card_names_armies_rules_actions_forces_and_places_find_their_scenario)
{
    test::TemporaryFolder folder;
    auto db = catalogue::Catalogue::open(folder / "c.gpkg");
    catalogue::ExportOptions options;
    options.storeRaster = false;
    for (const char* example : {"examples/table-battles/fontenoy.sandtable.json", "examples/gettysburg-campaign/gettysburg-campaign.sandtable.json",
             "examples/gettysburg/gettysburg.sandtable.json"})
        db.exportScenario(test::sourceDir() / example, options);
    const auto found = [&](const std::string& text) {
        std::vector<std::string> out;
        for (const auto& p : db.search(test::words(text)))
            out.push_back(p.id);
        return out;
    };
    // Fontenoy: formation card 501-A "Redoute d'Eu", card 504-A "Irish Brigade", the army "Pragmatic Army",
    // the scenario card's special rules ("Saxe, ill with dropsy, ..."), the "counterattack" reaction of 501-A
    // and the requirement of 506-A's action ("The Column has Attacked at least once"). None of these words
    // is in its title or description.
    BOOST_TEST((found("redoute") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("\"Redoute d'Eu\"") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("Redoute d'Eu") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("\"irish brigade\"") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("names:pragmatic") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("rules:dropsy") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("counterattack") == Ids{"fontenoy-1745"}));
    BOOST_TEST((found("\"column has attacked\"") == Ids{"fontenoy-1745"}));
    const auto holds = [](const Ids& ids, const char* id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
    // The campaign (gettysburg-1863-campaign): its force "I Corps, Wadsworth" (its description names no
    // Wadsworth; Gettysburg has a unit "1st Division (Wadsworth, ...)"), its objective "Cemetery Hill".
    const Ids wadsworth = found("names:wadsworth");
    BOOST_TEST(wadsworth.size() == 2u);
    BOOST_TEST(holds(wadsworth, "gettysburg-1863-campaign"));
    BOOST_TEST(holds(wadsworth, "gettysburg-1863"));
    BOOST_TEST(holds(found("places:\"cemetery hill\""), "gettysburg-1863-campaign"));
    // Gettysburg's terrain names in each of its three layers: a line (Willoughby Run), a polygon (Pitzer's
    // Woods), the point (the Chambersburg Pike bridge); the campaign has the same terrain.
    for (const char* place : {"places:\"willoughby run\"", "\"Pitzer's Woods\"", "places:bridge"}) {
        const Ids hits = found(place);
        BOOST_TEST(hits.size() == 2u, place);
        BOOST_TEST(holds(hits, "gettysburg-1863"), place);
    }
    BOOST_TEST(found("places:redoute").empty());
}

BOOST_AUTO_TEST_SUITE_END()
