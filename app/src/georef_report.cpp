// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/app/georef_report.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/georef_report.hpp"
#include "sandtable/geo/georeference_scan.hpp"
#include "sandtable/geo/map_raster.hpp"

namespace sandtable::app {

print::GeorefReportResult writeGeorefReport(const core::Scenario& scenario, const std::filesystem::path& scenarioFile,
    const std::filesystem::path& output)
{
    const std::string file = scenarioFile.string();
    if (!scenario.map)
        throw core::util::OperationError(file, "map", _("the scenario has no map raster"));
    if (!scenario.map->georeference || scenario.map->georeference->gcps.empty())
        throw core::util::OperationError(file, "map", _("the scan has no GCPs to report on"));
    const core::Georeference& g = *scenario.map->georeference;
    const geo::StoredFit stored = geo::fitStored(g, scenario.settings.crs, file);
    const std::filesystem::path scan = geo::resolveMapPath(scenario.map->path, scenarioFile.parent_path());
    core::GeorefReport report = geo::georefReport(scan, g, stored.fit, stored.frame.targetCrs);
    report.language = scenario.settings.language; // the report's fixed texts in the scenario's language (issue 25)
    return print::printGeorefReport(report, output);
}

} // namespace sandtable::app
