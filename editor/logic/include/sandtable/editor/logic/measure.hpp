// SPDX-License-Identifier: GPL-3.0-or-later
// Distances as a designer reads them: ground metres, map centimetres at the game scale, Pub Battles
// movement segments; the scale bar's length.
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <string>
#include <vector>

namespace sandtable::editor {

/// A ground distance at a game scale 1:N. Pub Battles measures on the map in segments of 4.5 cm (foot)
/// and 6.4 cm (mounted), three to a move (rulebook, "Distance de marche").
struct GameDistance {
    double metres = 0.0;
    double mapCm = 0.0;          ///< centimetres on the printed map at 1:N
    double footSegments = 0.0;
    double mountedSegments = 0.0;
};
GameDistance gameDistance(double metres, double scaleDenominator);

/// "850 m", "1.25 km" (three significant figures past a kilometre), in the person's number conventions
/// ("1,25 km" in French and German).
std::string formatMetres(double metres);
/// "1.25 km = 7.8 cm at 1:16,000 = 1.74 foot / 1.22 mounted segments", in the person's language and numbers.
std::string describeDistance(double metres, double scaleDenominator);

/// Length of a polyline in metres.
double pathLength(const std::vector<core::Coordinate>& points);

/// The scale bar's ground length: the largest 1, 2 or 5 x 10^n metres no longer than `maxPixels` at
/// `pixelsPerMetre` (at least 1 cm of ground).
double scaleBarMetres(double pixelsPerMetre, double maxPixels);

/// "1:16,000": the digits grouped by the person's thousands separator ("1:16 000" in French, "1:16.000"
/// in German), by a comma where the locale groups none (the "C" locale), as English writes a scale.
std::string formatScale(double scaleDenominator);

} // namespace sandtable::editor
