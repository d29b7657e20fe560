// SPDX-License-Identifier: GPL-3.0-or-later
// World files (.wld, .tfw, .jgw): six numbers, read into a GDAL geotransform.
#include "fuzz_support.hpp"
#include "sandtable/geo/world_file.hpp"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::geo;
    try {
        (void)readWorldFile(sandtable::fuzz::scratchFile("fuzz.wld", data, size));
    } catch (const std::exception&) {
    }
    return 0;
}
