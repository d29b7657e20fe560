// SPDX-License-Identifier: GPL-3.0-or-later
// CRS descriptions, UTM zone choice and point transformation through OSR.
#include "sandtable/geo/crs.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cpl_conv.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <cmath>

namespace sandtable::geo {
using gdal::GdalErrorScope;

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
    gdal::Srs srs = gdal::makeSrs(crs, context);
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

bool usableWorkingCrs(const CrsDescription& crs)
{
    const bool webMercator = (crs.epsg && (*crs.epsg == 3857 || *crs.epsg == 3395 || *crs.epsg == 900913 || *crs.epsg == 3785))
        || crs.name.find("Pseudo-Mercator") != std::string::npos || crs.name.find("Popular Visualisation") != std::string::npos;
    return crs.projected && crs.epsg && std::abs(crs.metresPerUnit - 1.0) < 1e-12 && !webMercator;
}

std::string crsIdentifier(const CrsDescription& crs)
{
    return crs.epsg ? "EPSG:" + std::to_string(*crs.epsg) : crs.wkt;
}

std::vector<core::Coordinate> transformPoints(const std::string& fromCrs, const std::string& toCrs,
    const std::vector<core::Coordinate>& points, const std::string& context)
{
    gdal::Srs from = gdal::makeSrs(fromCrs, context);
    gdal::Srs to = gdal::makeSrs(toCrs, context);
    GdalErrorScope errors;
    OGRCoordinateTransformationH transform = OCTNewCoordinateTransformation(from.get(), to.get());
    if (!transform)
        throw core::util::OperationError(context, "CRS",
            errors.reason(core::i18n::format(_("no transformation from {1} to {2}"), {fromCrs, toCrs})));
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
            throw core::util::OperationError(context, core::i18n::format(_("point {1}"), {std::to_string(i + 1)}),
                errors.reason(core::i18n::format(_("cannot transform ({1}, {2}) from {3} to {4}"),
                    {gdal::formatNumber(points[i].x), gdal::formatNumber(points[i].y), fromCrs, toCrs})));
        out[i] = {xs[i], ys[i]};
    }
    return out;
}

std::string utmCrsForCentre(const std::string& crs, const std::vector<core::Coordinate>& points,
    const std::string& context)
{
    if (points.empty())
        throw core::util::OperationError(context, "CRS", _("no points to choose a UTM zone from"));
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
        throw core::util::OperationError(context, "CRS",
            core::i18n::format(_("the centre of the data, ({1}, {2}) in {3}, is not on the globe (longitude {4}, latitude "
                                 "{5}): the coordinates do not fit the CRS, so no UTM zone can be chosen"),
                {gdal::formatNumber(centre.x), gdal::formatNumber(centre.y), crs, gdal::formatNumber(lonLat.x),
                    gdal::formatNumber(lonLat.y)}));
    // Zones are 6 degrees wide from 180 W; a longitude of exactly 180 belongs to zone 60.
    const int zone = std::clamp(static_cast<int>(std::floor((lonLat.x + 180.0) / 6.0)) + 1, 1, 60);
    return "EPSG:" + std::to_string((lonLat.y >= 0.0 ? 32600 : 32700) + zone);
}

namespace {

/// The CRS's area of use in degrees (west, south, east, north); nullopt when OSR knows none.
struct AreaOfUse {
    double west = -180.0, south = -90.0, east = 180.0, north = 90.0;
    std::string name;
    bool contains(core::Coordinate lonLat, double margin) const
    {
        if (lonLat.y < south - margin || lonLat.y > north + margin)
            return false;
        double lon = lonLat.x > 180.0 ? lonLat.x - 360.0 : lonLat.x;
        if (west <= east)
            return lon >= west - margin && lon <= east + margin;
        return lon >= west - margin || lon <= east + margin; // the area crosses the antimeridian
    }
};

std::optional<AreaOfUse> areaOfUse(OGRSpatialReferenceH srs)
{
    AreaOfUse area;
    const char* name = nullptr;
    if (!OSRGetAreaOfUse(srs, &area.west, &area.south, &area.east, &area.north, &name) || area.west < -1000.0)
        return std::nullopt;
    area.name = name ? name : "";
    return area;
}

std::string pair(core::Coordinate p)
{
    std::string out = "(";
    out += gdal::formatNumber(p.x);
    out += ", ";
    out += gdal::formatNumber(p.y);
    out += ')';
    return out;
}

bool onGlobe(core::Coordinate lonLat)
{
    return lonLat.x >= -180.0 && lonLat.x <= 360.0 && lonLat.y >= -90.0 && lonLat.y <= 90.0;
}

std::string describeArea(const AreaOfUse& a)
{
    const std::string west = gdal::formatNumber(a.west), east = gdal::formatNumber(a.east);
    const std::string south = gdal::formatNumber(a.south), north = gdal::formatNumber(a.north);
    if (a.name.empty())
        return core::i18n::format(_("its area of use, longitude {1} to {2}, latitude {3} to {4}"), {west, east, south, north});
    return core::i18n::format(_("its area of use ({1}), longitude {2} to {3}, latitude {4} to {5}"),
        {a.name, west, east, south, north});
}

} // namespace

namespace {

/// crsMisfit's work for one CRS, set up once for many points (one OSR transformation to WGS 84).
class CrsFit {
public:
    CrsFit(const std::string& crs, const std::string& context)
        : m_description(describeCrs(crs, context)), m_srs(gdal::makeSrs(crs, context))
    {
        m_label = m_description.name.empty() ? crs : crs + " (" + m_description.name + ")";
        m_area = areaOfUse(m_srs.get());
        if (m_description.projected) {
            gdal::Srs wgs84 = gdal::makeSrs("EPSG:4326", context);
            GdalErrorScope errors;
            m_toLonLat = OCTNewCoordinateTransformation(m_srs.get(), wgs84.get());
        }
    }
    ~CrsFit()
    {
        if (m_toLonLat)
            OCTDestroyCoordinateTransformation(m_toLonLat);
    }
    CrsFit(const CrsFit&) = delete;
    CrsFit& operator=(const CrsFit&) = delete;

    std::optional<std::string> misfit(core::Coordinate point) const
    {
        constexpr double kMargin = 2.0; // degrees around the EPSG area of use
        if (m_description.local || (!m_description.geographic && !m_description.projected))
            return std::nullopt;
        const core::Coordinate swapped{point.y, point.x};
        if (m_description.geographic) {
            const auto fits = [&](core::Coordinate p) { return onGlobe(p) && (!m_area || m_area->contains(p, kMargin)); };
            if (fits(point))
                return std::nullopt;
            if (fits(swapped))
                return core::i18n::format(_("{1} does not fit {2} (longitude, latitude): x and y look swapped; x is "
                                            "the longitude (east-west), y the latitude (north-south)"),
                    {pair(point), m_label});
            if (!onGlobe(point))
                return core::i18n::format(_("{1} is not longitude/latitude in degrees (latitude is within -90 to 90, "
                                            "longitude within -180 to 180): the numbers look like projected coordinates; "
                                            "give their CRS (e.g. the UTM zone's EPSG code)"),
                    {pair(point)});
            return core::i18n::format(_("{1} lies outside {2} of {3}"), {pair(point), describeArea(*m_area), m_label});
        }
        const auto fits = [&](core::Coordinate p) {
            const std::optional<core::Coordinate> ll = lonLatOf(p);
            if (!ll)
                return false;
            const bool degreeLike = std::abs(p.x) <= 180.0 && std::abs(p.y) <= 90.0;
            return !m_area || m_area->contains(*ll, degreeLike ? 0.0 : kMargin);
        };
        if (fits(point))
            return std::nullopt;
        if (std::abs(point.x) <= 180.0 && std::abs(point.y) <= 90.0)
            return core::i18n::format(
                _("{1} does not fit {2}: the numbers look like longitude/latitude degrees; declare their CRS as EPSG:4326"),
                {pair(point), m_label});
        if (fits(swapped))
            return core::i18n::format(_("{1} does not fit {2}: x and y look swapped; x is the easting, y the northing"),
                {pair(point), m_label});
        const std::optional<core::Coordinate> ll = lonLatOf(point);
        if (!ll)
            return core::i18n::format(_("{1} is not a place in {2}: it falls off the globe"), {pair(point), m_label});
        return core::i18n::format(
            _("{1} in {2} is at longitude {3}, latitude {4}, outside {5}: the coordinates do not fit the CRS"),
            {pair(point), m_label, gdal::formatNumber(ll->x), gdal::formatNumber(ll->y), describeArea(*m_area)});
    }

private:
    std::optional<core::Coordinate> lonLatOf(core::Coordinate p) const
    {
        if (!m_toLonLat)
            return std::nullopt;
        double x = p.x, y = p.y;
        int ok = FALSE;
        GdalErrorScope errors;
        if (!OCTTransformEx(m_toLonLat, 1, &x, &y, nullptr, &ok) || !ok || !std::isfinite(x) || !std::isfinite(y))
            return std::nullopt;
        const core::Coordinate ll{x, y};
        return onGlobe(ll) ? std::optional<core::Coordinate>(ll) : std::nullopt;
    }

    CrsDescription m_description;
    gdal::Srs m_srs;
    std::string m_label;
    std::optional<AreaOfUse> m_area;
    OGRCoordinateTransformationH m_toLonLat = nullptr;
};

} // namespace

std::optional<std::string> crsMisfit(const std::string& crs, core::Coordinate point, const std::string& context)
{
    return CrsFit(crs, context).misfit(point);
}

void checkPointsFitCrs(const std::string& crs, const std::vector<core::Coordinate>& points,
    const std::vector<std::string>& names, const std::string& context)
{
    const CrsFit fit(crs, context);
    for (std::size_t i = 0; i < points.size(); ++i)
        if (const std::optional<std::string> why = fit.misfit(points[i]))
            throw core::util::OperationError(context, i < names.size() ? names[i] : core::i18n::format(_("point {1}"), {std::to_string(i + 1)}), *why);
}

} // namespace sandtable::geo
