// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/georef_workspace.hpp"

#include <algorithm>
#include <utility>

namespace sandtable::editor::panes {

std::vector<ResidualRow> worstFirst(std::vector<ResidualRow> rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const ResidualRow& a, const ResidualRow& b) {
        if (a.enabled != b.enabled)
            return a.enabled;
        if (a.residualMap != b.residualMap)
            return a.residualMap > b.residualMap;
        return a.id < b.id;
    });
    return rows;
}

ScanArrow residualArrow(const ResidualRow& row, double exaggeration)
{
    return ScanArrow{row.id, row.enabled, row.pixel, row.line,
        row.pixel + exaggeration * (row.backPixel - row.pixel), row.line + exaggeration * (row.backLine - row.line)};
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
