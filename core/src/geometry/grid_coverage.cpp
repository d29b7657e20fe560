// SPDX-License-Identifier: GPL-3.0-or-later
// Per-square coverage by exact clipping in the grid's frame; lines and crossings assigned to squares.
#include "sandtable/core/geometry/grid_coverage.hpp"

#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>
#include <stdexcept>

namespace sandtable::core::geometry {
namespace {

struct Pt {
    double u;
    double v;
};

// The grid's frame: u along the columns (east when unrotated), v northwards, metres from the origin.
struct Frame {
    Coordinate origin;
    double ux, uy, vx, vy;
    explicit Frame(const CampaignGrid& g) : origin(g.origin)
    {
        const double r = g.rotation * std::numbers::pi / 180.0;
        ux = std::cos(r);
        uy = -std::sin(r);
        vx = std::sin(r);
        vy = std::cos(r);
    }
    Pt local(Coordinate c) const
    {
        const double dx = c.x - origin.x, dy = c.y - origin.y;
        return {dx * ux + dy * uy, dx * vx + dy * vy};
    }
};

double twiceArea(const std::vector<Pt>& ring, std::size_t n)
{
    if (n < 3)
        return 0.0;
    double sum = 0.0;
    const double u0 = ring[0].u, v0 = ring[0].v;
    for (std::size_t i = 1; i + 1 < n; ++i)
        sum += (ring[i].u - u0) * (ring[i + 1].v - v0) - (ring[i + 1].u - u0) * (ring[i].v - v0);
    return sum;
}

// Keeps the part of a ring on one side of an axis-parallel line. `axis` 0 = u, 1 = v; `keepAbove` keeps
// coordinates >= value. Crossing points lie exactly on the line (the clipped coordinate is set, not computed).
std::size_t clipHalf(const std::vector<Pt>& in, std::size_t n, std::vector<Pt>& out, int axis, double value, bool keepAbove)
{
    std::size_t written = 0;
    if (n == 0)
        return 0;
    auto coord = [axis](const Pt& p) { return axis == 0 ? p.u : p.v; };
    auto inside = [&](const Pt& p) { return keepAbove ? coord(p) >= value : coord(p) <= value; };
    if (out.size() < 2 * n + 2)
        out.resize(2 * n + 2);
    Pt prev = in[n - 1];
    bool prevIn = inside(prev);
    for (std::size_t i = 0; i < n; ++i) {
        const Pt cur = in[i];
        const bool curIn = inside(cur);
        if (curIn != prevIn) {
            const double t = (value - coord(prev)) / (coord(cur) - coord(prev));
            out[written++] = axis == 0 ? Pt{value, prev.v + t * (cur.v - prev.v)} : Pt{prev.u + t * (cur.u - prev.u), value};
        }
        if (curIn)
            out[written++] = cur;
        prev = cur;
        prevIn = curIn;
    }
    return written;
}

// Twice the signed area of ring ∩ box; only the sides the ring's envelope crosses are clipped against.
double clippedTwiceArea(const std::vector<Pt>& ring, const Pt& lo, const Pt& hi, double u0, double v0, double u1, double v1,
    std::vector<Pt>& a, std::vector<Pt>& b)
{
    a.assign(ring.begin(), ring.end());
    std::size_t n = ring.size();
    if (lo.u < u0) {
        n = clipHalf(a, n, b, 0, u0, true);
        std::swap(a, b);
    }
    if (hi.u > u1) {
        n = clipHalf(a, n, b, 0, u1, false);
        std::swap(a, b);
    }
    if (lo.v < v0) {
        n = clipHalf(a, n, b, 1, v0, true);
        std::swap(a, b);
    }
    if (hi.v > v1) {
        n = clipHalf(a, n, b, 1, v1, false);
        std::swap(a, b);
    }
    return twiceArea(a, n);
}

struct LocalPolygon {
    std::size_t classIndex = 0;
    std::vector<std::vector<Pt>> rings; // no closing vertex; signs: shell +, holes -
    std::vector<double> signs;
    Pt lo{}, hi{};
};

LocalPolygon toLocal(const Frame& frame, std::size_t classIndex, const std::vector<std::vector<Coordinate>>& rings)
{
    LocalPolygon p;
    p.classIndex = classIndex;
    for (std::size_t r = 0; r < rings.size(); ++r) {
        const auto& ring = rings[r];
        if (ring.size() < 4)
            continue;
        std::vector<Pt> local;
        local.reserve(ring.size() - 1);
        for (std::size_t i = 0; i + 1 < ring.size(); ++i)
            local.push_back(frame.local(ring[i]));
        const double orientation = twiceArea(local, local.size());
        // Shells add, holes subtract, whichever way they were digitised.
        p.signs.push_back(((orientation >= 0) == (r == 0)) ? 1.0 : -1.0);
        if (r == 0) {
            p.lo = p.hi = local[0];
            for (const Pt& q : local) {
                p.lo.u = std::min(p.lo.u, q.u);
                p.lo.v = std::min(p.lo.v, q.v);
                p.hi.u = std::max(p.hi.u, q.u);
                p.hi.v = std::max(p.hi.v, q.v);
            }
        }
        p.rings.push_back(std::move(local));
    }
    return p;
}

// Polygon parts per class: as digitised, or (uniteOverlaps) made valid and united per class.
std::map<std::string, std::vector<std::vector<std::vector<Coordinate>>>> polygonsByClass(
    const std::vector<TerrainFeature>& terrain, bool unite)
{
    std::map<std::string, std::vector<std::vector<std::vector<Coordinate>>>> out;
    if (!unite) {
        for (const TerrainFeature& f : terrain)
            if (dimension(f.geometry.type) == 2)
                for (const auto& part : f.geometry.parts)
                    out[f.terrainClass].push_back(part);
        return out;
    }
    std::map<std::string, std::vector<GeosGeometryPtr>> parts;
    for (const TerrainFeature& f : terrain) {
        if (dimension(f.geometry.type) != 2 || f.geometry.parts.empty())
            continue;
        GeosGeometryPtr valid;
        try {
            valid = validPartsOf(f.geometry, 2);
        } catch (const OperationError& e) {
            throw OperationError("", "terrain feature '" + f.id.str() + "'", e.reason());
        }
        if (!valid)
            continue;
        auto& list = parts[f.terrainClass];
        for (auto& p : simplePartsOfDimension(valid.get(), 2))
            list.push_back(std::move(p));
    }
    for (auto& [cls, list] : parts) {
        std::vector<GeosGeometryPtr> simple;
        if (list.size() == 1) {
            simple = std::move(list);
        } else {
            GeosGeometryPtr collection = collectParts(std::move(list), 2);
            GeosGeometryPtr united(GEOSUnaryUnion_r(geosContext(), collection.get()));
            if (!united)
                throw OperationError("", "terrain class '" + cls + "'", "GEOS could not unite its features: " + lastGeosError());
            simple = simplePartsOfDimension(united.get(), 2);
        }
        for (const auto& p : simple)
            out[cls].push_back(fromGeos(p.get()).parts.front());
    }
    return out;
}

int clampIndex(double x, int n) { return std::clamp(static_cast<int>(std::floor(x)), 0, n - 1); }

} // namespace

GridCoverage computeGridCoverage(const CampaignGrid& grid, const std::vector<TerrainFeature>& terrain,
    const CoverageOptions& options)
{
    checkGrid(grid);
    const Frame frame(grid);
    const double s = grid.squareSize;
    GridCoverage out;
    out.rows = grid.rows;
    out.columns = grid.columns;
    const auto byClass = polygonsByClass(terrain, options.uniteOverlaps);
    for (const auto& entry : byClass)
        out.classes.push_back(entry.first);
    const std::size_t nc = out.classes.size();
    std::vector<double> twice(static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.columns) * nc, 0.0);
    std::vector<Pt> a, b;
    std::size_t classIndex = 0;
    for (const auto& [cls, polygons] : byClass) {
        for (const auto& rings : polygons) {
            const LocalPolygon p = toLocal(frame, classIndex, rings);
            if (p.rings.empty())
                continue;
            // Squares the envelope spans; v counts up from the south edge, rows count down from the north.
            if (p.hi.u <= 0 || p.hi.v <= 0 || p.lo.u >= grid.columns * s || p.lo.v >= grid.rows * s)
                continue;
            const int c0 = clampIndex(p.lo.u / s, grid.columns), c1 = clampIndex(p.hi.u / s, grid.columns);
            const int k0 = clampIndex(p.lo.v / s, grid.rows), k1 = clampIndex(p.hi.v / s, grid.rows);
            for (int k = k0; k <= k1; ++k) {
                const int row = grid.rows - 1 - k;
                for (int c = c0; c <= c1; ++c) {
                    const double u0 = c * s, u1 = (c + 1) * s, v0 = k * s, v1 = (k + 1) * s;
                    double sum = 0.0;
                    for (std::size_t r = 0; r < p.rings.size(); ++r) {
                        // Holes have their own envelopes; clipping them with the shell's is still exact.
                        if (p.lo.u >= u0 && p.hi.u <= u1 && p.lo.v >= v0 && p.hi.v <= v1)
                            sum += p.signs[r] * twiceArea(p.rings[r], p.rings[r].size());
                        else
                            sum += p.signs[r] * clippedTwiceArea(p.rings[r], p.lo, p.hi, u0, v0, u1, v1, a, b);
                    }
                    twice[(static_cast<std::size_t>(row) * static_cast<std::size_t>(grid.columns) + static_cast<std::size_t>(c)) * nc
                        + classIndex] += sum;
                }
            }
        }
        ++classIndex;
    }
    const double squareArea = s * s;
    out.fractions.resize(twice.size());
    for (std::size_t i = 0; i < twice.size(); ++i)
        out.fractions[i] = twice[i] / 2.0 / squareArea;
    return out;
}

std::optional<Edge> crossingEdge(const CampaignGrid& grid, SquareRef square, Coordinate point)
{
    const Frame frame(grid);
    const Pt p = frame.local(point);
    const double s = grid.squareSize;
    const double fu = p.u / s - square.column;                  // 0 at the west edge
    const double fv = p.v / s - (grid.rows - 1 - square.row);   // 0 at the south edge
    const std::pair<double, Edge> edges[] = {{1.0 - fv, Edge::North}, {1.0 - fu, Edge::East}, {fv, Edge::South}, {fu, Edge::West}};
    auto nearest = edges[0];
    for (const auto& e : edges)
        if (e.first < nearest.first)
            nearest = e;
    const double toCentre = std::hypot(fu - 0.5, fv - 0.5);
    if (nearest.first < toCentre)
        return nearest.second;
    return std::nullopt;
}

std::vector<SquareTerrain> derivePrimaryTerrain(const CampaignGrid& grid, const std::vector<TerrainFeature>& terrain,
    const CoverageOptions& options)
{
    const GridCoverage coverage = computeGridCoverage(grid, terrain, options);
    std::vector<SquareTerrain> out;
    out.reserve(static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.columns));
    for (int row = 0; row < grid.rows; ++row)
        for (int column = 0; column < grid.columns; ++column) {
            SquareTerrain t;
            t.square = {column, row};
            for (std::size_t c = 0; c < coverage.classes.size(); ++c) {
                // Shares below a square millimetre per square kilometre are clipping noise, not terrain.
                const double f = coverage.fraction(t.square, c);
                if (f > 1e-12)
                    t.coverage.emplace_back(coverage.classes[c], std::min(f, 1.0));
            }
            out.push_back(std::move(t));
        }
    auto at = [&](SquareRef q) -> SquareTerrain& {
        return out[static_cast<std::size_t>(q.row) * static_cast<std::size_t>(grid.columns) + static_cast<std::size_t>(q.column)];
    };
    const Frame frame(grid);
    const double s = grid.squareSize;
    const double eps = 1e-9 * s;
    for (const TerrainFeature& f : terrain) {
        const bool line = f.terrainClass == "road" || f.terrainClass == "river" || f.terrainClass == "stream";
        if (line && dimension(f.geometry.type) == 1) {
            std::string grade;
            if (f.terrainClass == "road")
                grade = f.attributes.contains("grade") && f.attributes["grade"].is_string() ? f.attributes["grade"].get<std::string>()
                                                                                            : "minor";
            std::map<SquareRef, SquareLine> pieces;
            for (const auto& part : f.geometry.parts) {
                const auto& vertices = part.at(0);
                for (std::size_t i = 0; i + 1 < vertices.size(); ++i) {
                    const Pt p = frame.local(vertices[i]), q = frame.local(vertices[i + 1]);
                    // Parameters where the segment meets a grid line, then the pieces between them.
                    std::vector<double> ts{0.0, 1.0};
                    for (int axis = 0; axis < 2; ++axis) {
                        const double a0 = axis == 0 ? p.u : p.v, a1 = axis == 0 ? q.u : q.v;
                        if (a0 == a1)
                            continue;
                        const double lo = std::min(a0, a1) / s, hi = std::max(a0, a1) / s;
                        for (double k = std::ceil(lo); k <= std::floor(hi); k += 1.0)
                            ts.push_back((k * s - a0) / (a1 - a0));
                    }
                    std::sort(ts.begin(), ts.end());
                    for (std::size_t j = 0; j + 1 < ts.size(); ++j) {
                        const double t0 = std::clamp(ts[j], 0.0, 1.0), t1 = std::clamp(ts[j + 1], 0.0, 1.0);
                        if (t1 - t0 <= 0)
                            continue;
                        const Pt m{p.u + (t0 + t1) / 2 * (q.u - p.u), p.v + (t0 + t1) / 2 * (q.v - p.v)};
                        if (m.u < 0 || m.v < 0 || m.u >= grid.columns * s || m.v >= grid.rows * s)
                            continue;
                        const int column = clampIndex(m.u / s, grid.columns);
                        const int k = clampIndex(m.v / s, grid.rows);
                        const SquareRef sq{column, grid.rows - 1 - k};
                        SquareLine& piece = pieces[sq];
                        piece.feature = f.id;
                        piece.terrainClass = f.terrainClass;
                        piece.grade = grade;
                        piece.length += (t1 - t0) * std::hypot(q.u - p.u, q.v - p.v);
                        for (const double t : {t0, t1}) {
                            const Pt e{p.u + t * (q.u - p.u), p.v + t * (q.v - p.v)};
                            auto add = [&](Edge edge) {
                                if (std::find(piece.edges.begin(), piece.edges.end(), edge) == piece.edges.end())
                                    piece.edges.push_back(edge);
                            };
                            if (std::abs(e.u - column * s) <= eps)
                                add(Edge::West);
                            if (std::abs(e.u - (column + 1) * s) <= eps)
                                add(Edge::East);
                            if (std::abs(e.v - k * s) <= eps)
                                add(Edge::South);
                            if (std::abs(e.v - (k + 1) * s) <= eps)
                                add(Edge::North);
                        }
                    }
                }
            }
            for (auto& [sq, piece] : pieces) {
                std::sort(piece.edges.begin(), piece.edges.end());
                at(sq).lines.push_back(std::move(piece));
            }
        } else if ((f.terrainClass == "bridge" || f.terrainClass == "ford") && dimension(f.geometry.type) == 0) {
            for (const auto& part : f.geometry.parts) {
                const Coordinate c = part.at(0).at(0);
                const auto sq = squareAt(grid, c);
                if (!sq)
                    continue;
                at(*sq).crossings.push_back(SquareCrossing{f.id, f.terrainClass, crossingEdge(grid, *sq, c)});
            }
        }
    }
    return out;
}

bool gridCoversExtent(const CampaignGrid& grid, const Extent& extent, std::string& message)
{
    // Every corner of the extent must fall on the grid (the grid is convex, so the whole extent does).
    const Frame frame(grid);
    const double w = grid.columns * grid.squareSize, h = grid.rows * grid.squareSize;
    const double tolerance = 1e-6;
    double west = 0, east = 0, south = 0, north = 0;
    for (const Coordinate c : {Coordinate{extent.minX, extent.minY}, Coordinate{extent.maxX, extent.minY},
             Coordinate{extent.maxX, extent.maxY}, Coordinate{extent.minX, extent.maxY}}) {
        const Pt p = frame.local(c);
        west = std::max(west, -p.u);
        east = std::max(east, p.u - w);
        south = std::max(south, -p.v);
        north = std::max(north, p.v - h);
    }
    std::ostringstream out;
    out.precision(10);
    bool covers = true;
    for (const auto& [gap, side] : {std::pair{west, "west"}, std::pair{east, "east"}, std::pair{south, "south"}, std::pair{north, "north"}})
        if (gap > tolerance) {
            out << (covers ? "" : ", ") << gap << " m of the map beyond its " << side << " edge";
            covers = false;
        }
    message = covers ? std::string() : "the grid does not cover the map extent: " + out.str();
    return covers;
}

Campaign rederiveCampaign(const Scenario& scenario)
{
    if (!scenario.campaign)
        throw OperationError("", "scenario '" + scenario.settings.id + "'", "has no campaign grid (run 'sandtable grid new' first)");
    Campaign campaign = *scenario.campaign;
    try {
        checkGrid(campaign.grid);
    } catch (const std::invalid_argument& e) {
        throw OperationError("", "campaign grid", e.what());
    }
    if (scenario.settings.extent) {
        std::string message;
        if (!gridCoversExtent(campaign.grid, *scenario.settings.extent, message))
            throw OperationError("", "campaign grid", message);
    }
    campaign.derived = derivePrimaryTerrain(campaign.grid, scenario.terrain);
    return campaign;
}

} // namespace sandtable::core::geometry
