// SPDX-License-Identifier: GPL-3.0-or-later
// Draft-7 JSON Schema checks over fastjson trees, mirroring valijson's ValidationVisitor (strong types)
// keyword by keyword; see fast_schema.hpp. Unknown keywords make the subschema "unsupported" (Unsure).
#include "fast_schema.hpp"

#include <cmath>
#include <deque>
#include <future>
#include <map>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace sandtable::core::fastschema {

using fastjson::Kind;
using fastjson::Value;

namespace {

constexpr unsigned kNull = 1, kBoolean = 2, kInteger = 4, kNumber = 8, kString = 16, kArray = 32, kObject = 64;

/// Combines verdicts of constraints that must all hold: Invalid wins over Unsure (the value is invalid
/// whatever the unsure one says).
struct All {
    bool unsure = false;
    /// False when the verdict is settled as Invalid.
    bool add(Verdict v)
    {
        if (v == Verdict::Invalid)
            return false;
        if (v == Verdict::Unsure)
            unsure = true;
        return true;
    }
    Verdict result() const { return unsure ? Verdict::Unsure : Verdict::Valid; }
};

} // namespace

struct Node {
    bool alwaysInvalid = false; ///< the boolean schema false
    bool unsupported = false;   ///< a keyword or form this checker does not know
    unsigned types = 0;         ///< 0: no "type"
    std::vector<const nlohmann::json*> enumValues;
    bool hasEnum = false;
    const nlohmann::json* constValue = nullptr;
    bool hasProperties = false; ///< "properties" or "additionalProperties" present
    std::vector<std::pair<std::string, const Node*>> properties;
    const Node* additional = nullptr; ///< null with hasProperties: additionalProperties false
    std::vector<std::string> required;
    const Node* items = nullptr;
    std::optional<std::uint64_t> minItems, maxItems, minLength, maxLength;
    std::optional<std::regex> pattern;
    std::optional<double> minimum, maximum, exclusiveMinimum, exclusiveMaximum;
    std::vector<const Node*> allOf, anyOf, oneOf;
    const Node* notSchema = nullptr;
    const Node* ifSchema = nullptr;
    const Node* thenSchema = nullptr;
    const Node* elseSchema = nullptr;
};

struct Schema::Impl {
    const nlohmann::json* document = nullptr;
    std::deque<Node> nodes;
    std::map<const nlohmann::json*, Node*> compiled;
    Node anything; ///< the empty schema
    const Node* root = nullptr;
    bool complete = true;

    const nlohmann::json* resolve(const std::string& ref)
    {
        if (ref.empty() || ref[0] != '#')
            return nullptr;
        try {
            const nlohmann::json::json_pointer pointer(ref.substr(1));
            if (!document->contains(pointer))
                return nullptr;
            return &document->at(pointer);
        } catch (const nlohmann::json::exception&) {
            return nullptr;
        }
    }

    const Node* compile(const nlohmann::json& j)
    {
        // A $ref stands for what it points at; its sibling keywords are ignored (as valijson does).
        const nlohmann::json* target = &j;
        for (int hops = 0; target->is_object() && target->contains("$ref"); ++hops) {
            const auto& ref = (*target)["$ref"];
            const nlohmann::json* next = ref.is_string() && hops < 64 ? resolve(ref.get<std::string>()) : nullptr;
            if (!next) {
                Node& bad = nodes.emplace_back();
                bad.unsupported = true;
                complete = false;
                return &bad;
            }
            target = next;
        }
        if (const auto it = compiled.find(target); it != compiled.end())
            return it->second;
        Node& node = nodes.emplace_back();
        compiled[target] = &node;
        populate(node, *target);
        return &node;
    }

    void unsupported(Node& node)
    {
        node.unsupported = true;
        complete = false;
    }

    static std::optional<std::uint64_t> count(const nlohmann::json& j)
    {
        if (j.is_number_unsigned())
            return j.get<std::uint64_t>();
        if (j.is_number_integer() && j.get<std::int64_t>() >= 0)
            return static_cast<std::uint64_t>(j.get<std::int64_t>());
        return std::nullopt;
    }

    static bool scalar(const nlohmann::json& j)
    {
        return j.is_null() || j.is_boolean() || j.is_string() || (j.is_number() && !j.is_number_unsigned())
            || (j.is_number_unsigned() && j.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX));
    }

    void populate(Node& node, const nlohmann::json& j)
    {
        if (j.is_boolean()) {
            node.alwaysInvalid = !j.get<bool>();
            return;
        }
        if (!j.is_object()) {
            unsupported(node);
            return;
        }
        for (const auto& [key, value] : j.items()) {
            if (key == "$schema" || key == "$id" || key == "title" || key == "description" || key == "definitions"
                || key == "$comment" || key == "default" || key == "examples") {
                continue;
            } else if (key == "type") {
                const auto bit = [&](const nlohmann::json& name) -> unsigned {
                    if (!name.is_string())
                        return 0;
                    const std::string& s = name.get_ref<const std::string&>();
                    return s == "null" ? kNull : s == "boolean" ? kBoolean : s == "integer" ? kInteger
                        : s == "number" ? kNumber : s == "string" ? kString : s == "array" ? kArray
                        : s == "object" ? kObject : 0u;
                };
                if (value.is_string()) {
                    node.types = bit(value);
                } else if (value.is_array()) {
                    for (const auto& t : value)
                        node.types |= bit(t) ? bit(t) : 0x80000000u;
                } else {
                    node.types = 0x80000000u;
                }
                if (node.types == 0 || (node.types & 0x80000000u))
                    unsupported(node);
            } else if (key == "enum") {
                if (!value.is_array()) {
                    unsupported(node);
                    continue;
                }
                node.hasEnum = true;
                for (const auto& v : value) {
                    if (!scalar(v))
                        unsupported(node);
                    node.enumValues.push_back(&v);
                }
            } else if (key == "const") {
                if (!scalar(value))
                    unsupported(node);
                node.constValue = &value;
            } else if (key == "properties") {
                node.hasProperties = true;
                if (!value.is_object()) {
                    unsupported(node);
                    continue;
                }
                for (const auto& [name, sub] : value.items())
                    node.properties.emplace_back(name, compile(sub));
            } else if (key == "additionalProperties") {
                // handled below with "properties"
            } else if (key == "required") {
                if (!value.is_array()) {
                    unsupported(node);
                    continue;
                }
                for (const auto& name : value) {
                    if (!name.is_string())
                        unsupported(node);
                    else
                        node.required.push_back(name.get<std::string>());
                }
            } else if (key == "items") {
                if (value.is_array())
                    unsupported(node); // tuple form
                else
                    node.items = compile(value);
            } else if (key == "minItems" || key == "maxItems" || key == "minLength" || key == "maxLength") {
                const auto n = count(value);
                if (!n) {
                    unsupported(node);
                    continue;
                }
                (key == "minItems" ? node.minItems : key == "maxItems" ? node.maxItems : key == "minLength" ? node.minLength : node.maxLength) = n;
            } else if (key == "pattern") {
                if (!value.is_string()) {
                    unsupported(node);
                    continue;
                }
                try {
                    node.pattern.emplace(value.get<std::string>());
                } catch (const std::regex_error&) {
                    unsupported(node);
                }
            } else if (key == "minimum" || key == "maximum" || key == "exclusiveMinimum" || key == "exclusiveMaximum") {
                if (!value.is_number() || (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))) {
                    unsupported(node);
                    continue;
                }
                const double d = value.is_number_float() ? value.get<double>() : static_cast<double>(value.get<std::int64_t>());
                (key == "minimum" ? node.minimum : key == "maximum" ? node.maximum : key == "exclusiveMinimum" ? node.exclusiveMinimum : node.exclusiveMaximum) = d;
            } else if (key == "allOf" || key == "anyOf" || key == "oneOf") {
                if (!value.is_array() || value.empty()) {
                    unsupported(node);
                    continue;
                }
                auto& list = key == "allOf" ? node.allOf : key == "anyOf" ? node.anyOf : node.oneOf;
                for (const auto& sub : value)
                    list.push_back(compile(sub));
            } else if (key == "not") {
                node.notSchema = compile(value);
            } else if (key == "if") {
                node.ifSchema = compile(value);
            } else if (key == "then") {
                node.thenSchema = compile(value);
            } else if (key == "else") {
                node.elseSchema = compile(value);
            } else {
                // format, patternProperties, dependencies, uniqueItems, multipleOf, contains, ...
                unsupported(node);
            }
        }
        if (const auto it = j.find("additionalProperties"); it != j.end()) {
            node.hasProperties = true;
            if (it->is_boolean())
                node.additional = it->get<bool>() ? &anything : nullptr;
            else if (it->is_object())
                node.additional = compile(*it);
            else
                unsupported(node);
        } else if (node.hasProperties) {
            node.additional = &anything;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Checking

    /// A number as valijson's asDouble/getNumber reads it; nullopt when it would wrap (uint64 > int64).
    static std::optional<double> number(const Value& v)
    {
        switch (v.kind) {
        case Kind::Float: return v.number;
        case Kind::Integer: return static_cast<double>(v.integer);
        case Kind::Unsigned:
            if (v.unsignedInteger > static_cast<std::uint64_t>(INT64_MAX))
                return std::nullopt;
            return static_cast<double>(v.unsignedInteger);
        default: return std::nullopt;
        }
    }

    /// valijson's strict equalTo(schema value, target) for scalar schema values.
    static Verdict equal(const nlohmann::json& expected, const Value& v)
    {
        if (expected.is_null())
            return v.kind == Kind::Null ? Verdict::Valid : Verdict::Invalid;
        if (expected.is_boolean()) {
            if (v.kind != Kind::True && v.kind != Kind::False)
                return Verdict::Invalid;
            return (v.kind == Kind::True) == expected.get<bool>() ? Verdict::Valid : Verdict::Invalid;
        }
        if (expected.is_number()) {
            if (!v.isNumber())
                return Verdict::Invalid;
            const auto x = number(v);
            if (!x)
                return Verdict::Unsure;
            const double e = expected.is_number_float() ? expected.get<double>() : static_cast<double>(expected.get<std::int64_t>());
            return *x == e ? Verdict::Valid : Verdict::Invalid;
        }
        if (expected.is_string()) {
            if (v.kind != Kind::String)
                return Verdict::Invalid;
            return v.string() == expected.get_ref<const std::string&>() ? Verdict::Valid : Verdict::Invalid;
        }
        return Verdict::Unsure;
    }

    /// valijson's u8_strlen over c_str(): characters up to the first NUL; nullopt when there is a NUL.
    static std::optional<std::uint64_t> characters(std::string_view s)
    {
        std::uint64_t n = 0;
        for (const char c : s) {
            if (c == '\0')
                return std::nullopt;
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
                ++n;
        }
        return n;
    }

    Verdict check(const Node& node, const Value& v, std::size_t parallelItems) const
    {
        if (node.alwaysInvalid)
            return Verdict::Invalid;
        if (node.unsupported)
            return Verdict::Unsure;
        All all;
        if (node.types) {
            unsigned bit = 0;
            switch (v.kind) {
            case Kind::Null: bit = kNull; break;
            case Kind::False:
            case Kind::True: bit = kBoolean; break;
            case Kind::Integer:
            case Kind::Unsigned: bit = kInteger | kNumber; break;
            case Kind::Float: bit = kNumber; break;
            case Kind::String: bit = kString; break;
            case Kind::Array:
            case Kind::Numbers: bit = kArray; break;
            case Kind::Object: bit = kObject; break;
            }
            if (!(node.types & bit))
                return Verdict::Invalid;
        }
        if (node.hasEnum) {
            Verdict found = Verdict::Invalid;
            for (const nlohmann::json* e : node.enumValues) {
                const Verdict r = equal(*e, v);
                if (r == Verdict::Valid) {
                    found = Verdict::Valid;
                    break;
                }
                if (r == Verdict::Unsure)
                    found = Verdict::Unsure;
            }
            if (!all.add(found))
                return Verdict::Invalid;
        }
        if (node.constValue && !all.add(equal(*node.constValue, v)))
            return Verdict::Invalid;
        if (v.isNumber()) {
            const auto x = number(v);
            const bool bounded = node.minimum || node.maximum || node.exclusiveMinimum || node.exclusiveMaximum;
            if (bounded && !x) {
                all.unsure = true;
            } else if (bounded) {
                if ((node.minimum && *x < *node.minimum) || (node.maximum && *x > *node.maximum)
                    || (node.exclusiveMinimum && *x <= *node.exclusiveMinimum) || (node.exclusiveMaximum && *x >= *node.exclusiveMaximum))
                    return Verdict::Invalid;
            }
        } else if (v.kind == Kind::String) {
            if (node.minLength || node.maxLength) {
                const auto n = characters(v.string());
                if (!n)
                    all.unsure = true;
                else if ((node.minLength && *n < *node.minLength) || (node.maxLength && *n > *node.maxLength))
                    return Verdict::Invalid;
            }
            if (node.pattern && !std::regex_search(v.text, v.text + v.size, *node.pattern))
                return Verdict::Invalid;
        } else if (v.isAnyArray()) {
            if ((node.minItems && v.size < *node.minItems) || (node.maxItems && v.size > *node.maxItems))
                return Verdict::Invalid;
            if (node.items && !all.add(checkItems(*node.items, v, parallelItems)))
                return Verdict::Invalid;
        } else if (v.kind == Kind::Object) {
            for (const std::string& name : node.required)
                if (!v.find(name))
                    return Verdict::Invalid;
            if (node.hasProperties) {
                for (std::uint32_t i = 0; i < v.size; ++i) {
                    const fastjson::Member& m = v.members[i];
                    const Node* sub = nullptr;
                    for (const auto& [name, schema] : node.properties)
                        if (name == m.name()) {
                            sub = schema;
                            break;
                        }
                    if (!sub)
                        sub = node.additional;
                    if (!sub)
                        return Verdict::Invalid; // additionalProperties: false
                    if (!all.add(check(*sub, m.value, parallelItems)))
                        return Verdict::Invalid;
                }
            }
        }
        for (const Node* sub : node.allOf)
            if (!all.add(check(*sub, v, parallelItems)))
                return Verdict::Invalid;
        if (!node.anyOf.empty()) {
            Verdict any = Verdict::Invalid;
            for (const Node* sub : node.anyOf) {
                const Verdict r = check(*sub, v, parallelItems);
                if (r == Verdict::Valid) {
                    any = Verdict::Valid;
                    break;
                }
                if (r == Verdict::Unsure)
                    any = Verdict::Unsure;
            }
            if (!all.add(any))
                return Verdict::Invalid;
        }
        if (!node.oneOf.empty()) {
            int valid = 0;
            bool unsure = false;
            for (const Node* sub : node.oneOf) {
                const Verdict r = check(*sub, v, parallelItems);
                valid += r == Verdict::Valid ? 1 : 0;
                unsure = unsure || r == Verdict::Unsure;
            }
            if (unsure)
                all.unsure = true;
            else if (valid != 1)
                return Verdict::Invalid;
        }
        if (node.notSchema) {
            const Verdict r = check(*node.notSchema, v, parallelItems);
            if (r == Verdict::Valid)
                return Verdict::Invalid;
            if (r == Verdict::Unsure)
                all.unsure = true;
        }
        if (node.ifSchema) {
            const Verdict condition = check(*node.ifSchema, v, parallelItems);
            if (condition == Verdict::Unsure) {
                all.unsure = true;
            } else {
                const Node* branch = condition == Verdict::Valid ? node.thenSchema : node.elseSchema;
                if (branch && !all.add(check(*branch, v, parallelItems)))
                    return Verdict::Invalid;
            }
        }
        return all.result();
    }

    Verdict checkRange(const Node& items, const Value* first, const Value* last) const
    {
        All all;
        for (const Value* item = first; item != last; ++item)
            if (!all.add(check(items, *item, 0)))
                return Verdict::Invalid;
        return all.result();
    }

    Verdict checkItems(const Node& items, const Value& array, std::size_t parallelItems) const
    {
        if (array.kind == Kind::Numbers) {
            All all;
            for (std::uint32_t i = 0; i < array.size; ++i)
                if (!all.add(check(items, array.item(i), 0)))
                    return Verdict::Invalid;
            return all.result();
        }
        if (parallelItems == 0 || array.size < parallelItems)
            return checkRange(items, array.begin(), array.end());
        // Two halves: the second on another thread (only once: nested arrays are checked in line).
        const Value* middle = array.begin() + array.size / 2;
        std::future<Verdict> second;
        try {
            second = std::async(std::launch::async, [&] { return checkRange(items, middle, array.end()); });
        } catch (const std::system_error&) {
            return checkRange(items, array.begin(), array.end());
        }
        const Verdict a = checkRange(items, array.begin(), middle);
        const Verdict b = second.get();
        if (a == Verdict::Invalid || b == Verdict::Invalid)
            return Verdict::Invalid;
        return a == Verdict::Unsure || b == Verdict::Unsure ? Verdict::Unsure : Verdict::Valid;
    }
};

Schema::Schema(const nlohmann::json& document) : m_impl(std::make_unique<Impl>())
{
    m_impl->document = &document;
    m_impl->root = m_impl->compile(document);
}

Schema::~Schema() = default;

bool Schema::complete() const { return m_impl->complete; }

Verdict Schema::validate(const Value& value, std::size_t parallelItems) const
{
    return m_impl->check(*m_impl->root, value, parallelItems);
}

} // namespace sandtable::core::fastschema
