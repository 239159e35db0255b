"""SIGTERM on `wordindex serve` with live streams open: how long until the streams end and the
process exits (issue 32 item 2), beside the same server stopped with no stream open, in one run.

Each trial starts a server (``serve_load.Server``, a free loopback port), opens ``--streams`` live
streams (``GET /api/games/{id}/events``) on ``--games`` multiplayer rounds and reads each stream's
first event, then sends SIGTERM and measures the seconds until every stream has ended (the server
closed it) and until the process has exited. The ceiling is the exit time of the same server
stopped with nothing open, measured in the same run. Before the drain, a server with any stream
open never exited (it was killed after 20 s).

    python benchmarks/serve_drain.py                     # 200 streams on 20 rounds, 5 trials each
    python benchmarks/serve_drain.py --streams 1000 --games 50 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import ROOT, Server, executable, post  # noqa: E402


async def open_streams(base: str, games: list[str], count: int) -> list[asyncio.StreamWriter]:
    """``count`` streams over raw connections (a client of the right size: no pool), each past its first event."""
    host, port = base.removeprefix("http://").split(":")
    opened = []
    for n in range(count):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(f"GET /api/games/{games[n % len(games)]}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        await writer.drain()
        assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 200"), "a stream was refused"
        await reader.readuntil(b"\n\n")  # the first event
        opened.append((reader, writer))
    return opened


async def ended(reader: asyncio.StreamReader) -> float:
    """When the server closed the stream (its last chunk read, then end of file)."""
    while await reader.read(65536):
        pass
    return time.monotonic()


async def stop(server: Server, streams: int, games: int) -> tuple[float, float]:
    """SIGTERM with ``streams`` open: (seconds until the last stream ended, seconds until the exit)."""
    rounds = [post(server.base + "/api/games", {"game": "boggle", "multiplayer": True})["id"] for _ in range(games)]
    opened = await open_streams(server.base, rounds, streams) if streams else []
    watchers = [asyncio.create_task(ended(reader)) for reader, _ in opened]
    began = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    last = max(await asyncio.gather(*watchers)) - began if watchers else 0.0
    while server.process.poll() is None:
        if time.monotonic() - began > 20:
            server.process.kill()
            break
        await asyncio.sleep(0.005)
    exited = time.monotonic() - began
    for _, writer in opened:
        writer.close()
    return last, exited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--streams", type=int, default=200, help="live streams open at SIGTERM (default 200)")
    parser.add_argument("--games", type=int, default=20, help="rounds they watch (default 20)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--db", help="SQLite index to serve (default: a fresh index of data/dictionary.txt)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "wordindex.db")
        if not args.db:
            subprocess.run([executable(), "--db", db, "build", str(ROOT / "data/dictionary.txt")], check=True)
        figures: dict[int, list[tuple[float, float]]] = {0: [], args.streams: []}
        for _ in range(args.trials):
            for streams in figures:  # the ceiling (nothing open) and the drain, in turn
                server = Server(db, args.workers, env={"WORDINDEX_GAMES_DB": str(Path(folder) / "games.db")})
                figures[streams].append(asyncio.run(stop(server, streams, args.games)))
    ceiling = statistics.median(exited for _, exited in figures[0])
    last = statistics.median(s for s, _ in figures[args.streams])
    exited = statistics.median(e for _, e in figures[args.streams])
    print(f"nothing open: exits after {ceiling:.2f} s (median of {args.trials})")
    print(
        f"{args.streams} streams on {args.games} rounds, {args.workers} worker(s): streams ended after {last:.2f} s, "
        f"exits after {exited:.2f} s ({exited / ceiling:.1f}x the ceiling)"
    )


if __name__ == "__main__":
    main()
