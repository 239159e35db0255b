"""The server's settings: from ``wordindex serve``'s options or the environment, read here only.

``wordindex serve`` writes its options into the environment (``WORDINDEX_*``)
before starting uvicorn, because with ``--workers N`` each worker process
builds its own app from ``app_from_environment`` and can only be told through
the environment. The library never reads any of it: the app hands explicit
Locations and numbers down.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from wordindex.errors import DatabaseURLError, UsageError
from wordindex.index.location import Location, default_location, parse_location

#: Environment variable for each setting (besides WORDINDEX_DB, which every command reads).
ENV = {
    "more_indexes": "WORDINDEX_INDEXES",
    "games_db": "WORDINDEX_GAMES_DB",
    "cors_origins": "WORDINDEX_CORS_ORIGINS",
    "max_body_bytes": "WORDINDEX_MAX_BODY_BYTES",
    "max_board_size": "WORDINDEX_MAX_BOARD_SIZE",
    "threads": "WORDINDEX_THREADS",
    "max_searches": "WORDINDEX_MAX_SEARCHES",
    "new_games_per_minute": "WORDINDEX_NEW_GAMES_PER_MINUTE",
    "request_seconds": "WORDINDEX_REQUEST_SECONDS",
    "header_seconds": "WORDINDEX_HEADER_SECONDS",
    "body_seconds": "WORDINDEX_BODY_SECONDS",
    "keep_alive_seconds": "WORDINDEX_KEEP_ALIVE_SECONDS",
    "max_connections": "WORDINDEX_MAX_CONNECTIONS",
    "max_connections_per_address": "WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS",
    "keep_finished_hours": "WORDINDEX_KEEP_FINISHED_HOURS",
    "keep_idle_days": "WORDINDEX_KEEP_IDLE_DAYS",
    "cleanup_minutes": "WORDINDEX_CLEANUP_MINUTES",
    "live_poll_seconds": "WORDINDEX_LIVE_POLL_SECONDS",
    "max_streams": "WORDINDEX_MAX_STREAMS",
    "max_streams_per_address": "WORDINDEX_MAX_STREAMS_PER_ADDRESS",
    "max_streams_per_game": "WORDINDEX_MAX_STREAMS_PER_GAME",
    "stream_idle_seconds": "WORDINDEX_STREAM_IDLE_SECONDS",
    "drain_seconds": "WORDINDEX_DRAIN_SECONDS",
    "answer_cache_entries": "WORDINDEX_ANSWER_CACHE_ENTRIES",
    "answer_cache_bytes": "WORDINDEX_ANSWER_CACHE_BYTES",
    "held_words": "WORDINDEX_HELD_WORDS",
}


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know; defaults are the safe ones."""

    #: The default index: it answers a request that names no language.
    index: Location
    #: More indexes, one per language (``wordindex serve --index``), after the default one.
    more_indexes: tuple[Location, ...] = ()
    #: Where the games live; None: beside the index (see ``wordindex.gamestore.game_store_location``).
    games: Location | None = None
    #: Origins allowed to call the API from other pages; empty: CORS off (same origin only).
    cors_origins: tuple[str, ...] = field(default_factory=tuple)
    #: Largest request body accepted (bytes); a move or a new game is a few hundred bytes.
    max_body_bytes: int = 16_384
    #: Largest Boggle board side the API solves or deals (the library allows up to 6).
    max_board_size: int = 6
    #: Request threads per worker (each holds one index connection).
    threads: int = 8
    #: Searches (board solves, hangman and word-game queries) at once per worker; more wait for a slot
    #: (503 after ``request_seconds``). Fewer than ``threads``, so other requests always find a thread.
    max_searches: int = 4
    #: Games one client address may start per minute, per worker; more get a 429.
    new_games_per_minute: int = 60
    #: Wall-clock budget of one board solve (a query's or a round's results), and the longest a search
    #: waits for a slot; past either, a 503.
    request_seconds: float = 2.0
    #: A connection that has not sent a whole request head this long after it opened (or after its
    #: last answer) is closed (uvicorn; ``wordindex serve`` only).
    header_seconds: float = 10.0
    #: A request whose head has arrived must have sent its whole body this long after its head, or its
    #: connection is closed (uvicorn; ``wordindex serve`` only): a body of at most 16 KiB takes far less.
    body_seconds: float = 10.0
    #: An idle keep-alive connection is closed after this long (uvicorn's ``timeout_keep_alive``).
    keep_alive_seconds: int = 5
    #: Open connections per worker; beyond, uvicorn answers 503 at once (its ``limit_concurrency``).
    max_connections: int = 4000
    #: Open connections per worker from one client address (an IPv6 /64 counts as one); a connection
    #: beyond is closed as soon as it opens, so one address cannot fill ``max_connections``.
    max_connections_per_address: int = 256
    #: Finished games are deleted this long after they end ...
    keep_finished_hours: float = 24.0
    #: ... and any game untouched this long.
    keep_idle_days: float = 7.0
    #: How often each worker runs the cleanup.
    cleanup_minutes: float = 10.0
    #: How often a worker reads the version of each game its live streams watch (``web/live.py``).
    live_poll_seconds: float = 0.5
    #: Live streams (``/api/games/{id}/events``) one worker holds at once; beyond, 503.
    max_streams: int = 2000
    #: ... from one client address (beyond, 429) ...
    max_streams_per_address: int = 32
    #: ... and on one game (beyond, 503): four for each of a round's 16 players.
    max_streams_per_game: int = 64
    #: A live stream whose game has not changed this long ends; the page's ``EventSource`` reconnects.
    stream_idle_seconds: float = 300.0
    #: On SIGTERM, live streams end at once; other answers in flight get this long (uvicorn's
    #: ``timeout_graceful_shutdown``), then the worker exits.
    drain_seconds: float = 5.0
    #: Query answers a worker keeps (``web/cache.py``: an answer is a pure function of the index, its
    #: language and the parameters); 0 keeps none ...
    answer_cache_entries: int = 2000
    #: ... and their total size in bytes.
    answer_cache_bytes: int = 64 << 20
    #: Words a worker holds in memory as arrays, across its indexes (``wordindex.index.held``), so hangman and
    #: pattern questions do not scan rows (about 500 bytes a word for English); 0 holds none.
    held_words: int = 250_000

    @property
    def indexes(self) -> tuple[Location, ...]:
        """Every index served, the default first."""
        return (self.index, *self.more_indexes)

    @property
    def move_threads(self) -> int:
        """Game moves computed at once per worker: half the request threads (more wait their turn on
        the event loop). A move is short and mostly its two database statements; eight threads at
        once spent more in taking turns on the interpreter lock than four (a PostgreSQL move took
        a third more CPU, on the worker and the database, and went through a quarter to a half
        fewer a second), and the other half of the threads stay free for everything else."""
        return max(1, self.threads // 2)


#: ``fr=PATH``: a language code before the first ``=`` (a URL's own ``=`` come after its ``?``).
LANGUAGE_PREFIX = re.compile(r"([A-Za-z]{2,3})=(.+)", re.DOTALL)


def split_language(spec: str) -> tuple[str | None, str]:
    """``("fr", "fr.db")`` for ``fr=fr.db``, ``(None, spec)`` for a plain URL or path (``--index``'s syntax)."""
    prefix = LANGUAGE_PREFIX.fullmatch(spec)
    return (prefix.group(1), prefix.group(2)) if prefix else (None, spec)


def _number(env: Mapping[str, str], key: str, kind: type, default: float, low: float, high: float) -> float:
    text = env.get(ENV[key])
    if text is None or text == "":
        return default
    try:
        value = kind(text)
    except ValueError:
        raise UsageError(f"{ENV[key]} must be a number, not {text!r}") from None
    if not low <= value <= high:
        raise UsageError(f"{ENV[key]} must be {_bound(low)} to {_bound(high)}, not {text}")
    return value


def _bound(value: float) -> str:
    """A bound as people write it: ``100,000,000``, ``0.05``."""
    return f"{value:,}" if float(value).is_integer() else f"{value:g}"


def header_seconds(env: Mapping[str, str]) -> float:
    """``WORDINDEX_HEADER_SECONDS`` (the HTTP protocol reads it per connection, outside any app)."""
    return _number(env, "header_seconds", float, 10.0, 0.1, 600)


def body_seconds(env: Mapping[str, str]) -> float:
    """``WORDINDEX_BODY_SECONDS`` (read by the HTTP protocol, as ``header_seconds``)."""
    return _number(env, "body_seconds", float, 10.0, 0.1, 600)


def max_connections_per_address(env: Mapping[str, str]) -> int:
    """``WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS`` (read by the HTTP protocol, as ``header_seconds``)."""
    return int(_number(env, "max_connections_per_address", int, 256, 1, 100_000))


def settings_from_environment(env: Mapping[str, str] | None = None, index: Location | None = None) -> Settings:
    """Settings from ``WORDINDEX_*`` variables (the index from ``WORDINDEX_DB`` unless given)."""
    env = os.environ if env is None else env
    if index is None:
        db = env.get("WORDINDEX_DB")
        if db is None:
            index = default_location()
        elif not db.strip():  # as on the command line: an unset variable in a script is not the default index
            raise DatabaseURLError(
                "WORDINDEX_DB is empty: give a database path or URL, or leave it unset for the default index"
            )
        else:
            index = parse_location(db)
    lines = [line.strip() for line in env.get(ENV["more_indexes"], "").splitlines() if line.strip()]
    more = tuple(parse_location(split_language(line)[1]) for line in lines)
    games = env.get(ENV["games_db"])
    origins = tuple(o.strip() for o in env.get(ENV["cors_origins"], "").split(",") if o.strip())
    threads = int(_number(env, "threads", int, 8, 1, 64))
    return Settings(
        index=index,
        more_indexes=more,
        games=parse_location(games) if games else None,
        cors_origins=origins,
        max_body_bytes=int(_number(env, "max_body_bytes", int, 16_384, 256, 1_048_576)),
        max_board_size=int(_number(env, "max_board_size", int, 6, 2, 6)),
        threads=threads,
        max_searches=int(_number(env, "max_searches", int, max(1, threads // 2), 1, threads)),
        new_games_per_minute=int(_number(env, "new_games_per_minute", int, 60, 1, 1_000_000)),
        request_seconds=_number(env, "request_seconds", float, 2.0, 0.01, 600),
        header_seconds=header_seconds(env),
        body_seconds=body_seconds(env),
        keep_alive_seconds=int(_number(env, "keep_alive_seconds", int, 5, 1, 600)),
        max_connections=int(_number(env, "max_connections", int, 4000, 1, 100_000)),
        max_connections_per_address=max_connections_per_address(env),
        keep_finished_hours=_number(env, "keep_finished_hours", float, 24.0, 0, 24 * 365),
        keep_idle_days=_number(env, "keep_idle_days", float, 7.0, 0, 365),
        cleanup_minutes=_number(env, "cleanup_minutes", float, 10.0, 0.01, 24 * 60),
        live_poll_seconds=_number(env, "live_poll_seconds", float, 0.5, 0.05, 60),
        max_streams=int(_number(env, "max_streams", int, 2000, 0, 100_000)),
        max_streams_per_address=int(_number(env, "max_streams_per_address", int, 32, 1, 100_000)),
        max_streams_per_game=int(_number(env, "max_streams_per_game", int, 64, 1, 100_000)),
        stream_idle_seconds=_number(env, "stream_idle_seconds", float, 300.0, 1, 7 * 86400),
        drain_seconds=_number(env, "drain_seconds", float, 5.0, 0.1, 600),
        answer_cache_entries=int(_number(env, "answer_cache_entries", int, 2000, 0, 1_000_000)),
        answer_cache_bytes=int(_number(env, "answer_cache_bytes", int, 64 << 20, 0, 1 << 40)),
        held_words=int(_number(env, "held_words", int, 250_000, 0, 100_000_000)),
    )
