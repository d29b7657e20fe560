// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../recent_files.hpp: order, duplicates, capacity, text and file round trips.
#include "sandtable/editor/logic/recent_files.hpp"

#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <cstdlib>

using namespace sandtable::editor;
namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(recent_files)

BOOST_AUTO_TEST_CASE(most_recent_first_without_duplicates)
{
    RecentFiles recent(3);
    recent.add("/maps/a.json");
    recent.add("/maps/b.json");
    recent.add("/maps/./a.json"); // the same file, spelled differently
    BOOST_REQUIRE(recent.files().size() == 2u);
    BOOST_TEST(recent.files()[0] == fs::path("/maps/a.json"));
    BOOST_TEST(recent.files()[1] == fs::path("/maps/b.json"));
}

BOOST_AUTO_TEST_CASE(oldest_entries_fall_off_past_the_capacity)
{
    RecentFiles recent(2);
    recent.add("/a.json");
    recent.add("/b.json");
    recent.add("/c.json");
    BOOST_REQUIRE(recent.files().size() == 2u);
    BOOST_TEST(recent.files()[0] == fs::path("/c.json"));
    BOOST_TEST(recent.files()[1] == fs::path("/b.json"));
}

BOOST_AUTO_TEST_CASE(relative_paths_are_kept_absolute)
{
    RecentFiles recent;
    recent.add("scenario.json");
    BOOST_TEST(recent.files().front() == (fs::current_path() / "scenario.json").lexically_normal());
}

BOOST_AUTO_TEST_CASE(remove_drops_an_entry)
{
    RecentFiles recent;
    recent.add("/a.json");
    recent.add("/b.json");
    recent.remove("/a.json");
    BOOST_REQUIRE(recent.files().size() == 1u);
    BOOST_TEST(recent.files()[0] == fs::path("/b.json"));
}

BOOST_AUTO_TEST_CASE(text_round_trip_skips_blank_lines_and_cuts_to_capacity)
{
    const RecentFiles read = RecentFiles::fromText("/a.json\r\n\n/b.json\n/a.json\n/c.json\n", 2);
    BOOST_REQUIRE(read.files().size() == 2u);
    BOOST_TEST(read.files()[0] == fs::path("/a.json"));
    BOOST_TEST(read.files()[1] == fs::path("/b.json"));
    BOOST_TEST(read.toText() == "/a.json\n/b.json\n");
}

BOOST_AUTO_TEST_CASE(file_round_trip_and_a_missing_file_gives_an_empty_list)
{
    sandtable::test::TemporaryFolder folder;
    const fs::path file = folder / "config/sandtable/recent-files.txt";
    BOOST_TEST(RecentFiles::load(file).files().empty());
    RecentFiles recent;
    recent.add("/x/one.json");
    recent.add("/x/two.json");
    recent.save(file);
    const RecentFiles back = RecentFiles::load(file);
    BOOST_TEST(back.files() == recent.files());
    BOOST_TEST(!fs::exists(fs::path(file.string() + ".tmp")));
}

BOOST_AUTO_TEST_CASE(config_folder_follows_xdg_config_home)
{
    const char* saved = std::getenv("XDG_CONFIG_HOME");
    const std::string previous = saved ? saved : "";
    ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
    BOOST_TEST(editorConfigDir() == fs::path("/tmp/xdg-test/sandtable"));
    ::setenv("XDG_CONFIG_HOME", "relative/not/allowed", 1);
    const char* home = std::getenv("HOME");
    if (home && *home)
        BOOST_TEST(editorConfigDir() == fs::path(home) / ".config" / "sandtable");
    if (saved)
        ::setenv("XDG_CONFIG_HOME", previous.c_str(), 1);
    else
        ::unsetenv("XDG_CONFIG_HOME");
}

BOOST_AUTO_TEST_SUITE_END()
