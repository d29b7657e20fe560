// SPDX-License-Identifier: GPL-3.0-or-later
// sandtable's importers behind core's Importer interface: cheap identification by first bytes, then the
// format's own reader. Registered by registerImporters only (docs/architecture.md: no static self-registration).
#include "sandtable/importers/importer_registry.hpp"

#include "sandtable/core/document/card_operations.hpp"
#include "sandtable/core/document/campaign_operations.hpp"
#include "sandtable/core/document/bulk_operations.hpp"
#include "sandtable/core/document/edit_builder.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/table_battles_csv.hpp"
#include "sandtable/core/oob/roster_import.hpp"
#include "sandtable/core/oob/roster_table.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/core/util/number_list.hpp"
#include "sandtable/core/util/text_encoding.hpp"
#include "sandtable/importers/dem_hills.hpp"
#include "sandtable/importers/tag_rules.hpp"
#include "sandtable/importers/terrain_import.hpp"
#include "sandtable/vassal/vassal_module.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <regex>
#include <stdexcept>

namespace sandtable::importers {

using vassal::VassalImport;

namespace {

/// The header of a CSV names a geometry column OGR's CSV driver reads as WKT (terrain_import.cpp opens CSV
/// with GEOM_POSSIBLE_NAMES of these names): WKT, geometry, geom, the_geom, any case, quoted or not.
bool csvHasGeometryColumn(std::string_view header)
{
    std::string lowered(header);
    std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    std::size_t start = 0;
    while (start <= lowered.size()) {
        const std::size_t end = std::min(lowered.find_first_of(",;\t", start), lowered.size());
        std::string cell = lowered.substr(start, end - start);
        cell.erase(std::remove_if(cell.begin(), cell.end(), [](char c) { return c == '"' || c == ' '; }), cell.end());
        if (cell == "wkt" || cell == "geometry" || cell == "geom" || cell == "the_geom")
            return true;
        start = end + 1;
    }
    return false;
}

using core::io::FileProbe;
using core::io::ImportOption;
using core::io::ImportRequest;
using core::io::ImportResult;
using core::io::ImportTarget;
using core::io::Match;
using namespace std::string_view_literals;

bool oneOf(const std::string& extension, std::initializer_list<const char*> extensions)
{
    return std::any_of(extensions.begin(), extensions.end(), [&](const char* e) { return extension == e; });
}

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

/// The head's text after leading white space.
std::string_view trimmedText(const FileProbe& probe)
{
    std::string_view t = probe.text();
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front())))
        t.remove_prefix(1);
    return t;
}

/// "a,b,c" -> numbers; throws OperationError naming the setting on anything else.
std::vector<double> numbersOf(const ImportRequest& request, const std::string& key)
{
    const std::string text = request.value(key);
    std::optional<std::vector<double>> numbers = core::util::parseNumberList(text);
    if (!numbers)
        throw core::util::OperationError(request.input.string(), "--" + key + " '" + text + "'", _("expected comma-separated numbers"));
    return std::move(*numbers);
}

/// A non-negative number setting, or `fallback` when not set.
double numberOf(const ImportRequest& request, const std::string& key, double fallback)
{
    if (!request.has(key))
        return fallback;
    const std::vector<double> values = numbersOf(request, key);
    if (values.size() != 1 || values[0] < 0.0)
        throw core::util::OperationError(request.input.string(), "--" + key + " '" + request.value(key) + "'", _("expected one number, 0 or more"));
    return values[0];
}

std::string textOf(const ImportRequest& request, std::size_t maxBytes)
{
    std::string bytes = core::io::readFile(request.input, maxBytes);
    const std::string encoding = request.value("encoding");
    if (!encoding.empty())
        bytes = core::util::convertToUtf8(bytes, encoding, request.input.string());
    return bytes;
}

// ---------------------------------------------------------------------------------------------- vector

class VectorImporter final : public core::io::Importer {
public:
    std::string_view name() const override { return "vector"; }
    std::string description() const override
    {
        return _("GeoJSON, Shapefile, GeoPackage, OpenStreetMap (.osm, .osm.pbf), KML, GML, GPX, FlatGeobuf and the "
                 "other vector formats OGR reads");
    }
    ImportTarget target() const override { return ImportTarget::Terrain; }
    const std::vector<ImportOption>& options() const override
    {
        static const std::vector<ImportOption> options = [] {
            std::vector<std::string> classes;
            for (const core::rules::TerrainClassInfo& c : core::rules::canonicalTerrainClasses())
                classes.emplace_back(c.id);
            const std::string group = N_("How do the features get their terrain class?");
            return std::vector<ImportOption>{
                {"preset",
                    N_("OpenStreetMap tags to terrain classes (the osm preset), clipped to the scenario's extent; its "
                       "rules, first match wins"),
                    false, false, false, group, {"osm"}, {}, describeTagRules(osmPreset())},
                {"class-from", N_("A field of the file holds each feature's class"), false, false, false, group, {}, "class"},
                {"class", N_("One class for every feature"), false, false, false, group, classes},
                {"map", N_("VALUE=CLASS: class for a field value (repeatable)"), false, true, false},
                {"layer", N_("Import only this layer"), false, false, false},
                {"in-frame",
                    N_("Take the file's coordinates as they are, in the scenario's CRS, whatever CRS the file claims (a local "
                       "frame of a calibrated map, LOCAL:name, digitised into GeoJSON, which always says WGS 84)"),
                    false, false, true},
                {"rule",
                    N_("With --preset: KEY=VALUE:CLASS[:GRADE] tried before the preset's rules (CLASS '-' leaves such "
                       "features out), e.g. landuse=meadow:field or highway=track:-"),
                    false, true, false},
            };
        }();
        return options;
    }

    Match identify(const FileProbe& probe) const override
    {
        if (probe.directory)
            return Match::No;
        const std::string_view head = probe.head;
        const std::string_view text = trimmedText(probe);
        if (head.starts_with(std::string_view("SQLite format 3\0", 16)) && head.size() >= 72 && head.substr(68, 4) == "GPKG")
            return Match::ByContent;
        if (head.size() >= 4 && head.substr(0, 4) == std::string_view("\x00\x00\x27\x0A", 4) && probe.extension == ".shp")
            return Match::ByContent;
        if (head.starts_with("fgb\x03"))
            return Match::ByContent;
        if (head.find("OSMHeader") != std::string_view::npos && head.find("OSMHeader") < 64)
            return Match::ByContent;
        if (text.starts_with("{")) {
            static const std::regex geojson(R"re("type"\s*:\s*"(FeatureCollection|Feature)")re");
            const std::string t(text);
            if (std::regex_search(t, geojson))
                return Match::ByContent;
        }
        if (text.starts_with("<")) {
            for (const char* root : {"<osm", "<kml", "<gpx", "<gml:", "<ogr:FeatureCollection", "<wfs:FeatureCollection"})
                if (text.find(root) != std::string_view::npos)
                    return Match::ByContent;
        }
        if (oneOf(probe.extension, {".geojson", ".json", ".shp", ".gpkg", ".osm", ".pbf", ".kml", ".kmz", ".gml", ".gpx",
                ".fgb", ".tab", ".mif", ".dxf", ".sqlite", ".zip"}))
            return Match::ByName;
        // A spreadsheet of WKT geometries (issue 43 item 5): a CSV whose header names a geometry column.
        if (oneOf(probe.extension, {".csv"}) && csvHasGeometryColumn(probe.firstLine()))
            return Match::ByContent;
        return Match::No;
    }

    ImportResult run(const core::Scenario& scenario, const ImportRequest& request) const override
    {
        core::io::checkSettings(*this, request);
        TerrainImportOptions o;
        o.fixedClass = request.value("class");
        o.classField = request.value("class-from");
        o.layer = request.value("layer");
        o.inWorkingFrame = request.has("in-frame");
        const std::string file = request.input.string();
        for (const std::string& mapping : request.values("map")) {
            const auto equals = mapping.find('=');
            if (equals == std::string::npos || equals == 0 || equals + 1 == mapping.size())
                throw core::util::OperationError(file, "--map '" + mapping + "'", _("expected VALUE=CLASS"));
            if (o.classField.empty())
                throw core::util::OperationError(file, "--map '" + mapping + "'", _("needs --class-from"));
            o.valueMap[mapping.substr(0, equals)] = mapping.substr(equals + 1);
        }
        const std::string preset = request.value("preset");
        if (!preset.empty() && preset != "osm")
            throw core::util::OperationError(file, "--preset '" + preset + "'", _("the one preset is osm"));
        if (!request.values("rule").empty() && preset.empty())
            throw core::util::OperationError(file, "--rule", _("needs --preset"));
        if (!preset.empty()) {
            // --rule overrides come first: the first matching rule wins.
            for (const std::string& rule : request.values("rule"))
                o.tagRules.push_back(parseTagRule(rule));
            const auto& rules = osmPreset();
            o.tagRules.insert(o.tagRules.end(), rules.begin(), rules.end());
            o.clipToExtent = true;
        }
        TerrainImportResult r = importTerrain(scenario, request.input, o);
        ImportResult out;
        out.edit = std::move(r.edit);
        out.findings = std::move(r.diagnostics);
        out.imported = r.imported;
        out.skipped = r.skipped;
        for (const auto& entry : r.classes)
            out.counts[entry.first] = entry.second;
        out.details["crs"] = r.crs;
        out.summary = core::i18n::format(P_("{1} feature imported, {2} skipped (working CRS {3})",
                                             "{1} features imported, {2} skipped (working CRS {3})", r.imported),
            {std::to_string(r.imported), std::to_string(r.skipped), r.crs});
        return out;
    }
};

// ------------------------------------------------------------------------------------------------- DEM

/// The first IFD of a classic TIFF in the head: samples per pixel, bits per sample, sample format (1
/// unsigned, 2 signed, 3 floating point; TIFF 6.0 section 19). Nullopt when the IFD lies past the head.
struct TiffLayout {
    int samples = 1;
    int bits = 1;
    int format = 1;
};

std::optional<TiffLayout> tiffLayout(std::string_view head)
{
    if (head.size() < 8)
        return std::nullopt;
    const bool little = head.starts_with("II*\0"sv);
    const bool big = head.starts_with("MM\0*"sv);
    if (!little && !big)
        return std::nullopt;
    const auto u16 = [&](std::size_t at) -> std::uint32_t {
        const auto b0 = static_cast<unsigned char>(head[at]), b1 = static_cast<unsigned char>(head[at + 1]);
        return little ? (b0 | (b1 << 8)) : ((b0 << 8) | b1);
    };
    const auto u32 = [&](std::size_t at) -> std::uint32_t { return little ? (u16(at) | (u16(at + 2) << 16)) : ((u16(at) << 16) | u16(at + 2)); };
    const std::uint32_t ifd = u32(4);
    if (std::uint64_t{ifd} + 2 > head.size())
        return std::nullopt;
    const std::uint32_t entries = u16(ifd);
    if (std::uint64_t{ifd} + 2 + std::uint64_t{entries} * 12 > head.size())
        return std::nullopt;
    TiffLayout layout;
    for (std::uint32_t e = 0; e < entries; ++e) {
        const std::size_t at = ifd + 2 + e * 12;
        const std::uint32_t tag = u16(at), type = u16(at + 2), count = u32(at + 4);
        // A SHORT value sits in the entry's first two value bytes; with several samples it is the first of
        // them only when they fit (count 2), else an offset: then every band is assumed alike.
        std::uint32_t value = type == 3 ? u16(at + 8) : u32(at + 8);
        if (type == 3 && count > 2) {
            if (std::uint64_t{value} + 2 > head.size())
                return std::nullopt;
            value = u16(value);
        }
        if (tag == 277)
            layout.samples = static_cast<int>(value);
        else if (tag == 258)
            layout.bits = static_cast<int>(value);
        else if (tag == 339)
            layout.format = static_cast<int>(value);
    }
    return layout;
}

class DemImporter final : public core::io::Importer {
public:
    std::string_view name() const override { return "dem"; }
    std::string description() const override
    {
        return _("elevation rasters (GeoTIFF of heights, ESRI ASCII grid, SRTM .hgt) and folders of Terrarium tiles "
                 "t_Z_X_Y.png, contoured into hills");
    }
    ImportTarget target() const override { return ImportTarget::Terrain; }
    const std::vector<ImportOption>& options() const override
    {
        static const std::vector<ImportOption> options = {
            {"levels", N_("Contour heights M1,M2,... in metres, increasing: level k = ground at or above Mk"), true, false, false},
            {"simplify", N_("Simplification tolerance, metres"), false, false, false},
            {"min-area", N_("Drop hills (and fill hollows) smaller than this, square metres"), false, false, false},
            {"resolution", N_("DEM cell size after reprojection, metres (default: GDAL's)"), false, false, false},
        };
        return options;
    }

    Match identify(const FileProbe& probe) const override
    {
        if (probe.directory) {
            static const std::regex tile(R"(t_\d+_\d+_\d+\.png)");
            const bool tiles = std::any_of(probe.entries.begin(), probe.entries.end(),
                [](const std::string& e) { return std::regex_match(e, tile); });
            return tiles ? Match::ByContent : Match::No;
        }
        if (const std::optional<TiffLayout> tiff = tiffLayout(probe.head)) {
            if (tiff->samples == 1 && (tiff->format == 2 || tiff->format == 3))
                return Match::ByContent;
            // One band of unsigned 16-bit values: heights in some DEMs, a grey scan in others.
            return tiff->samples == 1 && tiff->format == 1 && tiff->bits == 16 ? Match::ByName : Match::No;
        }
        if (lower(trimmedText(probe).substr(0, 5)) == "ncols")
            return Match::ByContent;
        if (probe.extension == ".hgt" && (probe.size == 1201u * 1201u * 2u || probe.size == 3601u * 3601u * 2u))
            return Match::ByContent;
        return oneOf(probe.extension, {".hgt", ".dem", ".asc", ".bil"}) ? Match::ByName : Match::No;
    }

    ImportResult run(const core::Scenario& scenario, const ImportRequest& request) const override
    {
        core::io::checkSettings(*this, request);
        DemHillsOptions o;
        o.levels = numbersOf(request, "levels");
        o.simplify = numberOf(request, "simplify", 0.0);
        o.minArea = numberOf(request, "min-area", 0.0);
        o.resolution = numberOf(request, "resolution", 0.0);
        DemHillsResult r;
        try {
            r = hillsFromDem(scenario, request.input, o, request.progress);
        } catch (const std::invalid_argument& e) {
            throw core::util::OperationError(request.input.string(), "--levels", e.what());
        }
        ImportResult out;
        out.edit = std::move(r.edit);
        out.findings = std::move(r.diagnostics);
        out.imported = r.hills.size();
        out.skipped = r.dropped;
        for (const DemHill& h : r.hills)
            ++out.counts["level " + std::to_string(h.level)];
        out.details["crs"] = r.crs;
        out.summary = core::i18n::format(P_("{1} hill added, {2} below --min-area dropped (working CRS {3})",
                                             "{1} hills added, {2} below --min-area dropped (working CRS {3})", r.hills.size()),
            {std::to_string(r.hills.size()), std::to_string(r.dropped), r.crs});
        return out;
    }
};

// ------------------------------------------------------------------------------------ Table Battles CSV

// A card CSV is a few hundred rows; anything much larger is not one.
constexpr std::size_t kMaxCsvBytes = std::size_t{16} << 20;

class TableBattlesCsvImporter final : public core::io::Importer {
public:
    std::string_view name() const override { return "table-battles-csv"; }
    std::string description() const override { return _("Table Battles card spreadsheets (CSV, docs/table-battles-csv.md)"); }
    ImportTarget target() const override { return ImportTarget::Cards; }
    const std::vector<ImportOption>& options() const override
    {
        static const std::vector<ImportOption> options = {
            {"encoding", N_("The CSV's encoding when it is not UTF-8: windows-1252 (Excel's \"CSV\" on Windows), latin1, utf-16"), false, false, false},
        };
        return options;
    }

    Match identify(const FileProbe& probe) const override
    {
        if (probe.directory)
            return Match::No;
        const std::vector<std::string>& columns = core::io::tableBattlesCsvColumns();
        const std::string start = columns.at(0) + "," + columns.at(1) + "," + columns.at(2);
        if (lower(probe.firstLine()).starts_with(start))
            return Match::ByContent;
        // A sheet whose header is wrong is still for this importer to report, column by column.
        return oneOf(probe.extension, {".csv", ".txt"}) ? Match::ByName : Match::No;
    }

    ImportResult run(const core::Scenario& scenario, const ImportRequest& request) const override
    {
        core::io::checkSettings(*this, request);
        // All or nothing: a CSV problem throws before anything is touched.
        core::TableBattlesSet set = core::io::importTableBattlesCsv(textOf(request, kMaxCsvBytes), request.input.string());
        ImportResult out;
        out.imported = set.cards.size();
        out.edit = core::document::operations::setTableBattles(scenario, std::move(set));
        out.summary = core::i18n::format(P_("{1} formation card imported from {2}", "{1} formation cards imported from {2}", out.imported),
            {std::to_string(out.imported), request.input.string()});
        return out;
    }
};

// --------------------------------------------------------------------------------------------- roster

class RosterImporter final : public core::io::Importer {
public:
    std::string_view name() const override { return "roster"; }
    std::string description() const override
    {
        return _("orders of battle as CSV, TSV, PostgreSQL COPY text or a JSON array of objects, one unit per row");
    }
    ImportTarget target() const override { return ImportTarget::OrderOfBattle; }
    const std::vector<ImportOption>& options() const override
    {
        static const std::vector<ImportOption> options = {
            {"format", N_("csv, tsv, pgcopy or json (default: from the file name)"), false, false, false, {},
                {"csv", "tsv", "pgcopy", "json"}},
            {"map",
                N_("COLUMN=FIELD (COLUMN may be a template like '{army}-{corps}'); fields: id, name, type, quality, strength, "
                   "formation, formation_name, echelon, side, side_name, command, status, x, y, facing, column, reserve, "
                   "arrival_day, arrival_turn, entry_x, entry_y, entry_road, path, commander, parent; SYW figures: figures "
                   "('22 musketeers + 2 musicians + 1 officer') or a count per kind: musketeers, grenadiers, pikemen, officers, "
                   "musicians, dragoons, light_dragoons, heavy_dragoons, hussars, cuirassiers, cannon, mortars, limbers"),
                false, true, false},
            {"set", N_("FIELD=VALUE for every row (e.g. formation=us-i-corps)"), false, true, false},
            {"value", N_("FIELD:FROM=TO value replacement (e.g. type:LC=cavalry)"), false, true, false},
            {"path",
                N_("Column (or template) holding each row's dotted path, e.g. France.III_Corps.2eme_Division.111e_Ligne: "
                   "the side, the formations and the row itself; rows that prefix others are formations (builds the tree)"),
                false, false, false},
            {"parent",
                N_("Column holding each row's parent id (id/parent pairs; needs id and side): rows that are parents are "
                   "formations"),
                false, false, false},
            {"separator", N_("Separator of the --path elements (default '.')"), false, false, false},
            {"encoding", N_("The roster's encoding when it is not UTF-8: windows-1252 (Excel's \"CSV\" on Windows), latin1, utf-16"), false, false, false},
        };
        return options;
    }

    Match identify(const FileProbe& probe) const override
    {
        if (probe.directory)
            return Match::No;
        const std::string first = lower(probe.firstLine());
        if (first.starts_with("kind,card,"))
            return Match::No; // the Table Battles card layout
        static const std::regex field(R"re((^|[,;\t"|])\s*"?(type|formation|path|parent|figures|strength|echelon)"?\s*($|[,;\t"|]))re");
        const std::string_view text = trimmedText(probe);
        if (text.starts_with("[")) {
            static const std::regex key(R"re("(type|formation|path|parent|figures|strength)"\s*:)re");
            const std::string t(text);
            if (std::regex_search(t, key))
                return Match::ByContent;
        }
        if (text.starts_with("COPY ") || text.starts_with("--"))
            return oneOf(probe.extension, {".sql", ".copy", ".pgcopy", ".dump"}) ? Match::ByContent : Match::ByName;
        if (!text.starts_with("[") && std::regex_search(first, field))
            return Match::ByContent;
        // Any other text is read as CSV (rosterFormatFromPath), so that its problems are reported by row.
        if (oneOf(probe.extension, {".csv", ".tsv", ".tab", ".txt", ".json", ".sql", ".copy", ".pgcopy", ".dump"}))
            return Match::ByName;
        return probe.head.find('\0') == std::string::npos && !probe.head.empty() ? Match::ByName : Match::No;
    }

    ImportResult run(const core::Scenario& scenario, const ImportRequest& request) const override
    {
        core::io::checkSettings(*this, request);
        const std::string file = request.input.string();
        core::oob::RosterFormat format = core::oob::rosterFormatFromPath(file);
        if (request.has("format")) {
            try {
                format = core::oob::rosterFormatFromString(request.value("format"));
            } catch (const std::invalid_argument& e) {
                throw core::util::OperationError(file, "--format", e.what());
            }
        }
        core::oob::RosterMapping mapping;
        for (const std::string& m : request.values("map"))
            core::oob::addColumnMapping(mapping, m);
        for (const std::string& c : request.values("set"))
            core::oob::addConstant(mapping, c);
        for (const std::string& v : request.values("value"))
            core::oob::addValueMapping(mapping, v);
        if (request.has("path"))
            mapping.columns.emplace_back(request.value("path"), "path");
        if (request.has("parent"))
            mapping.columns.emplace_back(request.value("parent"), "parent");
        mapping.pathSeparator = request.value("separator", ".");
        const core::oob::RosterTable table = core::oob::parseRoster(textOf(request, std::size_t{256} << 20), format, file);
        core::oob::RosterImport imported = core::oob::importRoster(scenario, table, mapping, file);
        ImportResult out;
        out.edit = std::move(imported.edit);
        out.findings = std::move(imported.findings);
        out.imported = imported.units;
        out.counts["formations_created"] = imported.formations;
        out.counts["sides_created"] = imported.sides;
        out.details["format"] = core::oob::toString(format);
        out.summary = core::i18n::format(_("{1} from {2} ({3}, {4})"),
            {core::i18n::format(P_("{1} unit", "{1} units", imported.units), {std::to_string(imported.units)}), file,
                core::i18n::format(P_("{1} new formation", "{1} new formations", imported.formations), {std::to_string(imported.formations)}),
                core::i18n::format(P_("{1} new side", "{1} new sides", imported.sides), {std::to_string(imported.sides)})});
        return out;
    }
};

// ----------------------------------------------------------------------------------------------- VASSAL

class VassalModuleImporter final : public core::io::Importer {
public:
    std::string_view name() const override { return "vassal-module"; }
    std::string description() const override { return _("VASSAL modules (.vmod, or an unpacked module folder)"); }
    ImportTarget target() const override { return ImportTarget::Scenario; }
    const std::vector<ImportOption>& options() const override
    {
        static const std::vector<ImportOption> options = {
            {"scenario-file", N_("Scenario file to write"), true, false, false},
            {"board", N_("Board to import (default: the first board with an image)"), false, false, false},
            {"sides", N_("The scenario's two sides among the module's: A,B (join several with +: A+C,B; default: the two with the most pieces)"),
                false, false, false},
        };
        return options;
    }

    Match identify(const FileProbe& probe) const override
    {
        if (probe.directory) {
            const bool module = std::any_of(probe.entries.begin(), probe.entries.end(),
                [](const std::string& e) { return e == "buildFile.xml" || e == "buildFile"; });
            return module ? Match::ByContent : Match::No;
        }
        const std::string_view head = probe.head;
        // A zip's first local header names its first entry at offset 30.
        if (head.starts_with("PK\x03\x04")
            && (head.find("buildFile") != std::string_view::npos || head.find("moduledata") != std::string_view::npos))
            return Match::ByContent;
        // Any other zip, or a file named as a module, is for readVassalModule to refuse by name.
        return head.starts_with("PK\x03\x04") || oneOf(probe.extension, {".vmod", ".vsav"}) ? Match::ByName : Match::No;
    }

    ImportResult run(const core::Scenario& scenario, const ImportRequest& request) const override
    {
        core::io::checkSettings(*this, request);
        vassal::VassalImportOptions options;
        options.board = request.value("board");
        options.sides = request.value("sides");
        options.progress = request.progress;
        const VassalImport made = importVassalModule(request.input, request.value("scenario-file"), options);
        try {
            return resultOf(scenario, made);
        } catch (...) {
            // No partial output: the board image written for the scenario goes with it.
            std::error_code ec;
            std::filesystem::remove(made.boardImage, ec);
            throw;
        }
    }

private:
    /// The whole of `carried` over `start`, one change per part and entity (the document it came from was
    /// valid as a whole, so its entities go in as they are, in its order).
    static core::document::Edit wholeScenario(const core::Scenario& start, const core::Scenario& carried)
    {
        return core::document::operations::replaceWithScenario(start, carried, "Import VASSAL module");
    }

    /// The map named in the summary: the board image, or that there is none yet.
    static std::string mapText(const VassalImport& made)
    {
        return made.waitsForScan ? std::string(_("(none yet: the board has no image)")) : made.base.map.path;
    }

    static ImportResult resultOf(const core::Scenario& scenario, const VassalImport& made)
    {
        if (made.carried)
            return carriedResultOf(scenario, made);
        core::document::EditBuilder edit(scenario, "Import VASSAL module");
        edit.add(core::document::operations::setSettings(edit.scenario(), made.base.settings, "Import VASSAL module"));
        if (!made.waitsForScan)
            edit.add(core::document::operations::setMap(edit.scenario(), made.base.map, "Set map"));
        for (const core::Side& side : made.sides)
            edit.add(core::document::operations::addSide(edit.scenario(), side));
        for (const core::Formation& f : made.formations)
            edit.add(core::document::operations::addFormation(edit.scenario(), f));
        for (const core::Unit& u : made.units)
            edit.add(core::document::operations::addUnit(edit.scenario(), u));
        ImportResult out;
        out.findings = made.findings;
        if (made.grid) {
            edit.add(core::document::operations::setCampaignGrid(edit.scenario(), *made.grid, out.findings));
            if (!made.forces.empty())
                edit.add(core::document::operations::setCampaignForces(edit.scenario(), made.forces));
        }
        out.edit = edit.take();
        std::size_t placed = 0;
        for (const core::Unit& u : made.units)
            placed += u.placement ? 1 : 0;
        out.imported = made.units.size();
        out.counts = {{"boards", static_cast<std::size_t>(made.boards)}, {"sides", made.sides.size()},
            {"formations", made.formations.size()}, {"placed", placed}, {"zones", static_cast<std::size_t>(made.zones)},
            {"regions", static_cast<std::size_t>(made.regions)}, {"grid", made.grid ? 1u : 0u}};
        out.details = {{"board", made.boardName}, {"map", made.base.map.path}, {"board_image", made.boardImage.string()}};
        {
            namespace i18n = core::i18n;
            const auto count = [](const char* pattern, std::size_t n) { return i18n::format(pattern, {std::to_string(n)}); };
            out.summary = i18n::format(made.grid ? _("board '{1}' as the map scan {2}, {3}, {4}, {5} ({6} placed), the campaign grid; {7}")
                                                 : _("board '{1}' as the map scan {2}, {3}, {4}, {5} ({6} placed); {7}"),
                {made.boardName, mapText(made), count(P_("{1} side", "{1} sides", made.sides.size()), made.sides.size()),
                    count(P_("{1} formation", "{1} formations", made.formations.size()), made.formations.size()),
                    count(P_("{1} unit", "{1} units", made.units.size()), made.units.size()), std::to_string(placed),
                    count(P_("{1} finding", "{1} findings", out.findings.size()), out.findings.size())});
        }
        return out;
    }

    /// A module of sandtable's that carries its scenario: that scenario back whole (VassalImport::carried).
    static ImportResult carriedResultOf(const core::Scenario& scenario, const VassalImport& made)
    {
        const core::Scenario& s = *made.carried;
        ImportResult out;
        out.edit = wholeScenario(scenario, s);
        out.findings = made.findings;
        std::size_t placed = 0;
        for (const core::Unit& u : s.units)
            placed += u.placement ? 1 : 0;
        out.imported = s.units.size();
        out.counts = {{"boards", static_cast<std::size_t>(made.boards)}, {"sides", s.sides.size()},
            {"formations", s.formations.size()}, {"placed", placed}, {"zones", static_cast<std::size_t>(made.zones)},
            {"regions", static_cast<std::size_t>(made.regions)}, {"grid", s.campaign ? 1u : 0u},
            {"moved", static_cast<std::size_t>(made.movedInModule)}};
        out.details = {{"board", made.boardName}, {"map", made.base.map.path}, {"board_image", made.boardImage.string()}};
        namespace i18n = core::i18n;
        const auto count = [](const char* pattern, std::size_t n) { return i18n::format(pattern, {std::to_string(n)}); };
        out.summary = i18n::format(_("the scenario the module carries, board '{1}' as the map scan {2}: {3}, {4} ({5} placed, {6} "
                                     "moved in the module); {7}"),
            {made.boardName, mapText(made), count(P_("{1} side", "{1} sides", s.sides.size()), s.sides.size()),
                count(P_("{1} unit", "{1} units", s.units.size()), s.units.size()), std::to_string(placed),
                std::to_string(made.movedInModule), count(P_("{1} finding", "{1} findings", out.findings.size()), out.findings.size())});
        return out;
    }
};

} // namespace

void registerImporters(core::io::ImporterRegistry& registry)
{
    registry.add(std::make_unique<VectorImporter>());
    registry.add(std::make_unique<DemImporter>());
    registry.add(std::make_unique<TableBattlesCsvImporter>());
    registry.add(std::make_unique<RosterImporter>());
    registry.add(std::make_unique<VassalModuleImporter>());
}

const core::io::ImporterRegistry& standardImporters()
{
    static const core::io::ImporterRegistry registry = [] {
        core::io::ImporterRegistry r;
        registerImporters(r);
        return r;
    }();
    return registry;
}

} // namespace sandtable::importers
