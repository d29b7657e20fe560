// SPDX-License-Identifier: GPL-3.0-or-later
// GeoPackage binary encoding of core::Geometry: our "GP" header and envelope around GEOS's WKB
// (core/geometry/wkb.hpp), and reading the envelope and type back from a blob.
#include "sandtable/catalogue/gpkg_geometry.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

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

} // namespace

Envelope Envelope::merged(const Envelope& other) const
{
    return Envelope{std::min(minX, other.minX), std::max(maxX, other.maxX), std::min(minY, other.minY), std::max(maxY, other.maxY)};
}

std::string toWkb(const core::Geometry& geometry, WkbForm form)
{
    std::string out;
    out.reserve(18 + geometry.vertexCount() * 16 + geometry.parts.size() * 9);
    core::geometry::appendWkb(out, geometry, form);
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
    core::geometry::appendWkb(out, geometry, form);
}

namespace {

/// The flags byte of a GeoPackage binary geometry's header, after checking its "GP" magic and version;
/// FormatError for a blob that is not one.
unsigned char headerFlags(std::string_view blob)
{
    if (blob.size() < 8 || blob[0] != 'G' || blob[1] != 'P' || blob[2] != 0)
        throw core::util::FormatError("", _("geometry"), _("not a GeoPackage binary geometry (no 'GP' header)"));
    return static_cast<unsigned char>(blob[3]);
}

/// The flags' envelope indicator (0 none, 1 xy, 2 xyz, 3 xym, 4 xyzm); FormatError for 5..7.
int envelopeIndicator(unsigned char flags)
{
    const int indicator = (flags >> 1) & 0x07;
    if (indicator > 4)
        throw core::util::FormatError("", _("geometry"), core::i18n::format(_("invalid envelope indicator {1}"), {std::to_string(indicator)}));
    return indicator;
}

/// Offset of the WKB in a GeoPackage binary geometry (after the header and its envelope).
std::size_t wkbOffset(std::string_view blob)
{
    static constexpr std::size_t kEnvelopeBytes[] = {0, 32, 48, 48, 64};
    const std::size_t offset = 8 + kEnvelopeBytes[envelopeIndicator(headerFlags(blob))];
    if (blob.size() < offset + 5)
        throw core::util::FormatError("", _("geometry"), _("truncated GeoPackage geometry: no WKB after the header"));
    return offset;
}

} // namespace

std::optional<Envelope> headerEnvelope(std::string_view blob)
{
    const unsigned char flags = headerFlags(blob);
    if ((flags & 0x10) != 0 || ((flags >> 1) & 0x07) == 0)
        return std::nullopt;
    envelopeIndicator(flags);
    if (blob.size() < 8 + 32)
        throw core::util::FormatError("", _("geometry"), _("truncated GeoPackage geometry header"));
    const bool little = (flags & 0x01) != 0;
    const auto read = [&](std::size_t offset) { return little ? getLittle<double>(blob, offset) : getBig<double>(blob, offset); };
    return Envelope{read(8), read(16), read(24), read(32)};
}

std::uint32_t wkbGeometryType(std::string_view blob)
{
    const std::size_t offset = wkbOffset(blob);
    const char order = blob[offset];
    if (order != 0 && order != 1)
        throw core::util::FormatError("", _("geometry"), core::i18n::format(_("invalid WKB byte order {1}"), {std::to_string(static_cast<int>(order))}));
    return order == 1 ? getLittle<std::uint32_t>(blob, offset + 1) : getBig<std::uint32_t>(blob, offset + 1);
}

std::string promotedToMulti(std::string_view blob)
{
    const std::uint32_t type = wkbGeometryType(blob);
    if (type >= 4 && type <= 6)
        return std::string(blob);
    if (type < 1 || type > 3)
        throw core::util::FormatError("", _("geometry"), core::i18n::format(_("WKB geometry type {1} is not a 2D point, line or polygon"), {std::to_string(type)}));
    const std::size_t offset = wkbOffset(blob);
    // The GeoPackage header is kept as it is (its envelope holds for the multi geometry too); the WKB
    // after it is GEOS's, read and written again as a one-member multi geometry.
    return std::string(blob.substr(0, offset)) + core::geometry::wkbAsMulti(blob.substr(offset));
}

} // namespace sandtable::catalogue
