// SPDX-License-Identifier: GPL-3.0-or-later
// A new scenario from the designer's own raster (GDAL): CRS and extent from its georeference, or a scan
// left for GCPs / calibration.
#include "sandtable/geo/new_scenario.hpp"
#include "sandtable/core/systems/game_system.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/geo/gdal_support.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/sha256.hpp"
#include "sandtable/geo/crs.hpp"
#include "sandtable/geo/raster_info.hpp"

#include <gdal_alg.h>
#include <gdal_utils.h>
#include <ogr_srs_api.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sandtable::geo {
namespace {

/// Default SYW table: 180 x 120 cm (6 x 4 ft), the designer's to change (the house rules give no size).
constexpr double kSywTableWidthCm = 180.0;
constexpr double kSywTableDepthCm = 120.0;
/// Points per raster edge for the footprint.
constexpr int kEdgePoints = 21;

/// The raster's edge, `kEdgePoints` a side, from pixel/line to its own georeferenced coordinates.
std::vector<core::Coordinate> edgeInRasterCrs(GDALDatasetH ds, int width, int height, const std::string& file)
{
    gdal::GdalErrorScope errors;
    // No DST_SRS: the transformer stops at the raster's own georeferenced coordinates (geotransform, or a
    // polynomial through the file's GCPs).
    void* transformer = GDALCreateGenImgProjTransformer2(ds, nullptr, nullptr);
    if (!transformer)
        errors.raise(file, "georeference", _("GDAL cannot make a transformer from the raster's georeference"));
    std::vector<double> x, y, z;
    for (int side = 0; side < 4; ++side)
        for (int i = 0; i < kEdgePoints; ++i) {
            const double t = static_cast<double>(i) / (kEdgePoints - 1);
            switch (side) {
            case 0: x.push_back(t * width); y.push_back(0.0); break;
            case 1: x.push_back(width); y.push_back(t * height); break;
            case 2: x.push_back((1.0 - t) * width); y.push_back(height); break;
            default: x.push_back(0.0); y.push_back((1.0 - t) * height); break;
            }
        }
    z.assign(x.size(), 0.0);
    std::vector<int> ok(x.size(), 0);
    GDALGenImgProjTransform(transformer, FALSE, static_cast<int>(x.size()), x.data(), y.data(), z.data(), ok.data());
    GDALDestroyGenImgProjTransformer(transformer);
    std::vector<core::Coordinate> out;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (ok[i] && std::isfinite(x[i]) && std::isfinite(y[i]))
            out.push_back({x[i], y[i]});
    if (out.size() < 4)
        throw core::util::OperationError(file, _("georeference"), _("the raster's corners cannot be placed on the ground"));
    return out;
}

core::Extent boundsOf(const std::vector<core::Coordinate>& points)
{
    core::Extent e{points[0].x, points[0].y, points[0].x, points[0].y};
    for (const auto& p : points) {
        e.minX = std::min(e.minX, p.x);
        e.minY = std::min(e.minY, p.y);
        e.maxX = std::max(e.maxX, p.x);
        e.maxY = std::max(e.maxY, p.y);
    }
    return e;
}

bool sameCrs(const std::string& a, const std::string& b)
{
    const gdal::Srs sa = gdal::makeSrs(a, a);
    const gdal::Srs sb = gdal::makeSrs(b, b);
    return OSRIsSame(sa.get(), sb.get()) != 0;
}

/// The raster resampled into `crs` as a tiled, DEFLATE-compressed GeoTIFF at `output` (atomic).
void warpIntoCrs(GDALDatasetH source, const std::string& sourceCrs, const std::string& crs, const std::filesystem::path& output,
    const core::util::ProgressCallback& progress, const std::string& file)
{
    gdal::GdalErrorScope errors;
    core::io::AtomicFile target(output);
    std::vector<std::string> args = {"-of", "GTiff", "-t_srs", crs, "-r", "bilinear", "-dstalpha", "-co", "TILED=YES",
        "-co", "COMPRESS=DEFLATE", "-co", "BIGTIFF=IF_SAFER", "-wo", "NUM_THREADS=ALL_CPUS"};
    // A raster whose CRS came from beside it (a world file's .prj) has none of its own for GDAL.
    const char* own = GDALGetProjectionRef(source);
    if (!own || !*own) {
        args.push_back("-s_srs");
        args.push_back(sourceCrs);
    }
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    GDALWarpAppOptions* warpOptions = gdal::requireOptions(GDALWarpAppOptionsNew(argv.data(), nullptr), errors, file, "gdalwarp");
    gdal::ProgressRange range{&progress, 0.0, 1.0, core::i18n::format(_("resampling the map into {1}"), {crs})};
    if (progress)
        GDALWarpAppOptionsSetProgress(warpOptions, gdal::forwardProgress, &range);
    GDALDatasetH inputs[] = {source};
    int usageError = FALSE;
    gdal::Dataset warped(GDALWarp(target.temporaryPath().c_str(), nullptr, 1, inputs, warpOptions, &usageError));
    GDALWarpAppOptionsFree(warpOptions);
    if (range.cancelled)
        throw core::util::Cancelled{};
    if (!warped)
        errors.raise(file, "warp", core::i18n::format(_("GDAL could not resample the raster into {1}"), {crs}));
    warped.reset(); // flushed and closed before the rename
    target.commit();
}

std::string localFrameName(const std::filesystem::path& raster)
{
    std::string name = raster.stem().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-')
            c = '_';
    return "LOCAL:" + (name.empty() ? std::string("scan") : name);
}

} // namespace

std::string pathForScenario(const std::filesystem::path& target, const std::filesystem::path& scenarioFile)
{
    const std::filesystem::path folder = scenarioFile.parent_path();
    const auto absTarget = std::filesystem::absolute(target).lexically_normal();
    const auto absFolder = std::filesystem::absolute(folder.empty() ? std::filesystem::path(".") : folder).lexically_normal();
    const auto relative = absTarget.lexically_relative(absFolder);
    return relative.empty() ? absTarget.generic_string() : relative.generic_string();
}

std::string scenarioIdFromFileName(const std::filesystem::path& scenarioFile)
{
    std::string id = scenarioFile.filename().string();
    for (const char* suffix : {".json", ".sandtable"})
        if (id.size() > std::char_traits<char>::length(suffix) && id.ends_with(suffix))
            id.erase(id.size() - std::char_traits<char>::length(suffix));
    for (char& c : id)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            c = '-';
    return id.empty() || !std::isalnum(static_cast<unsigned char>(id[0])) ? "scenario" : id;
}

namespace {

/// Where the corners of `extent` (in `crs`) fall when they lie outside the CRS's own area of use (EPSG's,
/// not widened: a designer naming a CRS for coordinates of another frame is told so), as "longitude ..
/// latitude" text; nothing when every corner is inside, or the CRS has no area of use.
std::optional<std::string> outsideAreaOfUse(const std::string& crs, const core::Extent& extent)
{
    gdal::Srs srs = gdal::makeSrs(crs, "--crs");
    double west = 0, south = 0, east = 0, north = 0;
    const char* name = nullptr;
    if (!OSRGetAreaOfUse(srs.get(), &west, &south, &east, &north, &name))
        return std::nullopt;
    std::vector<core::Coordinate> lonLat;
    try {
        lonLat = transformPoints(crs, "EPSG:4326",
            {{extent.minX, extent.minY}, {extent.maxX, extent.minY}, {extent.maxX, extent.maxY}, {extent.minX, extent.maxY}});
    } catch (const core::util::OperationError&) {
        return std::string(_("they cannot be placed on the globe in it"));
    }
    for (const core::Coordinate& p : lonLat) {
        const bool lonInside = west <= east ? (p.x >= west && p.x <= east) : (p.x >= west || p.x <= east);
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !lonInside || p.y < south || p.y > north)
            return core::i18n::format(_("a corner falls at {1} E, {2} N; its area of use is {3}"),
                {gdal::formatNumber(p.x), gdal::formatNumber(p.y), name ? std::string(name) : std::string()});
    }
    return std::nullopt;
}

} // namespace

core::ScenarioSettings newScenarioSettings(const NewScenarioOptions& options, const std::filesystem::path& scenarioFile)
{
    core::ScenarioSettings st;
    st.system = options.system;
    st.title = options.title;
    st.id = scenarioIdFromFileName(scenarioFile);
    const core::systems::GameSystemDescriptor& system = core::systems::describe(options.system);
    const bool onTable = system.ground == core::systems::Ground::Table;
    if (onTable)
        st.scaleDenominator = 1.0;
    if (system.figureRegiments) {
        st.tableWidthCm = kSywTableWidthCm;
        st.tableDepthCm = kSywTableDepthCm;
    }
    if (options.scale)
        st.scaleDenominator = *options.scale;
    return st;
}

NewScenario newScenarioFromRaster(const std::filesystem::path& raster, const std::filesystem::path& scenarioFile,
    const NewScenarioOptions& options)
{
    const std::string file = raster.string();
    RasterInfo info = inspectRaster(raster);
    checkRasterDecodes(raster);
    if (options.frame == RasterFrame::Scan)
        info.georeference = GeoreferenceKind::None; // the designer's word: a plain scan, whatever it carries

    NewScenario out;
    out.settings = newScenarioSettings(options, scenarioFile);
    core::ScenarioSettings& st = out.settings;
    if (options.title.empty())
        st.title = raster.stem().string();

    std::optional<CrsDescription> chosen;
    if (!options.crs.empty() && options.crs != "auto") {
        chosen = describeCrs(options.crs, "--crs");
        if (!usableWorkingCrs(*chosen))
            throw core::util::OperationError("--crs", options.crs,
                _("the working CRS must be a projected CRS in metres given as EPSG:n (not geographic degrees, feet or "
                "Web Mercator): try --crs auto for the UTM zone of the map"));
    }

    core::MapSource map;
    map.path = pathForScenario(raster, scenarioFile);
    map.sha256 = core::util::sha256File(raster);
    map.width = info.width;
    map.height = info.height;
    out.placedBy = toString(info.georeference);
    out.rasterCrs = info.crsWkt;

    if (info.georeference == GeoreferenceKind::None) {
        out.placedBy = toString(GeoreferenceKind::None);
        out.next = NextStep::Georeference;
        if (chosen)
            st.crs = options.crs;
        out.map = std::move(map);
        // Where to go next, without naming a command (the editor shows it; the CLI adds its commands).
        out.message = _("the raster has no georeference yet: give it GCPs against a reference map, or calibrate it by its "
                        "scale if it is a Kriegsspiel map");
        return out;
    }

    gdal::ensureGdalRegistered();
    gdal::Dataset ds = gdal::openRaster(raster);
    std::vector<core::Coordinate> edge = edgeInRasterCrs(ds.get(), info.width, info.height, file);

    if (options.frame == RasterFrame::Local) {
        // The designer's word: the raster's coordinates are metres in a frame of its own (a scan digitised in
        // another tool), no geography; drawn through its own georeference, as a calibrated scan is.
        st.crs = localFrameName(raster);
        st.extent = boundsOf(edge);
        out.placedBy = "local";
        map.warpedPath = map.path;
        out.map = std::move(map);
        out.message = core::i18n::format(_("the raster's coordinates are taken as a local metric frame: the scenario works in {1}"), {st.crs});
        return out;
    }

    std::string rasterCrs = info.crsWkt;
    bool crsFromPrj = false; // GDAL does not see it: the raster is then always resampled into a GeoTIFF that has it
    if (rasterCrs.empty() && info.georeference == GeoreferenceKind::WorldFile) {
        // ESRI's pair: scan.jgw beside scan.jpg, and scan.prj (or scan.jpg.prj) holding the CRS as WKT.
        for (const std::filesystem::path& prj : {std::filesystem::path(raster).replace_extension(".prj"),
                 std::filesystem::path(raster.string() + ".prj")}) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(prj, ec))
                continue;
            const std::string text = core::io::readFile(prj, 1 << 20);
            try {
                rasterCrs = crsIdentifier(describeCrs(text, prj.string()));
                crsFromPrj = true;
            } catch (const core::util::OperationError& e) {
                throw core::util::OperationError(prj.string(), "CRS",
                    core::i18n::format(_("the world file's .prj cannot be read: {1}"), {e.reason()}));
            }
            break;
        }
    }
    if (rasterCrs.empty()) {
        if (!chosen)
            throw core::util::OperationError(file, "CRS",
                core::i18n::format(info.georeference == GeoreferenceKind::WorldFile
                        ? _("the raster is placed by its {1} but names no CRS (a world file needs its .prj beside it): say "
                            "which CRS its coordinates are in with --crs EPSG:n, take them as a local metric frame with "
                            "--frame local, or start from it as a plain scan with --frame scan")
                        : _("the raster is placed by its {1} but names no CRS: say which CRS its coordinates are in with "
                            "--crs EPSG:n, take them as a local metric frame with --frame local, or start from it as a "
                            "plain scan with --frame scan"),
                    {toString(info.georeference)}));
        rasterCrs = options.crs; // the designer says the raster's coordinates are in the working CRS
        // Coordinates nowhere near the CRS's area of use (0-344 km of a digitised scan called a UTM zone) are
        // accepted, as the designer said, with a warning that says where they fall.
        const core::Extent b = boundsOf(edge);
        if (const std::optional<std::string> where = outsideAreaOfUse(rasterCrs, b))
            out.warnings.push_back(core::i18n::format(
                _("the raster's coordinates ({1}, {2} .. {3}, {4}) lie outside the area of use of {5} ({6}): check --crs, or "
                  "take them as a local metric frame with --frame local"),
                {gdal::formatNumber(b.minX), gdal::formatNumber(b.minY), gdal::formatNumber(b.maxX),
                    gdal::formatNumber(b.maxY), options.crs, *where}));
    }
    const CrsDescription own = describeCrs(rasterCrs, file);
    if (own.geographic) {
        // A battle map covers some kilometres; one UTM zone is 6 degrees wide and ends at 84 degrees.
        const core::Extent degrees = boundsOf(edge);
        if (degrees.width() > 6.0 || degrees.height() > 6.0 || degrees.maxY > 84.0 || degrees.minY < -80.0)
            throw core::util::OperationError(file, _("extent"),
                core::i18n::format(_("the raster covers {1} x {2} degrees ({3}..{4} E, {5}..{6} N): too large for one metric "
                                     "working CRS; crop it to the battlefield (gdal_translate -projwin) first"),
                    {gdal::formatNumber(degrees.width()), gdal::formatNumber(degrees.height()),
                        gdal::formatNumber(degrees.minX), gdal::formatNumber(degrees.maxX),
                        gdal::formatNumber(degrees.minY), gdal::formatNumber(degrees.maxY)}));
    }
    if (own.local) {
        // A scale-only local frame (`raster calibrate`): metres from the scan's corner, no geography.
        st.crs = localFrameName(raster);
        st.extent = boundsOf(edge);
        out.placedBy = "local";
        out.message = "the raster is in a local metric frame (calibrated by scale): the scenario works in "
            + st.crs;
    } else {
        std::string working;
        if (chosen)
            working = options.crs;
        else if (usableWorkingCrs(own))
            working = "EPSG:" + std::to_string(*own.epsg);
        else
            working = utmCrsForCentre(rasterCrs, edge, file);
        const std::vector<core::Coordinate> projected = transformPoints(rasterCrs, working, edge, file);
        st.crs = working;
        st.extent = boundsOf(projected);
        out.message = "the raster is georeferenced (" + std::string(toString(info.georeference)) + ", "
            + (own.name.empty() ? std::string("its CRS") : own.name) + "): the scenario works in " + working
            + (chosen ? " (--crs)" : working == "EPSG:" + std::to_string(own.epsg.value_or(-1)) ? " (the raster's own CRS)"
                                                                                                : " (the UTM zone of the map's centre)");
    }
    map.warpedPath = map.path; // the raster is drawn through its own georeference and CRS
    if (!own.local && (crsFromPrj || !sameCrs(rasterCrs, st.crs))) {
        // Drawn in place by the editor (which places rasters by an affine transform) and by print alike:
        // resampled once into the working CRS.
        const std::filesystem::path warped = scenarioFile.parent_path() / (scenarioIdFromFileName(scenarioFile) + ".map.tif");
        warpIntoCrs(ds.get(), rasterCrs, st.crs, warped, options.progress, file);
        map.warpedPath = pathForScenario(warped, scenarioFile);
        out.message += "; resampled into " + st.crs + " as " + warped.filename().string();
    }
    out.map = std::move(map);
    return out;
}

} // namespace sandtable::geo
