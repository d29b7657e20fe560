// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of vassal/include/sandtable/vassal/vassal_module.hpp: VASSAL's SequenceEncoder rules, versions,
// reading modules (zip and folder) made by hand, and every kind of bad module refused with file and element.
#include "sandtable/vassal/vassal_module.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "support/raster_fixtures.hpp"
#include "support/test_data.hpp"

#include <cpl_conv.h>

#include <boost/test/unit_test.hpp>

#include <functional>
#include <set>

namespace vassal = sandtable::vassal;
using sandtable::vassal::importVassalModule;
using sandtable::vassal::readVassalModule;

namespace {

/// A zip of (name, bytes) written with GDAL's minizip, independently of the module writer.
void writeZip(const std::filesystem::path& path, const std::vector<std::pair<std::string, std::string>>& entries)
{
    void* zip = CPLCreateZip(path.string().c_str(), nullptr);
    BOOST_REQUIRE(zip);
    for (const auto& [name, bytes] : entries) {
        BOOST_REQUIRE(CPLCreateFileInZip(zip, name.c_str(), nullptr) == CE_None);
        BOOST_REQUIRE(CPLWriteFileInZip(zip, bytes.data(), static_cast<int>(bytes.size())) == CE_None);
        BOOST_REQUIRE(CPLCloseFileInZip(zip) == CE_None);
    }
    BOOST_REQUIRE(CPLCloseZip(zip) == CE_None);
}

/// A small foreign module's buildFile (as VASSAL 3.7 writes one): a roster, a board with a zoned grid (one
/// zone with a square grid, one holding a region grid whose outline runs 4 px past the board's bottom
/// edge), a palette and an at-start stack whose pieces use a prototype.
std::string foreignBuildFile(const std::string& version = "3.7.5", const std::string& image = "map.png")
{
    return R"(<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion=")" + version + R"(" description="A test" name="Foreign" nextPieceSlotId="9" version="2.0">
  <VASSAL.build.module.PlayerRoster buttonKeyStroke="" buttonText="Retire" buttonToolTip=""><entry>Blue</entry><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition name="Blue unit">+/null/mark;Side	piece;;;;/Blue	null;0;0;;0</VASSAL.build.module.PrototypeDefinition>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image=")" + image + R"(" name="Valley" reversible="false">
        <VASSAL.build.module.map.boardPicker.board.ZonedGrid>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="Ridge" path="0,0;20,0;20,10;0,10" useHighlight="false" useParentGrid="false">
            <VASSAL.build.module.map.boardPicker.board.SquareGrid dx="10.0" dy="10.0" x0="5" y0="5"/>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
          <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone highlightProperty="" locationFormat="$name$" name="Hamlet" path="22,12;38,12;38,34;22,28" useHighlight="false" useParentGrid="false">
            <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize="9" snapto="true" visible="false">
              <VASSAL.build.module.map.boardPicker.board.Region name="Mill" originx="30" originy="20"/>
            </VASSAL.build.module.map.boardPicker.board.RegionGrid>
          </VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>
        </VASSAL.build.module.map.boardPicker.board.ZonedGrid>
      </VASSAL.build.module.map.boardPicker.Board>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.SetupStack name="s" owningBoard="Valley" useGridLocation="false" x="12" y="7">
      <VASSAL.build.widget.PieceSlot entryName="1st Foot" gpid="3" height="10" width="20">+/null/prototype;Blue unit	rotate;1;;;;;;;;;;true\	piece;;;foot.png;1st Foot/	-90.0\	null;0;0;3;0</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Forces">
    <VASSAL.build.widget.TabWidget entryName="Forces">
      <VASSAL.build.widget.ListWidget entryName="Red">
        <VASSAL.build.widget.PieceSlot entryName="Red Horse" gpid="4" height="10" width="20">+/null/emb2;;130;;;130;;;130;;;;1;false;0;0;a.png,b.png;,;true;Lvl;;;false;;1;1;true;;;;;1.0;;true	piece;;;horse.png;Red Horse/1	null;0;0;4;0</VASSAL.build.widget.PieceSlot>
      </VASSAL.build.widget.ListWidget>
    </VASSAL.build.widget.TabWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
)";
}

std::string moduledata(const std::string& version)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\">\n  <version>2.0</version>\n"
           "  <VassalVersion>" + version + "</VassalVersion>\n  <name>Foreign</name>\n</data>\n";
}

/// A 40 x 30 PNG, as a module's board image.
std::string boardPng(const sandtable::test::TemporaryFolder& folder)
{
    const auto png = folder / "board-source.png";
    sandtable::test::writeRaster(png, "PNG", 40, 30, 3);
    return sandtable::core::io::readFile(png);
}

template <class E>
std::string failure(const std::function<void()>& f)
{
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    BOOST_FAIL("no exception of the expected type");
    return {};
}

} // namespace

BOOST_AUTO_TEST_SUITE(vassal_module)

BOOST_AUTO_TEST_CASE(encodes_tokens_as_sequence_encoder_does)
{
    // SequenceEncoder.append: a delimiter inside a token gets a backslash; a token starting with a backslash,
    // or wrapped in single quotes, is wrapped in (more) single quotes; an empty token is nothing.
    BOOST_TEST(vassal::codec::encode({"a;b", "", "\\x", "'q'", "z"}, ';') == "a\\;b;;'\\x';''q'';z");
    BOOST_TEST(vassal::codec::decode("a\\;b;;'\\x';''q'';z", ';')
            == (std::vector<std::string>{"a;b", "", "\\x", "'q'", "z"}),
        boost::test_tools::per_element());
    // Decorator.getType: the trait, a tab, the inner piece's type whose own tabs gain one backslash.
    const std::string inner = vassal::codec::encode({"rotate;1", "piece;;;i.png;N"}, '\t');
    BOOST_TEST(inner == "rotate;1\tpiece;;;i.png;N");
    const std::string outer = vassal::codec::encode({"mark;Side", inner}, '\t');
    BOOST_TEST(outer == "mark;Side\trotate;1\\\tpiece;;;i.png;N");
    const auto level1 = vassal::codec::decode(outer, '\t');
    BOOST_REQUIRE_EQUAL(level1.size(), 2u);
    BOOST_TEST(level1[1] == inner);
    // Decoder: an empty text is one empty token; a trailing delimiter gives an empty last token.
    BOOST_TEST(vassal::codec::decode("", ';') == (std::vector<std::string>{""}), boost::test_tools::per_element());
    BOOST_TEST(vassal::codec::decode("a;", ';') == (std::vector<std::string>{"a", ""}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(writes_angles_as_java_doubles_and_compares_versions)
{
    BOOST_TEST(vassal::codec::javaDouble(-45.0) == "-45.0");
    BOOST_TEST(vassal::codec::javaDouble(-0.0) == "0.0");
    BOOST_TEST(vassal::codec::javaDouble(-22.5) == "-22.5");
    BOOST_TEST(vassal::codec::compareVersions("3.7.0", "3.7.12") < 0);
    BOOST_TEST(vassal::codec::compareVersions("3.8", "3.7.15") > 0);
    BOOST_TEST(vassal::codec::compareVersions("3.7.0-beta1", "3.7.0") == 0);
    BOOST_TEST(vassal::codec::compareVersions("3.7", "3.7.0") == 0);
}

BOOST_AUTO_TEST_CASE(reads_a_foreign_module_zip_with_prototypes_zones_and_traits)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "foreign.vmod";
    writeZip(vmod, {{"moduledata", moduledata("3.7.5")}, {"buildFile.xml", foreignBuildFile()}, {"images/map.png", boardPng(folder)}});
    const auto m = readVassalModule(vmod);
    BOOST_TEST(m.name == "Foreign");
    BOOST_TEST(m.vassalVersion == "3.7.5");
    BOOST_TEST(m.sides == (std::vector<std::string>{"Blue", "Red"}), boost::test_tools::per_element());
    BOOST_REQUIRE_EQUAL(m.boards.size(), 1u);
    BOOST_TEST(m.boards[0].name == "Valley");
    BOOST_TEST(m.boards[0].map == "Main Map");
    BOOST_REQUIRE_EQUAL(m.boards[0].zones.size(), 2u);
    BOOST_TEST(m.boards[0].zones[0].name == "Ridge");
    BOOST_TEST(m.boards[0].zones[0].points.size() == 4u);
    BOOST_REQUIRE(m.boards[0].grid);
    BOOST_TEST(m.boards[0].grid->kind == "square"); // the zone's own grid
    BOOST_TEST(m.boards[0].grid->dx == 10.0);
    BOOST_REQUIRE_EQUAL(m.pieces.size(), 2u);
    // The at-start piece: its Side from the prototype's Marker, its angle from the FreeRotator's state.
    BOOST_TEST(m.pieces[0].name == "1st Foot");
    BOOST_TEST(m.pieces[0].image == "foot.png");
    BOOST_TEST(m.pieces[0].properties.at("Side") == "Blue");
    BOOST_REQUIRE(m.pieces[0].angle);
    BOOST_TEST(*m.pieces[0].angle == -90.0);
    BOOST_REQUIRE(m.pieces[0].position);
    BOOST_TEST((*m.pieces[0].position)[0] == 12.0);
    BOOST_TEST(m.pieces[0].board == "Valley");
    // The palette piece: found under Forces / Red; its Layer trait is a finding, not dropped silently.
    BOOST_TEST(m.pieces[1].name == "Red Horse");
    BOOST_TEST(m.pieces[1].palette == "Forces / Red"); // TabWidget, then ListWidget entryName
    bool layer = false;
    for (const auto& f : m.findings)
        layer = layer || (f.code == "vassal.trait_skipped" && f.message.find("'emb2'") != std::string::npos);
    BOOST_TEST(layer);
}

BOOST_AUTO_TEST_CASE(imports_an_unpacked_folder_as_a_scenario_to_complete)
{
    sandtable::test::TemporaryFolder folder;
    const auto module = folder / "unpacked";
    std::filesystem::create_directories(module / "images");
    sandtable::core::io::writeFileAtomically(module / "buildFile.xml", foreignBuildFile());
    sandtable::core::io::writeFileAtomically(module / "images" / "map.png", boardPng(folder));
    const auto scenario = folder / "out" / "valley.sandtable.json";
    std::filesystem::create_directories(scenario.parent_path());
    const auto made = importVassalModule(module, scenario);
    BOOST_TEST(made.boardName == "Valley");
    BOOST_TEST(std::filesystem::exists(folder / "out" / "valley.board.png"));
    BOOST_TEST(made.base.map.width == 40);
    BOOST_TEST(made.base.map.height == 30);
    BOOST_TEST(!made.base.map.georeference);
    BOOST_REQUIRE_EQUAL(made.sides.size(), 2u);
    BOOST_TEST(made.sides[0].name == "Blue");
    BOOST_REQUIRE_EQUAL(made.units.size(), 2u);
    // No ground frame: the at-start piece is a unit, unplaced, and says so; the Red palette list puts
    // "Red Horse" under Red (the palette path names the side).
    BOOST_TEST(!made.units[0].placement);
    const auto formationOf = [&](const sandtable::core::Unit& u) {
        for (const auto& f : made.formations)
            if (f.id == u.formation)
                return f;
        BOOST_FAIL("unit without formation");
        return sandtable::core::Formation{};
    };
    BOOST_TEST(formationOf(made.units[0]).side.str() == "blue");
    BOOST_TEST(formationOf(made.units[1]).side.str() == "red");
    std::set<std::string> codes;
    for (const auto& f : made.findings)
        codes.insert(f.code);
    for (const char* code : {"vassal.no_moduledata", "vassal.setup_unplaced", "vassal.unit_incomplete", "vassal.grid", "vassal.zone"})
        BOOST_TEST(codes.count(code) == 1u, code);
    BOOST_TEST(made.zones == 2);
    BOOST_TEST(made.regions == 1);
    // Zones and regions are named places on the scan, in board pixels: Ridge's outline as written, Hamlet's
    // corner at y = 34 clipped to the 30 px board, Mill one point.
    const auto& places = made.base.map.places;
    BOOST_REQUIRE_EQUAL(places.size(), 3u);
    BOOST_TEST(places[0].name == "Ridge");
    BOOST_TEST((places[0].pixels == std::vector<sandtable::core::Coordinate>{{0, 0}, {20, 0}, {20, 10}, {0, 10}}));
    BOOST_TEST(places[1].name == "Hamlet");
    BOOST_TEST((places[1].pixels[2] == sandtable::core::Coordinate{38, 30}));
    BOOST_TEST(places[2].name == "Mill");
    BOOST_TEST(!places[2].isArea());
    BOOST_TEST((places[2].pixels == std::vector<sandtable::core::Coordinate>{{30, 20}}));
    BOOST_TEST(places[2].note == "VASSAL region of board Valley");
}

BOOST_AUTO_TEST_CASE(refuses_a_zip_that_is_not_a_module)
{
    sandtable::test::TemporaryFolder folder;
    const auto zip = folder / "notes.zip";
    writeZip(zip, {{"readme.txt", "hello"}});
    const std::string what = failure<sandtable::core::util::FormatError>([&] { readVassalModule(zip); });
    BOOST_TEST(what.find(zip.string()) != std::string::npos);
    BOOST_TEST(what.find("buildFile.xml") != std::string::npos);
    // Not a zip at all.
    const auto text = folder / "game.vmod";
    sandtable::core::io::writeFileAtomically(text, "just text");
    BOOST_TEST(failure<sandtable::core::util::FormatError>([&] { readVassalModule(text); }).find("not a VASSAL module") != std::string::npos);
    // Missing.
    failure<sandtable::core::util::IoError>([&] { readVassalModule(folder / "absent.vmod"); });
}

BOOST_AUTO_TEST_CASE(refuses_a_build_file_that_does_not_parse_or_is_not_a_module)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "broken.vmod";
    writeZip(vmod, {{"buildFile.xml", "<VASSAL.build.GameModule name=\"x\"><VASSAL.build.module.Map>"}});
    const std::string what = failure<sandtable::core::util::FormatError>([&] { readVassalModule(vmod); });
    BOOST_TEST(what.find("broken.vmod!buildFile.xml") != std::string::npos);
    const auto other = folder / "other.vmod";
    writeZip(other, {{"buildFile.xml", "<?xml version=\"1.0\"?>\n<html><body/></html>"}});
    const std::string root = failure<sandtable::core::util::FormatError>([&] { readVassalModule(other); });
    BOOST_TEST(root.find("html") != std::string::npos);
    BOOST_TEST(root.find("VASSAL.build.GameModule") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(refuses_a_module_from_a_newer_vassal)
{
    sandtable::test::TemporaryFolder folder;
    const auto byBuildFile = folder / "new.vmod";
    writeZip(byBuildFile, {{"buildFile.xml", foreignBuildFile("3.8.1")}});
    const std::string what = failure<sandtable::core::util::FormatError>([&] { readVassalModule(byBuildFile); });
    BOOST_TEST(what.find("3.8.1") != std::string::npos);
    BOOST_TEST(what.find("VassalVersion") != std::string::npos);
    BOOST_TEST(what.find("buildFile.xml") != std::string::npos);
    const auto byModuledata = folder / "newer.vmod";
    writeZip(byModuledata, {{"moduledata", moduledata("4.0.0")}, {"buildFile.xml", foreignBuildFile()}});
    const std::string data = failure<sandtable::core::util::FormatError>([&] { readVassalModule(byModuledata); });
    BOOST_TEST(data.find("moduledata") != std::string::npos);
    BOOST_TEST(data.find("4.0.0") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(refuses_numbers_that_are_not_numbers_naming_the_element_and_attribute)
{
    // A grid spacing or a zone outline that does not parse is an error, never a silent 0.
    sandtable::test::TemporaryFolder folder;
    std::string build = foreignBuildFile();
    const auto at = build.find("dx=\"10.0\"");
    BOOST_REQUIRE(at != std::string::npos);
    build.replace(at, 9, "dx=\"ten\"");
    const auto badGrid = folder / "grid.vmod";
    writeZip(badGrid, {{"buildFile.xml", build}});
    const std::string what = failure<sandtable::core::util::FormatError>([&] { readVassalModule(badGrid); });
    BOOST_TEST(what.find("grid.vmod!buildFile.xml") != std::string::npos, what);
    BOOST_TEST(what.find("SquareGrid dx") != std::string::npos, what);
    BOOST_TEST(what.find("'ten' is not a number") != std::string::npos, what);
    std::string outline = foreignBuildFile();
    const auto path = outline.find("20,10;0,10");
    BOOST_REQUIRE(path != std::string::npos);
    outline.replace(path, 5, "2O,10"); // a letter O for a zero
    const auto badZone = folder / "zone.vmod";
    writeZip(badZone, {{"buildFile.xml", outline}});
    const std::string zone = failure<sandtable::core::util::FormatError>([&] { readVassalModule(badZone); });
    BOOST_TEST(zone.find("Zone path") != std::string::npos, zone);
    BOOST_TEST(zone.find("'2O' is not a number") != std::string::npos, zone);
}

BOOST_AUTO_TEST_CASE(refuses_a_board_image_missing_from_the_archive_and_leaves_nothing)
{
    sandtable::test::TemporaryFolder folder;
    const auto vmod = folder / "noimage.vmod";
    writeZip(vmod, {{"buildFile.xml", foreignBuildFile("3.7.0", "lost.png")}});
    const auto out = folder / "out";
    std::filesystem::create_directories(out);
    const std::string what = failure<sandtable::core::util::FormatError>([&] { importVassalModule(vmod, out / "s.sandtable.json"); });
    BOOST_TEST(what.find("images/lost.png") != std::string::npos);
    BOOST_TEST(what.find("Valley") != std::string::npos);
    BOOST_TEST(std::filesystem::is_empty(out));
    // --board naming no board.
    writeZip(folder / "ok.vmod", {{"buildFile.xml", foreignBuildFile()}, {"images/map.png", boardPng(folder)}});
    const std::string board = failure<sandtable::core::util::OperationError>([&] {
        sandtable::vassal::VassalImportOptions o;
        o.board = "Hills";
        importVassalModule(folder / "ok.vmod", out / "s.sandtable.json", o);
    });
    BOOST_TEST(board.find("'Valley'") != std::string::npos);
    BOOST_TEST(std::filesystem::is_empty(out));
}

BOOST_AUTO_TEST_SUITE_END()
