// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture rasters for the geo, vassal and importers tests, written with GDAL's C API.
#include "support/raster_fixtures.hpp"

#include <boost/test/unit_test.hpp>

#include <gdal.h>
#include <ogr_srs_api.h>

#include <vector>

namespace sandtable::test {

void writeRaster(const std::filesystem::path& path, const std::string& driver, int width, int height, int bands,
    const std::optional<std::array<double, 6>>& geotransform, const std::string& crs, bool pixelIsPoint)
{
    GDALAllRegister();
    GDALDatasetH mem = GDALCreate(GDALGetDriverByName("MEM"), "", width, height, bands, GDT_Byte, nullptr);
    BOOST_REQUIRE(mem);
    std::vector<unsigned char> row(static_cast<std::size_t>(width));
    for (int b = 1; b <= bands; ++b)
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x)
                row[static_cast<std::size_t>(x)] = static_cast<unsigned char>(1 + (x * 7 + y * 3 + b * 50) % 250);
            BOOST_REQUIRE(GDALRasterIO(GDALGetRasterBand(mem, b), GF_Write, 0, y, width, 1, row.data(), width, 1, GDT_Byte, 0, 0) == CE_None);
        }
    if (geotransform) {
        std::array<double, 6> gt = *geotransform;
        GDALSetGeoTransform(mem, gt.data());
    }
    if (!crs.empty()) {
        OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
        BOOST_REQUIRE(OSRSetFromUserInput(srs, crs.c_str()) == OGRERR_NONE);
        GDALSetSpatialRef(mem, srs);
        OSRRelease(srs);
    }
    if (pixelIsPoint)
        GDALSetMetadataItem(mem, "AREA_OR_POINT", "Point", nullptr);
    GDALDatasetH out = GDALCreateCopy(GDALGetDriverByName(driver.c_str()), path.c_str(), mem, FALSE, nullptr, nullptr, nullptr);
    BOOST_REQUIRE_MESSAGE(out, "cannot write fixture " << path);
    GDALClose(out);
    GDALClose(mem);
    // Drivers such as JPEG write their own .aux.xml / world file only when asked; remove PAM sidecars so a
    // test sees exactly the files it made.
    std::error_code ignored;
    std::filesystem::remove(path.string() + ".aux.xml", ignored);
}

double readPixel(const std::filesystem::path& path, int band, int pixel, int line)
{
    GDALAllRegister();
    GDALDatasetH ds = GDALOpen(path.c_str(), GA_ReadOnly);
    BOOST_REQUIRE(ds);
    double value = 0.0;
    const CPLErr status = GDALRasterIO(GDALGetRasterBand(ds, band), GF_Read, pixel, line, 1, 1, &value, 1, 1, GDT_Float64, 0, 0);
    GDALClose(ds);
    BOOST_REQUIRE(status == CE_None);
    return value;
}

} // namespace sandtable::test
