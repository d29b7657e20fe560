// SPDX-License-Identifier: GPL-3.0-or-later
// A JSON Schema (draft 7) checker over fastjson trees for the fast path of reading scenario documents.
// It gives valijson's answer, as scenario_file.cpp configures it (strong types, regex_search with
// std::regex, lengths in UTF-8 characters), for the keywords it knows, and "unsure" for anything else
// (an unknown keyword, a number valijson would read differently): the caller then asks valijson. It
// collects no error texts; valijson reports them.
#pragma once

#include "fast_json.hpp"

#include <nlohmann/json.hpp>

#include <memory>

namespace sandtable::core::fastschema {

enum class Verdict { Valid, Invalid, Unsure };

class Schema {
public:
    /// Compiles a draft-7 schema document; $ref "#/..." pointers are resolved within it.
    explicit Schema(const nlohmann::json& document);
    ~Schema();
    Schema(const Schema&) = delete;
    Schema& operator=(const Schema&) = delete;

    /// True when every keyword of the schema is one this checker knows (then Unsure only comes from
    /// values it leaves to valijson).
    bool complete() const;

    /// `value` against the schema. Arrays of at least `parallelItems` items have their second half
    /// checked on another thread (0: never).
    Verdict validate(const fastjson::Value& value, std::size_t parallelItems = 0) const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace sandtable::core::fastschema
