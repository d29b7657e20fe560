// SPDX-License-Identifier: GPL-3.0-or-later
// World-file reading and writing with the pixel-centre convention.
#include "sandtable/geo/world_file.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <charconv>
#include <cmath>
#include <sstream>
#include <string>

namespace sandtable::geo {

void writeWorldFile(const std::filesystem::path& path, const std::array<double, 6>& g)
{
    for (double v : g)
        if (!std::isfinite(v))
            throw core::util::OperationError(path.string(), _("geotransform"), _("has a number that is not finite"));
    // The world file names the centre of the top-left pixel: half a pixel in from the corner.
    const double c = g[0] + 0.5 * g[1] + 0.5 * g[2];
    const double f = g[3] + 0.5 * g[4] + 0.5 * g[5];
    using gdal::formatNumber;
    const std::string text = formatNumber(g[1]) + "\n" + formatNumber(g[4]) + "\n" + formatNumber(g[2]) + "\n"
        + formatNumber(g[5]) + "\n" + formatNumber(c) + "\n" + formatNumber(f) + "\n";
    core::io::writeFileAtomically(path, text);
}

std::array<double, 6> readWorldFile(const std::filesystem::path& path)
{
    const std::string text = core::io::readFile(path, 1 << 16);
    std::istringstream in(text);
    std::string line;
    double values[6] = {};
    int count = 0;
    int lineNumber = 0;
    while (count < 6 && std::getline(in, line)) {
        ++lineNumber;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos)
            continue;
        const auto last = line.find_last_not_of(" \t\r");
        const std::string field = line.substr(first, last - first + 1);
        double value = 0.0;
        const char* begin = field.data() + (field[0] == '+' ? 1 : 0);
        const auto [end, ec] = std::from_chars(begin, field.data() + field.size(), value);
        if (ec != std::errc() || end != field.data() + field.size() || !std::isfinite(value))
            throw core::util::FormatError(path.string(), core::i18n::format(_("line {1}"), {std::to_string(lineNumber)}),
                core::i18n::format(_("'{1}' is not a finite number"), {field}));
        values[count++] = value;
    }
    if (count < 6)
        throw core::util::FormatError(path.string(), "", core::i18n::format(_("a world file needs 6 numbers, found {1}"), {std::to_string(count)}));
    const double a = values[0], d = values[1], b = values[2], e = values[3], c = values[4], f = values[5];
    return {c - 0.5 * a - 0.5 * b, a, b, f - 0.5 * d - 0.5 * e, d, e};
}

} // namespace sandtable::geo
