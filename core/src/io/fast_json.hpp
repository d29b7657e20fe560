// SPDX-License-Identifier: GPL-3.0-or-later
// A read-only JSON tree parsed in one pass into an arena, for the fast path of reading big scenario
// documents (scenario_file.cpp). It accepts exactly the documents nlohmann::json accepts and gives the
// same values, or refuses: anything it is not sure of (a byte-order mark, duplicate keys, a number out of
// double's range, a string or nesting over limits.hpp's caps) makes parse() return false, and the
// caller then takes the nlohmann path, which reports what is wrong.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace sandtable::core::fastjson {

/// Numbers: an array whose items are all Float (a coordinate pair, an extent), stored as plain doubles.
enum class Kind : std::uint8_t { Null, False, True, Integer, Unsigned, Float, String, Array, Numbers, Object };

struct Member;

/// One value; strings point into the parsed text when they hold no escape, else into the arena.
struct Value {
    Kind kind = Kind::Null;
    std::uint32_t size = 0; ///< bytes of a string, items of an array (Array or Numbers), members of an object
    union {
        std::int64_t integer;   ///< Integer: a negative whole number (nlohmann's number_integer)
        std::uint64_t unsignedInteger; ///< Unsigned: a non-negative whole number (number_unsigned)
        double number;          ///< Float
        const char* text;       ///< String
        const Value* items;     ///< Array
        const double* numbers;  ///< Numbers
        const Member* members;  ///< Object, in document order
    };

    Value() : integer(0) {}

    bool isNumber() const { return kind == Kind::Integer || kind == Kind::Unsigned || kind == Kind::Float; }
    bool isWhole() const { return kind == Kind::Integer || kind == Kind::Unsigned; }
    bool isString() const { return kind == Kind::String; }
    /// An array of values (not a packed Numbers array: see isAnyArray and item()).
    bool isArray() const { return kind == Kind::Array; }
    bool isAnyArray() const { return kind == Kind::Array || kind == Kind::Numbers; }
    bool isObject() const { return kind == Kind::Object; }
    std::string_view string() const { return {text, size}; }
    /// The number as nlohmann's get<double>() gives it (a static_cast of a whole number).
    double asDouble() const
    {
        return kind == Kind::Float ? number : kind == Kind::Integer ? static_cast<double>(integer) : static_cast<double>(unsignedInteger);
    }
    /// Item i of an Array or Numbers array (a Float for the latter).
    Value item(std::uint32_t i) const
    {
        if (kind == Kind::Array)
            return items[i];
        Value v;
        v.kind = Kind::Float;
        v.number = numbers[i];
        return v;
    }
    /// The items of an Array (not of a Numbers array).
    const Value* begin() const { return items; }
    const Value* end() const { return items + size; }
    /// The member named `key`, or nullptr (objects only; keys are unique).
    const Value* find(std::string_view key) const;
};

struct Member {
    const char* key = nullptr;
    std::uint32_t keySize = 0;
    Value value;
    std::string_view name() const { return {key, keySize}; }
};

/// The tree of one document. Strings without escapes point into the text given to parse(), which must
/// outlive the document.
class Document {
public:
    Document();
    ~Document();
    Document(const Document&) = delete;
    Document& operator=(const Document&) = delete;

    /// Parses `text` as nlohmann::json::parse would (RFC 8259, UTF-8 checked, nothing after the value),
    /// with the depth and string caps of checkJsonLimits. False when it cannot be sure of the result.
    bool parse(std::string_view text);

    const Value& root() const { return m_root; }

    /// `value` as an ordered_json (keys in document order), for the small parts of a document.
    static nlohmann::ordered_json toOrderedJson(const Value& value);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    Value m_root;
};

} // namespace sandtable::core::fastjson
