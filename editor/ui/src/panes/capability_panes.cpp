// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/editor/ui/workbench.hpp"

namespace sandtable::editor::ui {

void installCapabilityPanes(Workbench& /*workbench*/)
{
}

} // namespace sandtable::editor::ui
