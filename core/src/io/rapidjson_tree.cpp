// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text to a RapidJSON tree, and a RapidJSON subtree to the model's nlohmann values.
#include "rapidjson_tree.hpp"

#include "sandtable/core/util/error.hpp"

#include <rapidjson/error/en.h>

#include <algorithm>

namespace sandtable::core::detail {

void parseJson(std::string_view text, const std::string& sourceName, rapidjson::Document& document)
{
    constexpr unsigned kFlags = rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag;
    // A UTF-8 byte-order mark (Windows editors write one) is not part of the JSON text (RFC 8259 section
    // 8.1 lets a parser ignore it, as nlohmann's does).
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    document.Parse<kFlags>(text.data(), text.size());
    if (!document.HasParseError())
        return;
    const std::size_t offset = std::min(document.GetErrorOffset(), text.size());
    const std::string_view before = text.substr(0, offset);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t lineStart = before.rfind('\n');
    const std::size_t column = offset - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
    throw FormatError(sourceName, "", std::string("not valid JSON: ") + rapidjson::GetParseError_En(document.GetParseError())
            + " at line " + std::to_string(line) + ", column " + std::to_string(column));
}

nlohmann::ordered_json toOrderedJson(const rapidjson::Value& value)
{
    switch (value.GetType()) {
    case rapidjson::kNullType: return nullptr;
    case rapidjson::kFalseType: return false;
    case rapidjson::kTrueType: return true;
    case rapidjson::kStringType: return std::string(value.GetString(), value.GetStringLength());
    case rapidjson::kNumberType:
        if (value.IsUint64())
            return value.GetUint64();
        if (value.IsInt64())
            return value.GetInt64();
        return value.GetDouble();
    case rapidjson::kArrayType: {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        out.get_ref<nlohmann::ordered_json::array_t&>().reserve(value.Size());
        for (const rapidjson::Value& item : value.GetArray())
            out.push_back(toOrderedJson(item));
        return out;
    }
    case rapidjson::kObjectType: {
        nlohmann::ordered_json out = nlohmann::ordered_json::object();
        for (const auto& m : value.GetObject())
            out[std::string(m.name.GetString(), m.name.GetStringLength())] = toOrderedJson(m.value);
        return out;
    }
    }
    return nullptr;
}

} // namespace sandtable::core::detail
