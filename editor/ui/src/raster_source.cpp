// SPDX-License-Identifier: GPL-3.0-or-later
// GDAL reading of map rasters for the canvas; GDAL's CPL errors are captured by one scoped handler.
#include "sandtable/editor/ui/raster_source.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <cpl_error.h>
#include <gdal_priv.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <string>

namespace sandtable::editor::ui {

namespace {

/// Silences GDAL's stderr output for its lifetime and keeps the last error message for our exceptions.
class ScopedCplErrors {
public:
    ScopedCplErrors()
    {
        CPLErrorReset();
        CPLPushErrorHandler(CPLQuietErrorHandler);
    }
    ~ScopedCplErrors() { CPLPopErrorHandler(); }
    ScopedCplErrors(const ScopedCplErrors&) = delete;
    ScopedCplErrors& operator=(const ScopedCplErrors&) = delete;

    static std::string lastMessage(const std::string& fallback)
    {
        const char* message = CPLGetLastErrorMsg();
        return message && *message ? core::i18n::format(translated("{1} (GDAL: {2})"), {fallback, message}) : fallback;
    }
};

std::once_flag g_registerDrivers;

} // namespace

struct RasterSource::Dataset {
    GDALDataset* handle = nullptr;
    struct BandInfo {
        int index = 0;
        double minimum = 0.0;
        double maximum = 255.0;
        bool isByte = true;
    };
    std::vector<BandInfo> colour; // 1 (grey or palette) or 3 (RGB) bands
    int alphaBand = 0;            // 0 = none
    std::optional<double> noData; // of a single grey band
    const GDALColorTable* palette = nullptr;

    ~Dataset()
    {
        if (handle)
            GDALClose(handle);
    }
};

RasterSource::RasterSource(const std::filesystem::path& path)
    : m_path(path)
    , m_dataset(std::make_unique<Dataset>())
{
    std::call_once(g_registerDrivers, [] { GDALAllRegister(); });
    ScopedCplErrors errors;
    m_dataset->handle = GDALDataset::Open(path.string().c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY);
    if (!m_dataset->handle)
        throw core::IoError(path.string(), translated("raster"), ScopedCplErrors::lastMessage(translated("GDAL cannot open it")));
    GDALDataset& ds = *m_dataset->handle;
    const int bands = ds.GetRasterCount();
    if (bands < 1)
        throw core::IoError(path.string(), translated("raster"), translated("has no raster band"));

    for (int i = 1; i <= bands; ++i)
        if (ds.GetRasterBand(i)->GetColorInterpretation() == GCI_AlphaBand)
            m_dataset->alphaBand = i;
    const int colourBands = std::min(bands - (m_dataset->alphaBand ? 1 : 0), 3) >= 3 ? 3 : 1;
    for (int i = 1, taken = 0; i <= bands && taken < colourBands; ++i) {
        if (i == m_dataset->alphaBand)
            continue;
        GDALRasterBand* band = ds.GetRasterBand(i);
        Dataset::BandInfo info{i, 0.0, 255.0, band->GetRasterDataType() == GDT_Byte};
        if (!info.isByte) {
            double minMax[2] = {0.0, 0.0};
            if (band->ComputeRasterMinMax(TRUE, minMax) == CE_None && minMax[1] > minMax[0]) {
                info.minimum = minMax[0];
                info.maximum = minMax[1];
            }
        }
        m_dataset->colour.push_back(info);
        ++taken;
    }
    GDALRasterBand* first = ds.GetRasterBand(m_dataset->colour.front().index);
    if (colourBands == 1) {
        if (first->GetColorInterpretation() == GCI_PaletteIndex)
            m_dataset->palette = first->GetColorTable();
        int hasNoData = FALSE;
        const double noData = first->GetNoDataValue(&hasNoData);
        if (hasNoData)
            m_dataset->noData = noData;
    }

    m_levels.push_back({ds.GetRasterXSize(), ds.GetRasterYSize()});
    for (int i = 0; i < first->GetOverviewCount(); ++i) {
        GDALRasterBand* overview = first->GetOverview(i);
        if (overview)
            m_levels.push_back({overview->GetXSize(), overview->GetYSize()});
    }

    double gt[6] = {0, 1, 0, 0, 0, 1};
    if (ds.GetGeoTransform(gt) == CE_None)
        m_geoTransform = Affine2D::fromGeoTransform({gt[0], gt[1], gt[2], gt[3], gt[4], gt[5]});
}

RasterSource::~RasterSource() = default;

wxImage RasterSource::readTile(const TileKey& key) const
{
    if (key.level < 0 || key.level >= static_cast<int>(m_levels.size()))
        throw core::IoError(m_path.string(), translated("raster"), core::i18n::format(translated("no resolution level {1}"), {std::to_string(key.level)}));
    const TileRect rect = tileRect(m_levels[static_cast<std::size_t>(key.level)], key);
    if (rect.width <= 0 || rect.height <= 0)
        throw core::IoError(m_path.string(), translated("raster"), translated("tile outside the image"));
    ScopedCplErrors errors;
    GDALDataset& ds = *m_dataset->handle;
    auto bandAt = [&](int index) -> GDALRasterBand* {
        GDALRasterBand* band = ds.GetRasterBand(index);
        return key.level == 0 ? band : band->GetOverview(key.level - 1);
    };
    const std::size_t pixels = static_cast<std::size_t>(rect.width) * static_cast<std::size_t>(rect.height);
    std::vector<double> values(pixels);
    auto readBand = [&](int index) {
        GDALRasterBand* band = bandAt(index);
        if (!band || band->RasterIO(GF_Read, rect.x, rect.y, rect.width, rect.height, values.data(), rect.width,
                         rect.height, GDT_Float64, 0, 0, nullptr) != CE_None)
            throw core::IoError(m_path.string(), translated("raster"),
                ScopedCplErrors::lastMessage(core::i18n::format(translated("cannot read band {1}"), {std::to_string(index)})));
    };

    wxImage image(rect.width, rect.height, false);
    unsigned char* rgb = image.GetData();
    const auto& colour = m_dataset->colour;
    auto toByte = [](const Dataset::BandInfo& info, double v) {
        if (info.isByte)
            return static_cast<unsigned char>(std::clamp(v, 0.0, 255.0));
        const double t = (v - info.minimum) / (info.maximum - info.minimum);
        return static_cast<unsigned char>(std::lround(std::clamp(t, 0.0, 1.0) * 255.0));
    };
    bool transparentPixels = false;
    std::vector<unsigned char> alpha;
    if (colour.size() == 3) {
        for (std::size_t c = 0; c < 3; ++c) {
            readBand(colour[c].index);
            for (std::size_t i = 0; i < pixels; ++i)
                rgb[i * 3 + c] = toByte(colour[c], values[i]);
        }
    } else {
        readBand(colour.front().index);
        const GDALColorTable* palette = m_dataset->palette;
        alpha.assign(pixels, 255);
        for (std::size_t i = 0; i < pixels; ++i) {
            const double v = values[i];
            if (m_dataset->noData && v == *m_dataset->noData) {
                alpha[i] = 0;
                transparentPixels = true;
            }
            if (palette) {
                const GDALColorEntry* entry = palette->GetColorEntry(static_cast<int>(v));
                if (entry) {
                    rgb[i * 3] = static_cast<unsigned char>(entry->c1);
                    rgb[i * 3 + 1] = static_cast<unsigned char>(entry->c2);
                    rgb[i * 3 + 2] = static_cast<unsigned char>(entry->c3);
                    if (entry->c4 < 255) {
                        alpha[i] = std::min(alpha[i], static_cast<unsigned char>(entry->c4));
                        transparentPixels = true;
                    }
                    continue;
                }
            }
            const unsigned char grey = toByte(colour.front(), v);
            rgb[i * 3] = rgb[i * 3 + 1] = rgb[i * 3 + 2] = grey;
        }
    }
    if (m_dataset->alphaBand) {
        readBand(m_dataset->alphaBand);
        alpha.resize(pixels);
        for (std::size_t i = 0; i < pixels; ++i)
            alpha[i] = static_cast<unsigned char>(std::clamp(values[i], 0.0, 255.0));
        transparentPixels = true;
    }
    if (transparentPixels) {
        image.SetAlpha();
        std::memcpy(image.GetAlpha(), alpha.data(), pixels);
    }
    return image;
}

} // namespace sandtable::editor::ui
