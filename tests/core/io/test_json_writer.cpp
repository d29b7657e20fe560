// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/json_writer.hpp: shortest round-trip numbers, deterministic bytes.
#include "sandtable/core/io/json_writer.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>

using sandtable::core::writeJson;
using Json = nlohmann::ordered_json;

BOOST_AUTO_TEST_SUITE(io_json_writer)

BOOST_AUTO_TEST_CASE(writes_the_shortest_form_that_reads_back)
{
    BOOST_TEST(writeJson(Json(0.1), 0) == "0.1");
    BOOST_TEST(writeJson(Json(39.8309), 0) == "39.8309");
    BOOST_TEST(writeJson(Json(-77.2311), 0) == "-77.2311");
    // 0.1 + 0.2 is not 0.3 in binary: all 17 significant digits are needed.
    BOOST_TEST(writeJson(Json(0.1 + 0.2), 0) == "0.30000000000000004");
    BOOST_TEST(writeJson(Json(16000.0), 0) == "16000.0");
    BOOST_TEST(writeJson(Json(42), 0) == "42");
}

BOOST_AUTO_TEST_CASE(every_double_reads_back_identically)
{
    const double values[] = {312345.6789012345, 4412345.123456789, 1e-300, 6.02214076e23, -0.0, 1.0 / 3.0};
    for (double v : values) {
        const Json back = Json::parse(writeJson(Json(v), 0));
        BOOST_TEST(back.get<double>() == v);
    }
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_become_null)
{
    BOOST_TEST(writeJson(Json(std::numeric_limits<double>::quiet_NaN()), 0) == "null");
    BOOST_TEST(writeJson(Json(std::numeric_limits<double>::infinity()), 0) == "null");
}

BOOST_AUTO_TEST_CASE(indents_objects_and_keeps_number_arrays_on_one_line)
{
    const Json j = {{"a", 1}, {"b", Json::array({1.5, 2.5})}, {"c", Json::object()}};
    BOOST_TEST(writeJson(j, 2) == "{\n  \"a\": 1,\n  \"b\": [1.5, 2.5],\n  \"c\": {}\n}\n");
}

BOOST_AUTO_TEST_CASE(keeps_a_ring_of_coordinates_on_one_line)
{
    // A polygon's coordinates: one line per ring, not one per vertex; an array of objects still breaks.
    const Json j = {{"coordinates", Json::array({Json::array({Json::array({0.5, 1.0}), Json::array({2.0, 3.25})})})},
        {"items", Json::array({Json::object({{"x", 1}})})}};
    BOOST_TEST(writeJson(j, 2)
        == "{\n  \"coordinates\": [\n    [[0.5, 1.0], [2.0, 3.25]]\n  ],\n  \"items\": [\n    {\n      \"x\": 1\n    }\n  ]\n}\n");
}

BOOST_AUTO_TEST_SUITE_END()
