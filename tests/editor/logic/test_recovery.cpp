// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../recovery.hpp: recovery copies, orphans of dead processes, the interval.
#include "sandtable/editor/logic/recovery.hpp"

#include "sandtable/core/io/scenario_file.hpp"
#include "support/scenario_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>

#include <sys/wait.h>
#include <unistd.h>

using namespace sandtable::editor;
namespace core = sandtable::core;
namespace fs = std::filesystem;

namespace {

fs::path freshFolder(const std::string& name)
{
    const fs::path folder = fs::temp_directory_path() / ("sandtable-recovery-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(folder);
    return folder;
}

/// A pid that is not running: a child that has exited and been reaped.
long deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

} // namespace

BOOST_AUTO_TEST_SUITE(recovery)

BOOST_AUTO_TEST_CASE(a_copy_of_a_running_editor_is_not_an_orphan)
{
    const fs::path folder = freshFolder("own");
    const RecoveryStore store(folder, ::getpid());
    store.write(sandtable::test::smallScenario(), "/data/battle.sandtable.json");
    BOOST_TEST(fs::exists(store.ownFile()));
    BOOST_TEST(store.orphans().empty());
    // Another live process's copy (our parent's pid) is not offered either.
    const RecoveryStore parent(folder, ::getppid());
    parent.write(sandtable::test::smallScenario(), {});
    BOOST_TEST(store.orphans().empty());
    store.discardOwn();
    parent.discardOwn();
    BOOST_TEST(!fs::exists(store.ownFile()));
    fs::remove_all(folder);
}

BOOST_AUTO_TEST_CASE(a_copy_left_by_a_dead_process_is_offered_with_its_origin)
{
    const fs::path folder = freshFolder("dead");
    const long dead = deadPid();
    core::Scenario edited = sandtable::test::smallScenario();
    edited.terrain.erase(edited.terrain.begin());
    const RecoveryStore crashed(folder, dead);
    crashed.write(edited, "/data/battle.sandtable.json");

    const RecoveryStore next(folder, ::getpid());
    const auto orphans = next.orphans();
    BOOST_REQUIRE(orphans.size() == 1u);
    BOOST_TEST(orphans[0].pid == dead);
    BOOST_TEST(orphans[0].original == fs::path("/data/battle.sandtable.json"));
    // The copy holds the unsaved edits exactly.
    BOOST_TEST((core::io::loadScenario(orphans[0].file).scenario == edited));
    RecoveryStore::discard(orphans[0]);
    BOOST_TEST(next.orphans().empty());
    BOOST_TEST(fs::is_empty(folder));
    fs::remove_all(folder);
}

BOOST_AUTO_TEST_CASE(a_never_saved_scenario_has_no_origin_and_strays_are_ignored)
{
    const fs::path folder = freshFolder("new");
    const RecoveryStore crashed(folder, deadPid());
    crashed.write(sandtable::test::smallScenario(), {});
    std::ofstream(folder / "recovery-abc.sandtable.json") << "{}";
    std::ofstream(folder / "notes.txt") << "x";
    const auto orphans = RecoveryStore(folder, ::getpid()).orphans();
    BOOST_REQUIRE(orphans.size() == 1u);
    BOOST_TEST(orphans[0].original.empty());
    fs::remove_all(folder);
}

BOOST_AUTO_TEST_CASE(the_interval_is_a_minute_unless_the_environment_says)
{
    BOOST_TEST(autosaveInterval(nullptr).count() == 60000);
    BOOST_TEST(autosaveInterval("").count() == 60000);
    BOOST_TEST(autosaveInterval("1").count() == 1000);
    BOOST_TEST(autosaveInterval("0.5").count() == 500);
    BOOST_TEST(autosaveInterval("-3").count() == 60000);
    BOOST_TEST(autosaveInterval("soon").count() == 60000);
    BOOST_TEST(!processRunning(deadPid()));
    BOOST_TEST(processRunning(::getpid()));
}

BOOST_AUTO_TEST_SUITE_END()
