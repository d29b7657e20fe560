// SPDX-License-Identifier: GPL-3.0-or-later
// The importer interface: probes, the registry's choice (content beats name, target first), settings
// checked against the declared options; and EditBuilder, which makes several operations one undo step.
#include "sandtable/core/io/importer.hpp"

#include "sandtable/core/document/document.hpp"
#include "sandtable/core/document/edit_builder.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/scenario_fixtures.hpp"
#include "support/test_data.hpp"

#include <boost/test/unit_test.hpp>

#include <fstream>

using namespace sandtable::core;

namespace {

/// An importer that reads what its `match` says it reads and adds nothing: the registry's choice is what
/// these tests look at.
class FixedMatch final : public io::Importer {
public:
    FixedMatch(std::string name, io::ImportTarget target, std::function<io::Match(const io::FileProbe&)> match)
        : m_name(std::move(name)), m_target(target), m_match(std::move(match))
    {
    }
    std::string_view name() const override { return m_name; }
    std::string description() const override { return m_name + " files"; }
    io::ImportTarget target() const override { return m_target; }
    const std::vector<io::ImportOption>& options() const override
    {
        static const std::vector<io::ImportOption> options = {
            {"levels", "contour heights", true, false, false},
            {"map", "VALUE=CLASS", false, true, false},
            {"layer", "one layer", false, false, false},
        };
        return options;
    }
    io::Match identify(const io::FileProbe& probe) const override { return m_match(probe); }
    io::ImportResult run(const Scenario&, const io::ImportRequest&) const override { return {}; }

private:
    std::string m_name;
    io::ImportTarget m_target;
    std::function<io::Match(const io::FileProbe&)> m_match;
};

std::unique_ptr<io::Importer> importer(const std::string& name, io::ImportTarget target, std::function<io::Match(const io::FileProbe&)> match)
{
    return std::make_unique<FixedMatch>(name, target, std::move(match));
}

io::FileProbe probeOf(const std::string& head, const std::string& extension)
{
    io::FileProbe p;
    p.path = "/data/input" + extension;
    p.extension = extension;
    p.head = head;
    p.size = head.size();
    return p;
}

} // namespace

BOOST_AUTO_TEST_SUITE(importer_interface)

BOOST_AUTO_TEST_CASE(content_beats_name_and_ties_go_to_the_first_added)
{
    io::ImporterRegistry registry;
    registry.add(importer("by-name", io::ImportTarget::Terrain, [](const io::FileProbe& p) { return p.extension == ".json" ? io::Match::ByName : io::Match::No; }));
    registry.add(importer("by-content", io::ImportTarget::Terrain,
        [](const io::FileProbe& p) { return p.head.find("FeatureCollection") != std::string::npos ? io::Match::ByContent : io::Match::No; }));
    registry.add(importer("also-by-name", io::ImportTarget::Terrain, [](const io::FileProbe& p) { return p.extension == ".json" ? io::Match::ByName : io::Match::No; }));
    // A GeoJSON named .json: the importer that recognises the content wins although added second.
    BOOST_TEST(registry.choose(io::ImportTarget::Terrain, probeOf(R"({"type": "FeatureCollection"})", ".json")).name() == "by-content");
    // The same content under another name is still recognised: the choice is not by extension.
    BOOST_TEST(registry.choose(io::ImportTarget::Terrain, probeOf(R"({"type": "FeatureCollection"})", ".txt")).name() == "by-content");
    // Two importers reading it by name only: the first added.
    BOOST_TEST(registry.choose(io::ImportTarget::Terrain, probeOf("[1, 2]", ".json")).name() == "by-name");
    BOOST_CHECK_THROW(registry.add(importer("by-name", io::ImportTarget::Cards, [](const io::FileProbe&) { return io::Match::No; })),
        std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_file_of_another_target_is_refused_with_the_command_that_reads_it)
{
    io::ImporterRegistry registry;
    registry.add(importer("vector", io::ImportTarget::Terrain, [](const io::FileProbe&) { return io::Match::No; }));
    registry.add(importer("roster", io::ImportTarget::OrderOfBattle,
        [](const io::FileProbe& p) { return p.head.starts_with("id,type,formation") ? io::Match::ByContent : io::Match::No; }));
    const io::FileProbe roster = probeOf("id,type,formation\nu1,infantry,f1\n", ".csv");
    BOOST_TEST(registry.choose(io::ImportTarget::OrderOfBattle, roster).name() == "roster");
    BOOST_TEST(registry.choose(roster).name() == "roster"); // any target: the editor's File > Import...
    try {
        registry.choose(io::ImportTarget::Terrain, roster);
        BOOST_FAIL("a roster was taken as terrain");
    } catch (const util::FormatError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("/data/input.csv") == 0u, what);
        BOOST_TEST(what.find("vector: vector files") != std::string::npos, what);  // what the terrain importers read
        BOOST_TEST(what.find("roster for 'oob import'") != std::string::npos, what); // and the way out
    }
    BOOST_CHECK_THROW(registry.choose(probeOf("\x89PNG", ".png")), util::FormatError);
}

BOOST_AUTO_TEST_CASE(settings_are_checked_against_the_declared_options)
{
    const FixedMatch dem("dem", io::ImportTarget::Terrain, [](const io::FileProbe&) { return io::Match::ByContent; });
    io::ImportRequest request{"/data/dem.tif", {{"levels", "10,20"}, {"map", "a=b"}, {"map", "c=d"}}, {}};
    BOOST_CHECK_NO_THROW(io::checkSettings(dem, request)); // "map" may repeat
    BOOST_TEST(request.values("map") == (std::vector<std::string>{"a=b", "c=d"}));
    BOOST_TEST(request.value("layer", "all") == "all");

    const auto refusal = [&](const io::ImportRequest& r) {
        try {
            io::checkSettings(dem, r);
        } catch (const util::OperationError& e) {
            return e.object() + ": " + e.reason();
        }
        return std::string("accepted");
    };
    BOOST_TEST(refusal({"/data/dem.tif", {{"levels", "10"}, {"class", "woods"}}, {}}).starts_with("--class: not a setting of the dem importer"));
    BOOST_TEST(refusal({"/data/dem.tif", {}, {}}).starts_with("--levels: the dem importer needs it"));
    BOOST_TEST(refusal({"/data/dem.tif", {{"levels", "10"}, {"layer", "a"}, {"layer", "b"}}, {}}) == "--layer: given more than once");
}

BOOST_AUTO_TEST_CASE(exactly_one_option_of_a_group_is_given)
{
    // The vector importer's alternatives: a class for every feature, or a field holding it.
    class Alternatives final : public io::Importer {
    public:
        std::string_view name() const override { return "vector"; }
        std::string description() const override { return "vector files"; }
        io::ImportTarget target() const override { return io::ImportTarget::Terrain; }
        const std::vector<io::ImportOption>& options() const override
        {
            static const std::vector<io::ImportOption> options = {
                {"class", "one class", false, false, false, "terrain class"},
                {"class-from", "a field", false, false, false, "terrain class", {}, "class"},
                {"layer", "one layer", false, false, false},
            };
            return options;
        }
        io::Match identify(const io::FileProbe&) const override { return io::Match::ByContent; }
        io::ImportResult run(const Scenario&, const io::ImportRequest&) const override { return {}; }
    } vector;
    const auto refusal = [&](std::vector<std::pair<std::string, std::string>> settings) {
        try {
            io::checkSettings(vector, {"/data/v.geojson", std::move(settings), {}});
        } catch (const util::OperationError& e) {
            return e.object() + ": " + e.reason();
        }
        return std::string("accepted");
    };
    BOOST_TEST(refusal({{"class", "woods"}}) == "accepted");
    BOOST_TEST(refusal({{"class-from", "landuse"}, {"layer", "a"}}) == "accepted");
    BOOST_TEST(refusal({{"layer", "a"}}) == "--class, --class-from: the vector importer needs one of them (terrain class)");
    BOOST_TEST(refusal({{"class", "woods"}, {"class-from", "landuse"}}) == "--class, --class-from: give only one of --class, --class-from");
}

BOOST_AUTO_TEST_CASE(a_probe_reads_the_name_and_the_first_bytes_only)
{
    sandtable::test::TemporaryFolder folder;
    const auto csv = folder / "Roster.CSV";
    io::writeFileAtomically(csv, "\xEF\xBB\xBFid,type\r\nu1,infantry\r\n");
    const io::FileProbe small = io::FileProbe::of(csv);
    BOOST_TEST(small.extension == ".csv");
    BOOST_TEST(small.firstLine() == "id,type");
    BOOST_TEST(small.size == 25u); // 3 (BOM) + 9 ("id,type\r\n") + 13 ("u1,infantry\r\n")
    const auto big = folder / "big.geojson";
    io::writeFileAtomically(big, std::string(10000, ' '));
    const io::FileProbe large = io::FileProbe::of(big);
    BOOST_TEST(large.head.size() == io::FileProbe::kHeadBytes);
    BOOST_TEST(large.size == 10000u);
    std::filesystem::create_directory(folder / "tiles");
    io::writeFileAtomically(folder / "tiles" / "t_14_2_1.png", "x");
    io::writeFileAtomically(folder / "tiles" / "a.txt", "x");
    const io::FileProbe tiles = io::FileProbe::of(folder / "tiles");
    BOOST_TEST(tiles.directory);
    BOOST_TEST(tiles.entries == (std::vector<std::string>{"a.txt", "t_14_2_1.png"}));
    BOOST_CHECK_THROW(io::FileProbe::of(folder / "missing.csv"), util::IoError);
}

BOOST_AUTO_TEST_CASE(an_edit_builder_makes_dependent_operations_one_undo_step)
{
    const Scenario start = sandtable::test::smallScenario();
    const std::size_t sides = start.sides.size();
    const std::size_t formations = start.formations.size();
    document::EditBuilder builder(start, "Import");
    builder.add(document::operations::addSide(builder.scenario(), Side{SideId("green"), "Green", "#00aa00"}));
    // The formation's side exists only in the builder's scenario: the second operation sees the first.
    Formation f;
    f.id = FormationId("green-1");
    f.side = SideId("green");
    f.name = "1st Green";
    builder.add(document::operations::addFormation(builder.scenario(), f));
    BOOST_CHECK_THROW(builder.add(document::operations::addFormation(start, f)), util::OperationError); // already there
    document::Edit edit = builder.take();
    BOOST_TEST(edit.label == "Import");
    BOOST_TEST(edit.changes.size() == 2u);

    document::Document document(start, "");
    document.apply(std::move(edit));
    BOOST_TEST(document.scenario().sides.size() == sides + 1);
    BOOST_TEST(document.scenario().formations.size() == formations + 1);
    document.undo(); // one step takes both away
    BOOST_TEST(document.scenario().sides.size() == sides);
    BOOST_TEST(document.scenario().formations.size() == formations);
}

BOOST_AUTO_TEST_SUITE_END()
