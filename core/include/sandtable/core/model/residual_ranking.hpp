// SPDX-License-Identifier: GPL-3.0-or-later
// The one order GCP residuals are listed in (worst first) and the residual arrow drawn on a scan: shared by
// the CLI's table, the editor's georeferencing workspace and the georeferencing report.
#pragma once

#include "sandtable/core/model/geometry.hpp"

#include <algorithm>
#include <concepts>
#include <vector>

namespace sandtable::core {

/// The worst-first rule for two GCPs: an enabled GCP comes before a disabled one (disabled GCPs count in
/// no figure, cli.md); among the same kind the larger map residual comes first; equal residuals by id,
/// ascending. True when (enabledA, residualA, idA) is listed before (enabledB, residualB, idB).
bool listedBefore(bool enabledA, double residualMapA, int idA, bool enabledB, double residualMapB, int idB);

/// A row the rule can order: an `id`, an `enabled` flag and a `residualMap` (target-CRS units).
template <typename Row>
concept RankedResidual = requires(const Row& row) {
    { row.id } -> std::convertible_to<int>;
    { row.enabled } -> std::convertible_to<bool>;
    { row.residualMap } -> std::convertible_to<double>;
};

/// `rows` ordered by listedBefore() (a stable sort: rows equal in all three keep their order).
template <RankedResidual Row>
std::vector<Row> worstFirst(std::vector<Row> rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return listedBefore(a.enabled, a.residualMap, a.id, b.enabled, b.residualMap, b.id);
    });
    return rows;
}

/// The head of a GCP's residual arrow on the scan, pixel/line: from the GCP's pixel (`pixel`, `line`)
/// towards where the fit sends its map point back onto the scan (`backPixel`, `backLine`), lengthened
/// `exaggeration` times (1 = true length): pixel + exaggeration * (backPixel - pixel), same for line.
Coordinate residualArrowHead(double pixel, double line, double backPixel, double backLine, double exaggeration);

} // namespace sandtable::core
