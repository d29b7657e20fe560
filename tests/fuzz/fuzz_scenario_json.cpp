// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: JSON syntax (RapidJSON), format gate, schema (valijson), model, rules validation; a
// document that validates is written back and must read again to the same bytes.
#include "fuzz_support.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"

#include <cstdlib>
#include <exception>
#include <optional>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core::io;
    const std::string_view text = sandtable::fuzz::asText(data, size);
    try {
        const ValidationReport report = validateScenarioText(text, "fuzz.json");
        if (report.scenario) {
            const std::string again = serializeScenario(*report.scenario);
            // What sandtable writes it must read back (the schema passed once) to the same model, which is
            // written as the same bytes.
            const ValidationReport second = validateScenarioText(again, "again.json");
            if (!second.scenario || !(*second.scenario == *report.scenario) || serializeScenario(*second.scenario) != again)
                std::abort();
        }
    } catch (const std::exception&) {
        // Every exception becomes "sandtable: error: ..." exit 1 in the CLI: not a crash.
    }
    return 0;
}
