#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The shared catalogue's benchmarks (issue 45), side by side in one run, on a throw-away PostgreSQL 15 + PostGIS
# server (tests/postgres/pg_server.sh) with fsync on, as a club's server would run:
#   1. export of the 20k-polygon scenario into PostGIS against ogr2ogr -f PostgreSQL of the same features;
#   2. ranked search over 10,000 packages, 1,000 queries, PostgreSQL against the GeoPackage;
#   3. throughput of 8 concurrent writers into PostgreSQL against one writer into the GeoPackage.
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

"$bench" export-pg "$sandtable" "$conninfo" "$runs"
"$bench" search-pg "$conninfo" 1

# Writers: the Antietam example stored under distinct ids, PER exports per writer.
scenario="$root/examples/antietam/antietam.sandtable.json"
writers() { # writers N CATALOGUE PREFIX -> seconds
  local n="$1" catalogue="$2" prefix="$3" start end pids=()
  start=$(date +%s.%N)
  for w in $(seq 1 "$n"); do
    (for i in $(seq 1 "$per"); do "$sandtable" --quiet catalogue export "$scenario" --as-new-id "$prefix-$w-$i" --catalogue "$catalogue" >/dev/null 2>&1; done) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
one_gpkg=$(writers 1 "$dir/writers.gpkg" one)
eight_pg=$(writers 8 "PG:$conninfo" eight)
awk -v n="$per" -v one="$one_gpkg" -v eight="$eight_pg" 'BEGIN {
  printf "writers: 1 writer into a GeoPackage: %d packages in %.2f s = %.2f packages/s\n", n, one, n / one
  printf "         8 writers into PostgreSQL: %d packages in %.2f s = %.2f packages/s\n", 8 * n, eight, 8 * n / eight
  printf "         ratio: %.2fx (goal: >= 4x)\n", (8 * n / eight) / (n / one) }'
