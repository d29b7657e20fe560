// SPDX-License-Identifier: GPL-3.0-or-later
// inspectRaster: GDAL's view of a raster, including where its georeference came from.
#include "sandtable/importers/raster_info.hpp"

#include "gdal_support.hpp"
#include "sandtable/importers/crs.hpp"

#include <cpl_conv.h>
#include <cpl_string.h>

#include <algorithm>
#include <cctype>

namespace sandtable::importers {

const char* toString(GeoreferenceKind kind)
{
    switch (kind) {
    case GeoreferenceKind::Geotransform: return "geotransform";
    case GeoreferenceKind::Gcps: return "gcps";
    case GeoreferenceKind::WorldFile: return "worldfile";
    case GeoreferenceKind::None: return "none";
    }
    return "none";
}

bool isWorldFileName(const std::filesystem::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".wld")
        return true;
    // ESRI's convention: first and last letter of the raster's extension + "w" (.tfw, .jgw, .pgw), or the
    // whole extension + "w" (.tifw, .jpgw, .pngw).
    static const char* const known[] = {".tfw", ".tifw", ".tiffw", ".jgw", ".jpgw", ".jpegw", ".pgw", ".pngw", ".gfw",
        ".gifw", ".bpw", ".bmpw", ".j2w", ".jp2w", ".bqw", ".sdw", ".rsw", ".blw"};
    return std::find(std::begin(known), std::end(known), ext) != std::end(known);
}

RasterInfo inspectRaster(const std::filesystem::path& path)
{
    detail::Dataset dataset = detail::openRaster(path);
    detail::GdalErrorScope errors;
    GDALDatasetH ds = dataset.get();
    RasterInfo info;
    info.path = path.string();
    if (GDALDriverH driver = GDALGetDatasetDriver(ds))
        info.driver = GDALGetDriverShortName(driver);
    info.width = GDALGetRasterXSize(ds);
    info.height = GDALGetRasterYSize(ds);
    info.bands = GDALGetRasterCount(ds);

    char** files = GDALGetFileList(ds);
    for (char** f = files; f && *f; ++f)
        info.files.emplace_back(*f);
    CSLDestroy(files);

    std::array<double, 6> gt{};
    const bool hasGeotransform = GDALGetGeoTransform(ds, gt.data()) == CE_None;
    info.gcpCount = GDALGetGCPCount(ds);
    std::string crsText;
    if (hasGeotransform) {
        info.geotransform = gt;
        info.rotated = gt[2] != 0.0 || gt[4] != 0.0;
        info.southUp = gt[5] > 0.0;
        info.georeference = GeoreferenceKind::Geotransform;
        for (const auto& f : info.files)
            if (isWorldFileName(f)) {
                info.georeference = GeoreferenceKind::WorldFile;
                info.worldFile = f;
            }
        if (OGRSpatialReferenceH srs = GDALGetSpatialRef(ds)) {
            char* wkt = nullptr;
            if (OSRExportToWkt(srs, &wkt) == OGRERR_NONE && wkt)
                crsText = wkt;
            CPLFree(wkt);
        }
    } else if (info.gcpCount > 0) {
        info.georeference = GeoreferenceKind::Gcps;
        if (OGRSpatialReferenceH srs = GDALGetGCPSpatialRef(ds)) {
            char* wkt = nullptr;
            if (OSRExportToWkt(srs, &wkt) == OGRERR_NONE && wkt)
                crsText = wkt;
            CPLFree(wkt);
        }
    }
    if (!crsText.empty()) {
        const CrsDescription crs = describeCrs(crsText, info.path);
        info.crsWkt = crs.wkt;
        info.epsg = crs.epsg;
        info.crsName = crs.name;
        info.linearUnit = crs.linearUnit;
        info.geographic = crs.geographic;
    }
    if (const char* point = GDALGetMetadataItem(ds, "AREA_OR_POINT", nullptr))
        info.pixelIsPoint = EQUAL(point, "Point");

    if (info.bands > 0) {
        GDALRasterBandH band = GDALGetRasterBand(ds, 1);
        info.dataType = GDALGetDataTypeName(GDALGetRasterDataType(band));
        if (GDALColorTableH table = GDALGetRasterColorTable(band)) {
            info.palette = true;
            info.paletteEntries = GDALGetColorEntryCount(table);
        }
        int hasNodata = FALSE;
        const double nodata = GDALGetRasterNoDataValue(band, &hasNodata);
        if (hasNodata)
            info.nodata = nodata;
        const int overviews = GDALGetOverviewCount(band);
        for (int i = 0; i < overviews; ++i) {
            GDALRasterBandH overview = GDALGetOverview(band, i);
            info.overviews.push_back({GDALGetRasterBandXSize(overview), GDALGetRasterBandYSize(overview)});
        }
        if (overviews > 0) {
            const bool external = std::any_of(info.files.begin(), info.files.end(), [](const std::string& f) {
                const auto ext = std::filesystem::path(f).extension().string();
                return ext == ".ovr" || ext == ".OVR";
            });
            info.overviewStorage = external ? "external" : "internal";
        }
        if (GDALGetMaskFlags(band) & GMF_ALPHA)
            info.alpha = true;
    }
    for (int b = 1; b <= info.bands; ++b) {
        const GDALColorInterp interp = GDALGetRasterColorInterpretation(GDALGetRasterBand(ds, b));
        info.colourInterpretations.emplace_back(GDALGetColorInterpretationName(interp));
        if (interp == GCI_AlphaBand)
            info.alpha = true;
    }
    return info;
}

} // namespace sandtable::importers
