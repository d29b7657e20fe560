// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a schema-valid document's members straight from its RapidJSON tree (private to core/src/io).
#pragma once

#include "sandtable/core/io/json.hpp"
#include "sandtable/core/model/attributes.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::core::io::detail {

/// A view of one value of a parsed tree (the tree must outlive it). The schema has checked the document
/// before these readers run, so a missing member or a value of the wrong kind is a bug or a reader ahead of
/// the schema: each throws std::invalid_argument naming the member or the kind, which the scenario reader
/// turns into a FormatError naming the JSON pointer. A member named twice is read as its last value (as the
/// schema check and RFC 8259's most common reading take it).
class JsonIn {
public:
    explicit JsonIn(const JsonValue& value) : m_value(&value) {}

    const JsonValue& raw() const noexcept { return *m_value; }
    bool isNull() const noexcept { return m_value->IsNull(); }
    bool isString() const noexcept { return m_value->IsString(); }

    /// The member `name` (std::invalid_argument when there is none).
    JsonIn at(std::string_view name) const;
    /// The item `index` of an array (std::invalid_argument when there is none).
    JsonIn at(std::size_t index) const;
    bool contains(std::string_view name) const noexcept { return find(name) != nullptr; }
    /// The member `name`, or null.
    const JsonValue* find(std::string_view name) const noexcept;

    std::string string() const;
    /// An integer; a number with a fraction is cut toward zero.
    std::int64_t integer() const;
    int integer32() const { return static_cast<int>(integer()); }
    std::uint64_t unsignedInteger() const;
    double number() const;
    bool boolean() const;

    /// The member `name` read by the functions above, or `fallback` when there is none.
    std::string stringOr(std::string_view name, std::string_view fallback) const;
    int intOr(std::string_view name, int fallback) const;
    double numberOr(std::string_view name, double fallback) const;
    bool boolOr(std::string_view name, bool fallback) const;

    /// The items of this array (std::invalid_argument when it is not one).
    std::vector<JsonIn> items() const;
    /// The items of the array member `name`; none when there is no such member.
    std::vector<JsonIn> itemsOf(std::string_view name) const;
    /// The members of this object in their order (std::invalid_argument when it is not one).
    std::vector<std::pair<std::string, JsonIn>> members() const;
    /// The strings of the array member `name`; none when there is no such member.
    std::vector<std::string> stringsOf(std::string_view name) const;

    /// The value as an attribute value (objects keep their member order; a name given twice keeps its first
    /// place and its last value; an integer beyond 64 signed bits becomes a number).
    AttributeValue attribute() const;

private:
    const JsonValue* m_value;
};

} // namespace sandtable::core::io::detail
