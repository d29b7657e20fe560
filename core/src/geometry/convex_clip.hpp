// SPDX-License-Identifier: GPL-3.0-or-later
// The one polygon clipper of core: a ring against a convex polygon (Sutherland-Hodgman), as an area.
#pragma once

#include <cstddef>
#include <vector>

namespace sandtable::core::geometry::detail {

struct ClipPoint {
    double x;
    double y;
};

/// Twice the signed area (counter-clockwise positive) of a ring of `n` points given without its closing
/// vertex; shifted by the first vertex, so coordinates far from the origin lose fewer digits.
double twiceSignedArea(const ClipPoint* ring, std::size_t n);

/// Work buffers of the clipper, reused across calls on one thread.
struct ClipBuffers {
    std::vector<ClipPoint> a;
    std::vector<ClipPoint> b;
};
ClipBuffers& threadClipBuffers();

/// Twice the signed area of ring ∩ convex: Sutherland-Hodgman of the ring (`n` points, no closing vertex,
/// each moved by (-dx, -dy) first) against the counter-clockwise convex polygon `corners` (`m` corners, at
/// most 32). Only the edges whose bit is set in `edges` are clipped against (edge e runs from corner e to
/// corner e + 1; the caller leaves out edges with the ring's whole envelope on their inner side). A crossing
/// on an axis-parallel edge takes the edge's coordinate exactly, so squares of a grid that share an edge
/// share their crossing points and their areas add up to the whole. For a non-convex ring the output may
/// hold zero-width bridges along the convex's edges; they add no area, so the signed area is exact.
double clipTwiceArea(ClipBuffers& buffers, const ClipPoint* corners, std::size_t m, const ClipPoint* ring, std::size_t n,
    double dx, double dy, unsigned edges);

} // namespace sandtable::core::geometry::detail
