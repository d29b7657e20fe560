// SPDX-License-Identifier: GPL-3.0-or-later
// Construction helpers and names of the plain geometry value.
#include "sandtable/core/model/geometry.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <array>
#include <stdexcept>

namespace sandtable::core {
namespace {
constexpr std::array<const char*, 6> kNames = {
    "Point", "LineString", "Polygon", "MultiPoint", "MultiLineString", "MultiPolygon"};
}

const char* toString(GeometryType type)
{
    return kNames.at(static_cast<std::size_t>(type));
}

GeometryType geometryTypeFromString(const std::string& name)
{
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (name == kNames[i])
            return static_cast<GeometryType>(i);
    throw std::invalid_argument(i18n::format(_("unknown geometry type '{1}'"), {name}));
}

int dimension(GeometryType type)
{
    switch (type) {
    case GeometryType::Point:
    case GeometryType::MultiPoint: return 0;
    case GeometryType::LineString:
    case GeometryType::MultiLineString: return 1;
    case GeometryType::Polygon:
    case GeometryType::MultiPolygon: return 2;
    }
    return 0;
}

Geometry Geometry::point(Coordinate c)
{
    return Geometry{GeometryType::Point, {{{c}}}};
}

Geometry Geometry::lineString(std::vector<Coordinate> vertices)
{
    return Geometry{GeometryType::LineString, {{std::move(vertices)}}};
}

Geometry Geometry::polygon(std::vector<std::vector<Coordinate>> rings)
{
    return Geometry{GeometryType::Polygon, {std::move(rings)}};
}

std::size_t Geometry::vertexCount() const
{
    std::size_t n = 0;
    for (const auto& part : parts)
        for (const auto& ring : part)
            n += ring.size();
    return n;
}

} // namespace sandtable::core
