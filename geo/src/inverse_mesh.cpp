// SPDX-License-Identifier: GPL-3.0-or-later
// InverseMesh: the forward fit on a mesh over the scan, bucketed in map space; chord steps to the root.
#include "sandtable/geo/inverse_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <thread>
#include <vector>

namespace sandtable::geo {
namespace {

/// f(row) for rows 0 .. rows - 1, spread over the machine's cores (the fit is safe to evaluate from several
/// threads, as the warp itself does): building the mesh is one evaluation per node and per cell, done
/// before the warp's own threads start.
/// What `f` throws on any thread is thrown here once every thread has finished.
template <class F>
void forRows(int rows, const F& f)
{
    const int threads = std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, 16);
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    const auto share = [&](int t) {
        try {
            for (int row = t; row < rows; row += threads)
                f(row);
        } catch (...) {
            errors[static_cast<std::size_t>(t)] = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(share, t);
    share(0);
    for (auto& thread : pool)
        thread.join();
    for (const std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace

InverseMesh::InverseMesh(std::shared_ptr<const GcpTransform> fit, int scanWidth, int scanHeight)
    : m_fit(std::move(fit)), m_width(std::max(scanWidth, 1)), m_height(std::max(scanHeight, 1))
{
    {
        core::Coordinate map;
        std::array<double, 4> jacobian{};
        m_hasJacobian = m_fit->toMapWithJacobian(0.0, 0.0, map, jacobian);
    }
    // Nodes every 16 px (coarser above ~400k nodes); where the fit folds in more than 1 % of those cells (a
    // rough fit: a spline through GCPs each off by its own tens of pixels), every 4 px (within the same
    // budget), whose triangles follow the fit closely enough that Newton from their start converges in
    // one or two steps and few starts fall beyond a fold. The rough-survey bench (1600 x 1018 px, 343
    // GCPs off by 20-40 px): 29 % of the 16 px cells fold, the warp took 2.5 times as long as with 4 px.
    const double budget = std::ceil(std::sqrt(static_cast<double>(m_width) * m_height / 400000.0));
    build(std::max(16.0, budget));
    const double fine = std::max(4.0, budget);
    const std::size_t cells = static_cast<std::size_t>(m_nodesX - 1) * static_cast<std::size_t>(m_nodesY - 1);
    if (fine < m_step && m_foldCells * 100 > cells)
        build(fine);
}

void InverseMesh::build(double step)
{
    const double w = m_width, h = m_height;
    m_step = step;
    m_band = 2 * m_step;
    m_foldCells = 0;
    m_bucketsX = m_bucketsY = 0;
    m_nodesX = static_cast<int>(std::ceil((w + 2 * m_band) / m_step)) + 1;
    m_nodesY = static_cast<int>(std::ceil((h + 2 * m_band) / m_step)) + 1;
    m_nodes.resize(static_cast<std::size_t>(m_nodesX) * static_cast<std::size_t>(m_nodesY));
    forRows(m_nodesY, [&](int j) {
        for (int i = 0; i < m_nodesX; ++i)
            m_nodes[static_cast<std::size_t>(j) * m_nodesX + i] = m_fit->toMap(nodePixel(i), nodeLine(j));
    });
    double minX = std::numeric_limits<double>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
    for (const core::Coordinate& m : m_nodes)
        if (std::isfinite(m.x) && std::isfinite(m.y)) {
            minX = std::min(minX, m.x);
            maxX = std::max(maxX, m.x);
            minY = std::min(minY, m.y);
            maxY = std::max(maxY, m.y);
        }
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1), cells = cellsX * static_cast<std::size_t>(m_nodesY - 1);
    if (!(maxX > minX) || !(maxY > minY) || cells == 0)
        return; // no usable mesh: every point goes through the fit's own inverse
    // Each cell's centre, for the bend of the fit within the cell (below).
    std::vector<core::Coordinate> centres(cells);
    forRows(m_nodesY - 1, [&](int j) {
        for (int i = 0; i + 1 < m_nodesX; ++i)
            centres[static_cast<std::size_t>(j) * cellsX + static_cast<std::size_t>(i)]
                = m_fit->toMap((nodePixel(i) + nodePixel(i + 1)) / 2, (nodeLine(j) + nodeLine(j + 1)) / 2);
    });
    const double unit = std::sqrt((maxX - minX) * (maxY - minY) / (w * h)); // map units per scan pixel, about
    m_reach = cellReach(centres, unit);
    double largestReach = 0.0;
    for (const double r : m_reach)
        if (std::isfinite(r))
            largestReach = std::max(largestReach, r);
    // Buckets about two cells wide, at most ~2 per cell (of the nodes' box), over that box and the reach.
    m_bucket = 2.0 * std::sqrt((maxX - minX) * (maxY - minY) / static_cast<double>(cells));
    while ((maxX - minX) / m_bucket * (maxY - minY) / m_bucket > 2.0 * static_cast<double>(cells))
        m_bucket *= 1.5;
    minX -= largestReach;
    minY -= largestReach;
    maxX += largestReach;
    maxY += largestReach;
    m_minX = minX;
    m_minY = minY;
    m_bucketsX = static_cast<int>((maxX - minX) / m_bucket) + 1;
    m_bucketsY = static_cast<int>((maxY - minY) / m_bucket) + 1;
    indexCells();
    indexNearCells(largestReach);
    flagFolds(centres);
}

std::vector<double> InverseMesh::cellReach(const std::vector<core::Coordinate>& centres, double unit) const
{
    // How far beyond its corners' box a cell's image may reach, map units: 4 times its centre's distance
    // from its corners' mean (the bend; where the fit is smooth at the cell's scale the image lies within
    // about that of the corners' bilinear patch, which lies in their box) and 4 scan pixels (the reach of
    // the widest resampling kernel, so a point a kernel's width beyond the scan's edge is still "near").
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1);
    std::vector<double> reach(centres.size(), 0.0);
    for (std::size_t c = 0; c < centres.size(); ++c) {
        const std::size_t i = c % cellsX, j = c / cellsX, n00 = j * m_nodesX + i;
        const core::Coordinate q00 = m_nodes[n00], q10 = m_nodes[n00 + 1], q01 = m_nodes[n00 + m_nodesX], q11 = m_nodes[n00 + m_nodesX + 1];
        const double bend = std::hypot(centres[c].x - (q00.x + q10.x + q01.x + q11.x) / 4, centres[c].y - (q00.y + q10.y + q01.y + q11.y) / 4);
        // At most 4 cells: a cell bent further folds, and is flagged below.
        reach[c] = std::min(4.0 * bend + 4.0 * unit, 4.0 * m_step * unit);
    }
    return reach;
}

bool InverseMesh::bucketRange(std::size_t cell, int range[4], double inflate) const
{
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1);
    const std::size_t i = cell % cellsX, j = cell / cellsX;
    double x0 = std::numeric_limits<double>::infinity(), y0 = x0, x1 = -x0, y1 = -x0;
    for (const std::size_t n : {j * m_nodesX + i, j * m_nodesX + i + 1, (j + 1) * m_nodesX + i, (j + 1) * m_nodesX + i + 1}) {
        const core::Coordinate m = m_nodes[n];
        if (!std::isfinite(m.x) || !std::isfinite(m.y))
            return false;
        x0 = std::min(x0, m.x);
        x1 = std::max(x1, m.x);
        y0 = std::min(y0, m.y);
        y1 = std::max(y1, m.y);
    }
    range[0] = std::max(static_cast<int>((x0 - inflate - m_minX) / m_bucket), 0);
    range[1] = std::min(static_cast<int>((x1 + inflate - m_minX) / m_bucket), m_bucketsX - 1);
    range[2] = std::max(static_cast<int>((y0 - inflate - m_minY) / m_bucket), 0);
    range[3] = std::min(static_cast<int>((y1 + inflate - m_minY) / m_bucket), m_bucketsY - 1);
    return true;
}

bool InverseMesh::onScan(std::size_t cell) const
{
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1);
    const int ci = static_cast<int>(cell % cellsX), cj = static_cast<int>(cell / cellsX);
    const double w = m_width, h = m_height;
    return !(nodePixel(ci + 1) < -4.0 || nodePixel(ci) > w + 4.0 || nodeLine(cj + 1) < -4.0 || nodeLine(cj) > h + 4.0);
}

void InverseMesh::indexCells()
{
    const std::size_t cells = static_cast<std::size_t>(m_nodesX - 1) * static_cast<std::size_t>(m_nodesY - 1);
    const std::size_t buckets = static_cast<std::size_t>(m_bucketsX) * static_cast<std::size_t>(m_bucketsY);
    m_bucketStart.assign(buckets + 1, 0);
    int range[4];
    for (std::size_t c = 0; c < cells; ++c)
        if (bucketRange(c, range))
            for (int by = range[2]; by <= range[3]; ++by)
                for (int bx = range[0]; bx <= range[1]; ++bx)
                    ++m_bucketStart[static_cast<std::size_t>(by) * m_bucketsX + bx + 1];
    for (std::size_t b = 0; b < buckets; ++b)
        m_bucketStart[b + 1] += m_bucketStart[b];
    m_cells.resize(m_bucketStart[buckets]);
    std::vector<std::uint32_t> fill(m_bucketStart.begin(), m_bucketStart.end() - 1);
    for (std::size_t c = 0; c < cells; ++c)
        if (bucketRange(c, range))
            for (int by = range[2]; by <= range[3]; ++by)
                for (int bx = range[0]; bx <= range[1]; ++bx)
                    m_cells[fill[static_cast<std::size_t>(by) * m_bucketsX + bx]++] = static_cast<std::uint32_t>(c);
}

void InverseMesh::indexNearCells(double largestReach)
{
    // The cells on the scan (or within 4 px of it) each bucket lies in the reach of: where a map point lies in
    // no triangle, a root in the scan the triangles miss (the fit bending within a cell) is in one of them.
    const std::size_t cells = static_cast<std::size_t>(m_nodesX - 1) * static_cast<std::size_t>(m_nodesY - 1);
    const std::size_t buckets = static_cast<std::size_t>(m_bucketsX) * static_cast<std::size_t>(m_bucketsY);
    m_nearStart.assign(buckets + 1, 0);
    int range[4];
    for (int pass = 0; pass < 2; ++pass) {
        std::vector<std::uint32_t> fill;
        if (pass == 1) {
            for (std::size_t b = 0; b < buckets; ++b)
                m_nearStart[b + 1] += m_nearStart[b];
            m_nearCells.resize(m_nearStart[buckets]);
            fill.assign(m_nearStart.begin(), m_nearStart.end() - 1);
        }
        for (std::size_t c = 0; c < cells; ++c) {
            if (!onScan(c))
                continue;
            const double inflate = std::isfinite(m_reach[c]) ? m_reach[c] : largestReach;
            if (!bucketRange(c, range, inflate))
                continue;
            for (int by = range[2]; by <= range[3]; ++by)
                for (int bx = range[0]; bx <= range[1]; ++bx) {
                    const std::size_t b = static_cast<std::size_t>(by) * m_bucketsX + bx;
                    if (pass == 0)
                        ++m_nearStart[b + 1];
                    else
                        m_nearCells[fill[b]++] = static_cast<std::uint32_t>(c);
                }
        }
    }
}

void InverseMesh::flagFolds(const std::vector<core::Coordinate>& centres)
{
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1), cells = centres.size();
    const std::size_t buckets = static_cast<std::size_t>(m_bucketsX) * static_cast<std::size_t>(m_bucketsY);
    // Cells where the fit folds (a triangle turned over against the scan's orientation) or bends within
    // the cell (its centre a pixel or more off the mean of its corners, as where a fold smaller than the
    // cell hides): map points there may have several roots, and the inverse may jump between sheets.
    int range[4];
    double orientation = 0;
    for (std::size_t c = 0; c < cells; c += std::max<std::size_t>(1, cells / 1000)) {
        if (!onScan(c))
            continue;
        const std::size_t i = c % cellsX, j = c / cellsX, n00 = j * m_nodesX + i;
        const core::Coordinate a = m_nodes[n00], b = m_nodes[n00 + 1], d = m_nodes[n00 + m_nodesX];
        const double det = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
        if (std::isfinite(det))
            orientation += det > 0 ? 1 : -1;
    }
    m_bucketFlags.assign(buckets, 0);
    m_smoothCells.assign(cells, 0);
    for (std::size_t c = 0; c < cells; ++c) {
        // Folds in the band beyond the scan are not flagged: the fit's extrapolation folds far more readily,
        // and what a warp takes from there is nothing.
        if (!onScan(c) || !bucketRange(c, range))
            continue;
        const std::size_t i = c % cellsX, j = c / cellsX, n00 = j * m_nodesX + i;
        const core::Coordinate q00 = m_nodes[n00], q10 = m_nodes[n00 + 1], q01 = m_nodes[n00 + m_nodesX], q11 = m_nodes[n00 + m_nodesX + 1];
        const double d0 = (q10.x - q00.x) * (q11.y - q00.y) - (q10.y - q00.y) * (q11.x - q00.x);
        const double d1 = (q11.x - q00.x) * (q01.y - q00.y) - (q11.y - q00.y) * (q01.x - q00.x);
        bool flag = d0 * orientation <= 0 || d1 * orientation <= 0;
        if (!flag) {
            const int ci = static_cast<int>(i), cj = static_cast<int>(j);
            const double cellArea = (nodePixel(ci + 1) - nodePixel(ci)) * (nodeLine(cj + 1) - nodeLine(cj));
            const core::Coordinate centre = centres[c];
            const double mx = (q00.x + q10.x + q01.x + q11.x) / 4, my = (q00.y + q10.y + q01.y + q11.y) / 4;
            const double pixelArea = (std::abs(d0) + std::abs(d1)) / cellArea;
            const double bend = std::hypot(centre.x - mx, centre.y - my) / std::sqrt(pixelArea); // scan px
            flag = !(bend < 1.0);
            // A centre within 0.05 px of its corners' mean: the fit's Jacobian varies across the cell by
            // about 4 x 0.05 / 16 ~ 1 %, the chord's contraction rate (see refine()).
            m_smoothCells[c] = bend < 0.05 ? 1 : 0;
        }
        if (!flag)
            continue;
        ++m_foldCells;
        for (int by = range[2]; by <= range[3]; ++by)
            for (int bx = range[0]; bx <= range[1]; ++bx)
                m_bucketFlags[static_cast<std::size_t>(by) * m_bucketsX + bx] = 1;
    }
}

bool InverseMesh::mayFold(double x, double y) const
{
    const double fx = (x - m_minX) / m_bucket, fy = (y - m_minY) / m_bucket;
    if (!(m_bucketsX > 0 && fx >= 0 && fy >= 0 && fx < m_bucketsX && fy < m_bucketsY))
        return false;
    return m_bucketFlags[static_cast<std::size_t>(fy) * m_bucketsX + static_cast<std::size_t>(fx)] != 0;
}

int InverseMesh::region(double x, double y) const
{
    const double fx = (x - m_minX) / m_bucket, fy = (y - m_minY) / m_bucket;
    if (!(m_bucketsX > 0 && fx >= 0 && fy >= 0 && fx < m_bucketsX && fy < m_bucketsY))
        return m_bucketsX > 0 && m_hasJacobian ? 0 : 1;
    const std::size_t b = static_cast<std::size_t>(fy) * m_bucketsX + static_cast<std::size_t>(fx);
    if (m_bucketFlags[b])
        return 2;
    if (m_hasJacobian && m_bucketStart[b] == m_bucketStart[b + 1] && m_nearStart[b] == m_nearStart[b + 1])
        return 0;
    return 1;
}

double InverseMesh::foldFraction() const
{
    std::size_t flagged = 0;
    for (const auto f : m_bucketFlags)
        flagged += f;
    return m_bucketFlags.empty() ? 0.0 : static_cast<double>(flagged) / static_cast<double>(m_bucketFlags.size());
}

core::Coordinate InverseMesh::toPixel(double x, double y) const
{
    Candidate found[8];
    int count = 0;
    const double fx = (x - m_minX) / m_bucket, fy = (y - m_minY) / m_bucket;
    if (m_bucketsX > 0 && fx >= 0 && fy >= 0 && fx < m_bucketsX && fy < m_bucketsY) {
        const std::size_t b = static_cast<std::size_t>(fy) * m_bucketsX + static_cast<std::size_t>(fx);
        const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1);
        for (std::uint32_t k = m_bucketStart[b]; k < m_bucketStart[b + 1]; ++k) {
            const std::size_t cell = m_cells[k], i = cell % cellsX, j = cell / cellsX;
            const double p0 = nodePixel(static_cast<int>(i)), p1 = nodePixel(static_cast<int>(i + 1));
            const double l0 = nodeLine(static_cast<int>(j)), l1 = nodeLine(static_cast<int>(j + 1));
            const std::size_t n00 = j * m_nodesX + i, n10 = n00 + 1, n01 = n00 + m_nodesX, n11 = n01 + 1;
            // Two triangles per cell: (00, 10, 11) and (00, 11, 01).
            const std::array<std::array<std::size_t, 2>, 2> corners{{{n10, n11}, {n11, n01}}};
            const std::array<std::array<core::Coordinate, 2>, 2> pixels{{{core::Coordinate{p1, l0}, core::Coordinate{p1, l1}},
                {core::Coordinate{p1, l1}, core::Coordinate{p0, l1}}}};
            for (int t = 0; t < 2; ++t) {
                const core::Coordinate m0 = m_nodes[n00], ma = m_nodes[corners[t][0]], mb = m_nodes[corners[t][1]];
                const double e1x = ma.x - m0.x, e1y = ma.y - m0.y, e2x = mb.x - m0.x, e2y = mb.y - m0.y;
                const double det = e1x * e2y - e1y * e2x;
                if (!(std::abs(det) > 0.0))
                    continue;
                const double dx = x - m0.x, dy = y - m0.y;
                const double a = (dx * e2y - dy * e2x) / det, c = (e1x * dy - e1y * dx) / det;
                if (!(a >= -1e-9 && c >= -1e-9 && a + c <= 1.0 + 1e-9))
                    continue;
                const double qax = pixels[t][0].x - p0, qay = pixels[t][0].y - l0;
                const double qbx = pixels[t][1].x - p0, qby = pixels[t][1].y - l0;
                Candidate candidate;
                candidate.start = {p0 + a * qax + c * qbx, l0 + a * qay + c * qby};
                candidate.smooth = m_smoothCells[cell] != 0;
                // pixel offset = [qa qb] [e1 e2]^-1 map offset
                candidate.inverse = {(qax * e2y - qbx * e1y) / det, (-qax * e2x + qbx * e1x) / det,
                    (qay * e2y - qby * e1y) / det, (-qay * e2x + qby * e1x) / det};
                bool seen = false;
                for (int f = 0; f < count && !seen; ++f)
                    seen = std::hypot(found[f].start.x - candidate.start.x, found[f].start.y - candidate.start.y) < 1e-3;
                if (!seen && count < 8)
                    found[count++] = candidate;
            }
        }
    }
    if (count == 0) {
        // In no cell's reach: no root in the scan (nor within a resampling kernel of its edge), nothing a
        // warp could take from it; a point with no root, as toPixel() says of what it cannot invert.
        if (m_bucketsX == 0 || !m_hasJacobian)
            return outsideMesh(x, y);
        if (!(fx >= 0 && fy >= 0 && fx < m_bucketsX && fy < m_bucketsY))
            return {std::nan(""), std::nan("")};
        return nearCells(x, y, static_cast<std::size_t>(fy) * m_bucketsX + static_cast<std::size_t>(fx));
    }
    int chosen = 0;
    if (count > 1) {
        // A fold: several sheets of the fit cover this map point; take the one nearest GDAL's reverse.
        const core::Coordinate r = m_fit->toPixelGdalReverse(x, y);
        double best = std::numeric_limits<double>::infinity();
        for (int f = 0; f < count; ++f) {
            const double d = std::hypot(found[f].start.x - r.x, found[f].start.y - r.y);
            if (d < best) {
                best = d;
                chosen = f;
            }
        }
    }
    return refine(x, y, found[chosen]);
}

core::Coordinate InverseMesh::nearCells(double x, double y, std::size_t bucket) const
{
    // The map point is in no triangle: a root in the scan lies in a cell whose reach holds the point,
    // where the fit bends away from the cell's two triangles. Newton from each such cell's centre, kept
    // to the cell (and a step around it); NaN when none has a root there, the map point's roots all
    // beyond the scan (as for most of a warp's output corners).
    const std::size_t cellsX = static_cast<std::size_t>(m_nodesX - 1);
    core::Coordinate best{std::nan(""), std::nan("")};
    double bestDistance = std::numeric_limits<double>::infinity();
    core::Coordinate reverse{std::nan(""), std::nan("")};
    for (std::uint32_t k = m_nearStart[bucket]; k < m_nearStart[bucket + 1]; ++k) {
        const std::size_t cell = m_nearCells[k], i = cell % cellsX, j = cell / cellsX;
        const std::size_t n00 = j * m_nodesX + i;
        double x0 = std::numeric_limits<double>::infinity(), y0 = x0, x1 = -x0, y1 = -x0;
        for (const std::size_t n : {n00, n00 + 1, n00 + m_nodesX, n00 + m_nodesX + 1}) {
            x0 = std::min(x0, m_nodes[n].x);
            x1 = std::max(x1, m_nodes[n].x);
            y0 = std::min(y0, m_nodes[n].y);
            y1 = std::max(y1, m_nodes[n].y);
        }
        const double reach = std::isfinite(m_reach[cell]) ? m_reach[cell] : std::numeric_limits<double>::infinity();
        if (x < x0 - reach || x > x1 + reach || y < y0 - reach || y > y1 + reach)
            continue;
        const int ci = static_cast<int>(i), cj = static_cast<int>(j);
        const core::Coordinate centre{(nodePixel(ci) + nodePixel(ci + 1)) / 2, (nodeLine(cj) + nodeLine(cj + 1)) / 2};
        core::Coordinate root;
        if (!newton(x, y, centre, false, root) || std::abs(root.x - centre.x) > 1.5 * m_step || std::abs(root.y - centre.y) > 1.5 * m_step
            || root.x < -4.0 || root.x > m_width + 4.0 || root.y < -4.0 || root.y > m_height + 4.0)
            continue;
        if (std::isfinite(best.x)) {
            // Several: the one nearest GDAL's reverse, as for several sheets in toPixel().
            if (!std::isfinite(reverse.x))
                reverse = m_fit->toPixelGdalReverse(x, y);
            if (!std::isfinite(bestDistance))
                bestDistance = std::hypot(best.x - reverse.x, best.y - reverse.y);
            const double d = std::hypot(root.x - reverse.x, root.y - reverse.y);
            if (!(d < bestDistance) && std::abs(root.x - best.x) + std::abs(root.y - best.y) > 1e-3)
                continue;
            bestDistance = d;
        }
        best = root;
    }
    return best;
}

bool InverseMesh::newton(double x, double y, core::Coordinate start, bool smooth, core::Coordinate& root) const
{
    // Newton steps p += J(p)^-1 (m - F(p)) with the fit's own Jacobian, each one evaluation of the fit and
    // its Jacobian. They converge quadratically: the error left after a step d is about K d^2,
    // K = |J^-1 F''| / 2, ~rho / d_cell (the chord's rate over a cell's size, ~1e-2 / 16 px where the fit is
    // smooth at the mesh's scale): a first step below 1e-2 px leaves ~1e-7 px, below 0.05 px in a smooth
    // cell ~1e-6 px. Later steps are judged by their contraction as the chord's. A step longer than two
    // cells (the Jacobian nearly singular, at a fold) or a contraction slower than 0.7 fails.
    core::Coordinate p = start, f;
    std::array<double, 4> j{};
    double previous = 0.0;
    for (int iteration = 0; iteration < 8; ++iteration) {
        if (!m_fit->toMapWithJacobian(p.x, p.y, f, j))
            return false;
        const double det = j[0] * j[3] - j[1] * j[2];
        const double rx = x - f.x, ry = y - f.y;
        const double dx = (j[3] * rx - j[1] * ry) / det, dy = (-j[2] * rx + j[0] * ry) / det;
        const double d = std::hypot(dx, dy);
        if (!std::isfinite(d) || d > 2 * m_step)
            return false;
        p.x += dx;
        p.y += dy;
        if (iteration == 0) {
            if (d < (smooth ? 0.05 : 1e-2)) {
                root = p;
                return true;
            }
        } else {
            const double rate = d / previous;
            if (rate > 0.7)
                return false;
            if (d < 1e-4 || rate * d / (1.0 - rate) < 1e-3) {
                root = p;
                return true;
            }
        }
        previous = d;
    }
    return false;
}

core::Coordinate InverseMesh::outsideMesh(double x, double y) const
{
    // Beyond the mesh's image (outside the scan, where a warp's output grid has its corners): chord steps
    // from GDAL's reverse estimate through the affine map of the mesh cell nearest it, as over the mesh
    // (the fit's extrapolation is smooth), Newton from the same start where they do not converge.
    const core::Coordinate r = m_fit->toPixelGdalReverse(x, y);
    if (!std::isfinite(r.x) || !std::isfinite(r.y) || m_bucketsX == 0)
        return m_fit->toPixelFrom(x, y, r, 1e-3);
    const int i = std::clamp(static_cast<int>(std::floor((r.x + m_band) / m_step)), 0, m_nodesX - 2);
    const int j = std::clamp(static_cast<int>(std::floor((r.y + m_band) / m_step)), 0, m_nodesY - 2);
    const std::size_t n00 = static_cast<std::size_t>(j) * m_nodesX + i;
    const core::Coordinate m00 = m_nodes[n00], m10 = m_nodes[n00 + 1], m01 = m_nodes[n00 + m_nodesX];
    const double dp = nodePixel(i + 1) - nodePixel(i), dl = nodeLine(j + 1) - nodeLine(j);
    const double e1x = m10.x - m00.x, e1y = m10.y - m00.y, e2x = m01.x - m00.x, e2y = m01.y - m00.y;
    const double det = e1x * e2y - e1y * e2x;
    if (!(std::abs(det) > 0.0))
        return m_fit->toPixelFrom(x, y, r, 1e-3);
    Candidate c;
    c.start = r;
    // pixel offset = diag(dp, dl) [e1 e2]^-1 map offset
    c.inverse = {dp * e2y / det, -dp * e2x / det, -dl * e1y / det, dl * e1x / det};
    return refine(x, y, c);
}

core::Coordinate InverseMesh::refine(double x, double y, const Candidate& c) const
{
    core::Coordinate p = c.start;
    double previous = 0.0;
    // With the fit's own Jacobian (tps, and the affine methods): Newton from the mesh's start, which stays
    // on the start's sheet unless a step is longer than two cells (the Jacobian nearly singular at a
    // fold): that start goes to toPixelFrom() as a chord that does not converge.
    if (m_hasJacobian) {
        core::Coordinate root;
        if (newton(x, y, c.start, c.smooth, root))
            return root;
        return m_fit->toPixelFrom(x, y, c.start, 1e-3);
    }
    core::Coordinate f;
    // Chord steps p += A^-1 (m - F(p)), A the triangle's affine map: they contract at rate
    // rho = |I - A^-1 J| (~1e-2 where the fit is smooth at the mesh's scale); the error left after a step
    // d is about rho d / (1 - rho): below 1e-3 px once d < 1e-2 px (unless the fit bends so much within
    // the triangle that rho > 0.1, where the step from the mesh's start is rarely that small), and once
    // d < 0.05 px in a cell whose centre the mesh interpolates to 0.05 px (rho ~1e-2 there).
    const auto& a = c.inverse;
    for (int iteration = 0; iteration < 8; ++iteration) {
        f = m_fit->toMap(p.x, p.y);
        const double rx = x - f.x, ry = y - f.y;
        const double dx = a[0] * rx + a[1] * ry, dy = a[2] * rx + a[3] * ry;
        const double d = std::hypot(dx, dy);
        if (!std::isfinite(d))
            break;
        p.x += dx;
        p.y += dy;
        if (iteration == 0) {
            // The start is the mesh's interpolation: a first step this small leaves ~rho * 1e-2 px, or
            // ~1e-2 * 0.05 px in a smooth cell.
            if (d < (c.smooth ? 0.05 : 1e-2))
                return p;
        } else {
            const double rate = d / previous;
            if (rate > 0.7)
                break;
            if (d < 1e-4 || rate * d / (1.0 - rate) < 1e-3)
                return p;
        }
        previous = d;
    }
    // The chord does not converge (the fit bends within the triangle, e.g. a fold): Newton from the start.
    return m_fit->toPixelFrom(x, y, c.start, 1e-3);
}

} // namespace sandtable::geo
