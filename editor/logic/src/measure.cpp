// SPDX-License-Identifier: GPL-3.0-or-later
// Distances at game scale and the scale bar.
#include "sandtable/editor/logic/measure.hpp"

#include "sandtable/core/systems/pub_battles/rules.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cmath>
#include <cstdio>

namespace sandtable::editor {

namespace pb = core::systems::pub_battles;

GameDistance gameDistance(double metres, double scaleDenominator)
{
    GameDistance d;
    d.metres = metres;
    if (scaleDenominator > 0.0) {
        d.mapCm = metres * 100.0 / scaleDenominator;
        d.footSegments = metres / pb::footSegmentMetres(scaleDenominator);
        d.mountedSegments = metres / pb::mountedSegmentMetres(scaleDenominator);
    }
    return d;
}

std::string formatMetres(double metres)
{
    if (std::abs(metres) >= 1000.0)
        return core::i18n::format(_("{1} km"), {core::i18n::formatSignificant(metres / 1000.0, 3)});
    if (std::abs(metres) >= 10.0)
        return core::i18n::format(_("{1} m"), {core::i18n::formatNumber(metres, 0)});
    return core::i18n::format(_("{1} m"), {core::i18n::formatSignificant(metres, 2)});
}

std::string formatScale(double scaleDenominator)
{
    const long long n = std::llround(scaleDenominator);
    const std::string grouped = core::i18n::formatNumber(static_cast<double>(n), 0);
    if (grouped.find_first_not_of("-0123456789") != std::string::npos)
        return "1:" + grouped; // the person's grouping
    // Built by appending (not std::string::insert, which GCC 12 at -O2 flags with a false -Wrestrict).
    const std::string digits = std::to_string(n < 0 ? -n : n);
    std::string text = "1:";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            text.push_back(',');
        text.push_back(digits[i]);
    }
    return text;
}

std::string describeDistance(double metres, double scaleDenominator)
{
    const GameDistance d = gameDistance(metres, scaleDenominator);
    return core::i18n::format(_("{1} = {2} cm at {3} = {4} foot / {5} mounted segments"),
        {formatMetres(metres), core::i18n::formatNumber(d.mapCm, 1), formatScale(scaleDenominator),
            core::i18n::formatNumber(d.footSegments, 2), core::i18n::formatNumber(d.mountedSegments, 2)});
}

double pathLength(const std::vector<core::Coordinate>& points)
{
    double total = 0.0;
    for (std::size_t i = 1; i < points.size(); ++i)
        total += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    return total;
}

double scaleBarMetres(double pixelsPerMetre, double maxPixels)
{
    if (!(pixelsPerMetre > 0.0) || !(maxPixels > 0.0))
        return 0.0;
    const double maxMetres = maxPixels / pixelsPerMetre;
    double best = 0.01;
    for (double decade = std::pow(10.0, std::floor(std::log10(maxMetres))) / 10.0; decade <= maxMetres * 10.0; decade *= 10.0)
        for (const double step : {1.0, 2.0, 5.0})
            if (step * decade <= maxMetres * (1.0 + 1e-12) && step * decade > best)
                best = step * decade;
    return best;
}

} // namespace sandtable::editor
