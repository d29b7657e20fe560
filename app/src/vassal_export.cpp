// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario as a VASSAL module: board scan, images, archive.
#include "sandtable/app/vassal_export.hpp"

#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/map_raster.hpp"
#include "sandtable/geo/raster_info.hpp"
#include "sandtable/print/vassal_images.hpp"

namespace sandtable::app {

std::optional<print::PrintRaster> boardScan(const core::Scenario& s, const std::filesystem::path& scenarioFile, double pxPerM,
    const Reporter& reporter)
{
    if (!s.map || !s.settings.extent)
        return std::nullopt;
    const auto dir = scenarioFile.parent_path();
    const auto scanPath = geo::resolveMapPath(s.map->path, dir);
    const bool warpedExists = geo::warpedMapPath(s, dir).has_value();
    if (!warpedExists && !std::filesystem::exists(scanPath)) {
        reporter.tell(core::i18n::format(_("notice: map raster {1} not found: the board is terrain only"), {scanPath.string()}));
        return std::nullopt;
    }
    if (!warpedExists && !s.map->georeference) {
        reporter.tell(_("notice: the map raster is not georeferenced: the board is terrain only"));
        return std::nullopt;
    }
    core::Scenario target = s;
    if (s.settings.crs.rfind("LOCAL:", 0) == 0 && warpedExists) {
        const geo::RasterInfo info = geo::inspectRaster(geo::resolveMapPath(s.map->warpedPath, dir));
        if (!info.crsWkt.empty())
            target.settings.crs = info.crsWkt;
    }
    geo::RenderedRaster r = geo::renderMapRaster(target, dir, *s.settings.extent, 1.0 / pxPerM, reporter.progress);
    return print::PrintRaster{r.width, r.height, std::move(r.pixels), r.geotransform};
}

vassal::VassalExportResult exportVassalModule(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output, std::optional<double> pxPerM, const Reporter& reporter)
{
    // The board shows the extent, grown to the campaign grid where it runs past (every square on the board).
    core::Scenario s = scenario;
    if (s.settings.extent)
        s.settings.extent = vassal::vassalBoardExtent(s);
    vassal::VassalExportInput input;
    input.scenarioDocument = core::io::serializeScenario(scenario); // as given: `vassal import` brings it back
    input.pxPerM = pxPerM ? *pxPerM : vassal::defaultVassalPxPerM(s);
    Reporter scanReporter{reporter.part(0.0, 0.4), reporter.notice};
    print::VassalImages images
        = print::drawVassalImages(s, input.pxPerM, boardScan(s, scenarioFile, input.pxPerM, scanReporter), reporter.part(0.4, 0.8));
    const auto convert = [](print::PngImage& i) { return vassal::VassalImage{std::move(i.bytes), i.width, i.height}; };
    if (images.board)
        input.board = convert(*images.board);
    for (auto& [id, image] : images.pieces)
        input.pieces[id] = convert(image);
    for (auto& [id, image] : images.forces)
        input.forces[id] = convert(image);
    for (auto& [name, image] : images.cardFaces)
        input.cardFaces[name] = convert(image);
    return vassal::writeVassalModule(s, input, output, reporter.part(0.8, 1.0));
}

} // namespace sandtable::app
