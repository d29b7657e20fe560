// SPDX-License-Identifier: GPL-3.0-or-later
// The exact inverse of a GCP fit at many points over a scan (the warp's map -> scan direction).
#pragma once

#include "sandtable/geo/gcp_fit.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace sandtable::geo {

/// The forward fit sampled on a mesh over the scan and a band of two cells beyond its edges (nodes every
/// 16 px, coarser for scans above ~400k nodes; every 4 px within the same budget where more than 1 % of the
/// 16 px cells fold, as on a rough survey) and indexed in target-CRS space, for the exact inverse at many
/// points (the warp): a map point is located in the mesh's triangles, whose linear interpolation gives a
/// start within a fraction of a pixel of the root, refined to ~1e-3 px: by Newton steps on the fit's own
/// Jacobian where it has one (tps, poly2/poly3, affine; usually 1-2 evaluations), else by chord steps through
/// the triangle's own affine map (a spline only GDAL could solve; usually 1 evaluation, against Newton's 5 per
/// step with forward differences). Where the fit folds, a map point lies in several triangles (several sheets): the one whose
/// start is nearest GDAL's reverse estimate is refined. A map point in no triangle has a root in the scan
/// only where the fit bends away from a cell's triangles: each cell on the scan has a reach (4 times the
/// bend at its centre and 4 px), and Newton runs from the centre of each cell whose reach holds the point;
/// none (as for most of a warp's output corners, whose roots lie beyond the scan) is NaN, at the cost of a
/// lookup. (A fit without a Jacobian: chord steps from GDAL's reverse estimate through the nearest cell's
/// affine map, for every point in no triangle; before poly2/poly3 had their Jacobian this took the Cope
/// survey's poly2 warp 23 minutes.) Starts whose steps do not converge go through GcpTransform::toPixelFrom().
/// Read-only after construction: safe to share between threads. Building it costs one evaluation of the
/// fit per node and one per cell centre (~100k for a 4000 x 3000 scan, at most ~800k, twice where it is
/// rebuilt finer), spread over the machine's cores; it throws what the fit throws.
class InverseMesh {
public:
    InverseMesh(std::shared_ptr<const GcpTransform> fit, int scanWidth, int scanHeight);
    /// Target CRS -> scan pixel/line (GDAL's convention, as GcpTransform), the exact inverse of
    /// fit().toMap() to ~1e-3 px; NaN where none is found, and (tps, affine) where the map point has no root
    /// within the mesh (the scan and its band). `scanWidth` x `scanHeight` are the scan's pixels.
    core::Coordinate toPixel(double x, double y) const;
    const GcpTransform& fit() const { return *m_fit; }
    /// True where the map point lies near a mesh cell where the fit folds or bends by a pixel or more
    /// within the cell (in buckets of ~2 cells): there the inverse may jump
    /// between sheets from one map point to the next, so it must not be interpolated. False elsewhere,
    /// where the inverse is continuous, and outside the mesh.
    bool mayFold(double x, double y) const;
    /// What toPixel() does around a map point: 0 where it finds no root for sure (no cell of the mesh, nor
    /// the reach of a cell on the scan, comes near: toPixel() is NaN, cheaply), 2 where mayFold(), 1 elsewhere.
    int region(double x, double y) const;
    /// Share of the mesh's map-space buckets mayFold() flags (0..1).
    double foldFraction() const;

private:
    struct Candidate {
        core::Coordinate start;
        std::array<double, 4> inverse; ///< the triangle's map -> pixel linear part, row-major
        bool smooth = false;           ///< the cell's centre is interpolated to 0.05 px
    };
    /// Builds the mesh with nodes every `step` scan px (replacing any built before).
    void build(double step);
    /// How far beyond its corners' box each cell's image may reach, map units (`centres`: toMap of the cells'
    /// centres; `unit`: map units per scan pixel, about).
    std::vector<double> cellReach(const std::vector<core::Coordinate>& centres, double unit) const;
    /// The buckets {x0, x1, y0, y1} a cell's corners' box, grown by `inflate` map units, covers; false
    /// where a corner has no map point.
    bool bucketRange(std::size_t cell, int range[4], double inflate = 0.0) const;
    /// The cell lies on the scan or within 4 px of it.
    bool onScan(std::size_t cell) const;
    /// m_bucketStart, m_cells: the cells whose box covers each bucket.
    void indexCells();
    /// m_nearStart, m_nearCells: the cells on the scan whose reach covers each bucket.
    void indexNearCells(double largestReach);
    /// m_bucketFlags, m_smoothCells, m_foldCells: where the fit folds or bends within a cell.
    void flagFolds(const std::vector<core::Coordinate>& centres);
    core::Coordinate refine(double x, double y, const Candidate& c) const;
    core::Coordinate outsideMesh(double x, double y) const;
    core::Coordinate nearCells(double x, double y, std::size_t bucket) const;
    bool newton(double x, double y, core::Coordinate start, bool smooth, core::Coordinate& root) const;
    /// The scan pixel of node column `i` and the scan line of node row `j` (the first and last ones m_band
    /// beyond the scan's edges).
    double nodePixel(int i) const { return std::min(i * m_step - m_band, m_width + m_band); }
    double nodeLine(int j) const { return std::min(j * m_step - m_band, m_height + m_band); }

    std::shared_ptr<const GcpTransform> m_fit;
    int m_width = 0, m_height = 0;
    double m_step = 16;             ///< node spacing, scan px
    double m_band = 32;             ///< the mesh reaches this far beyond the scan's edges, scan px (2 steps)
    int m_nodesX = 0, m_nodesY = 0;
    std::vector<core::Coordinate> m_nodes; ///< toMap of the nodes, row-major
    double m_minX = 0, m_minY = 0, m_bucket = 1;
    int m_bucketsX = 0, m_bucketsY = 0;
    std::vector<std::uint32_t> m_bucketStart; ///< CSR over buckets: cells m_cells[start[b] .. start[b+1])
    std::vector<std::uint32_t> m_cells;
    std::vector<std::uint8_t> m_bucketFlags; ///< 1 where mayFold()
    std::vector<std::uint32_t> m_nearStart;  ///< CSR over buckets: cells on the scan whose reach covers the bucket
    std::vector<std::uint32_t> m_nearCells;
    std::vector<double> m_reach;             ///< per cell, how far its image may reach beyond its corners' box, map units
    bool m_hasJacobian = false;              ///< the fit gives its Jacobian (GcpTransform::toMapWithJacobian)
    std::vector<std::uint8_t> m_smoothCells; ///< per cell, 1 where the mesh interpolates the centre to 0.05 px
    std::size_t m_foldCells = 0;
};

} // namespace sandtable::geo
