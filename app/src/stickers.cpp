// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/app/stickers.hpp"

#include "sandtable/core/util/error.hpp"

namespace sandtable::app {

print::StickerLayout printScenarioStickers(const core::Scenario& scenario, const StickersJob& job)
{
    try {
        return print::printStickers(scenario, job.request, job.output);
    } catch (const core::OperationError& e) {
        if (!e.file().empty())
            throw;
        throw core::OperationError(job.scenarioFile.string(), e.object(), e.reason());
    }
}

} // namespace sandtable::app
