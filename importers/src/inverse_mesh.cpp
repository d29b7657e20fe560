// SPDX-License-Identifier: GPL-3.0-or-later
// InverseMesh: the forward fit on a mesh over the scan, bucketed in map space; chord steps to the root.
#include "sandtable/importers/inverse_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <thread>
#include <vector>

namespace sandtable::importers {
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
    const double w = m_width, h = m_height;
    m_step = std::max(16.0, std::ceil(std::sqrt(w * h / 400000.0)));
    m_nodesX = static_cast<int>(std::ceil(w / m_step)) + 1;
    m_nodesY = static_cast<int>(std::ceil(h / m_step)) + 1;
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
    // Buckets about two cells wide, at most ~2 per cell.
    m_bucket = 2.0 * std::sqrt((maxX - minX) * (maxY - minY) / static_cast<double>(cells));
    while ((maxX - minX) / m_bucket * (maxY - minY) / m_bucket > 2.0 * static_cast<double>(cells))
        m_bucket *= 1.5;
    m_minX = minX;
    m_minY = minY;
    m_bucketsX = static_cast<int>((maxX - minX) / m_bucket) + 1;
    m_bucketsY = static_cast<int>((maxY - minY) / m_bucket) + 1;
    auto bucketRange = [&](std::size_t cell, int range[4]) {
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
        range[0] = static_cast<int>((x0 - m_minX) / m_bucket);
        range[1] = std::min(static_cast<int>((x1 - m_minX) / m_bucket), m_bucketsX - 1);
        range[2] = static_cast<int>((y0 - m_minY) / m_bucket);
        range[3] = std::min(static_cast<int>((y1 - m_minY) / m_bucket), m_bucketsY - 1);
        return true;
    };
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
    // Cells where the fit folds (a triangle turned over against the scan's orientation) or bends within
    // the cell (its centre a pixel or more off the mean of its corners, as where a fold smaller than the
    // cell hides): map points there may have several roots, and the inverse may jump between sheets.
    double orientation = 0;
    for (std::size_t c = 0; c < cells; c += std::max<std::size_t>(1, cells / 1000)) {
        const std::size_t i = c % cellsX, j = c / cellsX, n00 = j * m_nodesX + i;
        const core::Coordinate a = m_nodes[n00], b = m_nodes[n00 + 1], d = m_nodes[n00 + m_nodesX];
        const double det = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
        if (std::isfinite(det))
            orientation += det > 0 ? 1 : -1;
    }
    m_bucketFlags.assign(buckets, 0);
    m_smoothCells.assign(cells, 0);
    std::vector<core::Coordinate> centres(cells);
    forRows(m_nodesY - 1, [&](int j) {
        for (int i = 0; i + 1 < m_nodesX; ++i)
            centres[static_cast<std::size_t>(j) * cellsX + static_cast<std::size_t>(i)]
                = m_fit->toMap((nodePixel(i) + nodePixel(i + 1)) / 2, (nodeLine(j) + nodeLine(j + 1)) / 2);
    });
    for (std::size_t c = 0; c < cells; ++c) {
        if (!bucketRange(c, range))
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
    m_cells.resize(m_bucketStart[buckets]);
    std::vector<std::uint32_t> fill(m_bucketStart.begin(), m_bucketStart.end() - 1);
    for (std::size_t c = 0; c < cells; ++c)
        if (bucketRange(c, range))
            for (int by = range[2]; by <= range[3]; ++by)
                for (int bx = range[0]; bx <= range[1]; ++bx)
                    m_cells[fill[static_cast<std::size_t>(by) * m_bucketsX + bx]++] = static_cast<std::uint32_t>(c);
}

bool InverseMesh::mayFold(double x, double y) const
{
    const double fx = (x - m_minX) / m_bucket, fy = (y - m_minY) / m_bucket;
    if (!(m_bucketsX > 0 && fx >= 0 && fy >= 0 && fx < m_bucketsX && fy < m_bucketsY))
        return false;
    return m_bucketFlags[static_cast<std::size_t>(fy) * m_bucketsX + static_cast<std::size_t>(fx)] != 0;
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
    if (count == 0)
        return outsideMesh(x, y);
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

core::Coordinate InverseMesh::outsideMesh(double x, double y) const
{
    // Beyond the mesh's image (outside the scan, where a warp's output grid has its corners): chord steps
    // from GDAL's reverse estimate through the affine map of the mesh cell nearest it, as over the mesh
    // (the fit's extrapolation is smooth), Newton from the same start where they do not converge.
    const core::Coordinate r = m_fit->toPixelGdalReverse(x, y);
    if (!std::isfinite(r.x) || !std::isfinite(r.y) || m_bucketsX == 0)
        return m_fit->toPixelFrom(x, y, r, 1e-3);
    const int i = std::clamp(static_cast<int>(std::floor(r.x / m_step)), 0, m_nodesX - 2);
    const int j = std::clamp(static_cast<int>(std::floor(r.y / m_step)), 0, m_nodesY - 2);
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
    // Chord steps p += A^-1 (m - F(p)), A the triangle's affine map: they contract at rate
    // rho = |I - A^-1 J| (~1e-2 where the fit is smooth at the mesh's scale); the error left after a step
    // d is about rho d / (1 - rho): below 1e-3 px once d < 1e-2 px (unless the fit bends so much within
    // the triangle that rho > 0.1, where the step from the mesh's start is rarely that small), and once
    // d < 0.05 px in a cell whose centre the mesh interpolates to 0.05 px (rho ~1e-2 there).
    core::Coordinate p = c.start;
    double previous = 0.0;
    const auto& a = c.inverse;
    for (int iteration = 0; iteration < 8; ++iteration) {
        const core::Coordinate f = m_fit->toMap(p.x, p.y);
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

} // namespace sandtable::importers
