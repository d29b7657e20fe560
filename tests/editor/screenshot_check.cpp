// SPDX-License-Identifier: GPL-3.0-or-later
// Checks an editor screenshot: its size, that it is not blank, and expected colours at given pixels.
//
// screenshot_check PNG WIDTH HEIGHT MIN_COLOURS MIN_FOREGROUND_PERCENT [X,Y,R,G,B,TOL ...]
// Foreground = pixels further than 8 levels (any channel) from the canvas background (228, 226, 219).
// Exit 0 when every check holds, 1 otherwise (each failure printed), 2 for bad arguments.
//
// screenshot_check --find PNG R,G,B,TOL
// Prints "COUNT CENTRE_X CENTRE_Y" of the pixels within TOL of that colour (how the UI test finds a
// feature on the real screen); exit 1 when the image cannot be read.
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

struct Image {
    int width = 0;
    int height = 0;
    int bands = 0;
    std::vector<unsigned char> rgb;
};

bool readImage(const std::string& path, Image& image)
{
    GDALAllRegister();
    GDALDataset* ds = GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY);
    if (!ds) {
        std::cerr << "FAIL: " << path << ": cannot be read as an image\n";
        return false;
    }
    image.width = ds->GetRasterXSize();
    image.height = ds->GetRasterYSize();
    image.bands = ds->GetRasterCount();
    if (image.bands < 3) {
        std::cerr << "FAIL: " << image.bands << " bands, expected RGB\n";
        GDALClose(ds);
        return false;
    }
    image.rgb.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
    int bandList[3] = {1, 2, 3};
    const bool ok = ds->RasterIO(GF_Read, 0, 0, image.width, image.height, image.rgb.data(), image.width,
                        image.height, GDT_Byte, 3, bandList, 3, 3 * image.width, 1, nullptr) == CE_None;
    GDALClose(ds);
    if (!ok)
        std::cerr << "FAIL: pixels cannot be read\n";
    return ok;
}

int findColour(int argc, char** argv)
{
    PixelExpectation colour;
    if (argc != 4 || !parseExpectation("0,0," + std::string(argv[3]), colour)) {
        std::cerr << "usage: screenshot_check --find PNG R,G,B,TOL\n";
        return 2;
    }
    Image image;
    if (!readImage(argv[2], image))
        return 1;
    std::size_t count = 0;
    double sumX = 0.0;
    double sumY = 0.0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const unsigned char* p = &image.rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 3];
            if (std::abs(p[0] - colour.r) <= colour.tolerance && std::abs(p[1] - colour.g) <= colour.tolerance
                && std::abs(p[2] - colour.b) <= colour.tolerance) {
                ++count;
                sumX += x;
                sumY += y;
            }
        }
    if (count == 0)
        std::cout << "0 -1 -1\n";
    else
        std::cout << count << " " << static_cast<long>(sumX / static_cast<double>(count) + 0.5) << " "
                  << static_cast<long>(sumY / static_cast<double>(count) + 0.5) << "\n";
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 2 && std::string(argv[1]) == "--find")
        return findColour(argc, argv);
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

    Image image;
    if (!readImage(path, image))
        return 1;
    bool ok = true;
    const int w = image.width;
    const int h = image.height;
    if (w != width || h != height) {
        std::cerr << "FAIL: size " << w << "x" << h << ", expected " << width << "x" << height << "\n";
        ok = false;
    }
    const std::size_t pixels = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
    const std::vector<unsigned char>& rgb = image.rgb;

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
