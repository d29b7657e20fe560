// SPDX-License-Identifier: GPL-3.0-or-later
// A new scenario started from the designer's own raster: its CRS and extent when the raster is already
// georeferenced, else the scan ready for GCPs or calibration by scale.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/progress.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sandtable::geo {

/// How a raster that carries coordinates is placed.
enum class RasterFrame {
    Auto,  ///< by its georeference (geotransform, world file, GCPs) and its CRS
    Scan,  ///< ignore its georeference: a plain scan, ready for GCPs or calibration
    Local  ///< its coordinates as a local metric frame ("LOCAL:<name>": metres, no geography), as a scan
           ///< digitised in another tool has them
};

struct NewScenarioOptions {
    core::GameSystem system = core::GameSystem::PubBattles;
    std::string title;
    /// The working CRS: "auto" (the raster's own CRS when it is projected in metres with an EPSG code and
    /// not a Mercator of the web, else the WGS 84 UTM zone of the raster's centre) or "EPSG:n" (a
    /// projected CRS in metres).
    std::string crs = "auto";
    /// Game scale denominator 1:N (scenario "scale"); unset keeps the system's default.
    std::optional<double> scale;
    /// Reports the resampling of a raster whose CRS is not the working CRS (see newScenarioFromRaster).
    core::util::ProgressCallback progress;
    RasterFrame frame = RasterFrame::Auto;
};

/// What the designer does next with the map.
enum class NextStep {
    None,        ///< the raster placed itself: the scenario has its CRS and extent
    Georeference ///< a plain scan: pick GCPs (or calibrate a Kriegsspiel map by scale)
};

/// What a new scenario starts with: its settings and its map (a core Document applies them through
/// operations::setSettings and operations::setMap).
struct NewScenario {
    core::ScenarioSettings settings;
    core::MapSource map;
    /// How the raster was placed: "geotransform", "worldfile", "gcps", "local" (a scale-only local
    /// frame, as `raster calibrate` writes), or "none".
    std::string placedBy;
    NextStep next = NextStep::None;
    std::string rasterCrs; ///< the raster's own CRS, WKT (empty when it has none)
    /// One sentence for the designer: where the CRS came from, or the commands that georeference or
    /// calibrate the scan.
    std::string message;
    /// What the designer should check (the raster's coordinates lie outside the area of use of the CRS
    /// they were said to be in, ...), in the person's language.
    std::vector<std::string> warnings;
};

/// The settings every new scenario starts with, map or not (`scenario new`, File > New, New from map): the
/// system, the title, the id from the file name (scenarioIdFromFileName), the system's scale (a SYW or Table
/// Battles scenario plays on a table: scale 1; a SYW table of 180 x 120 cm, a common 6 x 4 ft wargames table:
/// the house rules set no size, the designer changes it), options.scale when given. No CRS: the caller sets it.
core::ScenarioSettings newScenarioSettings(const NewScenarioOptions& options, const std::filesystem::path& scenarioFile);

/// Reads `raster` with GDAL and makes a scenario for `scenarioFile` (not written here). The map path is
/// stored relative to the scenario file's folder (no symlink followed), with the raster's SHA-256, width
/// and height (pixels).
///
/// A georeferenced raster (geotransform, world file with its .prj, GCPs in the file) gives the working CRS
/// (options.crs) and the extent: the bounding box, in the working CRS (metres), of the raster's edge
/// (21 points per edge, so a rotated or curved footprint is covered); its own file is then the scenario's
/// warped map, drawn through its own CRS; when its CRS is not the working CRS (feet, degrees, Web
/// Mercator), it is resampled once into the working CRS (GDALWarp, bilinear, a tiled DEFLATE GeoTIFF
/// "<scenario name>.map.tif" beside the scenario file, written atomically) and that file is the warped
/// map, so the editor and print draw it in place. A raster in a scale-only local frame gives "LOCAL:<name>" and its
/// extent in metres. A plain scan gets the CRS of options.crs when it is EPSG:n (else none yet) and
/// NextStep::Georeference. SYW and Table Battles scenarios play on a table (scale 1); a SYW scenario gets
/// a table frame of 180 x 120 cm (a common 6 x 4 ft wargames table: the house rules set no size; the
/// designer changes it).
///
/// The image is decoded once (checkRasterDecodes): a truncated or damaged file is refused here, not at print.
/// options.frame Scan starts from the raster as a plain scan whatever it carries; Local takes the coordinates
/// of its geotransform or world file as a local metric frame "LOCAL:<raster name>" (its extent their bounds).
/// When the raster names no CRS and options.crs says which it is, a raster whose corners lie outside that
/// CRS's area of use gets a warning (NewScenario::warnings).
///
/// Throws core::util::IoError / core::util::FormatError when GDAL cannot read the raster, core::util::OperationError when
/// options.crs is not a projected CRS in metres, or the raster has a geotransform but no CRS and
/// options.crs does not say which it is (the message names --crs, --frame local and --frame scan as the ways out).
NewScenario newScenarioFromRaster(const std::filesystem::path& raster, const std::filesystem::path& scenarioFile,
    const NewScenarioOptions& options);

/// How a scenario stores the path of a file it uses (map, reference layer): relative to the scenario file's
/// folder, both made absolute without resolving symlinks (a scenario copied with its files keeps them).
std::string pathForScenario(const std::filesystem::path& target, const std::filesystem::path& scenarioFile);

/// The scenario id for a file name: "my-battle.sandtable.json" -> "my-battle" (".json" and ".sandtable"
/// dropped, other characters than letters, digits, '-', '_' and '.' become '-'); "scenario" when nothing
/// usable is left.
std::string scenarioIdFromFileName(const std::filesystem::path& scenarioFile);

} // namespace sandtable::geo
