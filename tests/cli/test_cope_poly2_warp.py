#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`raster georef SCAN --method poly2 --target-crs EPSG:32618 -o OUT` on the Cope survey scan, whole.

    test_cope_poly2_warp.py SANDTABLE SHARED_DATA_DIR

The exact command took 23.4 minutes before poly2/poly3 gave the warp's exact inverse their Jacobian (every output
pixel with no root in the scan went through ring searches of Newton steps without one); affine, poly1 and tps
take about 2 s. Here it must finish within 120 s of processor time (user + system, all its threads: a bound a
loaded machine does not move, where the old code spent over 20 minutes of wall time on 2 cores; ctest's TIMEOUT
is the hang detector).

Then, at the output pixel holding each GCP's map point, the value must be what GDAL's bilinear kernel gives at
the exact inverse of the order-2 fit, worked out here by hand: the least-squares fit of the 9 GCPs (line =
-pixelY; map points from longitude/latitude to EPSG:32618 by `gdaltransform -s_srs EPSG:4326 -t_srs EPSG:32618`)
solved by exact rational arithmetic on its normal equations, in the terms 1, u, v, u^2, uv, v^2 of
u = (pixel - 685.5556) / 1000, v = (line - 1187.2222) / 1000, and inverted here by Newton's method. The warp
interpolates the inverse where it is within 1/8 px, so the value may be anything the kernel gives within 1/8 px
of the exact source point (and a rounding). GDAL's separately fitted reverse lies up to 83.4 px from the exact
inverse at these points: a warp through it would give other values.
Exit 1 naming what failed.
"""
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

CENTRE_P, CENTRE_L = 685.5555555555555, 1187.2222222222222
KX = [308342.4985236115, 4511.9884624124015, 310.944922284339, 1986.3914230063647, 1145.0702958046727, 117.6812991156406]
KY = [4410154.645531149, 39.08201500680086, -2800.1488321636057, -7730.80155125695, 1482.166665022192, -218.35087070855093]
# pixel, line, map x, map y (EPSG:32618)
GCPS = [(895, 600, 309076.268302696, 4411370.7207663), (875, 985, 309146.046138612, 4410391.55313062),
        (1015, 1010, 309932.700172269, 4409650.01886543), (612, 2175, 308471.62659544, 4407054.04553394),
        (588, 2330, 308339.527425164, 4406568.6360823), (470, 1300, 307793.797610588, 4409747.85411322),
        (430, 360, 307304.386472043, 4412081.58102616), (525, 1775, 307389.514398688, 4407636.53439841),
        (760, 150, 308438.755522313, 4412586.23446222)]
BOUND_SECONDS = 120.0


def forward(p, l):
    u, v = (p - CENTRE_P) / 1000, (l - CENTRE_L) / 1000
    t = (1, u, v, u * u, u * v, v * v)
    return sum(a * b for a, b in zip(KX, t)), sum(a * b for a, b in zip(KY, t))


def inverse(x, y, p, l):
    """The root of forward(p, l) = (x, y) near (p, l): Newton with the polynomial's own derivatives."""
    for _ in range(50):
        u, v = (p - CENTRE_P) / 1000, (l - CENTRE_L) / 1000
        a = (KX[1] + 2 * KX[3] * u + KX[4] * v) / 1000
        b = (KX[2] + KX[4] * u + 2 * KX[5] * v) / 1000
        c = (KY[1] + 2 * KY[3] * u + KY[4] * v) / 1000
        d = (KY[2] + KY[4] * u + 2 * KY[5] * v) / 1000
        fx, fy = forward(p, l)
        det, rx, ry = a * d - b * c, x - fx, y - fy
        dp, dl = (d * rx - b * ry) / det, (-c * rx + a * ry) / det
        p, l = p + dp, l + dl
        if abs(dp) + abs(dl) < 1e-9:
            break
    return p, l


def read_pnm(path):
    """Width, height, channels and bytes of a binary PGM/PPM (what gdal_translate -of PNM writes)."""
    data = open(path, "rb").read()
    fields, at = [], 0
    while len(fields) < 4:
        while data[at:at + 1].isspace():
            at += 1
        end = at
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    at += 1
    channels = 3 if fields[0] == b"P6" else 1
    return int(fields[1]), int(fields[2]), channels, data[at:]


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def main():
    sandtable, shared = sys.argv[1], sys.argv[2]
    scan = os.path.join(shared, "maps", "gettysburg_cope_survey_field_base.jpg")
    points = scan + ".points"
    for needed in (scan, points):
        if not os.path.isfile(needed):
            fail(needed + ": missing (the shared data folder is needed)")
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "cope-poly2.tif")
        start = time.monotonic()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = subprocess.run([sandtable, "raster", "georef", scan, "--gcps", points, "--method", "poly2",
                              "--target-crs", "EPSG:32618", "-o", out], capture_output=True, text=True)
        seconds = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(run.stdout, end="")
        if run.returncode != 0:
            fail("raster georef exited %d: %s" % (run.returncode, run.stderr))
        print("poly2 warp of the Cope survey: %.1f s of processor time, %.1f s wall (bound %.0f s of processor time)"
              % (cpu, seconds, BOUND_SECONDS))
        if cpu > BOUND_SECONDS:
            fail("the poly2 warp took %.1f s of processor time, over %.0f s" % (cpu, BOUND_SECONDS))
        info = subprocess.run(["gdalinfo", out], capture_output=True, text=True, check=True).stdout
        origin = info.split("Origin = (")[1].split(")")[0].split(",")
        size = info.split("Pixel Size = (")[1].split(")")[0].split(",")
        gt = (float(origin[0]), float(size[0]), float(origin[1]), float(size[1]))
        for args, name in ((["-b", "1", "-b", "2", "-b", "3", scan], "scan.ppm"), (["-b", "1", "-b", "2", "-b", "3", out], "out.ppm"),
                           (["-b", "4", out], "alpha.pgm")):
            subprocess.run(["gdal_translate", "-q", "-of", "PNM"] + args + [os.path.join(folder, name)], check=True)
        sw, sh, _, scan_bytes = read_pnm(os.path.join(folder, "scan.ppm"))
        ow, _, _, out_bytes = read_pnm(os.path.join(folder, "out.ppm"))
        _, _, _, alpha_bytes = read_pnm(os.path.join(folder, "alpha.pgm"))

    def scan_value(band, column, row):
        column, row = min(max(column, 0), sw - 1), min(max(row, 0), sh - 1)
        return scan_bytes[(row * sw + column) * 3 + band]

    def bilinear(band, p, l):
        x, y = p - 0.5, l - 0.5
        c, k = math.floor(x), math.floor(y)
        fx, fy = x - c, y - k
        return ((1 - fy) * ((1 - fx) * scan_value(band, c, k) + fx * scan_value(band, c + 1, k))
                + fy * ((1 - fx) * scan_value(band, c, k + 1) + fx * scan_value(band, c + 1, k + 1)))

    problems = []
    for pixel, line, x, y in GCPS:
        i, j = math.floor((x - gt[0]) / gt[1]), math.floor((y - gt[2]) / gt[3])
        cx, cy = gt[0] + (i + 0.5) * gt[1], gt[2] + (j + 0.5) * gt[3]
        p, l = inverse(cx, cy, pixel, line)
        bx, by = forward(p, l)
        if math.hypot(bx - cx, by - cy) > 1e-6:
            fail("the hand-worked inverse did not converge at GCP (%g, %g)" % (pixel, line))
        if alpha_bytes[j * ow + i] != 255:
            problems.append("output (%d, %d) at GCP (%g, %g) is transparent" % (i, j, pixel, line))
        for band in range(3):
            values = [bilinear(band, p + dp, l + dl) for dp in (-0.125, 0, 0.125) for dl in (-0.125, 0, 0.125)]
            got = out_bytes[(j * ow + i) * 3 + band]
            if not (min(values) - 1 <= got <= max(values) + 1):
                problems.append("output (%d, %d) band %d at GCP (%g, %g) is %d; the exact inverse (%.3f, %.3f) gives %.1f..%.1f"
                                % (i, j, band + 1, pixel, line, got, p, l, min(values), max(values)))
        print("GCP (%g, %g): output (%d, %d) from scan (%.2f, %.2f)" % (pixel, line, i, j, p, l))
    if problems:
        fail("\n".join(problems))
    print("27 values at the 9 GCPs' map points as the exact inverse gives them")


if __name__ == "__main__":
    main()
