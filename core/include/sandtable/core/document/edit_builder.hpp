// SPDX-License-Identifier: GPL-3.0-or-later
// Several operations made into one Edit: each computed on the scenario as the ones before it left it.
#pragma once

#include "sandtable/core/document/edit.hpp"

#include <string>

namespace sandtable::core::document {

/// Builds one undo step out of several operations (an import that sets the settings, the map, then adds
/// sides, formations and units). Operations read `scenario()`, the start with every added Edit applied, so
/// each is computed against the state it will meet when the combined Edit is applied to the start.
class EditBuilder {
public:
    EditBuilder(Scenario start, std::string label);

    /// The start with every added Edit applied.
    const Scenario& scenario() const { return m_scenario; }
    /// Applies `edit` to scenario() and appends its changes. Throws OperationError as applyEdit does (then
    /// nothing of `edit` is added).
    void add(const Edit& edit);
    /// The combined Edit (label as given, no merge key); the builder is empty afterwards.
    Edit take();

private:
    Scenario m_scenario;
    Edit m_edit;
};

} // namespace sandtable::core::document
