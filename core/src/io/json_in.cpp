// SPDX-License-Identifier: GPL-3.0-or-later
// Reading members of a RapidJSON tree (see json_in.hpp).
#include "json_in.hpp"

#include "sandtable/core/i18n/i18n.hpp"

#include <limits>
#include <stdexcept>

namespace sandtable::core::io::detail {
namespace {

std::string_view text(const JsonValue& v) { return {v.GetString(), v.GetStringLength()}; }

[[noreturn]] void wrongKind(const char* expected)
{
    throw std::invalid_argument(i18n::format(_("the value is not {1}"), {_(expected)}));
}

} // namespace

const JsonValue* JsonIn::find(std::string_view name) const noexcept
{
    if (!m_value->IsObject())
        return nullptr;
    const JsonValue* found = nullptr;
    for (const auto& m : m_value->GetObject())
        if (text(m.name) == name)
            found = &m.value;
    return found;
}

JsonIn JsonIn::at(std::string_view name) const
{
    if (const JsonValue* v = find(name))
        return JsonIn(*v);
    throw std::invalid_argument(i18n::format(_("the member '{1}' is missing"), {std::string(name)}));
}

JsonIn JsonIn::at(std::size_t index) const
{
    if (!m_value->IsArray() || index >= m_value->Size())
        throw std::invalid_argument(i18n::format(_("the array has no item {1}"), {std::to_string(index)}));
    return JsonIn((*m_value)[static_cast<rapidjson::SizeType>(index)]);
}

std::string JsonIn::string() const
{
    if (!m_value->IsString())
        wrongKind(N_("a string"));
    return std::string(text(*m_value));
}

std::int64_t JsonIn::integer() const
{
    if (m_value->IsInt64())
        return m_value->GetInt64();
    if (m_value->IsUint64())
        return static_cast<std::int64_t>(m_value->GetUint64());
    if (!m_value->IsNumber())
        wrongKind(N_("a number"));
    return static_cast<std::int64_t>(m_value->GetDouble());
}

std::uint64_t JsonIn::unsignedInteger() const
{
    if (m_value->IsUint64())
        return m_value->GetUint64();
    return static_cast<std::uint64_t>(integer());
}

double JsonIn::number() const
{
    if (!m_value->IsNumber())
        wrongKind(N_("a number"));
    return m_value->GetDouble();
}

bool JsonIn::boolean() const
{
    if (!m_value->IsBool())
        wrongKind(N_("a boolean"));
    return m_value->GetBool();
}

std::string JsonIn::stringOr(std::string_view name, std::string_view fallback) const
{
    const JsonValue* v = find(name);
    return v ? JsonIn(*v).string() : std::string(fallback);
}

int JsonIn::intOr(std::string_view name, int fallback) const
{
    const JsonValue* v = find(name);
    return v ? JsonIn(*v).integer32() : fallback;
}

double JsonIn::numberOr(std::string_view name, double fallback) const
{
    const JsonValue* v = find(name);
    return v ? JsonIn(*v).number() : fallback;
}

bool JsonIn::boolOr(std::string_view name, bool fallback) const
{
    const JsonValue* v = find(name);
    return v ? JsonIn(*v).boolean() : fallback;
}

std::vector<JsonIn> JsonIn::items() const
{
    if (!m_value->IsArray())
        wrongKind(N_("an array"));
    std::vector<JsonIn> out;
    out.reserve(m_value->Size());
    for (const JsonValue& item : m_value->GetArray())
        out.emplace_back(item);
    return out;
}

std::vector<JsonIn> JsonIn::itemsOf(std::string_view name) const
{
    const JsonValue* v = find(name);
    return v ? JsonIn(*v).items() : std::vector<JsonIn>{};
}

std::vector<std::pair<std::string, JsonIn>> JsonIn::members() const
{
    if (!m_value->IsObject())
        wrongKind(N_("an object"));
    std::vector<std::pair<std::string, JsonIn>> out;
    for (const auto& m : m_value->GetObject())
        out.emplace_back(std::string(text(m.name)), JsonIn(m.value));
    return out;
}

std::vector<std::string> JsonIn::stringsOf(std::string_view name) const
{
    std::vector<std::string> out;
    for (const JsonIn& item : itemsOf(name))
        out.push_back(item.string());
    return out;
}

AttributeValue JsonIn::attribute() const
{
    const JsonValue& v = *m_value;
    switch (v.GetType()) {
    case rapidjson::kNullType: return {};
    case rapidjson::kFalseType: return false;
    case rapidjson::kTrueType: return true;
    case rapidjson::kStringType: return std::string(text(v));
    case rapidjson::kNumberType:
        if (v.IsInt64())
            return v.GetInt64();
        return v.GetDouble(); // a double, or an unsigned integer past the signed 64 bits
    case rapidjson::kArrayType: {
        AttributeValue::Array out;
        out.reserve(v.Size());
        for (const JsonValue& item : v.GetArray())
            out.push_back(JsonIn(item).attribute());
        return out;
    }
    case rapidjson::kObjectType: {
        Attributes out;
        for (const auto& m : v.GetObject())
            out[text(m.name)] = JsonIn(m.value).attribute();
        return out;
    }
    }
    return {};
}

} // namespace sandtable::core::io::detail
