// SPDX-License-Identifier: GPL-3.0-or-later
#include "pane_support.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"
#include "sandtable/core/util/number_entry.hpp"
#include "sandtable/editor/ui/translation.hpp"

#include <wx/stattext.h>

#include <gdal_priv.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <optional>
#include <vector>

#include <unistd.h>

namespace sandtable::editor::ui::panes {

namespace {

/// Our reason in the person's language, GDAL's own (English) message after it when GDAL gave one.
std::string gdalReason(const std::string& ours)
{
    const char* message = CPLGetLastErrorMsg();
    return message && *message ? core::i18n::format(translated("{1} (GDAL: {2})"), {ours, message}) : ours;
}

} // namespace

wxImage readThumbnail(const std::filesystem::path& path, int maxSide, double& scale)
{
    GDALAllRegister();
    std::unique_ptr<GDALDataset> ds(GDALDataset::Open(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY));
    if (!ds)
        throw core::IoError(path.string(), translated("raster"), gdalReason(translated("GDAL cannot open it")));
    const int w = ds->GetRasterXSize();
    const int h = ds->GetRasterYSize();
    const int bands = ds->GetRasterCount();
    if (w <= 0 || h <= 0 || bands <= 0)
        throw core::IoError(path.string(), translated("raster"), translated("has no pixels"));
    scale = std::min(1.0, static_cast<double>(maxSide) / std::max(w, h));
    const int tw = std::max(1, static_cast<int>(std::lround(w * scale)));
    const int th = std::max(1, static_cast<int>(std::lround(h * scale)));
    scale = static_cast<double>(tw) / w;
    const std::size_t n = static_cast<std::size_t>(tw) * static_cast<std::size_t>(th);
    std::vector<unsigned char> plane(n);
    unsigned char* rgb = static_cast<unsigned char*>(std::malloc(n * 3));
    unsigned char* alpha = nullptr;
    GDALRasterIOExtraArg extra;
    INIT_RASTERIO_EXTRA_ARG(extra);
    extra.eResampleAlg = GRIORA_Average;
    auto readBand = [&](int b) {
        GDALRasterBand* band = ds->GetRasterBand(b);
        if (band->RasterIO(GF_Read, 0, 0, w, h, plane.data(), tw, th, GDT_Byte, 0, 0, &extra) != CE_None) {
            std::free(rgb);
            std::free(alpha);
            throw core::IoError(path.string(), translated("raster"), gdalReason(translated("cannot read the pixels")));
        }
        return band;
    };
    GDALRasterBand* first = readBand(1);
    if (GDALColorTable* palette = first->GetColorTable(); palette && bands == 1) {
        for (std::size_t i = 0; i < n; ++i) {
            const GDALColorEntry* e = palette->GetColorEntry(plane[i]);
            rgb[3 * i] = static_cast<unsigned char>(e ? e->c1 : 0);
            rgb[3 * i + 1] = static_cast<unsigned char>(e ? e->c2 : 0);
            rgb[3 * i + 2] = static_cast<unsigned char>(e ? e->c3 : 0);
        }
    } else {
        for (std::size_t i = 0; i < n; ++i)
            rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = plane[i];
        if (bands >= 3) {
            for (int b = 2; b <= 3; ++b) {
                readBand(b);
                for (std::size_t i = 0; i < n; ++i)
                    rgb[3 * i + static_cast<std::size_t>(b - 1)] = plane[i];
            }
        }
    }
    if (bands == 2 || bands >= 4) {
        GDALRasterBand* a = readBand(bands == 2 ? 2 : 4);
        if (a->GetColorInterpretation() == GCI_AlphaBand) {
            alpha = static_cast<unsigned char*>(std::malloc(n));
            std::copy(plane.begin(), plane.end(), alpha);
        }
    }
    return alpha ? wxImage(tw, th, rgb, alpha) : wxImage(tw, th, rgb);
}

wxBoxSizer* labelledRow(wxWindow* parent, const wxString& label, std::initializer_list<wxWindow*> controls)
{
    auto* row = new wxBoxSizer(wxHORIZONTAL);
    row->Add(new wxStaticText(parent, wxID_ANY, label), 0, wxALIGN_CENTER_VERTICAL | wxRIGHT, 4);
    std::size_t i = 0;
    for (wxWindow* control : controls)
        row->Add(control, 0, ++i < controls.size() ? wxRIGHT : 0, 4);
    return row;
}

wxImage loadFirstPage(const std::vector<std::filesystem::path>& files, const std::string& what)
{
    wxImage image;
    if (files.empty() || !image.LoadFile(wxString::FromUTF8(files.front().string()), wxBITMAP_TYPE_PNG))
        throw core::OperationError("", what, translated("no page was rendered"));
    return image;
}

std::filesystem::path temporaryFolder(const std::string& prefix)
{
    std::random_device rd;
    for (int attempt = 0; attempt < 20; ++attempt) {
        const auto dir = std::filesystem::temp_directory_path()
            / (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000u));
        std::error_code ec;
        if (std::filesystem::create_directory(dir, ec))
            return dir;
    }
    throw core::IoError(std::filesystem::temp_directory_path().string(), "", translated("cannot create a temporary folder"));
}

std::string fieldNumber(double value, int decimals) { return core::i18n::formatEditableNumber(value, decimals); }

bool parseNumber(const std::string& text, double& value)
{
    const std::optional<double> read = core::i18n::parseNumber(text);
    if (!read)
        return false;
    value = *read;
    return true;
}

} // namespace sandtable::editor::ui::panes
