// SPDX-License-Identifier: GPL-3.0-or-later
// SYW house-rules arithmetic: melee and fire points per figure kind, grenades, melee losses.
#include "sandtable/core/rules/syw_miniatures.hpp"

#include <cmath>

namespace sandtable::core::rules::syw {

double meleePoints(const SywFigures& f, bool againstCavalry)
{
    return 1.0 * f.musketeers + 1.5 * f.grenadiers + (againstCavalry ? 2.0 : 0.0) * f.pikemen + 2.0 * f.officers
        + 1.0 * f.musicians + 2.0 * (f.dragoons + f.lightDragoons + f.heavyDragoons) + 2.0 * f.hussars
        + 3.0 * f.cuirassiers;
}

double firePoints(const SywFigures& f)
{
    return 1.0 * (f.musketeers + f.grenadiers) + 1.0 * f.dragoons + 2.0 * f.lightDragoons + 3.0 * f.heavyDragoons
        + 2.0 * f.hussars + 2.0 * f.cuirassiers;
}

int grenadeKills(const SywFigures& f)
{
    return f.grenadiers >= kGrenadeThrowers ? kGrenadeThrowers * kKillsPerGrenade : 0;
}

int meleeLosses(double pointsA, double pointsB)
{
    return static_cast<int>(std::floor(std::abs(pointsA - pointsB)));
}

} // namespace sandtable::core::rules::syw
