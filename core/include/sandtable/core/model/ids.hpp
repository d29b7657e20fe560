// SPDX-License-Identifier: GPL-3.0-or-later
// Strong ids: a FeatureId cannot be passed where a UnitId is expected.
#pragma once

#include <compare>
#include <functional>
#include <string>

namespace sandtable::core {

/// A string id tagged with the kind of entity it names. Ids are unique within their kind in a scenario
/// and stable across edits; nothing in sandtable holds a pointer into the model across edits, only ids.
template <class Tag>
class Id {
public:
    Id() = default;
    explicit Id(std::string value) : m_value(std::move(value)) {}

    const std::string& str() const noexcept { return m_value; }
    bool empty() const noexcept { return m_value.empty(); }

    auto operator<=>(const Id&) const = default;
    bool operator==(const Id&) const = default;

private:
    std::string m_value;
};

using FeatureId = Id<struct FeatureTag>;
using SideId = Id<struct SideTag>;
using FormationId = Id<struct FormationTag>;
using UnitId = Id<struct UnitTag>;

} // namespace sandtable::core

template <class Tag>
struct std::hash<sandtable::core::Id<Tag>> {
    std::size_t operator()(const sandtable::core::Id<Tag>& id) const noexcept
    {
        return std::hash<std::string>{}(id.str());
    }
};
