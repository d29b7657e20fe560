// SPDX-License-Identifier: GPL-3.0-or-later
// Catalogue benchmarks on the shared workloads (../shared/bench, generated into /tmp/sandtable-bench):
//
//   catalogue_bench search [ROUNDS]   ranked search (LIMIT 20) with queries_1k.txt over a 10,000-package
//                                     catalogue built once from scenarios_10k.sqlite (kept as
//                                     /tmp/sandtable-bench/catalogue_10k.gpkg); the anchor, raw FTS5 bm25
//                                     ranking over the same records (title, description, units), runs
//                                     interleaved in the same process. Prints p50/p95 wall and CPU and the ratio.
//   catalogue_bench export SANDTABLE|--library [RUNS]
//                                     `SANDTABLE catalogue export` of a scenario holding terrain_20k.gpkg's
//                                     20,008 polygons and 2,000 lines (written by sandtable as
//                                     /tmp/sandtable-bench/terrain_20k.sandtable.json, rewritten when its layout
//                                     changes) into a new catalogue,
//                                     against `ogr2ogr -f GPKG` of the same features read from GeoJSON
//                                     (terrain_20k_geojson.vrt: the anchor parses text too, as sandtable reads its
//                                     JSON document), interleaved; medians of wall and CPU (user + sys of the
//                                     child) and the ratio. The binary copy gpkg -> gpkg is timed beside it for
//                                     reference only (it parses no text).
//   catalogue_bench export-pg SANDTABLE CONNINFO [RUNS]
//                                     the same export into a PostgreSQL/PostGIS catalogue (`--catalogue PG:CONNINFO`,
//                                     initialised; the package removed before each run) against
//                                     `ogr2ogr -f PostgreSQL PG:CONNINFO terrain_20k_geojson.vrt -overwrite -nlt
//                                     PROMOTE_TO_MULTI` (the same features read from GeoJSON, written once from
//                                     terrain_20k.gpkg; COPY and a GiST index, its defaults), interleaved; medians
//                                     and the ratio (issue 45: wall <= 1.5x).
//   catalogue_bench search-pg CONNINFO [ROUNDS]
//                                     ranked search with queries_1k.txt over the same 10,000 packages in a
//                                     PostgreSQL catalogue (built once through Catalogue::exportDocument) against the
//                                     GeoPackage catalogue_10k.gpkg, interleaved query by query; p50/p95 and the
//                                     ratio (issue 45: PostgreSQL p95 <= 2x the GeoPackage's).
//   catalogue_bench validate SANDTABLE [RUNS]
//                                     `SANDTABLE scenario validate` of the same scenario file (RapidJSON parse,
//                                     valijson schema check, the model and every rule) against a plain parse of
//                                     the same file by Python's json module (`python3 -c json.load`),
//                                     interleaved; medians and the ratio (issue #22: at most 3x the 0.22x of the
//                                     hand-written reader it replaced, so <= 0.66x).
#include "sandtable/catalogue/catalogue.hpp"
#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/io/scenario_json.hpp"

#include <gdal.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>
#include <sqlite3.h>

#include <algorithm>
#include <functional>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace catalogue = sandtable::catalogue;
namespace core = sandtable::core;
namespace fs = std::filesystem;

namespace {

const fs::path kBench = "/tmp/sandtable-bench";

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double wallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Nearest-rank percentile, as the anchor script computes it.
double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const auto n = static_cast<double>(v.size());
    const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p * n / 100.0)));
    return v[std::min(v.size(), rank) - 1];
}

double median(std::vector<double> v) { return percentile(std::move(v), 50.0); }

std::string loadAverage()
{
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

void need(const fs::path& file)
{
    if (!fs::exists(file)) {
        std::cerr << file << " is missing: run /usr/bin/python3 ../shared/bench/gen_workloads.py\n";
        std::exit(2);
    }
}

/// The 1,000 search queries of the bench workload (queries_1k.txt), one per non-blank line.
std::vector<std::string> benchQueries()
{
    need(kBench / "queries_1k.txt");
    std::vector<std::string> queries;
    std::ifstream in(kBench / "queries_1k.txt");
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            queries.push_back(line);
    return queries;
}

sqlite3* openDb(const fs::path& path)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.string().c_str(), &db) != SQLITE_OK) {
        std::cerr << "cannot open " << path << "\n";
        std::exit(2);
    }
    return db;
}

void exec(sqlite3* db, const std::string& sql)
{
    char* message = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        std::cerr << sql << ": " << (message ? message : "?") << "\n";
        std::exit(2);
    }
}

struct Record {
    std::int64_t id = 0;
    std::string title, description, units;
};

std::vector<Record> readRecords()
{
    need(kBench / "scenarios_10k.sqlite");
    sqlite3* db = openDb(kBench / "scenarios_10k.sqlite");
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, "SELECT id, title, description, units FROM scenario ORDER BY id", -1, &s, nullptr);
    std::vector<Record> out;
    const auto text = [&](int c) { return std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, c))); };
    while (sqlite3_step(s) == SQLITE_ROW)
        out.push_back(Record{sqlite3_column_int64(s, 0), text(1), text(2), text(3)});
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

/// A valid Pub Battles scenario carrying the record: its title, description and units (one corps of blue).
core::Scenario scenarioOf(const Record& r)
{
    using namespace core;
    Scenario s;
    s.settings.id = "bench-" + std::to_string(r.id);
    s.settings.title = r.title;
    s.settings.description = r.description;
    s.settings.system = GameSystem::PubBattles;
    s.settings.crs = "EPSG:32618";
    s.settings.extent = Extent{300000, 4400000, 301000, 4401000};
    s.sides = {Side{SideId("blue"), "Blue", "#1f3a93"}, Side{SideId("red"), "Red", "#a31f1f"}};
    s.formations = {Formation{FormationId("blue-1"), SideId("blue"), "I Corps", "corps"},
        Formation{FormationId("red-1"), SideId("red"), "First Corps", "corps"}};
    s.units.push_back(Unit{UnitId("blue-hq"), FormationId("blue-1"), "I Corps HQ", UnitType::Hq, UnitQuality::Regular, 0, 4, std::nullopt});
    s.units.push_back(Unit{UnitId("red-hq"), FormationId("red-1"), "First Corps HQ", UnitType::Hq, UnitQuality::Regular, 0, 4, std::nullopt});
    std::istringstream names(r.units);
    std::string name;
    int n = 0;
    while (std::getline(names, name, ';')) {
        name.erase(0, name.find_first_not_of(' '));
        if (name.empty())
            continue;
        s.units.push_back(Unit{UnitId("u" + std::to_string(++n)), FormationId("blue-1"), name, UnitType::Infantry,
            UnitQuality::Regular, 500, std::nullopt, std::nullopt});
    }
    return s;
}

int runSearch(int rounds)
{
    const std::vector<Record> records = readRecords();
    const fs::path cataloguePath = kBench / "catalogue_10k.gpkg";
    const fs::path anchorPath = kBench / "catalogue_bench_anchor_fts.sqlite";
    {
        bool complete = false;
        if (fs::exists(cataloguePath)) {
            try {
                auto c = catalogue::Catalogue::open(cataloguePath);
                complete = c.schemaVersion() == catalogue::kSchemaVersion && c.list().size() == records.size();
            } catch (const std::exception&) {
            }
        }
        if (!complete) {
            std::cerr << "building " << cataloguePath << " (" << records.size() << " packages through Catalogue::exportDocument)...\n";
            std::error_code ec;
            for (const char* suffix : {"", "-wal", "-shm"})
                fs::remove(cataloguePath.string() + suffix, ec);
            auto c = catalogue::Catalogue::open(cataloguePath);
            const double t0 = wallSeconds();
            for (std::size_t i = 0; i < records.size(); ++i) {
                c.exportDocument(core::io::serializeScenario(scenarioOf(records[i])), "bench-" + std::to_string(records[i].id), kBench);
                if ((i + 1) % 1000 == 0)
                    std::cerr << "  " << (i + 1) << " (" << (wallSeconds() - t0) << " s)\n";
            }
        }
    }
    if (!fs::exists(anchorPath)) {
        sqlite3* db = openDb(anchorPath);
        exec(db, "CREATE VIRTUAL TABLE scen USING fts5(title, description, units); BEGIN");
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db, "INSERT INTO scen (rowid, title, description, units) VALUES (?1, ?2, ?3, ?4)", -1, &s, nullptr);
        for (const Record& r : records) {
            sqlite3_bind_int64(s, 1, r.id);
            sqlite3_bind_text(s, 2, r.title.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(s, 3, r.description.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(s, 4, r.units.c_str(), -1, SQLITE_TRANSIENT);
            sqlite3_step(s);
            sqlite3_reset(s);
        }
        sqlite3_finalize(s);
        exec(db, "COMMIT");
        sqlite3_close(db);
    }

    const std::vector<std::string> queries = benchQueries();

    auto c = catalogue::Catalogue::open(cataloguePath);
    sqlite3* anchor = openDb(anchorPath);
    sqlite3_stmt* anchorQuery = nullptr;
    sqlite3_prepare_v2(anchor, "SELECT rowid, title FROM scen WHERE scen MATCH ? ORDER BY rank LIMIT 20", -1, &anchorQuery, nullptr);
    std::vector<double> oursWall, oursCpu, anchorWall, anchorCpu;
    std::size_t oursHits = 0, anchorHits = 0, titleFirst = 0;
    for (int round = 0; round < rounds; ++round) {
        for (const std::string& q : queries) {
            // Interleaved: ours, then the anchor, query by query.
            double w0 = wallSeconds(), c0 = threadCpuSeconds();
            catalogue::SearchQuery query;
            query.text = q;
            query.limit = 20;
            const auto results = c.search(query);
            oursWall.push_back(wallSeconds() - w0);
            oursCpu.push_back(threadCpuSeconds() - c0);
            oursHits += results.size();
            // Title matches (score < 0) all come before the others (score 0).
            bool seenBody = false, ordered = true;
            for (const auto& r : results) {
                if (r.score >= 0.0)
                    seenBody = true;
                else if (seenBody)
                    ordered = false;
            }
            titleFirst += ordered ? 1 : 0;

            w0 = wallSeconds(), c0 = threadCpuSeconds();
            sqlite3_bind_text(anchorQuery, 1, q.c_str(), -1, SQLITE_TRANSIENT);
            while (sqlite3_step(anchorQuery) == SQLITE_ROW)
                ++anchorHits;
            sqlite3_reset(anchorQuery);
            anchorWall.push_back(wallSeconds() - w0);
            anchorCpu.push_back(threadCpuSeconds() - c0);
        }
    }
    sqlite3_finalize(anchorQuery);
    sqlite3_close(anchor);
    const auto ms = [](double s) { return s * 1000.0; };
    std::printf("search: %zu queries x %d rounds over %zu packages; load %s\n", queries.size(), rounds, records.size(), loadAverage().c_str());
    std::printf("  sandtable search  hits=%zu  wall p50 %.3f ms p95 %.3f ms  cpu p50 %.3f ms p95 %.3f ms  (title tier first in %zu/%zu)\n",
        oursHits, ms(median(oursWall)), ms(percentile(oursWall, 95)), ms(median(oursCpu)), ms(percentile(oursCpu, 95)), titleFirst,
        oursWall.size());
    std::printf("  anchor FTS5 bm25  hits=%zu  wall p50 %.3f ms p95 %.3f ms  cpu p50 %.3f ms p95 %.3f ms\n", anchorHits,
        ms(median(anchorWall)), ms(percentile(anchorWall, 95)), ms(median(anchorCpu)), ms(percentile(anchorCpu, 95)));
    std::printf("  ratio sandtable/anchor p95: wall %.3f  cpu %.3f  (goal: p95 < 5 ms)\n", percentile(oursWall, 95) / percentile(anchorWall, 95),
        percentile(oursCpu, 95) / percentile(anchorCpu, 95));
    return 0;
}

/// terrain_20k.gpkg's polygons and lines as one scenario document (polygon classes from `class`, line
/// classes from `kind`: road or stream).
void writeTerrainScenario(const fs::path& out)
{
    need(kBench / "terrain_20k.gpkg");
    GDALAllRegister();
    GDALDatasetH ds = GDALOpenEx((kBench / "terrain_20k.gpkg").string().c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    if (!ds) {
        std::cerr << "cannot open terrain_20k.gpkg\n";
        std::exit(2);
    }
    core::Scenario s;
    s.settings.id = "bench-terrain-20k";
    s.settings.title = "Terrain 20k";
    s.settings.system = core::GameSystem::PubBattles;
    s.settings.crs = "EPSG:32618";
    s.settings.extent = core::Extent{300000, 4399000, 333000, 4425000};
    s.sides = {core::Side{core::SideId("blue"), "Blue", "#1f3a93"}, core::Side{core::SideId("red"), "Red", "#a31f1f"}};
    int n = 0;
    for (int layer = 0; layer < GDALDatasetGetLayerCount(ds); ++layer) {
        OGRLayerH l = GDALDatasetGetLayer(ds, layer);
        OGR_L_ResetReading(l);
        while (OGRFeatureH f = OGR_L_GetNextFeature(l)) {
            OGRGeometryH g = OGR_F_GetGeometryRef(f);
            int classField = OGR_F_GetFieldIndex(f, "class");
            if (classField < 0)
                classField = OGR_F_GetFieldIndex(f, "kind"); // lines: "road" or "stream"
            std::string terrainClass = classField >= 0 ? OGR_F_GetFieldAsString(f, classField) : "";
            core::Geometry geometry;
            const auto ring = [](OGRGeometryH r) {
                std::vector<core::Coordinate> points;
                for (int i = 0; i < OGR_G_GetPointCount(r); ++i)
                    points.push_back({OGR_G_GetX(r, i), OGR_G_GetY(r, i)});
                return points;
            };
            const OGRwkbGeometryType type = wkbFlatten(OGR_G_GetGeometryType(g));
            if (type == wkbPolygon) {
                std::vector<std::vector<core::Coordinate>> rings;
                for (int i = 0; i < OGR_G_GetGeometryCount(g); ++i)
                    rings.push_back(ring(OGR_G_GetGeometryRef(g, i)));
                geometry = core::Geometry::polygon(std::move(rings));
            } else if (type == wkbLineString) {
                geometry = core::Geometry::lineString(ring(g));
                if (terrainClass.empty() || terrainClass == "road")
                    terrainClass = "road";
            } else {
                OGR_F_Destroy(f);
                continue;
            }
            if (terrainClass.empty() || terrainClass == "open")
                terrainClass = "field"; // open ground: "open" is no canonical class of docs/model.md
            s.terrain.push_back(core::TerrainFeature{core::FeatureId("f" + std::to_string(++n)), terrainClass, "", std::move(geometry),
                core::Attributes()});
            OGR_F_Destroy(f);
        }
    }
    GDALClose(ds);
    // Rewritten whenever sandtable's layout changed since it was written: the bench times the files
    // sandtable itself writes.
    const std::string text = core::io::serializeScenario(s);
    std::error_code ec;
    if (fs::exists(out, ec) && fs::file_size(out, ec) == text.size() && core::io::readFile(out, text.size()) == text)
        return;
    core::io::writeFileAtomically(out, text);
    std::cerr << "wrote " << out << " (" << s.terrain.size() << " features, " << text.size() << " bytes)\n";
}

struct ChildTimes {
    double wall = 0.0;
    double cpu = 0.0;
    int status = -1;
};

/// Times a forked child running `exportScenario` of the library (what `catalogue export` runs, without the
/// command line and the thumbnail), for builds that have the library but not the command.
ChildTimes runLibraryExport(const fs::path& scenario, const fs::path& db)
{
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        try {
            catalogue::Catalogue::open(db).exportScenario(scenario);
            _exit(0);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "export: %s\n", e.what());
            _exit(1);
        }
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    ChildTimes t;
    t.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return t;
}

ChildTimes runChild(const std::vector<std::string>& argv)
{
    std::vector<char*> args;
    for (const std::string& a : argv)
        args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const double t0 = wallSeconds();
    const pid_t pid = fork();
    if (pid == 0) {
        if (!std::freopen("/dev/null", "w", stdout)) {
        }
        execv(args[0], args.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    ChildTimes t;
    t.wall = wallSeconds() - t0;
    t.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    t.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return t;
}

fs::path writeTerrainGeoJson();

int runExport(const std::string& sandtable, int runs)
{
    const fs::path scenario = kBench / "terrain_20k.sandtable.json";
    writeTerrainScenario(scenario);
    const fs::path geojson = writeTerrainGeoJson();
    const fs::path work = fs::temp_directory_path() / ("sandtable-catalogue-bench-" + std::to_string(getpid()));
    fs::create_directories(work);
    std::vector<double> oursWall, oursCpu, ogrWall, ogrCpu, copyWall, copyCpu;
    setenv("GDAL_CACHEMAX", "64", 1);
    for (int i = 0; i < runs; ++i) {
        std::error_code ec;
        for (const char* name : {"c.gpkg", "c.gpkg-wal", "c.gpkg-shm", "ogr.gpkg", "copy.gpkg"})
            fs::remove(work / name, ec);
        const ChildTimes ours = sandtable == "--library"
            ? runLibraryExport(scenario, work / "c.gpkg")
            : runChild({sandtable, "--quiet", "catalogue", "export", scenario.string(), "--catalogue", (work / "c.gpkg").string()});
        const ChildTimes ogr = runChild({"/usr/bin/ogr2ogr", "-f", "GPKG", (work / "ogr.gpkg").string(), geojson.string()});
        const ChildTimes copy = runChild({"/usr/bin/ogr2ogr", "-f", "GPKG", (work / "copy.gpkg").string(), (kBench / "terrain_20k.gpkg").string()});
        if (ours.status != 0 || ogr.status != 0 || copy.status != 0) {
            std::cerr << "a run failed: sandtable exit " << ours.status << ", ogr2ogr exit " << ogr.status << " and " << copy.status << "\n";
            return 1;
        }
        oursWall.push_back(ours.wall), oursCpu.push_back(ours.cpu), ogrWall.push_back(ogr.wall), ogrCpu.push_back(ogr.cpu);
        copyWall.push_back(copy.wall), copyCpu.push_back(copy.cpu);
        std::fprintf(stderr, "  run %d: sandtable %.3f s (cpu %.3f)  ogr2ogr from GeoJSON %.3f s (cpu %.3f)\n", i + 1, ours.wall, ours.cpu, ogr.wall, ogr.cpu);
    }
    std::error_code ec;
    fs::remove_all(work, ec);
    std::printf("export: 20,008 polygons + 2,000 lines, %d interleaved runs; load %s\n", runs, loadAverage().c_str());
    std::printf("  %s  median wall %.3f s  cpu %.3f s\n",
        sandtable == "--library" ? "Catalogue::exportScenario  " : "sandtable catalogue export", median(oursWall), median(oursCpu));
    std::printf("  ogr2ogr -f GPKG from GeoJSON  median wall %.3f s  cpu %.3f s\n", median(ogrWall), median(ogrCpu));
    std::printf("  ratio sandtable/ogr2ogr: wall %.2fx  cpu %.2fx  (goal: cpu <= 1.5x)\n", median(oursWall) / median(ogrWall),
        median(oursCpu) / median(ogrCpu));
    std::printf("  (for reference, ogr2ogr gpkg -> gpkg, no text parsed: median wall %.3f s  cpu %.3f s)\n", median(copyWall),
        median(copyCpu));
    return 0;
}

/// terrain_20k.gpkg's two layers as GeoJSON (terrain_20k_polygons.geojson, terrain_20k_lines.geojson, written
/// once) and one OGR VRT naming both, so that one ogr2ogr run reads the same features from text as sandtable
/// reads them from its JSON document: the anchor parses text too.
fs::path writeTerrainGeoJson()
{
    const fs::path vrt = kBench / "terrain_20k_geojson.vrt";
    const std::pair<const char*, const char*> layers[] = {{"terrain", "polygons"}, {"lines", "lines"}};
    std::string xml = "<OGRVRTDataSource>\n";
    for (const auto& [layer, name] : layers) {
        const fs::path json = kBench / (std::string("terrain_20k_") + name + ".geojson");
        if (!fs::exists(json)) {
            const ChildTimes t = runChild({"/usr/bin/ogr2ogr", "-f", "GeoJSON", json.string(), (kBench / "terrain_20k.gpkg").string(), layer,
                "-lco", "RFC7946=NO", "-lco", "COORDINATE_PRECISION=15"});
            if (t.status != 0) {
                std::cerr << "ogr2ogr -f GeoJSON " << json << " failed\n";
                std::exit(2);
            }
        }
        xml += std::string("  <OGRVRTLayer name=\"ogr_bench_") + name + "\"><SrcDataSource>" + json.string()
            + "</SrcDataSource><SrcLayer>" + layer + "</SrcLayer></OGRVRTLayer>\n"; // (GeoJSON keeps the layer's name)
    }
    xml += "</OGRVRTDataSource>\n";
    core::io::writeFileAtomically(vrt, xml);
    return vrt;
}

int runExportPostgres(const std::string& sandtable, const std::string& conninfo, int runs)
{
    const fs::path scenario = kBench / "terrain_20k.sandtable.json";
    writeTerrainScenario(scenario);
    const fs::path geojson = writeTerrainGeoJson();
    const std::string location = "PG:" + conninfo;
    std::vector<double> oursWall, oursCpu, ogrWall, ogrCpu;
    setenv("GDAL_CACHEMAX", "64", 1);
    for (int i = 0; i < runs; ++i) {
        runChild({sandtable, "--quiet", "catalogue", "remove", "bench-terrain-20k", "--catalogue", location});
        const ChildTimes ours = runChild({sandtable, "--quiet", "catalogue", "export", scenario.string(), "--catalogue", location});
        // The same 20,008 polygons and 2,000 lines read from GeoJSON, into multi-geometry PostGIS tables with a
        // GiST index each (ogr2ogr's default; COPY, its default), as sandtable's tables are.
        const ChildTimes ogr = runChild({"/usr/bin/ogr2ogr", "-f", "PostgreSQL", location, geojson.string(), "-overwrite", "-lco", "SCHEMA=public",
            "-nlt", "PROMOTE_TO_MULTI"});
        if (ours.status != 0 || ogr.status != 0) {
            std::cerr << "a run failed: sandtable exit " << ours.status << ", ogr2ogr exit " << ogr.status << "\n";
            return 1;
        }
        oursWall.push_back(ours.wall), oursCpu.push_back(ours.cpu), ogrWall.push_back(ogr.wall), ogrCpu.push_back(ogr.cpu);
        std::fprintf(stderr, "  run %d: sandtable %.3f s (cpu %.3f)  ogr2ogr %.3f s (cpu %.3f)\n", i + 1, ours.wall, ours.cpu, ogr.wall, ogr.cpu);
    }
    // Not left behind: the search bench compares this catalogue with the GeoPackage's 10,000 packages, and
    // "Terrain 20k" is a title match for 'terrain' and 'terr*'.
    runChild({sandtable, "--quiet", "catalogue", "remove", "bench-terrain-20k", "--catalogue", location});
    std::printf("export into PostgreSQL/PostGIS: 20,008 polygons + 2,000 lines, %d interleaved runs; load %s\n", runs, loadAverage().c_str());
    std::printf("  sandtable catalogue export          median wall %.3f s  cpu %.3f s (client)\n", median(oursWall), median(oursCpu));
    std::printf("  ogr2ogr -f PostgreSQL from GeoJSON  median wall %.3f s  cpu %.3f s (client)\n", median(ogrWall), median(ogrCpu));
    std::printf("  ratio sandtable/ogr2ogr: wall %.2fx  (goal: <= 1.5x)\n", median(oursWall) / median(ogrWall));
    return 0;
}

int runSearchPostgres(const std::string& conninfo, int rounds)
{
    const std::vector<Record> records = readRecords();
    const fs::path cataloguePath = kBench / "catalogue_10k.gpkg";
    need(cataloguePath);   // `catalogue_bench search` builds it
    auto pg = catalogue::Catalogue::openLocation("PG:" + conninfo);
    if (pg.list().size() != records.size()) {
        std::cerr << "building the PostgreSQL catalogue (" << records.size() << " packages through Catalogue::exportDocument)...\n";
        const double t0 = wallSeconds();
        for (std::size_t i = 0; i < records.size(); ++i) {
            pg.exportDocument(core::io::serializeScenario(scenarioOf(records[i])), "bench-" + std::to_string(records[i].id), kBench);
            if ((i + 1) % 1000 == 0)
                std::cerr << "  " << (i + 1) << " (" << (wallSeconds() - t0) << " s)\n";
        }
    }
    const std::vector<std::string> queries = benchQueries();
    auto gpkg = catalogue::Catalogue::open(cataloguePath);
    std::vector<double> pgWall, gpkgWall;
    std::vector<std::pair<double, std::string>> slowest; // (PostgreSQL wall, query): where the tail goes
    std::size_t pgHits = 0, gpkgHits = 0, sameIds = 0, differing = 0;
    for (int round = 0; round < rounds; ++round)
        for (const std::string& q : queries) {
            catalogue::SearchQuery query;
            query.text = q;
            query.limit = 20;
            double w0 = wallSeconds();
            const auto fromGpkg = gpkg.search(query);
            gpkgWall.push_back(wallSeconds() - w0);
            w0 = wallSeconds();
            const auto fromPg = pg.search(query);
            pgWall.push_back(wallSeconds() - w0);
            slowest.emplace_back(pgWall.back(), q);
            gpkgHits += fromGpkg.size();
            pgHits += fromPg.size();
            std::vector<std::string> a, b;
            for (const auto& r : fromGpkg)
                a.push_back(r.id);
            for (const auto& r : fromPg)
                b.push_back(r.id);
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            sameIds += a == b ? 1 : 0;
            if (a != b && ++differing <= 10) {
                std::fprintf(stderr, "  not the same ids for '%s':\n    GeoPackage:", q.c_str());
                for (const auto& r : fromGpkg)
                    std::fprintf(stderr, " %s", r.id.c_str());
                std::fprintf(stderr, "\n    PostgreSQL:");
                for (const auto& r : fromPg)
                    std::fprintf(stderr, " %s", r.id.c_str());
                std::fprintf(stderr, "\n");
            }
        }
    const auto ms = [](double s) { return s * 1000.0; };
    std::printf("search: %zu queries x %d rounds over %zu packages; load %s\n", queries.size(), rounds, records.size(), loadAverage().c_str());
    std::printf("  GeoPackage  hits=%zu  wall p50 %.3f ms p95 %.3f ms\n", gpkgHits, ms(median(gpkgWall)), ms(percentile(gpkgWall, 95)));
    std::printf("  PostgreSQL  hits=%zu  wall p50 %.3f ms p95 %.3f ms\n", pgHits, ms(median(pgWall)), ms(percentile(pgWall, 95)));
    std::printf("  the same result ids for %zu of %zu queries\n", sameIds, pgWall.size());
    std::printf("  ratio PostgreSQL/GeoPackage p95: %.2fx  (goal: <= 2x)\n", percentile(pgWall, 95) / percentile(gpkgWall, 95));
    std::sort(slowest.begin(), slowest.end(), std::greater<>());
    std::fprintf(stderr, "  the slowest PostgreSQL queries:\n");
    for (std::size_t i = 0; i < slowest.size() && i < (std::getenv("SANDTABLE_BENCH_TAIL") ? slowest.size() / 20 : 12); ++i)
        std::fprintf(stderr, "    %8.3f ms  %s\n", ms(slowest[i].first), slowest[i].second.c_str());
    return 0;
}

int runValidate(const std::string& sandtable, int runs)
{
    const fs::path scenario = kBench / "terrain_20k.sandtable.json";
    writeTerrainScenario(scenario);
    std::vector<double> oursWall, oursCpu, pyWall, pyCpu;
    for (int i = 0; i < runs; ++i) {
        const ChildTimes ours = runChild({sandtable, "--quiet", "scenario", "validate", scenario.string()});
        const ChildTimes py = runChild({"/usr/bin/python3", "-c", "import json, sys; json.load(open(sys.argv[1], encoding='utf-8'))", scenario.string()});
        if (ours.status != 0 || py.status != 0) {
            std::cerr << "a run failed: sandtable exit " << ours.status << ", python3 exit " << py.status << "\n";
            return 1;
        }
        oursWall.push_back(ours.wall), oursCpu.push_back(ours.cpu), pyWall.push_back(py.wall), pyCpu.push_back(py.cpu);
        std::fprintf(stderr, "  run %d: sandtable %.3f s (cpu %.3f)  python json %.3f s (cpu %.3f)\n", i + 1, ours.wall, ours.cpu, py.wall, py.cpu);
    }
    std::printf("validate: %s (%ju bytes), %d interleaved runs; load %s\n", scenario.string().c_str(),
        static_cast<std::uintmax_t>(fs::file_size(scenario)), runs, loadAverage().c_str());
    std::printf("  sandtable scenario validate  median wall %.3f s  cpu %.3f s\n", median(oursWall), median(oursCpu));
    std::printf("  python3 json.load            median wall %.3f s  cpu %.3f s\n", median(pyWall), median(pyCpu));
    std::printf("  ratio sandtable/python: wall %.2fx  cpu %.2fx  (goal: wall <= 0.66x, 3x the hand-written reader's 0.22x)\n",
        median(oursWall) / median(pyWall), median(oursCpu) / median(pyCpu));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    try {
        if (mode == "search")
            return runSearch(argc > 2 ? std::max(1, std::atoi(argv[2])) : 1);
        if (mode == "export" && argc > 2)
            return runExport(argv[2], argc > 3 ? std::max(1, std::atoi(argv[3])) : 5);
        if (mode == "export-pg" && argc > 3)
            return runExportPostgres(argv[2], argv[3], argc > 4 ? std::max(1, std::atoi(argv[4])) : 5);
        if (mode == "search-pg" && argc > 2)
            return runSearchPostgres(argv[2], argc > 3 ? std::max(1, std::atoi(argv[3])) : 1);
        if (mode == "validate" && argc > 2)
            return runValidate(argv[2], argc > 3 ? std::max(1, std::atoi(argv[3])) : 5);
    } catch (const std::exception& e) {
        std::cerr << "catalogue_bench: " << e.what() << "\n";
        return 1;
    }
    std::cerr << "usage: catalogue_bench search [ROUNDS] | catalogue_bench export PATH/TO/sandtable|--library [RUNS] | "
                 "catalogue_bench validate PATH/TO/sandtable [RUNS] | catalogue_bench export-pg PATH/TO/sandtable CONNINFO [RUNS] | "
                 "catalogue_bench search-pg CONNINFO [ROUNDS]\n";
    return 2;
}
