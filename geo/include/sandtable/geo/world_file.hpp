// SPDX-License-Identifier: GPL-3.0-or-later
// ESRI world files (.wld, .tfw, .jgw, ...): six lines, pixel-centre convention.
#pragma once

#include <array>
#include <filesystem>

namespace sandtable::geo {

/// Writes a world file atomically from a GDAL geotransform (x0, dx/dpixel, dx/dline, y0, dy/dpixel,
/// dy/dline; (x0, y0) = the top-left corner of the top-left pixel). The file holds A, D, B, E, C, F with
/// (C, F) = the centre of the top-left pixel, as the format requires; numbers in shortest round-trip form,
/// so that GDAL reading it back gets the same geotransform (0 px drift). Throws core::util::IoError.
void writeWorldFile(const std::filesystem::path& path, const std::array<double, 6>& geotransform);

/// Reads a world file (any line endings, padded numbers) into a GDAL geotransform (corner convention).
/// Throws core::util::IoError when unreadable, core::util::FormatError(path, "line N", reason) when a line is not a
/// number or lines are missing.
std::array<double, 6> readWorldFile(const std::filesystem::path& path);

} // namespace sandtable::geo
