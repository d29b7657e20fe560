// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/logic/panes/georef_workspace.hpp"

#include "sandtable/core/model/residual_ranking.hpp"
#include "sandtable/core/i18n/i18n.hpp"

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
    const char* needs = nullptr;
    switch (method) {
    case core::GeoreferenceMethod::Helmert:
        needs = P_("{1} needs at least {2} enabled GCP (two distinct points fix scale, rotation and shift)",
            "{1} needs at least {2} enabled GCPs (two distinct points fix scale, rotation and shift)", out.minimum);
        break;
    case core::GeoreferenceMethod::Poly2:
    case core::GeoreferenceMethod::Poly3:
        needs = P_("{1} needs at least {2} enabled GCP (spread over the sheet, not all on one line or curve)",
            "{1} needs at least {2} enabled GCPs (spread over the sheet, not all on one line or curve)", out.minimum);
        break;
    default:
        needs = P_("{1} needs at least {2} enabled GCP (not all on one line)", "{1} needs at least {2} enabled GCPs (not all on one line)",
            out.minimum);
        break;
    }
    out.needs = core::i18n::format(needs, {core::toString(method), std::to_string(out.minimum)});
    if (enabledCount < out.minimum) {
        const int more = out.minimum - enabledCount;
        out.shortfall = core::i18n::format(P_("{1} enabled: add {2} more GCP or enable disabled ones",
                                               "{1} enabled: add {2} more GCPs or enable disabled ones", more),
            {std::to_string(enabledCount), std::to_string(more)});
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
