"""The game store: game sessions' states in tables of their own, outside the index.

An index rebuild replaces the whole index (SQLite: a new file renamed over
the old one; PostgreSQL: a new schema swapped in), so games cannot live in
it. They live beside it instead:

* SQLite: a file of its own next to the index, ``wordindex.db`` →
  ``wordindex-games.db`` (see ``game_store_location``);
* PostgreSQL: the schema ``wordindex_games`` of the index's database.

Either way the store has its own migrations (``wordindex.migrations.games``,
revision ``0006_games``) and version table, and any number of server
processes share it. A move is computed on the game as read, outside any
transaction, and written with a compare-and-swap on the row's ``version``
(``UPDATE ... WHERE version = <the one read>``); a move that lost the race is
computed again on the newer state. So two moves on one game are applied one
after the other (none is lost, none is applied twice), and a move's index
queries never hold the store's write lock (on SQLite one lock covers every
game). Every applied move adds one to ``version``.

Old games are removed by ``cleanup``: finished games some time after they
finished, and any game nobody touched for longer (the server calls it on a
schedule; docs/serve.md gives the defaults).
"""

from __future__ import annotations

import json
import os
import secrets
import select
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from wordindex.index.core import first_line
from wordindex.index.location import Location, sqlite_location

from .errors import BusyError, DatabaseError, NotFoundError, UsageError

#: PostgreSQL schema of the game store (the index is in ``wordindex``, rebuilt by schema swap).
GAMES_SCHEMA = "wordindex_games"
#: Characters of randomness in a game id (a link to a game is its only key).
ID_BYTES = 12
#: Largest stored state (its JSON, UTF-8): a ceiling under the games' own bounds (names, words,
#: players, hands), which keep a real game far below it; a state above it is refused, not written.
MAX_STATE_BYTES = 1 << 20
#: Games read by one query of ``versions`` and ``get_many`` (bound parameters: SQLite allows 32,766).
BATCH = 500
#: Times a move is recomputed when other moves of its game keep committing first.
MAX_ATTEMPTS = 50
#: Seconds a PostgreSQL connection may rest in the pool and be lent again without a look at its
#: socket (``_postgres_checkout``): a busy server lends each one again within milliseconds.
RESTED_SECONDS = 1.0

T = TypeVar("T")


class GameNotFoundError(NotFoundError):
    """No game has this id (it never existed, or it was cleaned up)."""


class GameTooLargeError(UsageError):
    """A game whose state would exceed ``MAX_STATE_BYTES``."""


class GameStoreGoneError(DatabaseError):
    """The store's SQLite file was deleted or replaced under the open store (its games are elsewhere now)."""


class GameBusyError(BusyError):
    """A move lost the race for its game's row ``MAX_ATTEMPTS`` times in a row."""


@dataclass(frozen=True)
class GameRecord:
    """One stored game: its kind, the session's state, and how many moves were applied."""

    id: str
    kind: str
    state: dict[str, Any]
    version: int
    created_at: float
    updated_at: float
    finished_at: float | None


def game_store_location(index: Location) -> Location:
    """Where the games of an index live by default.

    SQLite: ``<name>-games<suffix>`` beside the index file (``wordindex.db`` →
    ``wordindex-games.db``). PostgreSQL: the same database (the store uses its
    own schema, ``wordindex_games``).
    """
    if index.sqlite_path is not None:
        path = Path(index.sqlite_path)
        return sqlite_location(path.with_name(f"{path.stem}-games{path.suffix or '.db'}"))
    return index


def new_game_id() -> str:
    """An unguessable id: whoever has the link can play, nobody can enumerate games."""
    return secrets.token_urlsafe(ID_BYTES)


class GameStore:
    """Games of one store location; thread-safe (a connection pool per process)."""

    def __init__(self, location: Location, *, pool_size: int = 8):
        from sqlalchemy import create_engine, event

        self.location = location
        self.backend = location.backend
        try:
            if self.backend == "sqlite":
                assert location.sqlite_path is not None
                location.sqlite_path.parent.mkdir(parents=True, exist_ok=True)
                # Kept open for every thread that may use the store at once (the request threads, and
                # the event loop's executor: the live poller, a stream's first read): SQLAlchemy's
                # default of 5 made each further thread open and close a connection per statement.
                self.engine = create_engine(
                    location.url,
                    pool_size=2 * pool_size,
                    max_overflow=pool_size,
                    connect_args={"timeout": 30, "check_same_thread": False},
                )
                event.listen(self.engine, "connect", _sqlite_connect)
                event.listen(self.engine, "begin", _sqlite_begin)
            else:
                self.engine = create_engine(
                    location.url,
                    pool_size=pool_size,
                    max_overflow=pool_size,
                    # Every connection in autocommit from the start: a move's statements are one each
                    # (``_statement``), and nothing switches the mode on and off around them.
                    isolation_level="AUTOCOMMIT",
                    connect_args={"options": f"-csearch_path={GAMES_SCHEMA}"},
                )
                event.listen(self.engine, "checkout", _postgres_checkout)
                event.listen(self.engine, "checkin", _postgres_checkin)
        except Exception as exc:
            raise DatabaseError(f"cannot open the game store at {location.display}: {first_line(exc)}") from None
        from sqlalchemy import text

        self._text = text
        self._statements: dict[str, tuple[str, tuple[str, ...] | None]] = {}
        #: The driver's own error class (``_statement`` runs statements on it directly).
        self._driver_error: type[Exception] = self.engine.dialect.loaded_dbapi.Error
        #: The SQLite file's identity when opened: a deleted or replaced file is noticed, not written past.
        self._identity = _file_identity(location.sqlite_path) if location.sqlite_path is not None else None

    # -- schema -------------------------------------------------------------

    def migrate(self) -> None:
        """Create the store's schema and tables, or bring them to head (idempotent)."""
        from alembic import command
        from alembic.config import Config

        from . import migrations_path

        def run(connection: Any) -> None:
            config = Config()
            config.set_main_option("script_location", str(migrations_path() / "games"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

        with self._errors("prepare"):
            with self.engine.connect() as connection:
                if self.backend == "postgresql":
                    connection = connection.execution_options(isolation_level=_IN_TRANSACTION)
                    # One process at a time: several workers may start together.
                    connection.execute(self._text("SELECT pg_advisory_xact_lock(7263001)"))
                    connection.execute(self._text(f"CREATE SCHEMA IF NOT EXISTS {GAMES_SCHEMA}"))
                    run(connection)
                    connection.commit()
                else:
                    run(connection.execution_options(sqlite_begin="IMMEDIATE"))
                    connection.commit()
        if self.location.sqlite_path is not None:
            self._identity = _file_identity(self.location.sqlite_path)

    def ping(self) -> None:
        """DatabaseError unless the store answers (the readiness check)."""
        self._check_file()
        with self._errors("reach"), self.engine.connect() as connection:
            connection.execute(self._text("SELECT COUNT(*) FROM games WHERE id = ''"))

    # -- games --------------------------------------------------------------

    def create(
        self,
        kind: str,
        state: dict[str, Any],
        finished: bool = False,
        now: float | None = None,
        hidden_board: tuple[str, float] | None = None,
    ) -> GameRecord:
        """Store a new game and return it with its new id.

        ``hidden_board``: a Boggle round's board key and the moment its words become everyone's
        (``hidden_boards`` lists it until then, unless the game is finished first)."""
        now = time.time() if now is None else now
        record = GameRecord(new_game_id(), kind, state, 0, now, now, now if finished else None)
        board, board_until = hidden_board if hidden_board is not None else (None, None)
        self._check_file()
        with self._errors("store a game in"), self._transaction() as connection:
            connection.execute(
                self._text(
                    "INSERT INTO games (id, kind, state, version, created_at, updated_at, finished_at, board, "
                    "board_until) VALUES (:id, :kind, :state, 0, :now, :now, :finished_at, :board, :board_until)"
                ),
                {
                    "id": record.id,
                    "kind": kind,
                    "state": _dump(state),
                    "now": now,
                    "finished_at": record.finished_at,
                    "board": board,
                    "board_until": board_until,
                },
            )
        return record

    def hidden_boards(self, now: float | None = None) -> dict[str, float]:
        """The board keys of the games not finished whose board is hidden after ``now``, each with the
        latest moment it is hidden until: one query on the index of ``board_until``, which reads only
        the rounds still running."""
        now = time.time() if now is None else now
        self._check_file()
        found: dict[str, float] = {}
        with self._errors("read games from"), self._statement() as run:
            rows = run(
                "SELECT board, board_until FROM games WHERE board_until > :now AND finished_at IS NULL",
                {"now": now},
            ).fetchall()
        for board, until in rows:
            if board is not None and until > found.get(board, 0.0):
                found[str(board)] = float(until)
        return found

    def get(self, game_id: str) -> GameRecord:
        """The stored game; GameNotFoundError if there is none with this id."""
        self._check_file()
        with self._errors("read a game from"), self._statement() as run:
            row = run(f"{_SELECT} WHERE id = :id", {"id": game_id}).fetchone()
        return _record(game_id, row)

    def versions(self, game_ids: Collection[str]) -> dict[str, int]:
        """The versions of those of ``game_ids`` that exist (one query per ``BATCH`` ids): what a worker's
        live streams poll, all their games at once."""
        self._check_file()
        found: dict[str, int] = {}
        with self._errors("read games from"), self._statement() as run:
            for batch in _batches(game_ids):
                rows = run(*_in("SELECT id, version FROM games WHERE id IN", batch)).fetchall()
                found.update((str(row[0]), int(row[1])) for row in rows)
        return found

    def get_many(self, game_ids: Collection[str]) -> dict[str, GameRecord]:
        """The stored games of ``game_ids`` that exist, by id (one query per ``BATCH`` ids)."""
        self._check_file()
        found: dict[str, GameRecord] = {}
        with self._errors("read games from"), self._statement() as run:
            for batch in _batches(game_ids):
                for row in run(*_in(f"{_SELECT} WHERE id IN", batch)).fetchall():
                    found[row[0]] = _record(row[0], row)
        return found

    def update(
        self,
        game_id: str,
        apply: Callable[[GameRecord], tuple[dict[str, Any], bool, T]],
        now: float | None = None,
        read: GameRecord | None = None,
    ) -> tuple[GameRecord, T]:
        """Apply one move: ``apply(record) -> (new state, finished, result)``, committed if nobody moved first.

        ``apply`` runs outside any transaction (a move's index queries hold no
        lock of the store), on the game as read; the write is one ``UPDATE``
        that succeeds only while the row still has the version read (a
        compare-and-swap). When another move was committed in between,
        ``apply`` runs again on the newer state, so concurrent moves of one
        game are applied one after the other, each on the state the previous
        one wrote: none is lost and none is applied twice. ``apply`` must
        therefore have no effect besides its result. If it raises, nothing is
        written. After ``MAX_ATTEMPTS`` lost races the move is refused with
        GameBusyError (a game that busy is being flooded).

        ``read``: the game as the caller has just read it (saves reading it again; if another move was
        committed since, the compare-and-swap fails and the move is computed again on a new read).
        """
        for attempt in range(MAX_ATTEMPTS):
            record = read if attempt == 0 and read is not None and read.id == game_id else self.get(game_id)
            state, finished, result = apply(record)
            moment = time.time() if now is None else now
            finished_at = record.finished_at if record.finished_at is not None else (moment if finished else None)
            params = {
                "id": game_id,
                "version": record.version,
                "state": _dump(state),
                "now": moment,
                "finished_at": finished_at,
            }
            try:
                with self._errors("update a game in"), self._statement() as run:
                    written = run(_SWAP, params, again=False).rowcount
            except _ConnectionLost as lost:
                self._check_not_written(game_id, record.version, lost.backend)
                continue  # certainly not written: computed again on a new read, on a new connection
            if written == 1:
                updated = GameRecord(
                    record.id, record.kind, state, record.version + 1, record.created_at, moment, finished_at
                )
                return updated, result
        raise GameBusyError(f"game {game_id!r} is taking too many moves at once: try again")

    def delete(self, game_id: str) -> None:
        """Remove one game (a next round made for a link another request won)."""
        self._check_file()
        with self._errors("delete a game from"), self._transaction() as connection:
            connection.execute(self._text("DELETE FROM games WHERE id = :id"), {"id": game_id})

    def cleanup(self, keep_finished: float, keep_idle: float, now: float | None = None) -> int:
        """Delete games finished more than ``keep_finished`` seconds ago, or untouched for ``keep_idle``."""
        now = time.time() if now is None else now
        self._check_file()
        with self._errors("clean up"), self._transaction() as connection:
            result = connection.execute(
                self._text("DELETE FROM games WHERE finished_at < :finished OR updated_at < :idle"),
                {"finished": now - keep_finished, "idle": now - keep_idle},
            )
        return int(result.rowcount or 0)

    def close(self) -> None:
        self.engine.dispose()

    # -- plumbing -----------------------------------------------------------

    def _check_file(self) -> None:
        """GameStoreGoneError when the SQLite file is not the one opened (deleted or replaced): an open
        connection would go on writing to the deleted file, and every game since would be lost at the
        next start. One ``stat``, like the index's check; nothing on PostgreSQL."""
        if self._identity is not None and _file_identity(self.location.sqlite_path) != self._identity:
            raise GameStoreGoneError(
                "the game store's file was deleted or replaced while the server was running: "
                "restart the server to use the file now there"
            )

    @contextmanager
    def _statement(self) -> Iterator[Callable[..., Any]]:
        """``run(sql, params) -> cursor`` on a pooled connection in autocommit, each statement its own
        transaction (no BEGIN, COMMIT or ROLLBACK round trips): for one read, and for the compare-and-
        swap, one UPDATE that is atomic alone. Each statement is compiled by SQLAlchemy once
        (``_native``) and then run on the driver's cursor (bound parameters, ``:name`` in ``sql``): a
        move's two statements spent more in SQLAlchemy's per-statement work (isolation level set and
        reset, result objects) than in the database. A driver error drops the connection.

        No ping precedes a statement (it was one more round trip per statement: half a move's). A
        pooled connection the server has closed since is replaced when taken (``_postgres_checkout``);
        one that drops during a statement (PostgreSQL) is replaced and the statement run once more
        on the new one, unless ``run(..., again=False)``: a write whose fate is unknown is not sent
        twice, ``_ConnectionLost`` says so instead and its caller finds out (``_check_not_written``)."""
        held = _Held(self)
        try:
            yield held.run
        except self._driver_error:  # reading the rows: the connection is dropped too
            held.drop()
            raise
        finally:
            held.release()

    def _native(self, sql: str) -> tuple[str, tuple[str, ...] | None]:
        """``sql`` compiled by SQLAlchemy for this database's driver, once: its text in the driver's
        parameter style (``?`` for SQLite, ``%(name)s`` for psycopg) and, for a positional style, the
        parameters' names in order (None: the driver takes them by name)."""
        native = self._statements.get(sql)
        if native is None:
            compiled = self._text(sql).compile(dialect=self.engine.dialect)
            order = tuple(compiled.positiontup) if compiled.positiontup else None
            native = self._statements[sql] = (str(compiled), order)
        return native

    def _check_not_written(self, game_id: str, version: int, backend: int | None) -> None:
        """Return only if a compare-and-swap whose connection dropped was certainly not written (else
        DatabaseError): the game still has the version it was sent for, and the server process that
        ran it is gone, so it cannot commit it later. Both read on a new connection, in one query."""
        with self._errors("update a game in"), self._statement() as run:
            row = run(
                "SELECT (SELECT version FROM games WHERE id = :id), "
                "EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = :backend)",
                {"id": game_id, "backend": backend or 0},
            ).fetchone()
        if backend is None or row is None or row[0] != version or row[1]:
            raise DatabaseError(
                f"the connection to the game store at {self.location.display} dropped while a move was "
                "written, and whether it was applied is not known: read the game before playing it again"
            )

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        """A connection in a transaction (PostgreSQL's pooled connections are in autocommit otherwise)."""
        with self.engine.connect() as connection:
            if self.backend == "sqlite":
                connection = connection.execution_options(sqlite_begin="IMMEDIATE")
            else:
                connection = connection.execution_options(isolation_level=_IN_TRANSACTION)
            with connection.begin():
                yield connection

    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        from sqlalchemy.exc import SQLAlchemyError

        try:
            yield
        except (SQLAlchemyError, self._driver_error) as exc:
            raise DatabaseError(f"cannot {what} the game store at {self.location.display}: {first_line(exc)}") from None


_SELECT = "SELECT id, kind, state, version, created_at, updated_at, finished_at FROM games"
#: PostgreSQL's isolation level where a transaction is wanted (its default; the pool's is autocommit).
_IN_TRANSACTION = "READ COMMITTED"
#: The compare-and-swap of a move: written only while the row has the version the move was computed on.
_SWAP = (
    "UPDATE games SET state = :state, version = version + 1, updated_at = :now, "
    "finished_at = :finished_at WHERE id = :id AND version = :version"
)


class _ConnectionLost(Exception):
    """The connection dropped while a statement not to be sent twice was run (``run(..., again=False)``).

    ``backend``: the server process of that connection (PostgreSQL's pid), None if unknown.
    """

    def __init__(self, backend: int | None):
        super().__init__("the connection to the game store dropped during a statement")
        self.backend = backend


class _Held:
    """A pooled connection of ``GameStore._statement``, taken when its first statement runs and
    replaced when it drops during one (PostgreSQL)."""

    def __init__(self, store: GameStore):
        self.store = store
        self.postgres = store.backend == "postgresql"
        self.pooled: Any = None
        self.cursor: Any = None
        self.backend: int | None = None

    def run(self, sql: str, params: dict[str, Any], *, again: bool = True) -> Any:
        """The cursor, ``sql`` run on it; on a dropped connection run once more on a new one if ``again``."""
        native, order = self.store._native(sql)
        values = params if order is None else tuple(params[name] for name in order)
        if self.pooled is None:
            self._take()
        try:
            self.cursor.execute(native, values)
        except self.store._driver_error as exc:
            error: Any = exc
            lost = self.postgres and self.store.engine.dialect.is_disconnect(error, self.pooled.dbapi_connection, None)
            backend = self.backend
            self.drop()
            if not lost:
                raise
            if not again:
                raise _ConnectionLost(backend) from exc
            self._take()
            try:
                self.cursor.execute(native, values)
            except self.store._driver_error:
                self.drop()
                raise
        return self.cursor

    def _take(self) -> None:
        pooled = self.store.engine.raw_connection()  # in autocommit (the engine's, and _sqlite_connect)
        try:
            if self.postgres:
                driver: Any = pooled.driver_connection
                self.backend = driver.pgconn.backend_pid  # read now: a dropped connection no longer has it
            self.cursor = pooled.cursor()
        except BaseException:
            pooled.close()
            raise
        self.pooled = pooled

    def drop(self) -> None:
        """After a driver error: the connection is closed, never pooled again."""
        pooled, self.pooled, self.cursor = self.pooled, None, None
        if pooled is not None:
            pooled.invalidate()
            pooled.close()

    def release(self) -> None:
        """Back to the pool."""
        pooled, self.pooled, self.cursor = self.pooled, None, None
        if pooled is not None:
            pooled.close()


def _in(sql: str, ids: list[str]) -> tuple[str, dict[str, Any]]:
    """``sql`` followed by ``(:id0, :id1, ...)``, one bound parameter per id, and the parameters."""
    names = [f"id{n}" for n in range(len(ids))]
    return f"{sql} ({', '.join(':' + n for n in names)})", dict(zip(names, ids, strict=True))


def _batches(game_ids: Collection[str]) -> Iterator[list[str]]:
    ids = list(game_ids)
    for start in range(0, len(ids), BATCH):
        yield ids[start : start + BATCH]


def game_not_found(game_id: str) -> GameNotFoundError:
    """The error for a game id the store does not hold."""
    return GameNotFoundError(f"no game {game_id!r} (games are kept for a while after they end, then removed)")


def _record(game_id: str, row: Any) -> GameRecord:
    if row is None:
        raise game_not_found(game_id)
    return GameRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], row[5], row[6])


def _file_identity(path: Path | None) -> tuple[int, int] | None:
    """The file's device and inode (not its modification time: every move changes that); None when gone."""
    try:
        info = os.stat(path) if path is not None else None
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if info is not None else None


def _dump(state: dict[str, Any]) -> str:
    text = json.dumps(state, separators=(",", ":"), ensure_ascii=False)
    if len(text) > MAX_STATE_BYTES // 4 and len(text.encode()) > MAX_STATE_BYTES:
        raise GameTooLargeError(f"a game is at most {MAX_STATE_BYTES:,} bytes stored; this move would pass that")
    return text


def _postgres_checkin(_dbapi_connection: Any, record: Any) -> None:
    """Note when the connection went back to the pool (``_postgres_checkout`` reads it)."""
    if record is not None:
        record.info["returned"] = time.monotonic()


def _postgres_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
    """Replace a pooled connection the server closed while it rested in the pool (a restart, an
    idle timeout, an administrator): its socket has something to read, the server's last message
    or the end of the stream, where an idle connection has nothing. One ``poll`` with no wait,
    where the pool's pre-ping was a round trip to the server on every checkout, and only for a
    connection that rested ``RESTED_SECONDS`` or more: a ``poll`` lets go of the interpreter lock,
    and under load (connections lent again within milliseconds) waiting to take it back costs
    more than the ``poll``. One ended while in use meanwhile fails its statement, which is
    recovered (``GameStore._statement``). The pool opens a new one."""
    returned = record.info.get("returned")
    if returned is not None and time.monotonic() - returned < RESTED_SECONDS:
        return
    from sqlalchemy.exc import DisconnectionError

    try:
        fd = dbapi_connection.pgconn.socket
    except Exception:  # closed: the driver no longer has a socket
        raise DisconnectionError("the connection is closed") from None
    if _readable(fd):
        raise DisconnectionError("the server closed the connection while it was idle in the pool")


def _readable(fd: int) -> bool:
    """Whether the socket has something to read now (no wait); ``poll`` where there is one, as
    ``select`` refuses a descriptor past 1023 (a server with many connections open has such)."""
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLPRI)
        return bool(poller.poll(0))
    return bool(select.select([fd], [], [], 0)[0])


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite's own is deferred-only).
    dbapi_connection.isolation_level = None
    dbapi_connection.execute("PRAGMA journal_mode = WAL")
    dbapi_connection.execute("PRAGMA synchronous = NORMAL")
    dbapi_connection.execute("PRAGMA busy_timeout = 30000")


def _sqlite_begin(connection: Any) -> None:
    options = connection.get_execution_options()
    if options.get("isolation_level") == "AUTOCOMMIT":
        return  # one statement, its own transaction (GameStore._statement)
    mode = options.get("sqlite_begin", "")
    connection.exec_driver_sql(f"BEGIN {mode}".strip())
