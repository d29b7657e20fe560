// SPDX-License-Identifier: GPL-3.0-or-later
// Sync between two catalogues (a designer's GeoPackage and a shared PostgreSQL one, either way): the newer
// revisions of one side published to the other, history and identity kept, a conflict refused and named.
#pragma once

#include "sandtable/catalogue/catalogue.hpp"

#include <string>
#include <vector>

namespace sandtable::catalogue {

/// Some ids were revised on both sides since they last agreed: nothing was copied. what() names them.
class SyncConflict : public core::util::OperationError {
public:
    SyncConflict(const std::string& location, std::vector<std::string> ids);
    const std::vector<std::string>& ids() const noexcept { return m_ids; }

private:
    std::vector<std::string> m_ids;
};

struct SyncOptions {
    /// Only these ids (empty: every package of the source).
    std::vector<std::string> ids;
    /// As ExportOptions::thumbnail, for the copied revisions.
    std::function<std::string(const core::Scenario& scenario, const std::filesystem::path& baseDir)> thumbnail;
};

struct SyncResult {
    int packages = 0;    ///< ids that received revisions
    int revisions = 0;   ///< revisions copied
    int unchanged = 0;   ///< ids already the same on both sides, or newer on the target
};

/// Copies into `to` the revisions of `from` that `to` lacks. A package's history is its revisions' document
/// SHA-256s in order; the two sides agree up to the longest common start of their histories. Revisions of
/// `from` after it are exported into `to` in order (each validated again, one transaction each, as a revision
/// of the same id: its revision numbers follow on). An id with revisions after the common start on both sides
/// is a conflict: SyncConflict naming every such id, thrown before anything is copied.
SyncResult copyNewRevisions(const Catalogue& from, Catalogue& to, const SyncOptions& options = {});

} // namespace sandtable::catalogue
