// SPDX-License-Identifier: GPL-3.0-or-later
// Reading JSON texts in tests (the CLI's --json results, files sandtable writes) with RapidJSON: a parsed
// document and views of its values with short accessors.
#pragma once

#include "sandtable/core/io/json.hpp"

#include <rapidjson/error/en.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace sandtable::test {

/// One value of a parsed document (parseJson), which it keeps alive: a view taken of a temporary document
/// stays valid. Default-constructed: null. Accessors throw std::out_of_range for a missing member or item and
/// std::logic_error for a value of another kind, so a test fails naming what it looked for.
class JsonView {
public:
    JsonView() : m_value(&null()) {}
    JsonView(std::shared_ptr<const rapidjson::Document> owner, const rapidjson::Value& value) : m_owner(std::move(owner)), m_value(&value) {}

    /// An empty object (a fallback for value()).
    static JsonView object()
    {
        static const rapidjson::Value empty(rapidjson::kObjectType);
        return JsonView(nullptr, empty);
    }

    /// The member `name` of an object.
    JsonView at(std::string_view name) const
    {
        if (m_value->IsObject())
            for (const auto& m : m_value->GetObject())
                if (std::string_view(m.name.GetString(), m.name.GetStringLength()) == name)
                    return JsonView(m_owner, m.value);
        throw std::out_of_range("no member '" + std::string(name) + "' in " + dump());
    }
    /// The item `index` of an array.
    template <std::integral I>
    JsonView at(I index) const
    {
        bool negative = false;
        if constexpr (std::is_signed_v<I>)
            negative = index < 0;
        if (!m_value->IsArray() || negative || static_cast<std::size_t>(index) >= m_value->Size())
            throw std::out_of_range("no item " + std::to_string(index) + " in " + dump());
        return JsonView(m_owner, (*m_value)[static_cast<rapidjson::SizeType>(index)]);
    }
    bool contains(std::string_view name) const
    {
        if (m_value->IsObject())
            for (const auto& m : m_value->GetObject())
                if (std::string_view(m.name.GetString(), m.name.GetStringLength()) == name)
                    return true;
        return false;
    }
    /// Items of an array, members of an object, 0 for anything else.
    std::size_t size() const { return m_value->IsArray() ? m_value->Size() : m_value->IsObject() ? m_value->MemberCount() : 0; }
    bool empty() const { return size() == 0; }

    bool is_null() const { return m_value->IsNull(); }
    bool is_boolean() const { return m_value->IsBool(); }
    bool is_number() const { return m_value->IsNumber(); }
    bool is_number_integer() const { return m_value->IsInt64() || m_value->IsUint64(); }
    bool is_string() const { return m_value->IsString(); }
    bool is_array() const { return m_value->IsArray(); }
    bool is_object() const { return m_value->IsObject(); }

    /// The value as T: std::string, bool, an arithmetic type (an integer from a number with a fraction
    /// throws), or a std::vector of these.
    template <class T>
    T get() const
    {
        if constexpr (std::is_same_v<T, std::string>) {
            require(m_value->IsString(), "a string");
            return std::string(m_value->GetString(), m_value->GetStringLength());
        } else if constexpr (std::is_same_v<T, bool>) {
            require(m_value->IsBool(), "a boolean");
            return m_value->GetBool();
        } else if constexpr (std::is_floating_point_v<T>) {
            require(m_value->IsNumber(), "a number");
            return static_cast<T>(m_value->GetDouble());
        } else if constexpr (std::is_integral_v<T>) {
            require(m_value->IsNumber(), "a number");
            if (m_value->IsInt64())
                return static_cast<T>(m_value->GetInt64());
            return m_value->IsUint64() ? static_cast<T>(m_value->GetUint64()) : static_cast<T>(m_value->GetDouble());
        } else {
            require(m_value->IsArray(), "an array");
            T out;
            for (const rapidjson::Value& item : m_value->GetArray())
                out.push_back(JsonView(m_owner, item).get<typename T::value_type>());
            return out;
        }
    }

    /// The members of an object in their order.
    std::vector<std::pair<std::string, JsonView>> items() const
    {
        require(m_value->IsObject(), "an object");
        std::vector<std::pair<std::string, JsonView>> out;
        for (const auto& m : m_value->GetObject())
            out.emplace_back(std::string(m.name.GetString(), m.name.GetStringLength()), JsonView(m_owner, m.value));
        return out;
    }

    /// The items of an array (range-for).
    class Iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = JsonView;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = JsonView;
        Iterator() : m_at(nullptr) {}
        Iterator(const std::shared_ptr<const rapidjson::Document>& owner, const rapidjson::Value* at) : m_owner(owner), m_at(at) {}
        JsonView operator*() const { return JsonView(m_owner, *m_at); }
        Iterator& operator++()
        {
            ++m_at;
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator before = *this;
            ++m_at;
            return before;
        }
        bool operator==(const Iterator& other) const { return m_at == other.m_at; }

    private:
        std::shared_ptr<const rapidjson::Document> m_owner;
        const rapidjson::Value* m_at;
    };
    Iterator begin() const
    {
        require(m_value->IsArray(), "an array");
        return Iterator(m_owner, m_value->Begin());
    }
    Iterator end() const { return Iterator(m_owner, m_value->End()); }

    JsonView operator[](std::string_view name) const { return at(name); }
    JsonView operator[](const char* name) const { return at(std::string_view(name)); }
    template <std::integral I>
    JsonView operator[](I index) const
    {
        return at(index);
    }
    /// The member `name` as T (see get), or `fallback` when there is none.
    template <class T>
    T value(std::string_view name, T fallback) const
    {
        return contains(name) ? at(name).get<T>() : fallback;
    }
    JsonView value(std::string_view name, JsonView fallback) const { return contains(name) ? at(name) : fallback; }
    std::string value(std::string_view name, const char* fallback) const { return value(name, std::string(fallback)); }

    /// The value written on one line (RapidJSON's writer), for messages.
    std::string dump() const
    {
        rapidjson::StringBuffer buffer;
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        m_value->Accept(writer);
        return std::string(buffer.GetString(), buffer.GetSize());
    }
    const rapidjson::Value& raw() const { return *m_value; }

    /// The same value (members in any order, as RFC 8259 has it; 1 == 1.0).
    bool operator==(const JsonView& other) const { return *m_value == *other.m_value; }
    bool operator==(std::string_view text) const
    {
        return m_value->IsString() && std::string_view(m_value->GetString(), m_value->GetStringLength()) == text;
    }
    bool operator==(const char* text) const { return *this == std::string_view(text); }
    bool operator==(bool b) const { return m_value->IsBool() && m_value->GetBool() == b; }
    bool operator==(std::nullptr_t) const { return m_value->IsNull(); }
    template <class T>
        requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
    bool operator==(T number) const
    {
        return m_value->IsNumber() && m_value->GetDouble() == static_cast<double>(number);
    }

private:
    static const rapidjson::Value& null()
    {
        static const rapidjson::Value value;
        return value;
    }
    void require(bool holds, const char* kind) const
    {
        if (!holds)
            throw std::logic_error("not " + std::string(kind) + ": " + dump());
    }

    std::shared_ptr<const rapidjson::Document> m_owner;
    const rapidjson::Value* m_value;
};

inline std::ostream& operator<<(std::ostream& out, const JsonView& view) { return out << view.dump(); }

/// The root of `text` parsed (RapidJSON, members in their order); throws std::runtime_error naming RapidJSON's
/// reason and the offset when it is not JSON.
inline JsonView parseJson(std::string_view text)
{
    auto document = std::make_shared<rapidjson::Document>();
    document->Parse<rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
    if (document->HasParseError())
        throw std::runtime_error(std::string("not JSON: ") + rapidjson::GetParseError_En(document->GetParseError()) + " at offset "
            + std::to_string(document->GetErrorOffset()) + " of: " + std::string(text.substr(0, 200)));
    const rapidjson::Value& root = *document;
    return JsonView(std::move(document), root);
}

} // namespace sandtable::test
