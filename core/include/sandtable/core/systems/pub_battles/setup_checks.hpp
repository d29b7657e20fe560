// SPDX-License-Identifier: GPL-3.0-or-later
// Pub Battles' own set-up checks, run after the common ones (core::oob::checkSetUp) through its descriptor.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

namespace sandtable::core::systems::pub_battles {

/// Appends, for the pieces placed on the map (pub-battles-antietam-rulebook.txt), each naming the pieces by
/// id with a JSON pointer to the piece's placement:
/// - "setup.overlap" (error): two placed blocks (HQs excluded: they do not block) whose footprints overlap
///   with positive area (rulebook "Moving": pieces may not stack);
/// - "setup.forbidden_terrain" (error): a piece whose majority terrain is forbidden to its type (Terrain
///   Effects Chart: marsh for artillery, cavalry, dragoons, baggage trains);
/// - "setup.village" (warning): a piece whose majority terrain is a village: it starts disorganized;
/// - "setup.command_range" (warning): a placed piece (baggage trains aside: they never attack) farther from
///   its placed formation HQ than the command range (one mounted segment, commandRangeMetres; the range
///   need only touch the piece's footprint). A piece off the map is not measured.
/// Throws nothing: malformed terrain is left to the terrain checks.
void checkSetUp(const Scenario& scenario, validation::Diagnostics& out);

} // namespace sandtable::core::systems::pub_battles
