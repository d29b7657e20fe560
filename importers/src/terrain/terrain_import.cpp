// SPDX-License-Identifier: GPL-3.0-or-later
// Terrain import through OGR: read every feature, pick its class, transform it to the working CRS.
#include "sandtable/importers/terrain_import.hpp"
#include "sandtable/core/document/bulk_operations.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "osm_completeness.hpp"
#include "sandtable/core/rules/terrain_classes.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/core/util/limits.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cpl_conv.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <cmath>
#include <set>
#include <stdexcept>

namespace sandtable::importers {
using geo::gdal::GdalErrorScope;

namespace {

struct FeatureDestroyer {
    void operator()(OGRFeatureH f) const noexcept { OGR_F_Destroy(f); }
};
using Feature = std::unique_ptr<std::remove_pointer_t<OGRFeatureH>, FeatureDestroyer>;

struct GeometryDestroyer {
    void operator()(OGRGeometryH g) const noexcept { OGR_G_DestroyGeometry(g); }
};
using OgrGeometry = std::unique_ptr<std::remove_pointer_t<OGRGeometryH>, GeometryDestroyer>;

struct TransformDestroyer {
    void operator()(OGRCoordinateTransformationH t) const noexcept { OCTDestroyCoordinateTransformation(t); }
};
using Transform = std::unique_ptr<std::remove_pointer_t<OGRCoordinateTransformationH>, TransformDestroyer>;

// Vertices of an OGR geometry, its members and rings included (curves count their control points).
std::size_t vertexCount(OGRGeometryH g)
{
    const int members = OGR_G_GetGeometryCount(g);
    if (members == 0)
        return static_cast<std::size_t>(std::max(OGR_G_GetPointCount(g), 0));
    std::size_t n = 0;
    for (int i = 0; i < members; ++i)
        n += vertexCount(OGR_G_GetGeometryRef(g, i));
    return n;
}

std::vector<core::Coordinate> pointsOf(OGRGeometryH g)
{
    std::vector<core::Coordinate> out(static_cast<std::size_t>(OGR_G_GetPointCount(g)));
    for (int i = 0; i < OGR_G_GetPointCount(g); ++i)
        out[static_cast<std::size_t>(i)] = {OGR_G_GetX(g, i), OGR_G_GetY(g, i)};
    return out;
}

std::vector<std::vector<core::Coordinate>> partOf(OGRGeometryH g)
{
    switch (wkbFlatten(OGR_G_GetGeometryType(g))) {
    case wkbPoint:
    case wkbLineString: return {pointsOf(g)};
    default: break;
    }
    std::vector<std::vector<core::Coordinate>> rings;
    for (int r = 0; r < OGR_G_GetGeometryCount(g); ++r) {
        auto ring = pointsOf(OGR_G_GetGeometryRef(g, r));
        // Shapefiles and OSM may leave a ring open; the model wants first == last.
        if (!ring.empty() && !(ring.front() == ring.back()))
            ring.push_back(ring.front());
        rings.push_back(std::move(ring));
    }
    return rings;
}

/// A GeoPackage layer with srs_id 0 or -1: GDAL names these "Undefined geographic SRS" and "Undefined Cartesian
/// SRS" (GeoPackage 1.3, clause 1.1.2.1.1): the layer says it has no CRS.
bool isUndefinedSrs(OGRSpatialReferenceH srs)
{
    const char* name = OSRGetName(srs);
    const std::string n = name ? name : "";
    return n == "Undefined geographic SRS" || n == "Undefined Cartesian SRS";
}

/// The bounds of the layer's features, from the features themselves, never the layer's stored extent: a
/// GeoPackage's may be +-Inf for an empty layer or all zeros; OpenStreetMap's driver has none. Non-finite
/// vertices are left out. Nothing when no feature has a finite geometry. Reads the layer from its start
/// and leaves it reset.
std::optional<OGREnvelope> featureExtent(OGRLayerH layer)
{
    std::optional<OGREnvelope> extent;
    OGR_L_ResetReading(layer);
    while (Feature f{OGR_L_GetNextFeature(layer)}) {
        OGRGeometryH g = OGR_F_GetGeometryRef(f.get());
        if (!g || OGR_G_IsEmpty(g))
            continue;
        OGREnvelope e{};
        OGR_G_GetEnvelope(g, &e);
        if (!std::isfinite(e.MinX) || !std::isfinite(e.MinY) || !std::isfinite(e.MaxX) || !std::isfinite(e.MaxY))
            continue;
        if (!extent) {
            extent = e;
            continue;
        }
        extent->MinX = std::min(extent->MinX, e.MinX);
        extent->MinY = std::min(extent->MinY, e.MinY);
        extent->MaxX = std::max(extent->MaxX, e.MaxX);
        extent->MaxY = std::max(extent->MaxY, e.MaxY);
    }
    OGR_L_ResetReading(layer);
    return extent;
}

/// The feature's other fields as the terrain feature's attributes (issue 43 item 7: `--class-from class` dropped
/// a road's `grade: major`): integers, reals and text as they are, except the attributes the schema types
/// (`grade` major/minor, `level` 1-20, `dense` a boolean, `note` text), which are kept only when their value is
/// one the schema takes, so the scenario stays valid. `used` are the fields read already (class, name, level);
/// an attribute already set (a rule's grade) stays.
void keepOtherFields(OGRFeatureH feature, OGRFeatureDefnH definition, std::initializer_list<int> used, core::Attributes& attributes)
{
    const int fields = OGR_FD_GetFieldCount(definition);
    for (int i = 0; i < fields; ++i) {
        if (std::find(used.begin(), used.end(), i) != used.end() || !OGR_F_IsFieldSetAndNotNull(feature, i))
            continue;
        OGRFieldDefnH field = OGR_FD_GetFieldDefn(definition, i);
        const std::string name = OGR_Fld_GetNameRef(field);
        if (name.empty() || attributes.contains(name) || name == "other_tags")
            continue;
        const OGRFieldType type = OGR_Fld_GetType(field);
        core::AttributeValue value;
        if (type == OFTInteger || type == OFTInteger64)
            value = static_cast<std::int64_t>(OGR_F_GetFieldAsInteger64(feature, i));
        else if (type == OFTReal) {
            const double v = OGR_F_GetFieldAsDouble(feature, i);
            if (!std::isfinite(v))
                continue;
            value = v;
        } else
            value = std::string(OGR_F_GetFieldAsString(feature, i));
        if (name == "grade" && !(value.isString("major") || value.isString("minor")))
            continue;
        if (name == "level" && !(value.isInteger() && value.asInteger() >= 1 && value.asInteger() <= 20))
            continue;
        if (name == "dense") {
            if (value.isInteger() && (value.asInteger() == 0 || value.asInteger() == 1))
                value = value.asInteger() == 1;
            else if (value.isString("true") || value.isString("false"))
                value = value.isString("true");
            else
                continue;
        }
        if (name == "note" && !value.isString())
            continue;
        attributes[name] = std::move(value);
    }
}

/// A layer CRS whose datum PROJ knows only by its ellipsoid (a PROJ string with +ellps=bessel and no +towgs84) has no
/// way to WGS 84: the transformation then ignores the datum shift, some 100 m for the old European datums. The
/// layer is imported; this is the warning naming its CRS (nothing for a datum with a shift, or on the WGS 84 or
/// GRS 1980 ellipsoid).
std::optional<core::validation::Diagnostic> ellipsoidOnlyDatum(OGRSpatialReferenceH source, const std::string& file, const std::string& layerName)
{
    const char* datum = OSRGetAttrValue(source, "DATUM", 0);
    const char* ellipsoid = OSRGetAttrValue(source, "SPHEROID", 0);
    const std::string datumName = datum ? datum : "";
    const std::string ellipsoidName = ellipsoid ? ellipsoid : "";
    const bool wgs84Like = ellipsoidName.find("WGS 84") != std::string::npos || ellipsoidName.find("WGS_1984") != std::string::npos
        || ellipsoidName.find("GRS 1980") != std::string::npos || ellipsoidName.find("GRS_1980") != std::string::npos;
    // PROJ strings read as "Unknown based on Bessel 1841 ellipsoid"; an ESRI .prj (a shapefile's) as
    // "Not_specified_based_on_Bessel_1841_ellipsoid" (EPSG 6004), or as "D_Unknown_based_on_Bessel_1841_ellipsoid"
    // when GDAL or QGIS wrote it from a PROJ string, keeping ESRI's "D_" (issue 43 item 5: imported without the
    // warning): each a datum known by its ellipsoid only.
    std::string lowered = datumName;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](unsigned char c) { return c == '_' ? ' ' : static_cast<char>(std::tolower(c)); });
    if (lowered.rfind("d ", 0) == 0)
        lowered.erase(0, 2);
    std::array<double, 7> shift{};
    const bool hasShift = OSRGetTOWGS84(source, shift.data(), 7) == OGRERR_NONE;
    const bool ellipsoidOnly = lowered.rfind("unknown based on", 0) == 0 || lowered.rfind("not specified based on", 0) == 0
        || lowered.rfind("not specified (based on", 0) == 0;
    if (!ellipsoidOnly || hasShift || wgs84Like)
        return std::nullopt;
    const char* crsName = OSRGetName(source);
    return core::validation::Diagnostic{"import.crs.datum", core::validation::Severity::Warning, "/terrain",
        core::i18n::format(_("{1}: layer '{2}': its CRS ({3}) names the {4} ellipsoid but no datum, so no shift to WGS 84 is "
                             "known: positions may be off by about 100 m. Give the layer its datum's EPSG CRS (e.g. "
                             "EPSG:31467 for DHDN / Gauss-Kruger zone 3) or a +towgs84 in its PROJ string"),
            {file, layerName, crsName ? std::string(crsName) : std::string(_("unnamed")), ellipsoidName})};
}

/// Every vertex of `g` (any depth of collection) has finite x and y.
bool allFinite(OGRGeometryH g)
{
    const int parts = OGR_G_GetGeometryCount(g);
    for (int i = 0; i < parts; ++i)
        if (!allFinite(OGR_G_GetGeometryRef(g, i)))
            return false;
    const int n = OGR_G_GetPointCount(g);
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(OGR_G_GetX(g, i)) || !std::isfinite(OGR_G_GetY(g, i)))
            return false;
    return true;
}

/// OGR geometry (already linear and transformed) -> model geometry; nullopt for empty or mixed ones.
std::optional<core::Geometry> toModel(OGRGeometryH g)
{
    if (!g || OGR_G_IsEmpty(g))
        return std::nullopt;
    core::Geometry out;
    switch (wkbFlatten(OGR_G_GetGeometryType(g))) {
    case wkbPoint: out.type = core::GeometryType::Point; break;
    case wkbLineString: out.type = core::GeometryType::LineString; break;
    case wkbPolygon: out.type = core::GeometryType::Polygon; break;
    case wkbMultiPoint: out.type = core::GeometryType::MultiPoint; break;
    case wkbMultiLineString: out.type = core::GeometryType::MultiLineString; break;
    case wkbMultiPolygon: out.type = core::GeometryType::MultiPolygon; break;
    default: return std::nullopt;
    }
    if (out.type < core::GeometryType::MultiPoint) {
        out.parts.push_back(partOf(g));
    } else {
        for (int i = 0; i < OGR_G_GetGeometryCount(g); ++i) {
            OGRGeometryH member = OGR_G_GetGeometryRef(g, i);
            if (!OGR_G_IsEmpty(member))
                out.parts.push_back(partOf(member));
        }
        if (out.parts.empty())
            return std::nullopt;
    }
    return out;
}

std::string wktOf(OGRSpatialReferenceH srs)
{
    char* wkt = nullptr;
    const char* options[] = {"FORMAT=WKT2_2019", nullptr};
    std::string out;
    if (OSRExportToWktEx(srs, &wkt, options) == OGRERR_NONE && wkt)
        out = wkt;
    CPLFree(wkt);
    return out;
}

// The expected dimension of a class (0 point, 1 line, 2 polygon; -1 unknown) and whether a river polygon.
int classDimension(const core::Scenario& s, const std::string& cls, bool& alsoPolygon)
{
    alsoPolygon = false;
    if (const auto* info = core::rules::findTerrainClass(cls)) {
        alsoPolygon = info->alsoPolygon;
        return info->dimension;
    }
    for (const auto& c : s.customTerrainClasses)
        if (c.id == cls)
            return c.geometry == "point" ? 0 : c.geometry == "line" ? 1 : 2;
    return -1;
}

/// The point half way along a line's first part (a crossing mapped from the way that crosses).
core::Geometry middleOf(const core::Geometry& line)
{
    const std::vector<core::Coordinate>& v = line.parts.at(0).at(0);
    double total = 0.0;
    for (std::size_t i = 1; i < v.size(); ++i)
        total += std::hypot(v[i].x - v[i - 1].x, v[i].y - v[i - 1].y);
    double walked = 0.0;
    for (std::size_t i = 1; i < v.size(); ++i) {
        const double step = std::hypot(v[i].x - v[i - 1].x, v[i].y - v[i - 1].y);
        if (walked + step >= total / 2.0 && step > 0.0) {
            const double t = (total / 2.0 - walked) / step;
            return core::Geometry::point({v[i - 1].x + t * (v[i].x - v[i - 1].x), v[i - 1].y + t * (v[i].y - v[i - 1].y)});
        }
        walked += step;
    }
    return core::Geometry::point(v.front());
}

/// The class an OpenStreetMap object's tags give it, as the feature loop gives a feature's ("" when it would not
/// be imported): the first matching tag rule, the class field's value (through the value map), or the one class.
std::string classOfTags(const TerrainImportOptions& options, const std::map<std::string, std::string>& tags)
{
    if (!options.tagRules.empty()) {
        for (const TagRule& r : options.tagRules) {
            const auto tag = tags.find(r.key);
            if (tag != tags.end() && !tag->second.empty() && (r.value == "*" || r.value == tag->second))
                return r.terrainClass == "-" ? std::string() : r.terrainClass;
        }
        return "";
    }
    if (!options.fixedClass.empty())
        return tags.empty() ? std::string() : options.fixedClass;
    const auto tag = tags.find(options.classField);
    if (tag == tags.end() || tag->second.empty())
        return "";
    const auto mapped = options.valueMap.find(tag->second);
    return mapped != options.valueMap.end() ? mapped->second : tag->second;
}

/// A line (one stretch) or a multi-line of the stretches, in the degrees they were read in.
OgrGeometry stretchesGeometry(const std::vector<std::vector<core::Coordinate>>& stretches)
{
    const auto line = [](const std::vector<core::Coordinate>& points) {
        OGRGeometryH g = OGR_G_CreateGeometry(wkbLineString);
        for (const core::Coordinate& c : points)
            OGR_G_AddPoint_2D(g, c.x, c.y);
        return g;
    };
    if (stretches.size() == 1)
        return OgrGeometry(line(stretches.front()));
    OgrGeometry out(OGR_G_CreateGeometry(wkbMultiLineString));
    for (const auto& stretch : stretches)
        OGR_G_AddGeometryDirectly(out.get(), line(stretch));
    return out;
}

/// "{file}: way 12 (woods): only 3 of its 4 nodes are in the file (an extract cut at a box)".
std::string incompleteWayText(const std::string& file, std::int64_t id, const std::string& cls, const detail::IncompleteWay& way)
{
    return core::i18n::format(P_("{1}: way {2} ({3}): only {4} of its {5} nodes is in the file (an extract cut at a box?)",
                                  "{1}: way {2} ({3}): only {4} of its {5} nodes are in the file (an extract cut at a box?)", way.present),
        {file, std::to_string(id), cls, std::to_string(way.present), std::to_string(way.nodes)});
}

/// The finding for an incomplete way left out: an area cannot be drawn from part of its outline, a line needs two
/// consecutive nodes.
core::validation::Diagnostic droppedWay(const std::string& file, std::int64_t id, const std::string& cls, const detail::IncompleteWay& way, bool area)
{
    return {"import.osm.incomplete", core::validation::Severity::Warning, "/terrain",
        core::i18n::format(area ? _("{1}; an area cannot be drawn from part of its outline: dropped")
                                : _("{1}; it has no two consecutive nodes in the file: dropped"),
            {incompleteWayText(file, id, cls, way)})};
}

core::validation::Diagnostic droppedRelation(const std::string& file, std::int64_t id, const std::string& cls, const detail::IncompleteRelation& relation)
{
    return {"import.osm.incomplete", core::validation::Severity::Warning, "/terrain",
        core::i18n::format(P_("{1}: relation {2} ({3}): {4} of its {5} member ways is missing from the file or lacks nodes (an "
                              "extract cut at a box?): dropped",
                               "{1}: relation {2} ({3}): {4} of its {5} member ways are missing from the file or lack nodes (an "
                               "extract cut at a box?): dropped",
                               relation.broken),
            {file, std::to_string(id), cls, std::to_string(relation.broken), std::to_string(relation.ways)})};
}

/// What GDAL's OSM driver dropped without a feature (a way with fewer than two of its nodes in the file, a relation
/// with a member way missing), when the import would have taken it: each named, and counted as skipped. `waysSeen`
/// and `relationsSeen` are the incomplete ones the feature loop named already.
void nameWhatGdalLeftOut(const core::Scenario& scenario, const TerrainImportOptions& options, const std::string& file,
    const detail::OsmCompleteness& osm, const std::set<std::int64_t>& waysSeen, const std::set<std::int64_t>& relationsSeen,
    TerrainImportResult& out)
{
    const bool areas = options.layer.empty() || options.layer == "multipolygons";
    const bool lines = options.layer.empty() || options.layer == "lines";
    for (const auto& [id, way] : osm.ways) {
        const std::string cls = classOfTags(options, way.tags);
        if (cls.empty() || waysSeen.count(id) > 0)
            continue;
        bool alsoPolygon = false;
        const bool area = way.closed && classDimension(scenario, cls, alsoPolygon) == 2;
        // A line GDAL left out for a reason of its own (it had two consecutive nodes to draw) is not named here.
        if (!(area ? areas : lines) || (!area && !way.stretches.empty()))
            continue;
        ++out.skipped;
        out.diagnostics.push_back(droppedWay(file, id, cls, way, area));
    }
    for (const auto& [id, relation] : osm.relations) {
        const std::string cls = classOfTags(options, relation.tags);
        if (cls.empty() || relationsSeen.count(id) > 0 || !areas)
            continue;
        ++out.skipped;
        out.diagnostics.push_back(droppedRelation(file, id, cls, relation));
    }
}

} // namespace

namespace {

/// Opens the vector file (a CSV of WKT geometries with its geometry column under any of the usual names);
/// IoError where it does not exist, FormatError where OGR cannot read it.
geo::gdal::Dataset openVector(const std::filesystem::path& vector, const std::string& file, const GdalErrorScope& errors)
{
    std::error_code ec;
    // GDAL's virtual file systems (/vsimem/, /vsizip/, ...) are not on the disk: GDALOpenEx judges them.
    if (!file.starts_with("/vsi") && !std::filesystem::exists(vector, ec))
        throw core::util::IoError(file, "", _("no such file"));
    // A CSV of WKT geometries: the geometry column under any of the usual names, not kept as a field too.
    std::string extension = vector.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const char* csvOptions[] = {"GEOM_POSSIBLE_NAMES=WKT,wkt,Wkt,geometry,Geometry,GEOMETRY,geom,GEOM,the_geom", "KEEP_GEOM_COLUMNS=NO", nullptr};
    geo::gdal::Dataset dataset(GDALOpenEx(vector.c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr,
        extension == ".csv" ? csvOptions : nullptr, nullptr));
    if (!dataset)
        throw core::util::FormatError(file, "", errors.reason(_("not a vector format OGR can read, or a corrupt file")));
    return dataset;
}

/// The working CRS from the first layer with one (cli.md: "else from the first imported layer"): a projected
/// layer's own, a geographic layer's UTM zone of its features' centre. Throws where no layer gives one.
std::string workingCrsFromLayers(GDALDatasetH dataset, const TerrainImportOptions& options, const std::string& file)
{
    std::string crs;
    const int layerCount = GDALDatasetGetLayerCount(dataset);
    // The working CRS comes from the first layer with one (cli.md: "else from the first imported layer").
    std::string emptyWithCrs; // a geographic layer with no feature to place a UTM zone by
    for (int i = 0; i < layerCount && crs.empty(); ++i) {
        OGRLayerH layer = GDALDatasetGetLayer(dataset, i);
        if (!options.layer.empty() && options.layer != OGR_L_GetName(layer))
            continue;
        OGRSpatialReferenceH srs = OGR_L_GetSpatialRef(layer);
        if (!srs || isUndefinedSrs(srs))
            continue;
        const std::string wkt = wktOf(srs);
        if (OSRIsGeographic(srs)) {
            const std::optional<OGREnvelope> extent = featureExtent(layer);
            if (!extent) {
                emptyWithCrs = OGR_L_GetName(layer);
                continue;
            }
            crs = geo::utmCrsForCentre(wkt, {{extent->MinX, extent->MinY}, {extent->MaxX, extent->MaxY}}, file);
        } else {
            crs = geo::crsIdentifier(geo::describeCrs(wkt, file));
        }
    }
    if (crs.empty() && !emptyWithCrs.empty())
        throw core::util::OperationError(file, core::i18n::format(_("layer '{1}'"), {emptyWithCrs}),
            _("has no features, so nothing to import and no place to choose the scenario's UTM zone from"));
    if (crs.empty())
        throw core::util::OperationError(file, "CRS", _("neither the scenario nor the file has a CRS; set one with scenario new --crs"));
    return crs;
}

/// The scenario's extent as a polygon in the working CRS, to clip to (none unless asked and known).
OgrGeometry extentPolygon(const core::Scenario& scenario, const TerrainImportOptions& options)
{
    OgrGeometry clip;
    if (options.clipToExtent && scenario.settings.extent) {
        const core::Extent& e = *scenario.settings.extent;
        OGRGeometryH ring = OGR_G_CreateGeometry(wkbLinearRing);
        OGR_G_AddPoint_2D(ring, e.minX, e.minY);
        OGR_G_AddPoint_2D(ring, e.maxX, e.minY);
        OGR_G_AddPoint_2D(ring, e.maxX, e.maxY);
        OGR_G_AddPoint_2D(ring, e.minX, e.maxY);
        OGR_G_AddPoint_2D(ring, e.minX, e.minY);
        clip.reset(OGR_G_CreateGeometry(wkbPolygon));
        OGR_G_AddGeometryDirectly(clip.get(), ring);
    }
    return clip;
}

/// The fields of a layer the import reads, by index (-1 where the layer has none).
struct LayerFields {
    std::string layerName;
    OGRFeatureDefnH definition = nullptr;
    int classIndex = -1, nameIndex = -1, otherTagsIndex = -1, levelIndex = -1;
    std::vector<int> ruleFields; // per tag rule: the field holding its key, -1 for other_tags
    int osmIdIndex = -1, osmWayIdIndex = -1;
    bool osmAreas = false, osmLines = false, osmRelations = false;
};

/// importTerrain()'s work over the layers: what it reads and where it is going, what it has made so far.
struct TerrainImporter {
    const core::Scenario& scenario;
    const TerrainImportOptions& options;
    const std::string& file;
    const GdalErrorScope& errors;
    const std::optional<detail::OsmCompleteness>& osm;
    OGRSpatialReferenceH target;
    OGRGeometryH clip;
    TerrainImportResult& out;
    std::vector<core::TerrainFeature> features;
    std::set<std::int64_t> osmWaysSeen, osmRelationsSeen;
    std::set<std::string> taken;
    std::map<std::string, std::size_t> nextNumber;

    LayerFields fieldsOf(OGRLayerH layer, const std::string& layerName) const
    {
        LayerFields fields;
        fields.layerName = layerName;
        fields.definition = OGR_L_GetLayerDefn(layer);
        fields.classIndex = options.classField.empty() ? -1 : OGR_FD_GetFieldIndex(fields.definition, options.classField.c_str());
        fields.nameIndex = OGR_FD_GetFieldIndex(fields.definition, "name");
        fields.otherTagsIndex = OGR_FD_GetFieldIndex(fields.definition, "other_tags");
        for (const TagRule& r : options.tagRules)
            fields.ruleFields.push_back(OGR_FD_GetFieldIndex(fields.definition, r.key.c_str()));
        fields.levelIndex = OGR_FD_GetFieldIndex(fields.definition, "level");
        // GDAL's OpenStreetMap layers: osm_id is the way's (lines) or the relation's (multipolygons,
        // multilinestrings, other_relations); a closed way in multipolygons has osm_way_id.
        fields.osmIdIndex = osm ? OGR_FD_GetFieldIndex(fields.definition, "osm_id") : -1;
        fields.osmWayIdIndex = osm ? OGR_FD_GetFieldIndex(fields.definition, "osm_way_id") : -1;
        fields.osmAreas = layerName == "multipolygons";
        fields.osmLines = layerName == "lines";
        fields.osmRelations = fields.osmAreas || layerName == "multilinestrings" || layerName == "other_relations";
        return fields;
    }

    /// A class field the layer lacks: its features skipped, with a warning naming the fields it has.
    void skipLayerWithoutClassField(OGRLayerH layer, const LayerFields& layerFields)
    {
        const std::string& layerName = layerFields.layerName;
        OGRFeatureDefnH definition = layerFields.definition;
        const auto count = OGR_L_GetFeatureCount(layer, TRUE);
        out.skipped += count > 0 ? static_cast<std::size_t>(count) : 0;
        std::string fields;
        for (int f = 0; f < OGR_FD_GetFieldCount(definition); ++f)
            fields += std::string(fields.empty() ? "" : ", ") + OGR_Fld_GetNameRef(OGR_FD_GetFieldDefn(definition, f));
        out.diagnostics.push_back({"import.field.missing", core::validation::Severity::Warning, "/terrain",
            core::i18n::format(_("{1}: layer '{2}': has no field '{3}' (its fields: {4}); {5}"),
                {file, layerName, options.classField, fields.empty() ? std::string(_("none")) : fields,
                    count >= 0 ? core::i18n::format(P_("its {1} feature skipped", "its {1} features skipped", count), {std::to_string(count)})
                               : std::string(_("its features skipped"))})});
    }

    /// The transformation of the layer's coordinates to the working CRS (none where they are in it already,
    /// or taken to be); refuses a georeferenced layer for a local frame, and a layer without a CRS whose
    /// coordinates cannot be in the working CRS; warns of an assumed CRS and of an ellipsoid-only datum.
    Transform layerTransform(OGRLayerH layer, const std::string& layerName)
    {
        Transform transform;
        OGRSpatialReferenceH layerSrs = options.inWorkingFrame ? nullptr : OGR_L_GetSpatialRef(layer);
        bool undefinedSrs = false;
        if (layerSrs) {
            // A GeoPackage layer with srs_id 0 or -1 ("Undefined geographic SRS", "Undefined Cartesian SRS",
            // GeoPackage 1.3 clause 1.1.2.1.1) says it has no CRS: its coordinates are taken to be in the
            // working CRS, as a layer without one (issue 43 item 5).
            if (isUndefinedSrs(layerSrs)) {
                layerSrs = nullptr;
                undefinedSrs = true;
            }
        }
        if (layerSrs && OSRIsLocal(target) && !OSRIsLocal(layerSrs)) {
            const char* name = OSRGetName(layerSrs);
            throw core::util::OperationError(file, core::i18n::format(_("layer '{1}'"), {layerName}),
                core::i18n::format(_("is georeferenced ({1}), but the scenario works in the local frame {2} of a map calibrated "
                                     "by scale, which has no geography to place it in. Digitise in the frame (metres from the "
                                     "scan's bottom-left corner) and save without a CRS, or give --in-frame to take the file's "
                                     "coordinates as frame metres (GeoJSON always says WGS 84); to place georeferenced data, "
                                     "georeference the scan with GCPs instead of calibrating it"),
                    {name ? std::string(name) : std::string(_("a geographic or projected CRS")), out.crs}));
        }
        if (OGRSpatialReferenceH source = layerSrs) {
            if (std::optional<core::validation::Diagnostic> warning = ellipsoidOnlyDatum(source, file, layerName))
                out.diagnostics.push_back(std::move(*warning));
            geo::gdal::Srs sourceSrs(OSRClone(source));
            OSRSetAxisMappingStrategy(sourceSrs.get(), OAMS_TRADITIONAL_GIS_ORDER);
            if (!OSRIsSame(sourceSrs.get(), target)) {
                transform.reset(OCTNewCoordinateTransformation(sourceSrs.get(), target));
                if (!transform)
                    throw core::util::OperationError(file, core::i18n::format(_("layer '{1}'"), {layerName}),
                        errors.reason(core::i18n::format(_("cannot transform its CRS to the working CRS {1}"), {out.crs})));
            }
        } else if (!options.inWorkingFrame) {
            out.diagnostics.push_back({"import.crs.assumed", core::validation::Severity::Warning, "/terrain",
                undefinedSrs ? core::i18n::format(_("{1}: layer '{2}': its CRS is undefined (GeoPackage srs_id 0 or -1); its coordinates "
                                                    "are taken to be in {3}"), {file, layerName, out.crs})
                             : core::i18n::format(_("{1}: layer '{2}': has no CRS; its coordinates are taken to be in {3}"), {file, layerName, out.crs})});
            // Refused only when they cannot be in it (degrees for a projected CRS, a place off its area of use).
            if (const std::optional<OGREnvelope> box = out.crs.empty() ? std::nullopt : featureExtent(layer)) {
                for (const core::Coordinate corner : {core::Coordinate{box->MinX, box->MinY}, core::Coordinate{box->MaxX, box->MaxY}})
                    if (const std::optional<std::string> why = geo::crsMisfit(out.crs, corner, file))
                        throw core::util::OperationError(file, core::i18n::format(_("layer '{1}'"), {layerName}),
                            core::i18n::format(_("has no CRS, and its coordinates cannot be in the working CRS {1}: {2}. Give the "
                                                 "layer its CRS (ogr2ogr -a_srs EPSG:n) and import it again"),
                                {out.crs, *why}));
            }
        }
        return transform;
    }

    /// The feature's class (`cls`), grade and crossing (a bridge or ford on the same way) by the tag rules,
    /// else its class field through the value map, else the fixed class. False where no tag rule maps it.
    bool classOf(OGRFeatureH feature, const LayerFields& fields, std::string& cls, std::string& grade, std::string& crossing) const
    {
        cls = options.fixedClass;
        if (!options.tagRules.empty()) {
            // Rule k matches when its key (a field of that name, else OSM's other_tags) has its value.
            const auto matches = [&](std::size_t k) {
                const TagRule& r = options.tagRules[k];
                const int index = fields.ruleFields[k];
                std::string value;
                if (index >= 0 && OGR_F_IsFieldSetAndNotNull(feature, index))
                    value = OGR_F_GetFieldAsString(feature, index);
                else if (index < 0 && fields.otherTagsIndex >= 0 && OGR_F_IsFieldSetAndNotNull(feature, fields.otherTagsIndex))
                    value = otherTag(OGR_F_GetFieldAsString(feature, fields.otherTagsIndex), r.key);
                return !value.empty() && (r.value == "*" || r.value == value);
            };
            const TagRule* rule = nullptr;
            for (std::size_t k = 0; k < options.tagRules.size() && !rule; ++k)
                if (matches(k))
                    rule = &options.tagRules[k];
            if (!rule || rule->terrainClass == "-")
                return false;
            cls = rule->terrainClass;
            grade = rule->grade;
            // A way that is a road or a stream and also a bridge or ford gives both: the line and the
            // crossing at its middle (tried after the first match, which decides the line's class).
            for (std::size_t k = 0; k < options.tagRules.size() && crossing.empty(); ++k) {
                const TagRule& r = options.tagRules[k];
                if (&r != rule && (r.terrainClass == "bridge" || r.terrainClass == "ford") && matches(k))
                    crossing = r.terrainClass;
            }
        } else if (cls.empty()) {
            const std::string value = OGR_F_IsFieldSetAndNotNull(feature, fields.classIndex)
                ? OGR_F_GetFieldAsString(feature, fields.classIndex)
                : "";
            const auto mapped = options.valueMap.find(value);
            cls = mapped != options.valueMap.end() ? mapped->second : value;
        }
        return true;
    }

    /// An OpenStreetMap way or relation the file holds only in part: an area or a relation is dropped (false),
    /// a line kept as the stretches the file has (GDAL joins them across the gaps; `cutLine` set the first
    /// time the way is met), each named.
    bool keepOsmPart(OGRFeatureH feature, const LayerFields& fields, const std::string& cls,
        std::optional<std::pair<std::int64_t, const detail::IncompleteWay*>>& cutLine)
    {
        if (osm) {
            const auto idOf = [&](int index) -> std::optional<std::int64_t> {
                if (index < 0 || !OGR_F_IsFieldSetAndNotNull(feature, index))
                    return std::nullopt;
                return OGR_F_GetFieldAsInteger64(feature, index);
            };
            const std::optional<std::int64_t> wayId = fields.osmAreas ? idOf(fields.osmWayIdIndex) : fields.osmLines ? idOf(fields.osmIdIndex) : std::nullopt;
            const std::optional<std::int64_t> relationId = !wayId && fields.osmRelations ? idOf(fields.osmIdIndex) : std::nullopt;
            if (const auto way = wayId ? osm->ways.find(*wayId) : osm->ways.end(); way != osm->ways.end()) {
                const bool first = osmWaysSeen.insert(way->first).second;
                if (fields.osmAreas || way->second.stretches.empty()) {
                    ++out.skipped;
                    if (first)
                        out.diagnostics.push_back(droppedWay(file, way->first, cls, way->second, fields.osmAreas));
                    return false;
                }
                OGR_F_SetGeometryDirectly(feature, stretchesGeometry(way->second.stretches).release());
                if (first)
                    cutLine.emplace(way->first, &way->second);
            } else if (const auto relation = relationId ? osm->relations.find(*relationId) : osm->relations.end();
                       relation != osm->relations.end()) {
                ++out.skipped;
                if (osmRelationsSeen.insert(relation->first).second)
                    out.diagnostics.push_back(droppedRelation(file, relation->first, cls, relation->second));
                return false;
            }
        }
        return true;
    }

    /// One terrain feature of class `featureClass` from this feature's geometry, transformed and clipped;
    /// skipped with a warning where the class is unknown, the geometry unusable or of the wrong kind.
    void addFeature(OGRFeatureH feature, const LayerFields& fields, const std::string& where, const Transform& transform,
        const std::string& featureClass, const std::string& featureGrade, std::size_t& outside)
    {
        const std::string& layerName = fields.layerName;
        bool alsoPolygon = false;
        const int dim = classDimension(scenario, featureClass, alsoPolygon);
        if (dim < 0) {
            ++out.skipped;
            const std::optional<std::string> meant = core::rules::closestTerrainClass(scenario, featureClass);
            out.diagnostics.push_back({"import.class.unknown", core::validation::Severity::Warning, "/terrain",
                meant ? core::i18n::format(_("{1}: class '{2}' is neither a canonical class nor a declared custom class; skipped "
                                             "(did you mean '{3}'? `terrain classes` lists them)"), {where, featureClass, *meant})
                      : core::i18n::format(_("{1}: class '{2}' is neither a canonical class nor a declared custom class; skipped "
                                             "(the classes: {3})"), {where, featureClass, core::rules::terrainClassList(scenario)})});
            return;
        }
        OGRGeometryH source = OGR_F_GetGeometryRef(feature);
        if (const std::size_t n = source ? vertexCount(source) : 0; n > core::util::limits::kMaxVerticesPerGeometry)
            throw core::util::FormatError(file, core::i18n::format(_("layer '{1}' feature {2}"), {layerName, std::to_string(OGR_F_GetFID(feature))}),
                core::i18n::format(_("the geometry has {1} vertices, which {2}"),
                    {std::to_string(n),
                        core::util::limits::limitMessage("kMaxVerticesPerGeometry", core::util::limits::kMaxVerticesPerGeometry, N_("vertices"))}));
        OgrGeometry geometry(source ? OGR_G_GetLinearGeometry(source, 0.0, nullptr) : nullptr);
        const auto notFinite = [&] {
            // NaN or Infinity would be written as null and make the scenario unreadable (issue 43 item 5).
            ++out.skipped;
            out.diagnostics.push_back({"import.geometry.not_finite", core::validation::Severity::Warning, "/terrain",
                core::i18n::format(_("{1}: a vertex is not a finite number (NaN or Infinity); skipped"), {where})});
        };
        if (geometry && !allFinite(geometry.get()))
            return notFinite();
        if (geometry && transform && OGR_G_Transform(geometry.get(), transform.get()) != OGRERR_NONE)
            throw core::util::OperationError(file, core::i18n::format(_("layer '{1}' feature {2}"), {layerName, std::to_string(OGR_F_GetFID(feature))}),
                errors.reason(core::i18n::format(_("cannot be transformed to {1}"), {out.crs})));
        if (geometry && !allFinite(geometry.get()))
            return notFinite(); // a transformation that overflowed
        if (geometry && clip) {
            OgrGeometry inside(OGR_G_Intersection(geometry.get(), clip));
            if (!inside || OGR_G_IsEmpty(inside.get())) {
                ++outside;
                return;
            }
            geometry = std::move(inside);
        }
        std::optional<core::Geometry> model = toModel(geometry.get());
        if (model && dim == 0 && core::dimension(model->type) == 1)
            model = middleOf(*model); // a bridge or ford mapped from a way: at its middle
        if (!model) {
            ++out.skipped;
            out.diagnostics.push_back({"import.geometry.unsupported", core::validation::Severity::Warning, "/terrain",
                core::i18n::format(_("{1}: empty, missing or mixed geometry; skipped"), {where})});
            return;
        }
        const int actual = core::dimension(model->type);
        if (actual != dim && !(alsoPolygon && actual == 2)) {
            ++out.skipped;
            out.diagnostics.push_back({"import.geometry.kind", core::validation::Severity::Warning, "/terrain",
                core::i18n::format(_("{1}: a {2} cannot be {3}; skipped"), {where, core::toString(model->type), featureClass})});
            return;
        }
        core::TerrainFeature terrain;
        std::string id;
        do
            id = featureClass + "-" + std::to_string(++nextNumber[featureClass]);
        while (taken.count(id) > 0);
        taken.insert(id);
        terrain.id = core::FeatureId(id);
        terrain.terrainClass = featureClass;
        if (fields.nameIndex >= 0 && OGR_F_IsFieldSetAndNotNull(feature, fields.nameIndex))
            terrain.name = OGR_F_GetFieldAsString(feature, fields.nameIndex);
        if (!featureGrade.empty())
            terrain.attributes["grade"] = featureGrade;
        if (featureClass == "hill" && fields.levelIndex >= 0 && OGR_F_IsFieldSetAndNotNull(feature, fields.levelIndex))
            terrain.attributes["level"] = OGR_F_GetFieldAsInteger(feature, fields.levelIndex);
        if (options.tagRules.empty())
            keepOtherFields(feature, fields.definition, {fields.classIndex, fields.nameIndex, fields.levelIndex}, terrain.attributes);
        terrain.geometry = std::move(*model);
        features.push_back(std::move(terrain));
        ++out.imported;
        ++out.classes[featureClass];
    }

    /// Imports the layer's features (those no rule maps, and those outside the extent, counted in a note).
    void importLayer(OGRLayerH layer, const std::string& layerName)
    {
        const LayerFields fields = fieldsOf(layer, layerName);
        if (!options.classField.empty() && fields.classIndex < 0)
            return skipLayerWithoutClassField(layer, fields);
        const Transform transform = layerTransform(layer, layerName);
        std::size_t unmapped = 0, outside = 0;
        OGR_L_ResetReading(layer);
        while (Feature feature{OGR_L_GetNextFeature(layer)}) {
            const std::string where = file + ": "
                + core::i18n::format(_("layer '{1}' feature {2}"), {layerName, std::to_string(OGR_F_GetFID(feature.get()))});
            std::string cls, grade, crossing;
            if (!classOf(feature.get(), fields, cls, grade, crossing)) {
                ++unmapped;
                continue;
            }
            std::optional<std::pair<std::int64_t, const detail::IncompleteWay*>> cutLine;
            if (!keepOsmPart(feature.get(), fields, cls, cutLine))
                continue;
            const std::size_t importedBefore = out.imported;
            addFeature(feature.get(), fields, where, transform, cls, grade, outside);
            if (!crossing.empty())
                addFeature(feature.get(), fields, where, transform, crossing, "", outside);
            if (cutLine && out.imported > importedBefore) {
                const detail::IncompleteWay& way = *cutLine->second;
                const std::size_t k = way.stretches.size();
                out.diagnostics.push_back({"import.osm.incomplete", core::validation::Severity::Warning, "/terrain",
                    core::i18n::format(P_("{1}; kept as a cut line, the stretch of its nodes the file has",
                                           "{1}; kept as a cut line, the {2} stretches of its nodes the file has, not joined across the gaps", k),
                        {incompleteWayText(file, cutLine->first, cls, way), std::to_string(k)})});
            }
        }
        if (unmapped > 0)
            out.diagnostics.push_back({"import.tags.unmapped", core::validation::Severity::Info, "/terrain",
                core::i18n::format(P_("{1}: layer '{2}': {3} feature no tag rule maps to a class, left out",
                                       "{1}: layer '{2}': {3} features no tag rule maps to a class, left out", unmapped),
                    {file, layerName, std::to_string(unmapped)})});
        if (outside > 0)
            out.diagnostics.push_back({"import.outside_extent", core::validation::Severity::Info, "/terrain",
                core::i18n::format(P_("{1}: layer '{2}': {3} feature wholly outside the scenario's extent, left out",
                                       "{1}: layer '{2}': {3} features wholly outside the scenario's extent, left out", outside),
                    {file, layerName, std::to_string(outside)})});
    }
};

} // namespace

TerrainImportResult importTerrain(const core::Scenario& scenario, const std::filesystem::path& vector,
    const TerrainImportOptions& options)
{
    if (options.fixedClass.empty() && options.classField.empty() && options.tagRules.empty())
        throw std::invalid_argument(_("give a class for every feature, the field holding the class, or a preset"));
    const std::string file = vector.string();
    geo::gdal::ensureGdalRegistered();
    GdalErrorScope errors;
    geo::gdal::Dataset dataset = openVector(vector, file, errors);

    // An OpenStreetMap file: which ways and relations it holds only in part (issue 43 item 5), each named below.
    std::optional<detail::OsmCompleteness> osm;
    if (std::string_view(GDALGetDriverShortName(GDALGetDatasetDriver(dataset.get()))) == "OSM" && !file.starts_with("/vsi"))
        osm = detail::checkOsmCompleteness(vector);

    TerrainImportResult out;
    out.edit.label = "Import terrain";
    // What was read; core/document makes the change records (issue 42 item 2).
    std::optional<core::ScenarioSettings> settingsAfter;
    out.crs = scenario.settings.crs;
    const int layerCount = GDALDatasetGetLayerCount(dataset.get());
    if (out.crs.empty()) {
        out.crs = workingCrsFromLayers(dataset.get(), options, file);
        core::ScenarioSettings settings = scenario.settings;
        settings.crs = out.crs;
        settingsAfter = settings;
    }
    geo::gdal::Srs target = geo::gdal::makeSrs(out.crs, file);
    const OgrGeometry clip = extentPolygon(scenario, options);

    TerrainImporter importer{scenario, options, file, errors, osm, target.get(), clip.get(), out, {}, {}, {}, {}, {}};
    for (const auto& f : scenario.terrain)
        importer.taken.insert(f.id.str());
    bool foundLayer = options.layer.empty();
    for (int li = 0; li < layerCount; ++li) {
        OGRLayerH layer = GDALDatasetGetLayer(dataset.get(), li);
        const std::string layerName = OGR_L_GetName(layer);
        if (!options.layer.empty() && options.layer != layerName)
            continue;
        foundLayer = true;
        importer.importLayer(layer, layerName);
    }
    if (!foundLayer)
        throw core::util::OperationError(file, core::i18n::format(_("layer '{1}'"), {options.layer}), _("no such layer"));
    if (osm)
        nameWhatGdalLeftOut(scenario, options, file, *osm, importer.osmWaysSeen, importer.osmRelationsSeen, out);
    out.edit = core::document::operations::addFeatures(scenario, std::move(importer.features), out.edit.label, std::move(settingsAfter));
    return out;
}

} // namespace sandtable::importers
