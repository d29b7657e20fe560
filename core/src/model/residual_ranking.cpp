// SPDX-License-Identifier: GPL-3.0-or-later
// The worst-first order of GCP residuals and the residual arrow's head.
#include "sandtable/core/model/residual_ranking.hpp"

namespace sandtable::core {

bool listedBefore(bool enabledA, double residualMapA, int idA, bool enabledB, double residualMapB, int idB)
{
    if (enabledA != enabledB)
        return enabledA;
    if (residualMapA != residualMapB)
        return residualMapA > residualMapB;
    return idA < idB;
}

Coordinate residualArrowHead(double pixel, double line, double backPixel, double backLine, double exaggeration)
{
    return {pixel + exaggeration * (backPixel - pixel), line + exaggeration * (backLine - line)};
}

} // namespace sandtable::core
