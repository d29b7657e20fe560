// SPDX-License-Identifier: GPL-3.0-or-later
// Resource caps on outside input (issue 11): a scenario, roster, card sheet, .points file, vector file or
// catalogue from a stranger cannot make sandtable allocate without bound or recurse without end. Each cap
// is enforced where the input is read, and the error names it (limitMessage).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sandtable::core::util::limits {

/// Largest scenario document read from a file, a catalogue or standard input, in bytes (64 MiB; the bundled
/// examples are 11-61 KiB). Its parsed tree is about 1.3 times the text, so this bounds the parse to ~150 MiB.
inline constexpr std::size_t kMaxScenarioFileBytes = std::size_t{64} << 20;

/// Longest single JSON string (a name, a description, an id, an attribute value) in a scenario document,
/// and longest CSV cell of a roster or card sheet, in bytes (1 MiB).
inline constexpr std::size_t kMaxStringBytes = std::size_t{1} << 20;

/// Deepest nesting of JSON arrays and objects in a scenario document. The deepest the schema allows is
/// about 8 (a MultiPolygon's coordinates inside a feature inside "terrain"); 100,000 nested arrays would
/// overflow the stack of the recursive schema validator, so the parse stops as the level past it opens.
inline constexpr std::size_t kMaxJsonDepth = 128;

/// Most vertices (coordinate pairs) in one geometry, from a scenario document or an imported vector file.
inline constexpr std::size_t kMaxVerticesPerGeometry = 1'000'000;

/// Most vertices over all terrain geometries of one scenario document.
inline constexpr std::size_t kMaxVerticesPerScenario = 5'000'000;

/// Most raster pixels read or rendered into memory at once (64 Mi pixels: 256 MiB as RGBA). Enforced by
/// importers' renderMapRaster (map print, grid underlay) as geo::kMaxRenderPixels, the same value.
inline constexpr std::int64_t kMaxRasterPixels = std::int64_t{64} << 20;

/// Largest string or blob SQLite hands back from a catalogue (SQLITE_LIMIT_LENGTH, 256 MiB): larger values
/// in a hostile file fail with "value too large" naming this cap instead of being allocated.
inline constexpr int kMaxCatalogueBlobBytes = 256 << 20;

/// "exceeds the cap NAME of VALUE UNIT": the common tail of every cap error, in the process's language.
/// `unit` is an English text marked N_("bytes") at the call site and translated here; NAME stays the
/// constant's own name, so that a reader can find it in this header in any language.
std::string limitMessage(const char* name, std::uint64_t value, const char* unit);

} // namespace sandtable::core::util::limits
