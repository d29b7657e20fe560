// SPDX-License-Identifier: GPL-3.0-or-later
// Split by a blade line and union of same-class features, on GEOS.
#include "sandtable/core/geometry/split_merge.hpp"

#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::geometry {

std::vector<Geometry> splitGeometry(const Geometry& geometry, const Geometry& blade)
{
    GEOSContextHandle_t h = geosContext();
    const int dim = dimension(geometry.type);
    if (dim == 0)
        throw util::OperationError("", toString(geometry.type), _("a point cannot be split"));
    if (dimension(blade.type) != 1)
        throw util::OperationError("", _("blade"), i18n::format(_("the blade must be a line, not a {1}"), {toString(blade.type)}));
    GeosGeometryPtr g = toGeos(geometry);
    GeosGeometryPtr b = toGeos(blade);
    if (!geosIsValid(g.get()))
        throw util::OperationError("", toString(geometry.type), _("is invalid; repair it before splitting"));
    std::vector<GeosGeometryPtr> pieces;
    if (dim == 1) {
        // The difference nodes the line at the blade's crossings and keeps what the blade does not cover.
        GeosGeometryPtr cut(GEOSDifference_r(h, g.get(), b.get()));
        if (!cut)
            throw util::OperationError("", toString(geometry.type), i18n::format(_("GEOS could not split it: {1}"), {lastGeosError()}));
        pieces = simplePartsOfDimension(cut.get(), 1);
    } else {
        // Node the polygon's boundary with the blade, polygonize, keep the faces inside the polygon.
        GeosGeometryPtr boundary(GEOSBoundary_r(h, g.get()));
        GeosGeometryPtr noded(boundary ? GEOSUnion_r(h, boundary.get(), b.get()) : nullptr);
        if (!noded)
            throw util::OperationError("", toString(geometry.type), i18n::format(_("GEOS could not node it with the blade: {1}"), {lastGeosError()}));
        const GEOSGeometry* lines[] = {noded.get()};
        GeosGeometryPtr faces(GEOSPolygonize_r(h, lines, 1));
        if (!faces)
            throw util::OperationError("", toString(geometry.type), i18n::format(_("GEOS could not polygonize it: {1}"), {lastGeosError()}));
        for (auto& face : simplePartsOfDimension(faces.get(), 2)) {
            GeosGeometryPtr inside(GEOSPointOnSurface_r(h, face.get()));
            if (inside && GEOSContains_r(h, g.get(), inside.get()) == 1)
                pieces.push_back(std::move(face));
        }
    }
    if (pieces.size() < 2)
        throw util::OperationError("", toString(geometry.type), _("the blade does not cut it in two"));
    auto measure = [&](const GeosGeometryPtr& p) { return dim == 2 ? geosArea(p.get()) : geosLength(p.get()); };
    std::stable_sort(pieces.begin(), pieces.end(), [&](const auto& a, const auto& c) { return measure(a) > measure(c); });
    std::vector<Geometry> out;
    for (const auto& p : pieces)
        out.push_back(fromGeos(p.get()));
    return out;
}

Geometry uniteGeometries(const std::vector<Geometry>& geometries)
{
    GEOSContextHandle_t h = geosContext();
    if (geometries.empty())
        throw util::OperationError("", _("merge"), _("nothing to unite"));
    const int dim = dimension(geometries.front().type);
    if (dim == 0)
        throw util::OperationError("", _("merge"), _("points cannot be united into one feature"));
    std::vector<GeosGeometryPtr> parts;
    for (const Geometry& g : geometries) {
        if (dimension(g.type) != dim)
            throw util::OperationError("", _("merge"), i18n::format(_("cannot unite a {1} with a {2}"), {toString(g.type), toString(geometries.front().type)}));
        GeosGeometryPtr built = toGeos(g);
        if (!geosIsValid(built.get()))
            throw util::OperationError("", toString(g.type), _("is invalid; repair it before merging"));
        for (auto& part : simplePartsOfDimension(built.get(), dim))
            parts.push_back(std::move(part));
    }
    GeosGeometryPtr collected = collectParts(std::move(parts), dim);
    GeosGeometryPtr united(GEOSUnaryUnion_r(h, collected.get()));
    if (united && dim == 1)
        united.reset(GEOSLineMerge_r(h, united.get()));
    if (!united)
        throw util::OperationError("", _("merge"), i18n::format(_("GEOS could not unite the geometries: {1}"), {lastGeosError()}));
    GeosGeometryPtr result = collectParts(simplePartsOfDimension(united.get(), dim), dim);
    if (!result)
        throw util::OperationError("", _("merge"), _("the union is empty"));
    return fromGeos(result.get());
}

} // namespace sandtable::core::geometry
