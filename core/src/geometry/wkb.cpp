// SPDX-License-Identifier: GPL-3.0-or-later
// ISO WKB through GEOS's WKBWriter/WKBReader (C API, the reentrant _r functions of the one GEOS wrapper).
#include "sandtable/core/geometry/wkb.hpp"

#include "geos_handle.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::core::geometry {
namespace {

/// This thread's writer: little-endian, 2D, ISO type codes, no SRID.
GEOSWKBWriter* writer()
{
    struct Holder {
        GEOSWKBWriter* writer = nullptr;
        Holder()
        {
            GEOSContextHandle_t h = geosContext();
            writer = GEOSWKBWriter_create_r(h);
            GEOSWKBWriter_setByteOrder_r(h, writer, GEOS_WKB_NDR);
            GEOSWKBWriter_setOutputDimension_r(h, writer, 2);
            GEOSWKBWriter_setFlavor_r(h, writer, GEOS_WKB_ISO);
            GEOSWKBWriter_setIncludeSRID_r(h, writer, 0);
        }
        ~Holder() { GEOSWKBWriter_destroy_r(geosContext(), writer); }
        Holder(const Holder&) = delete;
        Holder& operator=(const Holder&) = delete;
    };
    thread_local Holder holder;
    return holder.writer;
}

void write(std::string& out, const GEOSGeometry* g, const char* object)
{
    GEOSContextHandle_t h = geosContext();
    std::size_t size = 0;
    unsigned char* bytes = GEOSWKBWriter_write_r(h, writer(), g, &size);
    if (!bytes)
        throw util::OperationError("", object, i18n::format(_("GEOS could not write its WKB: {1}"), {lastGeosError()}));
    out.append(reinterpret_cast<const char*>(bytes), size);
    GEOSFree_r(h, bytes);
}

/// A single geometry as the one-member multi geometry holding it (none when it is empty); takes ownership.
GeosGeometryPtr asMulti(GeosGeometryPtr single, const char* object)
{
    GEOSContextHandle_t h = geosContext();
    const int type = GEOSGeomTypeId_r(h, single.get());
    if (type != GEOS_POINT && type != GEOS_LINESTRING && type != GEOS_POLYGON)
        return single;
    const int multi = type == GEOS_POINT ? GEOS_MULTIPOINT : type == GEOS_LINESTRING ? GEOS_MULTILINESTRING : GEOS_MULTIPOLYGON;
    GeosGeometryPtr out;
    if (GEOSisEmpty_r(h, single.get()) == 1) {
        out.reset(GEOSGeom_createEmptyCollection_r(h, multi));
    } else {
        GEOSGeometry* member = single.release();
        out.reset(GEOSGeom_createCollection_r(h, multi, &member, 1));
        if (!out)
            GEOSGeom_destroy_r(h, member);
    }
    if (!out)
        throw util::OperationError("", object, i18n::format(_("GEOS refused the collection: {1}"), {lastGeosError()}));
    return out;
}

} // namespace

void appendWkb(std::string& out, const Geometry& geometry, WkbForm form)
{
    const std::string object = toString(geometry.type);
    GeosGeometryPtr g = toGeos(geometry, EmptyGeometry::Allowed);
    if (form == WkbForm::Multi)
        g = asMulti(std::move(g), object.c_str());
    write(out, g.get(), object.c_str());
}

std::string wkbAsMulti(std::string_view wkb)
{
    GEOSContextHandle_t h = geosContext();
    struct ReaderDeleter {
        void operator()(GEOSWKBReader* r) const noexcept { GEOSWKBReader_destroy_r(geosContext(), r); }
    };
    const std::unique_ptr<GEOSWKBReader, ReaderDeleter> reader(GEOSWKBReader_create_r(h));
    GeosGeometryPtr g(GEOSWKBReader_read_r(h, reader.get(), reinterpret_cast<const unsigned char*>(wkb.data()), wkb.size()));
    if (!g)
        throw util::FormatError("", _("geometry"), i18n::format(_("GEOS could not read the WKB: {1}"), {lastGeosError()}));
    std::string out;
    write(out, asMulti(std::move(g), "geometry").get(), "geometry");
    return out;
}

} // namespace sandtable::core::geometry
