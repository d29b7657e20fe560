// SPDX-License-Identifier: GPL-3.0-or-later
// A map raster opened with GDAL: its resolution levels, its placement, and tiles decoded to wxImage.
#pragma once

#include "sandtable/editor/logic/affine.hpp"
#include "sandtable/editor/logic/raster_tiles.hpp"

#include <wx/image.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace sandtable::editor::ui {

/// Reads tiles of one raster at any of its levels (level 0 = full resolution, then GDAL's overviews,
/// which for a JPEG are its fast reduced decodes) through geo::DisplayRaster, as every product that
/// shows a raster reads it: palettes expanded, 1 band grey, 3 or more RGB, 16-bit and float bands stretched
/// between their 2 % and 98 % percentiles, nodata and alpha as transparency. Not thread-safe: one per thread.
class RasterSource {
public:
    /// Opens `path` read-only. Throws core::util::IoError when it is missing or unreadable, core::util::FormatError
    /// when GDAL cannot read it or it has no bands.
    explicit RasterSource(const std::filesystem::path& path);
    ~RasterSource();
    RasterSource(const RasterSource&) = delete;
    RasterSource& operator=(const RasterSource&) = delete;

    const std::filesystem::path& path() const noexcept { return m_path; }
    const std::vector<RasterLevel>& levels() const noexcept { return m_levels; }
    int width() const { return m_levels.front().width; }
    int height() const { return m_levels.front().height; }
    /// The file's own geotransform (pixel -> its CRS), when it has one (a GeoTIFF, a world file).
    const std::optional<Affine2D>& geoTransform() const noexcept { return m_geoTransform; }

    /// Decodes one tile. Throws core::util::IoError for a level or tile that does not exist, core::util::IoError or
    /// core::util::FormatError when GDAL cannot read the pixels.
    wxImage readTile(const TileKey& key) const;

private:
    struct Dataset;
    std::filesystem::path m_path;
    std::unique_ptr<Dataset> m_dataset;
    std::vector<RasterLevel> m_levels;
    std::optional<Affine2D> m_geoTransform;
};

} // namespace sandtable::editor::ui
