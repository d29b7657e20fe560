// SPDX-License-Identifier: GPL-3.0-or-later
// CRS descriptions, UTM zone choice and point transformation through OSR.
#include "sandtable/importers/crs.hpp"

#include "gdal_support.hpp"

#include <cpl_conv.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <cmath>

namespace sandtable::importers {
using detail::GdalErrorScope;

namespace {

std::optional<int> epsgOf(OGRSpatialReferenceH srs)
{
    const char* authority = OSRGetAuthorityName(srs, nullptr);
    const char* code = OSRGetAuthorityCode(srs, nullptr);
    if (authority && code && std::string(authority) == "EPSG")
        return std::atoi(code);
    // A WKT without an AUTHORITY node: ask OSR for a match it is sure of.
    int count = 0;
    int* confidences = nullptr;
    OGRSpatialReferenceH* matches = OSRFindMatches(srs, nullptr, &count, &confidences);
    std::optional<int> found;
    for (int i = 0; i < count && !found; ++i) {
        if (confidences[i] < 100)
            continue;
        const char* a = OSRGetAuthorityName(matches[i], nullptr);
        const char* c = OSRGetAuthorityCode(matches[i], nullptr);
        if (a && c && std::string(a) == "EPSG")
            found = std::atoi(c);
    }
    OSRFreeSRSArray(matches);
    CPLFree(confidences);
    return found;
}

} // namespace

CrsDescription describeCrs(const std::string& crs, const std::string& context)
{
    detail::Srs srs = detail::makeSrs(crs, context);
    GdalErrorScope errors;
    CrsDescription out;
    char* wkt = nullptr;
    const char* options[] = {"FORMAT=WKT2_2019", nullptr};
    if (OSRExportToWktEx(srs.get(), &wkt, options) == OGRERR_NONE && wkt)
        out.wkt = wkt;
    CPLFree(wkt);
    out.epsg = epsgOf(srs.get());
    out.geographic = OSRIsGeographic(srs.get()) != 0;
    out.projected = OSRIsProjected(srs.get()) != 0;
    out.local = OSRIsLocal(srs.get()) != 0;
    if (const char* name = OSRGetName(srs.get()))
        out.name = name;
    if (!out.geographic) {
        char* unit = nullptr;
        out.metresPerUnit = OSRGetLinearUnits(srs.get(), &unit);
        out.linearUnit = unit ? unit : "";
    }
    return out;
}

std::string crsIdentifier(const CrsDescription& crs)
{
    return crs.epsg ? "EPSG:" + std::to_string(*crs.epsg) : crs.wkt;
}

std::vector<core::Coordinate> transformPoints(const std::string& fromCrs, const std::string& toCrs,
    const std::vector<core::Coordinate>& points, const std::string& context)
{
    detail::Srs from = detail::makeSrs(fromCrs, context);
    detail::Srs to = detail::makeSrs(toCrs, context);
    GdalErrorScope errors;
    OGRCoordinateTransformationH transform = OCTNewCoordinateTransformation(from.get(), to.get());
    if (!transform)
        throw core::OperationError(context, "CRS",
            errors.reason("no transformation from " + fromCrs + " to " + toCrs));
    std::vector<core::Coordinate> out = points;
    std::vector<double> xs, ys;
    std::vector<int> ok(points.size(), FALSE);
    for (const auto& p : points) {
        xs.push_back(p.x);
        ys.push_back(p.y);
    }
    const bool all = points.empty()
        || OCTTransformEx(transform, static_cast<int>(points.size()), xs.data(), ys.data(), nullptr, ok.data());
    OCTDestroyCoordinateTransformation(transform);
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!all || !ok[i] || !std::isfinite(xs[i]) || !std::isfinite(ys[i]))
            throw core::OperationError(context, "point " + std::to_string(i + 1),
                errors.reason("cannot transform (" + detail::formatNumber(points[i].x) + ", "
                    + detail::formatNumber(points[i].y) + ") from " + fromCrs + " to " + toCrs));
        out[i] = {xs[i], ys[i]};
    }
    return out;
}

std::string utmCrsForCentre(const std::string& crs, const std::vector<core::Coordinate>& points,
    const std::string& context)
{
    if (points.empty())
        throw core::OperationError(context, "CRS", "no points to choose a UTM zone from");
    double minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY;
    for (const auto& p : points) {
        minX = std::min(minX, p.x);
        maxX = std::max(maxX, p.x);
        minY = std::min(minY, p.y);
        maxY = std::max(maxY, p.y);
    }
    const core::Coordinate centre{(minX + maxX) / 2.0, (minY + maxY) / 2.0};
    const core::Coordinate lonLat = transformPoints(crs, "EPSG:4326", {centre}, context).front();
    // Coordinates that do not fit their CRS (metres read as degrees, say) land off the globe: no zone.
    if (!(std::abs(lonLat.x) <= 180.0) || !(std::abs(lonLat.y) <= 90.0))
        throw core::OperationError(context, "CRS",
            "the centre of the data, (" + detail::formatNumber(centre.x) + ", " + detail::formatNumber(centre.y) + ") in "
                + crs + ", is not on the globe (longitude " + detail::formatNumber(lonLat.x) + ", latitude "
                + detail::formatNumber(lonLat.y) + "): the coordinates do not fit the CRS, so no UTM zone can be chosen");
    // Zones are 6 degrees wide from 180 W; a longitude of exactly 180 belongs to zone 60.
    const int zone = std::clamp(static_cast<int>(std::floor((lonLat.x + 180.0) / 6.0)) + 1, 1, 60);
    return "EPSG:" + std::to_string((lonLat.y >= 0.0 ? 32600 : 32700) + zone);
}

} // namespace sandtable::importers
