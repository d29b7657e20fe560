// SPDX-License-Identifier: GPL-3.0-or-later
// Checks an editor screenshot: its size, that it is not blank, and expected colours at given pixels.
//
// screenshot_check PNG WIDTH HEIGHT MIN_COLOURS MIN_FOREGROUND_PERCENT [X,Y,R,G,B,TOL ...]
// Foreground = pixels further than 8 levels (any channel) from the canvas background (228, 226, 219).
// Exit 0 when every check holds, 1 otherwise (each failure printed), 2 for bad arguments.
#include <gdal_priv.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct PixelExpectation {
    int x = 0;
    int y = 0;
    int r = 0;
    int g = 0;
    int b = 0;
    int tolerance = 0;
};

bool parseExpectation(const std::string& text, PixelExpectation& out)
{
    std::istringstream in(text);
    char c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0;
    in >> out.x >> c1 >> out.y >> c2 >> out.r >> c3 >> out.g >> c4 >> out.b >> c5 >> out.tolerance;
    return in && c1 == ',' && c2 == ',' && c3 == ',' && c4 == ',' && c5 == ',';
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 6) {
        std::cerr << "usage: screenshot_check PNG WIDTH HEIGHT MIN_COLOURS MIN_FOREGROUND_PERCENT [X,Y,R,G,B,TOL ...]\n";
        return 2;
    }
    const std::string path = argv[1];
    const int width = std::atoi(argv[2]);
    const int height = std::atoi(argv[3]);
    const std::size_t minColours = static_cast<std::size_t>(std::atoi(argv[4]));
    const double minForeground = std::atof(argv[5]);
    std::vector<PixelExpectation> expectations;
    for (int i = 6; i < argc; ++i) {
        PixelExpectation e;
        if (!parseExpectation(argv[i], e)) {
            std::cerr << "screenshot_check: bad pixel expectation '" << argv[i] << "'\n";
            return 2;
        }
        expectations.push_back(e);
    }

    GDALAllRegister();
    GDALDataset* ds = GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY);
    if (!ds) {
        std::cerr << "FAIL: " << path << ": cannot be read as an image\n";
        return 1;
    }
    bool ok = true;
    const int w = ds->GetRasterXSize();
    const int h = ds->GetRasterYSize();
    if (w != width || h != height) {
        std::cerr << "FAIL: size " << w << "x" << h << ", expected " << width << "x" << height << "\n";
        ok = false;
    }
    if (ds->GetRasterCount() < 3) {
        std::cerr << "FAIL: " << ds->GetRasterCount() << " bands, expected RGB\n";
        GDALClose(ds);
        return 1;
    }
    const std::size_t pixels = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    std::vector<unsigned char> rgb(pixels * 3);
    int bands[3] = {1, 2, 3};
    if (ds->RasterIO(GF_Read, 0, 0, w, h, rgb.data(), w, h, GDT_Byte, 3, bands, 3, 3 * w, 1, nullptr) != CE_None) {
        std::cerr << "FAIL: pixels cannot be read\n";
        GDALClose(ds);
        return 1;
    }
    GDALClose(ds);

    std::set<unsigned> colours;
    std::size_t foreground = 0;
    const int background[3] = {228, 226, 219};
    for (std::size_t i = 0; i < pixels; ++i) {
        const unsigned char* p = &rgb[i * 3];
        colours.insert(static_cast<unsigned>(p[0]) << 16 | static_cast<unsigned>(p[1]) << 8 | p[2]);
        bool differs = false;
        for (int c = 0; c < 3; ++c)
            differs = differs || std::abs(p[c] - background[c]) > 8;
        foreground += differs ? 1 : 0;
    }
    const double foregroundPercent = pixels ? 100.0 * static_cast<double>(foreground) / static_cast<double>(pixels) : 0.0;
    std::cout << path << ": " << w << "x" << h << ", " << colours.size() << " distinct colours, " << foregroundPercent
              << " % foreground\n";
    if (colours.size() < minColours) {
        std::cerr << "FAIL: " << colours.size() << " distinct colours, expected at least " << minColours << "\n";
        ok = false;
    }
    if (foregroundPercent < minForeground) {
        std::cerr << "FAIL: " << foregroundPercent << " % foreground, expected at least " << minForeground << " %\n";
        ok = false;
    }
    for (const auto& e : expectations) {
        if (e.x < 0 || e.y < 0 || e.x >= w || e.y >= h) {
            std::cerr << "FAIL: pixel " << e.x << "," << e.y << " is outside the image\n";
            ok = false;
            continue;
        }
        const unsigned char* p = &rgb[(static_cast<std::size_t>(e.y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(e.x)) * 3];
        const bool match = std::abs(p[0] - e.r) <= e.tolerance && std::abs(p[1] - e.g) <= e.tolerance
            && std::abs(p[2] - e.b) <= e.tolerance;
        std::cout << "pixel " << e.x << "," << e.y << " = (" << int(p[0]) << ", " << int(p[1]) << ", " << int(p[2])
                  << "), expected (" << e.r << ", " << e.g << ", " << e.b << ") +- " << e.tolerance
                  << (match ? ": ok\n" : ": MISMATCH\n");
        ok = ok && match;
    }
    return ok ? 0 : 1;
}
