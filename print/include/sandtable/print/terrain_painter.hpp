// SPDX-License-Identifier: GPL-3.0-or-later
// The one terrain painter: core's terrain styles drawn with cairo, on paper, on the editor's canvas and in
// the catalogue thumbnail alike.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/style/terrain_style.hpp"

#include <cairo.h>

#include <optional>
#include <vector>

namespace sandtable::print {

/// Working-CRS metres to the cairo context's user units ("device units" below: page millimetres on a
/// printed sheet, logical pixels on the editor's canvas, pixels in the thumbnail), north up:
/// x = originX + (easting - refX) * unitsPerMetre, y = originY + (refY - northing) * unitsPerMetre.
/// The reference point is any ground point: a sheet's north-west corner, the canvas's centre.
struct WorldToDevice {
    double originX = 0.0, originY = 0.0; ///< device units where the reference point is drawn
    double refX = 0.0, refY = 0.0;       ///< the reference point, working-CRS metres (easting, northing)
    double unitsPerMetre = 1.0;          ///< device units per ground metre, both ways

    double x(double easting) const { return originX + (easting - refX) * unitsPerMetre; }
    double y(double northing) const { return originY + (refY - northing) * unitsPerMetre; }
};

/// How the painter turns the style table's paper millimetres into device units, and what it may leave out.
struct TerrainPaintOptions {
    /// Paper millimetres per device unit: every width, dash, hatch pitch and symbol of the style table is
    /// divided by it. 1 on a printed page (its units are mm); 0.25 on the editor's canvas (4 logical pixels
    /// per mm, editor::kScreenPixelsPerMm); in a raster of the map at 1:N and P pixels per ground metre,
    /// (1000 / N) / P (a 256-pixel thumbnail of a 4 km extent at 1:16,000: 250 mm / 256 px = 0.98 mm).
    double mmPerUnit = 1.0;
    /// No line, outline or casing thinner than this many device units (0: every width true to scale); hatch
    /// lines keep their width (under a pixel apart they make a tint of the hatching's density). The canvas
    /// and the thumbnail: 1 pixel.
    double minLineUnits = 0.0;
    /// The device y the hatch pitch counts from: lines lie at hatchAnchorY + (k + 1/2) * pitch. 0 on a page
    /// (two areas side by side hatch as one, across sheets too); the canvas passes a world northing's y so
    /// the hatching moves with the map when it pans.
    double hatchAnchorY = 0.0;
    /// Speed for small rasters (the thumbnail), 0 = off. When > 0: a vertex closer than this many device
    /// units (both ways) to the last one kept is left out; consecutive features of one style and dimension
    /// are drawn as one path (filled once, as their union, under the non-zero rule with rings turned
    /// exterior-clockwise, holes anticlockwise); an area smaller than 3 x this both ways gets no outline.
    double simplifyUnits = 0.0;
};

/// Draws one feature in `style` (core::style::terrainStyle of its class and attributes):
///  - an area: fill, horizontal hatching (hatchSpacingMm apart, hatchWidthMm wide, clipped to the area),
///    the edge band inside its edge, the casing under the outline, the outline with its dash; holes and
///    overlapping rings by the even-odd rule;
///  - a line: one stroke of lineWidthMm with its dash, butt caps (lines end where the ground ends), round joins;
///  - a point: its symbol (disc or bar) symbolMm across, filled and outlined.
/// Leaves the context's path empty, its dash solid; changes source, line width, cap, join and fill rule.
void paintFeature(cairo_t* cr, const core::TerrainFeature& feature, const core::style::TerrainStyle& style,
    const WorldToDevice& toDevice, const TerrainPaintOptions& options = {});

/// Draws `ordered` (core::style::terrainInDrawingOrder's, or any order) as paintFeature does, each in its own style;
/// with options.simplifyUnits > 0, a run of one style as one path (see TerrainPaintOptions).
void paintTerrain(cairo_t* cr, const std::vector<const core::TerrainFeature*>& ordered, const WorldToDevice& toDevice,
    const TerrainPaintOptions& options = {});

/// The legend swatch of `style` in the box (x, y, w, h) device units: an area for dimension 2, a line across
/// for 1, the symbol for 0; drawn by the same calls as the map.
void paintSwatch(cairo_t* cr, const core::style::TerrainStyle& style, int dimension, double x, double y, double w,
    double h, const TerrainPaintOptions& options = {});

/// The parts paintFeature is made of, for sheets that build their own paths (the campaign sheet's squares):
/// paints the current path as an area of `style` (even-odd rule; the casing and outline only when
/// `outline`) and consumes it.
void paintArea(cairo_t* cr, const core::style::TerrainStyle& style, const TerrainPaintOptions& options = {},
    bool outline = true);
/// The point symbol of `style` centred at (x, y) device units; starts a new path.
void paintSymbol(cairo_t* cr, const core::style::TerrainStyle& style, double x, double y,
    const TerrainPaintOptions& options = {});
/// Sets the line width and dash of `style`'s lines.
void setLineStyle(cairo_t* cr, const core::style::TerrainStyle& style, const TerrainPaintOptions& options = {});

/// Sets the source colour (8-bit straight alpha to cairo's 0..1).
void setSourceColour(cairo_t* cr, const core::style::Rgba& colour);

} // namespace sandtable::print
