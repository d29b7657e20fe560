// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign grid coverage benchmark: per-square per-class areas of the one-mile grid over 20,008 polygons (A4).
//
// Usage: sandtable_bench_campaign_coverage [DIR=/tmp/sandtable-bench] [--rounds N] [--timing-only]
// Reads DIR/terrain_20k.gpkg (layer `terrain`, field `class`), lays the shared 20 x 15 grid of 1609.344 m
// squares (north-west corner 300000, 4424000, so sandtable's south-west origin is 300000, 4399859.84), then
// times, interleaved in the same run (one thread, terrain already in memory for both sides, like the
// spatialite anchor's database):
//   sandtable's default path end to end: computeGridCoverage with CoverageOptions{} (features made valid,
//   same-class overlaps united, as `grid derive` does for scenario documents);
//   the anchor measured here: GEOS polygons and an STRtree built from the same features, then every
//   square's per-class areas by GEOSIntersection and GEOSArea summed per class (spatialite's A4 query,
//   SUM(ST_Area(ST_Intersection)), in double-precision GEOS without the SQL engine);
//   and, for information, sandtable's summed path (uniteOverlaps = false, right for tilings only).
// Medians of N rounds (the anchor at most 3) and ratios; the quoted spatialite and exactextract figures of
// shared/bench/README.md and issue 22 are printed beside them. Then the default path is checked against a GEOS
// reference on united same-class geometry (GEOSUnaryUnion per class, then GEOSIntersection + GEOSArea per
// square) and the summed path against the anchor's sums, every fraction to 1e-9. Exit code 1 when any
// fraction differs by more.
#include "sandtable/core/geometry/grid_coverage.hpp"

#include <gdal.h>
#include <geos_c.h>
#include <ogr_api.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

using sandtable::core::Coordinate;
using sandtable::core::Geometry;
using sandtable::core::TerrainFeature;

constexpr double kSpatialiteSeconds = 1.86;  // shared/bench/README.md: spatialite per-square per-class areas (A4)
constexpr double kExactextractSeconds = 0.44; // issue 22 (shared/bench/README.md says 0.73 s)

double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

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

std::vector<Coordinate> ringOf(OGRGeometryH ring)
{
    std::vector<Coordinate> out(static_cast<std::size_t>(OGR_G_GetPointCount(ring)));
    for (int i = 0; i < OGR_G_GetPointCount(ring); ++i)
        out[static_cast<std::size_t>(i)] = {OGR_G_GetX(ring, i), OGR_G_GetY(ring, i)};
    return out;
}

// Polygons and multipolygons as model geometry (a multipolygon keeps all its parts).
Geometry geometryOf(OGRGeometryH g)
{
    Geometry out;
    auto polygonParts = [](OGRGeometryH polygon) {
        std::vector<std::vector<Coordinate>> rings;
        for (int r = 0; r < OGR_G_GetGeometryCount(polygon); ++r)
            rings.push_back(ringOf(OGR_G_GetGeometryRef(polygon, r)));
        return rings;
    };
    if (wkbFlatten(OGR_G_GetGeometryType(g)) == wkbMultiPolygon) {
        out.type = sandtable::core::GeometryType::MultiPolygon;
        for (int i = 0; i < OGR_G_GetGeometryCount(g); ++i)
            out.parts.push_back(polygonParts(OGR_G_GetGeometryRef(g, i)));
    } else {
        out.type = sandtable::core::GeometryType::Polygon;
        out.parts.push_back(polygonParts(g));
    }
    return out;
}

struct Reference {
    GEOSContextHandle_t h = GEOS_init_r();
    GEOSSTRtree* tree = GEOSSTRtree_create_r(h, 10);
    std::vector<GEOSGeometry*> polygons;
    std::vector<std::size_t> classOf;

    ~Reference()
    {
        GEOSSTRtree_destroy_r(h, tree);
        for (auto* g : polygons)
            GEOSGeom_destroy_r(h, g);
        GEOS_finish_r(h);
    }

    GEOSGeometry* ring(const std::vector<Coordinate>& r)
    {
        GEOSCoordSequence* seq = GEOSCoordSeq_create_r(h, static_cast<unsigned>(r.size()), 2);
        for (std::size_t i = 0; i < r.size(); ++i)
            GEOSCoordSeq_setXY_r(h, seq, static_cast<unsigned>(i), r[i].x, r[i].y);
        return GEOSGeom_createLinearRing_r(h, seq);
    }

    void add(const Geometry& g, std::size_t classIndex)
    {
        for (const auto& rings : g.parts) {
            std::vector<GEOSGeometry*> holes;
            for (std::size_t r = 1; r < rings.size(); ++r)
                holes.push_back(ring(rings[r]));
            GEOSGeometry* p = GEOSGeom_createPolygon_r(h, ring(rings.front()), holes.data(), static_cast<unsigned>(holes.size()));
            polygons.push_back(p);
            classOf.push_back(classIndex);
            GEOSSTRtree_insert_r(h, tree, p, reinterpret_cast<void*>(polygons.size()));
        }
    }

    // Every class's polygons united (GEOSUnaryUnion), their parts indexed: the answer on united geometry.
    void addUnited(const std::vector<TerrainFeature>& terrain, const std::vector<std::string>& classes)
    {
        for (std::size_t c = 0; c < classes.size(); ++c) {
            Reference raw;
            for (const TerrainFeature& t : terrain)
                if (t.terrainClass == classes[c])
                    raw.add(t.geometry, c);
            // The geometries move from `raw` (its own context) to this context: WKB round trip.
            GEOSWKBWriter* writer = GEOSWKBWriter_create_r(raw.h);
            GEOSWKBReader* reader = GEOSWKBReader_create_r(h);
            std::vector<GEOSGeometry*> parts;
            for (GEOSGeometry* g : raw.polygons) {
                std::size_t size = 0;
                unsigned char* wkb = GEOSWKBWriter_write_r(raw.h, writer, g, &size);
                parts.push_back(GEOSWKBReader_read_r(h, reader, wkb, size));
                GEOSFree_r(raw.h, wkb);
            }
            GEOSWKBWriter_destroy_r(raw.h, writer);
            GEOSWKBReader_destroy_r(h, reader);
            GEOSGeometry* all = GEOSGeom_createCollection_r(h, GEOS_MULTIPOLYGON, parts.data(), static_cast<unsigned>(parts.size()));
            GEOSGeometry* united = GEOSUnaryUnion_r(h, all);
            GEOSGeom_destroy_r(h, all);
            for (int i = 0; i < GEOSGetNumGeometries_r(h, united); ++i) {
                polygons.push_back(GEOSGeom_clone_r(h, GEOSGetGeometryN_r(h, united, i)));
                classOf.push_back(c);
                GEOSSTRtree_insert_r(h, tree, polygons.back(), reinterpret_cast<void*>(polygons.size()));
            }
            GEOSGeom_destroy_r(h, united);
        }
    }

    struct Query {
        Reference* self;
        GEOSGeometry* square;
        std::vector<double>* areas;
    };

    static void visit(void* item, void* userdata)
    {
        auto* q = static_cast<Query*>(userdata);
        const std::size_t i = reinterpret_cast<std::uintptr_t>(item) - 1;
        GEOSContextHandle_t h = q->self->h;
        if (GEOSIntersects_r(h, q->square, q->self->polygons[i]) != 1)
            return;
        GEOSGeometry* x = GEOSIntersection_r(h, q->square, q->self->polygons[i]);
        double a = 0;
        if (x) {
            GEOSArea_r(h, x, &a);
            GEOSGeom_destroy_r(h, x);
        }
        (*q->areas)[q->self->classOf[i]] += a;
    }

    std::vector<double> areas(const std::array<Coordinate, 4>& corners, std::size_t classes)
    {
        std::vector<Coordinate> r(corners.begin(), corners.end());
        r.push_back(corners.front());
        GEOSGeometry* square = GEOSGeom_createPolygon_r(h, ring(r), nullptr, 0);
        std::vector<double> out(classes, 0.0);
        Query q{this, square, &out};
        GEOSSTRtree_query_r(h, tree, square, visit, &q);
        GEOSGeom_destroy_r(h, square);
        return out;
    }
};

} // namespace

int main(int argc, char** argv)
{
    std::string dir = "/tmp/sandtable-bench";
    int rounds = 7;
    bool check = true;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--timing-only") // interleaved timing runs: no united pass, no reference, no check
            check = false;
        else
            dir = arg;
    }
    GDALAllRegister();
    const double t0 = now();
    const std::string path = dir + "/terrain_20k.gpkg";
    GDALDatasetH ds = GDALOpenEx(path.c_str(), GDAL_OF_VECTOR, nullptr, nullptr, nullptr);
    if (!ds) {
        std::fprintf(stderr, "cannot open %s (generate it: /usr/bin/python3 ../shared/bench/gen_workloads.py)\n", path.c_str());
        return 1;
    }
    OGRLayerH layer = GDALDatasetGetLayerByName(ds, "terrain");
    if (!layer) {
        std::fprintf(stderr, "%s: no layer 'terrain'\n", path.c_str());
        return 1;
    }
    const int classField = OGR_FD_GetFieldIndex(OGR_L_GetLayerDefn(layer), "class");
    std::vector<TerrainFeature> terrain;
    OGRFeatureH f = nullptr;
    while ((f = OGR_L_GetNextFeature(layer)) != nullptr) {
        terrain.push_back(TerrainFeature{sandtable::core::FeatureId("t" + std::to_string(OGR_F_GetFID(f))),
            OGR_F_GetFieldAsString(f, classField), "", geometryOf(OGR_F_GetGeometryRef(f)), {}});
        OGR_F_Destroy(f);
    }
    GDALClose(ds);
    std::printf("terrain=%zu read_s=%.3f\n", terrain.size(), now() - t0);

    sandtable::core::CampaignGrid grid;
    grid.squareSize = 1609.344;
    grid.origin = {300000.0, 4424000.0 - 15 * 1609.344};
    grid.columns = 20;
    grid.rows = 15;

    std::vector<std::string> classes; // sorted, as GridCoverage's
    for (const TerrainFeature& t : terrain)
        if (std::find(classes.begin(), classes.end(), t.terrainClass) == classes.end())
            classes.push_back(t.terrainClass);
    std::sort(classes.begin(), classes.end());
    const std::size_t squares = static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.columns);
    auto squareOf = [&](std::size_t i) {
        return sandtable::core::SquareRef{static_cast<int>(i % static_cast<std::size_t>(grid.columns)),
            static_cast<int>(i / static_cast<std::size_t>(grid.columns))};
    };

    sandtable::core::geometry::CoverageOptions summed;
    summed.uniteOverlaps = false;
    std::vector<double> oursWall, oursCpu, summedWall, anchorWall, anchorCpu;
    sandtable::core::geometry::GridCoverage coverage, summedCoverage;
    std::vector<std::vector<double>> anchorAreas(squares);
    const int anchorRounds = check ? std::min(rounds, 3) : 0;
    for (int r = 0; r < rounds; ++r) {
        double w0 = now(), c0 = threadCpu();
        coverage = sandtable::core::geometry::computeGridCoverage(grid, terrain);
        oursCpu.push_back(threadCpu() - c0);
        oursWall.push_back(now() - w0);
        w0 = now();
        summedCoverage = sandtable::core::geometry::computeGridCoverage(grid, terrain, summed);
        summedWall.push_back(now() - w0);
        if (r < anchorRounds) {
            w0 = now();
            c0 = threadCpu();
            Reference anchor;
            for (const TerrainFeature& t : terrain)
                anchor.add(t.geometry, static_cast<std::size_t>(std::find(classes.begin(), classes.end(), t.terrainClass) - classes.begin()));
            for (std::size_t i = 0; i < squares; ++i)
                anchorAreas[i] = anchor.areas(sandtable::core::squareCorners(grid, squareOf(i)), classes.size());
            anchorCpu.push_back(threadCpu() - c0);
            anchorWall.push_back(now() - w0);
        }
    }
    const double ours = median(oursWall);
    std::printf("sandtable default path (same-class overlaps united): wall_s=%.4f cpu_s=%.4f (median of %d rounds; min %.4f, "
                "max %.4f)\n",
        ours, median(oursCpu), rounds, *std::min_element(oursWall.begin(), oursWall.end()),
        *std::max_element(oursWall.begin(), oursWall.end()));
    std::printf("sandtable summed path (uniteOverlaps = false, tilings only): wall_s=%.4f\n", median(summedWall));
    std::printf("quoted, not measured here: spatialite %.2f s (%.1fx sandtable), exactextract %.2f s (%.1fx sandtable)\n",
        kSpatialiteSeconds, kSpatialiteSeconds / ours, kExactextractSeconds, kExactextractSeconds / ours);
    if (!check)
        return 0;
    std::printf("anchor, GEOS STRtree + GEOSIntersection + GEOSArea per square measured here: wall_s=%.4f cpu_s=%.4f "
                "(median of %d rounds)\n",
        median(anchorWall), median(anchorCpu), anchorRounds);
    std::printf("ratio anchor / sandtable default path: wall %.1fx, cpu %.1fx\n", median(anchorWall) / ours,
        median(anchorCpu) / median(oursCpu));

    const double squareArea = grid.squareSize * grid.squareSize;
    auto compare = [&](const char* what, const sandtable::core::geometry::GridCoverage& got,
                       const std::vector<std::vector<double>>& areas) {
        double worst = 0.0, total = 0.0;
        std::size_t mismatches = 0;
        if (got.classes != classes) {
            std::printf("MISMATCH %s: classes differ\n", what);
            return std::size_t{1};
        }
        for (std::size_t i = 0; i < squares; ++i)
            for (std::size_t c = 0; c < classes.size(); ++c) {
                const double expected = areas[i][c] / squareArea;
                const double value = got.fraction(squareOf(i), c);
                const double d = std::abs(value - expected);
                worst = std::max(worst, d);
                total += value;
                if (d > 1e-9 && mismatches++ < 10)
                    std::printf("MISMATCH %s %s %s: sandtable %.15g, GEOS %.15g\n", what,
                        sandtable::core::squareName(grid, squareOf(i)).c_str(), classes[c].c_str(), value, expected);
            }
        std::printf("check %s: %zu of %zu square-class fractions differ by more than 1e-9; max |difference| = %.3g; "
                    "covered squares sum %.6f\n",
            what, mismatches, squares * classes.size(), worst, total);
        return mismatches;
    };
    const double u0 = now();
    Reference united;
    united.addUnited(terrain, classes);
    std::vector<std::vector<double>> unitedAreas(squares);
    for (std::size_t i = 0; i < squares; ++i)
        unitedAreas[i] = united.areas(sandtable::core::squareCorners(grid, squareOf(i)), classes.size());
    std::printf("GEOS reference on united same-class geometry (GEOSUnaryUnion per class, then per square): wall_s=%.3f\n",
        now() - u0);
    const std::size_t bad = compare("default path vs united GEOS reference", coverage, unitedAreas)
        + compare("summed path vs anchor", summedCoverage, anchorAreas);
    return bad == 0 ? 0 : 1;
}
