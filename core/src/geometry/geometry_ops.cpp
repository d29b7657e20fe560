// SPDX-License-Identifier: GPL-3.0-or-later
// GEOS C API adapter: conversions between the model's Geometry and GEOS, validity and measures.
#include "sandtable/core/geometry/geometry_ops.hpp"

#include "geos_handle.hpp"
#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cstring>

namespace sandtable::core::geometry {

namespace {

/// GEOS 3.11's validity reasons (operation/valid/TopologyValidationError.cpp, as GEOSisValidDetail gives
/// them), marked so that the person reads them in their language; English stays GEOS's own words.
constexpr const char* kGeosValidityReasons[] = {
    // TRANSLATORS: GEOS's reasons a geometry is invalid (a shell is a polygon's exterior ring).
    N_("Topology Validation Error"), N_("Repeated Point"), N_("Hole lies outside shell"), N_("Holes are nested"),
    N_("Interior is disconnected"), N_("Self-intersection"), N_("Ring Self-intersection"), N_("Nested shells"),
    N_("Duplicate Rings"), N_("Too few points in geometry component"), N_("Invalid Coordinate"), N_("Ring is not closed"),
};

/// GEOS's reason in the person's language when it is one of GEOS's known reasons, else as GEOS wrote it.
std::string validityReason(const char* reason)
{
    for (const char* known : kGeosValidityReasons)
        if (std::strcmp(known, reason) == 0)
            return _(known);
    return reason;
}

} // namespace

Validity checkValidity(const Geometry& geometry)
{
    Validity out;
    GeosGeometryPtr g;
    try {
        g = toGeos(geometry);
    } catch (const util::OperationError& e) {
        out.valid = false;
        out.reason = e.reason();
        return out;
    }
    return geosValidity(g.get());
}

Validity geosValidity(const GEOSGeometry* g)
{
    Validity out;
    char* reason = nullptr;
    GEOSGeometry* location = nullptr;
    const char result = GEOSisValidDetail_r(geosContext(), g, 0, &reason, &location);
    if (result == 1)
        return out;
    out.valid = false;
    out.reason = reason ? validityReason(reason) : std::string(_("GEOS could not decide validity"));
    if (location) {
        double x = 0, y = 0;
        if (GEOSGeomGetX_r(geosContext(), location, &x) == 1 && GEOSGeomGetY_r(geosContext(), location, &y) == 1)
            out.location = Coordinate{x, y};
        GEOSGeom_destroy_r(geosContext(), location);
    }
    if (reason)
        GEOSFree_r(geosContext(), reason);
    return out;
}

double area(const Geometry& geometry)
{
    if (dimension(geometry.type) < 2)
        return 0.0;
    auto g = toGeos(geometry);
    double value = 0.0;
    if (GEOSArea_r(geosContext(), g.get(), &value) != 1)
        throw util::OperationError("", toString(geometry.type), _("GEOS could not compute the area"));
    return value;
}

double length(const Geometry& geometry)
{
    if (dimension(geometry.type) < 1)
        return 0.0;
    auto g = toGeos(geometry);
    double value = 0.0;
    if (GEOSLength_r(geosContext(), g.get(), &value) != 1)
        throw util::OperationError("", toString(geometry.type), _("GEOS could not compute the length"));
    return value;
}

Placement placement(const Geometry& geometry)
{
    auto g = toGeos(geometry);
    GEOSContextHandle_t h = geosContext();
    if (GEOSisEmpty_r(h, g.get()) != 0)
        throw util::OperationError("", toString(geometry.type), _("is empty: it has no place"));
    Placement out;
    if (GEOSGeom_getXMin_r(h, g.get(), &out.minX) != 1 || GEOSGeom_getYMin_r(h, g.get(), &out.minY) != 1
        || GEOSGeom_getXMax_r(h, g.get(), &out.maxX) != 1 || GEOSGeom_getYMax_r(h, g.get(), &out.maxY) != 1)
        throw util::OperationError("", toString(geometry.type), _("GEOS could not compute the bounds"));
    GEOSGeometry* centre = GEOSGetCentroid_r(h, g.get());
    if (!centre || GEOSGeomGetX_r(h, centre, &out.centroid.x) != 1 || GEOSGeomGetY_r(h, centre, &out.centroid.y) != 1) {
        if (centre)
            GEOSGeom_destroy_r(h, centre);
        throw util::OperationError("", toString(geometry.type), _("GEOS could not compute the centroid"));
    }
    GEOSGeom_destroy_r(h, centre);
    return out;
}

std::string toWkt(const Geometry& geometry)
{
    auto g = toGeos(geometry);
    GEOSWKTWriter* writer = GEOSWKTWriter_create_r(geosContext());
    GEOSWKTWriter_setTrim_r(geosContext(), writer, 1);
    char* text = GEOSWKTWriter_write_r(geosContext(), writer, g.get());
    std::string out = text ? text : "";
    GEOSFree_r(geosContext(), text);
    GEOSWKTWriter_destroy_r(geosContext(), writer);
    return out;
}

Geometry fromWkt(const std::string& wkt)
{
    GEOSWKTReader* reader = GEOSWKTReader_create_r(geosContext());
    GeosGeometryPtr g(GEOSWKTReader_read_r(geosContext(), reader, wkt.c_str()));
    GEOSWKTReader_destroy_r(geosContext(), reader);
    if (!g)
        throw util::OperationError("", "WKT", i18n::format(_("cannot parse '{1}': {2}"), {wkt.substr(0, 80), lastGeosError()}));
    return fromGeos(g.get());
}

} // namespace sandtable::core::geometry
