// SPDX-License-Identifier: GPL-3.0-or-later
// Per-thread GEOS context and conversions between GEOS and the model's Geometry.
#include "geos_handle.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cstdarg>
#include <cstdio>
#include <type_traits>

namespace sandtable::core::geometry {
namespace {

thread_local std::string t_lastError;

void onGeosError(const char* format, ...)
{
    char buffer[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    t_lastError = buffer;
}

void onGeosNotice(const char*, ...) {}

struct ContextHolder {
    GEOSContextHandle_t handle;
    ContextHolder()
        : handle(GEOS_init_r())
    {
        GEOSContext_setErrorHandler_r(handle, onGeosError);
        GEOSContext_setNoticeHandler_r(handle, onGeosNotice);
    }
    ~ContextHolder() { GEOS_finish_r(handle); }
    ContextHolder(const ContextHolder&) = delete;
    ContextHolder& operator=(const ContextHolder&) = delete;
};

GEOSCoordSequence* toSequence(const std::vector<Coordinate>& ring)
{
    // Coordinate is two packed doubles, so a ring is GEOS's interleaved x, y buffer: one copy, not a
    // call per vertex.
    static_assert(sizeof(Coordinate) == 2 * sizeof(double) && std::is_standard_layout_v<Coordinate>);
    GEOSCoordSequence* seq = GEOSCoordSeq_copyFromBuffer_r(geosContext(), reinterpret_cast<const double*>(ring.data()),
        static_cast<unsigned>(ring.size()), 0, 0);
    if (!seq)
        throw util::OperationError("", _("geometry"), _("GEOS could not allocate a coordinate sequence"));
    return seq;
}

GEOSGeometry* emptySingle(GeometryType type)
{
    GEOSContextHandle_t h = geosContext();
    GEOSGeometry* out = type == GeometryType::Point ? GEOSGeom_createEmptyPoint_r(h)
        : type == GeometryType::LineString          ? GEOSGeom_createEmptyLineString_r(h)
                                                    : GEOSGeom_createEmptyPolygon_r(h);
    if (!out)
        throw util::OperationError("", toString(type), i18n::format(_("GEOS refused the geometry: {1}"), {lastGeosError()}));
    return out;
}

GEOSGeometry* buildSingle(GeometryType type, const std::vector<std::vector<Coordinate>>& part, EmptyGeometry empty)
{
    GEOSContextHandle_t h = geosContext();
    if ((part.empty() || part.front().empty()) && empty == EmptyGeometry::Allowed)
        return emptySingle(type);
    if (part.empty() || part.front().empty())
        throw util::OperationError("", toString(type), _("has no coordinates"));
    GEOSGeometry* out = nullptr;
    if (type == GeometryType::Point) {
        out = GEOSGeom_createPoint_r(h, toSequence(part.front()));
    } else if (type == GeometryType::LineString) {
        if (part.front().size() < 2)
            throw util::OperationError("", "LineString", i18n::format(_("needs at least 2 vertices, has {1}"), {std::to_string(part.front().size())}));
        out = GEOSGeom_createLineString_r(h, toSequence(part.front()));
    } else {
        std::vector<GEOSGeometry*> rings;
        for (const auto& ring : part) {
            if (ring.size() < 4 || !(ring.front() == ring.back())) {
                for (auto* r : rings)
                    GEOSGeom_destroy_r(h, r);
                throw util::OperationError("", "Polygon", ring.size() < 4
                        ? i18n::format(_("a ring needs at least 4 coordinates, has {1}"), {std::to_string(ring.size())})
                        : std::string(_("a ring is not closed (first and last coordinates differ)")));
            }
            GEOSGeometry* linearRing = GEOSGeom_createLinearRing_r(h, toSequence(ring));
            if (!linearRing) {
                for (auto* r : rings)
                    GEOSGeom_destroy_r(h, r);
                throw util::OperationError("", "Polygon", i18n::format(_("GEOS refused a ring: {1}"), {lastGeosError()}));
            }
            rings.push_back(linearRing);
        }
        out = GEOSGeom_createPolygon_r(h, rings.front(), rings.size() > 1 ? rings.data() + 1 : nullptr,
            static_cast<unsigned>(rings.size() - 1));
    }
    if (!out)
        throw util::OperationError("", toString(type), i18n::format(_("GEOS refused the geometry: {1}"), {lastGeosError()}));
    return out;
}

std::vector<Coordinate> fromSequence(const GEOSCoordSequence* seq)
{
    GEOSContextHandle_t h = geosContext();
    unsigned size = 0;
    GEOSCoordSeq_getSize_r(h, seq, &size);
    std::vector<Coordinate> out(size);
    for (unsigned i = 0; i < size; ++i)
        GEOSCoordSeq_getXY_r(h, seq, i, &out[i].x, &out[i].y);
    return out;
}

std::vector<std::vector<Coordinate>> partFromGeos(const GEOSGeometry* g)
{
    GEOSContextHandle_t h = geosContext();
    const int type = GEOSGeomTypeId_r(h, g);
    if (type == GEOS_POINT || type == GEOS_LINESTRING || type == GEOS_LINEARRING)
        return {fromSequence(GEOSGeom_getCoordSeq_r(h, g))};
    std::vector<std::vector<Coordinate>> rings;
    rings.push_back(fromSequence(GEOSGeom_getCoordSeq_r(h, GEOSGetExteriorRing_r(h, g))));
    const int holes = GEOSGetNumInteriorRings_r(h, g);
    for (int i = 0; i < holes; ++i)
        rings.push_back(fromSequence(GEOSGeom_getCoordSeq_r(h, GEOSGetInteriorRingN_r(h, g, i))));
    return rings;
}

} // namespace

GEOSContextHandle_t geosContext()
{
    thread_local ContextHolder holder;
    return holder.handle;
}

std::string lastGeosError() { return t_lastError; }

void GeosGeometryDeleter::operator()(GEOSGeometry* g) const noexcept
{
    if (g)
        GEOSGeom_destroy_r(geosContext(), g);
}

GeosGeometryPtr toGeos(const Geometry& geometry, EmptyGeometry empty)
{
    GEOSContextHandle_t h = geosContext();
    switch (geometry.type) {
    case GeometryType::Point:
    case GeometryType::LineString:
    case GeometryType::Polygon:
        if (geometry.parts.empty() && empty == EmptyGeometry::Allowed)
            return GeosGeometryPtr(emptySingle(geometry.type));
        if (geometry.parts.empty())
            throw util::OperationError("", toString(geometry.type), _("has no coordinates"));
        return GeosGeometryPtr(buildSingle(geometry.type, geometry.parts.front(), empty));
    default: break;
    }
    const GeometryType single = static_cast<GeometryType>(static_cast<int>(geometry.type) - 3);
    std::vector<GEOSGeometry*> members;
    try {
        for (const auto& part : geometry.parts)
            members.push_back(buildSingle(single, part, empty));
    } catch (...) {
        for (auto* m : members)
            GEOSGeom_destroy_r(h, m);
        throw;
    }
    const int collectionType = geometry.type == GeometryType::MultiPoint ? GEOS_MULTIPOINT
        : geometry.type == GeometryType::MultiLineString                ? GEOS_MULTILINESTRING
                                                                        : GEOS_MULTIPOLYGON;
    GEOSGeometry* out = GEOSGeom_createCollection_r(h, collectionType, members.data(), static_cast<unsigned>(members.size()));
    if (!out)
        throw util::OperationError("", toString(geometry.type), i18n::format(_("GEOS refused the collection: {1}"), {lastGeosError()}));
    return GeosGeometryPtr(out);
}

Geometry fromGeos(const GEOSGeometry* g)
{
    GEOSContextHandle_t h = geosContext();
    Geometry out;
    switch (GEOSGeomTypeId_r(h, g)) {
    case GEOS_POINT: out.type = GeometryType::Point; break;
    case GEOS_LINESTRING:
    case GEOS_LINEARRING: out.type = GeometryType::LineString; break;
    case GEOS_POLYGON: out.type = GeometryType::Polygon; break;
    case GEOS_MULTIPOINT: out.type = GeometryType::MultiPoint; break;
    case GEOS_MULTILINESTRING: out.type = GeometryType::MultiLineString; break;
    case GEOS_MULTIPOLYGON: out.type = GeometryType::MultiPolygon; break;
    default: throw util::OperationError("", "GeometryCollection", _("mixed collections are not terrain geometries"));
    }
    if (GEOSisEmpty_r(h, g) == 1)
        throw util::OperationError("", toString(out.type), _("is empty"));
    if (out.type <= GeometryType::Polygon) {
        out.parts.push_back(partFromGeos(g));
        return out;
    }
    const int n = GEOSGetNumGeometries_r(h, g);
    for (int i = 0; i < n; ++i)
        out.parts.push_back(partFromGeos(GEOSGetGeometryN_r(h, g, i)));
    return out;
}

} // namespace sandtable::core::geometry
