// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain classes from feature tags: the OpenStreetMap preset and its overrides.
#include "sandtable/importers/tag_rules.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::importers {

const std::vector<TagRule>& osmPreset()
{
    // First match wins for a feature's class; a way matched as a road or stream that also matches a
    // bridge or ford rule gives the crossing too (terrain_import.cpp), so those rules come last.
    static const std::vector<TagRule> rules = {
        {"landuse", "forest", "woods", ""},
        {"natural", "wood", "woods", ""},
        {"natural", "wetland", "marsh", ""},
        {"landuse", "residential", "village", ""},
        {"landuse", "farmyard", "village", ""},
        {"building", "*", "village", ""},
        {"landuse", "orchard", "orchard", ""},
        {"waterway", "river", "river", ""},
        {"waterway", "canal", "river", ""},
        {"waterway", "stream", "stream", ""},
        {"waterway", "brook", "stream", ""},
        {"waterway", "ditch", "stream", ""},
        {"highway", "motorway", "road", "major"},
        {"highway", "trunk", "road", "major"},
        {"highway", "primary", "road", "major"},
        {"highway", "secondary", "road", "major"},
        {"highway", "tertiary", "road", "minor"},
        {"highway", "unclassified", "road", "minor"},
        {"highway", "residential", "road", "minor"},
        {"highway", "track", "road", "minor"},
        {"bridge", "yes", "bridge", ""},
        {"bridge", "viaduct", "bridge", ""},
        {"ford", "yes", "ford", ""},
    };
    return rules;
}

TagRule parseTagRule(const std::string& text)
{
    const auto eq = text.find('=');
    const auto colon = text.find(':', eq == std::string::npos ? 0 : eq);
    if (eq == std::string::npos || colon == std::string::npos || eq == 0 || colon == eq + 1 || colon + 1 == text.size())
        throw core::util::OperationError("", "--rule '" + text + "'", _("expected KEY=VALUE:CLASS[:GRADE] (CLASS '-' drops the features)"));
    TagRule rule;
    rule.key = text.substr(0, eq);
    rule.value = text.substr(eq + 1, colon - eq - 1);
    const std::string rest = text.substr(colon + 1);
    const auto second = rest.find(':');
    rule.terrainClass = rest.substr(0, second);
    if (second != std::string::npos)
        rule.grade = rest.substr(second + 1);
    if (!rule.grade.empty() && rule.grade != "major" && rule.grade != "minor")
        throw core::util::OperationError("", "--rule '" + text + "'", _("the grade is major or minor"));
    return rule;
}

std::string describeTagRules(const std::vector<TagRule>& rules)
{
    std::string out;
    for (const TagRule& r : rules)
        out += "  " + r.key + "=" + r.value + " -> " + (r.terrainClass == "-" ? std::string("(not imported)") : r.terrainClass)
            + (r.grade.empty() ? "" : " (" + r.grade + ")") + "\n";
    return out;
}

const TagRule* matchTagRule(const std::vector<TagRule>& rules, const std::string& key, const std::string& value)
{
    if (value.empty())
        return nullptr;
    for (const TagRule& r : rules)
        if (r.key == key && (r.value == "*" || r.value == value))
            return &r;
    return nullptr;
}

std::string otherTag(const std::string& otherTags, const std::string& key)
{
    const std::string needle = "\"" + key + "\"=>\"";
    std::size_t at = 0;
    while ((at = otherTags.find(needle, at)) != std::string::npos) {
        // A whole key: at the start or after a separating comma.
        if (at == 0 || otherTags[at - 1] == ',') {
            const std::size_t start = at + needle.size();
            std::string value;
            for (std::size_t i = start; i < otherTags.size(); ++i) {
                if (otherTags[i] == '\\' && i + 1 < otherTags.size()) {
                    value += otherTags[++i];
                } else if (otherTags[i] == '"') {
                    return value;
                } else {
                    value += otherTags[i];
                }
            }
            return value;
        }
        at += needle.size();
    }
    return {};
}

} // namespace sandtable::importers
