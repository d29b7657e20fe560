// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text to a RapidJSON tree, and a RapidJSON subtree to the model's nlohmann values (private to core/src/io).
#pragma once

#include <nlohmann/json.hpp>
// valijson's adapter first: it defines RAPIDJSON_ASSERT (an exception instead of abort()) for every use of
// RapidJSON in core, which must see the one definition.
#include <valijson/adapters/rapidjson_adapter.hpp>
#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace sandtable::core::detail {

/// Parses `text` into `document` (RapidJSON, full-precision numbers: every double is the one strtod reads;
/// UTF-8 checked). Throws FormatError(sourceName, "", "not valid JSON: <reason> at line L, column C").
void parseJson(std::string_view text, const std::string& sourceName, rapidjson::Document& document);

/// The same value as an ordered nlohmann value (member order kept; integers stay integers: unsigned when
/// they are not negative, as nlohmann's own parser reads them).
nlohmann::ordered_json toOrderedJson(const rapidjson::Value& value);

} // namespace sandtable::core::detail
