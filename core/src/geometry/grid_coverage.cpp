// SPDX-License-Identifier: GPL-3.0-or-later
// Per-square coverage by the one convex clipper in the grid's frame; lines and crossings assigned to squares.
#include "sandtable/core/geometry/grid_coverage.hpp"

#include "class_union.hpp"
#include "convex_clip.hpp"
#include "geos_util.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <sstream>
#include <stdexcept>

namespace sandtable::core::geometry {
namespace {

// Points in the grid's frame: x = u, y = v (the clipper's type, so rings go to it as they are).
using Pt = detail::ClipPoint;

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

double twiceArea(const std::vector<Pt>& ring, std::size_t n) { return detail::twiceSignedArea(ring.data(), n); }

// Twice the signed area of ring ∩ box [u0, u1] x [v0, v1] by the one clipper; only the sides the ring's
// envelope crosses are clipped against. The box's sides are axis-parallel, so crossings lie exactly on them.
double clippedTwiceArea(const std::vector<Pt>& ring, const Pt& lo, const Pt& hi, double u0, double v0, double u1, double v1)
{
    // Counter-clockwise: edge 0 south (v0), 1 east (u1), 2 north (v1), 3 west (u0).
    const Pt box[4] = {{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}};
    const unsigned edges = (lo.y < v0 ? 1u : 0u) | (hi.x > u1 ? 2u : 0u) | (hi.y > v1 ? 4u : 0u) | (lo.x < u0 ? 8u : 0u);
    return detail::clipTwiceArea(detail::threadClipBuffers(), box, 4, ring.data(), ring.size(), 0.0, 0.0, edges);
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
                p.lo.x = std::min(p.lo.x, q.x);
                p.lo.y = std::min(p.lo.y, q.y);
                p.hi.x = std::max(p.hi.x, q.x);
                p.hi.y = std::max(p.hi.y, q.y);
            }
        }
        p.rings.push_back(std::move(local));
    }
    return p;
}

// Polygon parts per class: as digitised, or (uniteOverlaps) made valid and united where they overlap.
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
    for (auto& [cls, polygons] : validPolygonsByClass(terrain))
        for (const auto& p : uniteOverlapping(std::move(polygons), cls))
            out[cls].push_back(fromGeos(p.get()).parts.front());
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
    std::size_t classIndex = 0;
    for (const auto& [cls, polygons] : byClass) {
        for (const auto& rings : polygons) {
            const LocalPolygon p = toLocal(frame, classIndex, rings);
            if (p.rings.empty())
                continue;
            // Squares the envelope spans; v counts up from the south edge, rows count down from the north.
            if (p.hi.x <= 0 || p.hi.y <= 0 || p.lo.x >= grid.columns * s || p.lo.y >= grid.rows * s)
                continue;
            const int c0 = clampIndex(p.lo.x / s, grid.columns), c1 = clampIndex(p.hi.x / s, grid.columns);
            const int k0 = clampIndex(p.lo.y / s, grid.rows), k1 = clampIndex(p.hi.y / s, grid.rows);
            for (int k = k0; k <= k1; ++k) {
                const int row = grid.rows - 1 - k;
                for (int c = c0; c <= c1; ++c) {
                    const double u0 = c * s, u1 = (c + 1) * s, v0 = k * s, v1 = (k + 1) * s;
                    double sum = 0.0;
                    for (std::size_t r = 0; r < p.rings.size(); ++r) {
                        // Holes have their own envelopes; clipping them with the shell's is still exact.
                        if (p.lo.x >= u0 && p.hi.x <= u1 && p.lo.y >= v0 && p.hi.y <= v1)
                            sum += p.signs[r] * twiceArea(p.rings[r], p.rings[r].size());
                        else
                            sum += p.signs[r] * clippedTwiceArea(p.rings[r], p.lo, p.hi, u0, v0, u1, v1);
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
    const double fu = p.x / s - square.column;                  // 0 at the west edge
    const double fv = p.y / s - (grid.rows - 1 - square.row);   // 0 at the south edge
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
            if (f.terrainClass == "road") {
                const AttributeValue* g = f.attributes.find("grade");
                grade = g && g->isString() ? g->asString() : "minor";
            }
            std::map<SquareRef, SquareLine> pieces;
            for (const auto& part : f.geometry.parts) {
                const auto& vertices = part.at(0);
                for (std::size_t i = 0; i + 1 < vertices.size(); ++i) {
                    const Pt p = frame.local(vertices[i]), q = frame.local(vertices[i + 1]);
                    // Parameters where the segment meets a grid line, then the pieces between them.
                    std::vector<double> ts{0.0, 1.0};
                    for (int axis = 0; axis < 2; ++axis) {
                        const double a0 = axis == 0 ? p.x : p.y, a1 = axis == 0 ? q.x : q.y;
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
                        const Pt m{p.x + (t0 + t1) / 2 * (q.x - p.x), p.y + (t0 + t1) / 2 * (q.y - p.y)};
                        if (m.x < 0 || m.y < 0 || m.x >= grid.columns * s || m.y >= grid.rows * s)
                            continue;
                        const int column = clampIndex(m.x / s, grid.columns);
                        const int k = clampIndex(m.y / s, grid.rows);
                        const SquareRef sq{column, grid.rows - 1 - k};
                        SquareLine& piece = pieces[sq];
                        piece.feature = f.id;
                        piece.terrainClass = f.terrainClass;
                        piece.grade = grade;
                        piece.length += (t1 - t0) * std::hypot(q.x - p.x, q.y - p.y);
                        for (const double t : {t0, t1}) {
                            const Pt e{p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
                            auto add = [&](Edge edge) {
                                if (std::find(piece.edges.begin(), piece.edges.end(), edge) == piece.edges.end())
                                    piece.edges.push_back(edge);
                            };
                            if (std::abs(e.x - column * s) <= eps)
                                add(Edge::West);
                            if (std::abs(e.x - (column + 1) * s) <= eps)
                                add(Edge::East);
                            if (std::abs(e.y - k * s) <= eps)
                                add(Edge::South);
                            if (std::abs(e.y - (k + 1) * s) <= eps)
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
        west = std::max(west, -p.x);
        east = std::max(east, p.x - w);
        south = std::max(south, -p.y);
        north = std::max(north, p.y - h);
    }
    std::ostringstream out;
    out.precision(10);
    bool covers = true;
    for (const auto& [gap, side] : {std::pair{west, "west"}, std::pair{east, "east"}, std::pair{south, "south"}, std::pair{north, "north"}})
        if (gap > tolerance) {
            std::ostringstream metres;
            metres.precision(10);
            metres << gap;
            const char* pattern = side[0] == 'w' ? _("{1} m of the map beyond its west edge")
                : side[0] == 'e'                 ? _("{1} m of the map beyond its east edge")
                : side[0] == 's'                 ? _("{1} m of the map beyond its south edge")
                                                 : _("{1} m of the map beyond its north edge");
            out << (covers ? "" : ", ") << i18n::format(pattern, {metres.str()});
            covers = false;
        }
    message = covers ? std::string() : i18n::format(_("the grid does not cover the map extent: {1}"), {out.str()});
    return covers;
}

Campaign rederiveCampaign(const Scenario& scenario)
{
    if (!scenario.campaign)
        throw util::OperationError("", i18n::format(_("scenario '{1}'"), {scenario.settings.id}), _("has no campaign grid yet: lay one first"));
    Campaign campaign = *scenario.campaign;
    try {
        checkGrid(campaign.grid);
    } catch (const std::invalid_argument& e) {
        throw util::OperationError("", _("campaign grid"), e.what());
    }
    if (scenario.settings.extent) {
        std::string message;
        if (!gridCoversExtent(campaign.grid, *scenario.settings.extent, message))
            throw util::OperationError("", _("campaign grid"), message);
    }
    campaign.derived = derivePrimaryTerrain(campaign.grid, scenario.terrain);
    return campaign;
}

} // namespace sandtable::core::geometry
