"""Load on `wordindex serve`: requests/s and p50/p99 latency per endpoint, each beside `/healthz`.

Starts `wordindex serve` on 127.0.0.1 (a free port, never another host) with
1 and 2 workers, on SQLite and (with --pg URL) on PostgreSQL, and drives it
with wrk (`apt-get install wrk`) at 50 concurrent connections for a bounded
time. Before each request below it measures ``/healthz`` (the framework's own
ceiling: no database, a constant answer) on the same server, and reports the
request's requests/s as a share of that (``ratio``), with p50 and p99
latency, errors (non-2xx answers and socket errors) and the load average.

* board solve: ``GET /api/boggle?board=perslatgsineters`` (its every word with its path, the
  answer of `wordindex boggle --json`);
* the other queries: ``check``, ``words``, ``guess``, ``evil``, ``solve``, ``best-word``, ``info``;
* with ``--cold``: nothing kept (every answer computed, ``WORDINDEX_ANSWER_CACHE_ENTRIES=0``) and each
  board solve of a new board rolled from the dice; without it each query repeats one request, so
  after the first every answer comes from the worker's answer cache ("repeated");
* game move: ``POST /api/games/{id}/moves`` playing a word in one of 50
  Boggle rounds (one per connection, created first), so every request is a
  read-modify-write of a game row (computed, then written if its version is unchanged).

    python benchmarks/serve_load.py                                  # SQLite, bundled dictionary
    python benchmarks/serve_load.py --pg postgresql://user@127.0.0.1/db --seconds 10
    python benchmarks/serve_load.py --workers 1 --only "board solve" "game move"
    python benchmarks/serve_load.py --workers 1 --cold                 # every answer computed
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ["perslatgsineters"]
#: The GET requests measured, by name (each beside /healthz).
QUERIES = {
    "board solve": "/api/boggle?board=perslatgsineters",
    "check": "/api/check?word=cool&word=zzzz",
    "words": "/api/words?pattern=-o--&limit=20",
    "guess": "/api/guess?pattern=-e--&guessed=e",
    "evil": "/api/evil?length=4&guessed=e",
    "solve": "/api/solve?word=cool",
    "best-word": "/api/best-word?hand=cowsxz*",
    "info": "/api/info",
}
#: The board of the move benchmark's rounds: the solved board but its last letter, with the same words
#: of WORDS (a running round's own board is not solved by /api/boggle: a 409 would be measured).
ROUND_BOARD = "perslatgsinetery"
#: Words the move benchmark plays on its rounds (some accepted, then "already found").
WORDS = ["rate", "tale", "line", "sine", "pest", "stag", "late", "rest", "tine", "lint"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def executable() -> str:
    beside = Path(sys.executable).with_name("wordindex")
    return str(beside) if beside.exists() else (shutil.which("wordindex") or "wordindex")


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class Server:
    """`wordindex serve` in a child process on a free loopback port."""

    def __init__(self, db: str, workers: int, extra: tuple[str, ...] = (), env: dict[str, str] | None = None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # Every simulated client comes from 127.0.0.1: the per-address limits (new games, connections,
        # live streams) stand aside.
        env = {
            **os.environ,
            "WORDINDEX_DB": db,
            "WORDINDEX_NEW_GAMES_PER_MINUTE": "1000000",
            "WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS": "100000",
            "WORDINDEX_MAX_STREAMS_PER_ADDRESS": "100000",
            **(env or {}),
        }
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [executable(), "serve", "--port", str(self.port), "--workers", str(workers), *extra],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/readyz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit("the server did not become ready")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def lua_get(path: str) -> str:
    return f"""
request = function()
  return wrk.format("GET", "{path}")
end
"""


def lua_paths(paths: list[str]) -> str:
    """GET each of ``paths`` in turn."""
    entries = ",\n".join(f'"{p}"' for p in paths)
    return f"""
local paths = {{{entries}}}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
"""


def random_boards(count: int, seed: int = 1) -> list[str]:
    """``count`` distinct boards rolled from the English 4×4 dice (a cold solve: nothing kept helps)."""
    import random

    from wordindex.boggle.dice import get_dice, shake

    rng, dice, boards = random.Random(seed), get_dice(None, 4), {}
    while len(boards) < count:
        boards.setdefault(shake(dice, rng).text, None)
    return list(boards)


def lua_moves(games: list[tuple[str, str]]) -> str:
    entries = ", ".join(f'{{"{g}", "{p}"}}' for g, p in games)
    words = ", ".join(f'"{w}"' for w in WORDS)
    return f"""
local games = {{{entries}}}
local words = {{{words}}}
local counter = 0
local me = 0
setup = function(thread) counter = counter + 1; thread:set("me", counter) end
local n = 0
request = function()
  n = n + 1
  local game = games[((me * 7 + n) % #games) + 1]
  local body = '{{"move": {{"player": "' .. game[2] .. '", "word": "' .. words[(n % #words) + 1] .. '"}}}}'
  return wrk.format("POST", "/api/games/" .. game[1] .. "/moves", {{["content-type"] = "application/json"}}, body)
end
"""


def parse_wrk(text: str) -> dict:
    def seconds(value: str, unit: str) -> float:
        return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    pct = {m.group(1): seconds(m.group(2), m.group(3)) for m in re.finditer(r"\s(50|99)%\s+([\d.]+)(us|ms|s|m)", text)}
    total = int(re.search(r"(\d+) requests in", text).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(int(x) for x in sock.groups()) if sock else 0)
    return {"requests": total, "rps": rps, "p50_ms": pct["50"], "p99_ms": pct["99"], "errors": errors}


def wrk(base: str, script: str, connections: int, seconds: int, threads: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
    try:
        out = subprocess.run(
            [
                "wrk",
                f"-t{threads}",
                f"-c{connections}",
                f"-d{seconds}s",
                "--timeout",
                "10s",
                "--latency",
                "-s",
                handle.name,
                base,
            ],
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds + 60,
        ).stdout
    finally:
        os.unlink(handle.name)
    return parse_wrk(out)


def run(label: str, db: str, workers: int, args: argparse.Namespace) -> list[dict]:
    # Cold: no answer is kept (every request computed, as before the answer cache), and each board
    # solve is of a new board rolled from the dice; warm: the same request answered from the cache.
    server = Server(db, workers, env={"WORDINDEX_ANSWER_CACHE_ENTRIES": "0"} if args.cold else None)
    try:
        games = []
        for _ in range(args.connections):
            game = post(server.base + "/api/games", {"game": "boggle", "board": ROUND_BOARD, "seconds": 3600})
            joined = post(f"{server.base}/api/games/{game['id']}/moves", {"move": {"join": "bench"}})
            games.append((game["id"], joined["event"]["joined"]))
        rows = []
        requests = {**{what: lua_get(path) for what, path in QUERIES.items()}, "game move": lua_moves(games)}
        if args.cold:
            requests["board solve"] = lua_paths([f"/api/boggle?board={b}" for b in random_boards(20_000)])
        ceiling = lua_get("/healthz")
        for what, script in requests.items():
            if args.only and what not in args.only:
                continue
            wrk(server.base, script, args.connections, 2, args.threads)  # warm-up (imports, connections)
            healthz = wrk(server.base, ceiling, args.connections, args.seconds, args.threads)
            load = os.getloadavg()[0]
            result = wrk(server.base, script, args.connections, args.seconds, args.threads)
            cached = "" if what == "game move" else " (cold)" if args.cold else " (repeated)"
            row = {"backend": label, "workers": workers, "what": what + cached, "load": load, **result}
            row["healthz_rps"] = healthz["rps"]
            row["ratio"] = result["rps"] / healthz["rps"]
            rows.append(row)
            print(json.dumps(rows[-1]), file=sys.stderr)
        return rows
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="SQLite index to serve (default: a fresh index of data/dictionary.txt)")
    parser.add_argument("--pg", help="also run on this PostgreSQL URL (its index is rebuilt from data/dictionary.txt)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=5, help="length of each measured run (bounded: at most 60)")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--only", nargs="+", help="measure only these requests (names as in the table)")
    parser.add_argument(
        "--cold",
        action="store_true",
        help="no answer kept (WORDINDEX_ANSWER_CACHE_ENTRIES=0) and a new random board per board solve; "
        "without it each query is the same request again, answered from the worker's answer cache",
    )
    args = parser.parse_args()
    args.seconds = min(args.seconds, 60)
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    targets = []
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            db = str(Path(folder) / "wordindex.db")
            subprocess.run([executable(), "--db", db, "build", str(ROOT / "data/dictionary.txt")], check=True)
        targets.append(("SQLite", db))
        if args.pg:
            subprocess.run([executable(), "--db", args.pg, "build", str(ROOT / "data/dictionary.txt")], check=True)
            targets.append(("PostgreSQL", args.pg))
        rows = [
            row for label, target in targets for workers in args.workers for row in run(label, target, workers, args)
        ]
    print(
        "| backend | workers | request | requests/s | `/healthz` requests/s | ratio | p50 ms | p99 ms "
        "| errors / requests | load avg (1 min) |"
    )
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    for r in rows:
        print(
            f"| {r['backend']} | {r['workers']} | {r['what']} | {r['rps']:,.0f} | {r['healthz_rps']:,.0f} "
            f"| {r['ratio']:.2f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} | {r['errors']} / {r['requests']:,} "
            f"| {r['load']:.2f} |"
        )


if __name__ == "__main__":
    main()
