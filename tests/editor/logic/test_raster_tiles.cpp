// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../raster_tiles.hpp: level choice, visible tiles, tile rectangles, the LRU cache.
#include "sandtable/editor/logic/raster_tiles.hpp"

#include <boost/test/unit_test.hpp>

#include <string>

using namespace sandtable::editor;

namespace {

// The Gettysburg scan's levels as GDAL reports them: 1500 x 2500 and its JPEG reduced decodes.
const std::vector<RasterLevel> kScanLevels{{1500, 2500}, {750, 1250}, {375, 625}, {188, 313}};

} // namespace

BOOST_AUTO_TEST_SUITE(raster_tiles)

BOOST_AUTO_TEST_CASE(zoomed_in_reads_full_resolution)
{
    BOOST_TEST(chooseLevel(kScanLevels, 3.0) == 0);
    BOOST_TEST(chooseLevel(kScanLevels, 1.0) == 0);
    BOOST_TEST(chooseLevel(kScanLevels, 0.9) == 0); // a level-1 pixel would be 1.8 device pixels
}

BOOST_AUTO_TEST_CASE(zoomed_out_reads_the_coarsest_level_not_coarser_than_a_screen_pixel)
{
    BOOST_TEST(chooseLevel(kScanLevels, 0.5) == 1);
    BOOST_TEST(chooseLevel(kScanLevels, 0.3) == 1);
    BOOST_TEST(chooseLevel(kScanLevels, 0.25) == 2);
    // 1500/188 = 7.98, 2500/313 = 7.99: the 1/8 level counts as 8 within rounding.
    BOOST_TEST(chooseLevel(kScanLevels, 0.125) == 3);
    BOOST_TEST(chooseLevel(kScanLevels, 0.01) == 3);
    BOOST_TEST(chooseLevel({{100, 100}}, 0.01) == 0);
    BOOST_TEST(chooseLevel({}, 0.5) == 0);
}

BOOST_AUTO_TEST_CASE(level_to_source_scales_by_the_overview_factor)
{
    const Affine2D m = levelToSource(kScanLevels, 1);
    const Point p = m.apply({10.0, 10.0});
    BOOST_TEST(p.x == 20.0);
    BOOST_TEST(p.y == 20.0);
    BOOST_TEST((levelToSource(kScanLevels, 0) == Affine2D::identity()));
}

BOOST_AUTO_TEST_CASE(an_unscaled_view_of_the_top_left_corner_needs_four_tiles)
{
    // Level pixels map 1:1 onto an 400 x 300 viewport: columns 0-1 (0..400), rows 0-1 (0..300).
    const auto tiles = visibleTiles({1500, 2500}, 0, Affine2D::identity(), 400.0, 300.0);
    BOOST_REQUIRE(tiles.size() == 4u);
    BOOST_TEST((tiles[0] == TileKey{0, 0, 0}));
    BOOST_TEST((tiles[1] == TileKey{0, 1, 0}));
    BOOST_TEST((tiles[3] == TileKey{0, 1, 1}));
}

BOOST_AUTO_TEST_CASE(tiles_are_clipped_to_the_image)
{
    // The image sits 1000 px left of the viewport's origin: image x 1000..1500 shows (not ..1600), which
    // is tile columns 3 (768..1024), 4 and 5 (1280..1500), in row 0.
    const auto tiles = visibleTiles({1500, 2500}, 2, Affine2D::translation(-1000.0, 0.0), 600.0, 100.0);
    BOOST_REQUIRE(tiles.size() == 3u);
    BOOST_TEST((tiles[0] == TileKey{2, 3, 0}));
    BOOST_TEST((tiles[2] == TileKey{2, 5, 0}));
    BOOST_TEST(visibleTiles({1500, 2500}, 0, Affine2D::translation(-5000.0, 0.0), 600.0, 100.0).empty());
}

BOOST_AUTO_TEST_CASE(a_rotated_view_takes_the_bounding_box_of_the_viewport)
{
    // Level -> screen turns by 90 degrees: screen (x, y) = (-ly + 300, lx). The 300 x 300 viewport covers
    // level x 0..300, y 0..300: tiles (0,0), (1,0), (0,1), (1,1).
    const Affine2D turn{0.0, 1.0, -1.0, 0.0, 300.0, 0.0};
    BOOST_TEST(visibleTiles({1500, 2500}, 0, turn, 300.0, 300.0).size() == 4u);
}

BOOST_AUTO_TEST_CASE(edge_tiles_are_cut_to_the_image_size)
{
    BOOST_TEST((tileRect({1500, 2500}, {0, 5, 9}) == TileRect{1280, 2304, 220, 196}));
    BOOST_TEST((tileRect({1500, 2500}, {0, 0, 0}) == TileRect{0, 0, 256, 256}));
}

BOOST_AUTO_TEST_CASE(cache_evicts_the_least_recently_used_tile_past_its_budget)
{
    TileCache<std::string> cache(300);
    cache.insert({0, 0, 0}, "a", 100);
    cache.insert({0, 1, 0}, "b", 100);
    cache.insert({0, 2, 0}, "c", 100);
    BOOST_REQUIRE(cache.find({0, 0, 0}) != nullptr); // a is now the most recently used
    cache.insert({0, 3, 0}, "d", 100);               // evicts b
    BOOST_TEST(cache.contains({0, 0, 0}));
    BOOST_TEST(!cache.contains({0, 1, 0}));
    BOOST_TEST(cache.contains({0, 2, 0}));
    BOOST_TEST(cache.contains({0, 3, 0}));
    BOOST_TEST(cache.cost() == 300u);
    const std::string* d = cache.find({0, 3, 0});
    BOOST_REQUIRE(d != nullptr);
    BOOST_TEST(*d == "d");
}

BOOST_AUTO_TEST_CASE(cache_replaces_a_tile_inserted_twice_and_keeps_an_oversized_one)
{
    TileCache<std::string> cache(100);
    cache.insert({1, 0, 0}, "old", 40);
    cache.insert({1, 0, 0}, "new", 50);
    BOOST_TEST(cache.size() == 1u);
    BOOST_TEST(cache.cost() == 50u);
    const std::string* replaced = cache.find({1, 0, 0});
    BOOST_REQUIRE(replaced != nullptr);
    BOOST_TEST(*replaced == "new");
    cache.insert({1, 1, 0}, "huge", 500);
    BOOST_TEST(cache.size() == 1u);
    BOOST_TEST(cache.contains({1, 1, 0}));
    cache.clear();
    BOOST_TEST(cache.size() == 0u);
    BOOST_TEST(cache.cost() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
