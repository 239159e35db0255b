"""Players on `wordindex serve`: how many concurrent Boggle players one server holds (issue 20 item 3).

Each simulated player behaves as a person with the page open: rounds of 2 to 8 players (a random
size per round) are created as multiplayer rounds; each player joins, opens the round's live
stream (``GET /api/games/{id}/events``, server-sent events) and keeps reading it, finds a word
every 3 to 6 seconds (human pace; a word of the board, some accepted, some already found), says
"done" after ``--words`` words, waits on the stream for the results, and starts over in a new
round. All players run at once, on one asyncio loop with one HTTP connection pool (aiohttp: httpx
spent a whole core of its own at 300 players, so the latencies measured were the driver's). The
driver shares the machine with the server: its CPU time is printed with each level.

It reports, per level of concurrent players: requests made (joins, moves, round creations), their
p50 and p99 latency, errors (non-2xx answers, failed or broken streams), how many rounds ended
with their results pushed on every player's stream, and the median delay between a move's answer
and the other players' streams showing it. The goal of issue 20: p99 <= 200 ms with zero errors.

    python benchmarks/serve_players.py --players 100 300 1000 --workers 1 2
    python benchmarks/serve_players.py --pg postgresql://user@127.0.0.1/scratch --players 300

Players arrive at ``--arrivals`` a second (50 by default, a table at a time: 1,000 players are all in
after 20 s), as users spawn in locust; ``--arrivals 0`` seats everyone in the first second, so every
table's round starts and ends in step (the worst case, reported beside).

The server is started by ``serve_load.Server`` (a free loopback port, a fresh index of
data/dictionary.txt unless --db); the load average before each level is printed with it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import ROOT, Server, executable  # noqa: E402

BOARD = "perslatgsineters"
#: Below the server's WORDINDEX_KEEP_ALIVE_SECONDS (5), as a client should be.
KEEPALIVE_SECONDS = 3.0
#: Words of BOARD in the bundled dictionary: players pick from these.
WORDS = ["rate", "tale", "line", "sine", "pest", "stag", "late", "rest", "tine", "lint", "tile", "nest", "sent"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    push_delays: list[float] = field(default_factory=list)
    rounds_done: int = 0
    rounds_incomplete: int = 0


async def request(client, tally: Tally, method: str, path: str, body: dict | None = None) -> dict | None:
    started = time.perf_counter()
    try:
        async with client.request(method, path, json=body) as response:
            text = await response.text()
    except Exception as exc:  # noqa: BLE001 - any failure is an error of the run
        tally.errors.append(f"{method} {path}: {type(exc).__name__}")
        return None
    tally.latencies.append(time.perf_counter() - started)
    if response.status >= 300:
        tally.errors.append(f"{method} {path}: {response.status} {text[:80]}")
        return None
    return json.loads(text)


async def listen(client, tally: Tally, game: str, player: str, moves: dict[int, float], done: asyncio.Event) -> bool:
    """Read the player's stream until the results arrive; True when they did."""
    try:
        async with client.get(f"/api/games/{game}/events", params={"player": player}) as response:
            if response.status != 200:
                tally.errors.append(f"stream {response.status}")
                return False
            seen = -1
            async for raw in response.content:
                if not raw.startswith(b"data: "):
                    continue
                answer = json.loads(raw[6:])
                version = answer["version"]
                if version > seen:
                    for v in range(seen + 1, version + 1):
                        if v in moves:
                            tally.push_delays.append(time.perf_counter() - moves[v])
                    seen = version
                if "results" in answer["state"]:
                    done.set()
                    return True
    except Exception as exc:  # noqa: BLE001
        tally.errors.append(f"stream: {type(exc).__name__}")
    return False


async def play_round(client, tally: Tally, size: int, args: argparse.Namespace, stop_at: float) -> None:
    created = await request(
        client, tally, "POST", "/api/games", {"game": "boggle", "board": BOARD, "multiplayer": True, "seconds": 600}
    )
    if created is None:
        await asyncio.sleep(1)
        return
    game = created["id"]
    moves: dict[int, float] = {}  # version -> when its move was answered (for the others' push delay)

    async def player(n: int) -> bool:
        await asyncio.sleep(random.uniform(0, 2))  # people do not join at the same millisecond
        joined = await request(client, tally, "POST", f"/api/games/{game}/moves", {"move": {"join": f"p{n}"}})
        if joined is None:
            return False
        me = joined["event"]["joined"]
        finished = asyncio.Event()
        stream = asyncio.create_task(listen(client, tally, game, me, moves, finished))
        for _ in range(args.words):
            await asyncio.sleep(random.uniform(3, 6))
            answer = await request(
                client,
                tally,
                "POST",
                f"/api/games/{game}/moves",
                {"move": {"player": me, "word": random.choice(WORDS)}},
            )
            if answer is not None:
                moves[answer["version"]] = time.perf_counter()
        await request(client, tally, "POST", f"/api/games/{game}/moves", {"move": {"player": me, "done": True}})
        try:
            return await asyncio.wait_for(stream, timeout=30)
        except TimeoutError:
            tally.errors.append("results not pushed within 30 s")
            return False

    results = await asyncio.gather(*(player(n) for n in range(size)))
    if all(results):
        tally.rounds_done += 1
    else:
        tally.rounds_incomplete += 1


async def seat(client, tally: Tally, size: int, args: argparse.Namespace, stop_at: float, arrives: float) -> None:
    """A table of ``size`` players arriving after ``arrives`` seconds and playing round after round until the
    time is up."""
    await asyncio.sleep(arrives)
    while time.perf_counter() < stop_at:
        await play_round(client, tally, size, args, stop_at)


async def run_level(base: str, players: int, args: argparse.Namespace) -> dict:
    import aiohttp

    sizes = []
    while sum(sizes) < players:
        sizes.append(min(random.randint(2, 8), players - sum(sizes)) if players - sum(sizes) >= 2 else 2)
    tally = Tally()
    load = os.getloadavg()[0]
    cpu = time.process_time()
    # An idle connection is closed by the client before the server's keep-alive timeout (5 s) would:
    # else a move sent on it just as the server closes it fails (a reset, not the server's answer).
    connector = aiohttp.TCPConnector(limit=players * 2 + 10, keepalive_timeout=KEEPALIVE_SECONDS)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=60)
    async with aiohttp.ClientSession(base, connector=connector, timeout=timeout) as client:
        stop_at = time.perf_counter() + args.seconds
        # Players arrive at --arrivals a second (locust's spawn rate), table after table; 0: all at once.
        arrivals = [sum(sizes[:k]) / args.arrivals if args.arrivals else 0.0 for k in range(len(sizes))]
        await asyncio.gather(*(seat(client, tally, size, args, stop_at, at) for size, at in zip(sizes, arrivals)))
    driver_cpu = (time.process_time() - cpu) / args.seconds
    lat = sorted(tally.latencies)
    return {
        "players": sum(sizes),
        "tables": len(sizes),
        "requests": len(lat),
        "p50_ms": 1000 * statistics.median(lat) if lat else None,
        "p99_ms": 1000 * lat[int(0.99 * (len(lat) - 1))] if lat else None,
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "rounds_done": tally.rounds_done,
        "rounds_incomplete": tally.rounds_incomplete,
        "push_delay_p50_ms": 1000 * statistics.median(tally.push_delays) if tally.push_delays else None,
        "load": load,
        "driver_cpu": driver_cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="SQLite index to serve (default: a fresh index of data/dictionary.txt)")
    parser.add_argument("--pg", help="run on this PostgreSQL URL instead (its index is rebuilt there)")
    parser.add_argument("--players", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--words", type=int, default=5, help="words each player finds per round")
    parser.add_argument("--seconds", type=int, default=60, help="length of each level (rounds started until then)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--arrivals",
        type=float,
        default=50.0,
        help="players arriving a second, a table at a time, until all are in (locust's spawn rate); "
        "0: every player at the first second",
    )
    args = parser.parse_args()
    random.seed(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        if args.pg:
            target, label = args.pg, "PostgreSQL"
            subprocess.run([executable(), "--db", target, "build", str(ROOT / "data/dictionary.txt")], check=True)
        else:
            target, label = args.db or str(Path(folder) / "wordindex.db"), "SQLite"
            if not args.db:
                subprocess.run([executable(), "--db", target, "build", str(ROOT / "data/dictionary.txt")], check=True)
        rows = []
        for workers in args.workers:
            server = Server(target, workers)
            try:
                for players in args.players:
                    row = {"backend": label, "workers": workers, **asyncio.run(run_level(server.base, players, args))}
                    rows.append(row)
                    print(json.dumps(row), file=sys.stderr)
            finally:
                server.stop()
    print(f"players arriving {args.arrivals:g} a second" if args.arrivals else "every player at once")
    header = ["backend", "workers", "players", "requests", "p50 ms", "p99 ms", "errors"]
    header += ["rounds with results pushed to all", "push delay p50 ms", "driver's CPU", "load avg"]
    print("| " + " | ".join(header) + " |")
    print("| --- |" + " ---: |" * (len(header) - 1))
    for r in rows:
        print(
            f"| {r['backend']} | {r['workers']} | {r['players']} | {r['requests']:,} | {r['p50_ms'] or 0:.1f} "
            f"| {r['p99_ms'] or 0:.1f} | {r['errors']} "
            f"| {r['rounds_done']} of {r['rounds_done'] + r['rounds_incomplete']} "
            f"| {r['push_delay_p50_ms'] or 0:.0f} | {r['driver_cpu']:.0%} | {r['load']:.2f} |"
        )


if __name__ == "__main__":
    main()
