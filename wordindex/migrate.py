"""Schema migrations: an alembic Config built in code for a URL chosen at run time.

The migration scripts travel inside the installed package
(``wordindex.migrations``), so this works from a wheel and from any
directory. alembic is imported only here, and only when a command needs it.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from .errors import DatabaseError, NoIndexError, UsageError
from .index import BUILD_HINT, first_line, server_connect_args
from .location import Location, parse_location
from .revisions import PG_SCHEMA, REVISIONS


def alembic_config(connection=None):
    """An alembic Config pointing at the packaged migrations, bound to ``connection``."""
    from alembic.config import Config

    from . import migrations_path

    config = Config()
    config.set_main_option("script_location", str(migrations_path()))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The head revision according to the migration scripts themselves."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def upgrade_connection(connection, revision: str = "head") -> None:
    """Run migrations up to ``revision`` on an open SQLAlchemy connection."""
    from alembic import command

    command.upgrade(alembic_config(connection), revision)


@contextmanager
def _existing_index_connection(db: str | Path | Location):
    """A SQLAlchemy connection to an existing index, committed on success."""
    from sqlalchemy import create_engine, inspect

    location = db if isinstance(db, Location) else parse_location(db)
    if location.sqlite_path is not None and not location.sqlite_path.exists():
        raise NoIndexError(f"no word index at {location.display}: {BUILD_HINT}")
    try:
        engine = create_engine(location.url, connect_args=server_connect_args(location, PG_SCHEMA))
        connection = engine.connect()
    except Exception as exc:
        raise DatabaseError(f"cannot connect to {location.display}: {first_line(exc)}") from None
    try:
        if location.backend == "postgresql" and PG_SCHEMA not in inspect(connection).get_schema_names():
            raise NoIndexError(f"no word index in {location.display}: {BUILD_HINT}")
        yield connection
        connection.commit()
    finally:
        connection.close()
        engine.dispose()


def current_revision(db: str | Path | Location) -> str | None:
    """The revision stamped in the index (None for an unstamped database)."""
    from alembic.runtime.migration import MigrationContext

    with _existing_index_connection(db) as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _check_target(revision: str, allowed: tuple[str, ...]) -> None:
    if revision not in allowed:
        raise UsageError(f"unknown schema revision {revision!r}; known: {', '.join(allowed)}")


def upgrade_index(db: str | Path | Location, revision: str = "head") -> tuple[str | None, str | None]:
    """Bring an existing index up to ``revision``; returns (before, after)."""
    _check_target(revision, ("head", *REVISIONS))
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    with _existing_index_connection(db) as connection:
        before = MigrationContext.configure(connection).get_current_revision()
        if before is not None and before not in REVISIONS:
            from .errors import SchemaTooNewError

            raise SchemaTooNewError(
                f"the index has schema {before}, newer than this wordindex knows; upgrade wordindex"
            )
        command.upgrade(alembic_config(connection), revision)
        after = MigrationContext.configure(connection).get_current_revision()
    return before, after


def downgrade_index(db: str | Path | Location, revision: str) -> tuple[str | None, str | None]:
    """Take an existing index down to ``revision`` (``base`` empties it)."""
    _check_target(revision, ("base", *REVISIONS))
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    with _existing_index_connection(db) as connection:
        before = MigrationContext.configure(connection).get_current_revision()
        command.downgrade(alembic_config(connection), revision)
        after = MigrationContext.configure(connection).get_current_revision()
    return before, after
