// SPDX-License-Identifier: GPL-3.0-or-later
// A new scenario's settings and map, through the Document's operations.
#include "sandtable/app/new_scenario.hpp"

#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

namespace sandtable::app {

void refuseOverwrite(const std::filesystem::path& output, bool force, const std::string& forceOption)
{
    std::error_code ec;
    if (force || !std::filesystem::exists(output, ec))
        return;
    throw core::util::OperationError(output.string(), _("output"),
        core::i18n::format(_("exists already and would be replaced: choose another file name, or give {1} to replace it"), {forceOption}));
}

std::optional<geo::NewScenario> newScenario(core::document::Document& document, const NewScenarioJob& job, const Reporter& reporter)
{
    geo::NewScenarioOptions options;
    options.system = job.system;
    options.title = job.title;
    options.crs = (job.crs.empty() || job.crs == "none") ? "auto" : job.crs;
    options.frame = job.crs == "none" ? geo::RasterFrame::Scan : job.frame;
    options.scale = job.scale;
    options.progress = reporter.progress;
    if (job.map.empty()) {
        core::ScenarioSettings settings = geo::newScenarioSettings(options, document.path());
        settings.crs = options.crs == "auto" ? std::string() : options.crs;
        document.apply(core::document::operations::setSettings(document.scenario(), settings, _("New scenario")));
        return std::nullopt;
    }
    geo::NewScenario made = geo::newScenarioFromRaster(job.map, document.path(), options);
    document.apply(core::document::operations::setSettings(document.scenario(), made.settings, _("New scenario")));
    document.apply(core::document::operations::setMap(document.scenario(), made.map, _("Set map")));
    return made;
}

} // namespace sandtable::app
