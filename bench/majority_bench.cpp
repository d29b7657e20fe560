// SPDX-License-Identifier: GPL-3.0-or-later
// Majority-rule benchmark: 10,000 block footprints against 20,008 terrain polygons (shared/bench A5).
//
// Usage: sandtable_bench_majority [DIR=/tmp/sandtable-bench] [--rounds N] [--timing-only]
// Reads DIR/terrain_20k.gpkg (layer `terrain`, field `class`) and DIR/blocks_10k.gpkg (layer `blocks`), then
// times, interleaved in the same run (one thread, terrain and blocks already in memory for both sides):
//   sandtable's default path end to end: TerrainIndex built from the features (made valid, same-class
//   overlaps united, STRtree) and the majority query for every block;
//   the anchor, the naive GEOS loop (shared/bench a5_geos_loop.c, A5c): GEOS polygons and an STRtree built
//   from the same features, then GEOSIntersects, GEOSIntersection and GEOSArea for every hit of every block.
// Medians of N rounds for sandtable (the anchor at most 2 rounds: it takes about 16 s) and their ratio;
// the index build and the queries are also shown apart. Then every block's majority class (strictly more
// than half) is checked against the anchor's areas; the shared terrain is a tiling, so uniting same-class
// overlaps changes no area and the raw polygons' areas are the united answer. Exit code 1 when any block
// disagrees.
#include "sandtable/core/geometry/majority_rule.hpp"

#include <gdal.h>
#include <geos_c.h>
#include <ogr_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

namespace {

using sandtable::core::Coordinate;
using sandtable::core::Geometry;
using sandtable::core::GeometryType;
using sandtable::core::TerrainFeature;

constexpr double kReadmeAnchorSeconds = 16.43; // shared/bench/README.md: naive GEOS C loop, A5c (619 blocks/s)

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::vector<Coordinate> ringOf(OGRGeometryH ring)
{
    std::vector<Coordinate> out(static_cast<std::size_t>(OGR_G_GetPointCount(ring)));
    for (int i = 0; i < OGR_G_GetPointCount(ring); ++i)
        out[static_cast<std::size_t>(i)] = {OGR_G_GetX(ring, i), OGR_G_GetY(ring, i)};
    return out;
}

Geometry polygonOf(OGRGeometryH polygon)
{
    std::vector<std::vector<Coordinate>> rings;
    for (int r = 0; r < OGR_G_GetGeometryCount(polygon); ++r)
        rings.push_back(ringOf(OGR_G_GetGeometryRef(polygon, r)));
    return Geometry::polygon(std::move(rings));
}

OGRLayerH openLayer(const std::string& path, const char* layer, GDALDatasetH& dataset)
{
    dataset = GDALOpenEx(path.c_str(), GDAL_OF_VECTOR, nullptr, nullptr, nullptr);
    if (!dataset) {
        std::fprintf(stderr, "cannot open %s (generate it: /usr/bin/python3 ../shared/bench/gen_workloads.py)\n", path.c_str());
        std::exit(1);
    }
    OGRLayerH l = GDALDatasetGetLayerByName(dataset, layer);
    if (!l) {
        std::fprintf(stderr, "%s: no layer '%s'\n", path.c_str(), layer);
        std::exit(1);
    }
    return l;
}

// The reference: the raw polygons in a GEOS STRtree, per-class intersection areas, strict majority.
struct Reference {
    GEOSContextHandle_t h = GEOS_init_r();
    GEOSSTRtree* tree = GEOSSTRtree_create_r(h, 10);
    std::vector<GEOSGeometry*> polygons;
    std::vector<int> classOf;
    std::vector<std::string> classes;

    ~Reference()
    {
        GEOSSTRtree_destroy_r(h, tree);
        for (auto* g : polygons)
            GEOSGeom_destroy_r(h, g);
        GEOS_finish_r(h);
    }

    GEOSGeometry* build(const std::vector<Coordinate>& ring)
    {
        GEOSCoordSequence* seq = GEOSCoordSeq_create_r(h, static_cast<unsigned>(ring.size()), 2);
        for (std::size_t i = 0; i < ring.size(); ++i)
            GEOSCoordSeq_setXY_r(h, seq, static_cast<unsigned>(i), ring[i].x, ring[i].y);
        return GEOSGeom_createLinearRing_r(h, seq);
    }

    void add(const TerrainFeature& f)
    {
        const auto& rings = f.geometry.parts.front();
        std::vector<GEOSGeometry*> holes;
        for (std::size_t r = 1; r < rings.size(); ++r)
            holes.push_back(build(rings[r]));
        GEOSGeometry* g = GEOSGeom_createPolygon_r(h, build(rings.front()), holes.data(), static_cast<unsigned>(holes.size()));
        auto it = std::find(classes.begin(), classes.end(), f.terrainClass);
        if (it == classes.end())
            it = classes.insert(classes.end(), f.terrainClass);
        classOf.push_back(static_cast<int>(it - classes.begin()));
        polygons.push_back(g);
        GEOSSTRtree_insert_r(h, tree, g, reinterpret_cast<void*>(polygons.size()));
    }

    struct Query {
        Reference* self;
        GEOSGeometry* block;
        std::vector<double> areas;
    };

    static void visit(void* item, void* userdata)
    {
        auto* q = static_cast<Query*>(userdata);
        const std::size_t i = reinterpret_cast<std::uintptr_t>(item) - 1;
        GEOSContextHandle_t h = q->self->h;
        if (GEOSIntersects_r(h, q->block, q->self->polygons[i]) != 1)
            return;
        GEOSGeometry* x = GEOSIntersection_r(h, q->block, q->self->polygons[i]);
        double a = 0;
        if (x) {
            GEOSArea_r(h, x, &a);
            GEOSGeom_destroy_r(h, x);
        }
        q->areas[static_cast<std::size_t>(q->self->classOf[i])] += a;
    }

    // Per-class areas under the block (square metres) and the block's area.
    std::vector<double> areas(const std::vector<Coordinate>& corners, double& blockArea)
    {
        std::vector<Coordinate> ring = corners;
        ring.push_back(corners.front());
        GEOSGeometry* block = GEOSGeom_createPolygon_r(h, build(ring), nullptr, 0);
        GEOSArea_r(h, block, &blockArea);
        Query q{this, block, std::vector<double>(classes.size(), 0.0)};
        GEOSSTRtree_query_r(h, tree, block, visit, &q);
        GEOSGeom_destroy_r(h, block);
        return q.areas;
    }
};

// CPU time of this thread, seconds: on a busy machine wall time also counts other processes' turns.
double threadCpu()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    std::string dir = "/tmp/sandtable-bench";
    int rounds = 5;
    bool check = true;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--timing-only") // for profiling: no reference loop, no check
            check = false;
        else
            dir = arg;
    }
    GDALAllRegister();
    const double t0 = now();

    GDALDatasetH terrainDs = nullptr;
    OGRLayerH terrainLayer = openLayer(dir + "/terrain_20k.gpkg", "terrain", terrainDs);
    const int classField = OGR_FD_GetFieldIndex(OGR_L_GetLayerDefn(terrainLayer), "class");
    std::vector<TerrainFeature> terrain;
    OGRFeatureH f = nullptr;
    while ((f = OGR_L_GetNextFeature(terrainLayer)) != nullptr) {
        OGRGeometryH g = OGR_F_GetGeometryRef(f);
        terrain.push_back(TerrainFeature{sandtable::core::FeatureId("t" + std::to_string(OGR_F_GetFID(f))),
            OGR_F_GetFieldAsString(f, classField), "", polygonOf(g), {}});
        OGR_F_Destroy(f);
    }
    GDALClose(terrainDs);

    GDALDatasetH blocksDs = nullptr;
    OGRLayerH blocksLayer = openLayer(dir + "/blocks_10k.gpkg", "blocks", blocksDs);
    std::vector<std::vector<Coordinate>> blocks;
    while ((f = OGR_L_GetNextFeature(blocksLayer)) != nullptr) {
        auto ring = ringOf(OGR_G_GetGeometryRef(OGR_F_GetGeometryRef(f), 0));
        ring.pop_back(); // the closing vertex
        blocks.push_back(std::move(ring));
        OGR_F_Destroy(f);
    }
    GDALClose(blocksDs);
    const double t1 = now();

    std::printf("terrain=%zu blocks=%zu read_s=%.3f\n", terrain.size(), blocks.size(), t1 - t0);

    // Interleaved rounds (sandtable, anchor, sandtable, ...): these machines are noisy. Each side builds its
    // index from the features every round.
    std::vector<sandtable::core::geometry::MajorityResult> results(blocks.size());
    std::vector<double> oursTotal, oursBuild, oursQueries, oursCpu, anchorTotal, anchorCpu;
    std::vector<std::vector<double>> referenceAreas(blocks.size());
    std::vector<double> referenceBlockArea(blocks.size());
    std::vector<std::string> referenceClasses;
    std::size_t indexed = 0;
    const int anchorRounds = check ? std::min(rounds, 2) : 0;
    for (int round = 0; round < rounds; ++round) {
        {
            const double a = now(), aCpu = threadCpu();
            const sandtable::core::geometry::TerrainIndex index(terrain);
            const double b = now();
            for (std::size_t i = 0; i < blocks.size(); ++i)
                results[i] = index.majority(blocks[i]);
            const double c = now();
            oursCpu.push_back(threadCpu() - aCpu);
            oursBuild.push_back(b - a);
            oursQueries.push_back(c - b);
            oursTotal.push_back(c - a);
            indexed = index.polygonCount();
        }
        if (round < anchorRounds) {
            const double a = now(), aCpu = threadCpu();
            Reference reference;
            for (const auto& feature : terrain)
                reference.add(feature);
            for (std::size_t i = 0; i < blocks.size(); ++i)
                referenceAreas[i] = reference.areas(blocks[i], referenceBlockArea[i]);
            anchorCpu.push_back(threadCpu() - aCpu);
            anchorTotal.push_back(now() - a);
            referenceClasses = reference.classes;
        }
    }
    const double ours = median(oursTotal);
    std::printf("sandtable default path (index build + %zu queries): wall_s=%.3f cpu_s=%.3f (median of %d rounds; "
                "min %.3f, max %.3f)\n",
        blocks.size(), ours, median(oursCpu), rounds, *std::min_element(oursTotal.begin(), oursTotal.end()),
        *std::max_element(oursTotal.begin(), oursTotal.end()));
    std::printf("  of which index build wall_s=%.3f (%zu polygons indexed), queries wall_s=%.3f (%.0f queries/s)\n",
        median(oursBuild), indexed, median(oursQueries), static_cast<double>(blocks.size()) / median(oursQueries));
    if (!check) {
        std::printf("(not checked, no anchor: --timing-only)\n");
        return 0;
    }
    const double anchor = median(anchorTotal);
    std::printf("anchor, naive GEOS loop measured here (STRtree build + %zu queries): wall_s=%.3f cpu_s=%.3f "
                "(median of %d rounds)\n",
        blocks.size(), anchor, median(anchorCpu), anchorRounds);
    std::printf("ratio anchor / sandtable: wall %.1fx, cpu %.1fx (goal: >= 20x); shared/bench/README.md quotes the "
                "anchor at %.2f s\n",
        anchor / ours, median(anchorCpu) / median(oursCpu), kReadmeAnchorSeconds);
    std::size_t mismatches = 0;
    double maxFractionError = 0.0;
    std::map<std::string, std::size_t> counts;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        std::string expected;
        for (std::size_t c = 0; c < referenceClasses.size(); ++c) {
            const double fraction = referenceAreas[i][c] / referenceBlockArea[i];
            if (fraction > 0.5 + sandtable::core::geometry::kHalfTolerance)
                expected = referenceClasses[c];
            maxFractionError = std::max(maxFractionError, std::abs(fraction - results[i].fraction(referenceClasses[c])));
        }
        ++counts[expected.empty() ? "(none)" : expected];
        if (expected != results[i].majority) {
            ++mismatches;
            if (mismatches <= 10)
                std::printf("MISMATCH block %zu: sandtable '%s', naive GEOS loop '%s'\n", i + 1, results[i].majority.c_str(),
                    expected.c_str());
        }
    }
    std::printf("majority classes:");
    for (const auto& [cls, n] : counts)
        std::printf(" %s=%zu", cls.c_str(), n);
    std::printf("\ncheck: %zu of %zu blocks disagree with the naive GEOS loop; max |fraction difference| = %.3g\n", mismatches,
        blocks.size(), maxFractionError);
    return mismatches == 0 ? 0 : 1;
}
