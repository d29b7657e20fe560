// SPDX-License-Identifier: GPL-3.0-or-later
// Same-class polygons: a proof by cancelled shared edges that they do not overlap, GEOS union where they do.
#include "class_union.hpp"

#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>

namespace sandtable::core::geometry {
namespace {

struct Vertex {
    double x;
    double y;
    bool operator==(const Vertex&) const = default;
};

// A directed segment; coordinates compared exactly (-0 is stored as +0 so the two compare alike).
struct Segment {
    Vertex from;
    Vertex to;
    bool operator==(const Segment&) const = default;
    Segment reversed() const { return {to, from}; }
};

// The ring's vertices (closing vertex included), with the interior on the left: counter-clockwise for a
// shell, clockwise for a hole.
void ringVertices(const GEOSGeometry* ring, bool shell, std::vector<Vertex>& out)
{
    GEOSContextHandle_t h = geosContext();
    const GEOSCoordSequence* seq = GEOSGeom_getCoordSeq_r(h, ring);
    unsigned size = 0;
    GEOSCoordSeq_getSize_r(h, seq, &size);
    out.resize(size);
    static_assert(sizeof(Vertex) == 2 * sizeof(double));
    if (size > 0)
        GEOSCoordSeq_copyToBuffer_r(h, seq, reinterpret_cast<double*>(out.data()), 0, 0);
    for (Vertex& v : out) {
        v.x += 0.0; // -0 -> +0
        v.y += 0.0;
    }
    char ccw = 0;
    if (size >= 4 && GEOSCoordSeq_isCCW_r(h, seq, &ccw) == 1 && (ccw != 0) != shell)
        std::reverse(out.begin(), out.end());
}

bool lexLess(const Vertex& a, const Vertex& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }

// The directed segments left after every segment cancelled one copy of its reverse: segments are sorted
// by their undirected form, and where n run one way and m the other, |n - m| copies of the majority remain.
std::vector<Segment> uncancelledSegments(const std::vector<GeosGeometryPtr>& polygons)
{
    GEOSContextHandle_t h = geosContext();
    struct Directed {
        Segment key; // from < to
        int direction; // +1: as the ring runs, -1: reversed
    };
    std::vector<Directed> all;
    std::size_t vertices = 0;
    for (const auto& p : polygons)
        vertices += static_cast<std::size_t>(std::max(GEOSGetNumCoordinates_r(h, p.get()), 0));
    all.reserve(vertices);
    std::vector<Vertex> ring;
    auto add = [&](const GEOSGeometry* r, bool shell) {
        ringVertices(r, shell, ring);
        for (std::size_t i = 0; i + 1 < ring.size(); ++i) {
            if (ring[i] == ring[i + 1])
                continue; // a repeated vertex
            if (lexLess(ring[i], ring[i + 1]))
                all.push_back({{ring[i], ring[i + 1]}, 1});
            else
                all.push_back({{ring[i + 1], ring[i]}, -1});
        }
    };
    for (const auto& p : polygons) {
        add(GEOSGetExteriorRing_r(h, p.get()), true);
        const int holes = GEOSGetNumInteriorRings_r(h, p.get());
        for (int i = 0; i < holes; ++i)
            add(GEOSGetInteriorRingN_r(h, p.get(), i), false);
    }
    std::sort(all.begin(), all.end(), [](const Directed& a, const Directed& b) {
        if (!(a.key.from == b.key.from))
            return lexLess(a.key.from, b.key.from);
        return lexLess(a.key.to, b.key.to);
    });
    std::vector<Segment> out;
    for (std::size_t i = 0; i < all.size();) {
        int net = 0;
        std::size_t j = i;
        for (; j < all.size() && all[j].key == all[i].key; ++j)
            net += all[j].direction;
        for (int k = 0; k < std::abs(net); ++k)
            out.push_back(net > 0 ? all[i].key : all[i].key.reversed());
        i = j;
    }
    return out;
}

// Chains segments into closed rings (each segment used once, a ring closed when it comes back to its first
// vertex). False when a walk stops at a vertex with no unused segment leaving it (it cannot for segments
// left from closed rings, whose vertices have as many segments arriving as leaving).
bool chainRings(std::vector<Segment> segments, std::vector<std::vector<Vertex>>& rings)
{
    auto byStart = [](const Segment& a, const Segment& b) {
        return a.from.x != b.from.x ? a.from.x < b.from.x : a.from.y < b.from.y;
    };
    std::sort(segments.begin(), segments.end(), [&](const Segment& a, const Segment& b) { return byStart(a, b); });
    std::vector<char> used(segments.size(), 0);
    auto leaving = [&](Vertex v) -> std::size_t {
        const Segment probe{v, v};
        auto it = std::lower_bound(segments.begin(), segments.end(), probe, byStart);
        for (; it != segments.end() && it->from == v; ++it)
            if (!used[static_cast<std::size_t>(it - segments.begin())])
                return static_cast<std::size_t>(it - segments.begin());
        return segments.size();
    };
    for (std::size_t first = 0; first < segments.size(); ++first) {
        if (used[first])
            continue;
        std::vector<Vertex> ring{segments[first].from};
        std::size_t current = first;
        while (true) {
            used[current] = 1;
            ring.push_back(segments[current].to);
            if (segments[current].to == ring.front())
                break;
            current = leaving(segments[current].to);
            if (current == segments.size())
                return false;
        }
        rings.push_back(std::move(ring));
    }
    return true;
}

GeosGeometryPtr linearRing(const std::vector<Vertex>& ring)
{
    GEOSContextHandle_t h = geosContext();
    GEOSCoordSequence* seq = GEOSCoordSeq_copyFromBuffer_r(h, reinterpret_cast<const double*>(ring.data()),
        static_cast<unsigned>(ring.size()), 0, 0);
    if (!seq)
        return nullptr;
    return GeosGeometryPtr(GEOSGeom_createLinearRing_r(h, seq));
}

struct Box {
    double minX, minY, maxX, maxY;
    bool contains(const Box& o) const { return minX <= o.minX && minY <= o.minY && maxX >= o.maxX && maxY >= o.maxY; }
};

Box boxOf(const std::vector<Vertex>& ring)
{
    Box b{ring[0].x, ring[0].y, ring[0].x, ring[0].y};
    for (const Vertex& v : ring) {
        b.minX = std::min(b.minX, v.x);
        b.minY = std::min(b.minY, v.y);
        b.maxX = std::max(b.maxX, v.x);
        b.maxY = std::max(b.maxY, v.y);
    }
    return b;
}

double absArea(const std::vector<Vertex>& ring)
{
    double twice = 0.0;
    for (std::size_t i = 1; i + 1 < ring.size(); ++i)
        twice += (ring[i].x - ring[0].x) * (ring[i + 1].y - ring[0].y) - (ring[i + 1].x - ring[0].x) * (ring[i].y - ring[0].y);
    return std::abs(twice) / 2.0;
}

// The rings as a multipolygon: clockwise rings become holes of the smallest counter-clockwise ring whose
// envelope holds theirs and which holds their first vertex. nullptr when a ring cannot be built or a hole
// finds no shell. A wrong guess only makes the result invalid (a hole outside its shell, nested holes).
GeosGeometryPtr assemble(const std::vector<std::vector<Vertex>>& rings)
{
    GEOSContextHandle_t h = geosContext();
    struct Shell {
        GeosGeometryPtr ring;
        Box box;
        double area;
        std::vector<GeosGeometryPtr> holes;
    };
    std::vector<Shell> shells;
    std::vector<std::pair<GeosGeometryPtr, std::size_t>> holes; // ring, index into `rings`
    for (std::size_t i = 0; i < rings.size(); ++i) {
        if (rings[i].size() < 4)
            return nullptr;
        GeosGeometryPtr r = linearRing(rings[i]);
        if (!r)
            return nullptr;
        char ccw = 0;
        if (GEOSCoordSeq_isCCW_r(h, GEOSGeom_getCoordSeq_r(h, r.get()), &ccw) != 1)
            return nullptr;
        if (ccw)
            shells.push_back(Shell{std::move(r), boxOf(rings[i]), absArea(rings[i]), {}});
        else
            holes.emplace_back(std::move(r), i);
    }
    if (!holes.empty()) {
        GEOSSTRtree* tree = GEOSSTRtree_create_r(h, 10);
        for (std::size_t s = 0; s < shells.size(); ++s)
            GEOSSTRtree_insert_r(h, tree, shells[s].ring.get(), reinterpret_cast<void*>(s + 1));
        struct Query {
            const std::vector<Shell>* shells;
            Box box;
            std::vector<std::size_t> hits;
        } query{&shells, {}, {}};
        bool placed = true;
        for (auto& [ring, index] : holes) {
            query.box = boxOf(rings[index]);
            query.hits.clear();
            GEOSSTRtree_query_r(h, tree, ring.get(),
                [](void* item, void* userdata) {
                    auto* q = static_cast<Query*>(userdata);
                    const std::size_t s = reinterpret_cast<std::uintptr_t>(item) - 1;
                    if ((*q->shells)[s].box.contains(q->box))
                        q->hits.push_back(s);
                },
                &query);
            std::sort(query.hits.begin(), query.hits.end(), [&](std::size_t a, std::size_t b) { return shells[a].area < shells[b].area; });
            std::size_t chosen = shells.size();
            if (query.hits.size() == 1) {
                chosen = query.hits.front();
            } else {
                GeosGeometryPtr point(GEOSGeom_createPointFromXY_r(h, rings[index][0].x, rings[index][0].y));
                for (const std::size_t s : query.hits) {
                    GeosGeometryPtr area(GEOSGeom_createPolygon_r(h, GEOSGeom_clone_r(h, shells[s].ring.get()), nullptr, 0));
                    if (area && point && GEOSIntersects_r(h, area.get(), point.get()) == 1) {
                        chosen = s;
                        break;
                    }
                }
            }
            if (chosen == shells.size()) {
                placed = false;
                break;
            }
            shells[chosen].holes.push_back(std::move(ring));
        }
        GEOSSTRtree_destroy_r(h, tree);
        if (!placed)
            return nullptr;
    }
    std::vector<GeosGeometryPtr> polygons;
    for (Shell& s : shells) {
        std::vector<GEOSGeometry*> raw;
        for (auto& hole : s.holes)
            raw.push_back(hole.release());
        polygons.emplace_back(GEOSGeom_createPolygon_r(h, s.ring.release(), raw.data(), static_cast<unsigned>(raw.size())));
        if (!polygons.back())
            return nullptr;
    }
    if (polygons.empty())
        return nullptr;
    return collectParts(std::move(polygons), 2);
}

} // namespace

std::map<std::string, std::vector<GeosGeometryPtr>> validPolygonsByClass(const std::vector<TerrainFeature>& terrain)
{
    std::map<std::string, std::vector<GeosGeometryPtr>> out;
    for (const TerrainFeature& feature : terrain) {
        if (dimension(feature.geometry.type) != 2 || feature.geometry.parts.empty())
            continue;
        GeosGeometryPtr valid;
        try {
            valid = validPartsOf(feature.geometry, 2);
        } catch (const util::OperationError& e) {
            throw util::OperationError("", i18n::format(_("terrain feature '{1}'"), {feature.id.str()}), e.reason());
        }
        if (!valid)
            continue;
        auto& list = out[feature.terrainClass];
        if (GEOSGeomTypeId_r(geosContext(), valid.get()) == GEOS_POLYGON) {
            list.push_back(std::move(valid));
            continue;
        }
        for (auto& part : simplePartsOfDimension(valid.get(), 2))
            list.push_back(std::move(part));
    }
    return out;
}

bool interiorsProvenDisjoint(const std::vector<GeosGeometryPtr>& polygons)
{
    if (polygons.size() <= 1)
        return true;
    std::vector<std::vector<Vertex>> rings;
    if (!chainRings(uncancelledSegments(polygons), rings))
        return false;
    const GeosGeometryPtr united = assemble(rings);
    return united && geosIsValid(united.get());
}

std::vector<GeosGeometryPtr> uniteOverlapping(std::vector<GeosGeometryPtr> polygons, const std::string& terrainClass)
{
    if (interiorsProvenDisjoint(polygons))
        return polygons;
    GEOSContextHandle_t h = geosContext();
    // Union-find over the polygons whose interiors intersect.
    std::vector<std::size_t> parent(polygons.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    auto find = [&](std::size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    GEOSSTRtree* tree = GEOSSTRtree_create_r(h, 10);
    for (std::size_t i = 0; i < polygons.size(); ++i)
        GEOSSTRtree_insert_r(h, tree, polygons[i].get(), reinterpret_cast<void*>(i + 1));
    struct PairQuery {
        std::size_t self;
        std::vector<std::size_t> hits;
    } query{};
    for (std::size_t i = 0; i < polygons.size(); ++i) {
        query.self = i;
        query.hits.clear();
        GEOSSTRtree_query_r(h, tree, polygons[i].get(),
            [](void* item, void* userdata) {
                auto* q = static_cast<PairQuery*>(userdata);
                const std::size_t j = reinterpret_cast<std::uintptr_t>(item) - 1;
                if (j > q->self)
                    q->hits.push_back(j);
            },
            &query);
        for (const std::size_t j : query.hits)
            if (find(i) != find(j) && GEOSRelatePattern_r(h, polygons[i].get(), polygons[j].get(), "2********") == 1)
                parent[find(i)] = find(j);
    }
    GEOSSTRtree_destroy_r(h, tree);
    std::map<std::size_t, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < polygons.size(); ++i)
        groups[find(i)].push_back(i);
    std::vector<GeosGeometryPtr> out;
    for (auto& [root, members] : groups) {
        if (members.size() == 1) {
            out.push_back(std::move(polygons[members.front()]));
            continue;
        }
        std::vector<GeosGeometryPtr> group;
        for (const std::size_t i : members)
            group.push_back(std::move(polygons[i]));
        GeosGeometryPtr collection = collectParts(std::move(group), 2);
        GeosGeometryPtr united(GEOSUnaryUnion_r(h, collection.get()));
        if (!united)
            throw util::OperationError("", i18n::format(_("terrain class '{1}'"), {terrainClass}),
                i18n::format(_("GEOS could not unite its features: {1}"), {lastGeosError()}));
        for (auto& part : simplePartsOfDimension(united.get(), 2))
            out.push_back(std::move(part));
    }
    return out;
}

} // namespace sandtable::core::geometry
