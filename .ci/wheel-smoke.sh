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
echo "wheel-smoke: ok"
