// SPDX-License-Identifier: GPL-3.0-or-later
// The named steps of a catalogue export, each writing one part of a package inside the write transaction.
#pragma once

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/catalogue/gpkg_geometry.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"
#include "geopackage/sqlite_db.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace sandtable::catalogue::detail {

/// Runs `work` on another thread, or on this one (when its result is asked for) when no thread can be had.
template <class Work>
auto startAside(Work work) -> std::future<decltype(work())>
{
    try {
        return std::async(std::launch::async, std::move(work));
    } catch (const std::system_error&) {
        return std::async(std::launch::deferred, std::move(work));
    }
}

/// Whether the map raster's bytes go into the package, and from which file (`note` says why not).
struct RasterPlan {
    std::filesystem::path file;
    std::string sha256;
    std::int64_t size = 0;
    bool store = false;
    std::string note;
};

/// Decides the raster's storage: asked for, found beside the scenario, within SQLite's blob limit
/// `maxBlob` (bytes), and of the SHA-256 the scenario names.
RasterPlan planRaster(const core::Scenario& scenario, const std::filesystem::path& baseDir, const ExportOptions& options,
    std::int64_t maxBlob);

/// The terrain's place in the catalogue: each feature's envelope (once: for the layer extents and its
/// GeoPackage header), which dimensions (0 points, 1 lines, 2 polygons) occur, each one's extent and table.
struct TerrainLayout {
    std::vector<std::optional<Envelope>> envelopes;
    std::array<bool, 3> present{};
    std::array<std::optional<Envelope>, 3> extents;
    std::array<std::string, 3> tables;
};

/// Envelopes and extents of the scenario's terrain, and the tables of its CRS (created when missing).
TerrainLayout layOutTerrain(Database& db, const core::Scenario& scenario, const SrsDefinition& srs);

/// The package's extent: the scenario's, else the terrain's.
std::optional<Envelope> packageExtent(const core::Scenario& scenario, const TerrainLayout& terrain);

/// The revision the next package of `id` gets (1 for the first).
int nextRevision(Database& db, const std::string& id);

/// The newest revision of `id` stays readable but leaves the search index and the "latest" filter of the
/// packages and of the terrain and units layers.
void retireLatestRevision(Database& db, const std::string& id);

/// What the packages row holds besides the scenario's settings and counts.
struct PackageRow {
    std::string id;
    int revision = 0;
    std::string sourceName;
    std::string documentSha256;
    std::int64_t documentSize = 0;
    std::optional<Envelope> extent;
};

/// Inserts the packages row (warning_count 0 until storeWarnings) and returns its fid.
std::int64_t insertPackageRow(Database& db, const core::Scenario& scenario, const PackageRow& row);

/// The scenario document itself, through incremental blob I/O.
void storeDocument(Database& db, std::int64_t fid, std::string_view document);

/// The map source, its georeference and GCPs, and the raster's bytes when `raster.store`.
void storeMapSource(Database& db, std::int64_t fid, const core::MapSource& map, const RasterPlan& raster);

/// Sides, formations and units, in document order, each pointing at its parent's row.
void storeOrderOfBattle(Database& db, std::int64_t fid, const core::Scenario& scenario);

/// Every terrain feature into its dimension's table, as GeoPackage geometry in `srs`.
void storeTerrain(Database& db, std::int64_t fid, const core::Scenario& scenario, const TerrainLayout& terrain,
    const SrsDefinition& srs, const std::string& id, int revision);

/// Where the placed units went: the units point table of the package's SRS and their extent; an empty
/// table name when no unit is placed (no table is created then).
struct UnitLayer {
    std::string table;
    std::optional<Envelope> extent;
};

/// Every placed unit (a unit with a placement, document order) as a point of the units table of `srs`
/// (created when missing), with its side (its formation's), formation, type, quality, strength, facing and
/// column flag. Units not placed (reserves, arrivals, blocks' members) have no point.
UnitLayer storeUnitPoints(Database& db, std::int64_t fid, const core::Scenario& scenario, const SrsDefinition& srs,
    const std::string& id, int revision);

/// The warnings and notes of validation, and the package's warning_count.
void storeWarnings(Database& db, std::int64_t fid, const core::validation::Diagnostics& warnings);

/// The thumbnail PNG of `width` x `height` pixels.
void storeThumbnail(Database& db, std::int64_t fid, const std::string& png, int width, int height);

/// Merges the layers' extents and touches gpkg_contents of every table the package wrote.
void finishContents(Database& db, const TerrainLayout& terrain, const UnitLayer& units, std::int64_t packageFid);

} // namespace sandtable::catalogue::detail
