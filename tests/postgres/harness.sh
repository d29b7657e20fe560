# SPDX-License-Identifier: GPL-3.0-or-later
# What the PostgreSQL catalogue tests share (sourced, not run): a throw-away server (pg_server.sh) in a
# temporary folder removed on exit, the checks, and the ways to reach the server.
#   source harness.sh SANDTABLE_EXECUTABLE SOURCE_DIR NAME
# Sets: sandtable, source_dir, examples, server_script, work, pgdir, failures. Defines: fail, check_eq,
# check_contains, pg USER (the --catalogue value), st (the CLI, --quiet), sql USER SQL (psql, unaligned, one
# value a line). Starts the server, or exits 1 naming the reason (a test never skips for want of one).
sandtable="$1"
source_dir="$2"
server_script="$source_dir/tests/postgres/pg_server.sh"
examples="$source_dir/examples"
work=$(mktemp -d "/tmp/sandtable-$3.XXXXXX")
chmod 755 "$work"
pgdir="$work/pg"
failures=0
cleanup() {
  jobs -p | xargs -r kill 2>/dev/null
  "$server_script" stop "$pgdir"
  rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check_eq() { # check_eq WHAT EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok: $1 = $2"; else fail "$1: expected '$2', got '$3'"; fi
}
check_contains() { # check_contains WHAT TEXT NEEDLE
  if printf '%s' "$2" | grep -qF -- "$3"; then echo "ok: $1"; else fail "$1: '$3' not in: $2"; fi
}

start=$(date +%s)
if ! "$server_script" start "$pgdir"; then
  echo "FAIL: cannot start a PostgreSQL server for the test (see above)"
  exit 1
fi
echo "server up in $(($(date +%s) - start)) s"
psql_bin="${SANDTABLE_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}/psql"
pg() { echo "PG:host=$pgdir dbname=club user=$1"; }
st() { "$sandtable" --quiet "$@"; }
# eight_writers FILE LOG ID...: 8 writers at once (as eve), each exporting FILE under every ID in turn (a W in an
# ID becomes the writer's number); each failed export is a line of LOG.
eight_writers() {
  local file=$1 log=$2 w p pids=()
  shift 2
  rm -f "$log"
  for w in 1 2 3 4 5 6 7 8; do
    (for id in "$@"; do
       id=${id//W/$w}
       st catalogue export "$file" --as-new-id "$id" --catalogue "$(pg eve)" >/dev/null 2>"$work/writer-$w-$id.err" \
         || echo "writer $w: $id: $(cat "$work/writer-$w-$id.err")" >>"$log"
     done) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
}
sql() { "$psql_bin" -X -q -At -v ON_ERROR_STOP=1 -h "$pgdir" -U "$1" -d club -c "$2"; }
