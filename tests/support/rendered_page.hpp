// SPDX-License-Identifier: GPL-3.0-or-later
// What the print tests share: whether an outside tool (poppler's pdftocairo, pdftotext, pdfinfo) is on PATH,
// and a page rendered to PNG, read back pixel by pixel.
#pragma once

#include <cairo.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace sandtable::test {

/// True when `name` is a command on PATH (`command -v`). Tests REQUIRE it with the Debian package's name:
/// a test never skips for want of its tool (packaging/install-deps.sh installs them).
inline bool commandAvailable(const std::string& name)
{
    return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

/// A rendered page (pdftocairo -png): an ARGB32 image; at 254 dpi, 10 pixels per millimetre.
struct RenderedPage {
    cairo_surface_t* surface = nullptr;
    explicit RenderedPage(const std::filesystem::path& path) : surface(cairo_image_surface_create_from_png(path.c_str())) {}
    ~RenderedPage() { cairo_surface_destroy(surface); }
    RenderedPage(const RenderedPage&) = delete;
    RenderedPage& operator=(const RenderedPage&) = delete;
    bool ok() const { return cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS; }
    int width() const { return cairo_image_surface_get_width(surface); }
    int height() const { return cairo_image_surface_get_height(surface); }
    /// {red, green, blue} 0-255 of pixel (x, y).
    std::array<int, 3> rgb(int x, int y) const
    {
        const auto pixel = *reinterpret_cast<const std::uint32_t*>(
            cairo_image_surface_get_data(surface) + y * cairo_image_surface_get_stride(surface) + x * 4);
        return {static_cast<int>((pixel >> 16) & 255), static_cast<int>((pixel >> 8) & 255), static_cast<int>(pixel & 255)};
    }
    /// The pixel at (x, y) mm from the page's top-left corner, for a page rendered at 254 dpi.
    std::array<int, 3> atMm(double x, double y) const
    {
        return rgb(static_cast<int>(std::lround(x * 10.0)), static_cast<int>(std::lround(y * 10.0)));
    }
    /// Centres (in pixels) of the runs of pixels on row `y` for which `match` holds; their lengths too.
    template <class Match>
    std::vector<double> runCentres(int y, Match match, std::vector<int>* lengths = nullptr) const
    {
        std::vector<double> centres;
        int start = -1;
        for (int x = 0; x <= width(); ++x) {
            const bool m = x < width() && match(rgb(x, y));
            if (m && start < 0)
                start = x;
            if (!m && start >= 0) {
                centres.push_back((start + x - 1) / 2.0);
                if (lengths)
                    lengths->push_back(x - start);
                start = -1;
            }
        }
        return centres;
    }
};

} // namespace sandtable::test
