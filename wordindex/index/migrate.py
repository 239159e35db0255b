"""Schema migrations: an alembic Config built in code for a URL chosen at run time.

The migration scripts travel inside the installed package
(``wordindex.migrations``), so this works from a wheel and from any
directory. alembic is imported only here, and only when a command needs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from wordindex.errors import DatabaseError, NoIndexError, NotAnIndexError, SchemaTooNewError, UsageError
from wordindex.index.core import BUILD_HINT, connect_error, first_line, server_connect_args
from wordindex.index.location import Location, parse_location
from wordindex.index.revisions import PG_SCHEMA, REVISIONS
from wordindex.index.sqlite_file import MARKER_TABLES, FileKind, file_kind


def alembic_config(connection: Any = None) -> Any:
    """An alembic Config pointing at the packaged migrations, bound to ``connection``."""
    from alembic.config import Config

    from wordindex import migrations_path

    config = Config()
    config.set_main_option("script_location", str(migrations_path()))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _check_is_index(location: Location) -> None:
    """Refuse, in one line, anything at a SQLite path that is not a wordindex index."""
    assert location.sqlite_path is not None
    kind = file_kind(location.sqlite_path, location.display)
    if kind in (FileKind.MISSING, FileKind.EMPTY):
        raise NoIndexError(f"no word index at {location.display}: {BUILD_HINT}")
    if kind is FileKind.INDEX:
        return
    what = {
        FileKind.DIRECTORY: "a directory",
        FileKind.SPECIAL: "not a regular file (a FIFO, device or socket)",
        FileKind.OTHER_FILE: "not a SQLite database (or a damaged one)",
        FileKind.OTHER_DATABASE: "another program's SQLite database",
    }[kind]
    raise NotAnIndexError(f"{location.display} is {what}, not a wordindex index; `wordindex db` only migrates an index")


def _check_server_index(connection: Any, location: Location) -> None:
    """Refuse a database whose ``wordindex`` schema is missing or holds no index."""
    from sqlalchemy import inspect

    inspector = inspect(connection)
    if PG_SCHEMA not in inspector.get_schema_names():
        raise NoIndexError(f"no word index in {location.display}: {BUILD_HINT}")
    tables = set(inspector.get_table_names(schema=PG_SCHEMA))
    if not tables:
        raise NoIndexError(f"no word index in {location.display}: {BUILD_HINT}")
    if not MARKER_TABLES <= tables:
        raise NotAnIndexError(
            f"schema {PG_SCHEMA} in {location.display} is not a wordindex index (it has other tables); "
            "`wordindex db` only migrates an index"
        )


@contextmanager
def _existing_index_connection(db: str | Path | Location) -> Iterator[Any]:
    """A SQLAlchemy connection to an existing index, committed on success.

    Whatever goes wrong (a file that is not an index, a damaged file, a
    driver or alembic error) comes out as one named error, never a traceback.
    """
    from alembic.util.exc import CommandError
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    location = db if isinstance(db, Location) else parse_location(db)
    if location.sqlite_path is not None:
        _check_is_index(location)
    try:
        engine = create_engine(location.url, connect_args=server_connect_args(location, PG_SCHEMA))
        connection = engine.connect()
    except Exception as exc:
        raise connect_error(location, exc) from None
    try:
        if location.backend == "postgresql":
            _check_server_index(connection, location)
        yield connection
        connection.commit()
    except (SQLAlchemyError, CommandError) as exc:
        raise DatabaseError(f"migrating {location.display} failed: {first_line(exc)}") from None
    finally:
        connection.close()
        engine.dispose()


def _stamped_revision(connection: Any, location: Location) -> str:
    """The revision in ``alembic_version``; NotAnIndexError when the table is empty."""
    from alembic.runtime.migration import MigrationContext

    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None:
        raise NotAnIndexError(
            f"the index at {location.display} has no schema revision (its alembic_version table is empty); "
            "rebuild it with `wordindex build PATH`"
        )
    return str(revision)


def _check_known(revision: str, location: Location) -> None:
    if revision not in REVISIONS:
        raise SchemaTooNewError(
            f"the index at {location.display} has schema {revision}, newer than this wordindex knows "
            f"({REVISIONS[-1]}); upgrade wordindex"
        )


def _location(db: str | Path | Location) -> Location:
    return db if isinstance(db, Location) else parse_location(db)


def current_revision(db: str | Path | Location) -> str | None:
    """The revision stamped in the index (NotAnIndexError when none is)."""
    location = _location(db)
    with _existing_index_connection(location) as connection:
        return _stamped_revision(connection, location)


def _check_target(revision: str, allowed: tuple[str, ...]) -> None:
    if revision not in allowed:
        raise UsageError(f"unknown schema revision {revision!r}; known: {', '.join(allowed)}")


def upgrade_index(db: str | Path | Location, revision: str = "head") -> tuple[str | None, str | None]:
    """Bring an existing index up to ``revision``; returns (before, after)."""
    _check_target(revision, ("head", *REVISIONS))
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    location = _location(db)
    with _existing_index_connection(location) as connection:
        before = _stamped_revision(connection, location)
        _check_known(before, location)
        command.upgrade(alembic_config(connection), revision)
        after = MigrationContext.configure(connection).get_current_revision()
    return before, after


def downgrade_index(db: str | Path | Location, revision: str) -> tuple[str | None, str | None]:
    """Take an existing index down to ``revision`` (``base`` empties it)."""
    _check_target(revision, ("base", *REVISIONS))
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    location = _location(db)
    with _existing_index_connection(location) as connection:
        before = _stamped_revision(connection, location)
        _check_known(before, location)
        if revision != "base" and REVISIONS.index(revision) > REVISIONS.index(before):
            raise UsageError(f"cannot downgrade from {before} to the newer {revision}; use `wordindex db upgrade`")
        command.downgrade(alembic_config(connection), revision)
        after = MigrationContext.configure(connection).get_current_revision()
    return before, after
