"""Live games: a round's players are told of each other's moves and of its end as they happen.

``GET /api/games/{id}/events?player=ID`` is a stream of server-sent events (``text/event-stream``):
an ``event: state`` with the player's view (the same JSON as ``GET /api/games/{id}``) at once, after
every move anyone makes, when the clock runs out and when the results are in; then the stream
ends. Browsers reconnect an ``EventSource`` by themselves; the page falls back to polling where
there is none.

Moves may reach any worker, so a worker learns of them through the game store, like everything
else: a ``GameWatch`` keeps one poller for every game watched in this worker, reading only the
games' ``version`` every ``poll_seconds`` (one query for them all), and the records of those that
changed, once (one more query), from which every stream of a game makes its player's view. The
cost is two indexed queries per poll however many games and players are watched, and none when
nobody watches. A closed round's results, the same for all its players, are made once per worker
(``games.SharedResults``): the streams of a game take turns, the first makes them. Each stream sleeps
until woken, until the round's next moment (its end, then the results after the grace seconds),
or for ``KEEP_ALIVE_SECONDS`` at most (the state is sent again then, which also keeps proxies
from closing a quiet stream).

Streams are bounded (``StreamSlots``): per worker, per client address and per game, counted the
moment a request arrives. A stream whose game has not changed for ``Settings.stream_idle_seconds``
ends, and so does every stream when the server shuts down (``GameWatch.drain``); either way the
page's ``EventSource`` reconnects by itself (to this server, or to the one that replaced it).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from wordindex.errors import BusyError, TooManyError, WordIndexError
from wordindex.gamestore import GameRecord, GameStore, game_not_found

#: The key, in the app's lifespan state, of what ends its live streams (``GameWatch.drain``): the
#: server's protocol calls it when the server shuts down (``web/protocol.py``).
DRAIN = "wordindex.drain"

#: The longest a stream stays silent: its state is sent again then (proxies close quiet streams).
KEEP_ALIVE_SECONDS = 15.0


@dataclass
class _Watched:
    """One watched game: its newest record read, and a count of the changes told to its streams.

    A stream compares the count with the one it saw when it last read the record, not with an event
    replaced on each change: a change told while the stream makes its view (in a thread, or while its
    last event is written) is a count the stream has not seen, so it wakes at once (issue 31 item 1:
    the wake-up was lost and the move shown only at the next keep-alive, 15 s later)."""

    record: GameRecord
    streams: int = 0
    error: WordIndexError | None = None
    #: Changes told so far (a new record, an error, the server draining).
    told: int = 0
    #: Set on each change and then replaced; a stream waits on the one current when it saw ``told``.
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: Taken by each stream of the game while it makes its view: the first after a change makes what
    #: the players share (a closed round's results, ``games.SharedResults``), the others reuse it.
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)


class Watcher:
    """What a stream holds: the game's newest record this worker knows, and a wait for the next."""

    def __init__(self, watched: _Watched, first: GameRecord):
        self._watched = watched
        self._first = first
        self._seen = watched.told

    @property
    def record(self) -> GameRecord:
        """The newest of the stream's own first read and the poller's latest; reading it marks every
        change told so far as seen (``wait`` returns at once for any told after)."""
        self._seen = self._watched.told
        shared = self._watched.record
        return shared if shared.version >= self._first.version else self._first

    @property
    def turn(self) -> asyncio.Lock:
        """Held while the stream makes its view, one stream of the game at a time (see ``_Watched``)."""
        return self._watched.turn

    @property
    def error(self) -> WordIndexError | None:
        """Why the game can no longer be read (gone, or the store is down), once the poller saw it."""
        return self._watched.error

    async def wait(self, seconds: float) -> None:
        """Until the game changes (a move anywhere) after the stream last read ``record``, or ``seconds`` pass."""
        if self._watched.told != self._seen:
            return  # told while the stream made its view
        changed = self._watched.changed  # no await between the check and this: no change can slip between
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout=max(0.0, seconds))


class StreamSlots:
    """How many live streams a worker holds: in all, from one address, on one game.

    ``take`` checks the three caps and counts the stream in one step, with no ``await`` between (the
    cap was checked before the game was read and the stream counted after, so a burst of requests all
    passed it: 2,100 streams against a cap of 2,000). Beyond the worker's or the game's cap, 503 (the
    page polls instead); beyond the address's, 429.
    """

    def __init__(self, total: int, per_address: int, per_game: int):
        self.total = total
        self.per_address = per_address
        self.per_game = per_game
        self.streams = 0
        self._by_address: dict[str, int] = {}
        self._by_game: dict[str, int] = {}
        #: Taken on the event loop, given back there too, except by a response collected unsent (the
        #: garbage collector may run in any thread): the lock keeps the counts whole either way.
        self._lock = threading.Lock()

    def take(self, address: str, game_id: str) -> Callable[[], None]:
        """Count one more stream of ``address`` on ``game_id``, or refuse it; the call returned gives
        it back (once, however often it is called)."""
        with self._lock:
            if self.streams >= self.total:
                raise BusyError(f"this worker holds {self.total} live streams already: poll the game instead")
            if self._by_game.get(game_id, 0) >= self.per_game:
                raise BusyError(f"this game has {self.per_game} live streams already: poll the game instead")
            if self._by_address.get(address, 0) >= self.per_address:
                raise TooManyError(f"at most {self.per_address} live streams from one address: poll the game instead")
            self.streams += 1
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._by_game[game_id] = self._by_game.get(game_id, 0) + 1
        given: list[bool] = []

        def give_back() -> None:
            with self._lock:
                if given:
                    return
                given.append(True)
                self.streams -= 1
                _count_down(self._by_address, address)
                _count_down(self._by_game, game_id)

        return give_back


def _count_down(counts: dict[str, int], key: str) -> None:
    """One fewer for ``key``; a key at zero is forgotten (the tables hold only what is open)."""
    if counts[key] <= 1:
        del counts[key]
    else:
        counts[key] -= 1


class GameWatch:
    """This worker's watchers of games: one poller for all the games its streams watch.

    Every ``poll_seconds`` the poller reads the versions of all the watched games (one indexed query
    per 500 games) and, of those that changed, the records (one more query); every stream of a
    changed game then makes its player's view from that record. So a move costs one read per worker,
    not one per player, and watching costs two queries a tick, not one per game.

    ``drain`` (the server is shutting down: SIGTERM) wakes every stream, which then ends, so the
    server's graceful shutdown is not held open by streams that would otherwise last the whole game.
    """

    def __init__(self, store: GameStore, poll_seconds: float, slots: StreamSlots, idle_seconds: float):
        self.store = store
        self.poll_seconds = poll_seconds
        self.slots = slots
        #: A stream whose game has not changed this long ends (the page's ``EventSource`` reconnects).
        self.idle_seconds = idle_seconds
        self.draining = False
        self._games: dict[str, _Watched] = {}
        self._poller: asyncio.Task[None] | None = None

    def drain(self) -> None:
        """End every stream now and refuse new ones (the server is shutting down); idempotent."""
        if self.draining:
            return
        self.draining = True
        for watched in list(self._games.values()):
            self._tell(watched)

    @contextlib.asynccontextmanager
    async def watching(self, first: GameRecord) -> AsyncIterator[Watcher]:
        """Watch the game of ``first`` (its record as the stream read it) while the block runs."""
        watched = self._games.get(first.id)
        if watched is None:
            watched = self._games[first.id] = _Watched(first)
        if self._poller is None or self._poller.done():
            self._poller = asyncio.create_task(self._poll())
        watched.streams += 1
        try:
            yield Watcher(watched, first)
        finally:
            watched.streams -= 1
            if watched.streams == 0 and self._games.get(first.id) is watched:
                del self._games[first.id]

    async def _poll(self) -> None:
        """Until no game is watched: each tick, tell the streams of every changed game (or gone, or
        unreadable: the store is down) and hand them its newest record."""
        while self._games:
            await asyncio.sleep(self.poll_seconds)
            games = dict(self._games)
            try:
                versions = await asyncio.to_thread(self.store.versions, list(games))
                changed = [i for i, w in games.items() if versions.get(i, w.record.version) != w.record.version]
                records = await asyncio.to_thread(self.store.get_many, changed) if changed else {}
            except WordIndexError as exc:  # the store is down: every stream says so and ends
                for watched in games.values():
                    self._tell(watched, error=exc)
                continue
            for game_id, watched in games.items():
                if game_id not in versions:  # removed (cleaned up) while watched
                    self._tell(watched, error=game_not_found(game_id))
                elif game_id in records:
                    self._tell(watched, record=records[game_id])

    @staticmethod
    def _tell(watched: _Watched, record: GameRecord | None = None, error: WordIndexError | None = None) -> None:
        if record is not None:
            watched.record = record
        if error is not None:
            watched.error = error
        watched.told += 1
        watched.changed.set()
        watched.changed = asyncio.Event()


def event_text(data: str, event: str = "state") -> str:
    """One server-sent event (``data`` is JSON: one line)."""
    return f"event: {event}\ndata: {data}\n\n"


def next_moment(view: dict[str, Any]) -> float:
    """Seconds to sleep unless woken: until the clock's end, then until the results (which wait for
    the grace seconds), at most ``KEEP_ALIVE_SECONDS`` (the state is sent again then)."""
    if not view.get("over"):
        return min(KEEP_ALIVE_SECONDS, max(0.05, float(view.get("seconds_left", KEEP_ALIVE_SECONDS)) + 0.05))
    return 0.5


def finished(view: dict[str, Any]) -> bool:
    """Nothing more will change: over, with the results (a Boggle round) or no results to wait for."""
    return bool(view.get("over")) and ("results" in view or "seconds_left" not in view)
