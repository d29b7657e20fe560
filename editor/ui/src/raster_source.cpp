// SPDX-License-Identifier: GPL-3.0-or-later
// Map rasters for the canvas, read by geo::DisplayRaster (the one reader of rasters for display).
#include "sandtable/editor/ui/raster_source.hpp"

#include "panes/pane_support.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/geo/display_raster.hpp"

#include <string>

namespace sandtable::editor::ui {

struct RasterSource::Dataset {
    explicit Dataset(const std::filesystem::path& path) : raster(path) {}
    geo::DisplayRaster raster;
};

RasterSource::RasterSource(const std::filesystem::path& path)
    : m_path(path)
    , m_dataset(std::make_unique<Dataset>(path))
{
    for (const geo::RasterLevelSize& level : m_dataset->raster.levels())
        m_levels.push_back({level.width, level.height});
    if (const auto gt = m_dataset->raster.geoTransform())
        m_geoTransform = Affine2D::fromGeoTransform({(*gt)[0], (*gt)[1], (*gt)[2], (*gt)[3], (*gt)[4], (*gt)[5]});
}

RasterSource::~RasterSource() = default;

wxImage RasterSource::readTile(const TileKey& key) const
{
    if (key.level < 0 || key.level >= static_cast<int>(m_levels.size()))
        throw core::util::IoError(m_path.string(), translated("raster"), core::i18n::format(translated("no resolution level {1}"), {std::to_string(key.level)}));
    const TileRect rect = tileRect(m_levels[static_cast<std::size_t>(key.level)], key);
    if (rect.width <= 0 || rect.height <= 0)
        throw core::util::IoError(m_path.string(), translated("raster"), translated("tile outside the image"));
    return panes::toWxImage(m_dataset->raster.readLevel(key.level, rect.x, rect.y, rect.width, rect.height));
}

} // namespace sandtable::editor::ui
