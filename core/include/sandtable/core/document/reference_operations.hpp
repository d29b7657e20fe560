// SPDX-License-Identifier: GPL-3.0-or-later
// Operations on the reference layers: add, remove, restyle and reorder, each returning one undoable Edit.
#pragma once

#include "sandtable/core/document/edit.hpp"

#include <cstddef>
#include <string>

namespace sandtable::core::document::operations {

/// Adds `layer` on top of the drawing order. Throws OperationError("", "reference 'name'", reason) when
/// the name is empty or taken, the path is empty, or the opacity is outside 0..1.
Edit addReference(const Scenario& scenario, ReferenceLayer layer);
/// Removes the layer called `name`. Throws OperationError naming the layers there are when it is unknown.
Edit removeReference(const Scenario& scenario, const std::string& name);
/// Replaces the layer with the same name (opacity, over/under the scan, hillshade, visibility, path).
/// Throws as addReference, and when no layer has that name. Successive changes of one layer with the same
/// `mergeKey` (an opacity slider's drag) merge into one undo step.
Edit replaceReference(const Scenario& scenario, ReferenceLayer layer, std::string mergeKey = {});
/// Moves the layer called `name` to `index` of the drawing order (0 = drawn first, lowest; clamped to
/// the last place). Throws OperationError when it is unknown.
Edit moveReference(const Scenario& scenario, const std::string& name, std::size_t index);

} // namespace sandtable::core::document::operations
