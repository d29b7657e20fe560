// SPDX-License-Identifier: GPL-3.0-or-later
// The one terrain painter (core's styles with cairo) for the printed map, the editor's canvas and the thumbnail.
#include "sandtable/print/terrain_painter.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace sandtable::print {
namespace {

using core::style::TerrainStyle;

/// A style's millimetres in device units.
struct Units {
    const TerrainPaintOptions& o;
    double length(double mm) const { return mm / o.mmPerUnit; }
    double line(double mm) const { return std::max(mm / o.mmPerUnit, o.minLineUnits); }
};

void setLine(cairo_t* cr, const TerrainStyle& style, const Units& u)
{
    cairo_set_line_width(cr, u.line(style.lineWidthMm));
    if (style.dashMm.empty()) {
        cairo_set_dash(cr, nullptr, 0, 0);
        return;
    }
    std::vector<double> dash;
    dash.reserve(style.dashMm.size());
    for (const double mm : style.dashMm)
        dash.push_back(u.length(mm));
    cairo_set_dash(cr, dash.data(), static_cast<int>(dash.size()), 0);
}

/// Fill, hatching and edge band of the area that is the current path, under `rule`; keeps the path.
void fillArea(cairo_t* cr, const TerrainStyle& style, const Units& u, cairo_fill_rule_t rule)
{
    cairo_set_fill_rule(cr, rule);
    if (style.fill.a > 0) {
        setSourceColour(cr, style.fill);
        cairo_fill_preserve(cr);
    }
    if (style.hatch == core::style::Hatch::Horizontal && style.hatchSpacingMm > 0) {
        // Lines only across what can show: the area as far as the current clip reaches (a sheet's map area, the
        // canvas's window). The area's own extents would give, on the canvas zoomed in on a wood kilometres
        // across, thousands of hatch lines a frame, nearly all outside the window.
        cairo_save(cr);
        cairo_clip_preserve(cr);
        double x0, y0, x1, y1;
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1);
        cairo_path_t* area = cairo_copy_path(cr);
        cairo_new_path(cr);
        const double pitch = u.length(style.hatchSpacingMm);
        const double anchor = u.o.hatchAnchorY;
        for (double y = anchor + std::floor((y0 - anchor) / pitch) * pitch + pitch / 2; y < y1; y += pitch) {
            cairo_move_to(cr, x0, y);
            cairo_line_to(cr, x1, y);
        }
        setSourceColour(cr, style.hatchColour);
        cairo_set_line_width(cr, u.length(style.hatchWidthMm)); // true: below a pixel the hatching is a tint of its density
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_stroke(cr);
        cairo_restore(cr);
        cairo_new_path(cr);
        cairo_append_path(cr, area);
        cairo_path_destroy(area);
    }
    if (style.edgeBandMm > 0 && style.edgeBand.a > 0) {
        // Half of a stroke twice the band's width, the half inside the area.
        cairo_save(cr);
        cairo_clip_preserve(cr);
        setSourceColour(cr, style.edgeBand);
        cairo_set_line_width(cr, 2 * u.length(style.edgeBandMm));
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke_preserve(cr);
        cairo_restore(cr);
    }
}

/// Casing, then outline with its dash, of the current path; consumes the path.
void strokeEdge(cairo_t* cr, const TerrainStyle& style, const Units& u)
{
    if (style.casingMm > 0 && style.casing.a > 0) {
        setSourceColour(cr, style.casing);
        cairo_set_line_width(cr, u.line(style.casingMm));
        cairo_set_dash(cr, nullptr, 0, 0);
        cairo_stroke_preserve(cr);
    }
    if (style.outline.a > 0) {
        setSourceColour(cr, style.outline);
        setLine(cr, style, u);
        cairo_stroke(cr);
        cairo_set_dash(cr, nullptr, 0, 0);
    }
    cairo_new_path(cr);
}

void strokeLine(cairo_t* cr, const TerrainStyle& style, const Units& u)
{
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT); // lines end where the ground ends: lengths measure true
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    setSourceColour(cr, style.outline);
    setLine(cr, style, u);
    cairo_stroke(cr);
}

void paintPoint(cairo_t* cr, const TerrainStyle& style, double x, double y, const Units& u)
{
    const double s = u.length(style.symbolMm);
    cairo_new_path(cr);
    if (style.symbol == core::style::PointSymbol::Bar)
        cairo_rectangle(cr, x - s / 2, y - s / 4, s, s / 2);
    else
        cairo_arc(cr, x, y, s / 2, 0, 2 * std::numbers::pi);
    setSourceColour(cr, style.fill);
    cairo_fill_preserve(cr);
    setSourceColour(cr, style.outline);
    cairo_set_line_width(cr, u.line(style.lineWidthMm));
    cairo_set_dash(cr, nullptr, 0, 0);
    cairo_stroke(cr);
}

void ringPath(cairo_t* cr, const WorldToDevice& t, const std::vector<core::Coordinate>& ring)
{
    for (std::size_t i = 0; i < ring.size(); ++i) {
        if (i == 0)
            cairo_move_to(cr, t.x(ring[i].x), t.y(ring[i].y));
        else
            cairo_line_to(cr, t.x(ring[i].x), t.y(ring[i].y));
    }
}

/// The simplified drawing (TerrainPaintOptions::simplifyUnits): rings decimated to `step` device units and
/// turned so that the non-zero rule unites a run's exteriors and cuts its holes.
class Simplified {
public:
    Simplified(cairo_t* cr, const WorldToDevice& t, double step) : m_cr(cr), m_t(t), m_step(step) {}

    void addFeature(const core::TerrainFeature& feature, int dim)
    {
        for (const auto& part : feature.geometry.parts)
            for (std::size_t r = 0; r < part.size(); ++r)
                if (!part[r].empty())
                    addRing(part[r], dim, r == 0); // ring 0 of a polygon is its exterior, the others holes
    }

    /// The larger side of the feature's outer rings' box, device units.
    double size(const core::TerrainFeature& f) const
    {
        double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
        for (const auto& part : f.geometry.parts)
            if (!part.empty())
                for (const core::Coordinate& c : part.front())
                    x0 = std::min(x0, c.x), x1 = std::max(x1, c.x), y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
        return std::max(x1 - x0, y1 - y0) * m_t.unitsPerMetre;
    }

private:
    void addRing(const std::vector<core::Coordinate>& ring, int dim, bool clockwise)
    {
        m_points.clear();
        for (std::size_t i = 0; i < ring.size(); ++i) {
            const double x = m_t.x(ring[i].x), y = m_t.y(ring[i].y);
            if (!m_points.empty() && i + 1 < ring.size() && std::abs(x - m_points.back().first) < m_step
                && std::abs(y - m_points.back().second) < m_step)
                continue;
            m_points.emplace_back(x, y);
        }
        bool reverse = false;
        if (dim == 2) {
            double twiceArea = 0.0; // shoelace; positive = clockwise on the device (y down)
            for (std::size_t i = 0, j = m_points.size() - 1; i < m_points.size(); j = i++)
                twiceArea += m_points[j].first * m_points[i].second - m_points[i].first * m_points[j].second;
            reverse = (twiceArea > 0.0) != clockwise;
        }
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            const auto& p = reverse ? m_points[m_points.size() - 1 - i] : m_points[i];
            (i == 0 ? cairo_move_to : cairo_line_to)(m_cr, p.first, p.second);
        }
        if (dim == 2)
            cairo_close_path(m_cr);
    }

    cairo_t* m_cr;
    const WorldToDevice& m_t;
    double m_step;
    std::vector<std::pair<double, double>> m_points;
};

/// One run of features of one style and dimension, simplified, as one path (see TerrainPaintOptions).
void paintRun(cairo_t* cr, const std::vector<const core::TerrainFeature*>& run, const TerrainStyle& style, int dim,
    const WorldToDevice& t, const Units& u)
{
    Simplified path(cr, t, u.o.simplifyUnits);
    cairo_new_path(cr);
    if (dim == 0) {
        for (const core::TerrainFeature* f : run)
            for (const auto& part : f->geometry.parts)
                if (!part.empty() && !part.front().empty())
                    paintPoint(cr, style, t.x(part.front().front().x), t.y(part.front().front().y), u);
        return;
    }
    if (dim == 1) {
        for (const core::TerrainFeature* f : run)
            path.addFeature(*f, dim);
        strokeLine(cr, style, u);
        cairo_set_dash(cr, nullptr, 0, 0);
        return;
    }
    for (const core::TerrainFeature* f : run)
        path.addFeature(*f, dim);
    fillArea(cr, style, u, CAIRO_FILL_RULE_WINDING);
    // A half-unit outline would cover an area of a few units, and stroking costs cairo far more than filling.
    cairo_new_path(cr);
    const double minOutlined = 3.0 * u.o.simplifyUnits;
    for (const core::TerrainFeature* f : run)
        if (path.size(*f) >= minOutlined)
            path.addFeature(*f, dim);
    strokeEdge(cr, style, u);
}

} // namespace

void setSourceColour(cairo_t* cr, const core::style::Rgba& c)
{
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

void paintFeature(cairo_t* cr, const core::TerrainFeature& f, const TerrainStyle& style, const WorldToDevice& t,
    const TerrainPaintOptions& options)
{
    const Units u{options};
    const int dim = core::dimension(f.geometry.type);
    if (options.simplifyUnits > 0) {
        paintRun(cr, {&f}, style, dim, t, u);
        return;
    }
    for (const auto& part : f.geometry.parts) {
        if (dim == 2) {
            cairo_new_path(cr);
            for (const auto& ring : part) {
                ringPath(cr, t, ring);
                cairo_close_path(cr);
            }
            fillArea(cr, style, u, CAIRO_FILL_RULE_EVEN_ODD);
            strokeEdge(cr, style, u);
        } else if (dim == 1) {
            cairo_new_path(cr);
            ringPath(cr, t, part.at(0));
            strokeLine(cr, style, u);
        } else {
            const core::Coordinate c = part.at(0).at(0);
            paintPoint(cr, style, t.x(c.x), t.y(c.y), u);
        }
    }
    cairo_set_dash(cr, nullptr, 0, 0);
}

void paintTerrain(cairo_t* cr, const std::vector<const core::TerrainFeature*>& ordered, const WorldToDevice& t,
    const TerrainPaintOptions& options)
{
    const auto styleOf = [](const core::TerrainFeature& f) -> const TerrainStyle& {
        return core::style::terrainStyle(f.terrainClass, f.attributes);
    };
    if (!(options.simplifyUnits > 0)) {
        for (const core::TerrainFeature* f : ordered)
            paintFeature(cr, *f, styleOf(*f), t, options);
        return;
    }
    // Runs of one style, class and dimension as one path each: drawing 20,000 woods one by one cost the
    // thumbnail 0.16 s, mostly cairo's per-call set-up.
    const Units u{options};
    std::vector<const core::TerrainFeature*> run;
    for (std::size_t first = 0; first < ordered.size();) {
        const core::TerrainFeature& head = *ordered[first];
        const TerrainStyle& style = styleOf(head);
        const int dim = core::dimension(head.geometry.type);
        run.clear();
        std::size_t last = first;
        while (last < ordered.size() && ordered[last]->terrainClass == head.terrainClass && &styleOf(*ordered[last]) == &style
            && core::dimension(ordered[last]->geometry.type) == dim)
            run.push_back(ordered[last++]);
        paintRun(cr, run, style, dim, t, u);
        first = last;
    }
}

void paintArea(cairo_t* cr, const TerrainStyle& style, const TerrainPaintOptions& options, bool outline)
{
    const Units u{options};
    fillArea(cr, style, u, CAIRO_FILL_RULE_EVEN_ODD);
    if (outline)
        strokeEdge(cr, style, u);
    cairo_new_path(cr);
}

void paintSymbol(cairo_t* cr, const TerrainStyle& style, double x, double y, const TerrainPaintOptions& options)
{
    paintPoint(cr, style, x, y, Units{options});
}

void setLineStyle(cairo_t* cr, const TerrainStyle& style, const TerrainPaintOptions& options)
{
    setLine(cr, style, Units{options});
}

void paintSwatch(cairo_t* cr, const TerrainStyle& style, int dimension, double x, double y, double w, double h,
    const TerrainPaintOptions& options)
{
    const Units u{options};
    cairo_save(cr);
    cairo_new_path(cr); // text leaves a current point that an arc would join
    if (dimension == 0) {
        paintPoint(cr, style, x + w / 2, y + h / 2, u);
    } else if (dimension == 1) {
        cairo_move_to(cr, x, y + h / 2);
        cairo_line_to(cr, x + w, y + h / 2);
        setSourceColour(cr, style.outline);
        setLine(cr, style, u);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_stroke(cr);
    } else {
        cairo_rectangle(cr, x, y, w, h);
        fillArea(cr, style, u, CAIRO_FILL_RULE_EVEN_ODD);
        strokeEdge(cr, style, u);
    }
    cairo_restore(cr);
}

} // namespace sandtable::print
