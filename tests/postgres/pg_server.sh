#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A throw-away PostgreSQL 15 + PostGIS server for the tests (issue 45): initdb into a temporary folder as an
# unprivileged user, pg_ctl on a Unix socket in that folder (no TCP port), a database with postgis and unaccent.
#   pg_server.sh start DIR   -> the cluster in DIR/data, the socket in DIR, database "club"; prints nothing
#   pg_server.sh restart DIR -> pg_ctl restart -m fast (every session ended, as an administrator's restart)
#   pg_server.sh stop DIR    -> stops the server and removes DIR
# As root the server runs as "nobody" (PostgreSQL refuses to run as root); otherwise as the calling user.
# Fails (exit 1) naming the reason when the server cannot be had: a test never skips for want of one.
set -euo pipefail
action="$1"
dir="$2"
bindir="${SANDTABLE_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "pg_server.sh: no PostgreSQL server binaries (initdb) found; install postgresql-15 and postgresql-15-postgis-3 (packaging/install-deps.sh)" >&2
  exit 1
fi
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi
}
case "$action" in
start)
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown nobody "$dir"; fi
  chmod 700 "$dir"
  as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { echo "pg_server.sh: initdb failed:" >&2; cat "$dir/initdb.log" >&2; exit 1; }
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=${SANDTABLE_PG_FSYNC:-off} -c max_connections=60" start >/dev/null \
    || { echo "pg_server.sh: the server did not start:" >&2; cat "$dir/server.log" >&2; exit 1; }
  as_owner "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -U postgres -d postgres \
    -c "CREATE DATABASE club" >/dev/null
  as_owner "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -U postgres -d club \
    -c "CREATE EXTENSION postgis" -c "CREATE EXTENSION unaccent" >/dev/null \
    || { echo "pg_server.sh: CREATE EXTENSION postgis, unaccent failed (postgresql-15-postgis-3 installed?)" >&2; exit 1; }
  ;;
restart)
  as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m fast -w -t 60 restart >/dev/null \
    || { echo "pg_server.sh: the server did not restart:" >&2; tail -20 "$dir/server.log" >&2; exit 1; }
  ;;
stop)
  if [ -d "$dir/data" ]; then
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: pg_server.sh start|restart|stop DIR" >&2
  exit 2
  ;;
esac
