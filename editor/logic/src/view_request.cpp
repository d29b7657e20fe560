// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing and applying --view requests.
#include "sandtable/editor/logic/view_request.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <string>

namespace sandtable::editor {

std::optional<ViewRequest> parseViewRequest(std::string_view text)
{
    std::array<double, 3> values{};
    std::size_t start = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::size_t comma = text.find(',', start);
        const bool last = i + 1 == values.size();
        if (last != (comma == std::string_view::npos))
            return std::nullopt;
        const std::string field(text.substr(start, last ? std::string_view::npos : comma - start));
        if (field.empty())
            return std::nullopt;
        char* end = nullptr;
        values[i] = std::strtod(field.c_str(), &end);
        if (end != field.c_str() + field.size() || !std::isfinite(values[i]))
            return std::nullopt;
        start = comma + 1;
    }
    if (!(values[2] > 0.0))
        return std::nullopt;
    return ViewRequest{{values[0], values[1]}, values[2]};
}

void applyViewRequest(ViewTransform& view, const ViewRequest& request)
{
    view.setCentre(request.centre);
    view.setScale(1.0 / request.metresPerPixel);
}

} // namespace sandtable::editor
