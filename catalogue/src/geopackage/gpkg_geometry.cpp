// SPDX-License-Identifier: GPL-3.0-or-later
// WKB and GeoPackage binary encoding of core::Geometry, and reading the envelope back from a header.
#include "sandtable/catalogue/gpkg_geometry.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

namespace sandtable::catalogue {
namespace {

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big);

template <class T>
void putLittle(std::string& out, T value)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    if constexpr (std::endian::native == std::endian::big)
        std::reverse(std::begin(bytes), std::end(bytes));
    out.append(bytes, sizeof(T));
}

template <class T>
T getLittle(std::string_view in, std::size_t offset)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, in.data() + offset, sizeof(T));
    if constexpr (std::endian::native == std::endian::big)
        std::reverse(std::begin(bytes), std::end(bytes));
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

template <class T>
T getBig(std::string_view in, std::size_t offset)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, in.data() + offset, sizeof(T));
    if constexpr (std::endian::native == std::endian::little)
        std::reverse(std::begin(bytes), std::end(bytes));
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

std::uint32_t wkbType(core::GeometryType type)
{
    switch (type) {
    case core::GeometryType::Point: return 1;
    case core::GeometryType::LineString: return 2;
    case core::GeometryType::Polygon: return 3;
    case core::GeometryType::MultiPoint: return 4;
    case core::GeometryType::MultiLineString: return 5;
    case core::GeometryType::MultiPolygon: return 6;
    }
    return 0;
}

void putCoordinate(std::string& out, core::Coordinate c)
{
    putLittle(out, c.x);
    putLittle(out, c.y);
}

void putHeader(std::string& out, std::uint32_t type)
{
    out.push_back('\x01'); // little-endian (NDR)
    putLittle(out, type);
}

void putPoint(std::string& out, const std::vector<std::vector<core::Coordinate>>& part)
{
    putHeader(out, 1);
    if (part.empty() || part.front().empty()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        putCoordinate(out, {nan, nan});
    } else {
        putCoordinate(out, part.front().front());
    }
}

void putLine(std::string& out, const std::vector<std::vector<core::Coordinate>>& part)
{
    putHeader(out, 2);
    const auto& vertices = part.empty() ? std::vector<core::Coordinate>{} : part.front();
    putLittle(out, static_cast<std::uint32_t>(vertices.size()));
    for (const auto& c : vertices)
        putCoordinate(out, c);
}

void putPolygon(std::string& out, const std::vector<std::vector<core::Coordinate>>& rings)
{
    putHeader(out, 3);
    putLittle(out, static_cast<std::uint32_t>(rings.size()));
    for (const auto& ring : rings) {
        putLittle(out, static_cast<std::uint32_t>(ring.size()));
        for (const auto& c : ring)
            putCoordinate(out, c);
    }
}

} // namespace

Envelope Envelope::merged(const Envelope& other) const
{
    return Envelope{std::min(minX, other.minX), std::max(maxX, other.maxX), std::min(minY, other.minY), std::max(maxY, other.maxY)};
}

namespace {

void appendWkb(std::string& out, const core::Geometry& geometry, WkbForm form)
{
    if (form == WkbForm::Multi && geometry.type != core::GeometryType::MultiPoint && geometry.type != core::GeometryType::MultiLineString
        && geometry.type != core::GeometryType::MultiPolygon) {
        // One member, or none for an empty geometry (an empty Point is a MultiPoint of no member).
        const bool empty = geometry.parts.empty() || geometry.parts.front().empty()
            || (geometry.type != core::GeometryType::Polygon && geometry.parts.front().front().empty());
        putHeader(out, wkbType(geometry.type) + 3);
        putLittle(out, static_cast<std::uint32_t>(empty ? 0 : 1));
        if (!empty)
            appendWkb(out, geometry, WkbForm::AsIs);
        return;
    }
    switch (geometry.type) {
    case core::GeometryType::Point:
        putPoint(out, geometry.parts.empty() ? std::vector<std::vector<core::Coordinate>>{} : geometry.parts.front());
        break;
    case core::GeometryType::LineString:
        putLine(out, geometry.parts.empty() ? std::vector<std::vector<core::Coordinate>>{} : geometry.parts.front());
        break;
    case core::GeometryType::Polygon:
        putPolygon(out, geometry.parts.empty() ? std::vector<std::vector<core::Coordinate>>{} : geometry.parts.front());
        break;
    case core::GeometryType::MultiPoint:
    case core::GeometryType::MultiLineString:
    case core::GeometryType::MultiPolygon:
        putHeader(out, wkbType(geometry.type));
        putLittle(out, static_cast<std::uint32_t>(geometry.parts.size()));
        for (const auto& part : geometry.parts) {
            if (geometry.type == core::GeometryType::MultiPoint)
                putPoint(out, part);
            else if (geometry.type == core::GeometryType::MultiLineString)
                putLine(out, part);
            else
                putPolygon(out, part);
        }
        break;
    }
}

} // namespace

std::string toWkb(const core::Geometry& geometry, WkbForm form)
{
    std::string out;
    out.reserve(18 + geometry.vertexCount() * 16 + geometry.parts.size() * 9);
    appendWkb(out, geometry, form);
    return out;
}

std::optional<Envelope> envelopeOf(const core::Geometry& geometry)
{
    std::optional<Envelope> envelope;
    for (const auto& part : geometry.parts)
        for (const auto& ring : part)
            for (const auto& c : ring) {
                if (!envelope) {
                    envelope = Envelope{c.x, c.x, c.y, c.y};
                } else {
                    envelope->minX = std::min(envelope->minX, c.x);
                    envelope->maxX = std::max(envelope->maxX, c.x);
                    envelope->minY = std::min(envelope->minY, c.y);
                    envelope->maxY = std::max(envelope->maxY, c.y);
                }
            }
    return envelope;
}

std::string toGeoPackageBinary(const core::Geometry& geometry, std::int32_t srsId)
{
    std::string out;
    appendGeoPackageBinary(out, geometry, srsId, envelopeOf(geometry));
    return out;
}

void appendGeoPackageBinary(std::string& out, const core::Geometry& geometry, std::int32_t srsId, const std::optional<Envelope>& envelope,
    WkbForm form)
{
    out.reserve(out.size() + 40 + 18 + geometry.vertexCount() * 16 + geometry.parts.size() * 9);
    out += "GP";
    out.push_back('\0'); // version 1 of the format is stored as 0
    // bit 0: byte order 1 = little-endian; bits 1-3: envelope 1 = [minx, maxx, miny, maxy]; bit 4: empty.
    const unsigned char flags = envelope ? 0x03 : 0x11;
    out.push_back(static_cast<char>(flags));
    putLittle(out, srsId);
    if (envelope) {
        putLittle(out, envelope->minX);
        putLittle(out, envelope->maxX);
        putLittle(out, envelope->minY);
        putLittle(out, envelope->maxY);
    }
    appendWkb(out, geometry, form);
}

std::optional<Envelope> headerEnvelope(std::string_view blob)
{
    if (blob.size() < 8 || blob[0] != 'G' || blob[1] != 'P' || blob[2] != 0)
        throw core::FormatError("", _("geometry"), _("not a GeoPackage binary geometry (no 'GP' header)"));
    const auto flags = static_cast<unsigned char>(blob[3]);
    const bool little = (flags & 0x01) != 0;
    const int indicator = (flags >> 1) & 0x07;
    if ((flags & 0x10) != 0 || indicator == 0)
        return std::nullopt;
    if (indicator > 4)
        throw core::FormatError("", _("geometry"), core::i18n::format(_("invalid envelope indicator {1}"), {std::to_string(indicator)}));
    if (blob.size() < 8 + 32)
        throw core::FormatError("", _("geometry"), _("truncated GeoPackage geometry header"));
    const auto read = [&](std::size_t offset) { return little ? getLittle<double>(blob, offset) : getBig<double>(blob, offset); };
    return Envelope{read(8), read(16), read(24), read(32)};
}

namespace {

/// Offset of the WKB in a GeoPackage binary geometry (after the header and its envelope).
std::size_t wkbOffset(std::string_view blob)
{
    if (blob.size() < 8 || blob[0] != 'G' || blob[1] != 'P' || blob[2] != 0)
        throw core::FormatError("", _("geometry"), _("not a GeoPackage binary geometry (no 'GP' header)"));
    static constexpr std::size_t kEnvelopeBytes[] = {0, 32, 48, 48, 64};
    const int indicator = (static_cast<unsigned char>(blob[3]) >> 1) & 0x07;
    if (indicator > 4)
        throw core::FormatError("", _("geometry"), core::i18n::format(_("invalid envelope indicator {1}"), {std::to_string(indicator)}));
    const std::size_t offset = 8 + kEnvelopeBytes[indicator];
    if (blob.size() < offset + 5)
        throw core::FormatError("", _("geometry"), _("truncated GeoPackage geometry: no WKB after the header"));
    return offset;
}

} // namespace

std::uint32_t wkbGeometryType(std::string_view blob)
{
    const std::size_t offset = wkbOffset(blob);
    const char order = blob[offset];
    if (order != 0 && order != 1)
        throw core::FormatError("", _("geometry"), core::i18n::format(_("invalid WKB byte order {1}"), {std::to_string(static_cast<int>(order))}));
    return order == 1 ? getLittle<std::uint32_t>(blob, offset + 1) : getBig<std::uint32_t>(blob, offset + 1);
}

std::string promotedToMulti(std::string_view blob)
{
    const std::uint32_t type = wkbGeometryType(blob);
    if (type >= 4 && type <= 6)
        return std::string(blob);
    if (type < 1 || type > 3)
        throw core::FormatError("", _("geometry"), core::i18n::format(_("WKB geometry type {1} is not a 2D point, line or polygon"), {std::to_string(type)}));
    const std::size_t offset = wkbOffset(blob);
    std::string out(blob.substr(0, offset));
    // An empty Point (NaN coordinates, GeoPackage's convention) becomes a MultiPoint of no member.
    const bool emptyPoint = type == 1 && (static_cast<unsigned char>(blob[3]) & 0x10) != 0;
    putHeader(out, type + 3);
    putLittle(out, static_cast<std::uint32_t>(emptyPoint ? 0 : 1));
    if (!emptyPoint)
        out.append(blob.substr(offset));
    return out;
}

} // namespace sandtable::catalogue
