// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain repair (MakeValid keeping the feature's dimension, precision grid, slivers) and topology rules.
#include "sandtable/core/geometry/terrain_check.hpp"

#include "feature_text.hpp"
#include "geos_util.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <future>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace sandtable::core::geometry {
namespace {

using detail::describe;
using detail::geometryPointer;

/// A length or area in metres for a person: `precision` decimals in their conventions ("12,5" in French).
std::string metres(double value, int precision = 3) { return i18n::formatNumber(value, precision); }

} // namespace

RepairResult repairGeometry(const Geometry& geometry, const RepairOptions& options)
{
    if (options.gridSize && !(*options.gridSize > 0.0 && std::isfinite(*options.gridSize)))
        throw std::invalid_argument(_("the grid size must be a positive number of metres"));
    GEOSContextHandle_t h = geosContext();
    const int dim = dimension(geometry.type);
    GeosGeometryPtr input = toGeos(geometry);
    RepairResult out;
    out.areaBefore = geosArea(input.get());
    const bool valid = geosIsValid(input.get());
    if (valid && !options.gridSize) {
        out.geometry = geometry;
        out.areaAfter = out.areaBefore;
    } else {
        GeosGeometryPtr work;
        if (valid) {
            work = cloneGeos(input.get());
        } else {
            try {
                work = makeValidStructure(input.get());
            } catch (const util::OperationError& e) {
                throw util::OperationError("", toString(geometry.type), e.reason());
            }
        }
        // Parts of a lower dimension (a hole collapsed to a line, a spike) are not the feature's kind.
        for (int lower = 0; lower < dim; ++lower)
            for (const auto& part : simplePartsOfDimension(work.get(), lower)) {
                ++out.droppedParts;
                out.droppedLength += geosLength(part.get());
            }
        std::vector<GeosGeometryPtr> parts = simplePartsOfDimension(work.get(), dim);
        if (options.gridSize && !parts.empty()) {
            GeosGeometryPtr collected = collectParts(std::move(parts), dim);
            GeosGeometryPtr snapped(GEOSGeom_setPrecision_r(h, collected.get(), *options.gridSize, 0));
            if (!snapped)
                throw util::OperationError("", toString(geometry.type), i18n::format(_("GEOS could not snap it to the grid: {1}"), {lastGeosError()}));
            parts = simplePartsOfDimension(snapped.get(), dim);
        }
        if (!parts.empty()) {
            GeosGeometryPtr result = collectParts(std::move(parts), dim);
            out.areaAfter = geosArea(result.get());
            out.geometry = fromGeos(result.get());
            // A one-part result of a Multi input stays a Multi: repair changes shape, not kind.
            if (geometry.type >= GeometryType::MultiPoint && out.geometry->type < GeometryType::MultiPoint)
                out.geometry->type = geometry.type;
            input = std::move(result);
        }
        out.changed = !out.geometry || !(*out.geometry == geometry);
    }
    if (out.geometry && dim == 2) {
        // `input` now holds the repaired geometry (or the valid input itself).
        for (const auto& part : simplePartsOfDimension(input.get(), 2)) {
            const double area = geosArea(part.get());
            const double perimeter = geosLength(part.get());
            if (area < options.sliverArea || (perimeter > 0 && 2.0 * area / perimeter < options.sliverWidth))
                out.slivers.push_back(area);
        }
    }
    return out;
}

TerrainRepair repairTerrain(const Scenario& scenario, const RepairOptions& options)
{
    TerrainRepair out;
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        const TerrainFeature& f = scenario.terrain[i];
        const std::string name = describe(f);
        RepairResult r;
        try {
            r = repairGeometry(f.geometry, options);
        } catch (const util::OperationError& e) {
            out.diagnostics.push_back({"terrain.repair.failed", validation::Severity::Error, geometryPointer(i),
                i18n::format(_("{1}: cannot be repaired: {2}"), {name, e.reason()})});
            continue;
        }
        if (!r.geometry) {
            out.diagnostics.push_back({"terrain.repair.collapsed", validation::Severity::Error, geometryPointer(i),
                i18n::format(_("{1}: collapses to nothing of its kind when repaired (area {2} m2); left as it was, delete it if it is not wanted"),
                    {name, metres(r.areaBefore)})});
            continue;
        }
        if (r.changed) {
            out.replacements.emplace_back(f.id, *r.geometry);
            out.diagnostics.push_back({"terrain.repair.fixed", validation::Severity::Info, geometryPointer(i),
                i18n::format(_("{1}: repaired (area {2} m2 before, {3} m2 after)"), {name, metres(r.areaBefore), metres(r.areaAfter)})});
        }
        if (r.droppedParts > 0)
            out.diagnostics.push_back({"terrain.repair.dropped_parts", validation::Severity::Warning, geometryPointer(i),
                i18n::format(_("{1}: {2} collapsed part(s) of a lower dimension left out ({3} m of line)"),
                    {name, std::to_string(r.droppedParts), metres(r.droppedLength)})});
        for (double area : r.slivers)
            out.diagnostics.push_back({"terrain.repair.sliver", validation::Severity::Warning, geometryPointer(i),
                i18n::format(_("{1}: has a sliver part of {2} m2 (kept)"), {name, metres(area, 6)})});
    }
    return out;
}

// ----------------------------------------------------------------------------------------------------
// Topology

namespace {

struct Prepared {
    std::size_t index = 0;
    const TerrainFeature* feature = nullptr;
    const GEOSGeometry* geometry = nullptr; // owned by TerrainGeometries
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
};

bool boxesNear(const Prepared& a, const Prepared& b, double tolerance)
{
    return a.minX - tolerance <= b.maxX && b.minX - tolerance <= a.maxX && a.minY - tolerance <= b.maxY
        && b.minY - tolerance <= a.maxY;
}

int hillLevel(const TerrainFeature& f)
{
    const AttributeValue* level = f.attributes.find("level");
    return level && level->isInteger() ? static_cast<int>(level->asInteger()) : 1;
}

double distanceBetween(const GEOSGeometry* a, const GEOSGeometry* b)
{
    double d = std::numeric_limits<double>::infinity();
    if (GEOSDistance_r(geosContext(), a, b, &d) != 1)
        return std::numeric_limits<double>::infinity();
    return d;
}

// The nearest of `candidates` to `g`: its description and distance ("none" when the list is empty).
std::string nearest(const GEOSGeometry* g, const std::vector<const Prepared*>& candidates)
{
    const Prepared* best = nullptr;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (const Prepared* c : candidates) {
        const double d = distanceBetween(g, c->geometry);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    if (!best)
        return _("there is none");
    return i18n::format(_("the nearest, {1}, is {2} m away"), {describe(*best->feature), metres(bestDistance, 1)});
}

/// An STRtree over the envelopes of a list of features: which of them lie within `tolerance` of a
/// feature's envelope, in list order (a prefilter; callers test boxesNear or GEOS themselves).
class EnvelopeIndex {
public:
    explicit EnvelopeIndex(const std::vector<const Prepared*>& items) : m_items(items)
    {
        if (items.empty())
            return;
        m_tree = GEOSSTRtree_create_r(geosContext(), 10);
        if (!m_tree)
            throw util::OperationError("", _("terrain"), i18n::format(_("GEOS could not create an index: {1}"), {lastGeosError()}));
        for (std::size_t k = 0; k < items.size(); ++k)
            GEOSSTRtree_insert_r(geosContext(), m_tree, items[k]->geometry, reinterpret_cast<void*>(k));
    }
    ~EnvelopeIndex()
    {
        if (m_tree)
            GEOSSTRtree_destroy_r(geosContext(), m_tree);
    }
    EnvelopeIndex(const EnvelopeIndex&) = delete;
    EnvelopeIndex& operator=(const EnvelopeIndex&) = delete;

    /// The items whose envelope is within `tolerance` of p's (a little more, against rounding).
    std::vector<const Prepared*> near(const Prepared& p, double tolerance) const
    {
        std::vector<std::size_t> hits;
        if (m_tree) {
            const double margin = tolerance * 1.001 + 1e-9 * (std::abs(p.minX) + std::abs(p.maxX) + std::abs(p.minY) + std::abs(p.maxY) + 1.0);
            GeosGeometryPtr box(GEOSGeom_createRectangle_r(geosContext(), p.minX - margin, p.minY - margin, p.maxX + margin, p.maxY + margin));
            if (!box)
                throw util::OperationError("", _("terrain"), i18n::format(_("GEOS could not build an envelope: {1}"), {lastGeosError()}));
            GEOSSTRtree_query_r(geosContext(), m_tree, box.get(), &EnvelopeIndex::collect, &hits);
        }
        std::sort(hits.begin(), hits.end());
        std::vector<const Prepared*> out;
        out.reserve(hits.size());
        for (std::size_t k : hits)
            out.push_back(m_items[k]);
        return out;
    }

private:
    static void collect(void* item, void* userdata)
    {
        static_cast<std::vector<std::size_t>*>(userdata)->push_back(reinterpret_cast<std::size_t>(item));
    }

    const std::vector<const Prepared*>& m_items;
    GEOSSTRtree* m_tree = nullptr;
};

struct PreparedDeleter {
    void operator()(const GEOSPreparedGeometry* p) const noexcept { GEOSPreparedGeom_destroy_r(geosContext(), p); }
};

/// Whether `p` lies within `tolerance` of any of the indexed features (GEOSDistanceWithin; features whose
/// envelopes are farther apart cannot be that close).
bool onAny(const Prepared& p, const EnvelopeIndex& index, double tolerance)
{
    for (const Prepared* c : index.near(p, tolerance))
        if (GEOSDistanceWithin_r(geosContext(), p.geometry, c->geometry, tolerance) == 1)
            return true;
    return false;
}

} // namespace

namespace {

/// Hands the items [0, count) out in blocks to this thread and to `helpers` more (fewer when no thread
/// can be had), calling `each(i)` once per item; waits for them all and rethrows the first failure (the
/// other threads then take no new block).
template <class Each>
void forEachShared(std::size_t count, std::size_t block, unsigned helpers, const Each& each)
{
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t start = next.fetch_add(block); start < count; start = next.fetch_add(block))
            for (std::size_t i = start; i < std::min(count, start + block); ++i)
                each(i);
    };
    std::vector<std::future<void>> others;
    for (unsigned t = 0; t < helpers; ++t) {
        try {
            others.push_back(std::async(std::launch::async, work));
        } catch (const std::system_error&) {
            break; // no thread to be had: this one does the rest
        }
    }
    std::exception_ptr failure;
    try {
        work();
    } catch (...) {
        failure = std::current_exception();
        next = count;
    }
    for (auto& other : others) {
        try {
            other.get();
        } catch (...) {
            if (!failure)
                failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace

struct TerrainGeometries::Impl {
    std::vector<GeosGeometryPtr> geometries; // null where GEOS could not build the feature
    std::vector<Validity> validity;
};

TerrainGeometries::TerrainGeometries(const Scenario& scenario, unsigned threads) : m_impl(std::make_unique<Impl>())
{
    const std::size_t n = scenario.terrain.size();
    m_impl->geometries.resize(n);
    m_impl->validity.resize(n);
    // Blocks of features handed out to the threads in turn (polygons and lines are not spread evenly).
    // Each thread builds with its own GEOS context; the geometries outlive the thread (a GEOS geometry
    // keeps its factory alive).
    constexpr std::size_t kBlock = 64;
    const unsigned helpers = n >= 4 * kBlock && threads > 1 ? threads - 1 : 0;
    forEachShared(n, kBlock, helpers, [&](std::size_t i) {
        const Geometry& g = scenario.terrain[i].geometry;
        try {
            m_impl->geometries[i] = toGeos(g);
        } catch (const util::OperationError& e) {
            m_impl->validity[i].valid = false;
            m_impl->validity[i].reason = e.reason();
            return;
        }
        m_impl->validity[i] = geosValidity(m_impl->geometries[i].get());
    });
}

TerrainGeometries::~TerrainGeometries() = default;

std::size_t TerrainGeometries::size() const { return m_impl->validity.size(); }

const Validity& TerrainGeometries::validity(std::size_t index) const { return m_impl->validity.at(index); }

validation::Diagnostics checkTopology(const Scenario& scenario, double tolerance)
{
    return checkTopology(scenario, TerrainGeometries(scenario), tolerance);
}

namespace {

/// The features topology rules apply to (a class of the rules, of its class's dimension, valid), each with
/// its envelope.
std::vector<Prepared> preparedFeatures(const Scenario& scenario, const TerrainGeometries& geometries)
{
    std::vector<Prepared> prepared;
    prepared.reserve(scenario.terrain.size());
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        const TerrainFeature& f = scenario.terrain[i];
        const auto* info = rules::findTerrainClass(f.terrainClass);
        if (!info || f.geometry.parts.empty())
            continue;
        const int dim = dimension(f.geometry.type);
        if (dim != info->dimension && !(info->alsoPolygon && dim == 2))
            continue;
        const GEOSGeometry* g = geometries.impl().geometries[i].get();
        if (!g || !geometries.validity(i).valid)
            continue;
        Prepared p;
        p.index = i;
        p.feature = &f;
        // The envelope from the model's vertices (an area's from its exterior rings): GEOS would compute
        // and keep one for every feature, though most are indexed by no check here.
        p.minX = p.minY = std::numeric_limits<double>::infinity();
        p.maxX = p.maxY = -std::numeric_limits<double>::infinity();
        for (const auto& part : f.geometry.parts)
            for (std::size_t r = 0; r < part.size() && (dim < 2 || r == 0); ++r)
                for (const Coordinate& c : part[r]) {
                    p.minX = std::min(p.minX, c.x), p.maxX = std::max(p.maxX, c.x);
                    p.minY = std::min(p.minY, c.y), p.maxY = std::max(p.maxY, c.y);
                }
        p.geometry = g;
        prepared.push_back(p);
    }
    return prepared;
}

/// A bridge must lie on a river or stream and on a road.
void checkBridges(const std::vector<const Prepared*>& bridges, const std::vector<const Prepared*>& water,
    const std::vector<const Prepared*>& roads, const EnvelopeIndex& waterIndex, double tolerance, validation::Diagnostics& out)
{
    const EnvelopeIndex roadIndex(roads);
    for (const Prepared* b : bridges) {
        const bool onWater = onAny(*b, waterIndex, tolerance);
        const bool onRoad = onAny(*b, roadIndex, tolerance);
        if (onWater && onRoad)
            continue;
        std::string message = i18n::format(_("{1}: a bridge must lie on a river or stream and on a road (within {2} m);"),
            {describe(*b->feature), metres(tolerance, 1)});
        if (!onWater)
            message += i18n::format(_(" it is on no river or stream ({1})"), {nearest(b->geometry, water)});
        if (!onWater && !onRoad)
            message += ",";
        if (!onRoad)
            message += i18n::format(_(" it is on no road ({1})"), {nearest(b->geometry, roads)});
        out.push_back({"terrain.topology.bridge", validation::Severity::Error, geometryPointer(b->index), message});
    }
}

/// A ford must lie on a river or stream.
void checkFords(const std::vector<const Prepared*>& fords, const std::vector<const Prepared*>& water,
    const EnvelopeIndex& waterIndex, double tolerance, validation::Diagnostics& out)
{
    for (const Prepared* f : fords)
        if (!onAny(*f, waterIndex, tolerance))
            out.push_back({"terrain.topology.ford", validation::Severity::Error, geometryPointer(f->index),
                i18n::format(_("{1}: a ford must lie on a river or stream (within {2} m); {3}"),
                    {describe(*f->feature), metres(tolerance, 1), nearest(f->geometry, water)})});
}

/// A watercourse joins another or reaches the map's edge (the scenario's extent, else the features' box).
void checkWatercourses(const Scenario& scenario, const std::vector<Prepared>& prepared, const std::vector<const Prepared*>& water,
    const EnvelopeIndex& waterIndex, double tolerance, validation::Diagnostics& out)
{
    if (water.empty())
        return;
    Extent map;
    if (scenario.settings.extent) {
        map = *scenario.settings.extent;
    } else {
        map = {prepared.front().minX, prepared.front().minY, prepared.front().maxX, prepared.front().maxY};
        for (const Prepared& p : prepared)
            map = {std::min(map.minX, p.minX), std::min(map.minY, p.minY), std::max(map.maxX, p.maxX),
                std::max(map.maxY, p.maxY)};
    }
    // The map edge needs no GEOS: a watercourse that leaves the map's rectangle reaches its edge, and one
    // inside it comes nearest the edge at an extreme vertex (a side of its envelope), so its distance to
    // the edge is the smallest gap between the sides of the two rectangles.
    const bool mapIsArea = map.maxX > map.minX && map.maxY > map.minY;
    const auto reachesEdge = [&](const Prepared& w) {
        if (w.minX < map.minX || w.maxX > map.maxX || w.minY < map.minY || w.maxY > map.maxY)
            return true;
        return std::min({w.minX - map.minX, map.maxX - w.maxX, w.minY - map.minY, map.maxY - w.maxY}) <= tolerance;
    };
    // Whether a watercourse joins another: touching or crossing it (GEOS's prepared intersects, indexed
    // on the watercourse's segments) or, failing that, coming within the tolerance of it
    // (GEOSDistanceWithin compares every segment with every segment, so it comes last).
    const auto joins = [&](const Prepared* w) {
        GEOSContextHandle_t c = geosContext();
        std::unique_ptr<const GEOSPreparedGeometry, PreparedDeleter> course;
        for (const Prepared* other : waterIndex.near(*w, tolerance)) {
            if (other == w || !boxesNear(*w, *other, tolerance))
                continue;
            if (!course) {
                course.reset(GEOSPrepare_r(c, w->geometry));
                if (!course)
                    throw util::OperationError("", _("terrain"), i18n::format(_("GEOS could not prepare {1}: {2}"), {describe(*w->feature), lastGeosError()}));
            }
            if (GEOSPreparedIntersects_r(c, course.get(), other->geometry) == 1
                || GEOSDistanceWithin_r(c, w->geometry, other->geometry, tolerance) == 1)
                return true;
        }
        return false;
    };
    // The watercourses on this thread and one more (the bench's 1,000 streams took 18 ms on one).
    std::vector<char> joined(water.size(), 0);
    forEachShared(water.size(), 16, water.size() >= 64 ? 1 : 0,
        [&](std::size_t k) { joined[k] = joins(water[k]) || (mapIsArea && reachesEdge(*water[k])); });
    for (std::size_t k = 0; k < water.size(); ++k)
        if (!joined[k])
            out.push_back({"terrain.topology.watercourse", validation::Severity::Warning, geometryPointer(water[k]->index),
                i18n::format(_("{1}: neither joins another stream or river nor reaches the map edge (within {2} m)"),
                    {describe(*water[k]->feature), metres(tolerance, 1)})});
}

/// A village must not lie in a river (the river running through its interior).
void checkVillagesInRivers(const std::vector<const Prepared*>& villages, const std::vector<const Prepared*>& rivers, validation::Diagnostics& out)
{
    GEOSContextHandle_t h = geosContext();
    const EnvelopeIndex riverIndex(rivers);
    for (const Prepared* v : villages)
        for (const Prepared* r : riverIndex.near(*v, 0.0))
            if (boxesNear(*v, *r, 0.0) && GEOSRelatePattern_r(h, v->geometry, r->geometry, "T********") == 1)
                out.push_back({"terrain.topology.village_in_river", validation::Severity::Error, geometryPointer(v->index),
                    i18n::format(_("{1}: lies in {2} (the river runs through the village's interior)"),
                        {describe(*v->feature), describe(*r->feature)})});
}

/// A hill of level n lies inside the level n - 1 hills (to the tolerance times its outline).
void checkHillLevels(const std::map<int, std::vector<const Prepared*>>& hillsByLevel, double tolerance, validation::Diagnostics& out)
{
    GEOSContextHandle_t h = geosContext();
    for (const auto& [level, hills] : hillsByLevel) {
        if (level < 2)
            continue;
        const auto lowerIt = hillsByLevel.find(level - 1);
        GeosGeometryPtr lowerUnion;
        std::optional<EnvelopeIndex> lowerIndex;
        if (lowerIt != hillsByLevel.end()) {
            lowerIndex.emplace(lowerIt->second);
            std::vector<GeosGeometryPtr> parts;
            for (const Prepared* p : lowerIt->second)
                for (auto& part : simplePartsOfDimension(p->geometry, 2))
                    parts.push_back(std::move(part));
            GeosGeometryPtr collected = collectParts(std::move(parts), 2);
            if (collected)
                lowerUnion.reset(GEOSUnaryUnion_r(h, collected.get()));
        }
        for (const Prepared* hill : hills) {
            double outside = geosArea(hill->geometry);
            std::string overlapping;
            if (lowerUnion) {
                GeosGeometryPtr diff(GEOSDifference_r(h, hill->geometry, lowerUnion.get()));
                if (diff)
                    outside = geosArea(diff.get());
                for (const Prepared* lower : lowerIndex->near(*hill, 0.0))
                    if (boxesNear(*hill, *lower, 0.0)
                        && GEOSRelatePattern_r(h, hill->geometry, lower->geometry, "T********") == 1)
                        overlapping += (overlapping.empty() ? "" : ", ") + describe(*lower->feature);
            }
            if (outside <= tolerance * geosLength(hill->geometry))
                continue;
            out.push_back({"terrain.topology.hill_level", validation::Severity::Warning, geometryPointer(hill->index),
                i18n::format(_("{1}: a level {2} hill should lie inside a level {3} hill; {4} m2 of it is outside ({5})"),
                    {describe(*hill->feature), std::to_string(level), std::to_string(level - 1), metres(outside, 1),
                        overlapping.empty() ? i18n::format(_("it overlaps no level {1} hill"), {std::to_string(level - 1)})
                                            : i18n::format(_("it overlaps {1}"), {overlapping})})});
        }
    }
}

} // namespace

validation::Diagnostics checkTopology(const Scenario& scenario, const TerrainGeometries& geometries, double tolerance)
{
    if (geometries.size() != scenario.terrain.size())
        throw std::invalid_argument("checkTopology: the geometries are not the scenario's");
    validation::Diagnostics out;
    const std::vector<Prepared> prepared = preparedFeatures(scenario, geometries);
    std::vector<const Prepared*> water, roads, bridges, fords, villages, rivers;
    std::map<int, std::vector<const Prepared*>> hillsByLevel;
    for (const Prepared& p : prepared) {
        const std::string& cls = p.feature->terrainClass;
        if (cls == "stream" || cls == "river")
            water.push_back(&p);
        if (cls == "river")
            rivers.push_back(&p);
        if (cls == "road")
            roads.push_back(&p);
        if (cls == "bridge")
            bridges.push_back(&p);
        if (cls == "ford")
            fords.push_back(&p);
        if (cls == "village")
            villages.push_back(&p);
        if (cls == "hill")
            hillsByLevel[hillLevel(*p.feature)].push_back(&p);
    }

    const EnvelopeIndex waterIndex(water);
    checkBridges(bridges, water, roads, waterIndex, tolerance, out);
    checkFords(fords, water, waterIndex, tolerance, out);
    checkWatercourses(scenario, prepared, water, waterIndex, tolerance, out);
    checkVillagesInRivers(villages, rivers, out);
    checkHillLevels(hillsByLevel, tolerance, out);
    return out;
}

} // namespace sandtable::core::geometry
