// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario catalogue: validated scenario packages in a GeoPackage that GDAL and QGIS open, searchable.
#pragma once

#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::catalogue {

/// Version of sandtable's own catalogue schema (schemas/catalogue.v<N>.sql), kept in table sandtable_meta.
/// Version 3: terrain in one feature table per CRS and geometry type, GeoPackage 1.3, everything a scenario
/// names searchable. Older files are read as they are and migrated by the next write (export, remove).
/// The placed units of each CRS are a POINT feature table too ("units_epsg_32618", "units_local": id, name,
/// side, formation, type, quality, strength, facing, column), made, as the terrain tables are, when a
/// package first needs one; a package exported before it existed has no points until exported again.
inline constexpr int kSchemaVersion = 3;
/// GeoPackage's header fields (OGC 12-128r17 requirement 2): application_id 'GPKG', user_version 1.3.0
/// (10300): the newest GeoPackage that Debian 12's GDAL 3.6 supports fully (1.4 files make it warn "may only
/// be partially supported" on every open). sandtable writes no triggers, so no RTree trigger names apply.
inline constexpr std::uint32_t kGeoPackageApplicationId = 0x47504B47;
inline constexpr int kGeoPackageUserVersion = 10300;
/// The catalogue file used when none is named.
inline constexpr const char* kDefaultCatalogueFile = "catalogue.gpkg";
/// How long a writer waits for another process's transaction before giving up, milliseconds.
inline constexpr int kBusyTimeoutMs = 60000;

/// An export refused because the scenario has validation errors. what() names the file and the error count;
/// diagnostics() holds every finding (errors and warnings) for the caller to show.
class ValidationFailed : public core::util::Error {
public:
    ValidationFailed(const std::string& file, core::validation::Diagnostics diagnostics);
    const core::validation::Diagnostics& diagnostics() const noexcept { return m_diagnostics; }

private:
    core::validation::Diagnostics m_diagnostics;
};

/// An export refused because the document is not a revision of the package already stored under its id
/// (see ExportOptions for what a revision is). what() names the catalogue, the id, both scenarios and the
/// ways out; the catalogue is left unchanged.
class NotARevision : public core::util::OperationError {
public:
    using core::util::OperationError::OperationError;
};

/// Identity in the catalogue. A package is a scenario id; each export of a document with that id is a new
/// revision of it, provided the document is the same scenario as the package's newest revision:
/// - the same game system, always (a package never changes system: a Pub Battles package would otherwise
///   vanish from a Pub Battles listing), and
/// - the same title, or the same battle and date (at least one of the two non-empty): a revision may be
///   retitled or have its date corrected, not both at once, unless `asRevision` says it is the same scenario.
/// Anything else is refused (NotARevision). `newId` stores the document as (a revision of) another id.
struct ExportOptions {
    /// Store the package under this id instead of the document's own (the document's bytes are stored
    /// unchanged; `extract` gives them back with their own id). Empty: the document's id. Must be a valid
    /// scenario id (^[A-Za-z0-9][A-Za-z0-9_.:-]*$, at most 200 characters), else core::util::OperationError.
    std::string newId;
    /// The designer says the document is a revision of the package with its id although its title, battle
    /// and date all changed (the game system must still be the same).
    bool asRevision = false;
    /// Store the map raster's bytes (when the scenario names a map, the file is found and its SHA-256
    /// matches the document's). Relative map paths resolve against the scenario file's folder.
    bool storeRaster = true;
    /// Read the map raster from this file instead of the scenario's map path (push and pull copy a stored raster
    /// through a temporary file of their own: a document's relative path, "../../../shared/data/maps/x.jpg",
    /// must never decide where anything is written). Its SHA-256 is checked against the document's as usual.
    std::optional<std::filesystem::path> rasterFile;
    /// Renders the package's thumbnail (PNG bytes) from the validated scenario, called once the rules
    /// found no error, on another thread while the package is being written (it must not touch the
    /// catalogue); `baseDir` resolves a relative map path. Not set, or returning an empty string: no
    /// thumbnail. Bytes that are not a PNG are refused (core::util::OperationError). The library itself draws
    /// nothing (cairo lives above it); the CLI passes its renderer.
    std::function<std::string(const core::Scenario& scenario, const std::filesystem::path& baseDir)> thumbnail;
};

struct ExportResult {
    std::string id;                ///< the scenario id (package id)
    int revision = 0;              ///< 1 for the first export of an id, then 2, 3, ...
    core::validation::Diagnostics warnings;    ///< non-error findings stored with the package
    bool rasterStored = false;
    std::string rasterNote;        ///< why the raster was not stored, when the scenario names one
    bool thumbnailStored = false;
};

/// One package as list and search show it: the newest revision of a scenario id.
struct PackageSummary {
    std::string id;
    int revision = 0;
    int revisionCount = 0;   ///< revisions kept in the catalogue
    std::string title;
    std::string system;      ///< "pub-battles", ...
    std::string battle;
    std::string date;        ///< as in the document (ISO 8601)
    std::string created;     ///< export time, UTC, "YYYY-MM-DDTHH:MM:SS.sssZ"
    int warningCount = 0;
    double score = 0.0;      ///< search only: FTS5 bm25 (smaller = better), 0 for list
};

/// A search that cannot be run: an empty or blank query without a filter, or text holding no word at all
/// ("(", ")", "\"", "-"). The CLI reports it as a usage error (exit 2).
class UnsearchableQuery : public core::util::OperationError {
public:
    using core::util::OperationError::OperationError;
};

/// Search: results come in two tiers. First the packages whose title alone matches the query, best
/// first by FTS5 bm25 over the title (`score` < 0); then, while fewer than `limit` were found, the other
/// packages matching the query in any column, most recently exported first (`score` 0: bm25 over the
/// descriptions of every matching package would be read for each query, which a 10,000-package catalogue
/// cannot afford). `text` is an FTS5 query (words, "phrases", prefix*, AND/OR/NOT, column:word; columns title,
/// battle, date, description, names, places, rules). A word FTS5 cannot take bare (with a hyphen or an
/// apostrophe: "saint-c*", "d'Eu") is searched as a phrase of its tokens, a trailing * making the last one a
/// prefix ("saint-c*" finds "Saint-Cyr"). Text that is still not valid FTS5 syntax (a stray quote or
/// parenthesis) is searched as its words. Blank text with a filter lists the packages the filters keep;
/// blank text without one, or text with no word at all ("(", "\""), is refused (UnsearchableQuery).
/// Empty filters do not filter; dates compare as ISO 8601 text, inclusive.
struct SearchQuery {
    std::string text;
    std::string system;
    std::string dateFrom;
    std::string dateTo;
    int limit = 20;
};

/// Map raster provenance of a package.
struct MapProvenance {
    std::string path;                 ///< as in the document
    std::string sha256;               ///< as in the document
    int width = 0;
    int height = 0;
    std::string method;               ///< georeference method, empty without a georeference
    std::string targetCrs;
    std::optional<double> rmsMap;     ///< metres
    std::optional<double> rmsPixels;
    int gcpCount = 0;
    bool rasterStored = false;
    std::string rasterSha256;         ///< of the stored bytes
    std::int64_t rasterSize = 0;      ///< bytes
};

/// Everything `show` reports about one revision.
struct PackageDetails {
    PackageSummary summary;
    std::vector<int> revisions;       ///< all revisions kept, ascending
    std::string description;
    std::string crs;
    double scale = 0.0;
    std::string sourceName;           ///< the file it was exported from
    std::string documentSha256;
    std::int64_t documentSize = 0;    ///< bytes
    /// The GeoPackage feature tables holding its terrain: of schema version 3, those of its CRS that hold
    /// any of its features, points then lines then polygons ("terrain_epsg_32618_lines",
    /// "terrain_epsg_32618_polygons"); of older files, their one table. Empty without terrain.
    std::vector<std::string> terrainTables;
    int featureCount = 0;
    int sideCount = 0;
    int formationCount = 0;
    int unitCount = 0;
    core::validation::Diagnostics warnings;
    std::optional<MapProvenance> map;
    /// Size of the stored thumbnail PNG (pixels), when the package has one.
    std::optional<std::pair<int, int>> thumbnail;
    int tableBattlesCards = 0;        ///< formation card faces stored (schema v2 tables)
    bool campaignGrid = false;        ///< a Campaign Lite grid is stored
};

struct ExtractOptions {
    std::optional<int> revision;                  ///< default: the newest
    std::optional<std::filesystem::path> rasterDir; ///< also write the stored raster here (its file name)
};

struct ExtractResult {
    int revision = 0;
    std::filesystem::path document;
    std::optional<std::filesystem::path> raster;
    std::string rasterSha256;
};

/// A catalogue file. Opening checks an existing file (application_id 'GPKG', a schema version this build
/// reads, no triggers on sandtable's tables, sandtable's tables being tables) with SQLite's defensive
/// settings on; a missing file is created by the first export. Every write is one BEGIN IMMEDIATE
/// transaction in WAL mode: all or nothing, safe against other processes writing at the same time.
///
/// Errors: core::util::IoError (cannot open, create or write; no such catalogue for reads), core::util::FormatError
/// (not an SQLite file, not a GeoPackage, newer schema, hostile or corrupt content), core::util::OperationError
/// (no package with that id or revision), ValidationFailed (export of a scenario with errors).
///
/// The same catalogue can live in a PostgreSQL database with PostGIS (openLocation with "PG:..." or a
/// postgresql:// URI, libpq's own connection strings and service file): the same packages, revisions, identity
/// rules and search, each package one transaction; roles and row-level security (initialiseDatabase) decide
/// who may write what, enforced by the server. Errors name it by maskedLocation (no password).
class Catalogue {
public:
    /// A GeoPackage catalogue file.
    static Catalogue open(const std::filesystem::path& path);
    /// A --catalogue value: a PostgreSQL database when isDatabase(location), else a GeoPackage file.
    static Catalogue openLocation(const std::string& location);
    /// "PG:..." (GDAL's form: PG: then libpq's key=value connection string, e.g. "PG:service=club"), or a
    /// postgresql:// or postgres:// URI.
    static bool isDatabase(std::string_view location);
    /// The location with any password replaced by "***", as every message shows it.
    static std::string maskedLocation(std::string_view location);

    Catalogue(Catalogue&&) noexcept;
    Catalogue& operator=(Catalogue&&) noexcept;
    ~Catalogue();

    /// The GeoPackage file (empty for a database).
    const std::filesystem::path& path() const noexcept;
    /// How messages name the catalogue (the file, or the database with its password masked).
    const std::string& location() const noexcept;

    /// Reads, validates (schema + rules) and stores a scenario file as a new revision of its id (or of
    /// options.newId; NotARevision when it is not the same scenario, see ExportOptions), in one
    /// write transaction (BEGIN IMMEDIATE) that commits only when the rules found no error: they run on a
    /// second thread while the package is written. Refused (ValidationFailed) on any error; a catalogue
    /// file the export created is then removed. A file not yet in WAL mode is switched after the commit.
    /// The scenario file is read whole first (core::io::readFile), so another program that changes it during
    /// the export changes nothing of what is stored.
    ExportResult exportScenario(const std::filesystem::path& scenarioFile, const ExportOptions& options = {});
    /// As exportScenario for document bytes already read; `baseDir` resolves a relative map path.
    ExportResult exportDocument(std::string_view document, const std::string& sourceName,
        const std::filesystem::path& baseDir, const ExportOptions& options = {});

    /// The newest revision of every package, by id.
    std::vector<PackageSummary> list() const;
    /// Newest revisions matching the query, best first (titles first, then the other matches newest first).
    /// Throws UnsearchableQuery for a query with no word (see SearchQuery), core::util::OperationError for a query
    /// FTS5 cannot run even as plain words.
    std::vector<PackageSummary> search(const SearchQuery& query) const;
    /// One revision (default the newest) in detail.
    PackageDetails show(const std::string& id, std::optional<int> revision = std::nullopt) const;
    /// The exact bytes of the exported document (checked against the stored SHA-256).
    std::string document(const std::string& id, std::optional<int> revision = std::nullopt) const;
    /// The stored thumbnail PNG of one revision (default the newest); nullopt when it has none.
    std::optional<std::string> thumbnail(const std::string& id, std::optional<int> revision = std::nullopt) const;
    /// Writes the document (atomically, byte for byte) to `output`, and the raster with options.rasterDir.
    ExtractResult extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options = {}) const;
    /// Removes every revision of `id` (or only `revision`); returns how many revisions were removed.
    int remove(const std::string& id, std::optional<int> revision = std::nullopt);

    /// sandtable's schema version of the file (0 when it holds no sandtable tables yet or does not exist).
    int schemaVersion() const;

    /// The role a database login gets (grantRole): readers list, search, show and extract; authors also
    /// export, and revise or remove the packages they first published; editors do everything, and grant.
    enum class Role { Reader, Author, Editor };

    /// Creates sandtable's schema in a PostgreSQL database (PostGIS and unaccent must be installable or
    /// installed), the roles sandtable_reader, sandtable_author and sandtable_editor with their grants and
    /// row-level security; kept as it is when it exists. core::util::OperationError for a GeoPackage location (a
    /// file is created by its first export) or a refusal by the server.
    static void initialiseDatabase(const std::string& location);
    /// Gives `user` (created as a login role without password when missing) exactly `role` in the database.
    static void grantRole(const std::string& location, const std::string& user, Role role);

private:
    struct Impl;
    explicit Catalogue(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace sandtable::catalogue
