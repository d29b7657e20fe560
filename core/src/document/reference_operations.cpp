// SPDX-License-Identifier: GPL-3.0-or-later
// Operations on the reference layers.
#include "sandtable/core/document/reference_operations.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>

namespace sandtable::core::document::operations {
namespace {

std::string object(const std::string& name) { return i18n::format(_("reference '{1}'"), {name}); }

void check(const ReferenceLayer& layer)
{
    if (layer.name.empty())
        throw util::OperationError("", _("reference layer"), _("has no name"));
    if (layer.path.empty())
        throw util::OperationError("", object(layer.name), _("has no path"));
    if (!(layer.opacity >= 0.0 && layer.opacity <= 1.0))
        throw util::OperationError("", object(layer.name), i18n::format(_("opacity {1} is outside 0..1"), {i18n::formatFigure(layer.opacity)}));
}

std::vector<ReferenceLayer>::const_iterator findOrThrow(const Scenario& s, const std::string& name)
{
    const auto it = std::find_if(s.references.begin(), s.references.end(), [&](const ReferenceLayer& r) { return r.name == name; });
    if (it == s.references.end()) {
        std::string names;
        for (const ReferenceLayer& r : s.references)
            names += (names.empty() ? "" : ", ") + r.name;
        throw util::OperationError("", object(name),
            names.empty() ? std::string(_("no such reference layer (the scenario has none)"))
                          : i18n::format(_("no such reference layer (there are: {1})"), {names}));
    }
    return it;
}

Edit change(const Scenario& s, std::vector<ReferenceLayer> after, std::string label, std::string mergeKey = {})
{
    Edit edit{std::move(label), {}, std::move(mergeKey)};
    if (after != s.references)
        edit.changes.push_back(ReferencesChange{s.references, std::move(after)});
    return edit;
}

} // namespace

Edit addReference(const Scenario& scenario, ReferenceLayer layer)
{
    check(layer);
    if (scenario.findReference(layer.name))
        throw util::OperationError("", object(layer.name), _("a reference layer of that name exists already; choose another --name"));
    std::vector<ReferenceLayer> after = scenario.references;
    const std::string label = i18n::format(_("Add reference layer {1}"), {layer.name});
    after.push_back(std::move(layer));
    return change(scenario, std::move(after), label);
}

Edit removeReference(const Scenario& scenario, const std::string& name)
{
    const auto it = findOrThrow(scenario, name);
    std::vector<ReferenceLayer> after = scenario.references;
    after.erase(after.begin() + (it - scenario.references.begin()));
    return change(scenario, std::move(after), i18n::format(_("Remove reference layer {1}"), {name}));
}

Edit replaceReference(const Scenario& scenario, ReferenceLayer layer, std::string mergeKey)
{
    check(layer);
    const auto it = findOrThrow(scenario, layer.name);
    std::vector<ReferenceLayer> after = scenario.references;
    const std::string label = i18n::format(_("Change reference layer {1}"), {layer.name});
    after[static_cast<std::size_t>(it - scenario.references.begin())] = std::move(layer);
    return change(scenario, std::move(after), label, std::move(mergeKey));
}

Edit moveReference(const Scenario& scenario, const std::string& name, std::size_t index)
{
    const auto it = findOrThrow(scenario, name);
    std::vector<ReferenceLayer> after = scenario.references;
    ReferenceLayer layer = *it;
    after.erase(after.begin() + (it - scenario.references.begin()));
    index = std::min(index, after.size());
    after.insert(after.begin() + static_cast<std::ptrdiff_t>(index), std::move(layer));
    return change(scenario, std::move(after), _("Reorder reference layers"));
}

} // namespace sandtable::core::document::operations
