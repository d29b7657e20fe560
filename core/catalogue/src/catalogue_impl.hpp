// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue's private state, shared by its writing (catalogue.cpp) and reading (catalogue_read.cpp) halves.
#pragma once

#include "sandtable/catalogue/catalogue.hpp"
#include "sqlite_db.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sandtable::catalogue {

struct Catalogue::Impl {
    std::filesystem::path path;
    detail::Database db;   ///< open once the file exists
    int version = 0;       ///< sandtable schema version found when the file was last inspected

    /// The connection for reading: opens the file when it has appeared since; IoError when it does not exist.
    detail::Database& readable();
    /// The fid of `id`'s given revision (default the newest); OperationError when there is none.
    std::int64_t packageFid(const std::string& id, std::optional<int> revision);
    /// Rebuilds the search row of package `fid` from its stored tables.
    void indexPackage(std::int64_t fid);
};

} // namespace sandtable::catalogue
