#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Nothing lost in the shared catalogue (issue 45 item 6), with the real CLI against a real server started here:
#   1. the server restarted (pg_ctl restart -m fast) while a writer is inside its export's transaction;
#   2. the writer's connection ended by the server (pg_terminate_backend) in the same place;
#   3. 8 processes x 50 exports each, 200 of them into 2 shared ids, while a reader checks every package it
#      can see, snapshot after snapshot.
# In 1 and 2 the writer is held inside its transaction, deterministically: the test's own session holds the
# polygons table in SHARE mode (readers pass, writers wait), so the writer has stored its package row, its
# document, its points and lines, and waits to insert its polygons. It must fail with a clear
# "sandtable: error:" and exit 1; none of its package may be visible, before or after; the packages finished
# before stay whole.
#   test_postgres_nothing_lost.sh SANDTABLE_EXECUTABLE SOURCE_DIR
# Counts from the example files: Gettysburg (EPSG:32618) has 1 terrain point, 7 lines, 13 polygons and 37
# placed units; Rossbach (local frame, SRID 0) 4 polygons, 1 line and 32 placed units.
set -uo pipefail
source "$2/tests/postgres/harness.sh" "$1" "$2" pg-lost
gettysburg="$examples/gettysburg/gettysburg.sandtable.json"
rossbach="$examples/rossbach/rossbach.sandtable.json"

st catalogue init --catalogue "$(pg postgres)" || fail "catalogue init"
st catalogue grant eve --role editor --catalogue "$(pg postgres)" || fail "grant eve"
st catalogue grant rita --role reader --catalogue "$(pg postgres)" || fail "grant rita"
st catalogue export "$gettysburg" --catalogue "$(pg eve)" >/dev/null 2>&1 || fail "export of Gettysburg"
st catalogue export "$rossbach" --catalogue "$(pg eve)" >/dev/null 2>&1 || fail "export of Rossbach"

# What a reader sees of one id: "<packages> <documents> <points> <lines> <polygons> <units>" (the feature
# tables Gettysburg's exports fill).
seen() {
  sql rita "SELECT (SELECT count(*) FROM sandtable.packages WHERE scenario_id = '$1') || ' ' ||
    (SELECT count(*) FROM sandtable.package_documents d JOIN sandtable.packages p ON p.fid = d.package_fid WHERE p.scenario_id = '$1') || ' ' ||
    (SELECT count(*) FROM sandtable.terrain_epsg_32618_points WHERE scenario_id = '$1') || ' ' ||
    (SELECT count(*) FROM sandtable.terrain_epsg_32618_lines WHERE scenario_id = '$1') || ' ' ||
    (SELECT count(*) FROM sandtable.terrain_epsg_32618_polygons WHERE scenario_id = '$1') || ' ' ||
    (SELECT count(*) FROM sandtable.units_epsg_32618 WHERE scenario_id = '$1')"
}
finished_whole() { # finished_whole WHEN PACKAGES: the two packages exported first are there, whole; PACKAGES listed
  check_eq "$1: Gettysburg as exported (1 package, 1 document, 1 point, 7 lines, 13 polygons, 37 units)" "1 1 1 7 13 37" "$(seen gettysburg-1863)"
  st catalogue extract gettysburg-1863 -o "$work/extracted.json" --catalogue "$(pg rita)" >/dev/null 2>&1 || fail "$1: extract Gettysburg"
  cmp -s "$work/extracted.json" "$gettysburg" && echo "ok: $1: Gettysburg extracts byte for byte" || fail "$1: Gettysburg's document differs"
  check_eq "$1: Rossbach's features (4 polygons, 1 line, 32 units)" "4 1 32" \
    "$(sql rita "SELECT (SELECT count(*) FROM sandtable.terrain_local_polygons WHERE scenario_id = 'rossbach-1757') || ' ' ||
       (SELECT count(*) FROM sandtable.terrain_local_lines WHERE scenario_id = 'rossbach-1757') || ' ' ||
       (SELECT count(*) FROM sandtable.units_local WHERE scenario_id = 'rossbach-1757')")"
  check_eq "$1: packages listed" "$2" "$(st catalogue list --catalogue "$(pg rita)" | wc -l)"
}
finished_whole "before" 2

# Holds the polygons table (SHARE: readers pass, writers wait) until the session is ended; returns when held.
hold_polygons() {
  "$psql_bin" -X -q -h "$pgdir" -U postgres -d club -c "BEGIN" \
    -c "LOCK TABLE sandtable.terrain_epsg_32618_polygons IN SHARE MODE" -c "SELECT pg_sleep(300)" >/dev/null 2>&1 &
  wait_for "the test's session holds the polygons table" \
    "SELECT count(*) FROM pg_locks WHERE relation = 'sandtable.terrain_epsg_32618_polygons'::regclass AND mode = 'ShareLock' AND granted"
}
wait_for() { # wait_for WHAT SQL: until SQL (as postgres) gives 1, at most 60 s
  for _ in $(seq 1 600); do
    [ "$(sql postgres "$2" 2>/dev/null)" = 1 ] && return 0
    sleep 0.1
  done
  fail "$1: not within 60 s"
  return 1
}
waiting_writer="SELECT pid FROM pg_locks WHERE relation = 'sandtable.terrain_epsg_32618_polygons'::regclass AND NOT granted"
# Starts an export of Gettysburg under the id $1 and returns once it waits inside its transaction.
start_held_writer() {
  "$sandtable" --quiet catalogue export "$gettysburg" --as-new-id "$1" --catalogue "$(pg eve)" >"$work/$1.out" 2>"$work/$1.err" &
  writer=$!
  wait_for "the writer of $1 waits for the polygons table" "SELECT count(*) FROM ($waiting_writer) w" || return 1
  # Held inside the transaction: its package row, document, point and lines are written and not committed.
  check_eq "$1 while its writer is held: a reader sees nothing of it" "0 0 0 0 0 0" "$(seen "$1")"
  if st catalogue show "$1" --catalogue "$(pg rita)" >/dev/null 2>&1; then fail "$1 is shown while its writer is held"; fi
  return 0
}
writer_failed() { # writer_failed ID: the writer exited 1 with a clear error; nothing of the package is there
  wait "$writer"
  check_eq "$1: the writer's exit" 1 $?
  local err
  err=$(cat "$work/$1.err")
  check_contains "$1: the writer says sandtable: error:" "$err" "sandtable: error: "
  check_contains "$1: the writer says the connection was lost" "$err" "the connection to the database was lost"
  echo "   ($1: the writer said: $err)"
  check_eq "$1: nothing of it after the failure" "0 0 0 0 0 0" "$(seen "$1")"
  if st catalogue show "$1" --catalogue "$(pg rita)" >/dev/null 2>&1; then fail "$1 is shown after its writer failed"; else echo "ok: $1 is not in the catalogue"; fi
}

# --- 1. the server restarted mid-export
hold_polygons
if start_held_writer restarted; then
  "$server_script" restart "$pgdir" || fail "pg_server.sh restart"
  writer_failed restarted
fi
finished_whole "after the restart" 2

# --- 2. the writer's connection ended by the server mid-export
hold_polygons
if start_held_writer terminated; then
  check_eq "pg_terminate_backend of the writer's backend" t "$(sql postgres "SELECT pg_terminate_backend(pid) FROM ($waiting_writer) w")"
  writer_failed terminated
fi
sql postgres "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE relation = 'sandtable.terrain_epsg_32618_polygons'::regclass AND mode = 'ShareLock'" >/dev/null
finished_whole "after the terminated connection" 2
# the catalogue still takes exports: the same id, now whole
st catalogue export "$gettysburg" --as-new-id terminated --catalogue "$(pg eve)" >/dev/null 2>&1 || fail "export of 'terminated' afterwards"
check_eq "terminated exported again: whole" "1 1 1 7 13 37" "$(seen terminated)"

# --- 3. 8 writers x 50 exports of Rossbach. Writer w, export i (1..50): odd i into its own id stress-w-i
# (8 x 25 = 200 ids, one revision each); i = 4, 8, ..., 48 into stress-shared-a (8 x 12 = 96 revisions);
# i = 2, 6, ..., 50 into stress-shared-b (8 x 13 = 104 revisions). 400 packages, 202 of them latest. Every
# package: 4 polygons, 1 line, 32 units: 1,600 polygons, 808 of them latest.
# SANDTABLE_PG_STRESS_EXPORTS=N runs N exports per writer instead (the sanitizer build: 10, the same paths in
# a fifth of the time): 8 x ceil(N/2) own ids, 8 x floor(N/4) and 8 x floor((N+2)/4) revisions of the two
# shared ids (for 10: 40, 16 and 24; 80 packages, 42 latest, 320 polygons, 168 latest).
n=${SANDTABLE_PG_STRESS_EXPORTS:-50}
own=$((8 * ((n + 1) / 2))) shared_a=$((8 * (n / 4))) shared_b=$((8 * ((n + 2) / 4)))
total=$((own + shared_a + shared_b)) latest=$((own + 2))
[ "$n" = 50 ] && check_eq "the scheme's counts for 50 exports a writer (own ids, shared-a, shared-b, packages, latest)" \
  "200 96 104 400 202" "$own $shared_a $shared_b $total $latest"
# The reader's check, run over and over while they write: a package row it sees without its document, search
# rows, every feature, or its warnings, or with a latest flag that its search or feature rows do not share.
half_seen="SELECT count(*) FROM sandtable.packages p WHERE p.scenario_id LIKE 'stress-%' AND NOT (
  EXISTS (SELECT 1 FROM sandtable.package_documents d WHERE d.package_fid = p.fid)
  AND EXISTS (SELECT 1 FROM sandtable.package_search s WHERE s.package_fid = p.fid AND s.latest = p.latest)
  AND EXISTS (SELECT 1 FROM sandtable.package_words w WHERE w.package_fid = p.fid AND w.latest = p.latest)
  AND (SELECT count(*) FROM sandtable.terrain_local_polygons t WHERE t.package_fid = p.fid AND t.latest = p.latest) = 4
  AND (SELECT count(*) FROM sandtable.terrain_local_lines t WHERE t.package_fid = p.fid AND t.latest = p.latest) = 1
  AND (SELECT count(*) FROM sandtable.units_local t WHERE t.package_fid = p.fid AND t.latest = p.latest) = 32
  AND p.warning_count = (SELECT count(*) FROM sandtable.package_warnings w WHERE w.package_fid = p.fid))"
(
  checks=0
  while [ ! -e "$work/writers.done" ]; do
    n=$(sql rita "$half_seen" 2>&1)
    [ "$n" = 0 ] || echo "snapshot $checks: $n" >>"$work/half-seen"
    checks=$((checks + 1))
  done
  echo "$checks" >"$work/reader.checks"
) &
reader=$!
start=$(date +%s)
ids=()
for i in $(seq 1 "$n"); do
  case $((i % 4)) in
    1 | 3) ids+=("stress-W-$i") ;;
    0) ids+=(stress-shared-a) ;;
    2) ids+=(stress-shared-b) ;;
  esac
done
eight_writers "$rossbach" "$work/stress.failed" "${ids[@]}"
touch "$work/writers.done"
wait "$reader"
echo "8 writers x $n exports: $(($(date +%s) - start)) s; the reader checked $(cat "$work/reader.checks") snapshots"
[ -s "$work/stress.failed" ] && fail "exports failed: $(head -5 "$work/stress.failed")"
[ -s "$work/half-seen" ] && fail "a reader saw half packages: $(head -5 "$work/half-seen")"
[ "$(cat "$work/reader.checks")" -gt 0 ] || fail "the reader checked no snapshot"
check_eq "no half package in a final snapshot" 0 "$(sql rita "$half_seen")"
check_eq "stress packages, latest packages" "$total $latest" \
  "$(sql rita "SELECT count(*) || ' ' || count(*) FILTER (WHERE latest) FROM sandtable.packages WHERE scenario_id LIKE 'stress-%'")"
check_eq "stress-shared-a: revisions 1..$shared_a, the last latest" "$shared_a 1 $shared_a $shared_a" \
  "$(sql rita "SELECT count(*) || ' ' || min(revision) || ' ' || max(revision) || ' ' || max(revision) FILTER (WHERE latest) FROM sandtable.packages WHERE scenario_id = 'stress-shared-a'")"
check_eq "stress-shared-b: revisions 1..$shared_b, the last latest" "$shared_b 1 $shared_b $shared_b" \
  "$(sql rita "SELECT count(*) || ' ' || min(revision) || ' ' || max(revision) || ' ' || max(revision) FILTER (WHERE latest) FROM sandtable.packages WHERE scenario_id = 'stress-shared-b'")"
check_eq "own ids, one revision each" "$own $own" \
  "$(sql rita "SELECT count(DISTINCT scenario_id) || ' ' || count(*) FROM sandtable.packages WHERE scenario_id ~ '^stress-[0-9]+-[0-9]+$'")"
check_eq "stress polygons, latest polygons (4 a package)" "$((4 * total)) $((4 * latest))" \
  "$(sql rita "SELECT count(*) || ' ' || count(*) FILTER (WHERE latest) FROM sandtable.terrain_local_polygons WHERE scenario_id LIKE 'stress-%'")"
finished_whole "after the $total exports (2 + terminated + $latest stress ids listed)" $((3 + latest))

echo "== $failures failure(s)"
[ "$failures" -eq 0 ]
