// SPDX-License-Identifier: GPL-3.0-or-later
// One sandtable warp of a scan with QGIS .points GCPs, for bench/warp_bench.sh (which times it against
// gdalwarp under /usr/bin/time, interleaved). Also reports where the GCPs land in the output.
//
// Usage: sandtable_bench_warp SCAN POINTS METHOD OUT.tif [--compress C] [--no-overviews]
//        [--resampling R] [--target-crs EPSG:n] [--world-file OUT.wld]
//        sandtable_bench_warp --make-clustered OUT.tif [WIDTH HEIGHT]
// The second form writes the real-layout workload: a WIDTH x HEIGHT (default 4000 x 3000) scan whose two
// UInt16 bands hold each pixel's own column and row, and OUT.tif.points with ~370 GCPs laid out as on a
// real scan (dense along winding roads, tight villages, crossroads clicked twice, a few scattered; 2 px of
// clicking noise on a smoothly bent 4 m/px grid, EPSG:32618), the layout of tests/importers/test_warp.cpp.
//        sandtable_bench_warp --make-rough OUT.tif [WIDTH HEIGHT [COUNT]]
// The third form writes the rough-survey workload: a WIDTH x HEIGHT (default 1600 x 1018) scan encoded the
// same way and COUNT (default 343) GCPs spread uniformly over it, each off by its own independent error of
// 20-40 px in a random direction (on a smoothly bent 20 m/px grid), as on an old survey sheet.
// Prints one JSON line: seconds (fit + warp, wall), width, height, geotransform, and for the GCPs
// (target CRS) the largest landing error in output pixels, computed through the fit:
//   ours_landing_px  = max |F(T(m)) - m'| / resolution, T = the exact inverse our warper uses, m' = F(p)
//   gdal_landing_px  = the same with GDAL's separately fitted reverse (what gdalwarp uses)
//   gdal_grid_gap_px = GDAL reverse vs exact inverse on a 50 x 50 grid over the scan, output pixels.
// where F = the forward fit, p = the GCP's pixel, m' = where the fit sends it (its map point for tps).
#include "sandtable/geo/gcp_fit.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/warp.hpp"

#include <gdal.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <exception>
#include <numbers>
#include <random>
#include <string>
#include <vector>

using namespace sandtable;

namespace {

struct Draws {
    std::mt19937 engine{1798};
    double uniform(double a, double b) { return a + (b - a) * (static_cast<double>(engine()) + 0.5) / 4294967296.0; }
    double normal(double sigma)
    {
        const double u = uniform(0, 1), v = uniform(0, 1);
        return sigma * std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
    }
};

/// A WIDTH x HEIGHT tiled, DEFLATE-compressed GeoTIFF with two UInt16 bands holding each pixel's own column
/// and row (so a nearest-neighbour warp says which scan pixel every output pixel came from).
bool writeSelfEncodingScan(const std::string& out, int w, int h)
{
    GDALAllRegister();
    const char* options[] = {"TILED=YES", "COMPRESS=DEFLATE", nullptr};
    GDALDatasetH ds = GDALCreate(GDALGetDriverByName("GTiff"), out.c_str(), w, h, 2, GDT_UInt16, const_cast<char**>(options));
    if (!ds)
        return false;
    std::vector<std::uint16_t> line(static_cast<std::size_t>(w));
    bool ok = true;
    for (int y = 0; y < h && ok; ++y) {
        for (int x = 0; x < w; ++x)
            line[static_cast<std::size_t>(x)] = static_cast<std::uint16_t>(x);
        ok = GDALRasterIO(GDALGetRasterBand(ds, 1), GF_Write, 0, y, w, 1, line.data(), w, 1, GDT_UInt16, 0, 0) == CE_None;
        std::fill(line.begin(), line.end(), static_cast<std::uint16_t>(y));
        ok = ok && GDALRasterIO(GDALGetRasterBand(ds, 2), GF_Write, 0, y, w, 1, line.data(), w, 1, GDT_UInt16, 0, 0) == CE_None;
    }
    GDALClose(ds);
    return ok;
}

int makeClustered(const std::string& out, int w, int h)
{
    Draws d;
    std::vector<std::pair<double, double>> px;
    for (int road = 0; road < 10; ++road) {
        double x = d.uniform(0, w), y = d.uniform(0, h), heading = d.uniform(0, 2 * std::numbers::pi);
        for (int k = 0; k < 40; ++k) {
            const double step = d.uniform(6, 60);
            heading += d.normal(0.25);
            x += step * std::cos(heading);
            y += step * std::sin(heading);
            if (x >= 0 && x < w && y >= 0 && y < h)
                px.push_back({x, y});
        }
    }
    for (int village = 0; village < 6; ++village) {
        const double cx = d.uniform(0.1 * w, 0.9 * w), cy = d.uniform(0.1 * h, 0.9 * h);
        for (int k = 0; k < 12; ++k)
            px.push_back({std::clamp(cx + d.normal(25), 0.0, w - 1.0), std::clamp(cy + d.normal(25), 0.0, h - 1.0)});
    }
    for (int k = 0; k < 8; ++k) {
        const auto c = px[static_cast<std::size_t>(d.uniform(0, static_cast<double>(px.size()) - 1))];
        px.push_back({c.first + d.uniform(-4, 4), c.second + d.uniform(-4, 4)});
    }
    for (int k = 0; k < 30; ++k)
        px.push_back({d.uniform(0, w), d.uniform(0, h)});
    std::FILE* points = std::fopen((out + ".points").c_str(), "w");
    if (!points)
        return 1;
    std::fprintf(points, "mapX,mapY,sourceX,sourceY,enable,dX,dY,residual\n");
    const double a = 3 * std::numbers::pi / 180, s = 4.0;
    for (const auto& [x, y] : px) {
        const double p = x + 12 * std::sin(y / 700) + 8 * std::cos(x / 900 + 1) + 2e-6 * x * y + d.normal(2);
        const double l = y + 10 * std::cos(x / 800) + 6 * std::sin((x + y) / 1100) + d.normal(2);
        std::fprintf(points, "%.4f,%.4f,%.4f,%.4f,1,0,0,0\n", 300000 + s * (std::cos(a) * p + std::sin(a) * l),
            4410000 + s * (std::sin(a) * p - std::cos(a) * l), x, -y);
    }
    std::fclose(points);
    if (!writeSelfEncodingScan(out, w, h))
        return 1;
    std::printf("%zu GCPs\n", px.size());
    return 0;
}

/// The rough-survey workload (issue 43 item 2, after a 1798 survey sheet of 1600 x 1018 px whose 343 GCPs are
/// each off by its own error of tens of pixels): GCPs spread uniformly over the sheet, their map points on a
/// 20 m/px grid turned 2 degrees and bent smoothly by ~20 px (what a polynomial takes up), each then moved by
/// its own independent error of 20-40 px in a random direction (what nothing smooth takes up, so the spline
/// through them folds between neighbours).
int makeRough(const std::string& out, int w, int h, int count)
{
    Draws d;
    std::FILE* points = std::fopen((out + ".points").c_str(), "w");
    if (!points)
        return 1;
    std::fprintf(points, "mapX,mapY,sourceX,sourceY,enable,dX,dY,residual\n");
    const double a = 2 * std::numbers::pi / 180, s = 20.0;
    for (int k = 0; k < count; ++k) {
        const double x = d.uniform(0, w), y = d.uniform(0, h);
        const double error = d.uniform(20, 40), direction = d.uniform(0, 2 * std::numbers::pi);
        const double p = x + 18 * std::sin(y / 600 + 0.3) + 12 * std::cos(x / 700) + error * std::cos(direction);
        const double l = y + 15 * std::cos(x / 650) + 10 * std::sin((x + y) / 900) + error * std::sin(direction);
        std::fprintf(points, "%.4f,%.4f,%.4f,%.4f,1,0,0,0\n", 300000 + s * (std::cos(a) * p + std::sin(a) * l),
            4410000 + s * (std::sin(a) * p - std::cos(a) * l), x, -y);
    }
    std::fclose(points);
    if (!writeSelfEncodingScan(out, w, h))
        return 1;
    std::printf("%d GCPs\n", count);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 3 && std::strcmp(argv[1], "--make-clustered") == 0)
        return makeClustered(argv[2], argc >= 5 ? std::atoi(argv[3]) : 4000, argc >= 5 ? std::atoi(argv[4]) : 3000);
    if (argc >= 3 && std::strcmp(argv[1], "--make-rough") == 0)
        return makeRough(argv[2], argc >= 5 ? std::atoi(argv[3]) : 1600, argc >= 5 ? std::atoi(argv[4]) : 1018,
            argc >= 6 ? std::atoi(argv[5]) : 343);
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s SCAN POINTS METHOD OUT.tif [--compress C] [--no-overviews] [--resampling R] "
                             "[--target-crs EPSG:n] [--world-file OUT.wld]\n", argv[0]);
        return 2;
    }
    try {
        geo::GeorefRequest request;
        request.scan = argv[1];
        request.points = argv[2];
        request.method = core::georeferenceMethodFromString(argv[3]);
        request.targetCrs = "EPSG:32618";
        geo::WarpRequest warp;
        warp.output = argv[4];
        for (int i = 5; i < argc; ++i) {
            const std::string a = argv[i];
            auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
            if (a == "--compress")
                warp.compression = next();
            else if (a == "--no-overviews")
                warp.buildOverviews = false;
            else if (a == "--resampling")
                warp.resampling = next();
            else if (a == "--target-crs")
                request.targetCrs = next();
            else if (a == "--world-file")
                request.worldFile = next();
        }
        const auto start = std::chrono::steady_clock::now();
        const geo::GeorefResult fitted = geo::georeferenceScan(request);
        const double fitSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        warp.scan = request.scan;
        warp.georeference = fitted.georeference;
        const geo::WarpResult out = geo::warpToGeoTiff(warp);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

        const geo::GcpTransform fit(fitted.fitPoints, request.method);
        const double resolution = out.geotransform[1];
        double ours = 0, gdal = 0, grid = 0;
        for (const auto& p : fitted.fitPoints) {
            if (!p.enabled)
                continue;
            const core::Coordinate target = request.method == core::GeoreferenceMethod::Tps ? core::Coordinate{p.x, p.y}
                                                                                             : fit.toMap(p.pixel, p.line);
            const auto exact = fit.toMap(fit.toPixel(target.x, target.y).x, fit.toPixel(target.x, target.y).y);
            const auto reverse = fit.toPixelGdalReverse(target.x, target.y);
            const auto viaGdal = fit.toMap(reverse.x, reverse.y);
            ours = std::max(ours, std::hypot(exact.x - target.x, exact.y - target.y) / resolution);
            gdal = std::max(gdal, std::hypot(viaGdal.x - target.x, viaGdal.y - target.y) / resolution);
        }
        for (int i = 0; i < 50; ++i)
            for (int j = 0; j < 50; ++j) {
                const double px = fitted.scan.width * (i + 0.5) / 50, ln = fitted.scan.height * (j + 0.5) / 50;
                const auto m = fit.toMap(px, ln);
                const auto r = fit.toPixelGdalReverse(m.x, m.y);
                const auto back = fit.toMap(r.x, r.y);
                grid = std::max(grid, std::hypot(back.x - m.x, back.y - m.y) / resolution);
            }
        std::printf("{\"seconds\": %.3f, \"fit_seconds\": %.3f, \"width\": %d, \"height\": %d, \"geotransform\": [%.17g, %.17g, %.17g, %.17g, "
                    "%.17g, %.17g], \"overview_levels\": %d, \"ours_landing_px\": %.6g, \"gdal_landing_px\": %.6g, "
                    "\"gdal_grid_gap_px\": %.6g}\n",
            seconds, fitSeconds, out.width, out.height, out.geotransform[0], out.geotransform[1], out.geotransform[2],
            out.geotransform[3], out.geotransform[4], out.geotransform[5], out.overviewLevels, ours, gdal, grid);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sandtable_bench_warp: %s\n", e.what());
        return 1;
    }
}
