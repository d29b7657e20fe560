// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/style/label_placement.hpp"

#include <algorithm>

namespace sandtable::core::style {

std::vector<PlacedLabel> placeLabels(const std::vector<LabelRequest>& requests, const LabelBox& frame, const LabelSizes& sizes,
    const MeasureText& measure)
{
    std::vector<LabelBox> taken;
    for (const LabelRequest& r : requests)
        taken.push_back(r.anchor);
    std::vector<PlacedLabel> placed;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const LabelRequest& r = requests[i];
        if (r.text.empty())
            continue;
        std::optional<PlacedLabel> chosen, fallback;
        for (const double size : sizes.sizes) {
            const double w = measure(r.text, size), h = size, gap = sizes.gap;
            const LabelBox& a = r.anchor;
            const double cx = (a.x0 + a.x1) / 2, cy = (a.y0 + a.y1) / 2;
            const LabelBox candidates[] = {
                {a.x1 + gap, cy - h / 2, a.x1 + gap + w, cy + h / 2},
                {a.x0 - gap - w, cy - h / 2, a.x0 - gap, cy + h / 2},
                {cx - w / 2, a.y0 - gap - h, cx + w / 2, a.y0 - gap},
                {cx - w / 2, a.y1 + gap, cx + w / 2, a.y1 + gap + h},
                {a.x1 + gap, a.y0 - gap - h, a.x1 + gap + w, a.y0 - gap},
                {a.x0 - gap - w, a.y0 - gap - h, a.x0 - gap, a.y0 - gap},
                {a.x1 + gap, a.y1 + gap, a.x1 + gap + w, a.y1 + gap + h},
                {a.x0 - gap - w, a.y1 + gap, a.x0 - gap, a.y1 + gap + h},
            };
            for (const LabelBox& c : candidates) {
                if (!c.inside(frame))
                    continue;
                if (!fallback)
                    fallback = PlacedLabel{i, c, size, true};
                if (std::none_of(taken.begin(), taken.end(), [&](const LabelBox& o) { return o.overlaps(c); })) {
                    chosen = PlacedLabel{i, c, size, false};
                    break;
                }
            }
            if (chosen)
                break;
        }
        if (!chosen)
            chosen = fallback;
        if (!chosen)
            continue;
        taken.push_back(chosen->box);
        placed.push_back(*chosen);
    }
    return placed;
}

} // namespace sandtable::core::style
