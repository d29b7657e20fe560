// SPDX-License-Identifier: GPL-3.0-or-later
// Geometry checks for tests, written independently of the code under test.
#pragma once

#include "sandtable/core/model/geometry.hpp"

namespace sandtable::test {

/// True when `p` (working-CRS metres) lies inside `polygon` by the even-odd rule over every ring of every
/// part (holes excluded). Hand-rolled so tests never check a geometry with the code they test.
inline bool evenOddContains(const core::Geometry& polygon, core::Coordinate p)
{
    bool in = false;
    for (const auto& part : polygon.parts)
        for (const auto& ring : part)
            for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++)
                if ((ring[i].y > p.y) != (ring[j].y > p.y)
                    && p.x < (ring[j].x - ring[i].x) * (p.y - ring[i].y) / (ring[j].y - ring[i].y) + ring[i].x)
                    in = !in;
    return in;
}

} // namespace sandtable::test
