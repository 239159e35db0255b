#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on 127.0.0.1 for the test suite and print its URL.
# Installs Debian's postgresql if it is missing. Usage: eval "$(.ci/postgres.sh)"
set -euo pipefail
PGPORT="${WORDINDEX_PG_PORT:-54329}"
PGDATA="${WORDINDEX_PG_DIR:-/tmp/wordindex-pg}"
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "installing postgresql from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null) >&2
  bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
runas=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd -r -m postgres
  runas=(runuser -u postgres --)
fi
if ! "${runas[@]}" "$bindir/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [ "$(id -u)" = 0 ] && chown postgres "$PGDATA"
  "${runas[@]}" "$bindir/initdb" -D "$PGDATA" -U wordindex --auth=trust >/dev/null
  "${runas[@]}" "$bindir/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k /tmp -c fsync=off" start >&2
fi
"${runas[@]}" "$bindir/psql" -h 127.0.0.1 -p "$PGPORT" -U wordindex -d postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = 'wordindex_test'" | grep -q 1 ||
  "${runas[@]}" "$bindir/createdb" -h 127.0.0.1 -p "$PGPORT" -U wordindex wordindex_test
echo "export WORDINDEX_TEST_PG_URL=postgresql://wordindex@127.0.0.1:$PGPORT/wordindex_test"
