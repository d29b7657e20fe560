// SPDX-License-Identifier: GPL-3.0-or-later
// Several operations made into one Edit.
#include "sandtable/core/document/edit_builder.hpp"

#include <utility>

namespace sandtable::core::document {

EditBuilder::EditBuilder(Scenario start, std::string label)
    : m_scenario(std::move(start))
{
    m_edit.label = std::move(label);
}

void EditBuilder::add(const Edit& edit)
{
    applyEdit(m_scenario, edit);
    m_edit.changes.insert(m_edit.changes.end(), edit.changes.begin(), edit.changes.end());
}

Edit EditBuilder::take()
{
    Edit out = std::move(m_edit);
    m_edit = Edit{out.label, {}, {}};
    return out;
}

} // namespace sandtable::core::document
