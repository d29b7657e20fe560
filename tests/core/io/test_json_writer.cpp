// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of core/.../io/json.hpp: shortest round-trip numbers, deterministic bytes, the layout of arrays,
// strings escaped as RFC 8259 asks.
#include "sandtable/core/io/json.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>

using sandtable::core::Attributes;
using sandtable::core::AttributeValue;
using sandtable::core::io::JsonOut;
using sandtable::core::io::JsonValue;
using sandtable::core::io::writeJson;

namespace {

/// `v` written on one line.
template <class T>
std::string oneLine(T v)
{
    JsonOut out;
    return writeJson(out.value(v), 0);
}

} // namespace

BOOST_AUTO_TEST_SUITE(io_json_writer)

BOOST_AUTO_TEST_CASE(writes_the_shortest_form_that_reads_back)
{
    BOOST_TEST(oneLine(0.1) == "0.1");
    BOOST_TEST(oneLine(39.8309) == "39.8309");
    BOOST_TEST(oneLine(-77.2311) == "-77.2311");
    // 0.1 + 0.2 is not 0.3 in binary: all 17 significant digits are needed.
    BOOST_TEST(oneLine(0.1 + 0.2) == "0.30000000000000004");
    BOOST_TEST(oneLine(16000.0) == "16000.0");
    BOOST_TEST(oneLine(1e6) == "1e+06"); // shorter than 1000000.0
    BOOST_TEST(oneLine(-0.0) == "-0.0");
    BOOST_TEST(oneLine(42) == "42");
    BOOST_TEST(oneLine(-42) == "-42");
    BOOST_TEST(oneLine(std::uint64_t{18446744073709551615u}) == "18446744073709551615");
}

BOOST_AUTO_TEST_CASE(every_double_reads_back_identically)
{
    const double values[] = {312345.6789012345, 4412345.123456789, 1e-300, 6.02214076e23, -0.0, 1.0 / 3.0};
    for (double v : values) {
        const std::string text = oneLine(v);
        BOOST_TEST(std::strtod(text.c_str(), nullptr) == v, text);
    }
}

BOOST_AUTO_TEST_CASE(non_finite_numbers_become_null)
{
    BOOST_TEST(oneLine(std::numeric_limits<double>::quiet_NaN()) == "null");
    BOOST_TEST(oneLine(std::numeric_limits<double>::infinity()) == "null");
}

BOOST_AUTO_TEST_CASE(indents_objects_and_keeps_number_arrays_on_one_line)
{
    JsonOut out;
    const JsonValue j = out.object("a", 1, "b", out.array(1.5, 2.5), "c", out.object());
    BOOST_TEST(writeJson(j, 2) == "{\n  \"a\": 1,\n  \"b\": [1.5, 2.5],\n  \"c\": {}\n}\n");
    BOOST_TEST(writeJson(j, 0) == "{\"a\":1,\"b\":[1.5,2.5],\"c\":{}}");
}

BOOST_AUTO_TEST_CASE(keeps_a_ring_of_coordinates_on_one_line)
{
    // A polygon's coordinates: one line per ring, not one per vertex; an array of objects still breaks.
    JsonOut out;
    const JsonValue j = out.object("coordinates", out.array(out.array(out.array(0.5, 1.0), out.array(2.0, 3.25))), "items",
        out.array(out.object("x", 1)), "empty", out.array(), "mixed", out.array(1, "a"));
    BOOST_TEST(writeJson(j, 2)
        == "{\n  \"coordinates\": [\n    [[0.5, 1.0], [2.0, 3.25]]\n  ],\n  \"items\": [\n    {\n      \"x\": 1\n    }\n  ],\n"
           "  \"empty\": [],\n  \"mixed\": [\n    1,\n    \"a\"\n  ]\n}\n");
}

BOOST_AUTO_TEST_CASE(set_replaces_a_member_in_place)
{
    JsonOut out;
    JsonValue j = out.object("a", 1, "b", 2);
    out.set(j, "a", "one");
    out.set(j, "c", true);
    BOOST_TEST(writeJson(j, 0) == "{\"a\":\"one\",\"b\":2,\"c\":true}");
}

BOOST_AUTO_TEST_CASE(strings_are_escaped_as_rfc_8259_asks)
{
    // Quotation mark, reverse solidus and control characters escaped (the five with a short form by it, the
    // others as \u00xx with lowercase digits); '/' and UTF-8 as they are.
    BOOST_TEST(oneLine(std::string("a\"b\\c/d\te\n\x01\x1f\xC3\xA9")) == "\"a\\\"b\\\\c/d\\te\\n\\u0001\\u001f\xC3\xA9\"");
    // Ill-formed UTF-8: each maximal ill-formed part as U+FFFD (a lone continuation byte, a cut sequence, a
    // surrogate's encoding, which is not UTF-8).
    BOOST_TEST(oneLine(std::string("x\x80y")) == "\"x\xEF\xBF\xBDy\"");
    BOOST_TEST(oneLine(std::string("x\xE2\x82y")) == "\"x\xEF\xBF\xBDy\"");
    BOOST_TEST(oneLine(std::string("\xED\xA0\x80")) == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
}

BOOST_AUTO_TEST_CASE(attributes_are_written_in_the_order_they_were_set)
{
    Attributes a{{"z", 1}, {"a", "x"}};
    a["m"] = AttributeValue::Array{1.5, AttributeValue(), false};
    a["z"] = 2.0; // replaced in place
    BOOST_TEST(oneLine(a) == "{\"z\":2.0,\"a\":\"x\",\"m\":[1.5,null,false]}");
}

BOOST_AUTO_TEST_SUITE_END()
