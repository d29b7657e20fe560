// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of editor/logic/.../pixel_size.hpp: the --size option.
#include "sandtable/editor/logic/pixel_size.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable::editor;

BOOST_AUTO_TEST_SUITE(pixel_size)

BOOST_AUTO_TEST_CASE(reads_width_by_height)
{
    BOOST_TEST((parsePixelSize("800x600") == PixelSize{800, 600}));
    BOOST_TEST((parsePixelSize("1024X768") == PixelSize{1024, 768}));
}

BOOST_AUTO_TEST_CASE(refuses_malformed_and_out_of_range_sizes)
{
    BOOST_TEST(!parsePixelSize("800").has_value());
    BOOST_TEST(!parsePixelSize("800x").has_value());
    BOOST_TEST(!parsePixelSize("x600").has_value());
    BOOST_TEST(!parsePixelSize("800x600px").has_value());
    BOOST_TEST(!parsePixelSize("-800x600").has_value());
    BOOST_TEST(!parsePixelSize("8x600").has_value());
    BOOST_TEST(!parsePixelSize("20000x600").has_value());
    BOOST_TEST((parsePixelSize("16x16384") == PixelSize{16, 16384}));
}

BOOST_AUTO_TEST_SUITE_END()
