// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text to a RapidJSON tree (private to core/src/io).
#pragma once

#include <stdexcept>

// Every use of RapidJSON sees json.hpp's one RAPIDJSON_ASSERT: a misuse throws instead of being
// undefined behaviour in a release build. valijson's adapter would define one that builds a std::string
// of __FILE__ at every RapidJSON accessor call (a third of the reading time of a big scenario went to
// those allocations). It defines it only when VALIJSON_USE_EXCEPTIONS is set (and warns when one exists),
// so the adapter is included with that macro set aside, after the valijson headers that do depend on it.
#include <valijson/exceptions.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>
#include "sandtable/core/io/json.hpp"
#pragma push_macro("VALIJSON_USE_EXCEPTIONS")
#undef VALIJSON_USE_EXCEPTIONS
#include <valijson/adapters/rapidjson_adapter.hpp>
#pragma pop_macro("VALIJSON_USE_EXCEPTIONS")
#include <rapidjson/document.h>

#include "sandtable/core/util/bulk_memory.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace sandtable::core::io::detail {

/// A parsed JSON text; the document owns copies of its strings, so the text may go once it is parsed.
/// Its values live in a pool whose first block is BulkMemory sized from the text (RapidJSON's
/// MemoryPoolAllocator with a user buffer): the tree of a scenario takes about 1.3 times its text's bytes
/// (measured on the 34 MB bench scenario), so a block of 1.5 times the text holds it in huge pages; a
/// larger tree goes on in 1 MiB chunks from the heap.
struct JsonTree {
    /// `textBytes`: the size of the text to be parsed. Throws std::bad_alloc.
    explicit JsonTree(std::size_t textBytes = 0);
    JsonTree(const JsonTree&) = delete;
    JsonTree& operator=(const JsonTree&) = delete;

    util::BulkMemory poolBlock;
    rapidjson::MemoryPoolAllocator<> pool;
    rapidjson::Document document;
};

/// Parses `text` (RapidJSON, where it lies; UTF-8 checked; a leading UTF-8 byte-order mark skipped).
/// Numbers are converted by std::from_chars, so every double is the one strtod reads (the shortest form
/// sandtable writes reads back to the same bits) and integers stay integers: unsigned when not negative,
/// as RapidJSON's own reader gives them. The caps of limits.hpp on outside JSON hold as it parses: the
/// text's size (kMaxScenarioFileBytes), the nesting (kMaxJsonDepth: the parse stops as the level past it
/// opens, before any recursion could exhaust the stack) and each string's length (kMaxStringBytes).
/// Throws FormatError(sourceName, "", "not valid JSON: <reason> at line L, column C"), or one naming the
/// cap, in the process's language.
void parseJson(std::string_view text, const std::string& sourceName, JsonTree& tree);

} // namespace sandtable::core::io::detail
