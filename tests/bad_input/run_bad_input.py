#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The bad-input corpus test (issue 11): every CLI command that takes a file, on every file of
tests/data/bad/ where it makes sense, plus inputs too big to check in (generated here).

Each run must end with exit 0, 1 or 2, print a "sandtable: error:" line on stderr whenever it is not 0,
print no sanitizer report, take at most 10 s and leave its input file byte for byte as it was (inputs
are copied to a temporary folder first; a command that rewrites a scenario may change that scenario only
when it succeeds). Usage: run_bad_input.py --sandtable BIN --source-dir ROOT [--jobs N] [--quick]
"""
import argparse
import concurrent.futures
import hashlib
import os
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time

TIMEOUT_S = 10.0

# The commands, by the kind of file they take. {f} is the bad file (a fresh copy per run), {out} a fresh
# output path, {scen}/{tb}/{camp} fresh copies of valid Pub Battles / Table Battles / Campaign Lite
# scenarios, {tif} a valid small GeoTIFF, {plain} a raster without georeference, {points} valid GCPs,
# {vector} a valid GeoJSON terrain file, {roster} a valid roster, {cards} a valid card sheet,
# {catalogue} a valid catalogue. "W" marks a command that rewrites the file it names first; "V" a checking
# command whose exit 1 means "findings" (cli.md): it reports them as "<file>: error: <path>: <message>" lines
# (or, with --json, in the document) instead of one "sandtable: error:" line.
SCENARIO_COMMANDS = [
    ("V", ["scenario", "validate", "{f}"]),
    ("V", ["--json", "scenario", "validate", "{f}"]),
    ("W", ["scenario", "upgrade", "{f}"]),
    ("R", ["terrain", "list", "{f}"]),
    ("V", ["terrain", "check", "{f}"]),
    ("W", ["terrain", "repair", "{f}"]),
    ("R", ["terrain", "majority", "{f}", "--x", "0", "--y", "0", "--length", "500", "--depth", "150", "--facing", "90"]),
    ("W", ["terrain", "import", "{f}", "{vector}", "--class-from", "class"]),
    ("R", ["map", "print", "{f}", "-o", "{out}.pdf", "--scale", "16000", "--page", "A4", "--dpi", "30"]),
    ("R", ["oob", "summary", "{f}"]),
    ("W", ["oob", "import", "{f}", "{roster}"]),
    ("R", ["oob", "print", "{f}", "-o", "{out}.pdf"]),
    ("W", ["grid", "derive", "{f}"]),
    ("W", ["grid", "roll", "{f}", "--seed", "1863", "--region", "valley"]),
    ("R", ["grid", "print", "{f}", "-o", "{out}.pdf", "--dpi", "30"]),
    ("R", ["cards", "export", "{f}", "-o", "{out}.csv"]),
    ("W", ["cards", "import", "{f}", "{cards}"]),
    ("R", ["cards", "print", "{f}", "-o", "{out}.pdf"]),
    ("R", ["catalogue", "export", "{f}", "--catalogue", "{out}.gpkg"]),
    ("R", ["vassal", "export", "{f}", "-o", "{out}.vmod", "--px-per-km", "20"]),
]
# The commands a scenario of the corpus gets in --quick mode (the sanitizer run): the reading path is shared by
# all the others, so every file gets `scenario validate` and `terrain list` (3), and the files the reader accepts
# (terrain list exits 0: 6 of 75) also the commands that go on past reading (QUICK_SCENARIO_READ). A file refused
# at reading is refused by the same code in every command, which the full run (ci build) checks command by command.
QUICK_SCENARIO = {0, 3}
QUICK_SCENARIO_READ = {4, 9, 15, 18}
READ_CHECK = 3
POINTS_COMMANDS = [
    ("R", ["raster", "georef", "{plain}", "--gcps", "{f}"]),
    ("R", ["raster", "georef", "{tif}", "--gcps", "{f}", "--method", "poly2"]),
    ("R", ["raster", "georef", "{plain}", "--gcps", "{f}", "-o", "{out}.tif", "--world-file", "{out}.wld"]),
]
WORLD_COMMANDS = [  # the world file sits beside a raster of the same name: {f} is that raster
    ("R", ["raster", "info", "{f}"]),
    ("R", ["--json", "raster", "info", "{f}"]),
    ("R", ["raster", "georef", "{f}", "--gcps", "{points}"]),
]
RASTER_COMMANDS = [
    ("R", ["raster", "info", "{f}"]),
    ("R", ["--json", "raster", "info", "{f}"]),
    ("R", ["raster", "georef", "{f}", "--gcps", "{points}", "-o", "{out}.tif"]),
    ("R", ["raster", "calibrate", "{f}", "--scale", "8000", "--dpi", "300", "-o", "{out}.tif"]),
    ("R", ["map", "print", "{scen}", "-o", "{out}.pdf", "--map", "{f}", "--dpi", "30"]),
    ("R", ["vassal", "import", "{f}", "-o", "{out}.sandtable.json"]),
]
ROSTER_COMMANDS = [
    ("R", ["oob", "import", "{scen}", "{f}"]),
    ("R", ["oob", "import", "{scen}", "{f}", "--format", "json"]),
    ("R", ["oob", "import", "{scen}", "{f}", "--format", "pgcopy", "--set", "formation=blue-1"]),
]
CARDS_COMMANDS = [
    ("R", ["cards", "import", "{tb}", "{f}"]),
    ("R", ["cards", "import", "{scen}", "{f}"]),
]
VECTOR_COMMANDS = [
    ("R", ["terrain", "import", "{scen}", "{f}", "--class-from", "class"]),
    ("R", ["terrain", "import", "{scen}", "{f}", "--class", "woods"]),
]
CATALOGUE_COMMANDS = [
    ("R", ["catalogue", "list", "--catalogue", "{f}"]),
    ("R", ["catalogue", "search", "battle", "--catalogue", "{f}"]),
    ("R", ["catalogue", "show", "min", "--catalogue", "{f}"]),
    ("R", ["catalogue", "extract", "min", "-o", "{out}.json", "--catalogue", "{f}"]),
    ("W", ["catalogue", "export", "{scen}", "--catalogue", "{f}"]),
    ("W", ["catalogue", "remove", "min", "--catalogue", "{f}"]),
]
KINDS = {
    "scenario": SCENARIO_COMMANDS, "points": POINTS_COMMANDS, "world": WORLD_COMMANDS, "raster": RASTER_COMMANDS,
    "roster": ROSTER_COMMANDS, "cards": CARDS_COMMANDS, "vector": VECTOR_COMMANDS, "catalogue": CATALOGUE_COMMANDS,
}
# Generated inputs that must be refused by a named cap of core/util/limits.hpp (checked on the first command
# of their kind).
EXPECTED_CAP = {
    "deep-nesting-100000.json": "kMaxJsonDepth",
    "deep-nesting-100000-objects.json": "kMaxJsonDepth",
    "huge-title.json": "kMaxStringBytes",
    "huge-unterminated-string.json": "kMaxStringBytes",
    "geometry-absurd-vertex-count.json": "kMaxVerticesPerGeometry",
    "huge-cell.csv": "kMaxStringBytes",
}
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:", "ERROR: UndefinedBehaviorSanitizer")


def sha(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest() if os.path.exists(path) else None


def generate(root, sandtable, fixtures, out):
    """Inputs too big or too binary to check in: deep nesting, huge strings, absurd vertex counts, hostile
    catalogues (wrong application_id, triggers, views, an oversized document blob), geometry blobs claiming
    billions of vertices."""
    def write(rel, data):
        path = os.path.join(out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
    small = open(os.path.join(root, "tests/fuzz/corpus/scenario_json/small-terrain.json")).read()
    write("scenario/deep-nesting-100000.json", "[" * 100000 + "]" * 100000)
    write("scenario/deep-nesting-100000-objects.json", '{"format":"sandtable-scenario","version":1,"x":' + '{"a":' * 100000 + "1" + "}" * 100001)
    write("scenario/huge-title.json", small.replace('"title": "', '"title": "' + "A" * (3 << 20), 1))
    write("scenario/huge-unterminated-string.json", '{"format": "sandtable-scenario", "title": "' + "x" * (2 << 20))
    write("scenario/geometry-absurd-vertex-count.json", small.replace(
        '"terrain": [', '"terrain": [{"id": "huge", "class": "woods", "geometry": {"type": "MultiPoint", "coordinates": ['
        + ",".join(["[1,2]"] * 1_000_001) + "]}},", 1))
    write("points/huge-line.points", "#CRS: EPSG:4326\nmapX,mapY,pixelX,pixelY\n" + "1" * (8 << 20) + ",2,3,4\n")
    write("roster/huge-cell.csv", "id,name,type,formation\nx1," + "N" * (4 << 20) + ",infantry,blue-1\n")
    write("cards/huge-cell.csv", open(fixtures["cards"]).read().splitlines()[0] + "\n1," + "Z" * (4 << 20) + "\n")
    # Catalogues: the valid one, altered.
    good = fixtures["catalogue"]

    def catalogue(name, sql, pragma=None):
        path = os.path.join(out, "catalogue", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(good, path)
        con = sqlite3.connect(path)
        if pragma:
            con.execute(pragma)
        if sql:
            con.executescript(sql)
        con.commit()
        con.close()
    catalogue("wrong-application-id.gpkg", None, "PRAGMA application_id = 1234")
    catalogue("trigger.gpkg", "CREATE TRIGGER evil AFTER INSERT ON packages BEGIN DELETE FROM packages; END;")
    catalogue("view.gpkg", "ALTER TABLE package_documents RENAME TO real_documents; CREATE VIEW package_documents AS SELECT * FROM real_documents;")
    catalogue("oversized-document.gpkg", "UPDATE package_documents SET document = zeroblob(70000000);")
    catalogue("newer-schema.gpkg", "UPDATE sandtable_meta SET value = '999' WHERE key = 'schema_version';")
    catalogue("bad-schema-version.gpkg", "UPDATE sandtable_meta SET value = 'x1' WHERE key = 'schema_version';")
    catalogue("dropped-packages.gpkg", "DROP TABLE packages;")
    catalogue("document-not-json.gpkg", "UPDATE package_documents SET document = X'FFFE00';")
    catalogue("document-wrong-type.gpkg", "UPDATE package_documents SET document = 42;")
    catalogue("huge-title.gpkg", "UPDATE packages SET title = printf('%.*c', 3000000, 'x');")
    # Geometry blobs that claim about two billion vertices (a GeoPackage header, then WKB: a polygon with one
    # ring of 0x7FFFFFFF points, of which three follow): in a catalogue's terrain table and in a vector file.
    claim = b"GP\x00\x01" + struct.pack("<i", 32618) + struct.pack("<BIII", 1, 3, 1, 0x7FFFFFFF) + struct.pack("<6d", 0, 0, 1, 0, 1, 1)
    with_terrain = os.path.join(out, "catalogue", "terrain-blob-billion-vertices.gpkg")
    subprocess.run([sandtable, "catalogue", "export", fixtures["scen"], "--catalogue", with_terrain, "-q"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    con = sqlite3.connect(with_terrain)
    tables = [r[0] for r in con.execute("SELECT table_name FROM gpkg_contents WHERE data_type = 'features'")]
    if not tables:
        raise SystemExit("the catalogue of %s has no terrain feature table" % fixtures["scen"])
    con.execute('UPDATE "%s" SET geom = ?' % tables[0].replace('"', '""'), (claim,))
    con.commit()
    con.close()
    vector = os.path.join(out, "vector", "wkb-billion-vertices.gpkg")
    os.makedirs(os.path.dirname(vector), exist_ok=True)
    subprocess.run(["ogr2ogr", "-q", "-f", "GPKG", "-nln", "terrain", "-lco", "SPATIAL_INDEX=NO", vector, fixtures["vector"]], check=True)
    con = sqlite3.connect(vector)
    con.execute("UPDATE terrain SET geom = ? WHERE class = 'woods'", (claim,))  # a feature that is otherwise imported
    con.commit()
    con.close()
    data = open(good, "rb").read()
    write("catalogue/truncated.gpkg", data[: len(data) // 3])
    write("catalogue/header-only.gpkg", data[:100])
    write("catalogue/garbage.gpkg", bytes(range(256)) * 64)
    write("catalogue/empty.gpkg", b"")
    corrupt = bytearray(data)
    for i in range(200, len(corrupt), 97):
        corrupt[i] ^= 0x5A
    write("catalogue/corrupt-pages.gpkg", bytes(corrupt))


def make_fixtures(root, sandtable, work):
    fx = {}
    fx["scen"] = os.path.join(root, "tests/fuzz/corpus/scenario_json/small-terrain.json")
    fx["tb"] = os.path.join(root, "examples/table-battles/fontenoy.sandtable.json")
    fx["camp"] = os.path.join(root, "examples/gettysburg-campaign/gettysburg-campaign.sandtable.json")
    fx["points"] = os.path.join(root, "tests/fuzz/corpus/points_file/qgis-pixel.points")
    fx["vector"] = os.path.join(root, "tests/fuzz/corpus/terrain_geojson/classes.geojson")
    fx["cards"] = os.path.join(root, "examples/table-battles/fontenoy-cards.csv")
    roster = os.path.join(work, "roster.csv")
    with open(roster, "w") as f:
        f.write("id,name,type,strength,formation,side\nr1,First,infantry,3000,blue-1,blue\n")
    fx["roster"] = roster
    fx["tif"] = os.path.join(work, "good.tif")
    fx["plain"] = os.path.join(work, "plain.tif")
    subprocess.run(["gdal_create", "-q", "-of", "GTiff", "-outsize", "64", "64", "-bands", "1", "-burn", "7", "-a_srs", "EPSG:26711",
                    "-a_ullr", "440720", "3751320", "444560", "3747480", fx["tif"]], check=True)
    subprocess.run(["gdal_create", "-q", "-of", "GTiff", "-outsize", "2000", "1200", "-bands", "1", "-burn", "3", fx["plain"]], check=True)
    fx["catalogue"] = os.path.join(work, "catalogue.gpkg")
    shutil.copyfile(os.path.join(root, "tests/fuzz/corpus/catalogue_open/minimal-catalogue.gpkg"), fx["catalogue"])
    return fx


def run_one(sandtable, kind, path, mode, template, fixtures, scratch_root, index):
    folder = os.path.join(scratch_root, "run%06d" % index)
    os.makedirs(folder)
    name = os.path.basename(path)
    if kind == "world":
        # The world file beside a raster of the same name.
        raster = os.path.join(folder, "scan.tif")
        shutil.copyfile(fixtures["plain"], raster)
        shutil.copyfile(path, os.path.join(folder, "scan.wld"))
        target, watched = raster, os.path.join(folder, "scan.wld")
    else:
        target = os.path.join(folder, name)
        shutil.copyfile(path, target)
        watched = target
    values = {"f": target, "out": os.path.join(folder, "out")}
    for key in ("scen", "tb", "camp", "cards", "roster", "catalogue"):
        copy = os.path.join(folder, "fixture-" + key + os.path.splitext(fixtures[key])[1])
        shutil.copyfile(fixtures[key], copy)
        values[key] = copy
    for key in ("tif", "plain", "points", "vector"):
        values[key] = fixtures[key]
    args = [a.format(**values) for a in template]
    before = sha(watched)
    start = time.monotonic()
    problems = []
    try:
        proc = subprocess.run([sandtable, "-q"] + args, stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT_S)
        code, err = proc.returncode, proc.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        code, err = None, (e.stderr or b"").decode("utf-8", "replace")
        problems.append("took more than %.0f s" % TIMEOUT_S)
    elapsed = time.monotonic() - start
    if code is not None:
        if code < 0:
            problems.append("killed by signal %d" % -code)
        elif code not in (0, 1, 2):
            problems.append("exit code %d" % code)
        elif code == 1 and mode == "V" and ("sandtable: error:" in err or ": error: " in err or "--json" in template):
            pass
        elif code != 0 and "sandtable: error:" not in err:
            problems.append("exit %d without a 'sandtable: error:' line" % code)
    if any(m in err for m in SANITIZER_MARKS):
        problems.append("sanitizer report")
    cap = EXPECTED_CAP.get(name)
    if cap and template == KINDS[kind][0][1] and cap not in err:
        problems.append("not refused by the cap %s" % cap)
    after = sha(watched)
    if before != after and not (mode == "W" and code == 0):
        problems.append("changed its input file")
    shutil.rmtree(folder, ignore_errors=True)
    shown = " ".join(a.replace(folder + "/", "") for a in args)
    return problems, "%s [%s] %s -> %s (%.1f s)" % (kind, os.path.relpath(path), shown, code, elapsed), err, code


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sandtable", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="a subset of the scenario commands (sanitizer builds)")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per run (10; sanitizer builds allow more)")
    a = ap.parse_args()
    global TIMEOUT_S
    TIMEOUT_S = a.timeout
    root = os.path.abspath(a.source_dir)
    bad = os.path.join(root, "tests/data/bad")
    with tempfile.TemporaryDirectory(prefix="sandtable-bad-input-") as work:
        fixtures = make_fixtures(root, a.sandtable, work)
        generated = os.path.join(work, "generated")
        generate(root, a.sandtable, fixtures, generated)
        # Inputs are read from copies; the checked-in corpus is also hashed before and after the whole run.
        corpus_before = {}
        jobs = []
        deferred = []  # --quick: run only on the scenarios the reader accepts
        for base in (bad, generated):
            for kind, commands in KINDS.items():
                folder = os.path.join(base, kind)
                if not os.path.isdir(folder):
                    continue
                for name in sorted(os.listdir(folder)):
                    path = os.path.join(folder, name)
                    corpus_before[path] = sha(path)
                    for i, (mode, template) in enumerate(commands):
                        if a.quick and kind == "scenario" and i in QUICK_SCENARIO_READ:
                            deferred.append((kind, path, mode, template))
                            continue
                        if a.quick and kind == "scenario" and i not in QUICK_SCENARIO:
                            continue
                        jobs.append((kind, path, mode, template))
            # Fuzzer crash inputs (tests/data/bad/crash/<target>/): replayed through the matching commands.
            crash = os.path.join(base, "crash")
            if os.path.isdir(crash):
                mapping = {"scenario_json": "scenario", "points_file": "points", "world_file": "world", "roster_csv": "roster",
                           "card_csv": "cards", "terrain_geojson": "vector", "catalogue_open": "catalogue"}
                for target in sorted(os.listdir(crash)):
                    kind = mapping.get(target)
                    if not kind:
                        continue
                    for name in sorted(os.listdir(os.path.join(crash, target))):
                        path = os.path.join(crash, target, name)
                        corpus_before[path] = sha(path)
                        for mode, template in KINDS[kind]:
                            jobs.append((kind, path, mode, template))
        scratch = os.path.join(work, "runs")
        os.makedirs(scratch)
        failures = 0
        start = time.monotonic()
        read_check = KINDS["scenario"][READ_CHECK][1]
        accepted = set()

        def run_all(batch, first_index):
            nonlocal failures
            with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
                futures = [pool.submit(run_one, a.sandtable, kind, path, mode, template, fixtures, scratch, first_index + i)
                           for i, (kind, path, mode, template) in enumerate(batch)]
                for (kind, path, _, template), future in zip(batch, futures):
                    problems, label, err, code = future.result()
                    if kind == "scenario" and template == read_check and code == 0:
                        accepted.add(path)
                    if problems:
                        failures += 1
                        print("FAIL %s: %s" % (label, "; ".join(problems)))
                        print("  stderr: " + err.strip()[-2000:].replace("\n", "\n  stderr: "))
                    elif a.verbose:
                        print("ok   " + label)

        run_all(jobs, 0)
        if deferred:
            deferred = [job for job in deferred if job[1] in accepted]
            if not deferred:
                failures += 1
                print("FAIL the reader accepted none of the scenarios: the commands past reading ran on nothing")
            run_all(deferred, len(jobs))
            jobs += deferred
        for path, digest in corpus_before.items():
            if sha(path) != digest:
                failures += 1
                print("FAIL the corpus file %s changed" % path)
        print("%d runs of %d files, %d failure(s), %.0f s" % (len(jobs), len(corpus_before), failures, time.monotonic() - start))
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
