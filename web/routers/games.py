"""Games: ``POST /api/games``, ``POST /api/games/{id}/moves``, ``GET /api/games/{id}``.

Every answer carries the game's public view (``state``) and ``version`` (the
number of moves applied). The stored state may hold secrets (a fair
hangman's word, the players' ids); only views leave the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import weakref
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import StreamingResponse

from wordindex.errors import BusyError, UsageError, WordIndexError
from wordindex.gamestore import GameRecord, GameStore

from ..answers import game_text, text_answer
from ..deps import LexiconCache, get_store, json_object
from ..errors import error_body, responses
from ..games import BoggleKind, BudgetedLexicon, Moved, SharedResults, kind_named
from ..served import ServedIndexes, get_served_indexes

if TYPE_CHECKING:
    from ..live import GameWatch

router = APIRouter(prefix="/api/games", tags=["games"])

NEW_GAME_EXAMPLE = {"game": "boggle", "seed": 7, "seconds": 180}
MOVE_EXAMPLE = {"move": {"player": "PLAYER-ID", "word": "tree"}}


def _answer(
    game_id: str, version: int, view: dict[str, Any], language: str, status_code: int = 200, **extra: Any
) -> Response:
    """The game's answer, encoded as the CLI encodes JSON (``answers.game_text``: no encoder walk, a closed
    round's results put in as the text made once)."""
    answer = {"id": game_id, "version": version, "language": language, "state": view, **extra}
    return text_answer(game_text(answer), status_code)


def _shared(request: Request, record: GameRecord) -> SharedResults:
    """Where this worker keeps the results of the game as stored now, once its round is closed."""
    return SharedResults(request.app.state.round_results, (record.id, record.version))


def _lexicon(request: Request, lexicons: LexiconCache, index: Any) -> BudgetedLexicon:
    """The worker's lexicon for a view, with ``Settings.request_seconds`` to solve a round's board."""
    return BudgetedLexicon(lambda: lexicons.get(index), request.app.state.settings.request_seconds)


def _body_doc(example: dict[str, Any]) -> dict[str, Any]:
    schema = {"type": "object", "example": example}
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


#: The new game's id is the other routes' ``game_id`` (OpenAPI links: clients and fuzzers follow them).
GAME_LINKS = {
    "read": {"operationId": "read_game", "parameters": {"game_id": "$response.body#/id"}},
    "move": {"operationId": "make_move", "parameters": {"game_id": "$response.body#/id"}},
}


@router.post(
    "",
    status_code=201,
    openapi_extra=_body_doc(NEW_GAME_EXAMPLE),
    responses={201: {"description": "The new game", "links": GAME_LINKS}, **responses(400, 413, 429, 503)},
)
def create_game(
    request: Request,
    body: dict[str, Any] = Depends(json_object),
    indexes: ServedIndexes = Depends(get_served_indexes),
    store: GameStore = Depends(get_store),
) -> Response:
    """Start a game: ``{"game": "hangman" | "boggle" | "wordgame", "language": "fr", ...options as in the CLI}``.

    ``language`` (optional) picks the served index the game is played on, for all its moves.
    """
    request.app.state.creations.take(request.client.host if request.client else "")
    options = dict(body)
    kind = kind_named(options.pop("game", None))
    served = indexes.get(options.pop("language", None))
    now = time.time()
    with served.indexes.use() as index:
        created = kind.create(options, index, now, request.app.state.settings)
        record = store.create(kind.name, created.state, created.finished, now)
        view = kind.view(record.state, index, now, None)
        code = index.language.code
    return _answer(record.id, record.version, view, code, 201)


@router.get("/{game_id}", operation_id="read_game", responses=responses(404, 422, 503))
def read_game(
    request: Request,
    game_id: str,
    player: str | None = Query(None, max_length=64, description="Your player id in a Boggle round"),
    indexes: ServedIndexes = Depends(get_served_indexes),
    store: GameStore = Depends(get_store),
) -> Response:
    """The game's public view now."""
    record = store.get(game_id)
    kind = kind_named(record.kind)
    served = indexes.for_game(record.state)
    shared = _shared(request, record)
    with served.indexes.use() as index:
        view = kind.view(record.state, index, time.time(), player, _lexicon(request, served.lexicons, index), shared)
        code = index.language.code
    answer = {"id": record.id, "version": record.version, "language": code, "state": view}
    return text_answer(game_text(answer))


@router.get("/{game_id}/events", response_class=StreamingResponse, responses=responses(404, 422, 429, 503))
async def game_events(
    request: Request,
    game_id: str,
    player: str | None = Query(None, max_length=64, description="Your player id: your own words are shown"),
    indexes: ServedIndexes = Depends(get_served_indexes),
    store: GameStore = Depends(get_store),
) -> StreamingResponse:
    """The game's view as server-sent events (``text/event-stream``): ``event: state`` at once, after
    every move anyone makes, at the end of the clock and with the results; then the stream ends.
    The same JSON as ``GET /api/games/{id}``. See ``web/live.py``."""
    from ..live import event_text, finished, next_moment

    watch: GameWatch = request.app.state.watch
    if watch.draining:
        raise BusyError("the server is shutting down: ask again in a moment")
    # Counted here, before any await: the caps hold however many requests arrive at once.
    give_back = watch.slots.take(request.client.host if request.client else "", game_id)
    try:
        first = await asyncio.to_thread(store.get, game_id)  # an unknown game is a 404 before any stream
        kind = kind_named(first.kind)
        served = indexes.for_game(first.state)
    except BaseException:
        give_back()
        raise

    def text_of(record: GameRecord, view: dict[str, Any], code: str, shared: SharedResults) -> str:
        answer = {"id": record.id, "version": record.version, "language": code, "state": view}
        return game_text(answer)

    def quick(record: GameRecord) -> tuple[dict[str, Any], str] | None:
        """The view made here on the event loop when it needs no index (most of a round's): no hop
        to a thread, ~100 of which a second per worker queue behind the moves' threads otherwise."""
        if served.language is None:
            return None
        shared = _shared(request, record)
        view = kind.quick_view(record.state, time.time(), player, shared)
        return None if view is None else (view, text_of(record, view, served.language.code, shared))

    def current(record: GameRecord) -> tuple[dict[str, Any], str]:
        """The view made in a thread: it reads the index, or solves the board for a round's results
        (once per game version: ``SharedResults`` keeps them for the game's other streams)."""
        shared = _shared(request, record)
        with served.indexes.use() as index:
            lexicon = _lexicon(request, served.lexicons, index)
            view = kind.view(record.state, index, time.time(), player, lexicon, shared)
            code = index.language.code
        return view, text_of(record, view, code, shared)

    async def stream() -> AsyncIterator[str]:
        async with watch.watching(first) as watcher:
            sent = ""
            version, quiet_since = first.version, time.monotonic()
            while True:
                if watch.draining:  # the server is shutting down: the page reconnects to its successor
                    return
                error = watcher.error
                if error is None:
                    try:
                        record = watcher.record  # every change told until now is in what is sent next
                        made = quick(record)
                        if made is None:
                            async with watcher.turn:  # one of the game's streams at a time: the first makes
                                record = watcher.record
                                made = quick(record) or await asyncio.to_thread(current, record)
                        view, text = made
                    except WordIndexError as exc:
                        error = exc
                if error is not None:
                    yield event_text(json.dumps(error_body(str(error), type(error).__name__)), "error")
                    return
                if text != sent:  # unchanged while the results wait for the grace seconds
                    yield event_text(text)
                    sent = text
                if finished(view):
                    return
                now = time.monotonic()
                if record.version != version:
                    version, quiet_since = record.version, now
                idle_left = quiet_since + watch.idle_seconds - now
                if idle_left <= 0:  # nobody moved for ``stream_idle_seconds``: the page reconnects
                    return
                await watcher.wait(min(next_moment(view), idle_left))

    return _Stream(
        stream(),
        give_back,
        media_type="text/event-stream",
        headers={"cache-control": "no-store", "x-accel-buffering": "no"},
    )


class _Stream(StreamingResponse):
    """A live stream that gives its slot back (``live.StreamSlots``) however it ends: finished, the
    client gone, or cancelled."""

    def __init__(self, content: AsyncIterator[str], give_back: Callable[[], None], **options: Any):
        super().__init__(content, **options)
        self._give_back = give_back
        weakref.finalize(self, give_back)  # and if it is never sent at all

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._give_back()


@router.post(
    "/{game_id}/moves",
    operation_id="make_move",
    openapi_extra=_body_doc(MOVE_EXAMPLE),
    responses=responses(400, 404, 409, 413, 422, 429, 503),
)
async def make_move(
    request: Request,
    game_id: str,
    body: dict[str, Any] = Depends(json_object),
    indexes: ServedIndexes = Depends(get_served_indexes),
    store: GameStore = Depends(get_store),
) -> Response:
    """Apply ``{"move": ...}``; answers the new view and ``event``, what the move did (on the game's own index)."""
    # In a request thread, at most ``Settings.move_threads`` moves at once (app.state.move_threads).
    work = partial(_make_move, request, game_id, body, indexes, store)
    return await anyio.to_thread.run_sync(work, limiter=request.app.state.move_threads)


def _make_move(
    request: Request, game_id: str, body: dict[str, Any], indexes: ServedIndexes, store: GameStore
) -> Response:
    """``make_move``'s work: read the game, compute the move on its index, write it, make the view."""
    if "move" not in body:
        raise UsageError('a move is {"move": ...}')
    move = body["move"]
    player = move.get("player") if isinstance(move, dict) else None
    stored = store.get(game_id)
    served = indexes.for_game(stored.state)
    with served.indexes.use() as index:
        kind = kind_named(stored.kind)
        if isinstance(kind, BoggleKind) and isinstance(move, dict) and "next" in move:
            record, moved = _next_round(request, game_id, move, kind, index, store)
        elif isinstance(kind, BoggleKind) and isinstance(move, dict) and "hint" in move:
            # Solved (once per game) before the update, whose apply runs again after a lost race.
            lexicon = _lexicon(request, served.lexicons, index)
            solution = kind.hint_solution(stored.state, move, index, time.time(), lexicon, _shared(request, stored))
            boggle = kind

            def hint(record: Any) -> tuple[dict[str, Any], bool, Moved]:
                moved = boggle.move(record.state, move, index, time.time(), solution)
                return moved.state, moved.finished, moved

            record, moved = store.update(game_id, hint, read=stored)
        else:

            def apply(record: Any) -> tuple[dict[str, Any], bool, Moved]:
                moved = kind.move(record.state, move, index, time.time())
                return moved.state, moved.finished, moved

            record, moved = store.update(game_id, apply, read=stored)
        if isinstance(moved.event, dict) and "joined" in moved.event:
            player = moved.event["joined"]
        lexicon = _lexicon(request, served.lexicons, index)
        view = kind.view(record.state, index, time.time(), player, lexicon, _shared(request, record))
        code = index.language.code
    return _answer(record.id, record.version, view, code, event=moved.event)


def _next_round(
    request: Request, game_id: str, move: dict[str, Any], kind: BoggleKind, index: Any, store: GameStore
) -> tuple[Any, Moved]:
    """``{"player": ID, "next": true}``: the next round's id, made here once the round is over.

    Only a joined player asks, only once the round is over, and only the server makes the id: the
    round already linked, else a new round linked now (when two ask at once the first link wins, and
    the other's round, which nobody could reach, is deleted). A new round is a new game: it takes a
    token of the address's ``new_games_per_minute`` as ``POST /api/games`` does (429 beyond).
    """
    if move["next"] is not True:
        raise UsageError('ask for the next round with {"player": ID, "next": true}')
    now = time.time()
    current = store.get(game_id)
    linked = kind.ask_next(current.state, move.get("player"), now)
    made = None
    if linked is None:
        request.app.state.creations.take(request.client.host if request.client else "")
        created = kind.next_round(current.state, index, now, request.app.state.settings)
        made = linked = store.create(kind.name, created.state, created.finished, now).id

    def apply(record: Any) -> tuple[dict[str, Any], bool, Moved]:
        state, event = kind.link_next(record.state, str(linked))
        return state, True, Moved(state, True, event)

    try:
        record, moved = store.update(game_id, apply)
    except BaseException:
        if made is not None:
            _forget(store, made)
        raise
    if made is not None and moved.event["next"] != made:  # another request linked its round first
        _forget(store, made)
    return record, moved


def _forget(store: GameStore, game_id: str) -> None:
    """Delete a next round that was never linked; if the store cannot now, the clean-up will (idle games)."""
    with contextlib.suppress(WordIndexError):
        store.delete(game_id)
