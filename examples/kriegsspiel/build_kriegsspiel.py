#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws kriegsspiel.png: a Kriegsspiel-style manuscript sheet for the README's Kriegsspiel steps.

A Kriegsspiel map is drawn at 1:8000 and has no geography. This sheet is 2000 x 1500 pixels scanned at
300 dpi: one pixel is 8000 * 25.4 mm / 300 = 0.677 m of ground, the sheet 1354.7 m x 1016.0 m. On cream
paper (238, 228, 200) it has, as the old sheets colour them: two woods filled in green (40, 120, 40), a
river in blue, a road in brown crossing it at a bridge, a village of red blocks, brown contour lines of a
hill, a black frame and a black scale bar of 500 m (738.2 px) with ticks every 100 m.

The woods are exact ellipses, so their areas are known by hand (tests/cli/test_raster_commands.cpp):
  wood A: centre (500, 420) px, semi-axes 260 x 160 px: pi * 260 * 160 * 0.677333^2 = 59,958 m2
  wood B: centre (1500, 1130) px, semi-axes 200 x 120 px: pi * 200 * 120 * 0.677333^2 = 34,591 m2
Needs numpy and GDAL's Python bindings (python3-numpy, python3-gdal). Run: python3 build_kriegsspiel.py
"""
import math
import os

import numpy as np
from osgeo import gdal

W, H = 2000, 1500
PAPER = (238, 228, 200)
WOODS = (40, 120, 40)
WATER = (60, 110, 200)
ROAD = (150, 90, 40)
VILLAGE = (190, 40, 40)
CONTOUR = (140, 110, 80)
INK = (20, 20, 20)

yy, xx = np.mgrid[0:H, 0:W].astype(np.float64) + 0.5  # pixel centres
image = np.zeros((H, W, 3), dtype=np.uint8)
image[:] = PAPER


def paint(mask, colour):
    image[mask] = colour


def ellipse(cx, cy, a, b):
    return ((xx - cx) / a) ** 2 + ((yy - cy) / b) ** 2 <= 1.0


def segment_distance(x0, y0, x1, y1):
    dx, dy = x1 - x0, y1 - y0
    t = np.clip(((xx - x0) * dx + (yy - y0) * dy) / (dx * dx + dy * dy), 0.0, 1.0)
    return np.hypot(xx - (x0 + t * dx), yy - (y0 + t * dy))


def polyline(points, width):
    d = np.full((H, W), np.inf)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        d = np.minimum(d, segment_distance(x0, y0, x1, y1))
    return d <= width / 2.0


# Contours of a hill north of the village: three rings, 2 px lines.
for k, (a, b) in enumerate([(300, 170), (210, 115), (120, 62)]):
    r = ((xx - 1150) / a) ** 2 + ((yy - 330) / b) ** 2
    paint(np.abs(np.sqrt(r) - 1.0) * min(a, b) <= 1.0, CONTOUR)

# The river, west to east, 14 px wide, winding south of the woods.
river = [(x, 860 + 70 * math.sin(x / 230.0)) for x in range(0, W + 1, 20)]
paint(polyline(river, 14), WATER)

# The road, south-west to north-east, 6 px; it crosses the river on a bridge (the road drawn over the water
# with black parapets) and runs through the village.
road = [(150, 1460), (700, 1050), (1000, 760), (1200, 520), (1500, 200), (1700, 40)]
paint(polyline(road, 6), ROAD)
# Where the road's segment (700, 1050)-(1000, 760) meets the river, by bisection; parapets either side.
(ax, ay), (bx, by) = road[1], road[2]
lo, hi = 0.0, 1.0
for _ in range(60):
    mid = (lo + hi) / 2
    x, y = ax + mid * (bx - ax), ay + mid * (by - ay)
    if (y - (860 + 70 * math.sin(x / 230.0))) > 0:
        lo = mid
    else:
        hi = mid
cx, cy = ax + lo * (bx - ax), ay + lo * (by - ay)
length = math.hypot(bx - ax, by - ay)
ux, uy = (bx - ax) / length, (by - ay) / length  # along the road
for side in (-8, 8):
    ox, oy = -uy * side, ux * side
    paint(polyline([(cx - 20 * ux + ox, cy - 20 * uy + oy), (cx + 20 * ux + ox, cy + 20 * uy + oy)], 2.5), INK)

# The village: red blocks along the road.
for (x0, y0, w, h) in [(1180, 560, 40, 26), (1240, 500, 34, 30), (1140, 600, 30, 24), (1260, 560, 44, 22),
                       (1200, 450, 28, 34), (1290, 470, 26, 26)]:
    paint((xx >= x0) & (xx < x0 + w) & (yy >= y0) & (yy < y0 + h), VILLAGE)

# The woods last: nothing crosses them, so each traces as one polygon of its ellipse's area.
paint(ellipse(500, 420, 260, 160), WOODS)
paint(ellipse(1500, 1130, 200, 120), WOODS)

# Frame and scale bar: 500 m = 500 / 0.677333 px = 738.2 px, ticks every 100 m.
paint((xx < 4) | (xx > W - 4) | (yy < 4) | (yy > H - 4), INK)
px_per_m = 300.0 / 25.4 / 8000.0 * 1000.0
bar_x0, bar_y = 1150.0, 1440.0
paint((xx >= bar_x0) & (xx <= bar_x0 + 500 * px_per_m) & (np.abs(yy - bar_y) <= 3), INK)
for m in range(0, 501, 100):
    x = bar_x0 + m * px_per_m
    paint((np.abs(xx - x) <= 1.5) & (yy >= bar_y - 18) & (yy <= bar_y + 3), INK)

here = os.path.dirname(os.path.abspath(__file__))
mem = gdal.GetDriverByName("MEM").Create("", W, H, 3, gdal.GDT_Byte)
for band in range(3):
    mem.GetRasterBand(band + 1).WriteArray(image[:, :, band])
gdal.GetDriverByName("PNG").CreateCopy(os.path.join(here, "kriegsspiel.png"), mem, options=["ZLEVEL=9"])
print("kriegsspiel.png: %d x %d px, 1:8000 at 300 dpi = %.4f m per pixel" % (W, H, 8000 * 0.0254 / 300))
