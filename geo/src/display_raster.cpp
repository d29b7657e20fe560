// SPDX-License-Identifier: GPL-3.0-or-later
// DisplayRaster: any GDAL raster as 8-bit RGBA (palette, stretch, nodata, alpha, overviews).
#include "sandtable/geo/display_raster.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace sandtable::geo {
namespace {

using gdal::Dataset;
using gdal::GdalErrorScope;

constexpr double kPercentileSamplePixels = 4.0 * 1024 * 1024;

/// The largest band to compute percentiles on: the band itself when small, else its largest overview
/// under kPercentileSamplePixels; nullptr (read decimated instead) when there is none.
GDALRasterBandH sampleBandOf(GDALRasterBandH band)
{
    if (static_cast<double>(GDALGetRasterBandXSize(band)) * GDALGetRasterBandYSize(band) <= kPercentileSamplePixels)
        return band;
    for (int i = 0; i < GDALGetOverviewCount(band); ++i) {
        GDALRasterBandH o = GDALGetOverview(band, i);
        if (o && static_cast<double>(GDALGetRasterBandXSize(o)) * GDALGetRasterBandYSize(o) <= kPercentileSamplePixels)
            return o;
    }
    return nullptr;
}

/// 2 % and 98 % percentiles of the valid values of `band` (DisplayStretch's definition).
std::pair<double, double> percentilesOf(GDALRasterBandH band, const std::string& file)
{
    GDALRasterBandH sample = sampleBandOf(band);
    int w = 0, h = 0;
    if (sample) {
        w = GDALGetRasterBandXSize(sample);
        h = GDALGetRasterBandYSize(sample);
    } else {
        sample = band;
        const double f = std::max(GDALGetRasterBandXSize(band), GDALGetRasterBandYSize(band)) / 2048.0;
        w = std::max(1, static_cast<int>(GDALGetRasterBandXSize(band) / f));
        h = std::max(1, static_cast<int>(GDALGetRasterBandYSize(band) / f));
    }
    std::vector<double> values(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    GdalErrorScope errors;
    if (GDALRasterIO(sample, GF_Read, 0, 0, GDALGetRasterBandXSize(sample), GDALGetRasterBandYSize(sample), values.data(), w, h,
            GDT_Float64, 0, 0) != CE_None)
        errors.raise(file, "band " + std::to_string(GDALGetBandNumber(band)), _("cannot read the pixels"));
    int hasNodata = FALSE;
    const double nodata = GDALGetRasterNoDataValue(band, &hasNodata);
    std::erase_if(values, [&](double v) { return !std::isfinite(v) || (hasNodata && v == nodata); });
    if (values.empty())
        return {0.0, 0.0};
    std::sort(values.begin(), values.end());
    const double last = static_cast<double>(values.size() - 1);
    return {values[static_cast<std::size_t>(std::floor(0.02 * last))], values[static_cast<std::size_t>(std::ceil(0.98 * last))]};
}

std::uint8_t stretchValue(double v, double low, double high)
{
    if (!(high > low))
        return v > low ? 255 : 0;
    const double s = std::round(255.0 * (v - low) / (high - low));
    return static_cast<std::uint8_t>(std::clamp(s, 0.0, 255.0));
}

} // namespace

struct DisplayRaster::Impl {
    std::string file;
    Dataset dataset;
    int width = 0, height = 0;
    bool palette = false;
    std::vector<std::array<std::uint8_t, 4>> colours; ///< palette entries, RGBA
    std::array<int, 3> colourBands{1, 1, 1};          ///< 1-based
    int alphaBand = 0;                                ///< 0: none
    bool datasetMask = false;                         ///< GDAL's per-dataset mask (no alpha band)
    std::array<std::optional<double>, 3> nodata;
    DisplayStretch stretch;
    std::vector<RasterLevelSize> levels; ///< full resolution, then the first colour band's overviews
};

namespace {

/// Throws core::util::OperationError unless the window (pixel, line, width, height) lies inside `size`.
void checkWindow(const std::string& file, const RasterLevelSize& size, int pixel, int line, int width, int height)
{
    if (width <= 0 || height <= 0 || pixel < 0 || line < 0 || pixel > size.width - width || line > size.height - height)
        throw core::util::OperationError(file, _("window"),
            core::i18n::format(_("the window ({1}, {2}, {3} x {4}) is outside the raster ({5} x {6})"),
                {std::to_string(pixel), std::to_string(line), std::to_string(width), std::to_string(height),
                    std::to_string(size.width), std::to_string(size.height)}));
}

} // namespace

DisplayRaster::DisplayRaster(const std::filesystem::path& path)
    : m_impl(std::make_unique<Impl>())
{
    Impl& d = *m_impl;
    d.file = path.string();
    d.dataset = gdal::openRaster(path);
    GDALDatasetH ds = d.dataset.get();
    d.width = GDALGetRasterXSize(ds);
    d.height = GDALGetRasterYSize(ds);
    const int bands = GDALGetRasterCount(ds);
    if (bands < 1)
        throw core::util::FormatError(d.file, "", _("the raster has no bands"));
    std::vector<int> colour;
    for (int b = 1; b <= bands; ++b) {
        if (GDALGetRasterColorInterpretation(GDALGetRasterBand(ds, b)) == GCI_AlphaBand && !d.alphaBand && b > 1)
            d.alphaBand = b;
        else
            colour.push_back(b);
    }
    GDALRasterBandH first = GDALGetRasterBand(ds, colour.front());
    d.levels.push_back({d.width, d.height});
    for (int i = 0; i < GDALGetOverviewCount(first); ++i)
        if (GDALRasterBandH o = GDALGetOverview(first, i))
            d.levels.push_back({GDALGetRasterBandXSize(o), GDALGetRasterBandYSize(o)});
    if (GDALColorTableH table = GDALGetRasterColorTable(first)) {
        d.palette = true;
        for (int i = 0; i < GDALGetColorEntryCount(table); ++i) {
            GDALColorEntry e{};
            GDALGetColorEntryAsRGB(table, i, &e);
            d.colours.push_back({static_cast<std::uint8_t>(std::clamp<short>(e.c1, 0, 255)),
                static_cast<std::uint8_t>(std::clamp<short>(e.c2, 0, 255)), static_cast<std::uint8_t>(std::clamp<short>(e.c3, 0, 255)),
                static_cast<std::uint8_t>(std::clamp<short>(e.c4, 0, 255))});
        }
        d.colourBands = {colour.front(), colour.front(), colour.front()};
    } else if (colour.size() >= 3) {
        d.colourBands = {colour[0], colour[1], colour[2]};
    } else {
        d.colourBands = {colour.front(), colour.front(), colour.front()};
    }
    if (!d.alphaBand && (GDALGetMaskFlags(first) & GMF_PER_DATASET) && (GDALGetMaskFlags(first) & GMF_ALPHA))
        d.datasetMask = true;
    for (int c = 0; c < 3; ++c) {
        int has = FALSE;
        const double v = GDALGetRasterNoDataValue(GDALGetRasterBand(ds, d.colourBands[static_cast<std::size_t>(c)]), &has);
        if (has)
            d.nodata[static_cast<std::size_t>(c)] = v;
    }
    const GDALDataType type = GDALGetRasterDataType(first);
    if (!d.palette && type != GDT_Byte) {
        d.stretch.stretched = true;
        for (std::size_t c = 0; c < 3; ++c) {
            if (c > 0 && d.colourBands[c] == d.colourBands[0]) {
                d.stretch.low[c] = d.stretch.low[0];
                d.stretch.high[c] = d.stretch.high[0];
                continue;
            }
            const auto [low, high] = percentilesOf(GDALGetRasterBand(ds, d.colourBands[c]), d.file);
            d.stretch.low[c] = low;
            d.stretch.high[c] = high;
        }
    }
}

DisplayRaster::~DisplayRaster() = default;
DisplayRaster::DisplayRaster(DisplayRaster&&) noexcept = default;
DisplayRaster& DisplayRaster::operator=(DisplayRaster&&) noexcept = default;

int DisplayRaster::width() const { return m_impl->width; }
int DisplayRaster::height() const { return m_impl->height; }
const DisplayStretch& DisplayRaster::stretch() const { return m_impl->stretch; }

DisplayImage DisplayRaster::read(int pixel, int line, int width, int height, int bufferWidth, int bufferHeight) const
{
    const Impl& d = *m_impl;
    if (width <= 0 || height <= 0 || bufferWidth <= 0 || bufferHeight <= 0)
        throw core::util::OperationError(d.file, _("window"), _("window and buffer sizes must be positive"));
    checkWindow(d.file, d.levels.front(), pixel, line, width, height);
    GDALDatasetH ds = d.dataset.get();

    // The overview to read: the smallest whose resolution still covers the buffer's (GDAL's own choice
    // for a nearest-neighbour downsampling read).
    DisplayImage image;
    image.width = bufferWidth;
    image.height = bufferHeight;
    const double factor = std::min(static_cast<double>(width) / bufferWidth, static_cast<double>(height) / bufferHeight);
    GDALRasterBandH base = GDALGetRasterBand(ds, d.colourBands[0]);
    if (factor > 1.0) {
        for (int i = 0; i < GDALGetOverviewCount(base); ++i) {
            GDALRasterBandH o = GDALGetOverview(base, i);
            if (!o)
                continue;
            const double of = static_cast<double>(d.width) / GDALGetRasterBandXSize(o);
            if (of <= factor * 1.0001)
                image.overviewLevel = i;
        }
    }
    // The window in the chosen level's pixels.
    double wx = pixel, wy = line, ww = width, wh = height;
    if (image.overviewLevel >= 0) {
        GDALRasterBandH o = GDALGetOverview(base, image.overviewLevel);
        const double sx = static_cast<double>(GDALGetRasterBandXSize(o)) / d.width;
        const double sy = static_cast<double>(GDALGetRasterBandYSize(o)) / d.height;
        wx *= sx;
        ww *= sx;
        wy *= sy;
        wh *= sy;
    }
    return readWindow(image.overviewLevel + 1, wx, wy, ww, wh, bufferWidth, bufferHeight);
}

const std::vector<RasterLevelSize>& DisplayRaster::levels() const { return m_impl->levels; }

std::optional<std::array<double, 6>> DisplayRaster::geoTransform() const
{
    std::array<double, 6> gt{0, 1, 0, 0, 0, 1};
    if (GDALGetGeoTransform(m_impl->dataset.get(), gt.data()) != CE_None)
        return std::nullopt;
    return gt;
}

DisplayImage DisplayRaster::readLevel(int level, int pixel, int line, int width, int height) const
{
    const Impl& d = *m_impl;
    if (level < 0 || level >= static_cast<int>(d.levels.size()))
        throw core::util::OperationError(d.file, _("window"), core::i18n::format(_("no resolution level {1}"), {std::to_string(level)}));
    checkWindow(d.file, d.levels[static_cast<std::size_t>(level)], pixel, line, width, height);
    return readWindow(level, pixel, line, width, height, width, height);
}

DisplayImage DisplayRaster::readWindow(int level, double wx, double wy, double ww, double wh, int bufferWidth, int bufferHeight) const
{
    const Impl& d = *m_impl;
    GDALDatasetH ds = d.dataset.get();
    DisplayImage image;
    image.width = bufferWidth;
    image.height = bufferHeight;
    image.overviewLevel = level - 1;
    auto bandAt = [&](int b) {
        GDALRasterBandH band = GDALGetRasterBand(ds, b);
        return image.overviewLevel >= 0 ? GDALGetOverview(band, image.overviewLevel) : band;
    };
    const std::size_t n = static_cast<std::size_t>(bufferWidth) * static_cast<std::size_t>(bufferHeight);
    GdalErrorScope errors;
    auto readBand = [&](GDALRasterBandH band, std::vector<double>& out) {
        out.resize(n);
        GDALRasterIOExtraArg extra;
        INIT_RASTERIO_EXTRA_ARG(extra);
        extra.eResampleAlg = GRIORA_NearestNeighbour;
        extra.bFloatingPointWindowValidity = TRUE;
        extra.dfXOff = wx;
        extra.dfYOff = wy;
        extra.dfXSize = ww;
        extra.dfYSize = wh;
        const int ix = static_cast<int>(std::floor(wx)), iy = static_cast<int>(std::floor(wy));
        const int bandW = GDALGetRasterBandXSize(band), bandH = GDALGetRasterBandYSize(band);
        const int iw = std::clamp(static_cast<int>(std::ceil(wx + ww)) - ix, 1, bandW - ix);
        const int ih = std::clamp(static_cast<int>(std::ceil(wy + wh)) - iy, 1, bandH - iy);
        if (!band || GDALRasterIOEx(band, GF_Read, ix, iy, iw, ih, out.data(), bufferWidth, bufferHeight, GDT_Float64, 0, 0, &extra) != CE_None)
            errors.raise(d.file, "pixels", _("cannot read the pixels"));
    };
    std::array<std::vector<double>, 3> channel;
    readBand(bandAt(d.colourBands[0]), channel[0]);
    for (std::size_t c = 1; c < 3; ++c)
        if (d.colourBands[c] != d.colourBands[0])
            readBand(bandAt(d.colourBands[c]), channel[c]);
    std::vector<double> alpha;
    double alphaMax = 255.0;
    if (d.alphaBand) {
        readBand(bandAt(d.alphaBand), alpha);
        const GDALDataType t = GDALGetRasterDataType(GDALGetRasterBand(ds, d.alphaBand));
        alphaMax = t == GDT_UInt16 ? 65535.0 : t == GDT_Int16 ? 32767.0 : 255.0;
    } else if (d.datasetMask) {
        GDALRasterBandH mask = GDALGetMaskBand(bandAt(d.colourBands[0]));
        readBand(mask, alpha);
    }

    image.rgba.resize(n * 4);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint8_t* px = &image.rgba[i * 4];
        const auto value = [&](std::size_t c) { return d.colourBands[c] == d.colourBands[0] ? channel[0][i] : channel[c][i]; };
        bool allNodata = true;
        for (std::size_t c = 0; c < 3; ++c)
            if (!d.nodata[c] || value(c) != *d.nodata[c])
                allNodata = false;
        std::uint8_t a = 255;
        if (d.palette) {
            const double index = channel[0][i];
            if (index >= 0 && index < static_cast<double>(d.colours.size())) {
                const auto& e = d.colours[static_cast<std::size_t>(index)];
                px[0] = e[0];
                px[1] = e[1];
                px[2] = e[2];
                a = e[3];
            } else {
                px[0] = px[1] = px[2] = 0;
                a = 0;
            }
        } else {
            for (std::size_t c = 0; c < 3; ++c) {
                const double v = value(c);
                px[c] = d.stretch.stretched ? stretchValue(v, d.stretch.low[c], d.stretch.high[c])
                                            : static_cast<std::uint8_t>(std::clamp(std::round(v), 0.0, 255.0));
            }
        }
        if (!alpha.empty())
            a = static_cast<std::uint8_t>(std::min<double>(a, std::clamp(std::round(alpha[i] * 255.0 / alphaMax), 0.0, 255.0)));
        if (allNodata)
            a = 0;
        px[3] = a;
    }
    return image;
}

DisplayImage readDisplayRgba(const std::filesystem::path& path, int pixel, int line, int width, int height, int bufferWidth,
    int bufferHeight)
{
    return DisplayRaster(path).read(pixel, line, width, height, bufferWidth, bufferHeight);
}

} // namespace sandtable::geo
