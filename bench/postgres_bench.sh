#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The shared catalogue's benchmarks (issue 45), side by side in one run, on a throw-away PostgreSQL 15 + PostGIS
# server (tests/postgres/pg_server.sh) with fsync on, as a club's server would run:
#   1. export of the 20k-polygon scenario into PostGIS against ogr2ogr -f PostgreSQL of the same features;
#   2. ranked search over 10,000 packages, 1,000 queries, PostgreSQL against the GeoPackage;
#   3. throughput of 8 concurrent writers into PostgreSQL against one writer into the GeoPackage;
# and, for what the goals do not name: the 20k export by an author (row-level security) against the superuser's,
# and `catalogue list` of the 10,000 packages on both backends.
#   bench/postgres_bench.sh BUILD_DIR [EXPORT_RUNS] [WRITES_PER_WRITER]
# Needs /tmp/sandtable-bench (/usr/bin/python3 ../shared/bench/gen_workloads.py --only terrain,scenarios) and
# `catalogue_bench search` run once (it builds catalogue_10k.gpkg).
set -euo pipefail
build="$1"
runs="${2:-5}"
per="${3:-10}"
root="$(cd "$(dirname "$0")/.." && pwd)"
sandtable="$build/cli/sandtable"
bench="$build/bench/catalogue_bench"
dir=$(mktemp -d /tmp/sandtable-pg-bench.XXXXXX)
chmod 755 "$dir"
trap '"$root/tests/postgres/pg_server.sh" stop "$dir/pg"; rm -rf "$dir"' EXIT
SANDTABLE_PG_FSYNC=on "$root/tests/postgres/pg_server.sh" start "$dir/pg"
conninfo="host=$dir/pg dbname=club user=postgres"
"$sandtable" --quiet catalogue init --catalogue "PG:$conninfo"

now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

"$bench" export-pg "$sandtable" "$conninfo" "$runs"
# The same export by an author (the superuser above passes row-level security untested): every row of the
# package is checked against the author's rights; interleaved with the superuser's, RUNS each.
"$sandtable" --quiet catalogue grant bench_author --role author --catalogue "PG:$conninfo"
author="host=$dir/pg dbname=club user=bench_author"
scenario20k=/tmp/sandtable-bench/terrain_20k.sandtable.json
for i in $(seq 1 "$runs"); do
  for who in "$author" "$conninfo"; do
    "$sandtable" --quiet catalogue remove bench-terrain-20k --catalogue "PG:$conninfo" >/dev/null 2>&1 || true # (the superuser may)
    t0=$(now)
    "$sandtable" --quiet catalogue export "$scenario20k" --catalogue "PG:$who" >/dev/null 2>"$dir/export.err" \
      || { echo "export as $who failed:" >&2; grep -v ': warning: ' "$dir/export.err" >&2; exit 1; }
    echo "$(now) $t0" | awk '{ print $1 - $2 }' >>"$dir/export-$([ "$who" = "$author" ] && echo author || echo superuser)"
  done
done
"$sandtable" --quiet catalogue remove bench-terrain-20k --catalogue "PG:$conninfo" >/dev/null 2>&1 || true
printf 'export by an author (row-level security): median wall %.3f s; by the superuser: %.3f s (%d runs each, load %s)\n' \
  "$(median <"$dir/export-author")" "$(median <"$dir/export-superuser")" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"

"$bench" search-pg "$conninfo" 1

# `catalogue list` of the 10,000 packages, the whole command as a user runs it, PostgreSQL against the
# GeoPackage (catalogue_10k.gpkg), interleaved, 5 runs each.
for i in 1 2 3 4 5; do
  for where in "PG:$conninfo" /tmp/sandtable-bench/catalogue_10k.gpkg; do
    t0=$(now)
    "$sandtable" --quiet catalogue list --catalogue "$where" >"$dir/list.out" || { echo "list of $where failed" >&2; exit 1; }
    echo "$(now) $t0" | awk '{ print $1 - $2 }' >>"$dir/list-$(case "$where" in PG:*) echo pg ;; *) echo gpkg ;; esac)"
  done
done
printf 'list of %d packages: PostgreSQL median %.0f ms, GeoPackage %.0f ms (5 runs each, load %s)\n' "$(wc -l <"$dir/list.out")" \
  "$(median <"$dir/list-pg" | awk '{ print $1 * 1000 }')" "$(median <"$dir/list-gpkg" | awk '{ print $1 * 1000 }')" "$(cut -d' ' -f1-3 /proc/loadavg)"

# Writers: the Antietam example stored under distinct ids, PER exports per writer. Besides the wall time, where
# the time goes: the writers' CPU (user + sys of every sandtable process, from bash's `times`) and the server's
# (the postmaster's reaped children: fields 16 and 17 of /proc/PID/stat, in clock ticks), per package; on a
# machine of NPROC cores no number of writers can go faster than NPROC / (client + server CPU per package).
scenario="$root/examples/antietam/antietam.sandtable.json"
postmaster=$(head -1 "$dir/pg/data/postmaster.pid")
tick=$(getconf CLK_TCK)
server_cpu() { awk -v t="$tick" '{ print ($16 + $17) / t }' "/proc/$postmaster/stat"; }
writers() { # writers N CATALOGUE PREFIX -> "wall client_cpu server_cpu" (seconds)
  local n="$1" catalogue="$2" prefix="$3" start end s0 s1 pids=()
  s0=$(server_cpu)
  start=$(date +%s.%N)
  for w in $(seq 1 "$n"); do
    (for i in $(seq 1 "$per"); do "$sandtable" --quiet catalogue export "$scenario" --as-new-id "$prefix-$w-$i" --catalogue "$catalogue" >/dev/null 2>"$dir/writer-$w.err" \
       || { echo "writer $w: $prefix-$w-$i failed: $(grep -v ": warning: " "$dir/writer-$w.err" | head -1)" >&2; echo x >>"$dir/failed-$prefix"; }; done) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  end=$(date +%s.%N)
  s1=$(server_cpu)
  # the user and sys time of this subshell's children (a command substitution starts its own count): the batch's
  local c
  times >"$dir/times" # (a builtin in a pipeline would run in a new subshell, whose count is zero)
  c=$(tail -1 "$dir/times" | tr -d s | awk '{ split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
  echo "$start $end $c $s0 $s1" | awk '{ printf "%.3f %.3f %.3f\n", $2 - $1, $3, $5 - $4 }'
}
read -r one_wall one_client one_server <<<"$(writers 1 "$dir/writers.gpkg" one)"
read -r eight_wall eight_client eight_server <<<"$(writers 8 "PG:$conninfo" eight)"
# A failed export is no package: the throughput counts only what was stored (a deadlock once refused most of them).
for prefix in one eight; do
  if [ -s "$dir/failed-$prefix" ]; then echo "writers: $(wc -l <"$dir/failed-$prefix") exports of '$prefix' failed (above): no figure" >&2; exit 1; fi
done
awk -v n="$per" -v ow="$one_wall" -v oc="$one_client" -v ew="$eight_wall" -v ecl="$eight_client" -v es="$eight_server" \
    -v cores="$(nproc)" 'BEGIN {
  printf "writers: 1 writer into a GeoPackage: %d packages in %.2f s = %.2f packages/s (client cpu %.3f s/package)\n", n, ow, n / ow, oc / n
  printf "         8 writers into PostgreSQL: %d packages in %.2f s = %.2f packages/s\n", 8 * n, ew, 8 * n / ew
  printf "         ratio: %.2fx (goal: >= 4x)\n", (8 * n / ew) / (n / ow)
  printf "         per PostgreSQL package: client cpu %.3f s + server cpu %.3f s = %.3f s; %d cores: at most %.2f packages/s (%.2fx one GeoPackage writer)\n",
    ecl / (8 * n), es / (8 * n), (ecl + es) / (8 * n), cores, cores * 8 * n / (ecl + es), (cores * 8 * n / (ecl + es)) / (n / ow) }'
