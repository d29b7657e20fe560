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
    /// Set away from its anchor (no place beside it was clear): draw a leader line from the box to the anchor.
    bool leader = false;
};

/// The font sizes to try, largest first, the gap between a name and its anchor, in the caller's unit.
struct LabelSizes {
    std::vector<double> sizes; ///< e.g. {2.2, 2.0, 1.8} mm on paper
    double gap = 0.8;
    /// Rings of places farther out (each `ringStep` x the smallest size beyond the last) tried when no place
    /// beside the anchor is clear; a name set there has a leader.
    int farRings = 2;
    double ringStep = 1.6;
};

/// The width of `text` set at font size `size`, in the caller's unit (cairo's or wx's text extents).
using MeasureText = std::function<double(const std::string& text, double size)>;

/// Names as a wargame map sets them (issue 24 item 4, issue 43 item 4; orienteering maps' rule of a name
/// beside, never over, its object or another text): each request in order goes beside its anchor at the first
/// of eight places (right, left, above, below, then the corners) that stays inside `frame` and, with half the
/// gap to spare all round, clear of every
/// anchor, every box of `obstacles` (the other texts and marks already on the sheet: sector names, square
/// refs, rulers) and every name already set; else the same at the next smaller size; else at the smallest
/// size in the same eight directions farther out (`farRings` rings), with a leader; else it is left out (not
/// in the result): no name is ever set over another text or a piece, nor cut at the frame's edge. Empty
/// texts are skipped. Throws only what `measure` throws.
std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest>& requests, const LabelBox& frame, const LabelSizes& sizes,
    const MeasureText& measure, const std::vector<LabelBox>& obstacles = {});

} // namespace sandtable::core::style
