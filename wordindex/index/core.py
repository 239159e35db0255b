"""Open an index for reading and run SQL text on it.

Every query in wordindex is written once as SQL text with ``:named``
parameters. For SQLite files they run on the standard library's ``sqlite3``
(opened read-only), so a query command never pays SQLAlchemy's import time;
for PostgreSQL they run through SQLAlchemy. Opening checks the schema
revision, so a missing, foreign, older or newer index fails early with a
named error.
"""

from __future__ import annotations

import copy
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from wordindex.errors import DatabaseError, NoIndexError, NotAnIndexError, SchemaTooNewError, SchemaTooOldError
from wordindex.index.location import Location, parse_location
from wordindex.index.revisions import HEAD, HEAD_COLUMNS, PG_SCHEMA, REVISIONS
from wordindex.index.sql_text import IN_LIST_CHUNK as IN_LIST_CHUNK  # the IN lists' pieces, kept importable from here
from wordindex.index.sql_text import chunks as chunks
from wordindex.index.sql_text import in_list as in_list
from wordindex.index.sqlite_file import FileKind, path_error, stat_kind
from wordindex.words.source import SqlWords, WordsSource

if TYPE_CHECKING:
    from wordindex.languages import Language
    from wordindex.languages.alphabet import Alphabet

#: Bound parameters of one query, by name.
Params = Mapping[str, object] | None

BUILD_HINT = "create one with `wordindex build PATH` (for example `wordindex build data/dictionary.txt`)"

#: Seconds to wait for a database server to answer a connection, unless the URL sets
#: ``connect_timeout`` itself (``postgresql://host/db?connect_timeout=30``).
DEFAULT_CONNECT_TIMEOUT = 5

#: The PostgreSQL channel a build notifies (``NOTIFY``) as it swaps a new index in, with the new
#: generation as the payload: a server's ``GenerationWatch`` listens on it.
REBUILT_CHANNEL = "wordindex_rebuilt"
#: A PostgreSQL index's generation: the OID of the ``index_info`` table the search path finds now.
GENERATION_SQL = "SELECT CAST(CAST(CAST('index_info' AS regclass) AS oid) AS bigint)"

T = TypeVar("T")


class WouldWait(Exception):
    """An index that may not wait on its server (``may_wait`` False, an event loop's) was asked
    something only the server can answer: ask again where waiting is allowed."""


class Index(ABC):
    """A read connection to one index. Use ``open_index`` to get one."""

    def __init__(self, location: Location, backend: str):
        self.location = location
        self.backend = backend
        self.revision: str | None = None
        self._language: Language | None = None
        self._remembered: dict[str, tuple[Hashable, Any]] = {}
        #: Where the questions about the words are answered (``wordindex.words.source``): SQL unless
        #: the index was opened with another source (a server worker's held words).
        self.words: WordsSource = SqlWords(self)

    def with_words(self, words: Callable[[Index], WordsSource]) -> Index:
        """This connection seen with another words source (``words(view)``): a view sharing the
        connection, for one answer (the event loop's held words only, ``wordindex.index.held.HeldOnly``),
        so the index others use is never changed. Close the index, never the view."""
        view = copy.copy(self)
        view.words = words(view)
        return view

    def remembered(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, kept until the index is rebuilt (its ``generation`` changes).

        For facts a whole-table scan finds (``info``'s words per length and level): a server is
        asked them again and again, and they change only with the index.
        """
        generation = self.generation()
        held = self._remembered.get(key)
        if held is None or held[0] != generation:
            held = (generation, compute())
            self._remembered[key] = held
        value: T = held[1]
        return value

    @property
    def language(self) -> Language:
        """The language the index was built in (``index_info.language``), read once.

        Every game asks it for its alphabet rather than assuming a-z.
        """
        if self._language is None:
            from wordindex.languages import language

            self._language = language(self.scalar("SELECT language FROM index_info WHERE id = 1"))
        return self._language

    @property
    def alphabet(self) -> Alphabet:
        """The letters of the index's language."""
        return self.language.alphabet

    #: Appended to ``ORDER BY word``: sort by code point on every backend (PostgreSQL's default
    #: collation would sort ``é`` beside ``e``; SQLite compares bytes already).
    binary_collation = ""

    @abstractmethod
    def rows(self, sql: str, params: Params = None) -> list[tuple[Any, ...]]:
        """Run one query with bound parameters and return all its rows."""

    @abstractmethod
    def table_columns(self) -> dict[str, set[str]]:
        """Every table of the index's namespace with its columns, in one catalog query."""

    def table_names(self) -> set[str]:
        """The tables of the index's namespace (SQLite file or PostgreSQL schema)."""
        return set(self.table_columns())

    def scalar(self, sql: str, params: Params = None) -> Any:
        rows = self.rows(sql, params)
        return rows[0][0] if rows else None

    def ping(self) -> None:
        """A named error unless the index answers a query now (a server's readiness check)."""
        self.scalar("SELECT COUNT(*) FROM index_info")

    @abstractmethod
    def generation(self) -> Hashable:
        """What changes when the index is rebuilt under this connection (caches compare it).

        SQLite: the identity of the file opened (a rebuild renames a new file over it).
        PostgreSQL: the identity of the tables (a rebuild swaps a new schema in): a query, unless
        a ``GenerationWatch`` knows it (``ServerIndex.watch``).
        """

    def close(self) -> None:
        """Release the connection."""

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SQLiteIndex(Index):
    """An index in a SQLite file, opened read-only with the stdlib driver."""

    def __init__(self, location: Location):
        super().__init__(location, "sqlite")
        path = location.sqlite_path
        assert path is not None
        kind, _ = stat_kind(path, location.display)
        if kind is FileKind.MISSING:
            raise NoIndexError(f"no word index at {location.display}: {BUILD_HINT}")
        if kind is FileKind.DIRECTORY:
            raise NotAnIndexError(f"{location.display} is a directory, not a wordindex index")
        if kind is FileKind.SPECIAL:
            raise NotAnIndexError(
                f"{location.display} is not a regular file (a FIFO, device or socket), so not an index"
            )
        self.identity = file_identity(path)
        try:
            self.connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        except OSError as exc:
            raise path_error(location.display, exc) from None
        except sqlite3.Error as exc:
            raise DatabaseError(f"cannot open {location.display}: {exc}") from None

    def rows(self, sql: str, params: Params = None) -> list[tuple[Any, ...]]:
        try:
            return self.connection.execute(sql, params or {}).fetchall()
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc):
                raise NotAnIndexError(
                    f"{self.location.display} is not a SQLite database, so not a wordindex index"
                ) from None
            raise DatabaseError(f"query failed on {self.location.display}: {exc}") from None

    def table_columns(self) -> dict[str, set[str]]:
        columns: dict[str, set[str]] = {}
        for table, column in self.rows(
            "SELECT m.name, p.name FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p WHERE m.type = 'table'"
        ):
            columns.setdefault(table, set()).add(column)
        return columns

    def generation(self) -> Hashable:
        return self.identity

    def close(self) -> None:
        self.connection.close()


def file_identity(path: Path) -> tuple[int, int, int] | None:
    """A file's identity (inode, modification time, size), None when it is gone: one ``stat``.

    Taken before the file is opened, so a rebuild that renames a new file over
    it between the two is seen as a change by the next comparison.
    """
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


class ServerIndex(Index):
    """An index on a database server (PostgreSQL), reached through SQLAlchemy."""

    binary_collation = 'COLLATE "C"'

    def __init__(self, location: Location):
        super().__init__(location, location.backend)
        from sqlalchemy import create_engine, text
        from sqlalchemy.exc import SQLAlchemyError

        self._text = text
        self._error = SQLAlchemyError
        try:
            # Autocommit: a long-lived reader (a game) holds no locks between
            # queries, so a rebuild's schema swap never waits on it.
            self.engine = create_engine(
                location.url,
                connect_args=server_connect_args(location, PG_SCHEMA),
                isolation_level="AUTOCOMMIT",
            )
            self.connection = self.engine.connect()
        except Exception as exc:  # driver errors vary; all mean "cannot reach it"
            raise connect_error(location, exc) from None
        #: Where the generation is known without a query (a ``GenerationWatch``'s ``known``), if anywhere.
        self.watch: Callable[[], Hashable | None] | None = None
        #: False: ``rows`` and an unknown ``generation`` raise ``WouldWait`` instead of asking the server
        #: (an index an event loop answers from, which must never wait on a query).
        self.may_wait = True

    def rows(self, sql: str, params: Params = None) -> list[tuple[Any, ...]]:
        """The query's rows; run once more on a new connection when the server dropped this one (a
        restart, an administrator ending it): a read, so running it again is harmless, and a server's
        long-lived reader would otherwise fail one request first."""
        if not self.may_wait:
            raise WouldWait(sql)
        try:
            try:
                return self._rows(sql, params)
            except self._error as exc:
                if not getattr(exc, "connection_invalidated", False):
                    raise
                self.connection.rollback()  # SQLAlchemy reconnects only after that
                return self._rows(sql, params)
        except self._error as exc:
            raise DatabaseError(f"query failed on {self.location.display}: {first_line(exc)}") from None

    def _rows(self, sql: str, params: Params) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self.connection.execute(self._text(sql), dict(params or {}))]

    def table_columns(self) -> dict[str, set[str]]:
        columns: dict[str, set[str]] = {}
        for table, column in self.rows(
            "SELECT c.relname, a.attname FROM pg_catalog.pg_attribute AS a "
            "JOIN pg_catalog.pg_class AS c ON c.oid = a.attrelid "
            "JOIN pg_catalog.pg_namespace AS n ON n.oid = c.relnamespace "
            "WHERE n.nspname = :schema AND c.relkind IN ('r', 'p', 'v', 'm', 'f') "
            "AND a.attnum > 0 AND NOT a.attisdropped",
            {"schema": PG_SCHEMA},
        ):
            columns.setdefault(table, set()).add(column)
        return columns

    def generation(self) -> Hashable:
        """The OID of the ``index_info`` table the search path finds now.

        A rebuild fills a new schema and swaps it in, so the table is a new one.
        The build time alone is not enough: it counts whole seconds, and two
        builds can finish within one. Read from the ``watch`` when it knows it
        (no round trip), else by a query.
        """
        known = self.watch() if self.watch is not None else None
        if known is not None:
            return known
        return int(self.scalar(GENERATION_SQL))

    def close(self) -> None:
        self.connection.close()
        self.engine.dispose()


def server_connect_args(location: Location, schema: str | None = None) -> dict[str, object]:
    """Driver arguments: ``schema`` first on PostgreSQL's search path, and a connect timeout.

    A server that accepts the connection and never answers would otherwise
    hang every command: the wait is ``DEFAULT_CONNECT_TIMEOUT`` seconds unless
    the URL names its own ``connect_timeout``.
    """
    if location.backend != "postgresql":
        return {}
    from sqlalchemy.engine import make_url

    args: dict[str, object] = {}
    if schema is not None:
        args["options"] = f"-csearch_path={schema}"
    if "connect_timeout" not in make_url(location.url).query:
        args["connect_timeout"] = DEFAULT_CONNECT_TIMEOUT
    return args


def connect_error(location: Location, exc: BaseException) -> DatabaseError:
    """One line for a failed connection that names the server (and the timeout, if that was it)."""
    reason = first_line(exc)
    if "timeout" in reason.lower():
        from sqlalchemy.engine import make_url

        waited = make_url(location.url).query.get("connect_timeout", DEFAULT_CONNECT_TIMEOUT)
        return DatabaseError(
            f"the database server of {location.display} did not answer within {waited} s "
            "(set connect_timeout=SECONDS in the URL to wait longer)"
        )
    return DatabaseError(f"cannot connect to {location.display}: {reason}")


def first_line(exc: BaseException) -> str:
    """The first meaningful line of a driver error (they run to many lines)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_index(
    db: str | Path | Location, *, check_schema: bool = True, words: Callable[[Index], WordsSource] | None = None
) -> Index:
    """Open the index at ``db`` (URL, path or Location) for reading; its words source is
    ``words(index)`` (a server worker's held words, ``wordindex.words.held_source.holding``), else SQL.

    Raises NoIndexError, NotAnIndexError, SchemaTooOldError or
    SchemaTooNewError when the database is not a current wordindex index.
    """
    location = db if isinstance(db, Location) else parse_location(db)
    index: Index = SQLiteIndex(location) if location.backend == "sqlite" else ServerIndex(location)
    try:
        columns = index.table_columns()
        index.revision = read_revision(index, columns)
        if check_schema:
            check_revision(index)
            check_complete(index, columns)
    except BaseException:
        index.close()
        raise
    if words is not None:
        index.words = words(index)
    return index


def read_revision(index: Index, columns: dict[str, set[str]] | None = None) -> str:
    """The index's alembic revision; NoIndexError / NotAnIndexError when there is none."""
    tables = set(columns if columns is not None else index.table_columns())
    if not tables:
        raise NoIndexError(f"no word index in {index.location.display}: {BUILD_HINT}")
    if "alembic_version" not in tables or "words" not in tables:
        raise NotAnIndexError(f"{index.location.display} is not a wordindex index (it has other tables)")
    revision = index.scalar("SELECT version_num FROM alembic_version")
    if revision is None:
        raise NotAnIndexError(f"{index.location.display} has no schema revision, so it is not a usable wordindex index")
    return str(revision)


def check_complete(index: Index, columns: dict[str, set[str]]) -> None:
    """Refuse an index at the current revision that lacks a table or column it needs.

    Checked once on open from the catalog query that ``open_index`` already
    made, so a damaged index (a table dropped by hand) fails at once with one
    line instead of later, in whichever command first needs the missing part.
    """
    missing = []
    for table, needed in HEAD_COLUMNS.items():
        if table not in columns:
            missing.append(f"table {table}")
        else:
            missing.extend(f"column {table}.{name}" for name in sorted(needed - columns[table]))
    if missing:
        shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
        raise NotAnIndexError(
            f"the index at {index.location.display} is incomplete ({shown} missing); "
            "rebuild it with `wordindex build PATH`"
        )


def check_revision(index: Index) -> None:
    """Refuse indexes from another schema revision, saying what to do."""
    revision = index.revision
    if revision == HEAD:
        return
    if revision in REVISIONS:
        raise SchemaTooOldError(
            f"the index at {index.location.display} has an older schema ({revision}); "
            f"run `wordindex db upgrade` to bring it to {HEAD}"
        )
    raise SchemaTooNewError(
        f"the index at {index.location.display} has schema {revision}, newer than this wordindex "
        f"knows ({HEAD}); upgrade wordindex, or rebuild the index with this version"
    )
