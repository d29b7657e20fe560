// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of catalogue/.../gpkg_geometry.hpp: GeoPackage binary and WKB bytes worked out by hand.
#include "sandtable/catalogue/gpkg_geometry.hpp"

#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstring>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;

namespace {

std::string le32(std::uint32_t v)
{
    return std::string{static_cast<char>(v & 0xff), static_cast<char>((v >> 8) & 0xff), static_cast<char>((v >> 16) & 0xff),
        static_cast<char>((v >> 24) & 0xff)};
}

std::string le64(double d)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, 8);
    std::string out;
    for (int i = 0; i < 8; ++i)
        out += static_cast<char>((bits >> (8 * i)) & 0xff);
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(gpkg_geometry)

BOOST_AUTO_TEST_CASE(point_is_gp_header_envelope_then_wkb)
{
    const std::string blob = catalogue::toGeoPackageBinary(core::Geometry::point({1.0, 2.0}), 32618);
    // "GP", version 0, flags 0b011 (little-endian, xy envelope), srs 32618 = 0x00007f6a.
    std::string expected = std::string("GP\x00\x03", 4) + std::string("\x6a\x7f\x00\x00", 4);
    expected += le64(1.0) + le64(1.0) + le64(2.0) + le64(2.0);         // minx, maxx, miny, maxy
    expected += std::string("\x01", 1) + le32(1) + le64(1.0) + le64(2.0); // NDR, wkbPoint, x, y
    BOOST_TEST(blob.size() == 61u);
    BOOST_TEST(blob == expected);
}

BOOST_AUTO_TEST_CASE(polygon_wkb_counts_rings_and_points)
{
    const auto square = core::Geometry::polygon({{{0, 0}, {2, 0}, {2, 3}, {0, 3}, {0, 0}}});
    const std::string wkb = catalogue::toWkb(square);
    // 1 byte order + 4 type + 4 ring count + 4 point count + 5 x 16 bytes = 93.
    BOOST_TEST(wkb.size() == 93u);
    BOOST_TEST(wkb.substr(0, 13) == std::string("\x01", 1) + le32(3) + le32(1) + le32(5));
    BOOST_TEST(wkb.substr(13 + 2 * 16, 16) == le64(2.0) + le64(3.0));
    const auto envelope = catalogue::envelopeOf(square);
    BOOST_TEST_REQUIRE(envelope.has_value());
    BOOST_TEST((*envelope == catalogue::Envelope{0, 2, 0, 3}));
}

BOOST_AUTO_TEST_CASE(multilinestring_nests_linestrings)
{
    core::Geometry lines;
    lines.type = core::GeometryType::MultiLineString;
    lines.parts = {{{{0, 0}, {1, 1}}}, {{{5, 5}, {6, 5}, {7, 4}}}};
    const std::string wkb = catalogue::toWkb(lines);
    // header 9, then (9 + 2 x 16) + (9 + 3 x 16) = 41 + 57.
    BOOST_TEST(wkb.size() == 9u + 41u + 57u);
    BOOST_TEST(wkb.substr(0, 9) == std::string("\x01", 1) + le32(5) + le32(2));
    BOOST_TEST(wkb.substr(9, 9) == std::string("\x01", 1) + le32(2) + le32(2));
    BOOST_TEST(wkb.substr(50, 9) == std::string("\x01", 1) + le32(2) + le32(3));
}

BOOST_AUTO_TEST_CASE(empty_point_has_the_empty_flag_no_envelope_and_nan_coordinates)
{
    core::Geometry empty;
    empty.type = core::GeometryType::Point;
    const std::string blob = catalogue::toGeoPackageBinary(empty, -1);
    BOOST_TEST(blob.size() == 8u + 21u);
    BOOST_TEST(static_cast<int>(blob[3]) == 0x11);
    BOOST_TEST(blob.substr(4, 4) == std::string("\xff\xff\xff\xff", 4));
    double x = 0.0;
    std::memcpy(&x, blob.data() + 13, 8);
    BOOST_TEST(std::isnan(x));
    BOOST_TEST(!catalogue::headerEnvelope(blob).has_value());
}

BOOST_AUTO_TEST_CASE(header_envelope_reads_back_what_was_written)
{
    const auto line = core::Geometry::lineString({{300000, 4400500}, {300500, 4400400}});
    const auto envelope = catalogue::headerEnvelope(catalogue::toGeoPackageBinary(line, 32618));
    BOOST_TEST_REQUIRE(envelope.has_value());
    BOOST_TEST((*envelope == catalogue::Envelope{300000, 300500, 4400400, 4400500}));
}

BOOST_AUTO_TEST_CASE(a_blob_without_gp_magic_is_a_format_error)
{
    BOOST_CHECK_THROW(catalogue::headerEnvelope("XP\0\x03\0\0\0\0"), core::util::FormatError);
    BOOST_CHECK_THROW(catalogue::headerEnvelope(std::string("GP\x00\x03\x6a\x7f\x00\x00", 8)), core::util::FormatError); // truncated envelope
}

BOOST_AUTO_TEST_CASE(a_single_geometry_written_as_multi_is_a_one_member_multi)
{
    // LineString (0,0)-(1,0) as a MultiLineString: 01, type 5, 1 member, then the LineString 01, type 2, 2 points.
    const core::Geometry line = core::Geometry::lineString({{0.0, 0.0}, {1.0, 0.0}});
    const std::string lineWkb = std::string("\x01") + le32(2) + le32(2) + le64(0.0) + le64(0.0) + le64(1.0) + le64(0.0);
    BOOST_TEST(catalogue::toWkb(line, catalogue::WkbForm::Multi) == std::string("\x01") + le32(5) + le32(1) + lineWkb);
    BOOST_TEST(catalogue::toWkb(line) == lineWkb);
    // A point as a MultiPoint; an empty point as a MultiPoint of no member.
    BOOST_TEST(catalogue::toWkb(core::Geometry::point({3.0, 4.0}), catalogue::WkbForm::Multi)
        == std::string("\x01") + le32(4) + le32(1) + std::string("\x01") + le32(1) + le64(3.0) + le64(4.0));
    core::Geometry empty;
    empty.type = core::GeometryType::Point;
    BOOST_TEST(catalogue::toWkb(empty, catalogue::WkbForm::Multi) == std::string("\x01") + le32(4) + le32(0));
    // A multi geometry is written as it is.
    core::Geometry multi;
    multi.type = core::GeometryType::MultiLineString;
    multi.parts = line.parts;
    BOOST_TEST(catalogue::toWkb(multi, catalogue::WkbForm::Multi) == catalogue::toWkb(multi));
}

BOOST_AUTO_TEST_CASE(promoting_a_stored_blob_wraps_its_wkb_and_keeps_its_header)
{
    const core::Geometry polygon = core::Geometry::polygon({{{0, 0}, {2, 0}, {2, 1}, {0, 0}}});
    const std::string single = catalogue::toGeoPackageBinary(polygon, 32618);
    BOOST_TEST(catalogue::wkbGeometryType(single) == 3u);
    std::string expected;
    catalogue::appendGeoPackageBinary(expected, polygon, 32618, catalogue::envelopeOf(polygon), catalogue::WkbForm::Multi);
    BOOST_TEST(catalogue::promotedToMulti(single) == expected);
    // 8 header bytes + 32 of envelope, then 01, type 6, one member.
    BOOST_TEST(expected.substr(40, 9) == std::string("\x01") + le32(6) + le32(1));
    BOOST_TEST(catalogue::wkbGeometryType(expected) == 6u);
    BOOST_TEST(catalogue::promotedToMulti(expected) == expected);
    // A big-endian WKB type is read in its own byte order: 00, then 00 00 00 03.
    std::string big = single.substr(0, 40) + std::string("\x00\x00\x00\x00\x03", 5);
    BOOST_TEST(catalogue::wkbGeometryType(big) == 3u);
    // A GeometryCollection (7) is no type sandtable writes.
    std::string collection = single;
    collection.replace(41, 4, le32(7));
    BOOST_CHECK_THROW(catalogue::promotedToMulti(collection), core::util::FormatError);
    BOOST_CHECK_THROW(catalogue::wkbGeometryType(single.substr(0, 42)), core::util::FormatError);
}

BOOST_AUTO_TEST_CASE(promoting_an_empty_point_or_a_big_endian_wkb_gives_little_endian_multi_geometries)
{
    // An empty point (flags 0x11, NaN coordinates) becomes a MultiPoint of no member after its 8 header bytes.
    core::Geometry empty;
    empty.type = core::GeometryType::Point;
    const std::string emptyBlob = catalogue::toGeoPackageBinary(empty, -1);
    BOOST_TEST(catalogue::promotedToMulti(emptyBlob) == emptyBlob.substr(0, 8) + std::string("\x01") + le32(4) + le32(0));
    // POINT (3 4) written big-endian by another tool: 00, type 00 00 00 01, then x and y most significant byte first.
    const std::string gp = catalogue::toGeoPackageBinary(core::Geometry::point({3.0, 4.0}), 4326);
    std::string bigEndian = std::string("\x00\x00\x00\x00\x01", 5) + std::string("\x40\x08\0\0\0\0\0\0", 8)
        + std::string("\x40\x10\0\0\0\0\0\0", 8);
    const std::string promoted = catalogue::promotedToMulti(gp.substr(0, 40) + bigEndian);
    BOOST_TEST(promoted.substr(40) == std::string("\x01") + le32(4) + le32(1) + gp.substr(40));
}

BOOST_AUTO_TEST_SUITE_END()
