// SPDX-License-Identifier: GPL-3.0-or-later
// A scenario into the catalogue: one function for `sandtable catalogue export` and the editor's File > Export
// to Catalogue (issue 46 item 3), with the one thumbnail renderer both store.
#pragma once

#include "sandtable/catalogue/catalogue.hpp"

#include <filesystem>
#include <string>

namespace sandtable::app {

/// Width of the thumbnail stored with each package, pixels (the height follows the map's aspect).
inline constexpr int kCatalogueThumbnailWidth = 256;

/// The package's thumbnail as PNG bytes: its terrain drawn in the print styles, kCatalogueThumbnailWidth pixels
/// wide, over the scenario's extent (else the terrain's envelope). No terrain and no extent: no thumbnail ("").
/// The signature of catalogue::ExportOptions::thumbnail. Throws core::util::OperationError when cairo cannot write.
std::string catalogueThumbnail(const core::Scenario& scenario, const std::filesystem::path& baseDir);

/// Exports the scenario file `scenarioFile` into the catalogue `catalogueFile` (created when missing) as
/// `sandtable catalogue export` does: the rules checked first (catalogue::ValidationFailed lists the errors),
/// a new revision of its package, the map raster stored unless `options.storeRaster` is false, and the
/// thumbnail drawn by catalogueThumbnail (whatever `options.thumbnail` held).
catalogue::ExportResult exportToCatalogue(const std::filesystem::path& catalogueFile, const std::filesystem::path& scenarioFile,
    catalogue::ExportOptions options);

} // namespace sandtable::app
