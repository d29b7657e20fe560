// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: JSON syntax, format gate, schema (valijson), model, rules validation; a document
// that validates is written back and must read again. The fast reader (fastjson + fastschema, which may
// abstain) is checked against the thorough one (nlohmann + valijson): a scenario it vouches for must be the
// one the thorough reader gives.
#include "fuzz_support.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"

#include <cstdlib>
#include <exception>
#include <optional>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    const std::string_view text = sandtable::fuzz::asText(data, size);
    try {
        if (const std::optional<Scenario> fast = detail::readScenarioFast(text, "fuzz.json")) {
            const ValidationReport thorough = detail::readScenarioThorough(text, "fuzz.json");
            if (!thorough.scenario || serializeScenario(*thorough.scenario) != serializeScenario(*fast))
                std::abort(); // the fast path accepted what the thorough one refuses, or read it differently
        }
    } catch (const std::exception&) {
        std::abort(); // the fast path accepted a document the thorough reader throws on
    }
    try {
        const ValidationReport report = validateScenarioText(text, "fuzz.json");
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
