"""The server's bounds on what one client can make it do.

* ``BodyLimit``: request size, a pure ASGI middleware, so an oversized body is refused before
  anything reads it;
* ``SearchSlots``: how many searches run at once in a worker (the others wait, 503 past the wait);
* ``CreationRate``: how many games one address starts a minute (429 beyond);
* ``time_budget``: how long one board solve may run (503 beyond);
* ``inline_budget``: how long one may hold the event loop before it moves to a request thread.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from wordindex.errors import BusyError, TimeLimitError, TooManyError

if TYPE_CHECKING:
    from wordindex.boggle.stop import SearchStop


class BodyLimit:
    """Answer 413 to a request whose body is (or grows) larger than ``max_bytes``."""

    def __init__(self, app: Any, max_bytes: int):
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await self._refuse(send)
                return
        seen = 0

        async def limited_receive() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited_receive, send)
        except _TooLarge:
            await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps(
            {"error": f"the request body is larger than {self.max_bytes:,} bytes", "type": "UsageError"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class SearchSlots:
    """At most ``size`` searches at once in this worker; more wait for a slot up to ``wait`` seconds,
    then get a 503 (``BusyError``, ``Retry-After: 1``).

    A search (a board solve, a hangman or word-game query) takes from a millisecond to its time
    budget. A slot is taken on the event loop before the search takes one of the worker's request
    threads, and there are fewer slots than threads, so a game move, a page or ``/healthz`` always
    finds a thread: searches queue behind searches, never the other way round. A burst of quick
    searches waits its turn; only a backlog longer than ``wait`` (the request budget) is refused.
    """

    def __init__(self, size: int, wait: float):
        self.size = size
        self.wait = wait
        self.busy = 0  # slots held now
        self._free: asyncio.Semaphore | None = None  # made on the event loop that uses it

    async def enter(self) -> None:
        """Take a slot (at once when one is free), or raise BusyError after ``wait`` seconds."""
        if self._free is None:
            self._free = asyncio.Semaphore(self.size)
        if self._free.locked():
            try:
                async with asyncio.timeout(self.wait):
                    await self._free.acquire()
            except TimeoutError:
                raise BusyError(
                    f"the server is busy with {self.size} other searches: try again in a second", retry_after=1
                ) from None
        else:
            await self._free.acquire()  # free: returns without yielding to the loop
        self.busy += 1

    def leave(self) -> None:
        self.busy -= 1
        assert self._free is not None
        self._free.release()


class CreationRate:
    """New games per client address: a token bucket of ``per_minute`` tokens per address, per worker.

    Each address may start ``per_minute`` games at once and then one more every ``60 / per_minute``
    seconds; beyond that ``take`` raises TooManyError (429 with ``Retry-After``). Full buckets (addresses
    idle long enough) are forgotten when the table grows past ``MAX_ADDRESSES``, so its memory is
    bounded too.
    """

    MAX_ADDRESSES = 10_000

    def __init__(self, per_minute: int, clock: Any = None):
        self.per_minute = per_minute
        self.clock = clock or time.monotonic
        self._tokens: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()  # requests to start a game run in several threads

    def take(self, address: str) -> None:
        with self._lock:
            self._take(address)

    def _take(self, address: str) -> None:
        now = self.clock()
        rate = self.per_minute / 60.0
        tokens, then = self._tokens.get(address, (float(self.per_minute), now))
        tokens = min(float(self.per_minute), tokens + (now - then) * rate)
        if tokens < 1.0:
            wait = max(1, int((1.0 - tokens) / rate + 0.999))
            raise TooManyError(
                f"at most {self.per_minute} new games a minute from one address: try again in {wait} s",
                retry_after=wait,
            )
        self._tokens[address] = (tokens - 1.0, now)
        if len(self._tokens) > self.MAX_ADDRESSES:
            self._forget_idle(now, rate)

    def _forget_idle(self, now: float, rate: float) -> None:
        full = [a for a, (tokens, then) in self._tokens.items() if tokens + (now - then) * rate >= self.per_minute]
        for address in full:
            del self._tokens[address]


class Watchdog:
    """One thread per process that sets each watched ``SearchStop`` when its deadline passes.

    A ``threading.Timer`` per request costs a thread start (about 75 µs, a tenth of a board solve);
    watching costs a heap push under a lock. A finished search forgets its entry by clearing it
    (the thread drops it when it comes due), so forgetting takes no lock at all.
    """

    def __init__(self) -> None:
        self._due: list[list[Any]] = []  # [deadline, sequence, stop or None], a heap
        self._sequence = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def watch(self, stop: SearchStop, seconds: float) -> list[Any]:
        """Set ``stop`` in ``seconds``; the entry returned is what ``forget`` takes."""
        entry = [time.monotonic() + seconds, next(self._sequence), stop]
        with self._wake:
            heapq.heappush(self._due, entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="wordindex-watchdog", daemon=True)
                self._thread.start()
            if self._due[0] is entry:
                self._wake.notify()
        return entry

    @staticmethod
    def forget(entry: list[Any]) -> None:
        entry[2] = None

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due:
                    self._wake.wait()
                deadline, _, stop = self._due[0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._wake.wait(wait)
                    continue
                heapq.heappop(self._due)
            if stop is not None:
                stop.set()


WATCHDOG = Watchdog()


#: How long a board solve may hold the event loop: past it the search is stopped and run again in a
#: request thread (``inline_budget``). Most boards take a tenth of a millisecond, less than the hop.
INLINE_SECONDS = 0.005


class Overran(Exception):
    """A search tried on the event loop ran past ``INLINE_SECONDS``: run it again in a thread."""


@contextmanager
def time_budget(seconds: float) -> Iterator[SearchStop]:
    """A stop flag for one board solve, set after ``seconds`` (by ``WATCHDOG``); its ``SearchStopped``
    becomes a TimeLimitError (503) that says the budget. A board's search is the one whose time its
    input's size does not bound (every path of a board of one letter can be a word's prefix)."""
    from wordindex.boggle.stop import SearchStopped

    with _watched(seconds) as stop:
        try:
            yield stop
        except SearchStopped:
            raise TimeLimitError(
                f"the board's search took longer than this server's {seconds:g} s per request and was stopped"
            ) from None


@contextmanager
def inline_budget(seconds: float = INLINE_SECONDS) -> Iterator[SearchStop]:
    """A stop flag for a solve tried on the event loop, set after ``seconds``; its ``SearchStopped``
    becomes ``Overran``, for the caller to run the search again in a request thread under
    ``time_budget``. The loop is held at most ``seconds`` (and the answer's encoding) per request."""
    from wordindex.boggle.stop import SearchStopped

    with _watched(seconds) as stop:
        try:
            yield stop
        except SearchStopped:
            raise Overran from None


@contextmanager
def _watched(seconds: float) -> Iterator[SearchStop]:
    from wordindex.boggle.stop import SearchStop

    stop = SearchStop()
    entry = WATCHDOG.watch(stop, seconds)
    try:
        yield stop
    finally:
        WATCHDOG.forget(entry)
