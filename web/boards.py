"""The boards of running Boggle rounds, which ``/api/boggle`` does not solve (issue 32 item 8).

``/api/boggle?board=`` answers every word of a board, so a player could paste a running round's board
into it and read the solution. The round's board is hidden until its words are everyone's anyway
(the clock plus the grace for late words, or the round finished): ``/api/boggle`` answers that board
(in that language, turned or mirrored) with 409 until then.

Each round's board key is stored with the game (``GameStore.create``'s ``hidden_board``), so every
worker sees the rounds of every other. A worker does not ask the store on each query (a thread hop
and a query per ``/api/boggle``, answered on the event loop otherwise): it reads the hidden boards,
by the index on their deadline, at most once every ``REFRESH_SECONDS`` and when a query comes, and
knows at once the rounds it made itself (``HidingGameStore``). A round made by another worker may so
be solved for up to a second after it starts, before anyone has read its board.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from fastapi import Depends, Request

from wordindex.errors import DatabaseError, WordIndexError
from wordindex.gamestore import GameRecord, GameStore

from .served import ServedIndex, get_served

#: How stale a worker's list of hidden boards may be.
REFRESH_SECONDS = 1.0


class BoardInPlayError(WordIndexError):
    """``/api/boggle`` asked for the board of a round still running (a 409: the round's words come with
    its results)."""

    exit_code = 1


class HiddenBoards:
    """One worker's view of the hidden boards: read from the store at most every ``REFRESH_SECONDS``,
    plus the ones this worker has just made (a thread notes them, the event loop reads them)."""

    def __init__(self, store: GameStore):
        self.store = store
        self._read: dict[str, float] = {}
        self._read_at = float("-inf")
        self._made_here: dict[str, tuple[float, float]] = {}  # key: (until, when noted)
        self._made_lock = threading.Lock()
        self._reading = asyncio.Lock()

    def note(self, key: str, until: float) -> None:
        """A round this worker has just stored (the next read of the store lists it)."""
        with self._made_lock:
            self._made_here[key] = (max(until, self._made_here.get(key, (0.0, 0.0))[0]), time.monotonic())

    async def hidden_until(self, key_of: Callable[[], str | None], now: float) -> float | None:
        """When the board of ``key_of()`` stops being hidden, or None when it is not hidden at ``now``.
        ``key_of`` (a board's key costs 40 to 60 µs) is called only when some board is hidden."""
        if time.monotonic() - self._read_at > REFRESH_SECONDS:
            async with self._reading:
                if time.monotonic() - self._read_at > REFRESH_SECONDS:
                    await self._refresh(now)
        if not self._read and not self._made_here:
            return None
        key = key_of()
        if key is None:
            return None
        until = max(self._read.get(key, 0.0), self._made_here.get(key, (0.0, 0.0))[0])
        return until if until > now else None

    async def _refresh(self, now: float) -> None:
        started = time.monotonic()
        try:
            self._read = await asyncio.to_thread(self.store.hidden_boards, now)
        except DatabaseError:  # the store is down: queries need no store; what was read stays till the next try
            started = float("-inf")
        self._read_at = time.monotonic()
        with self._made_lock:  # a round noted before the read is in it (or finished since): forgotten here
            self._made_here = {k: made for k, made in self._made_here.items() if made[1] >= started}


class HidingGameStore(GameStore):
    """The web app's game store: a new Boggle round is stored with its hidden board, and this worker
    knows it at once (a subclass, so every way a round is made, a new game or a next round, does it)."""

    hidden: HiddenBoards

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.hidden = HiddenBoards(self)

    def create(
        self,
        kind: str,
        state: dict[str, Any],
        finished: bool = False,
        now: float | None = None,
        hidden_board: tuple[str, float] | None = None,
    ) -> GameRecord:
        if hidden_board is None and kind == "boggle" and not finished:
            from wordindex.boggle.round import BoggleRound

            hidden_board = BoggleRound.resume(state).hidden_board()
        record = super().create(kind, state, finished, now, hidden_board)
        if hidden_board is not None:
            self.hidden.note(*hidden_board)
        return record


async def board_not_in_play(request: Request, served: ServedIndex = Depends(get_served)) -> None:
    """A dependency of ``/api/boggle``: 409 for the board of a round still running on this server. It
    reads the ``board`` parameter itself and declares none; a board it cannot read is the endpoint's
    to refuse."""
    from wordindex.boggle.board import board_key, parse_board
    from wordindex.boggle.faces import faces_of

    text = request.query_params.get("board")
    store = getattr(request.app.state, "store", None)
    if not text or served.language is None or not isinstance(store, HidingGameStore):
        return
    code, board = served.language.code, text

    def key_of() -> str | None:
        try:
            return board_key(parse_board(board, faces=faces_of(code)), code)
        except WordIndexError:  # a board it cannot read is the endpoint's to refuse
            return None

    now = time.time()
    until = await store.hidden.hidden_until(key_of, now)
    if until is not None:
        left = max(1, round(until - now))
        raise BoardInPlayError(
            f"a Boggle round on this board is still running: its words come with its results, in {left} s"
        )
