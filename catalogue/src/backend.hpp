// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue's two halves: what a package is (the document, its validation, identity and revisions, its
// search text: catalogue.cpp, package_content.cpp, written once) and where it is kept (a Backend: the
// GeoPackage file, gpkg_backend.cpp and catalogue_read.cpp, or a PostgreSQL/PostGIS database, pg_backend.cpp).
#pragma once

#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/catalogue/srs.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/core/validation/diagnostic.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable::catalogue::detail {

/// Thrown by PackageWriter::begin when the rules, awaited while the catalogue was busy, refuse the scenario.
struct RefusedBeforeWriting {};

/// What the identity rules compare: the newest stored revision of an id.
struct StoredIdentity {
    std::string system;
    std::string title;
    std::string battle;
    std::string date;
    int revision = 0;
};

/// Everything an export hands to the storage: the parsed scenario and the document's bytes.
struct PackageInput {
    const core::Scenario& scenario;
    std::string id;                 ///< the package id (the document's or ExportOptions::newId)
    std::string_view document;
    std::string sourceName;
    std::filesystem::path baseDir;
    const ExportOptions& options;
    SrsDefinition srs;
    std::function<std::string()> documentSha256; ///< computed aside; call once
};

/// One package being written, inside one transaction of the backend. The common export (catalogue.cpp)
/// calls begin, latest (for the identity rules), store, then finish once validation found no error, or
/// abandon on any failure.
class PackageWriter {
public:
    virtual ~PackageWriter() = default;
    /// The document's bytes, before they are parsed: a backend may start storing them meanwhile (on another
    /// thread, until begin). Throws nothing: a failure is begin's to throw. `document` outlives the writer.
    virtual void sendAhead(std::string_view) {}
    /// Opens the write transaction. `rulesRefused` awaits the rules: a backend that must wait for another
    /// writer calls it first and throws RefusedBeforeWriting when it returns true.
    virtual void begin(const PackageInput& input, ExportResult& result, const std::function<bool()>& rulesRefused) = 0;
    /// The newest stored revision of `id`, if any.
    virtual std::optional<StoredIdentity> latest(const std::string& id) = 0;
    /// Writes everything but the warnings and the thumbnail; sets result.revision and result.rasterStored.
    virtual void store(const PackageInput& input, ExportResult& result) = 0;
    /// Writes the warnings and the thumbnail (`png` empty: none) and commits.
    virtual void finish(const core::validation::Diagnostics& warnings, const std::string& png, std::optional<std::pair<int, int>> pngSize) = 0;
    /// Rolls back whatever was written.
    virtual void abandon() noexcept = 0;
};

/// A catalogue's storage.
class Backend {
public:
    virtual ~Backend() = default;
    /// How messages name the catalogue: the file, or the connection with any password masked.
    virtual const std::string& location() const = 0;
    /// The GeoPackage file; empty for a database.
    virtual const std::filesystem::path& path() const = 0;
    virtual std::unique_ptr<PackageWriter> writer() = 0;
    virtual std::vector<PackageSummary> list() = 0;
    virtual std::vector<PackageSummary> search(const SearchQuery& query) = 0;
    virtual PackageDetails show(const std::string& id, std::optional<int> revision) = 0;
    virtual std::string document(const std::string& id, std::optional<int> revision) = 0;
    virtual std::optional<std::string> thumbnail(const std::string& id, std::optional<int> revision) = 0;
    virtual ExtractResult extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options) = 0;
    virtual int remove(const std::string& id, std::optional<int> revision) = 0;
    virtual int schemaVersion() = 0;
};

std::unique_ptr<Backend> openGeoPackage(const std::filesystem::path& path);
/// `conninfo`: libpq's connection string (key=value or a postgresql:// URI); `display` names it in messages.
std::unique_ptr<Backend> openPostgres(const std::string& conninfo, const std::string& display);
/// schemas/catalogue.pg.sql in one transaction.
void initialisePostgres(const std::string& conninfo, const std::string& display);
/// sandtable.grant_role(user, role): role "reader", "author" or "editor".
void grantPostgres(const std::string& conninfo, const std::string& display, const std::string& user, const std::string& role);

} // namespace sandtable::catalogue::detail
