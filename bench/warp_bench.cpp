// SPDX-License-Identifier: GPL-3.0-or-later
// One sandtable warp of a scan with QGIS .points GCPs, for bench/warp_bench.sh (which times it against
// gdalwarp under /usr/bin/time, interleaved). Also reports where the GCPs land in the output.
//
// Usage: sandtable_bench_warp SCAN POINTS METHOD OUT.tif [--compress C] [--no-overviews]
//        [--resampling R] [--target-crs EPSG:n] [--world-file OUT.wld]
// Prints one JSON line: seconds (fit + warp, wall), width, height, geotransform, and for the GCPs
// (target CRS) the largest landing error in output pixels, computed through the fit:
//   ours_landing_px  = max |F(T(m)) - m'| / resolution, T = the exact inverse our warper uses, m' = F(p)
//   gdal_landing_px  = the same with GDAL's separately fitted reverse (what gdalwarp uses)
//   gdal_grid_gap_px = GDAL reverse vs exact inverse on a 50 x 50 grid over the scan, output pixels.
// where F = the forward fit, p = the GCP's pixel, m' = where the fit sends it (its map point for tps).
#include "sandtable/importers/gcp_fit.hpp"
#include "sandtable/importers/georeference_scan.hpp"
#include "sandtable/importers/warp.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

using namespace sandtable;

int main(int argc, char** argv)
{
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s SCAN POINTS METHOD OUT.tif [--compress C] [--no-overviews] [--resampling R] "
                             "[--target-crs EPSG:n] [--world-file OUT.wld]\n", argv[0]);
        return 2;
    }
    try {
        importers::GeorefRequest request;
        request.scan = argv[1];
        request.points = argv[2];
        request.method = core::georeferenceMethodFromString(argv[3]);
        request.targetCrs = "EPSG:32618";
        importers::WarpRequest warp;
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
        const importers::GeorefResult fitted = importers::georeferenceScan(request);
        const double fitSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        warp.scan = request.scan;
        warp.georeference = fitted.georeference;
        const importers::WarpResult out = importers::warpToGeoTiff(warp);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

        const importers::GcpTransform fit(fitted.fitPoints, request.method);
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
