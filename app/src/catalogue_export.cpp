// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue export and its thumbnail, for the CLI and the editor.
#include "sandtable/app/catalogue_export.hpp"

#include "sandtable/print/map_print.hpp"
#include "sandtable/core/style/drawing_order.hpp"
#include "sandtable/print/terrain_painter.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>

namespace sandtable::app {
namespace {

constexpr int kThumbnailWidth = kCatalogueThumbnailWidth;

cairo_status_t appendPng(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

} // namespace

/// The package's thumbnail: its terrain drawn by the print's painter, kThumbnailWidth pixels wide, over the
/// scenario's extent (else the terrain's envelope). No terrain and no extent: no thumbnail ("").
std::string catalogueThumbnail(const core::Scenario& scenario, const std::filesystem::path&)
{
    double minX = HUGE_VAL, minY = HUGE_VAL, maxX = -HUGE_VAL, maxY = -HUGE_VAL;
    if (scenario.settings.extent) {
        const core::Extent& e = *scenario.settings.extent;
        minX = e.minX, minY = e.minY, maxX = e.maxX, maxY = e.maxY;
    } else {
        for (const core::TerrainFeature& f : scenario.terrain)
            for (const auto& part : f.geometry.parts)
                for (const auto& ring : part)
                    for (const core::Coordinate& c : ring) {
                        minX = std::min(minX, c.x), maxX = std::max(maxX, c.x);
                        minY = std::min(minY, c.y), maxY = std::max(maxY, c.y);
                    }
    }
    if (!(maxX > minX) || !(maxY > minY) || !std::isfinite(maxX - minX) || !std::isfinite(maxY - minY))
        return {};
    const double scale = kThumbnailWidth / (maxX - minX);
    const int height = std::clamp(static_cast<int>(std::lround((maxY - minY) * scale)), 16, 4 * kThumbnailWidth);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, kThumbnailWidth, height);
    cairo_t* cr = cairo_create(surface);
    // cairo's 4 x 4 supersampling (FAST) for fills, outlines and lines: on the bench scenario, whose 2,000
    // roads and streams cost most, the thumbnail took 63 ms of CPU instead of 100 with the finest, and the
    // two looked the same side by side at 256 pixels.
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_FAST);
    cairo_set_source_rgb(cr, 0.96, 0.94, 0.88); // paper
    cairo_paint(cr);
    // The printed map shrunk to the thumbnail: the print's painter at the paper millimetres one pixel covers
    // when the map is printed at its default scale (the game scale; a table at the scale that fits it on a
    // sheet), so widths, dashes and hatching keep their proportions to the map (lines at least a pixel wide). Simplified to the pixel
    // (print::TerrainPaintOptions::simplifyUnits): a big scenario has far more vertices than the thumbnail
    // has pixels, and cairo's cost is per segment and per call (a 1-pixel step drew the 20,008-polygon bench
    // scenario in 39 ms of CPU instead of 63; one path per run of a style, 0.16 s less than feature by feature).
    const double printScale = scenario.settings.extent ? print::defaultMapPrintScale(scenario, print::MapPrintRequest{})
                                                       : scenario.settings.scaleDenominator;
    print::TerrainPaintOptions options;
    options.mmPerUnit = printScale > 0 ? 1000.0 / printScale / scale : 1.0;
    options.minLineUnits = 1.0; // a road of 0.5 mm is a third of a pixel: drawn one pixel wide, as on the canvas
    options.simplifyUnits = 1.0;
    print::paintTerrain(cr, core::style::terrainInDrawingOrder(scenario), print::WorldToDevice{0.0, 0.0, minX, maxY, scale}, options);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    std::string png;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, appendPng, &png);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS)
        throw core::util::OperationError("thumbnail", "", core::i18n::format(_("cairo cannot write the PNG: {1}"), {cairo_status_to_string(status)}));
    return png;
}

catalogue::ExportResult exportToCatalogue(const std::filesystem::path& catalogueFile, const std::filesystem::path& scenarioFile,
    catalogue::ExportOptions options)
{
    options.thumbnail = catalogueThumbnail;
    catalogue::Catalogue db = catalogue::Catalogue::open(catalogueFile.string());
    return db.exportScenario(scenarioFile.string(), options);
}

} // namespace sandtable::app
