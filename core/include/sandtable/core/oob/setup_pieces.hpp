// SPDX-License-Identifier: GPL-3.0-or-later
// What the game systems' own set-up checks share (core/src/systems/<system>/setup_checks.cpp): the placed
// pieces' footprints, stacking, and the JSON pointers and lengths their findings quote.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace sandtable::core::oob {

/// JSON pointer to a unit or one of its members: unitPointer(3) is "/units/3", unitPointer(3, "placement")
/// is "/units/3/placement".
std::string unitPointer(std::size_t index, const char* member = nullptr);

/// A ground length in whole metres, as findings quote it: 80.4 -> "80 m".
std::string formatMetres(double metres);
/// A table length (SYW) in whole or tenth centimetres: 0.035 -> "3.5 cm", 2.4 -> "240 cm".
std::string formatCentimetres(double metres);

/// A placed piece: its unit's index in Scenario::units, its footprint's four corners (metres in the
/// scenario's frame, counter-clockwise, geometry::footprintCorners) and the radius of the circle around the
/// footprint (half its diagonal, metres).
struct PlacedPiece {
    std::size_t index;
    std::array<Coordinate, 4> corners;
    double radius;
};

/// The pieces on the map or table (a placement, a piece of the scenario's system: oob::isPiece), in unit
/// order. HQs are left out (they do not block), and so is a piece whose block size is not positive (the
/// schema refuses it, and says so).
std::vector<PlacedPiece> placedPieces(const Scenario& scenario);

/// Stacking: appends "setup.overlap" (error) for every two pieces whose footprints overlap with positive
/// area (touching edges is fine), pointing at the second piece and naming both and the shared area (m2 on a
/// map, cm2 on a table). `why` is the untranslated rule the finding cites (marked with N_), translated here.
void checkOverlaps(const Scenario& scenario, const std::vector<PlacedPiece>& placed, const char* why, validation::Diagnostics& out);

/// Distance (metres) from a point to a footprint, a convex quadrilateral with its corners counter-clockwise
/// (geometry::footprintCorners); 0 on or inside it.
double distanceToFootprint(Coordinate point, const std::array<Coordinate, 4>& corners);

} // namespace sandtable::core::oob
