// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture: the VASSAL module layer reaching up into the app layer breaks the layering (dependency_rules must fail).
#include "sandtable/app/map_print.hpp"
