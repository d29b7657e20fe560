// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario's scan warped into a GeoTIFF, and the scenario pointed at it.
#include "sandtable/app/warp_scan.hpp"

#include "sandtable/app/georeference.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/map_raster.hpp"

namespace sandtable::app {

std::filesystem::path defaultWarpOutput(const core::document::Document& document)
{
    const core::Scenario& s = document.scenario();
    if (!s.map)
        return {};
    const std::filesystem::path folder = document.path().parent_path();
    const std::filesystem::path scan = geo::resolveMapPath(s.map->path, folder);
    return (document.path().empty() ? scan.parent_path() : folder) / (scan.stem().string() + "_warped.tif");
}

geo::WarpResult warpScanFile(const core::Scenario& s, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output, const Reporter& reporter)
{
    const std::string file = scenarioFile.string();
    if (!s.map)
        throw core::util::OperationError(file, _("map"), _("the scenario has no map scan to warp"));
    if (!s.map->georeference || !s.map->georeference->rmsMap)
        throw core::util::OperationError(file, _("map"),
            _("the scan has no fit to warp with yet: give it GCPs first (enough for its method)"));
    core::Georeference fitted = *s.map->georeference;
    try {
        geo::fitStoredGeoreference(fitted); // the GCPs as they are now, in the fit's frame
    } catch (const core::util::OperationError& e) {
        throw core::util::OperationError(file, e.object(), e.reason());
    }
    geo::WarpRequest request;
    request.scan = geo::resolveMapPath(s.map->path, scenarioFile.parent_path());
    request.georeference = fitted;
    request.output = output;
    request.progress = reporter.progress;
    return geo::warpToGeoTiff(request);
}

void useWarpedScan(core::document::Document& document, const std::filesystem::path& output)
{
    const std::filesystem::path folder = document.path().parent_path();
    std::error_code ec;
    const std::filesystem::path relative = std::filesystem::relative(std::filesystem::absolute(output),
        std::filesystem::absolute(folder.empty() ? std::filesystem::path(".") : folder), ec);
    const std::string warpedPath = (ec || relative.empty() || document.path().empty()) ? output.string() : relative.string();
    document.apply(core::document::operations::setWarpedPath(document.scenario(), warpedPath));
    if (std::optional<core::document::Edit> frame = mapFrameFromFit(document.scenario()))
        document.apply(std::move(*frame));
}

geo::WarpResult warpScan(core::document::Document& document, std::filesystem::path output, const Reporter& reporter)
{
    if (output.empty())
        output = defaultWarpOutput(document);
    const geo::WarpResult result = warpScanFile(document.scenario(), document.path(), output, reporter);
    useWarpedScan(document, output);
    return result;
}

} // namespace sandtable::app
