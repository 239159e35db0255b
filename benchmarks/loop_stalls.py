"""The longest event-loop stall per endpoint of `wordindex serve`, each beside `/healthz`, in one run.

A worker answers every request on one event loop: while an answer is made on it (a board, a held
words' hangman answer) no other request moves, so every answer made there must stay within the
5 ms promised (``web/limits.py`` ``INLINE_SECONDS``) or run in a request thread (issue 32 item 3).

The server is the app ``wordindex serve`` runs (``create_app``, one worker, the same uvicorn
options and BLAS setting), started in a child process on a free loopback port with one addition: a
loop-lag probe, a task that sleeps 1 ms again and again and records, at each wake, how late it woke
(wall time: the loop's stall as another request sees it, the machine's other work included) and
how much CPU time the loop's thread spent meanwhile (the time the loop was held by the server's own
work, what an answer made on it costs whatever else the machine does), read and reset through
``GET /_lag``. For each endpoint, ``--clients`` threads send its worst allowed request (varied every
time, so the answer cache never answers it) for ``--seconds`` (after one request not measured:
FastAPI readies a route on its first request, once per worker), while another thread asks
``/healthz`` every 20 ms. A row gives the longest time the loop was held (CPU), that as a multiple
of the same measured while ``/healthz`` alone was asked (the first row, the ceiling), the longest
and 99th-percentile wall stall, and ``/healthz``'s latency. With one client (the default) a stall is
one answer's; with more, answers ready together are made one after another and add up.

    python benchmarks/loop_stalls.py                      # the bundled dictionary, a new index
    python benchmarks/loop_stalls.py --db words.db --seconds 5 --clients 8
    python benchmarks/loop_stalls.py --only check best-word
    python benchmarks/loop_stalls.py --in-process 200     # each answer's own hold, no HTTP, no clients

``--in-process N`` makes N answers per endpoint with the app in the benchmark's own process, on an
event loop in its thread (ASGI calls, one at a time): the loop thread's CPU time per answer, median
and longest; the answers moved to a request thread count only what the loop did for them.

The client threads share the machine with the server: its cores and load average before the run
are printed with the table.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_common import index_of  # noqa: E402
from serve_load import ROOT, free_port  # noqa: E402

#: How often the probe wakes (seconds); a stall is how much later than this it woke.
PROBE_SECONDS = 0.001
HEADER = (
    "| endpoint | worst request | answers (non-200) | loop held (CPU) max ms | ratio to /healthz "
    "| loop stall (wall) max ms | p99 ms | /healthz p50 ms | max ms |"
)
#: How often the /healthz client asks.
HEALTH_SECONDS = 0.02
#: The letters random hands and boards are dealt from (English frequencies, roughly).
LETTERS = "eeeeeeeeeeeeaaaaaaaaaiiiiiiiiioooooooonnnnnnrrrrrrttttttllllssssuuuuddddgggbbccmmppffhhvvwwyykjxqz"


def serve(port: int, db: str) -> None:
    """The child process: ``wordindex serve``'s app and options, with the loop-lag probe at ``/_lag``."""
    for variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(variable, "1")  # as `wordindex serve` sets them
    import asyncio

    import uvicorn
    from fastapi.routing import APIRoute
    from wordindex.web.app import create_app
    from wordindex.web.protocol import server_options
    from wordindex.web.settings import settings_from_environment

    from wordindex.index.location import parse_location

    settings = settings_from_environment(index=parse_location(db))
    app = create_app(settings)
    lags: list[tuple[float, float]] = []  # (wall, CPU) seconds per probe wake
    started: list[asyncio.Task[None]] = []

    async def probe() -> None:
        while True:
            began, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(PROBE_SECONDS)
            lags.append((time.perf_counter() - began - PROBE_SECONDS, time.thread_time() - cpu))

    def summary(values: list[float]) -> dict[str, float]:
        values.sort()
        return {"max_ms": values[-1] * 1000, "p99_ms": values[int(len(values) * 0.99)] * 1000} if values else {}

    async def lag(reset: bool = False) -> dict[str, object]:
        if not started:
            started.append(asyncio.get_running_loop().create_task(probe()))
        seen = list(lags)
        if reset:
            lags.clear()
        return {
            "samples": len(seen),
            "wall": summary([wall for wall, _ in seen]),
            "cpu": summary([cpu for _, cpu in seen]),
        }

    app.router.routes.insert(0, APIRoute("/_lag", lag, methods=["GET"]))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", **server_options(settings))


class Server:
    """The child process serving ``db`` on a free port."""

    def __init__(self, db: str):
        self.port = free_port()
        env = {**os.environ, "WORDINDEX_DB": db}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(self.port), db], env=env, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if self.get("/readyz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit("the server did not become ready")

    def get(self, path: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def lag(self, reset: bool) -> dict[str, Any]:
        status, body = self.get(f"/_lag?reset={'true' if reset else 'false'}")
        assert status == 200, body
        result: dict[str, Any] = json.loads(body)
        return result

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def query(path: str, params: list[tuple[str, object]]) -> str:
    return f"{path}?{urllib.parse.urlencode(params)}"


def worst_requests(words: list[str]) -> dict[str, tuple[str, Callable[[random.Random], str]]]:
    """Per endpoint: the worst request the server allows (as described), and a maker of a new one."""
    short = [word for word in words if len(word) <= 8]  # 1,000 of them fit a request head
    nines = [word for word in words if len(word) == 9]
    alphabet = "abcdefghijklmnopqrstuvwxyz"

    def hand(rng: random.Random, tiles: int, wildcards: int) -> str:
        return "".join(rng.choice(LETTERS) for _ in range(tiles - wildcards)) + "*" * wildcards

    def check(rng: random.Random, count: int = 1000) -> str:
        asked = [rng.choice(short) if rng.random() < 0.8 else "zq" + rng.choice(short) for _ in range(count)]
        return query("/api/check", [("word", word) for word in asked])

    def prefixes(rng: random.Random) -> str:
        return query("/api/check", [("prefix", rng.choice(short)[: rng.randint(2, 6)]) for _ in range(1000)])

    def listing(rng: random.Random) -> str:
        return query("/api/words", [("pattern", "--------"), ("limit", 1_000_000 + rng.randrange(10**6))])

    def listing_some(rng: random.Random) -> str:
        return query("/api/words", [("pattern", "--------"), ("limit", 2000 - rng.randrange(10))])

    def guess(rng: random.Random) -> str:
        letter = rng.choice("bcdfgjkmpqvwxz")
        return query("/api/guess", [("pattern", "--------"), ("guessed", letter), ("strategy", "split")])

    def evil(rng: random.Random) -> str:
        return query("/api/evil", [("length", 8), ("guessed", "".join(rng.sample(alphabet, 12)))])

    def solve(rng: random.Random) -> str:
        return query("/api/solve", [("word", rng.choice(nines)), ("strategy", "split"), ("lives", 26)])

    def boggle(rng: random.Random) -> str:
        return query("/api/boggle", [("board", "".join(rng.choice(LETTERS) for _ in range(36)))])

    return {
        "healthz": ("/healthz (the ceiling)", lambda rng: "/healthz"),
        "check": ("1,000 words (MAX_CHECK), a fifth not words", check),
        "check 100": ("100 words (the most on the loop)", lambda rng: check(rng, 100)),
        "check prefix": ("1,000 prefixes", prefixes),
        "words": ("pattern -------- (16,711 words listed)", listing),
        "words 2,000": ("pattern --------, limit 2,000 (the most listed on the loop)", listing_some),
        "guess": ("pattern --------, strategy split", guess),
        "evil": ("length 8, 12 letters guessed", evil),
        "solve": ("a 9-letter word, strategy split, 26 lives", solve),
        "boggle": ("a random 6×6 board", boggle),
        "best-word": ("10 tiles, two wildcards", lambda rng: query("/api/best-word", [("hand", hand(rng, 10, 2))])),
        "best-word 8": (
            "8 tiles, one wildcard (the largest hand on the loop)",
            lambda rng: query("/api/best-word", [("hand", hand(rng, 8, 1))]),
        ),
        "best-word all": (
            "20 tiles, all=true",
            lambda rng: query("/api/best-word", [("hand", hand(rng, 20, 2)), ("all", "true")]),
        ),
        "info": ("info", lambda rng: "/api/info"),
    }


def hammer(server: Server, make: Callable[[random.Random], str], clients: int, seconds: float, seed: int) -> dict:
    """``clients`` threads asking ``make``'s requests for ``seconds``, and one asking /healthz."""
    stop = time.monotonic() + seconds
    statuses: dict[int, int] = {}
    health: list[float] = []
    lock = threading.Lock()

    def client(number: int) -> None:
        rng = random.Random(seed * 1000 + number)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        while time.monotonic() < stop:
            path = make(rng)
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
                status = 0
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
        connection.close()

    def healthz() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        while time.monotonic() < stop:
            began = time.perf_counter()
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            health.append(time.perf_counter() - began)
            time.sleep(HEALTH_SECONDS)
        connection.close()

    server.get(make(random.Random(seed)))  # the route's first request (FastAPI readies a route on its first)
    server.lag(reset=True)
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    threads.append(threading.Thread(target=healthz))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lag = server.lag(reset=True)
    health.sort()
    return {
        "statuses": statuses,
        "lag": lag,
        "health_p50_ms": statistics.median(health) * 1000,
        "health_max_ms": health[-1] * 1000,
    }


def in_process(db: str, names: list[str], requests: dict, answers: int, seed: int) -> None:
    """Each endpoint's answers made by the app on an event loop in this thread (ASGI calls, no HTTP,
    no other client): the loop thread's CPU time per answer, its median and longest. What an answer
    itself holds the loop for, apart from the machine's other work and the HTTP server's."""
    import asyncio

    from wordindex.web.app import create_app
    from wordindex.web.settings import settings_from_environment

    from wordindex.index.location import parse_location

    app = create_app(settings_from_environment(index=parse_location(db)))

    async def call(path: str) -> int:
        route, _, query_string = path.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": route,
            "raw_path": route.encode(),
            "query_string": query_string.encode(),
            "headers": [(b"host", b"localhost")],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 80),
            "root_path": "",
        }
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await app(scope, receive, send)
        status: int = sent[0]["status"]
        return status

    async def run() -> None:
        async with app.router.lifespan_context(app):
            print("| endpoint | worst request | answers (non-200) | loop CPU per answer median ms | max ms |")
            print("| --- | --- | ---: | ---: | ---: |")
            for number, name in enumerate(names):
                described, make = requests[name]
                rng = random.Random(seed + number)
                await call(make(rng))  # the route's first request, not measured
                held, statuses = [], []
                for _ in range(answers):
                    path = make(rng)
                    began = time.thread_time()
                    statuses.append(await call(path))
                    held.append((time.thread_time() - began) * 1000)
                other = sum(status != 200 for status in statuses)
                print(
                    f"| {name} | {described} | {answers} ({other}) | {statistics.median(held):.2f} | {max(held):.2f} |",
                    flush=True,
                )

    asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="SQLite path or PostgreSQL URL of an index (default: data/dictionary.txt's)")
    parser.add_argument("--seconds", type=float, default=3.0, help="per endpoint (default 3)")
    parser.add_argument("--clients", type=int, default=1, help="threads sending the endpoint's requests (default 1)")
    parser.add_argument("--only", nargs="*", help="only these endpoints (names as in the table; healthz always)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--in-process",
        type=int,
        metavar="N",
        help="instead: N answers per endpoint made by the app in this process, the loop's CPU per answer",
    )
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return

    words = [line.split("\t")[0] for line in (ROOT / "data" / "dictionary.txt").read_text().splitlines()]
    requests = worst_requests(words)
    names = [name for name in requests if name == "healthz" or not args.only or name in args.only]
    with tempfile.TemporaryDirectory() as folder:
        db = index_of(ROOT / "data" / "dictionary.txt", folder, args.db)
        if args.in_process:
            load = os.getloadavg()
            print(f"{os.cpu_count()} cores, load average {load[0]:.2f} before the run", file=sys.stderr)
            in_process(db, names, requests, args.in_process, args.seed)
            return
        server = Server(db)
        try:
            load = os.getloadavg()
            print(
                f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before the run; "
                f"{args.clients} clients × {args.seconds:g} s per endpoint, probe every {PROBE_SECONDS * 1000:g} ms",
                file=sys.stderr,
            )
            print(HEADER)
            print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
            ceiling = None
            for number, name in enumerate(names):
                described, make = requests[name]
                found = hammer(server, make, args.clients, args.seconds, args.seed + number)
                held, wall = found["lag"]["cpu"]["max_ms"], found["lag"]["wall"]
                ceiling = held if ceiling is None else ceiling
                answers = sum(found["statuses"].values())
                other = answers - found["statuses"].get(200, 0)
                print(
                    f"| {name} | {described} | {answers:,} ({other}) | {held:.1f} | {held / ceiling:.1f} | "
                    f"{wall['max_ms']:.1f} | {wall['p99_ms']:.1f} | {found['health_p50_ms']:.1f} | "
                    f"{found['health_max_ms']:.1f} |",
                    flush=True,
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
