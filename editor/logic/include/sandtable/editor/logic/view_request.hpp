// SPDX-License-Identifier: GPL-3.0-or-later
// A view asked for by name (the editor's --view option): centre in the working CRS and ground resolution.
#pragma once

#include "sandtable/core/model/geometry.hpp"
#include "sandtable/editor/logic/view_transform.hpp"

#include <optional>
#include <string_view>

namespace sandtable::editor {

/// Centre (working CRS metres) and metres per logical pixel.
struct ViewRequest {
    core::Coordinate centre;
    double metresPerPixel = 1.0;
    bool operator==(const ViewRequest&) const = default;
};

/// "EASTING,NORTHING,METRES_PER_PIXEL", e.g. "309300,4411300,1.5"; nullopt when malformed, not finite,
/// or the resolution is not positive.
std::optional<ViewRequest> parseViewRequest(std::string_view text);

/// Centres `view` on the request at its resolution (clamped to the view's scale limits).
void applyViewRequest(ViewTransform& view, const ViewRequest& request);

} // namespace sandtable::editor
