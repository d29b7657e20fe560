// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: JSON syntax, format gate, schema (valijson), model, rules validation; a document
// that validates is written back and must read again.
#include "fuzz_support.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"

#include <cstdlib>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    try {
        const ValidationReport report = validateScenarioText(sandtable::fuzz::asText(data, size), "fuzz.json");
        if (report.scenario) {
            const std::string again = serializeScenario(*report.scenario);
            // What sandtable writes it must read back (the schema passed once; the model round-trips).
            const ValidationReport second = validateScenarioText(again, "again.json");
            if (!second.scenario)
                std::abort();
        }
    } catch (const std::exception&) {
        // Every exception becomes "sandtable: error: ..." exit 1 in the CLI: not a crash.
    }
    return 0;
}
