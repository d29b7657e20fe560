// SPDX-License-Identifier: GPL-3.0-or-later
// Where names go beside the pieces they name, on paper and on screen alike: one placement rule.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::core::style {

/// An axis-aligned box, y down, in the caller's unit (mm on paper, pixels on screen).
struct LabelBox {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool overlaps(const LabelBox& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
    bool inside(const LabelBox& o) const { return x0 >= o.x0 && x1 <= o.x1 && y0 >= o.y0 && y1 <= o.y1; }
};

/// A name to set beside the box of what it names (a block, a stand).
struct LabelRequest {
    LabelBox anchor;
    std::string text;
};

/// Where a name went: its box (the text's advance wide, `size` high) and its font size.
struct PlacedLabel {
    std::size_t request = 0; ///< index into the requests
    LabelBox box;
    double size = 0;
    bool overlapping = false; ///< no place was clear: set at the first place inside the frame
};

/// The font sizes to try, largest first, the gap between a name and its anchor, in the caller's unit.
struct LabelSizes {
    std::vector<double> sizes; ///< e.g. {2.2, 2.0, 1.8} mm on paper
    double gap = 0.8;
};

/// The width of `text` set at font size `size`, in the caller's unit (cairo's or wx's text extents).
using MeasureText = std::function<double(const std::string& text, double size)>;

/// Names as a wargame map sets them (issue 24 item 4; orienteering maps' rule of a name beside, never over,
/// its object): each request in order goes beside its anchor at the first of eight places (right, left,
/// above, below, then the corners) that stays inside `frame` and clear of every anchor and every name
/// already set; else the same at the next smaller size; else at the first place inside the frame at the
/// largest size that has one, overlapping. A name that fits nowhere inside the frame (longer than the frame
/// is wide) is left out, never cut at the frame's edge. Empty texts are skipped. Throws only what `measure`
/// throws.
std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest>& requests, const LabelBox& frame, const LabelSizes& sizes,
    const MeasureText& measure);

} // namespace sandtable::core::style
