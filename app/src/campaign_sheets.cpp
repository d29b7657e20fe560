// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/app/campaign_sheets.hpp"

#include "sandtable/core/model/campaign.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/in_file.hpp"
#include "sandtable/geo/map_raster.hpp"
#include "sandtable/print/sheet_marks.hpp"

namespace sandtable::app {

namespace {

CampaignSheetsOutcome printSheets(const core::Scenario& scenario, CampaignSheetsJob job, const Reporter& reporter)
{
    CampaignSheetsOutcome outcome;
    print::CampaignPrintRequest& request = job.request;
    request.scaleDenominator = print::campaignPrintScale(scenario, request);
    const double scale = *request.scaleDenominator;
    core::util::ProgressCallback sheetsProgress = reporter.progress;
    if (job.underlay) {
        const auto dir = job.scenarioFile.parent_path();
        const bool haveMap = scenario.map
            && (geo::warpedMapPath(scenario, dir) || std::filesystem::exists(geo::resolveMapPath(scenario.map->path, dir)));
        if (!haveMap) {
            reporter.tell(core::i18n::format(_("notice: {1}: no map raster found: printing without the underlay"), {job.scenarioFile.string()}));
        } else {
            const auto b = core::gridBounds(scenario.campaign->grid);
            const double metresPerPixel = 25.4 / job.underlayDpi * scale / 1000.0;
            geo::RenderedRaster r = geo::renderMapRaster(scenario, dir, core::Extent{b[0], b[1], b[2], b[3]}, metresPerPixel,
                reporter.part(0.0, 0.5));
            request.underlay = print::PrintRaster{r.width, r.height, std::move(r.pixels), r.geotransform};
            outcome.underlayPrinted = true;
            sheetsProgress = reporter.part(0.5, 1.0);
        }
    }
    request.sourceNote = print::baseMapNote(scenario);
    outcome.result = print::printCampaignSheets(scenario, request, job.output, sheetsProgress);
    return outcome;
}

} // namespace

CampaignSheetsOutcome printCampaignSheets(const core::Scenario& scenario, CampaignSheetsJob job, const Reporter& reporter)
{
    const std::string file = job.scenarioFile.string();
    return core::util::inFile(file, [&] { return printSheets(scenario, std::move(job), reporter); });
}

} // namespace sandtable::app
