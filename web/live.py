"""Live games: a round's players are told of each other's moves and of its end as they happen.

``GET /api/games/{id}/events?player=ID`` is a stream of server-sent events (``text/event-stream``):
an ``event: state`` with the player's view (the same JSON as ``GET /api/games/{id}``) at once, after
every move anyone makes, when the clock runs out and when the results are in; then the stream
ends. Browsers reconnect an ``EventSource`` by themselves; the page falls back to polling where
there is none.

Moves may reach any worker, so a worker learns of them through the game store, like everything
else: a ``GameWatch`` keeps one poller per game watched in this worker, reading only the game's
``version`` every ``poll_seconds``, and wakes that game's streams when it changed. The cost is one
indexed one-row read per watched game per poll, however many players watch it, and none for
games nobody watches. Each stream sleeps until woken, until the round's next moment (its end,
then the results after the grace seconds), or for ``KEEP_ALIVE_SECONDS`` at most (the state is sent
again then, which also keeps proxies from closing a quiet stream).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from wordindex.gamestore import GameStore

#: The longest a stream stays silent: its state is sent again then (proxies close quiet streams).
KEEP_ALIVE_SECONDS = 15.0


@dataclass
class _Watched:
    version: int
    streams: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    poller: asyncio.Task[None] | None = None


class GameWatch:
    """This worker's watchers of games: one version poller per game, shared by its streams."""

    def __init__(self, store: GameStore, poll_seconds: float, max_streams: int):
        self.store = store
        self.poll_seconds = poll_seconds
        self.max_streams = max_streams
        self.streams = 0
        self._games: dict[str, _Watched] = {}

    @contextlib.asynccontextmanager
    async def watching(self, game_id: str, version: int) -> AsyncIterator[Callable[[float], Any]]:
        """Watch ``game_id`` (last seen at ``version``); yields ``wait(seconds) -> bool``: woken by a
        change (True) or timed out (False)."""
        watched = self._games.get(game_id)
        if watched is None:
            watched = self._games[game_id] = _Watched(version)
            watched.poller = asyncio.create_task(self._poll(game_id, watched))
        watched.streams += 1
        self.streams += 1
        seen = [version]

        async def wait(seconds: float) -> bool:
            if watched.version == seen[0]:
                try:  # the poller sets this event on a change and puts a fresh one in its place
                    await asyncio.wait_for(watched.changed.wait(), timeout=max(0.0, seconds))
                except TimeoutError:
                    return False
            seen[0] = watched.version
            return True

        try:
            yield wait
        finally:
            watched.streams -= 1
            self.streams -= 1
            if watched.streams == 0 and self._games.get(game_id) is watched:
                del self._games[game_id]
                if watched.poller is not None:
                    watched.poller.cancel()

    async def _poll(self, game_id: str, watched: _Watched) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            try:
                version = await asyncio.to_thread(self.store.version, game_id)
            except Exception:  # gone or the store is down: the streams see it on their next read
                version = -1
            if version != watched.version:
                watched.version = version
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
