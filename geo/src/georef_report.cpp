// SPDX-License-Identifier: GPL-3.0-or-later
// A fit and its scan turned into the georeferencing report's content.
#include "sandtable/geo/georef_report.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/display_raster.hpp"

#include <algorithm>
#include <cmath>

namespace sandtable::geo {

core::GeorefReport georefReport(const std::filesystem::path& scan, const core::Georeference& georeference,
    const GcpFit& fit, const std::string& targetCrs)
{
    const std::string context = scan.string();
    if (fit.residuals.size() != georeference.gcps.size())
        throw core::util::OperationError(context, _("georeferencing report"),
            core::i18n::format(_("the fit has {1} residuals for {2} GCPs"),
                {std::to_string(fit.residuals.size()), std::to_string(georeference.gcps.size())}));
    core::GeorefReport report;
    report.scanName = scan.filename().string();
    report.method = fit.method;
    report.enabledCount = fit.enabledCount;
    report.minimum = fit.minimum;
    report.rmsMap = fit.rmsMap;
    report.meanErrorMap = fit.meanErrorMap;
    report.rmsPx = fit.rmsPx;
    for (std::size_t i = 0; i < fit.residuals.size(); ++i) {
        const GcpResidual& r = fit.residuals[i];
        const core::Gcp& g = georeference.gcps[i];
        if (r.id != g.id)
            throw core::util::OperationError(context, core::i18n::format(_("GCP {1}"), {std::to_string(g.id)}),
                core::i18n::format(_("the fit's residual {1} is of GCP {2}"), {std::to_string(i + 1), std::to_string(r.id)}));
        report.rows.push_back({g.id, g.enabled, g.pixel, g.line, g.mapX, g.mapY, r.dx, r.dy, r.residualMap, r.backPixel,
            r.backLine, r.residualPx});
    }
    if (!georeference.gcpCrs.empty()) {
        const CrsDescription gcpCrs = describeCrs(georeference.gcpCrs, context);
        // "EPSG:n", or the name when the CRS is WKT without a code (a WKT would not fit a line).
        report.gcpCrs = gcpCrs.epsg ? "EPSG:" + std::to_string(*gcpCrs.epsg) : gcpCrs.name;
        report.gcpCrsName = gcpCrs.name;
        report.gcpCrsEpsg = gcpCrs.epsg;
        report.gcpCrsGeographic = gcpCrs.geographic;
    }
    const CrsDescription target = describeCrs(targetCrs, context);
    report.targetCrs = target.epsg ? "EPSG:" + std::to_string(*target.epsg) : target.name;
    report.targetCrsName = target.name;
    report.targetCrsEpsg = target.epsg;
    report.targetUnit = target.linearUnit.empty() ? (target.geographic ? "degree" : "unit") : target.linearUnit;

    const DisplayRaster raster(scan);
    report.scanWidth = raster.width();
    report.scanHeight = raster.height();
    const int longest = std::max(raster.width(), raster.height());
    const double shrink = std::min(1.0, static_cast<double>(kGeorefReportPictureMaxSide) / longest);
    const int w = std::max(1, static_cast<int>(std::lround(raster.width() * shrink)));
    const int h = std::max(1, static_cast<int>(std::lround(raster.height() * shrink)));
    DisplayImage image = raster.read(0, 0, raster.width(), raster.height(), w, h);
    report.picture = core::GeorefReportPicture{image.width, image.height, std::move(image.rgba)};
    return report;
}

core::GeorefReport georefReport(const std::filesystem::path& scan, const GeorefResult& result)
{
    return georefReport(scan, result.georeference, result.fit, result.targetCrs);
}

} // namespace sandtable::geo
