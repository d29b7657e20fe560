#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the working corpus of every fuzz target in OUT (default build/fuzz/corpus): the small seeds checked in
# under tests/fuzz/corpus/<target>/, plus the project's bigger valid files referenced here instead of copied:
# the example scenarios, the example card sheet, and (when a sandtable binary is given) a catalogue holding an
# example. Usage: tests/fuzz/seeds.sh [OUT] [SANDTABLE_BINARY]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="${1:-$ROOT/build/fuzz/corpus}"
SANDTABLE="${2:-}"
for dir in "$ROOT"/tests/fuzz/corpus/*/; do
  target="$(basename "$dir")"
  mkdir -p "$OUT/$target"
  cp -f "$dir"/* "$OUT/$target/"
done
for f in "$ROOT"/examples/*/*.sandtable.json; do
  cp -f "$f" "$OUT/scenario_json/example-$(basename "$f")"
done
for f in "$ROOT"/examples/*/*.csv; do
  cp -f "$f" "$OUT/card_csv/example-$(basename "$f")"
done
if [ -n "$SANDTABLE" ] && [ -x "$SANDTABLE" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  "$SANDTABLE" -q catalogue export "$ROOT/examples/table-battles/fontenoy.sandtable.json" --catalogue "$tmp/c.gpkg" >/dev/null
  if command -v sqlite3 >/dev/null; then
    sqlite3 "$tmp/c.gpkg" "PRAGMA journal_mode=DELETE; PRAGMA page_size=512; VACUUM;" >/dev/null
  fi
  cp -f "$tmp/c.gpkg" "$OUT/catalogue_open/example-fontenoy.gpkg"
fi
echo "corpus in $OUT"
