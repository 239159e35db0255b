#!/usr/bin/env bash
# Build a wheel, install it in a fresh venv, and use it from another directory.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q build
"$work/venv/bin/python" -m build -q --wheel --outdir "$work/dist" "$repo" >/dev/null
"$work/venv/bin/pip" install -q "$work"/dist/*.whl
cd "$work"
if "$work/venv/bin/python" -c "import cli" 2>/dev/null || "$work/venv/bin/python" -c "import migrations" 2>/dev/null; then
  echo "wheel-smoke: the wheel installs a generic top-level module" >&2; exit 1
fi
export WORDINDEX_DB="$work/smoke.db"
"$work/venv/bin/wordindex" build "$repo/data/dictionary.txt"
"$work/venv/bin/wordindex" check cool
"$work/venv/bin/wordindex" words --pattern c--l --guessed aei
"$work/venv/bin/wordindex" db current
# The bundled lists travel in the wheel: a Spanish index from the bundled list, no file given.
"$work/venv/bin/wordindex" languages | grep -q '^es  Spanish'
"$work/venv/bin/wordindex" --db "$work/es.db" build --language es
"$work/venv/bin/wordindex" --db "$work/es.db" check niño | grep -qx 'niño: a word'
# The serve extra from the wheel: the page's assets and the game store's migrations travel inside it.
"$work/venv/bin/pip" install -q "$(ls "$work"/dist/*.whl)[serve]"
"$work/venv/bin/wordindex" serve --port 18931 &
server=$!
"$work/venv/bin/python" - <<'PY'
import json, time, urllib.request
base = "http://127.0.0.1:18931"
for _ in range(100):
    try:
        ready = json.load(urllib.request.urlopen(base + "/readyz"))
        break
    except OSError:
        time.sleep(0.2)
else:
    raise SystemExit("wheel-smoke: the server did not start")
assert ready["status"] == "ok", ready
assert b"boggle.js" in urllib.request.urlopen(base + "/boggle").read()
assert urllib.request.urlopen(base + "/static/boggle.js").status == 200
request = urllib.request.Request(base + "/api/games", data=b'{"game": "boggle", "seed": 1}', method="POST")
assert json.load(urllib.request.urlopen(request))["state"]["board"]
PY
kill "$server"
wait "$server" 2>/dev/null || true
echo "wheel-smoke: ok"
