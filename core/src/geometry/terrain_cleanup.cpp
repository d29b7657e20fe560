// SPDX-License-Identifier: GPL-3.0-or-later
// Polygon clean-up for traced and contoured terrain, snapping, overlap resolution, slivers (GEOS).
#include "sandtable/core/geometry/terrain_cleanup.hpp"

#include "feature_text.hpp"
#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sandtable::core::geometry {
namespace {

using detail::describe;
using detail::geometryPointer;

/// A length or area in metres for a person: `precision` decimals in their conventions ("12,5" in French).
std::string fixed(double value, int precision) { return i18n::formatNumber(value, precision); }

// `pattern`: an N_() sentence saying which option must be a finite number >= 0.
void requireNonNegative(double value, const char* pattern)
{
    if (!(value >= 0.0) || !std::isfinite(value))
        throw std::invalid_argument(i18n::translate(pattern));
}

// A polygon rebuilt from its shell and the holes of at least `holeArea` m2; counts the holes filled.
GeosGeometryPtr fillSmallHoles(const GEOSGeometry* polygon, double holeArea, std::size_t& filled, double& filledArea)
{
    GEOSContextHandle_t h = geosContext();
    const int holes = GEOSGetNumInteriorRings_r(h, polygon);
    if (holes <= 0 || holeArea <= 0.0)
        return cloneGeos(polygon);
    std::vector<GEOSGeometry*> kept;
    for (int i = 0; i < holes; ++i) {
        const GEOSGeometry* ring = GEOSGetInteriorRingN_r(h, polygon, i);
        GeosGeometryPtr asPolygon(GEOSGeom_createPolygon_r(h, GEOSGeom_clone_r(h, ring), nullptr, 0));
        const double a = asPolygon ? geosArea(asPolygon.get()) : 0.0;
        if (a < holeArea) {
            ++filled;
            filledArea += a;
        } else {
            kept.push_back(GEOSGeom_clone_r(h, ring));
        }
    }
    GEOSGeometry* shell = GEOSGeom_clone_r(h, GEOSGetExteriorRing_r(h, polygon));
    GeosGeometryPtr out(GEOSGeom_createPolygon_r(h, shell, kept.data(), static_cast<unsigned>(kept.size())));
    if (!out)
        throw util::OperationError("", _("polygon"), i18n::format(_("GEOS could not rebuild a polygon: {1}"), {lastGeosError()}));
    return out;
}

// All polygonal model geometries of the terrain, made valid, as GEOS (nullptr for the others).
struct Built {
    const TerrainFeature* feature = nullptr;
    std::size_t index = 0;
    GeosGeometryPtr geometry;
};

std::vector<Built> polygonalTerrain(const Scenario& scenario, const std::vector<std::string>& classes)
{
    std::vector<Built> out;
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        const TerrainFeature& f = scenario.terrain[i];
        if (dimension(f.geometry.type) != 2)
            continue;
        if (!classes.empty() && std::find(classes.begin(), classes.end(), f.terrainClass) == classes.end())
            continue;
        try {
            GeosGeometryPtr g = validPartsOf(f.geometry, 2);
            if (g)
                out.push_back({&f, i, std::move(g)});
        } catch (const util::OperationError&) {
            // A geometry GEOS cannot build is the validator's to report.
        }
    }
    return out;
}

bool interiorsOverlap(const GEOSGeometry* a, const GEOSGeometry* b, double& overlapArea)
{
    GEOSContextHandle_t h = geosContext();
    if (GEOSIntersects_r(h, a, b) != 1)
        return false;
    GeosGeometryPtr common(GEOSIntersection_r(h, a, b));
    if (!common)
        return false;
    overlapArea = geosArea(common.get());
    return overlapArea > 0.0;
}

} // namespace

PolygonCleanup cleanPolygons(const std::vector<Geometry>& pieces, const PolygonCleanupOptions& options)
{
    requireNonNegative(options.simplify, N_("simplify tolerance must be a finite number >= 0"));
    requireNonNegative(options.minArea, N_("minimum area must be a finite number >= 0"));
    requireNonNegative(options.holeArea, N_("hole area must be a finite number >= 0"));
    GEOSContextHandle_t h = geosContext();
    PolygonCleanup out;
    std::vector<GeosGeometryPtr> parts;
    for (const Geometry& piece : pieces) {
        if (dimension(piece.type) != 2)
            continue;
        GeosGeometryPtr valid = validPartsOf(piece, 2);
        if (!valid)
            continue;
        for (auto& p : simplePartsOfDimension(valid.get(), 2))
            parts.push_back(std::move(p));
    }
    if (parts.empty())
        return out;
    GeosGeometryPtr all = collectParts(std::move(parts), 2);
    GeosGeometryPtr united(GEOSUnaryUnion_r(h, all.get()));
    if (!united)
        throw util::OperationError("", _("polygons"), i18n::format(_("GEOS could not unite the pieces: {1}"), {lastGeosError()}));
    std::vector<std::pair<double, Geometry>> kept;
    for (auto& polygon : simplePartsOfDimension(united.get(), 2)) {
        GeosGeometryPtr filled = fillSmallHoles(polygon.get(), options.holeArea, out.droppedHoles, out.droppedHoleArea);
        GeosGeometryPtr simplified = options.simplify > 0.0
            ? GeosGeometryPtr(GEOSTopologyPreserveSimplify_r(h, filled.get(), options.simplify))
            : cloneGeos(filled.get());
        if (!simplified)
            throw util::OperationError("", _("polygon"), i18n::format(_("GEOS could not simplify: {1}"), {lastGeosError()}));
        if (!geosIsValid(simplified.get()))
            simplified = makeValidStructure(simplified.get());
        for (auto& part : simplePartsOfDimension(simplified.get(), 2)) {
            const double a = geosArea(part.get());
            if (a <= 0.0 || a < options.minArea) {
                ++out.droppedPolygons;
                out.droppedArea += a;
                continue;
            }
            kept.emplace_back(a, fromGeos(part.get()));
        }
    }
    std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [a, g] : kept)
        out.polygons.push_back(std::move(g));
    return out;
}

TerrainSnap snapTerrain(const Scenario& scenario, double tolerance)
{
    if (!(tolerance > 0.0) || !std::isfinite(tolerance))
        throw std::invalid_argument(_("snapping tolerance must be a finite number > 0"));
    GEOSContextHandle_t h = geosContext();
    TerrainSnap out;
    // Current geometries (already snapped ones replace the originals as references for later features).
    std::vector<GeosGeometryPtr> current(scenario.terrain.size());
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        try {
            current[i] = toGeos(scenario.terrain[i].geometry);
        } catch (const util::OperationError&) {
        }
    }
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i) {
        if (!current[i])
            continue;
        const TerrainFeature& f = scenario.terrain[i];
        GeosGeometryPtr zone(GEOSBuffer_r(h, current[i].get(), tolerance, 2));
        std::vector<GeosGeometryPtr> references;
        for (std::size_t j = 0; j < i; ++j)
            if (current[j] && zone && GEOSIntersects_r(h, zone.get(), current[j].get()) == 1)
                references.push_back(cloneGeos(current[j].get()));
        if (references.empty())
            continue;
        std::vector<GEOSGeometry*> raw;
        for (auto& r : references)
            raw.push_back(r.release());
        GeosGeometryPtr reference(GEOSGeom_createCollection_r(h, GEOS_GEOMETRYCOLLECTION, raw.data(), static_cast<unsigned>(raw.size())));
        if (!reference)
            throw util::OperationError("", _("snap"), i18n::format(_("GEOS could not collect the neighbours: {1}"), {lastGeosError()}));
        GeosGeometryPtr snapped(GEOSSnap_r(h, current[i].get(), reference.get(), tolerance));
        if (!snapped || GEOSEqualsExact_r(h, snapped.get(), current[i].get(), 0.0) == 1)
            continue;
        const int dim = dimension(f.geometry.type);
        if (!geosIsValid(snapped.get())) {
            GeosGeometryPtr valid = makeValidStructure(snapped.get());
            snapped = collectParts(simplePartsOfDimension(valid.get(), dim), dim);
            if (!snapped) {
                out.diagnostics.push_back({"terrain.snap.collapsed", validation::Severity::Error, geometryPointer(i),
                    i18n::format(_("{1}: snapping within {2} m would collapse it; left unchanged"), {describe(f), fixed(tolerance, 3)})});
                continue;
            }
        }
        const double before = geosArea(current[i].get());
        const double after = geosArea(snapped.get());
        Geometry model = fromGeos(snapped.get());
        // Keep a single part single when the feature was (a Polygon snapped stays a Polygon).
        std::string message = i18n::format(_("{1}: snapped to its neighbours within {2} m"), {describe(f), fixed(tolerance, 3)});
        if (dim == 2)
            message += i18n::format(_(" (area {1} -> {2} m2)"), {fixed(before, 1), fixed(after, 1)});
        out.diagnostics.push_back({"terrain.snap.moved", validation::Severity::Info, geometryPointer(i), message});
        out.replacements.emplace_back(f.id, std::move(model));
        current[i] = std::move(snapped);
    }
    return out;
}

const std::vector<ExclusionRule>& defaultExclusionRules()
{
    static const std::vector<ExclusionRule> rules = {
        {"river", "village", "docs/model.md: a village in a river = error"},
    };
    return rules;
}

OverlapResolution resolveOverlaps(const Scenario& scenario, const std::vector<ExclusionRule>& rules)
{
    GEOSContextHandle_t h = geosContext();
    OverlapResolution out;
    // Geometries as resolved so far, by terrain index.
    std::vector<GeosGeometryPtr> current(scenario.terrain.size());
    std::vector<bool> changed(scenario.terrain.size(), false);
    for (Built& b : polygonalTerrain(scenario, {}))
        current[b.index] = std::move(b.geometry);
    for (const ExclusionRule& rule : rules) {
        for (std::size_t l = 0; l < scenario.terrain.size(); ++l) {
            const TerrainFeature& loser = scenario.terrain[l];
            if (loser.terrainClass != rule.loser || !current[l])
                continue;
            for (std::size_t w = 0; w < scenario.terrain.size(); ++w) {
                const TerrainFeature& winner = scenario.terrain[w];
                if (w == l || winner.terrainClass != rule.winner || !current[w])
                    continue;
                double overlap = 0.0;
                if (!interiorsOverlap(current[l].get(), current[w].get(), overlap))
                    continue;
                GeosGeometryPtr difference(GEOSDifference_r(h, current[l].get(), current[w].get()));
                GeosGeometryPtr rest = difference ? collectParts(simplePartsOfDimension(difference.get(), 2), 2) : nullptr;
                if (!rest || geosArea(rest.get()) <= 0.0) {
                    out.diagnostics.push_back({"terrain.overlap.collapsed", validation::Severity::Error, geometryPointer(l),
                        i18n::format(_("{1} lies entirely in {2} ({3} m2; {4}); left unchanged: move or delete it"),
                            {describe(loser), describe(winner), fixed(overlap, 1), rule.source})});
                    continue;
                }
                out.diagnostics.push_back({"terrain.overlap.resolved", validation::Severity::Info, geometryPointer(l),
                    i18n::format(_("{1}: gave up {2} m2 overlapping {3} ({4})"), {describe(loser), fixed(overlap, 1), describe(winner), rule.source})});
                current[l] = std::move(rest);
                changed[l] = true;
            }
        }
    }
    for (std::size_t i = 0; i < scenario.terrain.size(); ++i)
        if (changed[i])
            out.replacements.emplace_back(scenario.terrain[i].id, fromGeos(current[i].get()));
    return out;
}

validation::Diagnostics findExclusiveOverlaps(const Scenario& scenario, const std::vector<ExclusionRule>& rules)
{
    validation::Diagnostics out;
    std::vector<Built> built = polygonalTerrain(scenario, {});
    for (const ExclusionRule& rule : rules) {
        for (const Built& l : built) {
            if (l.feature->terrainClass != rule.loser)
                continue;
            for (const Built& w : built) {
                if (w.feature->terrainClass != rule.winner || w.index == l.index)
                    continue;
                double overlap = 0.0;
                if (interiorsOverlap(l.geometry.get(), w.geometry.get(), overlap))
                    out.push_back({"terrain.overlap", validation::Severity::Warning, geometryPointer(l.index),
                        i18n::format(_("{1} overlaps {2} by {3} m2 ({4}; `terrain resolve-overlaps` gives it to the {5})"),
                            {describe(*l.feature), describe(*w.feature), fixed(overlap, 1), rule.source, rule.winner})});
            }
        }
    }
    return out;
}

validation::Diagnostics findSlivers(const Scenario& scenario, const SliverOptions& options)
{
    requireNonNegative(options.area, N_("sliver area must be a finite number >= 0"));
    requireNonNegative(options.width, N_("sliver width must be a finite number >= 0"));
    validation::Diagnostics out;
    for (const Built& b : polygonalTerrain(scenario, {})) {
        for (const auto& part : simplePartsOfDimension(b.geometry.get(), 2)) {
            const double a = geosArea(part.get());
            const double perimeter = geosLength(part.get());
            const double width = perimeter > 0.0 ? 2.0 * a / perimeter : 0.0;
            if (a < options.area || width < options.width)
                out.push_back({"terrain.sliver", validation::Severity::Warning, geometryPointer(b.index),
                    i18n::format(_("{1}: sliver of {2} m2, mean width {3} m (kept; merge, delete or redraw it)"),
                        {describe(*b.feature), fixed(a, 3), fixed(width, 3)})});
        }
    }
    return out;
}

} // namespace sandtable::core::geometry
