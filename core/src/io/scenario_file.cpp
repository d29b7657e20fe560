// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: version gate, JSON Schema validation (valijson), rules validation, atomic save.
#include "sandtable/core/io/scenario_file.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <mutex>

namespace sandtable::embedded {
extern const std::string_view scenarioSchemaV1;
}

namespace sandtable::core {
namespace {

const valijson::Schema& compiledSchema()
{
    static valijson::Schema schema;
    static std::once_flag once;
    std::call_once(once, [] {
        const auto document = nlohmann::json::parse(embedded::scenarioSchemaV1);
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(document);
        parser.populateSchema(adapter, schema);
    });
    return schema;
}

/// valijson's context ["<root>", "[terrain]", "[3]", "[geometry]"] -> "/terrain/3/geometry".
std::string toJsonPointer(const std::vector<std::string>& context)
{
    std::string pointer;
    for (const std::string& step : context) {
        if (step == "<root>")
            continue;
        std::string token = step;
        if (token.size() >= 2 && token.front() == '[' && token.back() == ']')
            token = token.substr(1, token.size() - 2);
        pointer += "/" + token;
    }
    return pointer.empty() ? "/" : pointer;
}

Diagnostics schemaDiagnostics(const nlohmann::json& document)
{
    valijson::Validator validator;
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    Diagnostics out;
    // Valid documents (the usual case) take valijson's fast path, which collects no error texts and stops
    // at the first failure; only an invalid one is validated again to report every error.
    if (validator.validate(compiledSchema(), adapter, nullptr))
        return out;
    valijson::ValidationResults results;
    validator.validate(compiledSchema(), adapter, &results);
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        // valijson reports the chain of enclosing schemas too ("failed to validate against allOf"):
        // keep the leaf reasons, which name what is actually wrong.
        if (error.description.find("Failed to validate against child schema") != std::string::npos
            || error.description.find("Failed to validate item") != std::string::npos
            || error.description.find("Failed to validate against schema associated with property") != std::string::npos
            || error.description.find("Failed to validate against 'then'") != std::string::npos)
            continue;
        out.push_back(Diagnostic{"schema.invalid", Severity::Error, toJsonPointer(error.context), error.description});
    }
    if (out.empty())
        out.push_back(Diagnostic{"schema.invalid", Severity::Error, "/", "the document does not match the schema"});
    return out;
}

struct Gate {
    nlohmann::json plain;               // for valijson
    nlohmann::ordered_json ordered;     // for the model, keys in document order
};

/// The caps of limits.hpp that must hold before the text is parsed: its size, the nesting depth (the
/// schema validator and the model recurse) and the length of every string.
void checkJsonLimits(std::string_view text, const std::string& sourceName)
{
    if (text.size() > limits::kMaxScenarioFileBytes)
        throw FormatError(sourceName, "", "the document is " + std::to_string(text.size()) + " bytes, which "
                + limits::limitMessage("kMaxScenarioFileBytes", limits::kMaxScenarioFileBytes, "bytes"));
    std::size_t depth = 0;
    std::size_t stringStart = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"') {
                inString = false;
                if (i - stringStart > limits::kMaxStringBytes)
                    throw FormatError(sourceName, "", "a string at byte " + std::to_string(stringStart) + " is "
                            + std::to_string(i - stringStart) + " bytes long, which "
                            + limits::limitMessage("kMaxStringBytes", limits::kMaxStringBytes, "bytes"));
            }
        } else if (c == '"') {
            inString = true;
            stringStart = i + 1;
        } else if (c == '[' || c == '{') {
            if (++depth > limits::kMaxJsonDepth)
                throw FormatError(sourceName, "", "nesting at byte " + std::to_string(i) + " "
                        + limits::limitMessage("kMaxJsonDepth", limits::kMaxJsonDepth, "levels of arrays and objects"));
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    if (inString && text.size() - stringStart > limits::kMaxStringBytes)
        throw FormatError(sourceName, "", "an unterminated string at byte " + std::to_string(stringStart) + " "
                + limits::limitMessage("kMaxStringBytes", limits::kMaxStringBytes, "bytes"));
}

/// Vertices of a GeoJSON coordinates member (positions are arrays of numbers).
std::size_t countPositions(const nlohmann::json& j)
{
    if (!j.is_array() || j.empty())
        return 0;
    if (!j.front().is_array())
        return 1;
    std::size_t n = 0;
    for (const auto& item : j)
        n += countPositions(item);
    return n;
}

/// The vertex caps, checked on the parsed document before the schema validator walks every coordinate.
void checkVertexLimits(const nlohmann::json& document, const std::string& sourceName)
{
    const auto terrain = document.find("terrain");
    if (terrain == document.end() || !terrain->is_array())
        return;
    std::size_t total = 0;
    for (std::size_t i = 0; i < terrain->size(); ++i) {
        const nlohmann::json& feature = (*terrain)[i];
        if (!feature.is_object() || !feature.contains("geometry") || !feature["geometry"].is_object()
            || !feature["geometry"].contains("coordinates"))
            continue;
        const std::size_t n = countPositions(feature["geometry"]["coordinates"]);
        const std::string where = "/terrain/" + std::to_string(i) + "/geometry";
        if (n > limits::kMaxVerticesPerGeometry)
            throw FormatError(sourceName, where, "the geometry has " + std::to_string(n) + " vertices, which "
                    + limits::limitMessage("kMaxVerticesPerGeometry", limits::kMaxVerticesPerGeometry, "vertices"));
        total += n;
        if (total > limits::kMaxVerticesPerScenario)
            throw FormatError(sourceName, where, "the terrain reaches " + std::to_string(total) + " vertices here, which "
                    + limits::limitMessage("kMaxVerticesPerScenario", limits::kMaxVerticesPerScenario, "vertices"));
    }
}

/// Parses the text and checks it is a sandtable scenario of a version this build reads.
Gate parseAndGate(std::string_view text, const std::string& sourceName)
{
    checkJsonLimits(text, sourceName);
    Gate gate;
    try {
        gate.ordered = nlohmann::ordered_json::parse(text);
        gate.plain = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw FormatError(sourceName, "", std::string("not valid JSON: ") + e.what());
    }
    if (!gate.plain.is_object())
        throw FormatError(sourceName, "/", "not a sandtable scenario: the document is not a JSON object");
    const auto format = gate.plain.find("format");
    if (format == gate.plain.end() || *format != "sandtable-scenario")
        throw FormatError(sourceName, "/format", "not a sandtable scenario (expected \"format\": \"sandtable-scenario\")");
    const auto version = gate.plain.find("version");
    if (version == gate.plain.end() || !version->is_number_integer())
        throw FormatError(sourceName, "/version", "missing or non-integer format version");
    const auto v = version->get<long long>();
    if (v > kScenarioFormatVersion)
        throw FormatError(sourceName, "/version",
            "format version " + std::to_string(v) + " is newer than this sandtable reads (up to "
                + std::to_string(kScenarioFormatVersion) + "); open it with a newer sandtable");
    if (v < 1)
        throw FormatError(sourceName, "/version", "unknown format version " + std::to_string(v));
    checkVertexLimits(gate.plain, sourceName);
    return gate;
}

} // namespace

std::string_view scenarioSchemaText() { return embedded::scenarioSchemaV1; }

ValidationReport validateScenarioText(std::string_view text, const std::string& sourceName)
{
    ValidationReport report;
    Gate gate;
    try {
        gate = parseAndGate(text, sourceName);
    } catch (const FormatError& e) {
        const std::string code = e.object() == "/version" ? "format.version" : "format.invalid";
        report.diagnostics.push_back(Diagnostic{code, Severity::Error, e.object().empty() ? "/" : e.object(), e.reason()});
        return report;
    }
    report.diagnostics = schemaDiagnostics(gate.plain);
    if (hasErrors(report.diagnostics))
        return report;
    report.scenario = scenarioFromJson(gate.ordered, sourceName);
    Diagnostics rules = validateScenario(*report.scenario);
    report.diagnostics.insert(report.diagnostics.end(), rules.begin(), rules.end());
    return report;
}

LoadedScenario parseScenario(std::string_view text, const std::string& sourceName)
{
    Gate gate = parseAndGate(text, sourceName);
    Diagnostics schema = schemaDiagnostics(gate.plain);
    if (hasErrors(schema)) {
        std::string reason = "does not match the scenario schema: " + schema.front().message;
        if (schema.size() > 1)
            reason += " (and " + std::to_string(schema.size() - 1) + " more; run 'sandtable scenario validate')";
        throw FormatError(sourceName, schema.front().path, reason);
    }
    LoadedScenario loaded;
    loaded.scenario = scenarioFromJson(gate.ordered, sourceName);
    loaded.diagnostics = validateScenario(loaded.scenario);
    return loaded;
}

LoadedScenario loadScenario(const std::filesystem::path& path)
{
    return parseScenario(readFile(path, kMaxScenarioBytes), path.string());
}

void saveScenario(const Scenario& scenario, const std::filesystem::path& path)
{
    writeFileAtomically(path, serializeScenario(scenario));
}

} // namespace sandtable::core
