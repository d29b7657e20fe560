// SPDX-License-Identifier: GPL-3.0-or-later
// The GeoPackage backend's state, shared by its writing (gpkg_backend.cpp) and reading (catalogue_read.cpp) halves.
#pragma once

#include "backend.hpp"
#include "sqlite_db.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::catalogue::detail {

class GpkgBackend final : public Backend {
public:
    explicit GpkgBackend(std::filesystem::path file) : m_path(std::move(file)), m_location(m_path.string()) {}

    const std::string& location() const override { return m_location; }
    const std::filesystem::path& path() const override { return m_path; }
    std::unique_ptr<PackageWriter> writer() override;
    std::vector<PackageSummary> list() override;
    std::vector<PackageSummary> search(const SearchQuery& query) override;
    PackageDetails show(const std::string& id, std::optional<int> revision) override;
    std::string document(const std::string& id, std::optional<int> revision) override;
    std::optional<std::string> thumbnail(const std::string& id, std::optional<int> revision) override;
    ExtractResult extract(const std::string& id, const std::filesystem::path& output, const ExtractOptions& options) override;
    int remove(const std::string& id, std::optional<int> revision) override;
    int schemaVersion() override;

    /// The connection for reading: opens the file when it has appeared since; IoError when it does not exist.
    Database& readable();
    /// The fid of `id`'s given revision (default the newest); OperationError when there is none.
    std::int64_t packageFid(const std::string& id, std::optional<int> revision);
    /// Rebuilds the search row of package `fid` from its stored tables.
    void indexPackage(std::int64_t fid);

    std::filesystem::path m_path;
    std::string m_location;
    Database db;           ///< open once the file exists
    int version = 0;       ///< sandtable schema version found when the file was last inspected
};

} // namespace sandtable::catalogue::detail
