#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on 127.0.0.1, started here and stopped after.
# The server's admin URL is passed as TEST_DATABASE_URL. PostgreSQL is installed with apt-get when
# it is missing and this machine can; otherwise this fails saying what to install.
set -euo pipefail

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

PG_BIN=$(find_bin || true)
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is missing: installing it with apt-get (package postgresql)..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) || {
      echo "Could not install PostgreSQL. Install it yourself: sudo apt-get install postgresql" >&2; exit 1; }
    PG_BIN=$(find_bin || true)
  fi
fi
if [ -z "$PG_BIN" ]; then
  echo "PostgreSQL is required for the integration tests on PostgreSQL and is not installed." >&2
  echo "Install it (Debian/Ubuntu: sudo apt-get install postgresql) and run the tests again." >&2
  exit 1
fi

PORT=${PG_TEST_PORT:-54329}
DIR=$(mktemp -d /tmp/fleet-pg.XXXXXX)
AS=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$DIR" postgres
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
fi

stop() {
  "${AS[@]}" "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${AS[@]}" "$PG_BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync >/dev/null
"${AS[@]}" "$PG_BIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$PORT" >&2
"$@"
