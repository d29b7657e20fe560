// SPDX-License-Identifier: GPL-3.0-or-later
// Sutherland-Hodgman against a convex polygon, used by the majority rule and the campaign grid coverage.
#include "convex_clip.hpp"

namespace sandtable::core::geometry::detail {

double twiceSignedArea(const ClipPoint* ring, std::size_t n)
{
    if (n < 3)
        return 0.0;
    double sum = 0.0;
    const double x0 = ring[0].x;
    const double y0 = ring[0].y;
    for (std::size_t i = 1; i + 1 < n; ++i)
        sum += (ring[i].x - x0) * (ring[i + 1].y - y0) - (ring[i + 1].x - x0) * (ring[i].y - y0);
    return sum;
}

ClipBuffers& threadClipBuffers()
{
    thread_local ClipBuffers buffers;
    return buffers;
}

double clipTwiceArea(ClipBuffers& buffers, const ClipPoint* corners, std::size_t m, const ClipPoint* ring, std::size_t n,
    double dx, double dy, unsigned edges)
{
    // Each pass adds at most one point per crossing: n + corners points is the most a pass can output.
    const std::size_t capacity = 2 * (n + m) + 4;
    if (buffers.a.size() < capacity) {
        buffers.a.resize(capacity);
        buffers.b.resize(capacity);
    }
    ClipPoint* in = buffers.a.data();
    ClipPoint* out = buffers.b.data();
    for (std::size_t i = 0; i < n; ++i)
        in[i] = {ring[i].x - dx, ring[i].y - dy};
    std::size_t count = n;
    for (std::size_t e = 0; e < m && count > 0; ++e) {
        if (!(edges & (1u << e)))
            continue;
        const ClipPoint p = corners[e];
        const ClipPoint q = corners[(e + 1) % m];
        const double ex = q.x - p.x;
        const double ey = q.y - p.y;
        // On an axis-parallel edge the side test is a coordinate's sign (exact) and a crossing lies on it.
        const bool vertical = ex == 0.0, horizontal = ey == 0.0;
        const auto crossing = [&](const ClipPoint& a, const ClipPoint& b, double sa, double sb) -> ClipPoint {
            const double t = sa / (sa - sb);
            ClipPoint c{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
            if (vertical)
                c.x = p.x;
            if (horizontal)
                c.y = p.y;
            return c;
        };
        std::size_t written = 0;
        ClipPoint prev = in[count - 1];
        double sp = ex * (prev.y - p.y) - ey * (prev.x - p.x);
        for (std::size_t i = 0; i < count; ++i) {
            const ClipPoint cur = in[i];
            const double sc = ex * (cur.y - p.y) - ey * (cur.x - p.x);
            if (sc >= 0.0) {
                if (sp < 0.0)
                    out[written++] = crossing(prev, cur, sp, sc);
                out[written++] = cur;
            } else if (sp > 0.0) {
                out[written++] = crossing(prev, cur, sp, sc);
            }
            prev = cur;
            sp = sc;
        }
        ClipPoint* swap = in;
        in = out;
        out = swap;
        count = written;
    }
    return twiceSignedArea(in, count);
}

} // namespace sandtable::core::geometry::detail
