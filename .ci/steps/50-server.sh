#!/usr/bin/env bash
# The game server (server/, draughts-server): one test run covers SQLite and
# PostgreSQL (the suite runs on both when DATABASE_URL names one; with
# CI=true it must). PostgreSQL comes from Debian's package and runs in a
# temporary folder on its own port for the length of this step.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "== installing postgresql (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=$(mktemp -d /tmp/draughts-pg.XXXXXX)
port=${DRAUGHTS_PG_PORT:-54329}
# PostgreSQL refuses to run as root: as root, run it as the postgres user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
# fsync off: CI's data is thrown away (the SIGKILL test kills the server, not the database).
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
trap 'as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
echo "== postgresql $("$bin/postgres" --version | awk '{print $3}') on port $port ($((SECONDS - start)) s)"

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "== cargo test --release -p draughts-server (SQLite and PostgreSQL)"
cargo test --release -p draughts-server
echo "== server step done in $((SECONDS - start)) s"
