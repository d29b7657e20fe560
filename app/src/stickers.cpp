// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/app/stickers.hpp"

#include "sandtable/core/util/in_file.hpp"

namespace sandtable::app {

print::StickerLayout printScenarioStickers(const core::Scenario& scenario, const StickersJob& job)
{
    return core::util::inFile(job.scenarioFile.string(), [&] { return print::printStickers(scenario, job.request, job.output); });
}

} // namespace sandtable::app
