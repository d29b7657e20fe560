// SPDX-License-Identifier: GPL-3.0-or-later
// A terrain feature's class attributes: typed values (the kinds a JSON value or a GeoJSON/GeoPackage field can
// hold) under names, in the order they were first set.
#pragma once

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace sandtable::core {

class AttributeValue;

/// Named values in the order their names were first set (a scenario file's member order, so a document read
/// and saved again keeps its bytes). Setting a name again replaces its value in place; a name is held once.
class Attributes {
public:
    using Member = std::pair<std::string, AttributeValue>;
    using const_iterator = std::vector<Member>::const_iterator;

    Attributes() = default;
    Attributes(std::initializer_list<Member> members);

    bool empty() const noexcept;
    std::size_t size() const noexcept;
    bool contains(std::string_view name) const noexcept { return find(name) != nullptr; }
    /// The value under `name`, or null when there is none.
    const AttributeValue* find(std::string_view name) const noexcept;
    AttributeValue* find(std::string_view name) noexcept;
    /// The value under `name`; throws std::out_of_range when there is none.
    const AttributeValue& at(std::string_view name) const;
    /// The value under `name`; a null value appended under it when there is none.
    AttributeValue& operator[](std::string_view name);
    /// Removes `name`; whether it was there.
    bool erase(std::string_view name);
    const_iterator begin() const noexcept;
    const_iterator end() const noexcept;

    bool operator==(const Attributes& other) const;

private:
    // The members' bodies that use the vector come after AttributeValue, a complete type from there on (clang
    // instantiates them where they are written; GCC waits).
    std::vector<Member> m_members;
};

/// One attribute value: null, a boolean, an integer (64-bit), a number (double), a string (UTF-8), an array
/// of values or named values (an object: a hill's ridgeline is a GeoJSON LineString). The as*() accessors
/// throw std::bad_variant_access when the value is of another kind (asNumber also takes an integer).
class AttributeValue {
public:
    using Array = std::vector<AttributeValue>;
    enum class Kind { Null, Boolean, Integer, Number, String, Array, Object };

    AttributeValue() = default;
    AttributeValue(std::nullptr_t) {}
    AttributeValue(bool value) : m_value(value) {}
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    AttributeValue(T value) : m_value(static_cast<std::int64_t>(value)) {}
    AttributeValue(double value) : m_value(value) {}
    AttributeValue(std::string value) : m_value(std::move(value)) {}
    AttributeValue(std::string_view value) : m_value(std::string(value)) {}
    AttributeValue(const char* value) : m_value(std::string(value)) {}
    AttributeValue(Array value) : m_value(std::move(value)) {}
    AttributeValue(Attributes value) : m_value(std::move(value)) {}

    Kind kind() const noexcept { return static_cast<Kind>(m_value.index()); }
    bool isNull() const noexcept { return kind() == Kind::Null; }
    bool isBool() const noexcept { return kind() == Kind::Boolean; }
    bool isInteger() const noexcept { return kind() == Kind::Integer; }
    /// An integer or a number.
    bool isNumber() const noexcept { return kind() == Kind::Integer || kind() == Kind::Number; }
    bool isString() const noexcept { return kind() == Kind::String; }
    bool isArray() const noexcept { return kind() == Kind::Array; }
    bool isObject() const noexcept { return kind() == Kind::Object; }

    bool asBool() const { return std::get<bool>(m_value); }
    std::int64_t asInteger() const { return std::get<std::int64_t>(m_value); }
    double asNumber() const { return isInteger() ? static_cast<double>(asInteger()) : std::get<double>(m_value); }
    const std::string& asString() const { return std::get<std::string>(m_value); }
    const Array& asArray() const { return std::get<Array>(m_value); }
    Array& asArray() { return std::get<Array>(m_value); }
    const Attributes& asObject() const { return std::get<Attributes>(m_value); }
    Attributes& asObject() { return std::get<Attributes>(m_value); }

    /// Whether this is the string `text` (false for any other kind).
    bool isString(std::string_view text) const noexcept { return isString() && std::get<std::string>(m_value) == text; }

    /// The same kind and value (an integer is never equal to a number).
    bool operator==(const AttributeValue& other) const { return m_value == other.m_value; }

private:
    std::variant<std::monostate, bool, std::int64_t, double, std::string, Array, Attributes> m_value;
};

inline Attributes::Attributes(std::initializer_list<Member> members)
{
    for (const Member& m : members)
        (*this)[m.first] = m.second;
}

inline const AttributeValue* Attributes::find(std::string_view name) const noexcept
{
    for (const Member& m : m_members)
        if (m.first == name)
            return &m.second;
    return nullptr;
}

inline AttributeValue* Attributes::find(std::string_view name) noexcept
{
    return const_cast<AttributeValue*>(static_cast<const Attributes&>(*this).find(name));
}

inline const AttributeValue& Attributes::at(std::string_view name) const
{
    if (const AttributeValue* found = find(name))
        return *found;
    throw std::out_of_range("no attribute '" + std::string(name) + "'");
}

inline AttributeValue& Attributes::operator[](std::string_view name)
{
    if (AttributeValue* found = find(name))
        return *found;
    return m_members.emplace_back(std::string(name), AttributeValue()).second;
}

inline bool Attributes::erase(std::string_view name)
{
    for (auto it = m_members.begin(); it != m_members.end(); ++it)
        if (it->first == name) {
            m_members.erase(it);
            return true;
        }
    return false;
}

inline bool Attributes::operator==(const Attributes& other) const { return m_members == other.m_members; }

inline bool Attributes::empty() const noexcept
{
    return m_members.empty();
}

inline std::size_t Attributes::size() const noexcept
{
    return m_members.size();
}

inline Attributes::const_iterator Attributes::begin() const noexcept
{
    return m_members.begin();
}

inline Attributes::const_iterator Attributes::end() const noexcept
{
    return m_members.end();
}

} // namespace sandtable::core
