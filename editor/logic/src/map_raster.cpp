// SPDX-License-Identifier: GPL-3.0-or-later
// Choosing and placing the map raster; the extents the canvas fits.
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/editor/logic/map_raster.hpp"

#include <algorithm>
#include <array>

namespace sandtable::editor {

namespace {

std::filesystem::path resolve(const std::string& path, const std::filesystem::path& folder)
{
    const std::filesystem::path p(path);
    return p.is_absolute() ? p : (folder / p).lexically_normal();
}

bool isFile(const std::filesystem::path& path)
{
    std::error_code ignored;
    return std::filesystem::is_regular_file(path, ignored);
}

} // namespace

MapRasterChoice chooseMapRaster(const core::Scenario& scenario, const std::filesystem::path& scenarioFolder)
{
    MapRasterChoice choice;
    if (!scenario.map) {
        choice.notice = _("the scenario has no map raster: terrain only");
        return choice;
    }
    const core::MapSource& map = *scenario.map;
    std::string warpedProblem;
    // The warped map's problem first, when there is one, then what was done instead.
    const auto withWarpedProblem = [&warpedProblem](const std::string& rest) {
        return warpedProblem.empty() ? rest : core::i18n::format(_("{1}; {2}"), {warpedProblem, rest});
    };
    if (!map.warpedPath.empty()) {
        const auto warped = resolve(map.warpedPath, scenarioFolder);
        if (isFile(warped)) {
            choice.raster = MapRaster{MapRaster::Kind::Warped, warped, std::nullopt};
            return choice;
        }
        warpedProblem = core::i18n::format(_("warped map {1} not found"), {warped.string()});
    }
    const auto& georef = map.georeference;
    if (!georef) {
        choice.notice = withWarpedProblem(_("the map scan is not georeferenced: terrain only"));
        return choice;
    }
    const bool affine = georef->method == core::GeoreferenceMethod::Affine
        || georef->method == core::GeoreferenceMethod::Helmert || georef->method == core::GeoreferenceMethod::Poly1;
    if (!affine || georef->transform.size() != 6) {
        choice.notice = withWarpedProblem(core::i18n::format(
            _("the scan's georeference ({1}) has no affine transform to draw it with; warp it first: terrain only"),
            {core::toString(georef->method)}));
        return choice;
    }
    const auto scan = resolve(map.path, scenarioFolder);
    if (!isFile(scan)) {
        choice.notice = withWarpedProblem(core::i18n::format(_("map scan {1} not found: terrain only"), {scan.string()}));
        return choice;
    }
    std::array<double, 6> gt{};
    std::copy(georef->transform.begin(), georef->transform.end(), gt.begin());
    choice.raster = MapRaster{MapRaster::Kind::Scan, scan, Affine2D::fromGeoTransform(gt)};
    choice.notice = warpedProblem.empty() ? std::string() : withWarpedProblem(_("drawing the scan"));
    return choice;
}

std::optional<core::Extent> unite(const std::optional<core::Extent>& a, const std::optional<core::Extent>& b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    return core::Extent{std::min(a->minX, b->minX), std::min(a->minY, b->minY), std::max(a->maxX, b->maxX),
        std::max(a->maxY, b->maxY)};
}

core::Extent rasterFootprint(const Affine2D& pixelToWorld, int width, int height)
{
    const std::array<Point, 4> corners{Point{0.0, 0.0}, Point{static_cast<double>(width), 0.0},
        Point{static_cast<double>(width), static_cast<double>(height)}, Point{0.0, static_cast<double>(height)}};
    const Point first = pixelToWorld.apply(corners[0]);
    core::Extent extent{first.x, first.y, first.x, first.y};
    for (const Point& corner : corners) {
        const Point p = pixelToWorld.apply(corner);
        extent.minX = std::min(extent.minX, p.x);
        extent.minY = std::min(extent.minY, p.y);
        extent.maxX = std::max(extent.maxX, p.x);
        extent.maxY = std::max(extent.maxY, p.y);
    }
    return extent;
}

std::optional<core::Extent> scenarioExtent(const core::Scenario& scenario)
{
    if (scenario.settings.extent)
        return scenario.settings.extent;
    std::optional<core::Extent> extent;
    auto add = [&extent](core::Coordinate c) { extent = unite(extent, core::Extent{c.x, c.y, c.x, c.y}); };
    for (const auto& feature : scenario.terrain)
        for (const auto& part : feature.geometry.parts)
            for (const auto& ring : part)
                for (const auto& c : ring)
                    add(c);
    for (const auto& unit : scenario.units)
        if (unit.placement)
            add(unit.placement->position);
    return extent;
}

} // namespace sandtable::editor
