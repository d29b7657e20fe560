// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/georef_workspace.hpp"

#include "sandtable/core/model/residual_ranking.hpp"

#include <algorithm>
#include <utility>

namespace sandtable::editor::panes {

std::vector<ResidualRow> worstFirst(std::vector<ResidualRow> rows)
{
    return core::worstFirst(std::move(rows));
}

ScanArrow residualArrow(const ResidualRow& row, double exaggeration)
{
    const core::Coordinate head = core::residualArrowHead(row.pixel, row.line, row.backPixel, row.backLine, exaggeration);
    return ScanArrow{row.id, row.enabled, row.pixel, row.line, head.x, head.y};
}

MethodGuidance methodGuidance(core::GeoreferenceMethod method, int enabledCount)
{
    MethodGuidance out;
    out.minimum = core::minimumGcps(method);
    out.enabled = enabledCount;
    std::string layout;
    switch (method) {
    case core::GeoreferenceMethod::Helmert: layout = " (two distinct points fix scale, rotation and shift)"; break;
    case core::GeoreferenceMethod::Poly2:
    case core::GeoreferenceMethod::Poly3: layout = " (spread over the sheet, not all on one line or curve)"; break;
    default: layout = " (not all on one line)"; break;
    }
    out.needs = std::string(core::toString(method)) + " needs at least " + std::to_string(out.minimum) + " enabled GCPs" + layout;
    if (enabledCount < out.minimum) {
        const int more = out.minimum - enabledCount;
        out.shortfall = std::to_string(enabledCount) + " enabled: add " + std::to_string(more) + " more"
            + (more == 1 ? " GCP" : " GCPs") + " or enable disabled ones";
    }
    return out;
}

const std::vector<core::GeoreferenceMethod>& chooserMethods()
{
    static const std::vector<core::GeoreferenceMethod> methods{core::GeoreferenceMethod::Affine,
        core::GeoreferenceMethod::Helmert, core::GeoreferenceMethod::Poly1, core::GeoreferenceMethod::Poly2,
        core::GeoreferenceMethod::Poly3, core::GeoreferenceMethod::Tps};
    return methods;
}

} // namespace sandtable::editor::panes
