// SPDX-License-Identifier: GPL-3.0-or-later
// JSON values for output (RapidJSON, the one JSON library of sandtable) and their deterministic text.
#pragma once

#include <stdexcept>

// Every use of RapidJSON sees this one RAPIDJSON_ASSERT: a misuse throws std::logic_error instead of being
// undefined behaviour in a release build. It must be the same in every file that includes RapidJSON, so
// RapidJSON is included through this header only (core/src/io/rapidjson_tree.hpp includes it too).
#ifndef RAPIDJSON_ASSERT
#define RAPIDJSON_ASSERT(x) ((x) ? static_cast<void>(0) : throw std::logic_error("RapidJSON assertion failed: " #x))
#endif
#include <rapidjson/document.h>

#include "sandtable/core/model/attributes.hpp"

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace sandtable::core::io {

namespace detail {
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
} // namespace detail

/// A JSON value (RapidJSON's DOM value). Values built by a JsonOut live in its pool.
using JsonValue = rapidjson::Value;

/// Builds JSON values for output in one memory pool: the one helper for the documents sandtable writes
/// (scenario files, `--json` results). Values are moved, never copied; strings are copied into the pool.
/// Objects keep their members in the order they were set. The JsonOut must outlive the values it made.
///
///     JsonOut out;
///     JsonValue unit = out.object("id", "u1", "strength", 3);
///     out.set(unit, "facing", 90.0);
///     std::string text = writeJson(unit);
class JsonOut {
public:
    JsonOut() = default;
    JsonOut(const JsonOut&) = delete;
    JsonOut& operator=(const JsonOut&) = delete;

    /// `v` as a JSON value: null (nullptr), a boolean, an integer (any integral type), a number (floating
    /// point; written in its shortest round-trip form, with ".0" when it has no fraction), a string
    /// (std::string, std::string_view or const char*), an array (std::vector of any of these), an
    /// attribute value or Attributes (an object), a std::optional of any of these (null when empty), or a
    /// JsonValue (moved in).
    template <class T>
    JsonValue value(T&& v);

    /// An object with the members `key, value, key, value, ...` in that order (none: an empty object).
    template <class... KeysAndValues>
    JsonValue object(KeysAndValues&&... membersInOrder)
    {
        static_assert(sizeof...(KeysAndValues) % 2 == 0, "object(key, value, key, value, ...)");
        JsonValue out(rapidjson::kObjectType);
        fill(out, std::forward<KeysAndValues>(membersInOrder)...);
        return out;
    }

    /// An array of the given values in that order (none: an empty array).
    template <class... Values>
    JsonValue array(Values&&... items)
    {
        JsonValue out(rapidjson::kArrayType);
        out.Reserve(static_cast<rapidjson::SizeType>(sizeof...(Values)), m_pool);
        (push(out, std::forward<Values>(items)), ...);
        return out;
    }

    /// Sets member `key` of `object` (an object) to value(v): replaced in place when `key` is there, else
    /// appended. Returns `object`.
    template <class T>
    JsonValue& set(JsonValue& object, std::string_view key, T&& v)
    {
        JsonValue item = value(std::forward<T>(v));
        // By index: RapidJSON's member iterators compare ambiguously under C++20 (clang warns).
        for (rapidjson::SizeType i = 0; i < object.MemberCount(); ++i) {
            auto& m = object.MemberBegin()[i];
            if (std::string_view(m.name.GetString(), m.name.GetStringLength()) == key) {
                m.value = std::move(item);
                return object;
            }
        }
        JsonValue name = string(key);
        object.AddMember(name, item, m_pool);
        return object;
    }

    /// Appends value(v) to `array` (an array). Returns `array`.
    template <class T>
    JsonValue& push(JsonValue& array, T&& v)
    {
        JsonValue item = value(std::forward<T>(v));
        array.PushBack(item, m_pool);
        return array;
    }

    /// The pool, for RapidJSON's own calls on values of this JsonOut.
    rapidjson::MemoryPoolAllocator<>& allocator() noexcept { return m_pool; }

private:
    JsonValue string(std::string_view s)
    {
        return JsonValue(s.data(), static_cast<rapidjson::SizeType>(s.size()), m_pool);
    }
    JsonValue attribute(const AttributeValue& v);
    JsonValue attributes(const Attributes& a);

    void fill(JsonValue&) {}
    template <class V, class... Rest>
    void fill(JsonValue& object, std::string_view key, V&& v, Rest&&... rest)
    {
        JsonValue name = string(key);
        JsonValue item = value(std::forward<V>(v));
        object.AddMember(name, item, m_pool);
        fill(object, std::forward<Rest>(rest)...);
    }

    rapidjson::MemoryPoolAllocator<> m_pool;
};

template <class T>
JsonValue JsonOut::value(T&& v)
{
    using U = std::remove_cvref_t<T>;
    JsonValue out;
    if constexpr (std::is_same_v<U, JsonValue>)
        out = std::move(v);
    else if constexpr (std::is_same_v<U, std::nullptr_t>)
        out.SetNull();
    else if constexpr (std::is_same_v<U, bool>)
        out.SetBool(v);
    else if constexpr (std::signed_integral<U>)
        out.SetInt64(static_cast<std::int64_t>(v));
    else if constexpr (std::unsigned_integral<U>)
        out.SetUint64(static_cast<std::uint64_t>(v));
    else if constexpr (std::floating_point<U>)
        out.SetDouble(static_cast<double>(v));
    else if constexpr (std::is_convertible_v<const U&, std::string_view>)
        out = string(std::string_view(v));
    else if constexpr (std::is_same_v<U, AttributeValue>)
        out = attribute(v);
    else if constexpr (std::is_same_v<U, Attributes>)
        out = attributes(v);
    else if constexpr (detail::IsOptional<U>::value) {
        if (v)
            out = value(*std::forward<T>(v));
    }
    else {
        out.SetArray();
        out.Reserve(static_cast<rapidjson::SizeType>(v.size()), m_pool);
        for (const auto& item : v)
            push(out, item);
    }
    return out;
}

/// `value` as JSON text, the same value always giving the same bytes: with `indent` spaces per level (0 = one
/// line, no spaces) and a final newline when indenting; members in their order; arrays of numbers, and arrays
/// of non-empty arrays of numbers (a ring of coordinates), on one line; integers as integers; other numbers in
/// the shortest form that reads back to the same double (std::to_chars), with ".0" when that has no fraction
/// or exponent, non-finite ones (which JSON cannot hold) as null; strings escaped as RFC 8259 requires (control
/// characters as a \u escape of four lowercase hex digits, e.g. U+001F as "\u001f"; UTF-8 kept, each
/// ill-formed UTF-8 sequence replaced by U+FFFD).
std::string writeJson(const JsonValue& value, int indent = 2);

} // namespace sandtable::core::io
