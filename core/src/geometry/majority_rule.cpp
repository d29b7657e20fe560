// SPDX-License-Identifier: GPL-3.0-or-later
// Majority rule: block footprints, the terrain index (GEOS STRtree) and areas by the exact convex clipper.
#include "sandtable/core/geometry/majority_rule.hpp"

#include "class_union.hpp"
#include "convex_clip.hpp"
#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>

namespace sandtable::core::geometry {
namespace {

using Point = detail::ClipPoint;
using detail::ClipBuffers;
using detail::twiceSignedArea;

// A convex footprint in a local frame (its centroid at the origin), counter-clockwise.
struct LocalConvex {
    Coordinate centre;         // absolute position of the local origin
    std::vector<Point> corners;
    double area = 0.0;
    double minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0; // local envelope
};

LocalConvex makeLocalConvex(const std::vector<Coordinate>& convex)
{
    if (convex.size() < 3)
        throw std::invalid_argument(_("a footprint needs at least 3 corners"));
    std::vector<Coordinate> corners = convex;
    if (corners.size() > 3 && corners.front() == corners.back())
        corners.pop_back();
    LocalConvex out;
    double cx = 0.0, cy = 0.0;
    for (Coordinate c : corners) {
        cx += c.x;
        cy += c.y;
    }
    out.centre = {cx / static_cast<double>(corners.size()), cy / static_cast<double>(corners.size())};
    for (Coordinate c : corners)
        out.corners.push_back({c.x - out.centre.x, c.y - out.centre.y});
    double twice = twiceSignedArea(out.corners.data(), out.corners.size());
    if (!(std::abs(twice) > 0.0) || !std::isfinite(twice))
        throw std::invalid_argument(_("a footprint must have a positive, finite area"));
    if (twice < 0) {
        std::reverse(out.corners.begin(), out.corners.end());
        twice = -twice;
    }
    out.area = twice / 2.0;
    out.minX = out.maxX = out.corners[0].x;
    out.minY = out.maxY = out.corners[0].y;
    for (const Point& p : out.corners) {
        out.minX = std::min(out.minX, p.x);
        out.maxX = std::max(out.maxX, p.x);
        out.minY = std::min(out.minY, p.y);
        out.maxY = std::max(out.maxY, p.y);
    }
    return out;
}

// ring ∩ convex by the one clipper (convex_clip.hpp), in the convex's local frame.
double clipTwiceArea(ClipBuffers& buffers, const LocalConvex& convex, const Point* ring, std::size_t n, double dx,
    double dy, unsigned edges)
{
    return detail::clipTwiceArea(buffers, convex.corners.data(), convex.corners.size(), ring, n, dx, dy, edges);
}

// Which of the convex's edges a box crosses or lies outside of (bit e for edge e); kOutside when the box
// lies wholly on the outer side of one edge (a separating axis: no intersection). 0 = box inside.
constexpr unsigned kOutside = ~0u;

unsigned edgesToClip(const LocalConvex& convex, double minX, double minY, double maxX, double maxY)
{
    const std::size_t m = convex.corners.size();
    unsigned mask = 0;
    for (std::size_t e = 0; e < m; ++e) {
        const Point p = convex.corners[e];
        const double ex = convex.corners[(e + 1) % m].x - p.x;
        const double ey = convex.corners[(e + 1) % m].y - p.y;
        // The box corner farthest inside and the one farthest outside along the edge's inner normal.
        const double nx = -ey;
        const double ny = ex;
        const double hiX = nx >= 0 ? maxX : minX, loX = nx >= 0 ? minX : maxX;
        const double hiY = ny >= 0 ? maxY : minY, loY = ny >= 0 ? minY : maxY;
        if (ex * (hiY - p.y) - ey * (hiX - p.x) < 0.0)
            return kOutside;
        if (ex * (loY - p.y) - ey * (loX - p.x) < 0.0)
            mask |= 1u << e;
    }
    return mask;
}

GeosGeometryPtr convexToGeos(const std::vector<Coordinate>& convex)
{
    std::vector<Coordinate> ring = convex;
    if (!(ring.front() == ring.back()))
        ring.push_back(ring.front());
    return toGeos(Geometry::polygon({ring}));
}

MajorityResult makeResult(const std::vector<std::string>& classes, const std::vector<double>& areas, double footprintArea)
{
    MajorityResult out;
    out.footprintArea = footprintArea;
    for (std::size_t c = 0; c < classes.size(); ++c)
        if (areas[c] > 0.0)
            out.fractions.emplace_back(classes[c], areas[c] / footprintArea);
    std::sort(out.fractions.begin(), out.fractions.end());
    std::vector<std::pair<std::string, double>> over;
    for (const auto& [cls, fraction] : out.fractions)
        if (fraction > 0.5 + kHalfTolerance)
            over.emplace_back(cls, fraction);
    std::stable_sort(over.begin(), over.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    for (const auto& entry : over)
        out.majorities.push_back(entry.first);
    if (!out.majorities.empty())
        out.majority = out.majorities.front();
    return out;
}

} // namespace

const char* toString(BlockFormation formation)
{
    return formation == BlockFormation::Line ? "line" : "column";
}

BlockFormation blockFormationFromString(const std::string& name)
{
    if (name == "line")
        return BlockFormation::Line;
    if (name == "column")
        return BlockFormation::Column;
    throw std::invalid_argument(i18n::format(_("unknown formation '{1}' (line or column)"), {name}));
}

std::array<Coordinate, 4> footprintCorners(const BlockFootprint& f)
{
    if (!(f.length > 0.0) || !(f.depth > 0.0) || !std::isfinite(f.length) || !std::isfinite(f.depth))
        throw std::invalid_argument(_("a block's length and depth must be positive numbers of metres"));
    if (!std::isfinite(f.facing) || !std::isfinite(f.centre.x) || !std::isfinite(f.centre.y))
        throw std::invalid_argument(_("a block's centre and facing must be finite numbers"));
    const double radians = f.facing * std::numbers::pi / 180.0;
    // Facing is clockwise from grid north: forward = (sin, cos); the block's right hand = (cos, -sin).
    const double fx = std::sin(radians);
    const double fy = std::cos(radians);
    const double rx = fy;
    const double ry = -fx;
    const bool line = f.formation == BlockFormation::Line;
    const double halfAcross = (line ? f.length : f.depth) / 2.0; // along the right-hand direction
    const double halfAlong = (line ? f.depth : f.length) / 2.0;  // along the facing
    auto corner = [&](double across, double along) {
        return Coordinate{f.centre.x + across * halfAcross * rx + along * halfAlong * fx,
            f.centre.y + across * halfAcross * ry + along * halfAlong * fy};
    };
    // Right-hand then forward is a clockwise pair, so rear-left, rear-right, front-right, front-left runs
    // counter-clockwise.
    return {corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)};
}

double MajorityResult::fraction(const std::string& terrainClass) const
{
    for (const auto& [cls, value] : fractions)
        if (cls == terrainClass)
            return value;
    return 0.0;
}

// ----------------------------------------------------------------------------------------------------
// TerrainIndex

struct TerrainIndex::Impl {
    struct Item {
        std::uint32_t classIndex = 0;
        std::uint32_t firstRing = 0;
        std::uint32_t ringCount = 0;
        double area = 0.0;                                      // square metres
        double minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0; // relative to `origin`
        GeosGeometryPtr polygon;                                // absolute coordinates, for GEOS
    };
    struct Ring {
        std::uint32_t begin = 0;
        std::uint32_t end = 0;
    };

    Coordinate origin;
    std::vector<std::string> classes;
    std::vector<Item> items;
    std::vector<Ring> rings;
    std::vector<Point> points; // relative to `origin`; shells counter-clockwise, holes clockwise
    GEOSSTRtree* tree = nullptr;

    ~Impl()
    {
        if (tree)
            GEOSSTRtree_destroy_r(geosContext(), tree);
    }

    void addPolygon(std::uint32_t classIndex, GeosGeometryPtr polygon);
    void candidates(const LocalConvex& convex, std::vector<std::uint32_t>& out) const;
};

void TerrainIndex::Impl::addPolygon(std::uint32_t classIndex, GeosGeometryPtr polygon)
{
    const Geometry model = fromGeos(polygon.get());
    Item item;
    item.classIndex = classIndex;
    item.firstRing = static_cast<std::uint32_t>(rings.size());
    bool first = true;
    double twice = 0.0;
    for (const auto& ring : model.parts.front()) {
        Ring r;
        r.begin = static_cast<std::uint32_t>(points.size());
        for (std::size_t i = 0; i + 1 < ring.size(); ++i) // the closing vertex is implied
            points.push_back({ring[i].x - origin.x, ring[i].y - origin.y});
        r.end = static_cast<std::uint32_t>(points.size());
        double ringTwice = twiceSignedArea(points.data() + r.begin, r.end - r.begin);
        if ((first && ringTwice < 0) || (!first && ringTwice > 0)) {
            std::reverse(points.begin() + r.begin, points.begin() + r.end);
            ringTwice = -ringTwice;
        }
        if (first) {
            item.minX = item.maxX = points[r.begin].x;
            item.minY = item.maxY = points[r.begin].y;
            for (std::uint32_t i = r.begin; i < r.end; ++i) {
                item.minX = std::min(item.minX, points[i].x);
                item.maxX = std::max(item.maxX, points[i].x);
                item.minY = std::min(item.minY, points[i].y);
                item.maxY = std::max(item.maxY, points[i].y);
            }
        }
        twice += ringTwice;
        rings.push_back(r);
        first = false;
    }
    item.ringCount = static_cast<std::uint32_t>(rings.size()) - item.firstRing;
    item.area = twice / 2.0;
    item.polygon = std::move(polygon);
    items.push_back(std::move(item));
}

namespace {
struct QueryCollector {
    std::vector<std::uint32_t>* out;
};

void collectCandidate(void* item, void* userdata)
{
    auto* collector = static_cast<QueryCollector*>(userdata);
    collector->out->push_back(static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(item) - 1));
}
} // namespace

void TerrainIndex::Impl::candidates(const LocalConvex& convex, std::vector<std::uint32_t>& out) const
{
    out.clear();
    if (!tree)
        return;
    GEOSContextHandle_t h = geosContext();
    GeosGeometryPtr envelope(GEOSGeom_createRectangle_r(h, convex.centre.x + convex.minX, convex.centre.y + convex.minY,
        convex.centre.x + convex.maxX, convex.centre.y + convex.maxY));
    if (!envelope)
        throw util::OperationError("", _("footprint"), i18n::format(_("GEOS could not build the query envelope: {1}"), {lastGeosError()}));
    QueryCollector collector{&out};
    GEOSSTRtree_query_r(h, tree, envelope.get(), collectCandidate, &collector);
}

TerrainIndex::TerrainIndex(const std::vector<TerrainFeature>& terrain)
    : m_impl(std::make_unique<Impl>())
{
    GEOSContextHandle_t h = geosContext();
    Impl& impl = *m_impl;
    // Polygons per class, made valid first (a self-intersecting wood still covers ground), overlapping
    // ones of one class united so the class's area is not counted twice.
    auto byClass = validPolygonsByClass(terrain);
    for (auto& [cls, polygons] : byClass) {
        if (impl.classes.empty()) {
            double x = 0.0, y = 0.0;
            GEOSCoordSeq_getXY_r(h, GEOSGeom_getCoordSeq_r(h, GEOSGetExteriorRing_r(h, polygons.front().get())), 0, &x, &y);
            impl.origin = {std::floor(x), std::floor(y)};
        }
        const auto classIndex = static_cast<std::uint32_t>(impl.classes.size());
        impl.classes.push_back(cls);
        for (auto& polygon : uniteOverlapping(std::move(polygons), cls))
            impl.addPolygon(classIndex, std::move(polygon));
    }
    if (!impl.items.empty()) {
        impl.tree = GEOSSTRtree_create_r(h, 10);
        for (std::size_t i = 0; i < impl.items.size(); ++i)
            GEOSSTRtree_insert_r(h, impl.tree, impl.items[i].polygon.get(), reinterpret_cast<void*>(i + 1));
        // The tree is built on its first query; do it now so later queries only read it.
        GeosGeometryPtr probe(GEOSGeom_createPointFromXY_r(h, impl.origin.x, impl.origin.y));
        std::vector<std::uint32_t> ignored;
        QueryCollector collector{&ignored};
        GEOSSTRtree_query_r(h, impl.tree, probe.get(), collectCandidate, &collector);
    }
}

TerrainIndex::~TerrainIndex() = default;
TerrainIndex::TerrainIndex(TerrainIndex&&) noexcept = default;
TerrainIndex& TerrainIndex::operator=(TerrainIndex&&) noexcept = default;

std::size_t TerrainIndex::polygonCount() const { return m_impl->items.size(); }

MajorityResult TerrainIndex::majority(const BlockFootprint& footprint, AreaMethod method) const
{
    const auto corners = footprintCorners(footprint);
    return majority(std::vector<Coordinate>(corners.begin(), corners.end()), method);
}

MajorityResult TerrainIndex::majority(const std::vector<Coordinate>& convexFootprint, AreaMethod method) const
{
    const Impl& impl = *m_impl;
    const LocalConvex convex = makeLocalConvex(convexFootprint);
    thread_local std::vector<std::uint32_t> hits;
    impl.candidates(convex, hits);
    thread_local std::vector<double> areas;
    areas.assign(impl.classes.size(), 0.0);
    if (method == AreaMethod::Geos) {
        GEOSContextHandle_t h = geosContext();
        GeosGeometryPtr footprint = convexToGeos(convexFootprint);
        for (std::uint32_t i : hits) {
            GeosGeometryPtr part(GEOSIntersection_r(h, footprint.get(), impl.items[i].polygon.get()));
            if (!part)
                throw util::OperationError("", _("footprint"), i18n::format(_("GEOS could not intersect it with the terrain: {1}"), {lastGeosError()}));
            areas[impl.items[i].classIndex] += geosArea(part.get());
        }
        return makeResult(impl.classes, areas, convex.area);
    }
    // The footprint's centre relative to the index origin: ring points are moved into the footprint's
    // local frame, where coordinates are small and the clipper loses no digits.
    const double dx = convex.centre.x - impl.origin.x;
    const double dy = convex.centre.y - impl.origin.y;
    ClipBuffers& buffers = detail::threadClipBuffers();
    for (std::uint32_t i : hits) {
        const Impl::Item& item = impl.items[i];
        const unsigned edges = edgesToClip(convex, item.minX - dx, item.minY - dy, item.maxX - dx, item.maxY - dy);
        if (edges == kOutside)
            continue;
        if (edges == 0) {
            areas[item.classIndex] += item.area;
            continue;
        }
        double twice = 0.0;
        for (std::uint32_t r = item.firstRing; r < item.firstRing + item.ringCount; ++r) {
            const Impl::Ring ring = impl.rings[r];
            twice += clipTwiceArea(buffers, convex, impl.points.data() + ring.begin, ring.end - ring.begin, dx, dy, edges);
        }
        areas[item.classIndex] += twice / 2.0;
    }
    return makeResult(impl.classes, areas, convex.area);
}

double convexIntersectionArea(const Geometry& polygon, const std::vector<Coordinate>& convex)
{
    if (dimension(polygon.type) != 2)
        return 0.0;
    const LocalConvex local = makeLocalConvex(convex);
    ClipBuffers& buffers = detail::threadClipBuffers();
    double twice = 0.0;
    for (const auto& part : polygon.parts) {
        for (std::size_t r = 0; r < part.size(); ++r) {
            const auto& ring = part[r];
            if (ring.size() < 4)
                continue;
            std::vector<Point> points;
            for (std::size_t i = 0; i + 1 < ring.size(); ++i)
                points.push_back({ring[i].x - local.centre.x, ring[i].y - local.centre.y});
            // Shells count positive, holes negative, whatever orientation they were digitised in.
            const double orientation = twiceSignedArea(points.data(), points.size());
            const double sign = ((orientation >= 0) == (r == 0)) ? 1.0 : -1.0;
            twice += sign * clipTwiceArea(buffers, local, points.data(), points.size(), 0.0, 0.0, ~0u);
        }
    }
    return twice / 2.0;
}

double geosIntersectionArea(const Geometry& polygon, const std::vector<Coordinate>& convex)
{
    if (dimension(polygon.type) != 2)
        return 0.0;
    GeosGeometryPtr g = toGeos(polygon);
    GeosGeometryPtr footprint = convexToGeos(convex);
    GeosGeometryPtr part(GEOSIntersection_r(geosContext(), footprint.get(), g.get()));
    if (!part)
        throw util::OperationError("", toString(polygon.type), i18n::format(_("GEOS could not intersect it with the footprint: {1}"), {lastGeosError()}));
    return geosArea(part.get());
}

} // namespace sandtable::core::geometry
