// SPDX-License-Identifier: GPL-3.0-or-later
// The map canvas's view: world metres (working CRS, y north) <-> screen pixels (y down), zoom, pan, fit.
#pragma once

#include "sandtable/core/model/geometry.hpp"
#include "sandtable/core/model/scenario.hpp"
#include "sandtable/editor/logic/affine.hpp"

namespace sandtable::editor {

/// Maps the working CRS onto a viewport of logical (device-independent) pixels. The scale is logical
/// pixels per metre; the content scale (HiDPI factor, 2 on a "200 %" screen) converts logical pixels to
/// device pixels, which is what raster level choice cares about. North is up, no rotation.
class ViewTransform {
public:
    /// Bounds of the scale, logical pixels per metre: 1e-5 (a 100,000 km wide view in 1,000 px) to 1,000
    /// (a millimetre per pixel), wide enough for a whole country map and for single pixels of any scan.
    static constexpr double kMinScale = 1e-5;
    static constexpr double kMaxScale = 1e3;

    ViewTransform() = default;

    /// Viewport size in logical pixels. Resizing keeps the world point at the viewport's centre.
    void setViewportSize(double width, double height);
    double viewportWidth() const noexcept { return m_width; }
    double viewportHeight() const noexcept { return m_height; }

    /// Logical pixels per device pixel ratio (>= 1 on HiDPI screens); values <= 0 are taken as 1.
    void setContentScale(double factor);
    double contentScale() const noexcept { return m_contentScale; }

    /// Logical pixels per metre, clamped to [kMinScale, kMaxScale].
    void setScale(double pixelsPerMetre);
    double scale() const noexcept { return m_scale; }
    double devicePixelsPerMetre() const noexcept { return m_scale * m_contentScale; }

    /// The world point shown at the viewport's centre.
    void setCentre(core::Coordinate centre) { m_centre = centre; }
    core::Coordinate centre() const noexcept { return m_centre; }

    Point worldToScreen(core::Coordinate world) const;
    core::Coordinate screenToWorld(Point screen) const;
    /// The world -> screen map as a matrix (for wxGraphicsContext and raster tiles).
    Affine2D worldToScreenMatrix() const;

    /// Multiplies the scale by `factor` (clamped) keeping the world point under `screen` fixed.
    void zoomAbout(Point screen, double factor);
    /// Moves the content by (dx, dy) logical pixels, as a drag of the map does.
    void panBy(double dx, double dy);
    /// Centres `extent` and picks the largest scale at which it fits inside the viewport less `margin`
    /// pixels on each side. A degenerate extent (zero width and height) only recentres.
    void fitExtent(const core::Extent& extent, double margin = 0.0);
    /// The world rectangle the viewport shows.
    core::Extent visibleExtent() const;

    /// The representative fraction 1:N of the screen view, taking a logical pixel as 1/96 inch (CSS pixel).
    double scaleDenominator() const;

private:
    core::Coordinate m_centre;
    double m_scale = 1.0;
    double m_width = 1.0;
    double m_height = 1.0;
    double m_contentScale = 1.0;
};

} // namespace sandtable::editor
