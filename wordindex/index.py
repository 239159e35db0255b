"""Open an index for reading and run SQL text on it.

Every query in wordindex is written once as SQL text with ``:named``
parameters. For SQLite files they run on the standard library's ``sqlite3``
(opened read-only), so a query command never pays SQLAlchemy's import time;
for PostgreSQL they run through SQLAlchemy. Opening checks the schema
revision, so a missing, foreign, older or newer index fails early with a
named error.
"""

from __future__ import annotations

import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import quote

from .errors import (
    DatabaseError,
    NoIndexError,
    NotAnIndexError,
    SchemaTooNewError,
    SchemaTooOldError,
)
from .location import Location, parse_location
from .revisions import HEAD, PG_SCHEMA, REVISIONS

BUILD_HINT = "create one with `wordindex build PATH` (for example `wordindex build data/dictionary.txt`)"


def expand_in(sql: str, name: str, values: Sequence) -> tuple[str, dict]:
    """Expand ``:name`` into ``:name_0, :name_1, ...`` for an ``IN (...)`` list.

    The placeholders are generated here; the values stay bound parameters.
    An empty list becomes ``NULL`` so ``x IN (NULL)`` matches nothing.
    """
    if not values:
        return re.sub(rf":{name}\b", "NULL", sql), {}
    keys = [f"{name}_{i}" for i in range(len(values))]
    placeholders = ", ".join(f":{k}" for k in keys)
    return re.sub(rf":{name}\b", placeholders, sql), dict(zip(keys, values))


class Index(ABC):
    """A read connection to one index. Use ``open_index`` to get one."""

    def __init__(self, location: Location, backend: str):
        self.location = location
        self.backend = backend
        self.revision: str | None = None

    @abstractmethod
    def rows(self, sql: str, params: Mapping | None = None) -> list[tuple]:
        """Run one query with bound parameters and return all its rows."""

    @abstractmethod
    def table_names(self) -> set[str]:
        """The tables of the index's namespace (SQLite file or PostgreSQL schema)."""

    def scalar(self, sql: str, params: Mapping | None = None):
        rows = self.rows(sql, params)
        return rows[0][0] if rows else None

    def close(self) -> None:
        """Release the connection."""

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class SQLiteIndex(Index):
    """An index in a SQLite file, opened read-only with the stdlib driver."""

    def __init__(self, location: Location):
        super().__init__(location, "sqlite")
        path = location.sqlite_path
        if not path.exists():
            raise NoIndexError(f"no word index at {location.display}: {BUILD_HINT}")
        if path.is_dir():
            raise NotAnIndexError(f"{location.display} is a directory, not a wordindex index")
        try:
            self.connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise DatabaseError(f"cannot open {location.display}: {exc}") from None

    def rows(self, sql: str, params: Mapping | None = None) -> list[tuple]:
        try:
            return self.connection.execute(sql, params or {}).fetchall()
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc):
                raise NotAnIndexError(
                    f"{self.location.display} is not a SQLite database, so not a wordindex index"
                ) from None
            raise DatabaseError(f"query failed on {self.location.display}: {exc}") from None

    def table_names(self) -> set[str]:
        return {r[0] for r in self.rows("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def close(self) -> None:
        self.connection.close()


class ServerIndex(Index):
    """An index on a database server (PostgreSQL), reached through SQLAlchemy."""

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
            raise DatabaseError(f"cannot connect to {location.display}: {first_line(exc)}") from None

    def rows(self, sql: str, params: Mapping | None = None) -> list[tuple]:
        try:
            return [tuple(r) for r in self.connection.execute(self._text(sql), dict(params or {}))]
        except self._error as exc:
            raise DatabaseError(f"query failed on {self.location.display}: {first_line(exc)}") from None

    def table_names(self) -> set[str]:
        return {
            r[0]
            for r in self.rows(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = :schema",
                {"schema": PG_SCHEMA},
            )
        }

    def close(self) -> None:
        self.connection.close()
        self.engine.dispose()


def server_connect_args(location: Location, schema: str) -> dict:
    """Driver arguments that put ``schema`` first on PostgreSQL's search path."""
    if location.backend == "postgresql":
        return {"options": f"-csearch_path={schema}"}
    return {}


def first_line(exc: BaseException) -> str:
    """The first meaningful line of a driver error (they run to many lines)."""
    text = str(getattr(exc, "orig", None) or exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_index(db: str | Path | Location, *, check_schema: bool = True) -> Index:
    """Open the index at ``db`` (URL, path or Location) for reading.

    Raises NoIndexError, NotAnIndexError, SchemaTooOldError or
    SchemaTooNewError when the database is not a current wordindex index.
    """
    location = db if isinstance(db, Location) else parse_location(db)
    index: Index = SQLiteIndex(location) if location.backend == "sqlite" else ServerIndex(location)
    try:
        index.revision = read_revision(index)
        if check_schema:
            check_revision(index)
    except BaseException:
        index.close()
        raise
    return index


def read_revision(index: Index) -> str:
    """The index's alembic revision; NoIndexError / NotAnIndexError when there is none."""
    tables = index.table_names()
    if not tables:
        raise NoIndexError(f"no word index in {index.location.display}: {BUILD_HINT}")
    if "alembic_version" not in tables or "words" not in tables:
        raise NotAnIndexError(f"{index.location.display} is not a wordindex index (it has other tables)")
    revision = index.scalar("SELECT version_num FROM alembic_version")
    if revision is None:
        raise NotAnIndexError(f"{index.location.display} has no schema revision, so it is not a usable wordindex index")
    return revision


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
