// SPDX-License-Identifier: GPL-3.0-or-later
// Paper: page sizes, margins, and the arithmetic from ground metres to millimetres on paper.
#pragma once

#include <string>

namespace sandtable::print {

/// Millimetres per PostScript point (cairo's PDF unit): 25.4 / 72.
inline constexpr double kMillimetresPerPoint = 25.4 / 72.0;
inline double pointsFromMillimetres(double mm) { return mm / kMillimetresPerPoint; }
inline double millimetresFromPoints(double pt) { return pt * kMillimetresPerPoint; }

/// A page size in millimetres, portrait (width <= height unless given otherwise).
struct PageSize {
    std::string name;
    double widthMm = 210.0;
    double heightMm = 297.0;
};

/// Parses "A4", "letter", "A3", "A0" (case-insensitive) or "WxHmm" (e.g. "600x400mm").
/// Throws sandtable::core::util::OperationError naming the text for anything else or a non-positive size.
PageSize parsePageSize(const std::string& text);

/// Millimetres on paper of `groundMetres` at scale 1:`scaleDenominator`:
/// mm = metres * 1000 / N (1 km at 1:16,000 = 62.5 mm; at 1:8,000 = 125 mm).
inline double paperMillimetres(double groundMetres, double scaleDenominator)
{
    return groundMetres * 1000.0 / scaleDenominator;
}

/// Ground metres of `paperMm` millimetres on paper at 1:`scaleDenominator`.
inline double groundMetres(double paperMm, double scaleDenominator)
{
    return paperMm * scaleDenominator / 1000.0;
}

} // namespace sandtable::print
