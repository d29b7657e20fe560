// SPDX-License-Identifier: GPL-3.0-or-later
// World <-> screen mapping of the map canvas.
#include "sandtable/editor/logic/view_transform.hpp"

#include <algorithm>
#include <limits>

namespace sandtable::editor {

void ViewTransform::setViewportSize(double width, double height)
{
    m_width = std::max(width, 1.0);
    m_height = std::max(height, 1.0);
}

void ViewTransform::setContentScale(double factor) { m_contentScale = factor > 0.0 ? factor : 1.0; }

void ViewTransform::setScale(double pixelsPerMetre) { m_scale = std::clamp(pixelsPerMetre, kMinScale, kMaxScale); }

Point ViewTransform::worldToScreen(core::Coordinate world) const
{
    return {m_width / 2.0 + (world.x - m_centre.x) * m_scale, m_height / 2.0 - (world.y - m_centre.y) * m_scale};
}

core::Coordinate ViewTransform::screenToWorld(Point screen) const
{
    return {m_centre.x + (screen.x - m_width / 2.0) / m_scale, m_centre.y - (screen.y - m_height / 2.0) / m_scale};
}

Affine2D ViewTransform::worldToScreenMatrix() const
{
    return {m_scale, 0.0, 0.0, -m_scale, m_width / 2.0 - m_centre.x * m_scale, m_height / 2.0 + m_centre.y * m_scale};
}

void ViewTransform::zoomAbout(Point screen, double factor)
{
    if (!(factor > 0.0))
        return;
    const core::Coordinate anchor = screenToWorld(screen);
    setScale(m_scale * factor);
    m_centre = {anchor.x - (screen.x - m_width / 2.0) / m_scale, anchor.y + (screen.y - m_height / 2.0) / m_scale};
}

void ViewTransform::panBy(double dx, double dy)
{
    m_centre.x -= dx / m_scale;
    m_centre.y += dy / m_scale;
}

void ViewTransform::fitExtent(const core::Extent& extent, double margin)
{
    m_centre = {(extent.minX + extent.maxX) / 2.0, (extent.minY + extent.maxY) / 2.0};
    const double availableWidth = std::max(m_width - 2.0 * margin, 1.0);
    const double availableHeight = std::max(m_height - 2.0 * margin, 1.0);
    double fit = std::numeric_limits<double>::infinity();
    if (extent.width() > 0.0)
        fit = std::min(fit, availableWidth / extent.width());
    if (extent.height() > 0.0)
        fit = std::min(fit, availableHeight / extent.height());
    if (fit != std::numeric_limits<double>::infinity())
        setScale(fit);
}

core::Extent ViewTransform::visibleExtent() const
{
    const core::Coordinate topLeft = screenToWorld({0.0, 0.0});
    const core::Coordinate bottomRight = screenToWorld({m_width, m_height});
    return {topLeft.x, bottomRight.y, bottomRight.x, topLeft.y};
}

double ViewTransform::scaleDenominator() const
{
    constexpr double kMetresPerLogicalPixel = 0.0254 / 96.0;
    return 1.0 / (m_scale * kMetresPerLogicalPixel);
}

} // namespace sandtable::editor
