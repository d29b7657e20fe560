#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs fuzz targets of the `fuzz` build for SECONDS each, one per core at a time (tests/fuzz/README.md).
# Usage: tests/fuzz/run.sh SECONDS [TARGET...]   (targets: the names under tests/fuzz/corpus/; default all)
# Exits non-zero when a target finds a crash, a leak, a timeout (> 10 s per input) or an out-of-memory
# (> 2 GiB); the input is left in build/fuzz/artifacts/. The growing corpus lives in build/fuzz/corpus/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SECONDS_EACH="${1:?usage: run.sh SECONDS [TARGET...]}"
shift
BUILD="${SANDTABLE_FUZZ_BUILD:-$ROOT/build/fuzz}"
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  for d in "$ROOT"/tests/fuzz/corpus/*/; do TARGETS+=("$(basename "$d")"); done
fi
SANDTABLE_BIN=""
for candidate in "$ROOT/build/ci/cli/sandtable" "$ROOT/build/release/cli/sandtable" "$ROOT/build/dev/cli/sandtable"; do
  if [ -x "$candidate" ]; then SANDTABLE_BIN="$candidate"; break; fi
done
"$ROOT/tests/fuzz/seeds.sh" "$BUILD/corpus" "$SANDTABLE_BIN" >/dev/null
mkdir -p "$BUILD/artifacts"
# Targets run SANDTABLE_FUZZ_JOBS at a time (default: one per core; each libFuzzer run is one process on one
# core): on the 2-core CI machine, 9 targets x 30 s take 150 s instead of 270 s (issue 43 item 6).
JOBS="${SANDTABLE_FUZZ_JOBS:-$(nproc)}"
fuzz_one() { # fuzz_one TARGET: one libFuzzer run; its exit status is written to $BUILD/artifacts/TARGET.status
  local target="$1" log="$BUILD/artifacts/$1.log" status=0
  local dict=()
  if [ -f "$ROOT/tests/fuzz/$target.dict" ]; then dict=(-dict="$ROOT/tests/fuzz/$target.dict"); fi
  ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}" \
  UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
  "$BUILD/tests/fuzz/fuzz_$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 "${dict[@]}" \
    -max_len=1048576 -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/$target-" "$BUILD/corpus/$target" \
    > "$log" 2>&1 || status=$?
  echo "$status" > "$BUILD/artifacts/$target.status"
}
running=0
for target in "${TARGETS[@]}"; do
  if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
  echo "== fuzz_$target: ${SECONDS_EACH} s"
  rm -f "$BUILD/artifacts/$target.status"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait || true
failed=0
for target in "${TARGETS[@]}"; do
  log="$BUILD/artifacts/$target.log"
  status="$(cat "$BUILD/artifacts/$target.status" 2>/dev/null || echo 125)"
  echo "== fuzz_$target"
  grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^Done " "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log" >&2
    echo "fuzz_$target failed (exit $status): the input is in $BUILD/artifacts/, the log in $log" >&2
    failed=1
  fi
done
exit "$failed"
