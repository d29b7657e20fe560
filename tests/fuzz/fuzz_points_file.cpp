// SPDX-License-Identifier: GPL-3.0-or-later
// QGIS Georeferencer .points files: read, then turn into GCPs for a plain scan and a georeferenced one.
#include "fuzz_support.hpp"
#include "sandtable/geo/points_file.hpp"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::geo;
    try {
        const PointsFile file = readPointsFile(sandtable::fuzz::scratchFile("fuzz.points", data, size));
        (void)toGcps(file, SourceFrame{});
        (void)toGcps(file, SourceFrame{std::array<double, 6>{500000.0, 2.0, 0.0, 4000000.0, 0.0, -2.0}});
    } catch (const std::exception&) {
    }
    return 0;
}
