// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/app/cards_print.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/in_file.hpp"

namespace sandtable::app {

const core::TableBattlesSet& scenarioCards(const core::Scenario& scenario, const std::filesystem::path& scenarioFile)
{
    if (!scenario.tableBattles)
        throw core::util::OperationError(scenarioFile.string(), "table_battles", _("the scenario has no Table Battles cards (import a CSV first)"));
    return *scenario.tableBattles;
}

namespace {

CardsOutcome makeCards(const core::Scenario& scenario, const CardsJob& job)
{
    const core::TableBattlesSet& set = scenarioCards(scenario, job.scenarioFile);
    CardsOutcome outcome;
    if (job.images) {
        print::CardImageRequest request;
        request.format = *job.images;
        request.dpi = job.dpi;
        request.bleed = job.bleed;
        request.title = scenario.settings.title;
        outcome.images = print::writeCardImages(set, request, job.output);
        return outcome;
    }
    print::CardPrintRequest request;
    request.page = job.page;
    request.mode = job.mode;
    request.title = scenario.settings.title;
    request.svgFolder = job.svgFolder;
    outcome.pdf = print::printCards(set, request, job.output);
    return outcome;
}

} // namespace

CardsOutcome printScenarioCards(const core::Scenario& scenario, const CardsJob& job)
{
    return core::util::inFile(job.scenarioFile.string(), [&] { return makeCards(scenario, job); });
}

} // namespace sandtable::app
