// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue export and its thumbnail, for the CLI and the editor.
#include "sandtable/app/catalogue_export.hpp"

#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace sandtable::app {
namespace {

constexpr int kThumbnailWidth = kCatalogueThumbnailWidth;

cairo_status_t appendPng(void* closure, const unsigned char* data, unsigned int length)
{
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

} // namespace

/// The package's thumbnail: its terrain drawn in the print styles, kThumbnailWidth pixels wide, over the
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
    // Working-CRS metres to pixels, computed here rather than by a cairo matrix: y grows north on the map,
    // down in the image. Vertices closer than a pixel to the last one kept are left out: a big scenario has
    // far more vertices than the thumbnail has pixels, and cairo's cost is per segment (a 1-pixel step drew
    // the 20,008-polygon bench scenario in 39 ms of CPU instead of 63, with no difference to the eye at
    // 256 pixels).
    const double sx = scale;
    const double sy = height / (maxY - minY);
    constexpr double kMinStep = 1.0;
    // The printed map's styles (core's one table), in its drawing order.
    std::vector<std::pair<const core::style::TerrainStyle*, const core::TerrainFeature*>> order;
    order.reserve(scenario.terrain.size());
    for (const core::TerrainFeature& f : scenario.terrain)
        order.emplace_back(&core::style::terrainStyle(f.terrainClass, f.attributes), &f);
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first->order < b.first->order; });

    // One ring in pixels, decimated; emitted as a closed sub-path turning the way `clockwise` asks (in the
    // image, y down), so that under cairo's WINDING rule the exteriors of one batch add up and their holes
    // cut out, whatever the orientation in the file.
    std::vector<std::pair<double, double>> pixels;
    const auto addRing = [&](const std::vector<core::Coordinate>& ring, int dim, bool clockwise) {
        pixels.clear();
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const double x = (ring[i].x - minX) * sx;
            const double y = height - (ring[i].y - minY) * sy;
            if (!pixels.empty() && i + 1 < ring.size() && std::abs(x - pixels.back().first) < kMinStep
                && std::abs(y - pixels.back().second) < kMinStep)
                continue;
            pixels.emplace_back(x, y);
        }
        bool reverse = false;
        if (dim == 2) {
            double twiceArea = 0.0; // shoelace; positive = clockwise on screen (y down)
            for (std::size_t i = 0, j = pixels.size() - 1; i < pixels.size(); j = i++)
                twiceArea += pixels[j].first * pixels[i].second - pixels[i].first * pixels[j].second;
            reverse = (twiceArea > 0.0) != clockwise;
        }
        const auto emit = [&](const std::pair<double, double>& p, bool first) {
            if (first)
                cairo_move_to(cr, p.first, p.second);
            else
                cairo_line_to(cr, p.first, p.second);
        };
        for (std::size_t i = 0; i < pixels.size(); ++i)
            emit(reverse ? pixels[pixels.size() - 1 - i] : pixels[i], i == 0);
        if (dim == 2)
            cairo_close_path(cr);
    };

    // The features are drawn a batch at a time: all consecutive features of one class and dimension make one
    // path, filled once and stroked once (drawing 20,000 woods one by one cost 0.16 s, mostly cairo's
    // per-call set-up). Overlapping features of a class are filled once, as their union. An area smaller
    // than kMinOutlined pixels both ways gets no outline: a half-pixel outline would cover it, and stroking
    // costs cairo far more than filling.
    constexpr double kMinOutlined = 3.0;
    const auto pixelSize = [&](const core::TerrainFeature& f) {
        double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
        for (const auto& part : f.geometry.parts)
            if (!part.empty())
                for (const core::Coordinate& c : part.front())
                    x0 = std::min(x0, c.x), x1 = std::max(x1, c.x), y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
        return std::max((x1 - x0) * sx, (y1 - y0) * sy);
    };
    const auto addFeature = [&](const core::TerrainFeature& feature, int dim) {
        for (const auto& part : feature.geometry.parts)
            for (std::size_t r = 0; r < part.size(); ++r) {
                const auto& ring = part[r];
                if (ring.empty())
                    continue;
                if (dim == 0) {
                    cairo_new_sub_path(cr);
                    cairo_arc(cr, (ring.front().x - minX) * sx, height - (ring.front().y - minY) * sy, 1.5, 0.0, 2.0 * M_PI);
                    continue;
                }
                addRing(ring, dim, r == 0); // ring 0 of a polygon is its exterior, the others holes
            }
    };
    std::vector<char> outlined(order.size(), 1);
    for (std::size_t first = 0; first < order.size();) {
        const core::TerrainFeature& head = *order[first].second;
        const int dim = core::dimension(head.geometry.type);
        std::size_t last = first;
        const core::style::TerrainStyle& style = *order[first].first;
        while (last < order.size() && order[last].first == &style && order[last].second->terrainClass == head.terrainClass
            && core::dimension(order[last].second->geometry.type) == dim)
            ++last;
        if (dim != 1) {
            cairo_new_path(cr);
            for (std::size_t k = first; k < last; ++k) {
                addFeature(*order[k].second, dim);
                if (dim == 2)
                    outlined[k] = pixelSize(*order[k].second) >= kMinOutlined;
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
            cairo_set_source_rgba(cr, style.fill.r / 255.0, style.fill.g / 255.0, style.fill.b / 255.0, style.fill.a / 255.0);
            cairo_fill(cr);
        }
        cairo_new_path(cr);
        for (std::size_t k = first; k < last; ++k)
            if (outlined[k])
                addFeature(*order[k].second, dim);
        cairo_set_source_rgba(cr, style.outline.r / 255.0, style.outline.g / 255.0, style.outline.b / 255.0, style.outline.a / 255.0);
        cairo_set_line_width(cr, dim == 1 ? 1.5 : 0.5);
        cairo_stroke(cr);
        first = last;
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    std::string png;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, appendPng, &png);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS)
        throw core::OperationError("thumbnail", "", core::i18n::format(_("cairo cannot write the PNG: {1}"), {cairo_status_to_string(status)}));
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
