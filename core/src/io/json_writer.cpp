// SPDX-License-Identifier: GPL-3.0-or-later
// Deterministic JSON writer built on std::to_chars for numbers.
#include "sandtable/core/io/json_writer.hpp"

#include <charconv>
#include <cmath>

namespace sandtable::core {
namespace {

void writeNumber(std::string& out, double value)
{
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    char buffer[64];
    auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
    out += text;
    // Keep a double recognisable as a double when it reads back ("2" would come back as an integer,
    // which is harmless for the model but would change the bytes of a second write).
    if (text.find_first_of(".eEn") == std::string_view::npos)
        out += ".0";
}

void newline(std::string& out, int indent, int depth)
{
    if (indent <= 0)
        return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent * depth), ' ');
}

void write(std::string& out, const nlohmann::ordered_json& value, int indent, int depth)
{
    using Type = nlohmann::ordered_json::value_t;
    switch (value.type()) {
    case Type::object: {
        if (value.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        bool first = true;
        for (const auto& [key, member] : value.items()) {
            if (!first)
                out += ',';
            first = false;
            newline(out, indent, depth + 1);
            out += nlohmann::ordered_json(key).dump();
            out += indent > 0 ? ": " : ":";
            write(out, member, indent, depth + 1);
        }
        newline(out, indent, depth);
        out += '}';
        return;
    }
    case Type::array: {
        if (value.empty()) {
            out += "[]";
            return;
        }
        // Arrays of numbers (a coordinate, a transform) stay on one line, and so do arrays of them (a ring or
        // a line string: one line per ring keeps a big terrain file about a third smaller than a line per
        // vertex, and still diffs ring by ring).
        const auto numbers = [](const nlohmann::ordered_json& array) {
            for (const auto& item : array)
                if (!item.is_number())
                    return false;
            return true;
        };
        bool numberArrays = true;
        for (const auto& item : value)
            numberArrays = numberArrays && item.is_array() && !item.empty() && numbers(item);
        const bool oneLine = numbers(value) || numberArrays;
        out += '[';
        bool first = true;
        for (const auto& item : value) {
            if (!first)
                out += oneLine && indent > 0 ? ", " : ",";
            first = false;
            if (!oneLine)
                newline(out, indent, depth + 1);
            write(out, item, indent, depth + 1);
        }
        if (!oneLine)
            newline(out, indent, depth);
        out += ']';
        return;
    }
    case Type::number_float:
        writeNumber(out, value.get<double>());
        return;
    default:
        out += value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        return;
    }
}

} // namespace

std::string writeJson(const nlohmann::ordered_json& value, int indent)
{
    std::string out;
    write(out, value, indent, 0);
    if (indent > 0)
        out += '\n';
    return out;
}

} // namespace sandtable::core
