// SPDX-License-Identifier: GPL-3.0-or-later
// The battle map printed at game scale: one page, or tiled over pages with overlap and registration marks.
#pragma once

#include "sandtable/core/model/extent_overrun.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/style/terrain_style.hpp"
#include "sandtable/core/util/progress.hpp"
#include "sandtable/print/page.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandtable::print {

/// An RGBA raster already resampled into the working CRS for printing: `pixels` holds width*height*4
/// bytes (R, G, B, A, rows top to bottom); `geotransform` maps pixel/line to working-CRS metres (GDAL order).
///
/// The scan's own bytes never reach the PDF: the importers always warp it into the working CRS at the print
/// resolution (geo::renderMapRaster), and each sheet gets the crop of this raster under it, its pixels
/// 1:1. By default (jpegQuality 0) that crop is embedded losslessly (cairo's Flate). For a scan that is a
/// JPEG already, jpegQuality 1..100 embeds the crop as JPEG (/DCTDecode in PDF, image/jpeg in SVG) at that
/// libjpeg quality, flattened onto white paper (its transparent areas, outside the scan, print white either
/// way): a fraction of the size of the Flate image, for loss of the kind the scan had already.
struct PrintRaster {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
    std::array<double, 6> geotransform{};
    int jpegQuality = 0;
};

enum class MapLayer { Scan, Terrain, Grid, Setup };

/// The file format written by printMap: one multi-page PDF, or one SVG / PNG file per page.
enum class MapOutputFormat { Pdf, Svg, Png };

/// The format named by `format` ("pdf", "svg", "png"), or when it is empty by the extension of `output`
/// (.pdf, .svg, .png, case-insensitive). Throws core::util::OperationError for anything else.
MapOutputFormat mapOutputFormat(const std::filesystem::path& output, const std::string& format = {});

/// The file page `page` (1-based) of `pages` is written to: `output` itself for a single page, else the
/// stem numbered before the extension ("map.svg" -> "map-1.svg", "map-2.svg", ...). PDF is always `output`.
std::filesystem::path mapPageFile(const std::filesystem::path& output, MapOutputFormat format, int page, int pages);

/// What to print. The printed window is the scenario's extent (required). All paper lengths in mm.
struct MapPrintRequest {
    double scaleDenominator = 16000.0;       ///< print at 1:N
    PageSize page;                           ///< portrait size; pages are turned landscape when that takes fewer sheets (a tie stays portrait)
    double marginMm = 12.0;                  ///< white border holding registration marks and sheet labels
    double overlapMm = 10.0;                 ///< map content repeated on both sheets of a join
    std::set<MapLayer> layers{MapLayer::Scan, MapLayer::Terrain, MapLayer::Setup};
    std::optional<PrintRaster> scan;         ///< the scan layer, when one was rendered
    std::string sourceNote;                  ///< e.g. "Cope survey, affine fit, RMS 312.4 m"
    std::size_t maxPages = 400;              ///< more sheets than this is refused
    MapOutputFormat format = MapOutputFormat::Pdf;
    double pngDpi = 150.0;                   ///< PNG pages: pixels per inch of paper (pixels = mm / 25.4 x dpi)
    /// A map that fits one sheet sits in the middle of the sheet's map area (issue 43 item 7: a Kriegsspiel map
    /// on A3 sat in the top-left corner); off, it starts at the area's top-left corner. Several sheets always
    /// start from the extent's north-west corner. `map print` and the editor print centred (app::printScenarioMap).
    bool centreOneSheet = false;
};

/// One sheet: its row and column in the tiling (from the north-west, 0-based) and its ground window.
struct MapSheet {
    int row = 0;
    int column = 0;
    core::Extent ground;  ///< working-CRS metres shown on the sheet (including overlaps)
};

/// The layout, computable without drawing: sheets, the printed extent in mm, the page orientation.
struct MapLayout {
    int rows = 1;
    int columns = 1;
    double pageWidthMm = 0.0;
    double pageHeightMm = 0.0;
    double extentWidthMm = 0.0;   ///< the whole map extent on paper
    double extentHeightMm = 0.0;
    std::vector<MapSheet> sheets;
};

/// One legend line: a style of core's terrain style table as drawn, the geometry it is drawn as (0 point,
/// 1 line, 2 area: the swatch is drawn the same way) and its label (core::style::legendLabel).
struct MapLegendEntry {
    const core::style::TerrainStyle* style = nullptr; ///< an entry of core::style::terrainStyles()
    int dimension = 2;
    std::string label;
};

/// The legend of the scenario's terrain: one entry for each (style, dimension, label) that its features are
/// drawn with, in drawing order (the table's `order`). printMap's legend shows exactly these.
std::vector<MapLegendEntry> mapLegend(const core::Scenario& scenario);

/// Plans the sheets. Each sheet's map area is the page less the margins; neighbouring sheets share
/// `overlapMm` of content. Throws core::util::OperationError when the scenario has no extent, the page is
/// smaller than its margins, or more than maxPages sheets would be needed (naming the count).
MapLayout planMapSheets(const core::Scenario& scenario, const MapPrintRequest& request);

/// The scale to print at when the user names none: the scenario's game scale (1:16,000 for Pub Battles,
/// 1:8,000 for a Kriegsspiel map kept at its own scale), and for a SYW house-rules table the largest of 1:1, 1:2, 1:5, 1:10, 1:15, 1:20,
/// 1:25, 1:50 (times the scenario's own scale) at which the table fits one sheet of request.page (else 1:100).
double defaultMapPrintScale(const core::Scenario& scenario, const MapPrintRequest& request);

/// Result of printing: pages written (map sheets, plus an assembly page when tiled), the layout, the files
/// written (one PDF; or one SVG/PNG per page, the assembly page first) and whether the grid layer was drawn.
/// A text set on a printed page, or a piece's box, as the label rule saw it (issue 43 item 4): what a check
/// needs to find two texts on each other, or a name over a block.
struct PrintedText {
    int page = 0;            ///< from 0, in the order of the pages written (the assembly page first when tiled)
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0; ///< its ink's box on the page, mm from the top-left corner, y down
    std::string text;        ///< the text; a piece's unit id
    bool piece = false;      ///< a block's box (its face holds its strength), not a text
};

struct MapPrintResult {
    int pages = 0;
    MapLayout layout;
    std::vector<std::filesystem::path> files;
    bool gridPrinted = false;
    /// With the Terrain layer: the features the sheets cut at the extent (core::terrainPastExtent), for the
    /// caller to report; the map is clipped to the extent, so this much of them is not on paper.
    std::vector<core::ExtentOverrun> terrainPastExtent;
    /// Every text on every page (titles, legend, rulers, sector names, square refs, unit names) and every
    /// piece's box, as drawn (clipped to what shows).
    std::vector<PrintedText> texts;
    /// Unit names the label rule found no clear place for on some sheet (each name once per sheet).
    int namesLeftOut = 0;
};

/// Writes the PDF (or the SVG / PNG pages) atomically: on failure no file is left, not even earlier pages.
/// Layers: Scan (request.scan), Terrain, Grid (the scenario's Campaign Lite grid when it has one: square
/// outlines and refs, a square of S metres measuring S x 1000 / N mm), Setup (placed units as blocks of the
/// scenario's block length x depth, docs/model.md "a scenario setting", default 20 x 10 mm, scaled by
/// game scale / print scale; route column blocks use the route-column length; on each block's face its arm
/// symbol as wargame maps draw it, NATO style: infantry a box with a cross, cavalry a box with one diagonal,
/// artillery a box with a dot, an HQ a flag; and its strength, the figure right of the symbol; the unit's name
/// beside the block with a halo). Every sheet carries a title, a scale bar in
/// metres and in Pub Battles movement segments (4.5 cm foot / 6.4 cm mounted, docs/model.md), a north arrow,
/// (a SYW house-rules table instead: a bar of five 10 cm fields, the moves and ranges in fields, and on
/// the table a faint 10 cm field grid, the sectors and a frame in cm),
/// registration marks at the corners of the map area, the sheet's position and neighbours, and the legend
/// of the terrain classes present; the band of title, bars and legend starts below the sheet marks
/// (kMarksBelowAreaMm), so no mark prints over it. A 1 km ground line measures 1,000,000 / N mm on every sheet.
/// Throws core::util::IoError / core::util::OperationError; core::util::Cancelled when progress says stop.
MapPrintResult printMap(const core::Scenario& scenario, const MapPrintRequest& request,
    const std::filesystem::path& output, const core::util::ProgressCallback& progress = {});

} // namespace sandtable::print
