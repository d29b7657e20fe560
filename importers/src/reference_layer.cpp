// SPDX-License-Identifier: GPL-3.0-or-later
// Reference layers: raster or vector, and their CRS (GDAL/OGR).
#include "sandtable/importers/reference_layer.hpp"

#include "gdal_support.hpp"
#include "sandtable/core/util/error.hpp"

#include <gdal.h>
#include <cpl_conv.h>
#include <ogr_srs_api.h>

namespace sandtable::importers {
namespace {

std::string crsText(OGRSpatialReferenceH srs)
{
    if (!srs)
        return {};
    const char* authority = OSRGetAuthorityName(srs, nullptr);
    const char* code = OSRGetAuthorityCode(srs, nullptr);
    if (authority && code && std::string(authority) == "EPSG")
        return std::string("EPSG:") + code;
    char* wkt = nullptr;
    const char* options[] = {"FORMAT=WKT2_2019", nullptr};
    if (OSRExportToWktEx(srs, &wkt, options) != OGRERR_NONE || !wkt) {
        CPLFree(wkt);
        return {};
    }
    std::string out = wkt;
    CPLFree(wkt);
    return out;
}

} // namespace

ReferenceLayerInfo inspectReferenceLayer(const std::filesystem::path& path)
{
    const std::string file = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw core::IoError(file, "", "no such file");
    detail::ensureGdalRegistered();
    detail::GdalErrorScope errors;
    detail::Dataset ds(GDALOpenEx(file.c_str(), GDAL_OF_RASTER | GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!ds)
        errors.raise(file, "", "GDAL reads it neither as a raster nor as a vector");
    ReferenceLayerInfo info;
    GDALDriverH driver = GDALGetDatasetDriver(ds.get());
    info.driver = driver ? GDALGetDriverShortName(driver) : "";
    if (GDALGetRasterCount(ds.get()) > 0) {
        info.kind = core::ReferenceKind::Raster;
        info.crs = crsText(GDALGetSpatialRef(ds.get()));
        if (info.crs.empty() && GDALGetGCPCount(ds.get()) > 0)
            info.crs = crsText(GDALGetGCPSpatialRef(ds.get()));
        const GDALDataType type = GDALGetRasterDataType(GDALGetRasterBand(ds.get(), 1));
        info.elevation = GDALGetRasterCount(ds.get()) == 1 && type != GDT_Byte
            && GDALGetRasterColorTable(GDALGetRasterBand(ds.get(), 1)) == nullptr;
    } else {
        info.kind = core::ReferenceKind::Vector;
        info.layers = GDALDatasetGetLayerCount(ds.get());
        if (info.layers == 0)
            throw core::FormatError(file, "", "the file holds no raster and no vector layer");
        if (info.driver == "OSM") {
            info.crs = "EPSG:4326"; // OpenStreetMap data is WGS 84 longitude/latitude by definition
        } else {
            for (int i = 0; i < info.layers && info.crs.empty(); ++i)
                info.crs = crsText(OGR_L_GetSpatialRef(GDALDatasetGetLayer(ds.get(), i)));
        }
    }
    if (info.crs.empty())
        throw core::OperationError(file, "CRS",
            "the layer names no CRS, so it cannot be drawn over the map: give it one (a .prj beside a shapefile, or "
            "'gdal_edit.py -a_srs EPSG:n' for a raster) and add it again");
    return info;
}

} // namespace sandtable::importers
