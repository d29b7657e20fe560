// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/style/label_placement.hpp"

#include <algorithm>
#include <array>

namespace sandtable::core::style {
namespace {

/// The eight places of a w x h name around `a` at distance `d`: right, left, above, below, then the corners.
std::array<LabelBox, 8> placesAround(const LabelBox& a, double d, double w, double h)
{
    const double cx = (a.x0 + a.x1) / 2, cy = (a.y0 + a.y1) / 2;
    return {{
        {a.x1 + d, cy - h / 2, a.x1 + d + w, cy + h / 2},
        {a.x0 - d - w, cy - h / 2, a.x0 - d, cy + h / 2},
        {cx - w / 2, a.y0 - d - h, cx + w / 2, a.y0 - d},
        {cx - w / 2, a.y1 + d, cx + w / 2, a.y1 + d + h},
        {a.x1 + d, a.y0 - d - h, a.x1 + d + w, a.y0 - d},
        {a.x0 - d - w, a.y0 - d - h, a.x0 - d, a.y0 - d},
        {a.x1 + d, a.y1 + d, a.x1 + d + w, a.y1 + d + h},
        {a.x0 - d - w, a.y1 + d, a.x0 - d, a.y1 + d + h},
    }};
}

} // namespace

std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest>& requests, const LabelBox& frame, const LabelSizes& sizes,
    const MeasureText& measure, const std::vector<LabelBox>& obstacles)
{
    std::vector<LabelBox> taken = obstacles;
    for (const LabelRequest& r : requests)
        taken.push_back(r.anchor);
    // A name keeps half the gap clear all round it too, so two names side by side never read as one
    // ("Kurpfalz" and "Bourbon-Busset-Cavalry" set end to end).
    const double margin = sizes.gap / 2;
    const auto clear = [&](const LabelBox& c) {
        const LabelBox room{c.x0 - margin, c.y0 - margin, c.x1 + margin, c.y1 + margin};
        return c.inside(frame) && std::none_of(taken.begin(), taken.end(), [&](const LabelBox& o) { return o.overlaps(room); });
    };
    std::vector<PlacedLabel> placed;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const LabelRequest& r = requests[i];
        if (r.text.empty() || sizes.sizes.empty())
            continue;
        std::optional<PlacedLabel> chosen;
        for (const double size : sizes.sizes) {
            const double w = measure(r.text, size);
            for (const LabelBox& c : placesAround(r.anchor, sizes.gap, w, size))
                if (clear(c)) {
                    chosen = PlacedLabel{i, c, size, false};
                    break;
                }
            if (chosen)
                break;
        }
        const double smallest = sizes.sizes.back();
        for (int ring = 1; !chosen && ring <= sizes.farRings; ++ring) {
            const double w = measure(r.text, smallest);
            for (const LabelBox& c : placesAround(r.anchor, sizes.gap + ring * sizes.ringStep * smallest, w, smallest))
                if (clear(c)) {
                    chosen = PlacedLabel{i, c, smallest, true};
                    break;
                }
        }
        if (!chosen)
            continue;
        taken.push_back(chosen->box);
        placed.push_back(*chosen);
    }
    return placed;
}

} // namespace sandtable::core::style
