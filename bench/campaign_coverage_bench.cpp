// SPDX-License-Identifier: GPL-3.0-or-later
// Campaign grid coverage benchmark: per-square per-class areas of the one-mile grid over 20,008 polygons (A4).
//
// Usage: sandtable_bench_campaign_coverage [DIR=/tmp/sandtable-bench] [--rounds N] [--timing-only]
// Reads DIR/terrain_20k.gpkg (layer `terrain`, field `class`), lays the shared 20 x 15 grid of 1609.344 m
// squares (north-west corner 300000, 4424000, so sandtable's south-west origin is 300000, 4399859.84), times
// sandtable's computeGridCoverage (median of N rounds, one thread, terrain already in memory like the
// spatialite anchor's database), then computes every square's per-class areas with GEOS in double
// precision (STRtree of the polygons, GEOSIntersection, GEOSArea, summed per class: the anchor's SQL) and
// checks every fraction against it to 1e-9. Exit code 1 when any fraction differs by more.
//
// The shared terrain is a tiling (its generator checks union area = sum of areas), so coverage is summed as
// digitised (CoverageOptions::uniteOverlaps = false), exactly what the anchor's SUM(ST_Area(ST_Intersection))
// computes. The time with same-class uniting on (the default for scenario documents) is printed too.
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

constexpr double kAnchorSeconds = 1.86; // shared/bench/README.md: spatialite per-square per-class areas (A4)

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

    sandtable::core::geometry::CoverageOptions summed;
    summed.uniteOverlaps = false;
    std::vector<double> wall, cpu;
    sandtable::core::geometry::GridCoverage coverage;
    for (int r = 0; r < rounds; ++r) {
        const double w0 = now(), c0 = threadCpu();
        coverage = sandtable::core::geometry::computeGridCoverage(grid, terrain, summed);
        cpu.push_back(threadCpu() - c0);
        wall.push_back(now() - w0);
    }
    const double ours = median(wall);
    std::printf("sandtable coverage: wall_s=%.4f cpu_s=%.4f (median of %d rounds; min %.4f, max %.4f)\n", ours, median(cpu), rounds,
        *std::min_element(wall.begin(), wall.end()), *std::max_element(wall.begin(), wall.end()));
    std::printf("ratio vs spatialite anchor %.2f s: %.1fx (cpu: %.1fx)\n", kAnchorSeconds, kAnchorSeconds / ours,
        kAnchorSeconds / median(cpu));
    if (!check)
        return 0;
    {
        const double w0 = now();
        const auto united = sandtable::core::geometry::computeGridCoverage(grid, terrain);
        double worst = 0;
        for (std::size_t i = 0; i < united.fractions.size() && i < coverage.fractions.size(); ++i)
            worst = std::max(worst, std::abs(united.fractions[i] - coverage.fractions[i]));
        std::printf("with same-class overlaps united (document default): wall_s=%.3f, max |difference| = %.3g\n", now() - w0, worst);
    }

    Reference reference;
    for (const TerrainFeature& t : terrain) {
        const auto it = std::find(coverage.classes.begin(), coverage.classes.end(), t.terrainClass);
        reference.add(t.geometry, static_cast<std::size_t>(it - coverage.classes.begin()));
    }
    const double r0 = now();
    double worst = 0.0, total = 0.0;
    std::size_t mismatches = 0;
    const double squareArea = grid.squareSize * grid.squareSize;
    for (int row = 0; row < grid.rows; ++row)
        for (int column = 0; column < grid.columns; ++column) {
            const auto areas = reference.areas(sandtable::core::squareCorners(grid, {column, row}), coverage.classes.size());
            for (std::size_t c = 0; c < areas.size(); ++c) {
                const double expected = areas[c] / squareArea;
                const double got = coverage.fraction({column, row}, c);
                const double d = std::abs(got - expected);
                worst = std::max(worst, d);
                total += got;
                if (d > 1e-9) {
                    if (mismatches < 10)
                        std::printf("MISMATCH %s %s: sandtable %.15g, GEOS %.15g\n",
                            sandtable::core::squareName(grid, {column, row}).c_str(), coverage.classes[c].c_str(), got, expected);
                    ++mismatches;
                }
            }
        }
    std::printf("GEOS reference (STRtree + GEOSIntersection + GEOSArea): wall_s=%.3f\n", now() - r0);
    std::printf("check: %zu of %zu square-class fractions differ by more than 1e-9; max |difference| = %.3g; "
                "covered squares sum %.6f\n",
        mismatches, static_cast<std::size_t>(grid.rows * grid.columns) * coverage.classes.size(), worst, total);
    return mismatches == 0 ? 0 : 1;
}
