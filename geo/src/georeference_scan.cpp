// SPDX-License-Identifier: GPL-3.0-or-later
// georeferenceScan: points file -> target CRS -> fit -> residuals -> world file / warped GeoTIFF.
#include "sandtable/geo/georeference_scan.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/geo/points_file.hpp"
#include "sandtable/geo/world_file.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <functional>
#include <memory>

namespace sandtable::geo {

std::string autoTargetCrs(const std::string& gcpCrs, const std::vector<core::Coordinate>& gcpMapPoints,
    const std::string& context)
{
    if (gcpCrs.empty())
        throw core::util::OperationError(context, "CRS",
            _("the GCPs have no CRS (no #CRS: line), so 'auto' cannot choose a target: give --target-crs EPSG:n"));
    const CrsDescription crs = describeCrs(gcpCrs, context);
    if (crs.projected || crs.local)
        return crsIdentifier(crs);
    return utmCrsForCentre(gcpCrs, gcpMapPoints, context);
}

GeorefResult georeferenceScan(const GeorefRequest& request)
{
    GeorefResult result;
    const std::string context = request.points.empty() ? request.scan.string() : request.points.string();
    result.scan = inspectRaster(request.scan);

    std::vector<core::Gcp> gcps = request.gcps;
    std::string gcpCrs = request.gcpCrs;
    if (!request.points.empty()) {
        const PointsFile file = readPointsFile(request.points);
        SourceFrame frame;
        if (result.scan.georeference == GeoreferenceKind::Geotransform || result.scan.georeference == GeoreferenceKind::WorldFile)
            frame.geotransform = result.scan.geotransform;
        gcps = toGcps(file, frame, context);
        gcpCrs = file.crs;
    }
    if (gcps.empty())
        throw core::util::OperationError(context, "GCPs", _("there are no GCPs to fit"));

    core::Georeference asked;
    asked.gcpCrs = gcpCrs;
    asked.gcps = gcps;
    asked.crs = request.targetCrs == "auto" ? std::string() : request.targetCrs;
    FitFrame frame = fitFrame(asked, {}, context);
    result.targetCrs = frame.targetCrs;
    result.targetCrsDescription = frame.target;
    result.fitPoints = std::move(frame.points);
    std::size_t outside = 0;
    for (std::size_t i = 0; i < gcps.size(); ++i) {
        const auto& g = gcps[i];
        if (g.pixel >= 0 && g.line >= 0 && g.pixel <= result.scan.width && g.line <= result.scan.height)
            continue;
        ++outside;
        result.diagnostics.push_back({"georef.gcp_outside_image", core::validation::Severity::Warning,
            "/map/georeference/gcps/" + std::to_string(i),
            core::i18n::format(_("GCP {1} at pixel ({2}, {3}) lies outside the {4} x {5} image"),
                {std::to_string(g.id), gdal::formatNumber(g.pixel), gdal::formatNumber(g.line),
                    std::to_string(result.scan.width), std::to_string(result.scan.height)})});
    }
    if (outside == gcps.size()) {
        // Not one GCP on the image: a GCP file of another scan (issue 43 item 7), refused before anything is written.
        throw core::util::OperationError(context, "GCPs",
            core::i18n::format(P_("the {1} GCP lies outside the {2} x {3} image: the GCP file is for another scan (or another size of it)",
                                  "all {1} GCPs lie outside the {2} x {3} image: the GCP file is for another scan (or another size of it)",
                                  gcps.size()),
                {std::to_string(gcps.size()), std::to_string(result.scan.width), std::to_string(result.scan.height)}));
    }
    if (const std::optional<std::string> why = mirroredFit(result.fitPoints))
        throw core::util::OperationError(context, "GCPs", *why);
    result.fit = fitGcps(result.fitPoints, request.method, context);

    core::Georeference& geo = result.georeference;
    geo.gcpCrs = gcpCrs.empty() ? result.targetCrs : gcpCrs;
    geo.gcps = gcps;
    geo.method = request.method;
    geo.crs = result.targetCrs;
    geo.transform = result.fit.transform;
    geo.rmsMap = result.fit.rmsMap;
    geo.rmsPixels = result.fit.rmsPx;

    if (request.worldFile) {
        if (geo.transform.size() != 6 || request.method == core::GeoreferenceMethod::Poly2
            || request.method == core::GeoreferenceMethod::Poly3 || request.method == core::GeoreferenceMethod::Tps)
            throw core::util::OperationError(request.worldFile->string(), _("world file"),
                core::i18n::format(_("a world file holds an affine transform; {1} is not one: use affine, poly1 or helmert, "
                                     "or write the warped GeoTIFF (-o)"),
                    {core::toString(request.method)}));
        writeWorldFile(*request.worldFile, {geo.transform[0], geo.transform[1], geo.transform[2], geo.transform[3],
                                               geo.transform[4], geo.transform[5]});
        result.worldFile = request.worldFile->string();
    }
    if (request.outputTiff) {
        WarpRequest warp;
        warp.scan = request.scan;
        warp.georeference = geo;
        warp.output = *request.outputTiff;
        warp.resampling = request.resampling;
        warp.progress = request.progress;
        result.warp = warpToGeoTiff(warp);
    }
    return result;
}

FitFrame fitFrame(const core::Georeference& g, const std::string& workingCrs, const std::string& context)
{
    std::vector<core::Coordinate> map;
    std::vector<std::string> names;
    for (const core::Gcp& gcp : g.gcps) {
        map.push_back({gcp.mapX, gcp.mapY});
        names.push_back(core::i18n::format(_("GCP {1}"), {std::to_string(gcp.id)}));
    }
    // Values that do not fit their declared CRS (degrees labelled UTM, latitude and longitude swapped) are
    // refused here, naming the GCP, before they reach a fit that would otherwise "succeed" in the wrong place.
    if (!g.gcpCrs.empty())
        checkPointsFitCrs(g.gcpCrs, map, names, context);
    std::string target = !g.crs.empty() ? g.crs : !workingCrs.empty() ? workingCrs : std::string("auto");
    if (target == "auto")
        target = autoTargetCrs(g.gcpCrs, map, context);
    // GCPs without a CRS of their own are in the target: their numbers must fit it (degrees typed into a
    // projected fit would give an RMS in "metres" that are degrees).
    if (g.gcpCrs.empty())
        checkPointsFitCrs(target, map, names, context);
    FitFrame out;
    out.target = describeCrs(target, context);
    out.targetCrs = gdal::isLocalFrame(target) ? target : crsIdentifier(out.target); // "LOCAL:name" stays its name
    if (out.target.geographic)
        throw core::util::OperationError(context, _("target CRS"),
            core::i18n::format(_("{1} is geographic: a fit there would be in degrees, and an RMS in degrees means nothing "
                                 "on the table; choose a projected CRS in metres, or auto (the UTM zone of the GCPs)"),
                {target}));
    const bool same = g.gcpCrs.empty() || g.gcpCrs == target || g.gcpCrs == out.targetCrs;
    const std::vector<core::Coordinate> projected = same ? map : transformPoints(g.gcpCrs, out.targetCrs, map, context);
    for (std::size_t i = 0; i < g.gcps.size(); ++i) {
        const core::Gcp& gcp = g.gcps[i];
        out.points.push_back({gcp.id, gcp.pixel, gcp.line, projected[i].x, projected[i].y, gcp.enabled});
    }
    return out;
}

StoredFit fitStored(const core::Georeference& g, const std::string& workingCrs, const std::string& context)
{
    FitFrame frame = fitFrame(g, workingCrs, context);
    if (const std::optional<std::string> why = mirroredFit(frame.points))
        throw core::util::OperationError(context, "GCPs", *why);
    GcpFit fit = fitGcps(frame.points, g.method, context);
    return {std::move(frame), std::move(fit)};
}

void fitStoredGeoreference(core::Georeference& g)
{
    const StoredFit stored = fitStored(g, {});
    const FitFrame& frame = stored.frame;
    const GcpFit& fit = stored.fit;
    g.crs = frame.targetCrs; // auto resolved: the transform is in this CRS
    g.transform = fit.transform;
    g.rmsMap = fit.rmsMap;
    g.rmsPixels = fit.rmsPx;
}

core::document::Edit importGcps(const core::Scenario& scenario, const std::filesystem::path& points, const std::string& defaultCrs)
{
    const PointsFile file = readPointsFile(points);
    const SourceFrame frame; // a plain scan: pixel and negated line
    const std::vector<core::Gcp> gcps = toGcps(file, frame, points.string());
    const std::string crs = file.crs.empty() ? defaultCrs : file.crs;
    // Values that do not fit the CRS are refused whole, naming the GCP: nothing is imported.
    std::vector<core::Coordinate> map;
    std::vector<std::string> names;
    for (const core::Gcp& gcp : gcps) {
        map.push_back({gcp.mapX, gcp.mapY});
        names.push_back(core::i18n::format(_("GCP {1}"), {std::to_string(gcp.id)}));
    }
    checkPointsFitCrs(crs, map, names, points.string());
    return core::document::operations::setGcps(scenario, gcps, crs, fitStoredGeoreference);
}

core::document::operations::ScanToWorking scanToWorking(const core::Scenario& scenario, const std::string& context)
{
    if (!scenario.map || !scenario.map->georeference)
        throw core::util::OperationError(context, _("map"),
            _("the scan is not georeferenced yet: add its GCPs first (`map georef FILE --gcps FILE.points`, or the editor's Georeference pane)"));
    const core::Georeference& g = *scenario.map->georeference;
    const std::string working = scenario.settings.crs;
    const bool linear = g.method == core::GeoreferenceMethod::Affine || g.method == core::GeoreferenceMethod::Poly1
        || g.method == core::GeoreferenceMethod::Helmert;
    std::function<core::Coordinate(const core::Coordinate&)> fit;
    std::string fitCrs;
    if (linear && g.transform.size() == 6) {
        const std::vector<double> t = g.transform;
        fit = [t](const core::Coordinate& p) {
            return core::Coordinate{t[0] + p.x * t[1] + p.y * t[2], t[3] + p.x * t[4] + p.y * t[5]};
        };
        fitCrs = !g.crs.empty() ? g.crs : working;
    } else {
        FitFrame frame = fitFrame(g, working, context);
        auto transform = std::make_shared<const GcpTransform>(frame.points, g.method, context);
        fit = [transform](const core::Coordinate& p) { return transform->toMap(p.x, p.y); };
        fitCrs = frame.targetCrs;
    }
    if (working.empty() || fitCrs.empty() || fitCrs == working)
        return fit;
    return [fit, fitCrs, working, context](const core::Coordinate& p) {
        return transformPoints(fitCrs, working, {fit(p)}, context).front();
    };
}

} // namespace sandtable::geo
