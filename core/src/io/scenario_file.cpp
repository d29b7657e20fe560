// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario documents: one parse (RapidJSON), version gate, JSON Schema validation on that tree (valijson's
// RapidJSON adapter), the model built from the same tree, rules validation, atomic save.
#include "sandtable/core/io/scenario_file.hpp"

#include "rapidjson_tree.hpp" // first: RapidJSON with valijson's RAPIDJSON_ASSERT
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"
#include "json_in.hpp"
#include "scenario_members.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/validation/scenario_validator.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

namespace sandtable::embedded {
extern const std::string_view scenarioSchemaV1;
}

namespace sandtable::core::io {
namespace {

using rapidjson::Value;

const rapidjson::Document& schemaDocument()
{
    static const rapidjson::Document document = [] {
        rapidjson::Document d;
        d.Parse(embedded::scenarioSchemaV1.data(), embedded::scenarioSchemaV1.size());
        return d;
    }();
    return document;
}

/// A compiled schema (valijson's Schema is neither copyable nor movable: built in place).
struct CompiledSchema {
    explicit CompiledSchema(const Value& schemaRoot)
    {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        valijson::adapters::RapidJsonAdapter adapter(schemaRoot);
        parser.populateSchema(adapter, schema);
    }
    valijson::Schema schema;
};

/// The whole schema: the verdict and the wording of every finding.
const valijson::Schema& fullSchema()
{
    static const CompiledSchema compiled(schemaDocument());
    return compiled.schema;
}

/// The schema without the shape of terrain coordinates (definitions/geometry's allOf, which sends
/// "coordinates" to the coordinate, line and polygon definitions by geometry type). Those coordinates are
/// most of a big document, and walking each pair through valijson cost several times the parse; the
/// geometry reader, which reads every one of them anyway, checks exactly those shapes as it reads (see
/// ShapeError), and a document that fails there is checked against fullSchema for its findings. So a
/// document is accepted exactly when fullSchema accepts it.
const valijson::Schema& schemaWithoutTerrainCoordinates()
{
    static const rapidjson::Document copy = [] {
        rapidjson::Document d;
        d.CopyFrom(schemaDocument(), d.GetAllocator());
        d["definitions"]["geometry"].RemoveMember("allOf");
        return d;
    }();
    static const CompiledSchema compiled(copy);
    return compiled.schema;
}

/// The member `name` of an object, or null. A name given twice means its last value, as the readers of the
/// other members (json_in.hpp) take it.
const Value* member(const Value& object, const char* name)
{
    if (!object.IsObject())
        return nullptr;
    const Value* found = nullptr;
    const std::string_view wanted(name);
    for (const auto& m : object.GetObject())
        if (std::string_view(m.name.GetString(), m.name.GetStringLength()) == wanted)
            found = &m.value;
    return found;
}

/// Parses the text once and checks it is a sandtable scenario of a version this build reads.
/// Throws FormatError (object "/version" for a version this build cannot read).
void parseAndGate(std::string_view text, const std::string& sourceName, detail::JsonTree& tree)
{
    detail::parseJson(text, sourceName, tree);
    const rapidjson::Document& document = tree.document;
    if (!document.IsObject())
        throw util::FormatError(sourceName, "/", _("not a sandtable scenario: the document is not a JSON object"));
    const Value* format = member(document, "format");
    if (!format || !format->IsString() || std::string_view(format->GetString(), format->GetStringLength()) != "sandtable-scenario")
        throw util::FormatError(sourceName, "/format", _("not a sandtable scenario (expected \"format\": \"sandtable-scenario\")"));
    const Value* version = member(document, "version");
    if (!version || !version->IsInt64())
        throw util::FormatError(sourceName, "/version", _("missing or non-integer format version"));
    const std::int64_t v = version->GetInt64();
    if (v > kScenarioFormatVersion)
        throw util::FormatError(sourceName, "/version",
            i18n::format(_("format version {1} is newer than this sandtable reads (up to {2}); open it with a newer sandtable"),
                {std::to_string(v), std::to_string(kScenarioFormatVersion)}));
    if (v < 1)
        throw util::FormatError(sourceName, "/version", i18n::format(_("unknown format version {1}"), {std::to_string(v)}));
}

// ----------------------------------------------------------------------------------------------------
// Schema findings: valijson's errors turned into one diagnostic per defect, each with a specific code and
// a message naming the field, what the schema expects and what the document has.

/// valijson's context ["<root>", "[terrain]", "[3]", "[geometry]"] -> the JSON pointer tokens.
std::vector<std::string> pointerTokens(const std::vector<std::string>& context)
{
    std::vector<std::string> tokens;
    for (const std::string& step : context) {
        if (step == "<root>")
            continue;
        std::string token = step;
        if (token.size() >= 2 && token.front() == '[' && token.back() == ']')
            token = token.substr(1, token.size() - 2);
        tokens.push_back(std::move(token));
    }
    return tokens;
}

std::string toPointer(const std::vector<std::string>& tokens)
{
    std::string pointer;
    for (const std::string& t : tokens) {
        pointer += '/';
        for (char c : t) {
            if (c == '~')
                pointer += "~0";
            else if (c == '/')
                pointer += "~1";
            else
                pointer += c;
        }
    }
    return pointer.empty() ? "/" : pointer;
}

/// The node of the document at `tokens`, or null.
const Value* documentAt(const Value& root, const std::vector<std::string>& tokens)
{
    const Value* v = &root;
    for (const std::string& t : tokens) {
        if (v->IsObject()) {
            const auto m = v->FindMember(rapidjson::StringRef(t.data(), t.size()));
            if (m == v->MemberEnd())
                return nullptr;
            v = &m->value;
        } else if (v->IsArray()) {
            char* end = nullptr;
            const unsigned long i = std::strtoul(t.c_str(), &end, 10);
            if (t.empty() || *end != '\0' || i >= v->Size())
                return nullptr;
            v = &(*v)[static_cast<rapidjson::SizeType>(i)];
        } else {
            return nullptr;
        }
    }
    return v;
}


/// Follows a local "$ref" ("#/definitions/x") of the schema.
const Value* resolveRef(const Value* schema)
{
    for (int hops = 0; schema && hops < 16; ++hops) {
        const Value* ref = member(*schema, "$ref");
        if (!ref || !ref->IsString())
            return schema;
        const std::string target(ref->GetString(), ref->GetStringLength());
        if (target.rfind("#/", 0) != 0)
            return schema;
        std::vector<std::string> tokens;
        std::size_t start = 2;
        while (start <= target.size()) {
            const std::size_t slash = target.find('/', start);
            tokens.push_back(target.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
            if (slash == std::string::npos)
                break;
            start = slash + 1;
        }
        schema = documentAt(schemaDocument(), tokens);
    }
    return schema;
}

/// The subschema that governs the document node at `tokens`, following properties, items,
/// additionalProperties and $ref; null where the way is not plain (combinators).
const Value* schemaAt(const std::vector<std::string>& tokens)
{
    const Value* schema = resolveRef(&schemaDocument());
    for (const std::string& t : tokens) {
        if (!schema)
            return nullptr;
        const Value* next = nullptr;
        if (const Value* properties = member(*schema, "properties"))
            next = member(*properties, t.c_str());
        if (!next) {
            if (const Value* items = member(*schema, "items"); items && items->IsObject())
                next = items;
            else if (const Value* more = member(*schema, "additionalProperties"); more && more->IsObject())
                next = more;
        }
        schema = resolveRef(next);
    }
    return schema;
}

/// JSON Schema's type name (draft 7, 6.1.1) in the reader's words: "integer" -> "an integer"; an unknown
/// name quoted.
std::string typeWords(std::string_view type)
{
    static constexpr std::pair<std::string_view, const char*> kWords[] = {{"integer", N_("an integer")}, {"number", N_("a number")},
        {"string", N_("a string")}, {"boolean", N_("a boolean")}, {"object", N_("an object")}, {"array", N_("an array")}};
    for (const auto& [name, words] : kWords)
        if (name == type)
            return _(words);
    return type == "null" ? std::string("null") : "'" + std::string(type) + "'";
}

/// What kind of value `v` is, in the reader's words ("an integer" for a number without a fraction).
std::string typeName(const Value& v)
{
    switch (v.GetType()) {
    case rapidjson::kNullType: return typeWords("null");
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return typeWords("boolean");
    case rapidjson::kObjectType: return typeWords("object");
    case rapidjson::kArrayType: return typeWords("array");
    case rapidjson::kStringType: return typeWords("string");
    case rapidjson::kNumberType: return typeWords(v.IsInt64() || v.IsUint64() ? "integer" : "number");
    }
    return _("a value");
}

/// A short rendering of a value for a message: strings quoted, numbers as written, containers by kind.
std::string shortValue(const Value& v)
{
    if (v.IsString()) {
        std::string s(v.GetString(), std::min<std::size_t>(v.GetStringLength(), 60));
        if (v.GetStringLength() > 60)
            s += "...";
        return "'" + s + "'";
    }
    if (v.IsBool())
        return v.GetBool() ? "true" : "false";
    if (v.IsNull())
        return "null";
    if (v.IsUint64())
        return std::to_string(v.GetUint64());
    if (v.IsInt64())
        return std::to_string(v.GetInt64());
    if (v.IsNumber()) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.10g", v.GetDouble());
        return buffer;
    }
    return typeName(v);
}

std::string expectedTypes(const Value* schema)
{
    const Value* type = schema ? member(*schema, "type") : nullptr;
    if (!type)
        return "";
    const auto one = [](const Value& t) { return typeWords(std::string_view(t.GetString(), t.GetStringLength())); };
    if (type->IsString())
        return one(*type);
    std::string out;
    if (type->IsArray())
        for (const Value& t : type->GetArray())
            if (t.IsString())
                out = out.empty() ? one(t) : i18n::format(_("{1} or {2}"), {out, one(t)});
    return out;
}

std::string enumValues(const Value* schema)
{
    const Value* values = schema ? member(*schema, "enum") : nullptr;
    if (!values || !values->IsArray())
        return "";
    std::string out;
    for (const Value& v : values->GetArray())
        out += (out.empty() ? "" : ", ") + shortValue(v);
    return out;
}

/// What was found at the node, for "..., found X".
std::string found(const Value* node)
{
    return node ? shortValue(*node) : std::string(_("nothing"));
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

/// valijson's messages that only say an enclosing schema failed (the reason is a deeper error).
bool isChainMessage(const std::string& d)
{
    return startsWith(d, "Failed to validate against child schema") || startsWith(d, "Failed to validate item")
        || startsWith(d, "Failed to validate against schema associated with property")
        || startsWith(d, "Failed to validate against a conditional schema")
        || startsWith(d, "Failed to validate against additional properties schema")
        || startsWith(d, "Failed to validate against schema associated with pattern");
}

/// The field at `tokens` in a message: by its name, an array item by its pointer ("/units/3").
std::string fieldWords(const std::vector<std::string>& tokens)
{
    const bool item = !tokens.empty() && !tokens.back().empty()
        && std::all_of(tokens.back().begin(), tokens.back().end(), [](char c) { return c >= '0' && c <= '9'; });
    return tokens.empty() ? std::string(_("the document")) : item ? toPointer(tokens) : "'" + tokens.back() + "'";
}

/// The field `name` (empty: unknown) that the schema of the object at `tokens` does not list.
validation::Diagnostic unknownFieldDiagnostic(const std::vector<std::string>& tokens, const std::string& name)
{
    const std::string what = name.empty() ? std::string(_("an unknown field")) : i18n::format(_("the field '{1}'"), {name});
    const std::string pointer = toPointer(tokens);
    const std::string field = fieldWords(tokens);
    return validation::Diagnostic{"schema.unknown_field", validation::Severity::Error, pointer,
        tokens.empty() ? i18n::format(_("{1} is not allowed at the top level"), {what}) : i18n::format(_("{1} is not allowed in {2}"), {what, field})};
}

/// The members of the object at `tokens` that its schema's "properties" do not list, in document order;
/// empty when the way to that schema is not plain (a combinator) or every member is listed (a name given
/// twice).
std::vector<std::string> unknownMembers(const Value& root, const std::vector<std::string>& tokens)
{
    const Value* node = documentAt(root, tokens);
    const Value* schema = schemaAt(tokens);
    const Value* properties = schema ? member(*schema, "properties") : nullptr;
    std::vector<std::string> out;
    if (!node || !node->IsObject() || !properties || !properties->IsObject())
        return out;
    for (const auto& m : node->GetObject()) {
        std::string name(m.name.GetString(), m.name.GetStringLength());
        if (!properties->HasMember(m.name) && std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(std::move(name));
    }
    return out;
}

/// One valijson error as a diagnostic: a specific code and a message naming field, expected and found.
validation::Diagnostic describe(const valijson::ValidationResults::Error& error, const Value& root)
{
    const std::vector<std::string> tokens = pointerTokens(error.context);
    const std::string pointer = toPointer(tokens);
    const Value* node = documentAt(root, tokens);
    const std::string& d = error.description;
    const std::string field = fieldWords(tokens);
    const auto make = [&](const char* code, std::string message) {
        return validation::Diagnostic{code, validation::Severity::Error, pointer, std::move(message)};
    };
    if (startsWith(d, "Missing required property '")) {
        const std::string name = d.substr(27, d.find('\'', 27) - 27);
        return validation::Diagnostic{"schema.required", validation::Severity::Error, pointer, i18n::format(_("the required field '{1}' is missing"), {name})};
    }
    if (startsWith(d, "Value type not permitted")) {
        const std::string expected = expectedTypes(schemaAt(tokens));
        return make("schema.type", i18n::format(_("{1}: expected {2}, found {3}"),
                                       {field, expected.empty() ? std::string(_("another type")) : expected,
                                           (node ? typeName(*node) : std::string(_("nothing")))
                                               + (node && !node->IsObject() && !node->IsArray() ? " (" + shortValue(*node) + ")" : "")}));
    }
    if (startsWith(d, "Failed to match against any enum values")) {
        const std::string values = enumValues(schemaAt(tokens));
        return make("schema.enum", values.empty() ? i18n::format(_("{1}: {2} is not one of the allowed values"), {field, found(node)})
                                                  : i18n::format(_("{1}: {2} is not one of the allowed values ({3})"), {field, found(node), values}));
    }
    if (startsWith(d, "Failed to match expected value set by 'const'")) {
        const Value* schema = schemaAt(tokens);
        const Value* expected = schema ? member(*schema, "const") : nullptr;
        return make("schema.const", i18n::format(_("{1}: expected {2}, found {3}"),
                                        {field, expected ? shortValue(*expected) : std::string(_("a fixed value")), found(node)}));
    }
    if (startsWith(d, "Failed to match regex")) {
        const Value* schema = schemaAt(tokens);
        const Value* pattern = schema ? member(*schema, "pattern") : nullptr;
        return make("schema.pattern", pattern && pattern->IsString()
                ? i18n::format(_("{1}: {2} does not have the required form (pattern {3})"), {field, found(node), pattern->GetString()})
                : i18n::format(_("{1}: {2} does not have the required form"), {field, found(node)}));
    }
    if (startsWith(d, "Expected number"))
        return make("schema.range", i18n::format(_("{1}: {2} is out of range: {3}"), {field, found(node), "e" + d.substr(1)}));
    if (startsWith(d, "String should be"))
        return make("schema.length", field + ": " + d + " (found " + std::to_string(node && node->IsString() ? node->GetStringLength() : 0) + ")");
    if (startsWith(d, "Array should contain") || startsWith(d, "Array contains more items"))
        return make("schema.items", field + ": " + d + " (found " + std::to_string(node && node->IsArray() ? node->Size() : 0) + ")");
    if (startsWith(d, "Object contains a property")) {
        const auto q = d.rfind('\'', d.size() - 3);
        return unknownFieldDiagnostic(tokens, q == std::string::npos ? "" : d.substr(q + 1, d.size() - q - 3));
    }
    if (startsWith(d, "Object should have"))
        return make("schema.properties", field + ": " + d);
    if (startsWith(d, "Elements at indexes"))
        return make("schema.unique", field + ": " + d);
    if (startsWith(d, "Failed to validate against exactly one") || startsWith(d, "Failed to validate against any"))
        return make("schema.alternatives", i18n::format(_("{1}: {2} matches none of the allowed forms"), {field, found(node)}));
    if (d.find("multiple of") != std::string::npos)
        return make("schema.multiple_of", field + ": " + d);
    return make("schema.invalid", field + ": " + d);
}

/// valijson's verdict without collecting texts (its fast path: it stops at the first failure).
bool schemaAccepts(const valijson::Schema& schema, const Value& document)
{
    valijson::Validator validator;
    valijson::adapters::RapidJsonAdapter adapter(document);
    return validator.validate(schema, adapter, nullptr);
}

/// Every finding of the whole schema (the document is known to fail it, or is checked in full).
validation::Diagnostics schemaDiagnostics(const Value& document)
{
    valijson::Validator validator;
    valijson::adapters::RapidJsonAdapter adapter(document);
    valijson::ValidationResults results;
    if (validator.validate(fullSchema(), adapter, &results))
        return {};
    std::vector<valijson::ValidationResults::Error> errors(results.begin(), results.end());
    // A message that only says an enclosing schema failed is dropped when a deeper error names the reason;
    // kept (as what failed) when nothing deeper was reported.
    const auto hasDeeper = [&](const valijson::ValidationResults::Error& chain) {
        const std::string pointer = toPointer(pointerTokens(chain.context));
        for (const auto& e : errors) {
            if (&e == &chain || isChainMessage(e.description))
                continue;
            const std::string other = toPointer(pointerTokens(e.context));
            if (pointer == "/" || other == pointer || startsWith(other, pointer + "/"))
                return true;
        }
        return false;
    };
    validation::Diagnostics out;
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    const auto add = [&](validation::Diagnostic diagnostic) {
        if (seen.emplace(diagnostic.code, diagnostic.path, diagnostic.message).second)
            out.push_back(std::move(diagnostic));
    };
    for (const auto& e : errors) {
        if (isChainMessage(e.description) && hasDeeper(e))
            continue;
        // valijson names only the first member an object's schema does not list (it stops at it): every one
        // of them is a defect of its own (issue 43 item 5: three defects, two reported).
        if (startsWith(e.description, "Object contains a property")) {
            const std::vector<std::string> unknown = unknownMembers(document, pointerTokens(e.context));
            for (const std::string& name : unknown)
                add(unknownFieldDiagnostic(pointerTokens(e.context), name));
            if (!unknown.empty())
                continue;
        }
        add(describe(e, document));
    }
    if (out.empty())
        out.push_back(validation::Diagnostic{"schema.invalid", validation::Severity::Error, "/", _("the document does not match the schema")});
    return out;
}

// ----------------------------------------------------------------------------------------------------
// The model from the schema-valid tree: terrain geometry read here (it is most of a big document, and its
// coordinates' shapes are checked as they are read), every other member by scenarioWithoutTerrain.

/// A terrain coordinate that does not have the shape the schema's coordinate, line, ring and polygon
/// definitions give it (schemaWithoutTerrainCoordinates leaves those to this reader).
struct ShapeError {};

void require(bool shapeHolds)
{
    if (!shapeHolds)
        throw ShapeError{};
}

/// A member the schema requires (present once the schema passed; ShapeError if not, never null).
const Value& required(const Value& object, const char* name)
{
    const Value* value = member(object, name);
    if (!value)
        throw ShapeError{};
    return *value;
}

/// definitions/coordinate: exactly two numbers.
Coordinate coordinate(const Value& v)
{
    require(v.IsArray() && v.Size() == 2 && v[0].IsNumber() && v[1].IsNumber());
    return Coordinate{v[0].GetDouble(), v[1].GetDouble()};
}

/// definitions/line (at least 2 coordinates) and definitions/ring (at least 4).
std::vector<Coordinate> ring(const Value& v, rapidjson::SizeType minItems)
{
    require(v.IsArray() && v.Size() >= minItems);
    std::vector<Coordinate> out;
    out.reserve(v.Size());
    for (const Value& c : v.GetArray())
        out.push_back(coordinate(c));
    return out;
}

/// A single part (point, line or polygon rings) of a geometry, as scenario_json.cpp writes it.
std::vector<std::vector<Coordinate>> part(GeometryType type, const Value& v)
{
    switch (dimension(type)) {
    case 0: return {{coordinate(v)}};
    case 1: return {ring(v, 2)};
    default: break;
    }
    require(v.IsArray() && v.Size() >= 1); // definitions/polygon
    std::vector<std::vector<Coordinate>> rings;
    rings.reserve(v.Size());
    for (const Value& r : v.GetArray())
        rings.push_back(ring(r, 4));
    return rings;
}

std::string text(const Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

TerrainFeature terrainFeature(const Value& f)
{
    TerrainFeature out;
    out.id = FeatureId(text(required(f, "id")));
    out.terrainClass = text(required(f, "class"));
    if (const Value* name = member(f, "name"))
        out.name = text(*name);
    const Value& geometry = required(f, "geometry");
    Geometry& g = out.geometry;
    g.type = geometryTypeFromString(text(required(geometry, "type")));
    const Value& coordinates = required(geometry, "coordinates");
    if (g.type >= GeometryType::MultiPoint) {
        const GeometryType single = static_cast<GeometryType>(static_cast<int>(g.type) - 3);
        require(coordinates.IsArray() && coordinates.Size() >= 1); // the schema's multi-part minItems
        g.parts.reserve(coordinates.Size());
        for (const Value& p : coordinates.GetArray())
            g.parts.push_back(part(single, p));
    } else {
        g.parts.push_back(part(g.type, coordinates));
    }
    if (const Value* attributes = member(f, "attributes"))
        if (attributes->IsObject())
            out.attributes = std::move(detail::JsonIn(*attributes).attribute().asObject());
    return out;
}

/// The vertex caps of limits.hpp, per geometry and in total, on the model read from the document.
void checkVertexLimits(const Scenario& s, const std::string& sourceName)
{
    std::size_t total = 0;
    for (std::size_t i = 0; i < s.terrain.size(); ++i) {
        const std::size_t n = s.terrain[i].geometry.vertexCount();
        const std::string where = "/terrain/" + std::to_string(i) + "/geometry";
        if (n > util::limits::kMaxVerticesPerGeometry)
            throw util::FormatError(sourceName, where, i18n::format(_("the geometry has {1} vertices, which {2}"), {std::to_string(n),
                    util::limits::limitMessage("kMaxVerticesPerGeometry", util::limits::kMaxVerticesPerGeometry, N_("vertices"))}));
        total += n;
        if (total > util::limits::kMaxVerticesPerScenario)
            throw util::FormatError(sourceName, where, i18n::format(_("the terrain reaches {1} vertices here, which {2}"),
                    {std::to_string(total),
                        util::limits::limitMessage("kMaxVerticesPerScenario", util::limits::kMaxVerticesPerScenario, N_("vertices"))}));
    }
}

Scenario scenarioFromTree(const Value& root, const std::string& sourceName)
{
    Scenario s = detail::scenarioWithoutTerrain(root, sourceName);
    if (const Value* terrain = member(root, "terrain")) {
        s.terrain.reserve(terrain->Size());
        rapidjson::SizeType i = 0;
        try {
            for (; i < terrain->Size(); ++i)
                s.terrain.push_back(terrainFeature((*terrain)[i]));
        } catch (const std::invalid_argument& e) {
            throw util::FormatError(sourceName, "/terrain/" + std::to_string(i), e.what());
        }
    }
    checkVertexLimits(s, sourceName);
    return s;
}

validation::Diagnostic formatDiagnostic(const util::FormatError& e)
{
    const std::string code = e.object() == "/version" ? "format.version" : "format.invalid";
    return validation::Diagnostic{code, validation::Severity::Error, e.object().empty() ? "/" : e.object(), e.reason()};
}

/// The document's scenario, or its schema findings. Throws FormatError for bad JSON, a foreign format or
/// version, or a cap of limits.hpp.
ValidationReport readChecked(std::string_view text, const std::string& sourceName)
{
    ValidationReport report;
    detail::JsonTree tree(text.size());
    parseAndGate(text, sourceName, tree);
    const rapidjson::Document& document = tree.document;
    if (schemaAccepts(schemaWithoutTerrainCoordinates(), document)) {
        try {
            report.scenario = scenarioFromTree(document, sourceName);
            return report;
        } catch (const ShapeError&) {
            // A terrain coordinate of the wrong shape: the whole schema words it below.
        }
    }
    report.diagnostics = schemaDiagnostics(document);
    if (report.diagnostics.empty()) // the whole schema refuses whatever the reader refused; kept as a guard
        report.diagnostics.push_back(validation::Diagnostic{"schema.invalid", validation::Severity::Error, "/terrain", _("a terrain geometry has coordinates of the wrong shape")});
    return report;
}

} // namespace

std::string_view scenarioSchemaText() { return embedded::scenarioSchemaV1; }

ValidationReport readScenarioText(std::string_view text, const std::string& sourceName)
{
    try {
        return readChecked(text, sourceName);
    } catch (const util::FormatError& e) {
        ValidationReport report;
        report.diagnostics.push_back(formatDiagnostic(e));
        return report;
    }
}

ValidationReport validateScenarioText(std::string_view text, const std::string& sourceName)
{
    ValidationReport report = readScenarioText(text, sourceName);
    if (report.scenario) {
        validation::Diagnostics rules = validation::validateScenario(*report.scenario);
        report.diagnostics.insert(report.diagnostics.end(), std::make_move_iterator(rules.begin()), std::make_move_iterator(rules.end()));
    }
    return report;
}

LoadedScenario parseScenario(std::string_view text, const std::string& sourceName)
{
    ValidationReport report = readChecked(text, sourceName);
    if (!report.scenario) {
        const validation::Diagnostic& first = report.diagnostics.front();
        const std::size_t more = report.diagnostics.size() - 1;
        const std::string reason = more == 0
            ? i18n::format(_("does not match the scenario schema: {1}"), {first.message})
            : i18n::format(P_("does not match the scenario schema: {1} (and {2} more, which validating the scenario lists)",
                               "does not match the scenario schema: {1} (and {2} more, which validating the scenario lists)", more),
                  {first.message, std::to_string(more)});
        throw util::FormatError(sourceName, first.path, reason);
    }
    LoadedScenario loaded;
    loaded.scenario = std::move(*report.scenario);
    loaded.diagnostics = validation::validateScenario(loaded.scenario);
    return loaded;
}

LoadedScenario loadScenario(const std::filesystem::path& path)
{
    return parseScenario(readFileBytes(path, kMaxScenarioBytes).view(), path.string());
}

namespace {

/// JSON holds no NaN or Infinity: such a number would be written as null and the file would then be refused
/// by its own reader (issue 43 item 5). Throws OperationError naming the first object that has one.
void requireFiniteCoordinates(const Scenario& scenario, const std::filesystem::path& path)
{
    const auto finite = [](const Coordinate& c) { return std::isfinite(c.x) && std::isfinite(c.y); };
    for (const TerrainFeature& f : scenario.terrain)
        for (const auto& part : f.geometry.parts)
            for (const auto& ring : part)
                if (!std::all_of(ring.begin(), ring.end(), finite))
                    throw util::OperationError(path.string(), i18n::format(_("terrain feature '{1}'"), {f.id.str()}),
                        _("has a vertex that is not a finite number (NaN or Infinity), which a scenario file cannot hold; nothing written"));
    for (const Unit& u : scenario.units)
        if (u.placement && (!finite(u.placement->position) || !std::isfinite(u.placement->facing)))
            throw util::OperationError(path.string(), i18n::format(_("unit '{1}'"), {u.id.str()}),
                _("has a position or facing that is not a finite number (NaN or Infinity), which a scenario file cannot hold; nothing written"));
}

} // namespace

void saveScenario(const Scenario& scenario, const std::filesystem::path& path)
{
    requireFiniteCoordinates(scenario, path);
    writeFileAtomically(path, serializeScenario(scenario));
}

} // namespace sandtable::core::io
