#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Warp benchmark (issue #3): sandtable's warp of the 20000 x 20000 scan_big.tif with its 30 GCPs, TPS and
# poly1, against gdalwarp with the same GCPs and options, interleaved (A B A B), same GDAL_CACHEMAX.
#
# Usage: bench/warp_bench.sh [BUILD_DIR=build/maps] [RUNS=3]
# Env: BENCH_DIR (default /tmp/sandtable-bench), CACHEMAX (MB, default 512), METHODS ("tps poly1"),
# WORKLOAD: "big" (default, scan_big.tif) or "clustered": the real-layout workload made by
# `sandtable_bench_warp --make-clustered` (4000 x 3000 scan whose pixels hold their own column/row, ~370
# GCPs clustered unevenly with 2 px of noise, so the spline folds), warped with nearest resampling
# (METHODS defaults to "tps" there); or "rough": the rough-survey workload made by
# `sandtable_bench_warp --make-rough` (1600 x 1018 scan encoded the same way, 343 GCPs spread over it, each
# off by its own independent error of 20-40 px, so the spline folds everywhere), nearest resampling, tps. "seconds" in the JSON includes the fit (leave-one-out residuals);
# "fit_seconds" is that part alone, the rest is the warp that gdalwarp's time compares with.
# Both sides: bilinear, NUM_THREADS=ALL_CPUS warper + -multi, approximate transformer at 0.125 px (both
# defaults), EPSG:32618, TILED=YES, no compression, alpha band, the same output grid (gdalwarp gets -te/-tr
# from our output), no overviews (timed separately by neither side). For gdalwarp the GCPs come from the
# .points file exactly as the anchor script reads them (sourceY = -line).
# Prints median wall seconds, the ratio ours/gdalwarp, peak RSS (/usr/bin/time), the load average, for
# poly1 whether the pixels equal gdalwarp's (checksums; against gdalwarp on a world-file copy of our
# geotransform, and against the anchor's `-order 1`, whose reverse is a separate fit), for tps the GCP
# landing figures from sandtable_bench_warp.
set -euo pipefail
BUILD=${1:-build/maps}
RUNS=${2:-3}
D=${BENCH_DIR:-/tmp/sandtable-bench}
CACHE=${CACHEMAX:-512}
WORKLOAD=${WORKLOAD:-big}
BENCH_BIN=$(realpath "$BUILD/bench/sandtable_bench_warp")
W=$D/warp_bench
mkdir -p "$W"
if [[ $WORKLOAD == clustered || $WORKLOAD == rough ]]; then
    METHODS=${METHODS:-"tps"}
    RESAMPLING=near
    SCAN=$W/$WORKLOAD.tif
    [[ -f $SCAN && -f $SCAN.points ]] || "$BENCH_BIN" --make-$WORKLOAD "$SCAN"
    POINTS=$SCAN.points
else
    METHODS=${METHODS:-"tps poly1"}
    RESAMPLING=bilinear
    [[ -f $D/scan_big.tif ]] || /usr/bin/python3 /work/shared/bench/gen_workloads.py
    SCAN=$D/scan_big.tif
    POINTS=$D/scan_big.points
fi
cd "$W"

GCP_ARGS=$(awk -F, '!/^#/ && $1 != "mapX" && $5 == 1 { printf "-gcp %s %s %s %s ", $3, -$4, $1, $2 }' "$POINTS")
# shellcheck disable=SC2086
gdal_translate -q -of VRT -a_srs EPSG:32618 $GCP_ARGS "$SCAN" scan_gcp.vrt
export GDAL_CACHEMAX=$CACHE

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
timed() { # timed LABEL CMD...: appends "wall maxrss_kb" to LABEL.times
    local label=$1; shift
    sync
    /usr/bin/time -f '%e %M' -o "$label.last" "$@" > "$label.out"
    cat "$label.last" >> "$label.times"
}

echo "warp bench ($WORKLOAD): $(date -u +%FT%TZ), GDAL $(gdal-config --version), GDAL_CACHEMAX=$CACHE MB, $(nproc) cores, runs=$RUNS"
echo "load before: $(uptime)"
for method in $METHODS; do
    rm -f ours_"$method".times gdal_"$method".times ours_"$method".warp
    flag="-tps"; [[ $method == poly1 ]] && flag="-order 1"
    ours=(nice -n 0 "$BENCH_BIN" "$SCAN" "$POINTS" "$method" "ours_$method.tif" --compress NONE --no-overviews --resampling $RESAMPLING)
    [[ $method == poly1 ]] && ours+=(--world-file scan_wf.tfw)
    # warm-up of ours gives the output grid gdalwarp must use
    "${ours[@]}" > "ours_$method.json"
    read -r te_xmin te_ymax res w h < <(/usr/bin/python3 -c "import json; j = json.load(open('ours_$method.json')); g = j['geotransform']; print(g[0], g[3], g[1], j['width'], j['height'])")
    te="$te_xmin $(/usr/bin/python3 -c "print(repr($te_ymax - $h * $res))") $(/usr/bin/python3 -c "print(repr($te_xmin + $w * $res))") $te_ymax"
    # shellcheck disable=SC2206
    gdal=(gdalwarp -q -overwrite -multi -wo NUM_THREADS=ALL_CPUS -t_srs EPSG:32618 -co TILED=YES -r $RESAMPLING -dstalpha
        -te $te -tr "$res" "$res" $flag scan_gcp.vrt "gdal_$method.tif")
    "${gdal[@]}"
    for ((r = 0; r < RUNS; ++r)); do
        rm -f "ours_$method.tif"; timed "ours_$method" "${ours[@]}"
        /usr/bin/python3 -c "import json; j = json.load(open('ours_$method.out')); print(j['seconds'] - j['fit_seconds'])" >> "ours_$method.warp"
        rm -f "gdal_$method.tif"; timed "gdal_$method" "${gdal[@]}"
    done
    mo=$(cut -d' ' -f1 "ours_$method.times" | median); mg=$(cut -d' ' -f1 "gdal_$method.times" | median)
    po=$(cut -d' ' -f2 "ours_$method.times" | sort -n | tail -1); pg=$(cut -d' ' -f2 "gdal_$method.times" | sort -n | tail -1)
    printf '%s: sandtable median %.2f s [%s], gdalwarp median %.2f s [%s], ratio %.3f; peak RSS %d MB vs %d MB; output %s x %s px\n' \
        "$method" "$mo" "$(cut -d' ' -f1 "ours_$method.times" | tr '\n' ' ')" "$mg" "$(cut -d' ' -f1 "gdal_$method.times" | tr '\n' ' ')" \
        "$(/usr/bin/python3 -c "print($mo / $mg)")" $((po / 1024)) $((pg / 1024)) "$w" "$h"
    mw=$(median < "ours_$method.warp")
    printf '  warp alone (without the fit): sandtable median %.2f s, ratio to gdalwarp %.3f\n' "$mw" "$(/usr/bin/python3 -c "print($mw / $mg)")"
    cat "ours_$method.json"
    cs_ours=$(gdalinfo -checksum "ours_$method.tif" | grep -o 'Checksum=[0-9]*' | tr '\n' ' ')
    cs_gdal=$(gdalinfo -checksum "gdal_$method.tif" | grep -o 'Checksum=[0-9]*' | tr '\n' ' ')
    echo "  checksums sandtable: $cs_ours"
    echo "  checksums gdalwarp $flag: $cs_gdal $([[ $cs_ours == "$cs_gdal" ]] && echo '(equal)' || echo '(differ)')"
    if [[ $method == poly1 ]]; then
        # The same geotransform handed to gdalwarp through a world file beside a link to the scan.
        ln -sf "$SCAN" scan_wf.tif
        gdalwarp -q -overwrite -multi -wo NUM_THREADS=ALL_CPUS -s_srs EPSG:32618 -t_srs EPSG:32618 -co TILED=YES -r bilinear \
            -dstalpha -te $te -tr "$res" "$res" scan_wf.tif gdal_wf.tif
        cs_wf=$(gdalinfo -checksum gdal_wf.tif | grep -o 'Checksum=[0-9]*' | tr '\n' ' ')
        echo "  checksums gdalwarp on our geotransform (world file): $cs_wf $([[ $cs_ours == "$cs_wf" ]] && echo '(equal)' || echo '(differ)')"
    fi
    echo "  load now: $(uptime)"
done
