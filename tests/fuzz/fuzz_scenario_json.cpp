// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: JSON syntax (RapidJSON), format gate, schema (valijson), model, rules validation; a
// document that validates is written back and must read again, and nlohmann's parser, reading the same
// text independently, must give the same scenario.
#include "fuzz_support.hpp"
#include "sandtable/core/io/scenario_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <exception>
#include <optional>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::core;
    const std::string_view text = sandtable::fuzz::asText(data, size);
    try {
        const ValidationReport report = validateScenarioText(text, "fuzz.json");
        if (report.scenario) {
            const std::string again = serializeScenario(*report.scenario);
            // What sandtable writes it must read back (the schema passed once; the model round-trips).
            const ValidationReport second = validateScenarioText(again, "again.json");
            if (!second.scenario)
                std::abort();
            // The same text read by nlohmann and scenarioFromJson: the same model. nlohmann refusing what
            // RapidJSON accepted (or the reverse reading) is a finding, not an exception to swallow.
            nlohmann::ordered_json other;
            try {
                other = nlohmann::ordered_json::parse(text);
            } catch (const nlohmann::json::exception&) {
                std::abort();
            }
            if (serializeScenario(scenarioFromJson(other, "fuzz.json")) != again)
                std::abort();
        }
    } catch (const std::exception&) {
        // Every exception becomes "sandtable: error: ..." exit 1 in the CLI: not a crash.
    }
    return 0;
}
