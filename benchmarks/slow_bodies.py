"""Slow bodies and one address's flood on `wordindex serve` (issue 32 item 1): the hunt's probes, rerun.

* slow bodies: ``--slow`` connections from one address send a request head announcing a body of
  100 bytes, then half of them trickle one byte a second and half send nothing more. Reported: how
  many the server closed at once (beyond ``WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS``), how many it
  closed in the end and when the last one was closed (the body deadline, ``WORDINDEX_BODY_SECONDS``);
* a flood: ``--flood`` connections from that address, held open, while another address asks
  ``/healthz``: its status and median latency beside the same request on the idle server (the ratio).

    python benchmarks/slow_bodies.py                    # 300 slow bodies, a flood of 4,000
    python benchmarks/slow_bodies.py --slow 100 --flood 1000

Clients come from 127.0.0.2 (the one address) and 127.0.0.3 (everyone else): any 127.x reaches a
server listening on 127.0.0.1. The server is started by ``serve_load.Server`` with its default bounds,
on a small index of its own (the probes ask no question of it).
"""

from __future__ import annotations

import argparse
import json
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import Server, executable  # noqa: E402

ONE, OTHER = "127.0.0.2", "127.0.0.3"
HEAD = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"


def connect(port: int, source: str) -> socket.socket | None:
    sock = socket.socket()
    sock.bind((source, 0))
    try:
        sock.connect(("127.0.0.1", port))
    except OSError:
        sock.close()
        return None
    return sock


def closed(sock: socket.socket) -> bool:
    try:
        return sock.recv(4096) == b""
    except OSError:
        return True


def closing_times(socks: list[socket.socket], started: float, limit: float) -> dict[socket.socket, float]:
    """When the server closed each socket (seconds after ``started``), watching for ``limit`` seconds."""
    by_fd = {sock.fileno(): sock for sock in socks}
    poller = select.poll()
    for fd in by_fd:
        poller.register(fd, select.POLLIN)
    times: dict[socket.socket, float] = {}
    while len(times) < len(socks) and time.monotonic() - started < limit:
        for fd, _ in poller.poll(50):
            sock = by_fd[fd]
            if closed(sock):
                times[sock] = time.monotonic() - started
                poller.unregister(fd)
    return times


def readable_now(sock: socket.socket) -> bool:
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLIN)
    return bool(poller.poll(0))


def healthz_ms(port: int, count: int) -> tuple[float, list[int]]:
    """Median latency (ms) of ``count`` GET /healthz from OTHER, each on a new connection, and the statuses."""
    latencies, statuses = [], []
    for _ in range(count):
        start = time.perf_counter()
        sock = connect(port, OTHER)
        if sock is None:
            statuses.append(0)
            continue
        with sock:
            sock.settimeout(30)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := sock.recv(4096):
                reply += chunk
        latencies.append((time.perf_counter() - start) * 1000)
        statuses.append(int(reply.split()[1]) if reply.startswith(b"HTTP/1.1 ") else 0)
    return (statistics.median(latencies) if latencies else float("nan")), statuses


def slow_bodies(port: int, count: int) -> dict:
    started = time.monotonic()
    socks = [s for s in (connect(port, ONE) for _ in range(count)) if s is not None]
    for sock in socks:
        try:
            sock.sendall(HEAD)
        except OSError:
            pass
    stop = threading.Event()

    def trickle() -> None:
        while not stop.wait(1.0):
            for sock in socks[::2]:
                try:
                    sock.send(b" ")
                except OSError:
                    pass

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        times = closing_times(socks, started, 60)
    finally:
        stop.set()
        trickler.join()
    at_once = sum(1 for t in times.values() if t < 1.0)
    for sock in socks:
        sock.close()
    return {
        "probe": "slow bodies",
        "connections": count,
        "closed_at_once": at_once,
        "closed_in_all": len(times),
        "still_open_after_60s": len(socks) - len(times),
        "last_closed_s": round(max(times.values()), 2) if times else None,
    }


def flood(port: int, count: int, asks: int) -> dict:
    idle_ms, idle_statuses = healthz_ms(port, asks)
    socks = [s for s in (connect(port, ONE) for _ in range(count)) if s is not None]
    time.sleep(0.5)
    held = [s for s in socks if not readable_now(s)]  # not closed by the server
    busy_ms, busy_statuses = healthz_ms(port, asks)
    for sock in socks:
        sock.close()
    return {
        "probe": "flood",
        "connections": count,
        "held_open": len(held),
        "healthz_idle_ms": round(idle_ms, 2),
        "healthz_during_ms": round(busy_ms, 2),
        "ratio": round(busy_ms / idle_ms, 2),
        "healthz_statuses": sorted(set(idle_statuses + busy_statuses)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=300, help="slow-body connections from one address")
    parser.add_argument("--flood", type=int, default=4000, help="connections of the flood from one address")
    parser.add_argument("--asks", type=int, default=50, help="/healthz requests timed, idle and during the flood")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        words = Path(folder) / "words.txt"
        words.write_text("cat\ndog\ntree\n")
        db = str(Path(folder) / "wordindex.db")
        subprocess.run([executable(), "--db", db, "build", str(words)], check=True, capture_output=True)
        server = Server(db, 1, env={"WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS": "256"})  # the default, which Server lifts
        try:
            print(json.dumps({"cores": os.cpu_count(), "load": os.getloadavg()[0]}))
            print(json.dumps(slow_bodies(server.port, args.slow)))
            print(json.dumps(flood(server.port, args.flood, args.asks)))
        finally:
            server.stop()
            server.log.seek(0)
            log = server.log.read().decode(errors="replace")
            print(json.dumps({"server_log_tracebacks": log.count("Traceback")}))


if __name__ == "__main__":
    main()
