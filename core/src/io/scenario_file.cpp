// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: version gate, JSON Schema validation (valijson), rules validation, atomic save.
#include "sandtable/core/io/scenario_file.hpp"

#include "fast_json.hpp"
#include "fast_schema.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <future>
#include <mutex>
#include <optional>

namespace sandtable::embedded {
extern const std::string_view scenarioSchemaV1;
}

namespace sandtable::core {
namespace {

const nlohmann::json& schemaDocument()
{
    static const nlohmann::json document = nlohmann::json::parse(embedded::scenarioSchemaV1);
    return document;
}

const valijson::Schema& compiledSchema()
{
    static valijson::Schema schema;
    static std::once_flag once;
    std::call_once(once, [] {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::NlohmannJsonAdapter adapter(schemaDocument());
        parser.populateSchema(adapter, schema);
    });
    return schema;
}

/// The same schema for the fast path's checker.
const fastschema::Schema& fastSchema()
{
    static const fastschema::Schema schema(schemaDocument());
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


// ----------------------------------------------------------------------------------------------------
// The fast path for documents that pass: one parse into an arena tree (fastjson), the schema checked on
// it (fastschema, which answers as valijson does or not at all), the model built from it. Anything else
// (bad JSON, a foreign format or version, a cap reached, a schema violation, a value either of them is
// unsure of) returns nullopt and the document takes the nlohmann + valijson path below, which finds and
// words the problem. Both paths give the same Scenario for a document that passes.

namespace fast {

using fastjson::Kind;
using fastjson::Value;

/// Terrain arrays at least this long have their schema check and model split between two threads.
constexpr std::size_t kParallelItems = 2048;

/// parseAndGate's format and version checks after the parse; false when the document is not plainly a
/// scenario of a version this build reads.
bool gate(const Value& root)
{
    if (!root.isObject())
        return false;
    const Value* format = root.find("format");
    if (!format || !format->isString() || format->string() != "sandtable-scenario")
        return false;
    const Value* version = root.find("version");
    if (!version)
        return false;
    const bool supported = (version->kind == Kind::Unsigned && version->unsignedInteger >= 1
                               && version->unsignedInteger <= static_cast<std::uint64_t>(kScenarioFormatVersion));
    if (!supported)
        return false;
    // The vertex caps are checked on the model (after the schema, which makes a geometry's vertex count
    // the number of its coordinate pairs): see vertexCapsHold.
    return true;
}

/// checkVertexLimits on the model read from a schema-valid document: per geometry and in total.
bool vertexCapsHold(const Scenario& s)
{
    std::size_t total = 0;
    for (const TerrainFeature& f : s.terrain) {
        const std::size_t n = f.geometry.vertexCount();
        total += n;
        if (n > limits::kMaxVerticesPerGeometry || total > limits::kMaxVerticesPerScenario)
            return false;
    }
    return true;
}

bool coordinate(const Value& v, Coordinate& out)
{
    if (v.kind == Kind::Numbers && v.size >= 2) {
        out = Coordinate{v.numbers[0], v.numbers[1]};
        return true;
    }
    if (!v.isArray() || v.size < 2 || !v.items[0].isNumber() || !v.items[1].isNumber())
        return false;
    out = Coordinate{v.items[0].asDouble(), v.items[1].asDouble()};
    return true;
}

bool ring(const Value& v, std::vector<Coordinate>& out)
{
    if (!v.isArray())
        return false;
    out.resize(v.size);
    for (std::uint32_t i = 0; i < v.size; ++i)
        if (!coordinate(v.items[i], out[i]))
            return false;
    return true;
}

/// As scenario_json.cpp's partFromJson.
bool part(GeometryType type, const Value& v, std::vector<std::vector<Coordinate>>& out)
{
    const int dim = dimension(type);
    if (dim == 0) {
        out.assign(1, std::vector<Coordinate>(1));
        return coordinate(v, out[0][0]);
    }
    if (dim == 1) {
        out.assign(1, {});
        return ring(v, out[0]);
    }
    if (!v.isArray())
        return false;
    out.resize(v.size);
    for (std::uint32_t i = 0; i < v.size; ++i)
        if (!ring(v.items[i], out[i]))
            return false;
    return true;
}

bool text(const Value* v, std::string& out)
{
    if (!v || !v->isString())
        return false;
    out.assign(v->text, v->size);
    return true;
}

/// As scenarioFromJson's terrain loop and geometryFromJson.
bool terrainFeature(const Value& f, TerrainFeature& out)
{
    if (!f.isObject())
        return false;
    std::string id;
    if (!text(f.find("id"), id) || !text(f.find("class"), out.terrainClass))
        return false;
    out.id = FeatureId(std::move(id));
    if (const Value* name = f.find("name")) {
        if (!text(name, out.name))
            return false;
    }
    const Value* geometry = f.find("geometry");
    if (!geometry || !geometry->isObject())
        return false;
    std::string typeName;
    if (!text(geometry->find("type"), typeName))
        return false;
    Geometry& g = out.geometry;
    g.type = geometryTypeFromString(typeName);
    const Value* coordinates = geometry->find("coordinates");
    if (!coordinates)
        return false;
    if (g.type >= GeometryType::MultiPoint) {
        if (!coordinates->isArray())
            return false;
        const GeometryType single = static_cast<GeometryType>(static_cast<int>(g.type) - 3);
        g.parts.resize(coordinates->size);
        for (std::uint32_t i = 0; i < coordinates->size; ++i)
            if (!part(single, coordinates->items[i], g.parts[i]))
                return false;
    } else {
        g.parts.resize(1);
        if (!part(g.type, *coordinates, g.parts[0]))
            return false;
    }
    if (const Value* attributes = f.find("attributes"))
        out.attributes = fastjson::Document::toOrderedJson(*attributes);
    return true;
}

bool terrainRange(const Value* first, const Value* last, TerrainFeature* out)
{
    for (const Value* f = first; f != last; ++f, ++out)
        if (!terrainFeature(*f, *out))
            return false;
    return true;
}

/// The scenario of a document the fast path can vouch for, else nullopt.
std::optional<Scenario> scenario(std::string_view text, const std::string& sourceName)
{
    fastjson::Document document;
    if (!document.parse(text))
        return std::nullopt;
    const Value& root = document.root();
    if (!gate(root))
        return std::nullopt;
    if (fastSchema().validate(root, kParallelItems) != fastschema::Verdict::Valid)
        return std::nullopt;
    try {
        nlohmann::ordered_json rest = nlohmann::ordered_json::object();
        const Value* terrain = nullptr;
        for (std::uint32_t i = 0; i < root.size; ++i) {
            const fastjson::Member& m = root.members[i];
            if (m.name() == "terrain" && m.value.isArray())
                terrain = &m.value;
            else
                rest.emplace(std::string(m.name()), fastjson::Document::toOrderedJson(m.value));
        }
        Scenario s = scenarioFromJson(rest, sourceName);
        if (terrain) {
            s.terrain.resize(terrain->size);
            const Value* first = terrain->begin();
            const Value* last = terrain->end();
            if (terrain->size >= kParallelItems) {
                const Value* middle = first + terrain->size / 2;
                TerrainFeature* second = s.terrain.data() + terrain->size / 2;
                auto other = std::async(std::launch::async, [=] { return terrainRange(middle, last, second); });
                const bool a = terrainRange(first, middle, s.terrain.data());
                if (!other.get() || !a)
                    return std::nullopt;
            } else if (!terrainRange(first, last, s.terrain.data())) {
                return std::nullopt;
            }
        }
        if (!vertexCapsHold(s))
            return std::nullopt;
        return s;
    } catch (const std::exception&) {
        // The nlohmann path meets the same problem and reports it.
        return std::nullopt;
    }
}

} // namespace fast

} // namespace

std::string_view scenarioSchemaText() { return embedded::scenarioSchemaV1; }

namespace detail {

std::optional<Scenario> readScenarioFast(std::string_view text, const std::string& sourceName)
{
    return fast::scenario(text, sourceName);
}

ValidationReport readScenarioThorough(std::string_view text, const std::string& sourceName)
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
    return report;
}

int fastSchemaVerdict(std::string_view text)
{
    fastjson::Document document;
    if (!document.parse(text))
        return -1;
    return static_cast<int>(fastSchema().validate(document.root()));
}

bool schemaAccepts(std::string_view text)
{
    return !hasErrors(schemaDiagnostics(nlohmann::json::parse(text)));
}

} // namespace detail

ValidationReport readScenarioText(std::string_view text, const std::string& sourceName)
{
    if (std::optional<Scenario> scenario = fast::scenario(text, sourceName)) {
        ValidationReport report;
        report.scenario = std::move(scenario);
        return report;
    }
    return detail::readScenarioThorough(text, sourceName);
}

ValidationReport validateScenarioText(std::string_view text, const std::string& sourceName)
{
    ValidationReport report = readScenarioText(text, sourceName);
    if (report.scenario) {
        Diagnostics rules = validateScenario(*report.scenario);
        report.diagnostics.insert(report.diagnostics.end(), std::make_move_iterator(rules.begin()), std::make_move_iterator(rules.end()));
    }
    return report;
}

LoadedScenario parseScenario(std::string_view text, const std::string& sourceName)
{
    LoadedScenario loaded;
    if (std::optional<Scenario> scenario = fast::scenario(text, sourceName)) {
        loaded.scenario = std::move(*scenario);
    } else {
        Gate gate = parseAndGate(text, sourceName);
        Diagnostics schema = schemaDiagnostics(gate.plain);
        if (hasErrors(schema)) {
            std::string reason = "does not match the scenario schema: " + schema.front().message;
            if (schema.size() > 1)
                reason += " (and " + std::to_string(schema.size() - 1) + " more; run 'sandtable scenario validate')";
            throw FormatError(sourceName, schema.front().path, reason);
        }
        loaded.scenario = scenarioFromJson(gate.ordered, sourceName);
    }
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
