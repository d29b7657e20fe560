#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders packaging/icons/sandtable.svg to the committed hicolor PNGs (run after editing the SVG; needs rsvg-convert).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v rsvg-convert >/dev/null || { echo "render-icons.sh: needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 32 48 64 128 256; do
  mkdir -p "$here/hicolor/${size}x${size}/apps"
  rsvg-convert --width "$size" --height "$size" --format png \
    --output "$here/hicolor/${size}x${size}/apps/sandtable.png" "$here/sandtable.svg"
done
echo "rendered: $(cd "$here" && ls hicolor/*/apps/sandtable.png | tr '\n' ' ')"
