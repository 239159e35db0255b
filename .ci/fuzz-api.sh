#!/usr/bin/env bash
# A schema fuzz of the live server (issue 23): `wordindex serve` on the bundled dictionary, then
# schemathesis sends what the OpenAPI document allows (and some of what it does not) to every
# operation. Zero 5xx answers are allowed. Kept to about a minute: a few dozen examples each.
# Usage: .ci/fuzz-api.sh [MAX_EXAMPLES]   (run from the repository, its .venv installed with [test])
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
examples="${1:-200}"
work="$(mktemp -d)"
port="$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
.venv/bin/wordindex --db "$work/wordindex.db" build data/dictionary.txt >/dev/null 2>&1
# Many games from one address: the fuzz plays every game kind over and over.
WORDINDEX_NEW_GAMES_PER_MINUTE=1000000 .venv/bin/wordindex --db "$work/wordindex.db" serve --port "$port" \
  >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
ready=""
for _ in $(seq 150); do
  if curl -fs "http://127.0.0.1:$port/readyz" >/dev/null; then ready=1; break; fi
  sleep 0.2
done
if [ -z "$ready" ]; then
  echo "fuzz-api: the server did not become ready:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi
# From the scratch directory: schemathesis keeps a cache of crashes in ./.schemathesis.
cd "$work"
"$repo/.venv/bin/st" run "http://127.0.0.1:$port/openapi.json" \
  --checks not_a_server_error \
  --max-examples "$examples" \
  --phases examples,coverage,fuzzing,stateful \
  --request-timeout 30 \
  --generation-deterministic \
  --no-color
