// SPDX-License-Identifier: GPL-3.0-or-later
// inspectRaster: GDAL's view of a raster, including where its georeference came from.
#include "sandtable/geo/raster_info.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/geo/crs.hpp"

#include <cpl_conv.h>
#include <cpl_string.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <vector>

namespace sandtable::geo {

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
    gdal::Dataset dataset = gdal::openRaster(path);
    gdal::GdalErrorScope errors;
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
        const int maskFlags = GDALGetMaskFlags(band);
        if (maskFlags & GMF_ALPHA)
            info.alpha = true;
        info.mask = (maskFlags & GMF_ALL_VALID) ? "all-valid"
            : (maskFlags & GMF_NODATA)          ? "nodata"
            : (maskFlags & GMF_ALPHA)           ? "alpha"
            : (maskFlags & GMF_PER_DATASET)     ? "per-dataset"
                                                : "band";
    }
    for (int b = 1; b <= info.bands; ++b) {
        const GDALColorInterp interp = GDALGetRasterColorInterpretation(GDALGetRasterBand(ds, b));
        info.colourInterpretations.emplace_back(GDALGetColorInterpretationName(interp));
        if (interp == GCI_AlphaBand)
            info.alpha = true;
    }
    return info;
}

void checkRasterDecodes(const std::filesystem::path& path)
{
    gdal::Dataset dataset = gdal::openRaster(path);
    gdal::GdalErrorScope errors;
    GDALDatasetH ds = dataset.get();
    const int bands = GDALGetRasterCount(ds);
    if (bands == 0)
        return;
    // Largest side of the sample when there is no overview: enough to touch every strip or block row of a
    // scan without reading it whole.
    constexpr int kSampleSide = 1024;
    for (int b = 1; b <= bands; ++b) {
        GDALRasterBandH band = GDALGetRasterBand(ds, b);
        const int overviews = GDALGetOverviewCount(band);
        GDALRasterBandH source = overviews > 0 ? GDALGetOverview(band, overviews - 1) : band;
        const int w = GDALGetRasterBandXSize(source);
        const int h = GDALGetRasterBandYSize(source);
        const double shrink = std::max(1.0, static_cast<double>(std::max(w, h)) / kSampleSide);
        const int bw = std::max(1, static_cast<int>(w / shrink));
        const int bh = std::max(1, static_cast<int>(h / shrink));
        std::vector<std::uint8_t> buffer(static_cast<std::size_t>(bw) * static_cast<std::size_t>(bh));
        const CPLErr read = GDALRasterIO(source, GF_Read, 0, 0, w, h, buffer.data(), bw, bh, GDT_Byte, 0, 0);
        std::string damage;
        if (read != CE_None)
            damage = errors.reason(_("GDAL could not decode it"));
        for (const std::string& warning : errors.warnings())
            if (damage.empty() && (warning.find("libjpeg") != std::string::npos || warning.find("Premature end") != std::string::npos))
                damage = warning.substr(0, warning.find(" (this warning"));
        if (!damage.empty())
            throw core::util::FormatError(path.string(), _("image"),
                core::i18n::format(_("the image data is cut short or damaged ({1}): the file was not copied or saved whole; "
                                     "copy or export the scan again"),
                    {damage}));
    }
}

} // namespace sandtable::geo
