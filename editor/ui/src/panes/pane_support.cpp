// SPDX-License-Identifier: GPL-3.0-or-later
#include "pane_support.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/i18n/number_entry.hpp"
#include "sandtable/editor/ui/translation.hpp"
#include "sandtable/geo/display_raster.hpp"

#include <wx/stattext.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <optional>
#include <vector>

#include <unistd.h>

namespace sandtable::editor::ui::panes {

wxImage readThumbnail(const std::filesystem::path& path, int maxSide, double& scale)
{
    // The one reader of rasters for display (geo::DisplayRaster: palettes, stretched 16-bit and float
    // bands, nodata and alpha, overviews), as the printed georeferencing report reads the scan.
    const geo::DisplayRaster raster(path);
    const int w = raster.width();
    const int h = raster.height();
    scale = std::min(1.0, static_cast<double>(maxSide) / std::max(w, h));
    const int tw = std::max(1, static_cast<int>(std::lround(w * scale)));
    const int th = std::max(1, static_cast<int>(std::lround(h * scale)));
    scale = static_cast<double>(tw) / w;
    return toWxImage(raster.read(0, 0, w, h, tw, th));
}

wxImage toWxImage(const geo::DisplayImage& pixels)
{
    wxImage image(pixels.width, pixels.height, false);
    unsigned char* rgb = image.GetData();
    const std::size_t n = static_cast<std::size_t>(pixels.width) * static_cast<std::size_t>(pixels.height);
    bool transparent = false;
    for (std::size_t i = 0; i < n; ++i) {
        rgb[3 * i] = pixels.rgba[4 * i];
        rgb[3 * i + 1] = pixels.rgba[4 * i + 1];
        rgb[3 * i + 2] = pixels.rgba[4 * i + 2];
        transparent = transparent || pixels.rgba[4 * i + 3] < 255;
    }
    if (transparent) {
        image.SetAlpha();
        unsigned char* alpha = image.GetAlpha();
        for (std::size_t i = 0; i < n; ++i)
            alpha[i] = pixels.rgba[4 * i + 3];
    }
    return image;
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
        throw core::util::OperationError("", what, translated("no page was rendered"));
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
    throw core::util::IoError(std::filesystem::temp_directory_path().string(), "", translated("cannot create a temporary folder"));
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
