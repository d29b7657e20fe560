// SPDX-License-Identifier: GPL-3.0-or-later
// The scan fitted from its GCPs, and the map frame (working CRS, extent) the fit gives a scenario.
#include "sandtable/app/georeference.hpp"

#include "sandtable/core/document/edit_builder.hpp"
#include "sandtable/core/document/map_operations.hpp"
#include "sandtable/core/document/operations.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/georeference_scan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable::app {
namespace {

/// Points along the scan's edge per side, corners included (as newScenarioFromRaster samples a raster's
/// footprint), so a rotated or curved fit is covered.
constexpr int kEdgePoints = 21;

bool isLocalFrame(const std::string& crs) { return crs.rfind("LOCAL:", 0) == 0; }

/// `crs` when it is a projected CRS in metres, else core::util::OperationError naming it.
void requireMetricCrs(const std::string& crs)
{
    const geo::CrsDescription d = geo::describeCrs(crs);
    if (!d.projected || d.geographic || std::abs(d.metresPerUnit - 1.0) > 1e-9)
        throw core::util::OperationError("", _("CRS"),
            core::i18n::format(_("the working CRS must be a projected CRS in metres, and {1} is not ({2})"), {crs, d.name}));
}

} // namespace

core::Extent scanFootprint(const core::Scenario& scenario, const std::string& crs)
{
    if (!scenario.map || scenario.map->width <= 0 || scenario.map->height <= 0)
        throw core::util::OperationError("", _("map"), _("the scenario's map has no size in pixels to place"));
    core::Scenario framed = scenario;
    framed.settings.crs = crs;
    const core::document::operations::ScanToWorking toWorking = geo::scanToWorking(framed);
    const double w = scenario.map->width;
    const double h = scenario.map->height;
    core::Extent e{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    const auto add = [&](double pixel, double line) {
        const core::Coordinate p = toWorking({pixel, line});
        e.minX = std::min(e.minX, p.x);
        e.minY = std::min(e.minY, p.y);
        e.maxX = std::max(e.maxX, p.x);
        e.maxY = std::max(e.maxY, p.y);
    };
    for (int i = 0; i < kEdgePoints; ++i) {
        const double t = static_cast<double>(i) / (kEdgePoints - 1);
        add(t * w, 0.0);
        add(t * w, h);
        add(0.0, t * h);
        add(w, t * h);
    }
    return e;
}

std::optional<core::document::Edit> mapFrameFromFit(const core::Scenario& scenario, const std::string& workingCrs)
{
    if (!scenario.map || !scenario.map->georeference || !scenario.map->georeference->rmsMap)
        return std::nullopt;
    const core::Georeference& g = *scenario.map->georeference;
    std::string crs = !workingCrs.empty() ? workingCrs : !scenario.settings.crs.empty() ? scenario.settings.crs : g.crs;
    if (crs.empty() || isLocalFrame(crs))
        return std::nullopt;
    if (!workingCrs.empty())
        requireMetricCrs(workingCrs);
    const bool crsChanges = crs != scenario.settings.crs;
    if (!crsChanges && scenario.settings.extent)
        return std::nullopt; // the designer's frame stays
    core::ScenarioSettings settings = scenario.settings;
    settings.crs = crs;
    settings.extent = scanFootprint(scenario, crs);
    return core::document::operations::setSettings(scenario, std::move(settings), _("Map frame from the fit"));
}

core::document::Edit withMapFrame(const core::Scenario& scenario, core::document::Edit gcpEdit)
{
    core::document::EditBuilder builder(scenario, gcpEdit.label);
    const std::string mergeKey = gcpEdit.mergeKey;
    builder.add(gcpEdit);
    const core::Scenario& after = builder.scenario();
    std::optional<core::document::Edit> frame = mapFrameFromFit(after);
    if (!frame && scenario.settings.extent && after.map && after.map->georeference && after.map->georeference->rmsMap
        && after.settings.crs == scenario.settings.crs && !isLocalFrame(after.settings.crs)) {
        // The frame an earlier fit gave follows the fit; one the designer set stays.
        std::optional<core::Extent> fitted;
        try {
            fitted = scanFootprint(scenario, scenario.settings.crs);
        } catch (const core::util::OperationError&) {
            // the scenario before had no fit: its extent is the designer's
        }
        const core::Extent& e = *scenario.settings.extent;
        constexpr double kMillimetre = 1e-3;
        if (fitted && std::abs(fitted->minX - e.minX) < kMillimetre && std::abs(fitted->minY - e.minY) < kMillimetre
            && std::abs(fitted->maxX - e.maxX) < kMillimetre && std::abs(fitted->maxY - e.maxY) < kMillimetre) {
            core::ScenarioSettings settings = after.settings;
            settings.extent = scanFootprint(after, after.settings.crs);
            if (settings.extent != after.settings.extent)
                frame = core::document::operations::setSettings(after, std::move(settings), _("Map frame from the fit"));
        }
    }
    if (frame)
        builder.add(*frame);
    core::document::Edit edit = builder.take();
    edit.mergeKey = mergeKey;
    return edit;
}

void georeferenceMap(core::document::Document& document, const GeorefJob& job)
{
    const std::string file = document.path().string();
    const std::size_t depth = document.undoDepth();
    const auto rollBack = [&] {
        while (document.undoDepth() > depth)
            document.undo();
    };
    try {
        if (!document.scenario().map)
            throw core::util::OperationError("", _("map"), _("the scenario has no map scan to georeference"));
        const std::string working = document.scenario().settings.crs;
        const std::string defaultCrs = !job.gcpCrs.empty() ? job.gcpCrs
            : (!working.empty() && !isLocalFrame(working)) ? working
                                                           : std::string("EPSG:4326");
        document.apply(geo::importGcps(document.scenario(), job.gcps, defaultCrs));
        if (!job.method.empty())
            document.apply(core::document::operations::setGeoreferenceMethod(document.scenario(),
                core::georeferenceMethodFromString(job.method), geo::fitStoredGeoreference));
        // The operations keep GCPs they cannot fit; georeferencing was asked for a fit, so it says why.
        core::Georeference fitted = *document.scenario().map->georeference;
        geo::fitStoredGeoreference(fitted);
        if (std::optional<core::document::Edit> frame = mapFrameFromFit(document.scenario(), job.workingCrs))
            document.apply(std::move(*frame));
    } catch (const core::util::OperationError& e) {
        rollBack();
        if (!e.file().empty())
            throw;
        throw core::util::OperationError(file, e.object(), e.reason());
    } catch (...) {
        rollBack();
        throw;
    }
}

} // namespace sandtable::app
