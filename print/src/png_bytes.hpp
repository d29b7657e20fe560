// SPDX-License-Identifier: GPL-3.0-or-later
// A cairo image surface encoded as a PNG file in memory.
#pragma once

#include <cairo.h>

#include <string>

namespace sandtable::print::detail {

/// The PNG file of `surface`. Throws core::util::OperationError naming `object` when cairo cannot encode it.
std::string pngBytes(cairo_surface_t* surface, const std::string& object);

} // namespace sandtable::print::detail
