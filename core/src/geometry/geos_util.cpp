// SPDX-License-Identifier: GPL-3.0-or-later
// Private GEOS helpers: cloning, splitting collections by dimension, measures, make-valid.
#include "geos_util.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::core::geometry {
namespace {

int geosDimension(int typeId)
{
    switch (typeId) {
    case GEOS_POINT:
    case GEOS_MULTIPOINT: return 0;
    case GEOS_LINESTRING:
    case GEOS_LINEARRING:
    case GEOS_MULTILINESTRING: return 1;
    case GEOS_POLYGON:
    case GEOS_MULTIPOLYGON: return 2;
    default: return -1;
    }
}

void collect(const GEOSGeometry* g, int dimension, std::vector<GeosGeometryPtr>& out)
{
    GEOSContextHandle_t h = geosContext();
    const int type = GEOSGeomTypeId_r(h, g);
    if (type == GEOS_POINT || type == GEOS_LINESTRING || type == GEOS_LINEARRING || type == GEOS_POLYGON) {
        if (geosDimension(type) == dimension && GEOSisEmpty_r(h, g) == 0) {
            if (type == GEOS_LINEARRING) {
                // A bare ring (only from GEOS internals) becomes a line string so the model can hold it.
                const GEOSCoordSequence* seq = GEOSGeom_getCoordSeq_r(h, g);
                out.emplace_back(GEOSGeom_createLineString_r(h, GEOSCoordSeq_clone_r(h, seq)));
            } else {
                out.push_back(cloneGeos(g));
            }
        }
        return;
    }
    const int n = GEOSGetNumGeometries_r(h, g);
    for (int i = 0; i < n; ++i)
        collect(GEOSGetGeometryN_r(h, g, i), dimension, out);
}

} // namespace

GeosGeometryPtr cloneGeos(const GEOSGeometry* g)
{
    GeosGeometryPtr out(GEOSGeom_clone_r(geosContext(), g));
    if (!out)
        throw util::OperationError("", _("geometry"), i18n::format(_("GEOS could not copy a geometry: {1}"), {lastGeosError()}));
    return out;
}

std::vector<GeosGeometryPtr> simplePartsOfDimension(const GEOSGeometry* g, int dimension)
{
    std::vector<GeosGeometryPtr> out;
    if (g)
        collect(g, dimension, out);
    return out;
}

GeosGeometryPtr collectParts(std::vector<GeosGeometryPtr> parts, int dimension)
{
    if (parts.empty())
        return nullptr;
    if (parts.size() == 1)
        return std::move(parts.front());
    std::vector<GEOSGeometry*> raw;
    raw.reserve(parts.size());
    for (auto& p : parts)
        raw.push_back(p.release());
    const int type = dimension == 0 ? GEOS_MULTIPOINT : dimension == 1 ? GEOS_MULTILINESTRING : GEOS_MULTIPOLYGON;
    GeosGeometryPtr out(GEOSGeom_createCollection_r(geosContext(), type, raw.data(), static_cast<unsigned>(raw.size())));
    if (!out) {
        for (auto* r : raw)
            GEOSGeom_destroy_r(geosContext(), r);
        throw util::OperationError("", _("geometry"), i18n::format(_("GEOS could not build a collection: {1}"), {lastGeosError()}));
    }
    return out;
}

double geosArea(const GEOSGeometry* g)
{
    double value = 0.0;
    if (!g || GEOSArea_r(geosContext(), g, &value) != 1)
        return 0.0;
    return value;
}

double geosLength(const GEOSGeometry* g)
{
    double value = 0.0;
    if (!g || GEOSLength_r(geosContext(), g, &value) != 1)
        return 0.0;
    return value;
}

bool geosIsValid(const GEOSGeometry* g)
{
    return GEOSisValid_r(geosContext(), g) == 1;
}

GeosGeometryPtr makeValidStructure(const GEOSGeometry* g)
{
    GEOSContextHandle_t h = geosContext();
    GEOSMakeValidParams* params = GEOSMakeValidParams_create_r(h);
    GEOSMakeValidParams_setMethod_r(h, params, GEOS_MAKE_VALID_STRUCTURE);
    GEOSMakeValidParams_setKeepCollapsed_r(h, params, 0);
    GeosGeometryPtr out(GEOSMakeValidWithParams_r(h, g, params));
    GEOSMakeValidParams_destroy_r(h, params);
    if (!out)
        throw util::OperationError("", _("geometry"), i18n::format(_("GEOS could not make it valid: {1}"), {lastGeosError()}));
    return out;
}

GeosGeometryPtr validPartsOf(const Geometry& geometry, int dimension)
{
    GeosGeometryPtr g = toGeos(geometry);
    if (geosIsValid(g.get()))
        return g;
    GeosGeometryPtr fixed = makeValidStructure(g.get());
    return collectParts(simplePartsOfDimension(fixed.get(), dimension), dimension);
}

} // namespace sandtable::core::geometry
