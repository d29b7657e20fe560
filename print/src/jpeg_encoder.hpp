// SPDX-License-Identifier: GPL-3.0-or-later
// JPEG (baseline DCT) encoding of an RGB raster for embedding in a PDF as /DCTDecode (through qpdf's Pl_DCT).
#pragma once

#include <cairo.h>

#include <cstdint>
#include <string>

namespace sandtable::print {

/// The JFIF bytes of `width` x `height` pixels of 3 bytes each (R, G, B; rows top to bottom, no padding)
/// at libjpeg quality `quality` (1..100). Throws core::util::OperationError naming the reason when the size or
/// the quality is out of range or the encoder fails.
std::string encodeJpeg(const std::uint8_t* rgb, int width, int height, int quality);

/// Attaches the JPEG (at `quality`) of an RGB24 image surface's pixels as its CAIRO_MIME_TYPE_JPEG data, so
/// the PDF embeds it as /DCTDecode instead of a Flate image. Throws core::util::OperationError naming `object`
/// when the encoder or cairo refuses.
void attachJpeg(cairo_surface_t* image, int quality, const std::string& object);

} // namespace sandtable::print
