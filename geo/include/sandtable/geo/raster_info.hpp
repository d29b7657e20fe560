// SPDX-License-Identifier: GPL-3.0-or-later
// What GDAL sees in a raster: size, bands, georeference (geotransform, GCPs, world file), CRS, overviews.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// How a raster is placed on the ground.
enum class GeoreferenceKind {
    Geotransform, ///< an affine geotransform stored in the file (or its .aux.xml)
    Gcps,         ///< ground control points only, no geotransform
    WorldFile,    ///< an affine geotransform read from a world file (.wld, .tfw, .jgw, .jpgw, ...)
    None          ///< a plain scan
};
/// "geotransform", "gcps", "worldfile", "none" (cli.md).
const char* toString(GeoreferenceKind kind);

/// One overview level.
struct OverviewInfo {
    int width = 0;  ///< pixels
    int height = 0; ///< pixels
};

/// The report of `sandtable raster info`. Pixel (0,0) is the top-left corner of the top-left pixel.
struct RasterInfo {
    std::string path;
    std::string driver;                 ///< GDAL short name, e.g. "GTiff", "JPEG"
    int width = 0;                      ///< pixels
    int height = 0;                     ///< pixels (lines)
    int bands = 0;
    std::string dataType;               ///< of band 1, GDAL's name: "Byte", "UInt16", "Float32", ...
    std::vector<std::string> colourInterpretations; ///< per band: "Red", "Gray", "Palette", "Alpha", ...
    GeoreferenceKind georeference = GeoreferenceKind::None;
    std::string worldFile;              ///< the world file GDAL read, when georeference == WorldFile
    std::optional<std::array<double, 6>> geotransform; ///< GDAL order: x0, dx/dpixel, dx/dline, y0, dy/dpixel, dy/dline
    bool rotated = false;               ///< geotransform has rotation/shear terms
    bool southUp = false;               ///< geotransform's dy/dline > 0
    bool pixelIsPoint = false;          ///< GeoTIFF AREA_OR_POINT=Point (GDAL already shifted the geotransform)
    std::string crsWkt;                 ///< WKT2 of the CRS (of the GCPs for GCP rasters); empty when none
    std::optional<int> epsg;
    std::string crsName;
    std::string linearUnit;             ///< e.g. "metre", "US survey foot"; empty when no CRS or geographic
    bool geographic = false;
    int gcpCount = 0;
    bool palette = false;
    int paletteEntries = 0;
    std::optional<double> nodata;       ///< of band 1
    bool alpha = false;                 ///< an alpha band or a per-dataset alpha mask
    /// Band 1's mask as GDAL gives it (GDALGetMaskFlags): "all-valid" (no mask), "nodata" (from the nodata
    /// value), "alpha" (from an alpha band), "per-dataset" (a mask band shared by every band: an internal
    /// TIFF mask or a .msk file), "band" (a mask of its own).
    std::string mask;
    std::vector<OverviewInfo> overviews;///< of band 1, largest first
    std::string overviewStorage;        ///< "internal", "external" or "" when there are none
    std::vector<std::string> files;     ///< every file GDAL read for this raster (main file first)
};

/// Decodes the whole image once, cheaply: every band of the smallest overview (JPEG's own 1/8 scale decode
/// reads every block's data), or the image sampled to at most 1024 pixels a side when it has no overview.
/// Throws core::util::FormatError(path, "image", reason) when the data is cut short or damaged (a truncated JPEG
/// makes libjpeg warn "Premature end of JPEG file", which GDAL only reports as a warning), core::util::IoError
/// when it cannot be read.
void checkRasterDecodes(const std::filesystem::path& path);

/// Opens `path` with GDAL and describes it. Throws core::util::IoError when the file is missing or unreadable,
/// core::util::FormatError when GDAL does not recognise it or it is corrupt.
RasterInfo inspectRaster(const std::filesystem::path& path);

/// True when the file name ends like a world file: .wld, .tfw, .tifw, .jgw, .jpgw, .pgw, .pngw, .gfw, ...
bool isWorldFileName(const std::filesystem::path& path);

} // namespace sandtable::geo
