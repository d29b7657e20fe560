// SPDX-License-Identifier: GPL-3.0-or-later
// The SYW house rules' own set-up checks, run after the common ones (core::oob::checkSetUp) through its
// descriptor.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::systems::syw_miniatures {

/// Appends, for a SYW house rules scenario (syw-miniatures-house-rules.txt):
/// - "syw.deployment" (warning): no defender or no attacker named (2.A: the defender deploys first, the
///   attacker moves first);
/// - "syw.figures" (warning): a regiment without figures (no melee or fire points, 2.C/2.D);
///   "syw.strength" (warning): a strength that is not its number of figures;
/// - "setup.overlap" (error): two regiments' bases (block_length_mm x block_depth_mm, by default one field
///   by 4 cm) overlapping with positive area;
/// - "syw.table_edge" (error): a regiment's base reaching past an edge of the table (table_width_cm x
///   table_depth_cm from the south-west corner), saying which edge and by how many cm;
/// - "syw.general" (warning): a side without a general (4, End of the game: his side loses when he is taken or gives up).
void checkSetUp(const Scenario& scenario, validation::Diagnostics& out);

} // namespace sandtable::core::systems::syw_miniatures
