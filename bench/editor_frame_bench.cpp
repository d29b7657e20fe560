// SPDX-License-Identifier: GPL-3.0-or-later
// Frame times of the editor's map drawing while panning across a 20000 x 20000 scan with 10,000 polygons.
//
//   xvfb-run -a build/<dir>/bench/editor_frame_bench [FRAMES [--parts]]
//
// The scan: /tmp/sandtable-editor-bench/scan.tif, a JPEG-tiled GeoTIFF with overviews, made on the first
// run with GDAL from the shared workload /tmp/sandtable-bench/scan_big.tif (../shared/bench/README.md) when
// that exists, else drawn procedurally. The polygons: /tmp/sandtable-bench/blocks_10k.gpkg (10,000 block
// footprints over the same area) as terrain features, or 10,000 generated rectangles.
// Each frame draws exactly what the canvas draws (renderMap through wxGraphicsContext/cairo into an
// 1000 x 700 bitmap) with the view moved by 24 pixels; raster tiles come from the loader thread, so a
// frame draws what is cached (coarser levels under missing tiles) and never waits for GDAL. Prints p50,
// p95 and max frame times (goal p95 < 16 ms), wall clock and the drawing thread's CPU time (on a busy
// machine the wall clock includes waiting for a core), the frames that still lacked tiles, and peak
// memory. --parts pans again with the scan alone and the polygons alone, to say where the time goes.
#include "sandtable/editor/logic/map_raster.hpp"
#include "sandtable/editor/ui/map_renderer.hpp"
#include "sandtable/editor/ui/raster_source.hpp"

#include <gdal_priv.h>
#include <ogrsf_frmts.h>

#include <wx/app.h>
#include <wx/dcmemory.h>
#include <wx/graphics.h>
#include <wx/init.h>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace sandtable;
using namespace sandtable::editor;
using namespace sandtable::editor::ui;

namespace {

constexpr int kScanSize = 20000;
// The workloads' area: 300000-332000 E x 4400000-4424000 N (EPSG:32618).
constexpr double kMinX = 300000.0, kMaxX = 332000.0, kMinY = 4400000.0, kMaxY = 4424000.0;

const fs::path kFolder = "/tmp/sandtable-editor-bench";
const fs::path kShared = "/tmp/sandtable-bench";

void makeScan(const fs::path& target)
{
    GDALAllRegister();
    fs::create_directories(kFolder);
    const fs::path temporary = target.string() + ".part";
    const char* options[] = {"TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256", "COMPRESS=JPEG", "PHOTOMETRIC=YCBCR",
        "JPEG_QUALITY=80", "BIGTIFF=IF_SAFER", nullptr};
    GDALDriver* gtiff = GetGDALDriverManager()->GetDriverByName("GTiff");
    GDALDataset* made = nullptr;
    const fs::path shared = kShared / "scan_big.tif";
    if (fs::exists(shared)) {
        std::cout << "making " << target << " from " << shared << " (a copy with overviews)\n";
        GDALDataset* source = GDALDataset::Open(shared.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY);
        if (!source)
            throw std::runtime_error("cannot open " + shared.string());
        made = gtiff->CreateCopy(temporary.c_str(), source, FALSE, const_cast<char**>(options), nullptr, nullptr);
        GDALClose(source);
    } else {
        std::cout << "making " << target << " (procedural 20000 x 20000 RGB; no " << shared << ")\n";
        made = gtiff->Create(temporary.c_str(), kScanSize, kScanSize, 3, GDT_Byte, const_cast<char**>(options));
        if (made) {
            std::vector<unsigned char> row(static_cast<std::size_t>(kScanSize) * 256);
            for (int y0 = 0; y0 < kScanSize; y0 += 256) {
                const int rows = std::min(256, kScanSize - y0);
                for (int band = 1; band <= 3; ++band) {
                    for (int y = 0; y < rows; ++y)
                        for (int x = 0; x < kScanSize; ++x) {
                            const double v = 150.0 + 60.0 * std::sin((x + band * 400) * 0.004) * std::cos((y0 + y) * 0.003)
                                + (((x / 40 + (y0 + y) / 40) % 7 == 0) ? -90.0 : 0.0);
                            row[static_cast<std::size_t>(y) * kScanSize + static_cast<std::size_t>(x)]
                                = static_cast<unsigned char>(std::clamp(v, 0.0, 255.0));
                        }
                    if (made->GetRasterBand(band)->RasterIO(GF_Write, 0, y0, kScanSize, rows, row.data(), kScanSize, rows,
                            GDT_Byte, 0, 0, nullptr) != CE_None)
                        throw std::runtime_error("cannot write the scan");
                }
            }
        }
    }
    if (!made)
        throw std::runtime_error("cannot create " + temporary.string());
    const double gt[6] = {kMinX, (kMaxX - kMinX) / kScanSize, 0.0, kMaxY, 0.0, -(kMaxY - kMinY) / kScanSize};
    made->SetGeoTransform(const_cast<double*>(gt));
    int levels[] = {2, 4, 8, 16, 32, 64, 128};
    CPLSetConfigOption("COMPRESS_OVERVIEW", "JPEG");
    if (made->BuildOverviews("AVERAGE", 7, levels, 0, nullptr, nullptr, nullptr) != CE_None)
        throw std::runtime_error("cannot build overviews");
    GDALClose(made);
    fs::rename(temporary, target);
}

core::Scenario makeScenario()
{
    core::Scenario scenario;
    scenario.settings.crs = "EPSG:32618";
    scenario.settings.extent = core::Extent{kMinX, kMinY, kMaxX, kMaxY};
    const char* classes[] = {"woods", "village", "marsh", "hill", "orchard"};
    const fs::path blocks = kShared / "blocks_10k.gpkg";
    if (GDALDataset* ds = fs::exists(blocks) ? GDALDataset::Open(blocks.c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY) : nullptr) {
        OGRLayer* layer = ds->GetLayer(0);
        for (auto& feature : *layer) {
            const OGRGeometry* geometry = feature->GetGeometryRef();
            if (!geometry || wkbFlatten(geometry->getGeometryType()) != wkbPolygon)
                continue;
            const OGRLinearRing* ring = geometry->toPolygon()->getExteriorRing();
            std::vector<core::Coordinate> points;
            for (int i = 0; i < ring->getNumPoints(); ++i)
                points.push_back({ring->getX(i), ring->getY(i)});
            const std::size_t n = scenario.terrain.size();
            scenario.terrain.push_back(core::TerrainFeature{core::FeatureId("p-" + std::to_string(n)), classes[n % 5], "",
                core::Geometry::polygon({points}), core::Attributes()});
        }
        GDALClose(ds);
    }
    std::mt19937 random(20261129);
    std::uniform_real_distribution<double> x(kMinX, kMaxX), y(kMinY, kMaxY), size(50.0, 600.0);
    while (scenario.terrain.size() < 10000) {
        const double cx = x(random), cy = y(random), w = size(random), h = size(random);
        const std::size_t n = scenario.terrain.size();
        scenario.terrain.push_back(core::TerrainFeature{core::FeatureId("p-" + std::to_string(n)), classes[n % 5], "",
            core::Geometry::polygon({{{cx, cy}, {cx + w, cy}, {cx + w, cy + h}, {cx, cy + h}, {cx, cy}}}),
            core::Attributes()});
    }
    return scenario;
}

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const std::size_t index = std::min(values.size() - 1, static_cast<std::size_t>(std::ceil(p * values.size())) - 1);
    return values[index];
}

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct PanTimes {
    std::vector<double> wall; ///< ms per frame, what the user waits for
    std::vector<double> cpu;  ///< ms of this thread's CPU per frame (the same without other processes)
    int incomplete = 0;       ///< frames drawn while raster tiles were still loading
};

/// Pans `frames` frames over the scene, from the north-west: east 150 frames, then south-east 50, and so
/// on, 24 px a frame (a brisk drag); at most one frame per 16.7 ms, as the canvas paints at most once
/// per screen refresh (the tile loader thread works between frames).
PanTimes pan(int frames, const RenderScene& scene, RasterLayer* raster, int width, int height)
{
    wxBitmap bitmap(width, height, 24);
    ViewTransform view;
    view.setViewportSize(width, height);
    // A designer's working zoom: 4 m per pixel (a scan pixel is 1.6 x 1.2 m: overview level 1).
    view.setScale(1.0 / 4.0);
    view.setCentre({kMinX + 2500.0, kMaxY - 2500.0});
    PanTimes times;
    for (int frame = 0; frame < frames; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = threadCpuMs();
        {
            wxMemoryDC dc(bitmap);
            std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(dc));
            renderMap(*gc, view, scene);
        }
        const auto end = std::chrono::steady_clock::now();
        times.cpu.push_back(threadCpuMs() - cpuStart);
        times.wall.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        if (raster && raster->pendingTiles() > 0)
            ++times.incomplete;
        view.panBy(frame % 200 < 150 ? -24.0 : -12.0, frame % 200 < 150 ? 0.0 : -18.0);
        std::this_thread::sleep_until(start + std::chrono::microseconds(16667));
    }
    return times;
}

void printTimes(const char* what, const PanTimes& times)
{
    std::printf("%-28s wall p50 %6.2f  p95 %6.2f  max %6.2f ms | thread CPU p50 %6.2f  p95 %6.2f ms\n", what,
        percentile(times.wall, 0.50), percentile(times.wall, 0.95), *std::max_element(times.wall.begin(), times.wall.end()),
        percentile(times.cpu, 0.50), percentile(times.cpu, 0.95));
}

} // namespace

int main(int argc, char** argv)
{
    const int frames = argc > 1 ? std::max(10, std::atoi(argv[1])) : 400;
    const bool parts = argc > 2 && std::string(argv[2]) == "--parts";
    // A GUI application object, so wxWidgets initialises GTK and its display connection (without one,
    // wxInitializer makes a console application and the first bitmap aborts in GTK).
    wxApp::SetInstance(new wxApp());
    wxInitializer wx(argc, argv);
    if (!wx.IsOk()) {
        std::cerr << "editor_frame_bench: wxWidgets cannot start (run it under xvfb-run)\n";
        return 1;
    }
    try {
        const fs::path scan = kFolder / "scan.tif";
        if (!fs::exists(scan))
            makeScan(scan);
        const core::Scenario scenario = makeScenario();
        auto source = std::make_unique<RasterSource>(scan);
        std::cout << "scan " << source->width() << " x " << source->height() << ", " << source->levels().size()
                  << " levels; " << scenario.terrain.size() << " polygons\n";
        const Affine2D placement = *source->geoTransform();
        RasterLayer raster(std::move(source), placement);
        std::atomic<int> arrivals{0};
        raster.setOnTileReady([&] { ++arrivals; });

        const int width = 1000, height = 700;
        const PanTimes full = pan(frames, RenderScene{&scenario, &raster, nullptr}, &raster, width, height);
        printTimes("frame (scan + polygons)", full);
        std::printf("frames %d; drawn while tiles were still loading: %d; tile batches arrived: %d\n", frames,
            full.incomplete, arrivals.load());
        std::printf("goal p95 < 16 ms: %s (wall), %s (thread CPU)\n", percentile(full.wall, 0.95) < 16.0 ? "met" : "NOT met",
            percentile(full.cpu, 0.95) < 16.0 ? "met" : "NOT met");
        if (parts) {
            // The same pan again, each half alone (the tile cache is warm now).
            printTimes("scan alone (tiles cached)", pan(frames, RenderScene{nullptr, &raster, nullptr}, &raster, width, height));
            printTimes("polygons alone", pan(frames, RenderScene{&scenario, nullptr, nullptr}, nullptr, width, height));
        }
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("peak memory (max RSS) %.1f MB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
    } catch (const std::exception& error) {
        std::cerr << "editor_frame_bench: error: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
