// SPDX-License-Identifier: GPL-3.0-or-later
// Small helpers the capability panes share: scan thumbnails and display pixels as wxImage (through
// geo::DisplayRaster), PDF pages as images, numbers in the person's conventions.
#pragma once

#include <wx/image.h>
#include <wx/sizer.h>
#include <wx/window.h>

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

namespace sandtable::geo {
struct DisplayImage;
}

namespace sandtable::editor::ui::panes {

/// Display pixels (geo::DisplayRaster's straight-alpha RGBA) as a wxImage of the same size: RGB, with
/// an alpha channel only when some pixel is not opaque (an opaque image draws faster).
wxImage toWxImage(const geo::DisplayImage& pixels);

/// The raster at `path` read whole at reduced resolution (longest side at most `maxSide` pixels) through
/// geo::DisplayRaster (palettes expanded, 16-bit and float bands stretched, nodata and alpha as
/// transparency). `scale` receives thumbnail pixels per raster pixel. Throws core::util::IoError or
/// core::util::FormatError when GDAL cannot open or read it.
wxImage readThumbnail(const std::filesystem::path& path, int maxSide, double& scale);

/// A horizontal row: `label` (a static text on `parent`) then `controls`, 4 px apart, as the panes' rows are.
wxBoxSizer* labelledRow(wxWindow* parent, const wxString& label, std::initializer_list<wxWindow*> controls);

/// The first of the page files core/print wrote (PNG), as an image. Throws core::util::OperationError naming
/// `what` when no page was written or the PNG cannot be read.
wxImage loadFirstPage(const std::vector<std::filesystem::path>& files, const std::string& what);

/// A fresh temporary folder for one preview (removed by the caller when done).
std::filesystem::path temporaryFolder(const std::string& prefix);

/// `value` with `decimals` decimals for a text field, in the person's conventions ("12,50" in French and
/// German; no thousands separator): core::i18n::formatEditableNumber.
std::string fieldNumber(double value, int decimals);

/// A text field's number as the person typed it ("12,5" or "12.5" in French and German; "1 234,5" in
/// French): core::i18n::parseNumber. False, `value` untouched, when the text is not one finite number.
bool parseNumber(const std::string& text, double& value);

} // namespace sandtable::editor::ui::panes
