// SPDX-License-Identifier: GPL-3.0-or-later
// Display-ready pixels of any raster GDAL reads: 8-bit RGBA with palettes expanded, 16-bit and float bands
// stretched, nodata transparent, alpha honoured, overviews used for reduced resolutions.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable::geo {

/// How each colour channel's raw values map to 0..255: v -> round(255 * (v - low) / (high - low)), clamped.
/// For Byte bands low = 0, high = 255 (identity). For other types (UInt16, Int16, Float32, ...) low/high are
/// the 2 % and 98 % percentiles of the band's valid values (nodata excluded): the values at ranks
/// floor(0.02 * (n - 1)) and ceil(0.98 * (n - 1)) of the sorted values, over the whole band when it has at
/// most 4 million pixels, else over its largest overview (or a nearest-neighbour 2048 px read) below that.
/// A band whose percentiles are equal maps everything to 0 below/at low and 255 above.
struct DisplayStretch {
    std::array<double, 3> low{0, 0, 0};     ///< red, green, blue channel (grey: all three the same band)
    std::array<double, 3> high{255, 255, 255};
    bool stretched = false;                 ///< false for Byte and palette rasters (identity)
};

/// A block of display pixels.
struct DisplayImage {
    int width = 0;                          ///< pixels of the buffer
    int height = 0;
    std::vector<std::uint8_t> rgba;         ///< width * height * 4 bytes, row-major, R G B A, straight alpha
    int overviewLevel = -1;                 ///< -1: full resolution was read; else the overview's index (0 = largest)
};

/// The size of one resolution level of a raster (pixels).
struct RasterLevelSize {
    int width = 0;
    int height = 0;
};

/// An open raster for display. Bands: a palette band is expanded through its colour table (the entry's
/// alpha honoured); 1 band (or 1 + alpha) is grey; 3 or more bands take the first three non-alpha bands
/// as red, green, blue. Alpha: an alpha band (colour interpretation Alpha, or GDAL's per-dataset mask)
/// gives A, scaled from its type to 0..255; a pixel whose every colour band equals that band's nodata
/// value (a palette index equal to nodata) is transparent (A = 0); otherwise A = 255.
/// Not thread-safe (one GDAL dataset); open one DisplayRaster per thread.
class DisplayRaster {
public:
    /// Opens `path` and works out the stretch. Throws core::util::IoError when missing/unreadable,
    /// core::util::FormatError when GDAL cannot read it (or it has no bands).
    explicit DisplayRaster(const std::filesystem::path& path);
    ~DisplayRaster();
    DisplayRaster(DisplayRaster&&) noexcept;
    DisplayRaster& operator=(DisplayRaster&&) noexcept;

    int width() const;                      ///< full-resolution pixels
    int height() const;
    const DisplayStretch& stretch() const;

    /// Reads the window (pixel, line, width, height) of the full-resolution raster (pixel (0,0) = the
    /// top-left pixel) into a bufferWidth x bufferHeight image, nearest neighbour (so palette indexes and
    /// nodata stay exact). When the buffer is smaller than the window, it reads from the smallest overview
    /// (internal or external .ovr) that still has at least the buffer's resolution, as GDAL does.
    /// Throws core::util::OperationError for a window outside the raster or a non-positive size,
    /// core::util::IoError/FormatError when GDAL cannot read the pixels (e.g. a truncated file).
    DisplayImage read(int pixel, int line, int width, int height, int bufferWidth, int bufferHeight) const;

    /// The resolution levels: level 0 is the full resolution, then GDAL's overviews of the first colour band
    /// (internal, external .ovr, or a JPEG's reduced decodes), largest first.
    const std::vector<RasterLevelSize>& levels() const;
    /// Reads the window (pixel, line, width, height) of level `level`'s pixels one to one, as read() does
    /// (a tile of a map canvas). Throws core::util::OperationError for a level that does not exist or a window
    /// outside it, core::util::IoError/FormatError when GDAL cannot read the pixels.
    DisplayImage readLevel(int level, int pixel, int line, int width, int height) const;
    /// The file's own geotransform (GDAL's six coefficients, pixel -> its CRS), when it has one.
    std::optional<std::array<double, 6>> geoTransform() const;

private:
    /// The window (in level `level`'s pixels, fractional) into a bufferWidth x bufferHeight image.
    DisplayImage readWindow(int level, double wx, double wy, double ww, double wh, int bufferWidth, int bufferHeight) const;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// One-shot convenience: DisplayRaster(path).read(...).
DisplayImage readDisplayRgba(const std::filesystem::path& path, int pixel, int line, int width, int height,
    int bufferWidth, int bufferHeight);

} // namespace sandtable::geo
