#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Install test: builds the .deb, lints it, installs it into a clean Debian 12 root, runs sandtable there, removes it.
#
# Usage (as root, from anywhere): bash packaging/test-install.sh [--no-build] [--keep-root]
#   --no-build    use the newest sandtable_*.deb already in build/release (skip configure, build and cpack)
#   --keep-root   leave the test root in place for inspection (it is printed)
# Environment:
#   SANDTABLE_TEST_CACHE   cache of the pristine debootstrap root and apt's downloads
#                          (default /var/cache/sandtable-install-test; reruns reuse both)
#   DEBIAN_MIRROR          (default http://deb.debian.org/debian)
#   JOBS                   build parallelism (default 2)
# The whole output also goes to build/release/packaging/test-install.log. Not part of ctest: it takes minutes.
set -euo pipefail

build=1
keep_root=0
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --keep-root) keep_root=1 ;;
    -h|--help) sed -n '3,13p' "$0"; exit 0 ;;
    *) echo "test-install.sh: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$(id -u)" -ne 0 ]; then
  echo "test-install.sh: needs root (debootstrap, chroot, mount)" >&2
  exit 2
fi

repo="$(cd "$(dirname "$0")/.." && pwd)"
build_dir="$repo/build/release"
cache="${SANDTABLE_TEST_CACHE:-/var/cache/sandtable-install-test}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
jobs="${JOBS:-2}"
mkdir -p "$build_dir/packaging" "$cache/apt-archives/partial"
exec > >(tee "$build_dir/packaging/test-install.log") 2>&1

step() { printf '\n=== %s: %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() { printf '\nINSTALL TEST FAILED: %s\n' "$*"; exit 1; }

# --- host tools (only this test needs them; the build and ctest do not) ------------------------------------
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v lintian >/dev/null || need+=(lintian)
if [ ${#need[@]} -gt 0 ]; then
  step "installing host tools: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# --- build the package: release preset, prefix /usr, Debian's hardening flags ------------------------------
version="$(sed -n 's/^project(sandtable VERSION \([0-9.]*\).*/\1/p' "$repo/CMakeLists.txt")"
[ -n "$version" ] || fail "no project version in $repo/CMakeLists.txt"
if [ "$build" -eq 1 ]; then
  step "configure and build (cmake --preset release, prefix /usr, dpkg-buildflags without -g)"
  export DEB_BUILD_MAINT_OPTIONS=hardening=+all
  flags() { dpkg-buildflags --get "$1" | sed -E 's/(^| )-g( |$)/ /'; }
  cd "$repo"
  cmake --preset release -DCMAKE_INSTALL_PREFIX=/usr -DSANDTABLE_BUILD_TESTS=OFF \
    "-DCMAKE_C_FLAGS=$(flags CPPFLAGS) $(flags CFLAGS)" \
    "-DCMAKE_CXX_FLAGS=$(flags CPPFLAGS) $(flags CXXFLAGS)" \
    "-DCMAKE_EXE_LINKER_FLAGS=$(flags LDFLAGS)" "-DCMAKE_SHARED_LINKER_FLAGS=$(flags LDFLAGS)"
  cmake --build --preset release -j "$jobs"
  step "cpack"
  (cd "$build_dir" && rm -f sandtable_*.deb && cpack -G DEB)
fi
deb="$(ls -t "$build_dir"/sandtable_*.deb 2>/dev/null | head -1 || true)"
[ -n "$deb" ] || fail "no sandtable_*.deb in $build_dir"
step "package: $deb"
dpkg-deb --info "$deb"
dpkg-deb --contents "$deb"

# --- lintian: errors fail, warnings are listed ------------------------------------------------------------
step "lintian $(basename "$deb")"
lintian_out="$build_dir/packaging/lintian.txt"
lintian --info --display-level '>=info' "$deb" > "$lintian_out" 2>&1 || true
cat "$lintian_out"
if grep -q '^E: ' "$lintian_out"; then
  fail "lintian reports errors (see $lintian_out)"
fi
echo "lintian: no errors ($(grep -c '^W: ' "$lintian_out" || true) warning(s))"

# --- a clean Debian 12 root: debootstrap once into the cache, a fresh copy per run -------------------------
pristine="$cache/bookworm-minbase"
if [ ! -f "$cache/debootstrap.done" ]; then
  step "debootstrap --variant=minbase bookworm (cached in $pristine)"
  rm -rf "$pristine" "$pristine.tmp"
  debootstrap --variant=minbase bookworm "$pristine.tmp" "$mirror"
  mv "$pristine.tmp" "$pristine"
  echo ok > "$cache/debootstrap.done"
fi
root="$(mktemp -d "$cache/root.XXXXXX")"
mounted=()
cleanup() {
  local m
  for ((i=${#mounted[@]}-1; i>=0; i--)); do
    m="${mounted[$i]}"
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done
  if grep -q " $root/" /proc/mounts; then
    # A bind mount still in place would let rm reach the apt cache: leave the root for a manual look.
    echo "test root left in place, something is still mounted under it: $root"
  elif [ "$keep_root" -eq 0 ]; then
    rm -rf --one-file-system "$root"
  else
    echo "test root kept: $root"
  fi
}
trap cleanup EXIT
step "fresh root $root from $pristine"
cp -a "$pristine/." "$root/"
cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
mount -t proc proc "$root/proc"
mounted+=("$root/proc")
mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives"
mounted+=("$root/var/cache/apt/archives")
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"; }

# --- install with apt: the package's own Depends must pull everything in ------------------------------------
step "apt-get install ./$(basename "$deb") in the clean root"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root apt-get install -y --no-install-recommends "/tmp/$(basename "$deb")"
in_root dpkg -L sandtable > "$build_dir/packaging/sandtable-files.txt"

# --- run it there ----------------------------------------------------------------------------------------
step "sandtable --version / sandtable-editor --version"
got="$(in_root sandtable --version)"
echo "$got"
[ "$got" = "sandtable $version" ] || fail "sandtable --version printed '$got', expected 'sandtable $version'"
got="$(in_root sandtable-editor --version)"
echo "$got"
[ "$got" = "sandtable-editor $version" ] || fail "sandtable-editor --version printed '$got'"

step "sandtable demo --out /tmp/d (no shared scan in this root: terrain-only expected)"
demo_log="$build_dir/packaging/demo-in-root.log"
in_root sandtable demo --out /tmp/d > "$demo_log" 2>&1 || { cat "$demo_log"; fail "sandtable demo exited non-zero"; }
cat "$demo_log"
grep -q "working terrain-only" "$demo_log" || fail "the demo did not say it works terrain-only"
grep -q "example: /usr/share/sandtable/examples/gettysburg/gettysburg.sandtable.json" "$demo_log" \
  || fail "the demo did not use the installed example"
for f in gettysburg.sandtable.json gettysburg_map_1-16000.pdf catalogue.gpkg; do
  [ -s "$root/tmp/d/$f" ] || fail "the demo wrote no /tmp/d/$f"
done
in_root sandtable scenario validate /tmp/d/gettysburg.sandtable.json
in_root sandtable catalogue list --catalogue /tmp/d/catalogue.gpkg

step "installed documentation and desktop integration"
for f in /usr/share/man/man1/sandtable.1.gz /usr/share/man/man1/sandtable-editor.1.gz \
         /usr/share/doc/sandtable/copyright /usr/share/doc/sandtable/changelog.gz \
         /usr/share/doc/sandtable/changelog.Debian.gz /usr/share/applications/sandtable-editor.desktop \
         /usr/share/metainfo/io.github.sandtable.Sandtable.metainfo.xml /usr/share/mime/packages/sandtable.xml \
         /usr/share/icons/hicolor/scalable/apps/sandtable.svg /usr/share/icons/hicolor/48x48/apps/sandtable.png \
         /usr/share/sandtable/schemas/scenario.v1.schema.json \
         /usr/share/locale/fr/LC_MESSAGES/sandtable.mo /usr/share/locale/de/LC_MESSAGES/sandtable.mo; do
  [ -s "$root$f" ] || fail "missing $f"
  echo "ok $f"
done
zcat "$root/usr/share/man/man1/sandtable.1.gz" | grep -q '^\.TH SANDTABLE 1 .*"sandtable '"$version"'"' \
  || fail "sandtable.1.gz is not the generated page of $version"
if [ -f "$root/usr/share/mime/globs2" ]; then
  grep -q 'application/x-sandtable-scenario:\*\.sandtable\.json' "$root/usr/share/mime/globs2" \
    || fail "the MIME database of the root lacks *.sandtable.json (shared-mime-info trigger)"
  echo "ok MIME database: application/x-sandtable-scenario for *.sandtable.json"
fi
if [ -f "$root/usr/share/applications/mimeinfo.cache" ]; then
  grep -q 'application/x-sandtable-scenario=sandtable-editor.desktop' "$root/usr/share/applications/mimeinfo.cache" \
    || fail "mimeinfo.cache does not send scenarios to sandtable-editor.desktop"
  echo "ok mimeinfo.cache: application/x-sandtable-scenario=sandtable-editor.desktop"
fi

# --- what a double-click does: GIO (as file managers use it) maps the file to the type, the type to the editor --
step "double-click: gio's type of the demo's scenario and its default application"
in_root apt-get install -y -qq --no-install-recommends libglib2.0-bin desktop-file-utils > /dev/null
type="$(in_root gio info -a standard::content-type /tmp/d/gettysburg.sandtable.json | sed -n 's/^ *standard::content-type: //p')"
echo "gio: /tmp/d/gettysburg.sandtable.json is $type"
[ "$type" = "application/x-sandtable-scenario" ] || fail "gio types the scenario as '$type'"
in_root gio mime application/x-sandtable-scenario | tee "$build_dir/packaging/gio-mime.txt"
grep -q 'Default application for .*: sandtable-editor.desktop' "$build_dir/packaging/gio-mime.txt" \
  || fail "sandtable-editor.desktop is not the default application for scenarios"

# --- remove: nothing of the package may stay behind -------------------------------------------------------
step "apt-get remove sandtable"
in_root apt-get remove -y sandtable
if in_root dpkg-query -W -f='${Status}\n' sandtable 2>/dev/null | grep -q 'install ok installed'; then
  fail "sandtable is still installed"
fi
left=0
while IFS= read -r path; do
  if [ -e "$root$path" ] && [ ! -d "$root$path" ]; then
    echo "left behind: $path"
    left=1
  fi
done < "$build_dir/packaging/sandtable-files.txt"
if [ -e "$root/usr/share/sandtable" ]; then
  echo "left behind: /usr/share/sandtable/"
  left=1
fi
[ "$left" -eq 0 ] || fail "files of the package remain after apt-get remove"
if in_root sh -c 'command -v sandtable'; then
  fail "sandtable is still on PATH"
fi
echo "removed: no file of the package remains"

step "INSTALL TEST PASSED: $(basename "$deb") installs into a clean Debian 12 root, runs, and removes cleanly"
