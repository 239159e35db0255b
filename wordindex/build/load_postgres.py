"""Bulk-load a PostgreSQL index with COPY into a staging schema, then swap schemas.

The live index is the ``wordindex`` schema. A build fills
``wordindex_build`` in one transaction (migrations, COPY, indexes, ANALYZE),
then one short transaction renames ``wordindex`` away and
``wordindex_build`` into its place. Readers keep using the old tables until
that commit; a killed build rolls back and leaves the live schema untouched.
The swap's transaction also sends ``NOTIFY`` on ``REBUILT_CHANNEL`` (payload:
the new generation), delivered as it commits: a server keeping the index's
generation in memory (``generation_watch``) reads it again.

The build drops schemas (the staging one, the previous live one), so it
first proves each is its own: created by a build (a ``COMMENT ON SCHEMA``
marker) or holding an index of an older wordindex (its ``alembic_version``
and ``index_info``), and holding nothing but wordindex's tables. A schema
that fails the proof is never dropped: the build stops with one line.
Builds of one database take turns through a session advisory lock: a second
build is refused while one runs.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from wordindex.build.load_common import BATCH
from wordindex.build.plan import BuildPlan, Progress
from wordindex.build.rows import word_rows
from wordindex.errors import BuildBusyError, DatabaseError, RefusedError
from wordindex.index import head_schema
from wordindex.index.core import REBUILT_CHANNEL, connect_error, first_line, server_connect_args
from wordindex.index.location import Location
from wordindex.index.revisions import HEAD_COLUMNS, PG_BUILD_SCHEMA, PG_OLD_SCHEMA, PG_SCHEMA

#: The comment every schema created by a build carries (constant text, never user input).
SCHEMA_MARKER = "wordindex index: created by `wordindex build`, which may drop and replace this schema"
#: Key of the session advisory lock builds take (the bytes of "wordindx").
BUILD_LOCK_KEY = 0x776F7264696E6478
#: Tables an index of an older wordindex always holds (a schema holding them is ours even unmarked).
LEGACY_MARKER_TABLES = frozenset({"alembic_version", "index_info"})


def _known_tables() -> frozenset[str]:
    return frozenset(HEAD_COLUMNS)


def prove_own_schema(connection: Any, schema: str, display: str) -> bool:
    """True when ``schema`` exists and is provably the build's own; False when it does not exist.

    Raises RefusedError when it exists and is not provably ours.
    """
    from sqlalchemy import text

    row = connection.execute(
        text("SELECT oid, obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = :schema"),
        {"schema": schema},
    ).first()
    if row is None:
        return False
    oid, comment = row
    relations = {
        name
        for (name,) in connection.execute(
            text("SELECT relname FROM pg_class WHERE relnamespace = :oid AND relkind NOT IN ('i', 'I')"),
            {"oid": oid},
        )
    }
    functions = connection.execute(
        text("SELECT count(*) FROM pg_proc WHERE pronamespace = :oid"), {"oid": oid}
    ).scalar()
    foreign = sorted(relations - _known_tables())
    marked = comment == SCHEMA_MARKER or LEGACY_MARKER_TABLES <= relations
    if marked and not foreign and not functions:
        return True
    if foreign or functions:
        held = ", ".join(foreign[:5]) + (" ..." if len(foreign) > 5 else "")
        what = f"it holds {held}" if foreign else f"it holds {functions} function(s)"
        reason = f"{what}, which are not wordindex's"
    else:
        reason = "it was not created by `wordindex build`"
    raise RefusedError(
        f"schema {schema} in {display} is not a wordindex index ({reason}); the build never drops it: "
        "rename or drop that schema yourself, or build into another database"
    )


def _copy(
    cursor: Any,
    table: str,
    columns: Sequence[str],
    rows: Iterable[tuple[Any, ...]],
    progress: Progress,
    stage: str,
    total: int,
) -> None:
    # Binary: the values go as they are, neither written nor parsed as text (about half the time).
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN (FORMAT BINARY)") as copy:
        copy.set_types(head_schema.copy_types(table, columns))
        done = 0
        for done, row in enumerate(rows, start=1):
            copy.write_row(row)
            if done % BATCH == 0:
                progress(stage, done, total)
        progress(stage, done, total)


def _fill_staging(connection: Any, plan: BuildPlan, progress: Progress, display: str) -> None:
    from sqlalchemy import text

    if prove_own_schema(connection, PG_BUILD_SCHEMA, display):
        connection.execute(text(f"DROP SCHEMA {PG_BUILD_SCHEMA} CASCADE"))
    connection.execute(text(f"CREATE SCHEMA {PG_BUILD_SCHEMA}"))
    connection.execute(text(f"COMMENT ON SCHEMA {PG_BUILD_SCHEMA} IS '{SCHEMA_MARKER}'"))
    connection.execute(text(f"SET search_path TO {PG_BUILD_SCHEMA}"))
    cursor = connection.connection.driver_connection.cursor()
    # The tables at the head revision, stamped (``wordindex.index.head_schema``): no migration replayed.
    for create in head_schema.tables("postgresql"):
        cursor.execute(create)
    cursor.execute(head_schema.STAMP)
    totals = plan.letter_totals()
    rows = (row for features in plan.features(totals) for row in word_rows(features))
    _copy(cursor, "words", plan.word_columns(), rows, progress, "loading words", plan.word_count)
    plan.derived.finish()
    prefix_rows = plan.derived.prefix_rows()
    _copy(cursor, "prefixes", head_schema.PREFIXES_COLUMNS, prefix_rows, progress, "loading prefixes", 0)
    _copy(cursor, "letter_totals", head_schema.LETTER_TOTALS_COLUMNS, totals.rows(), progress, "loading totals", 0)
    creates = head_schema.SECONDARY_INDEXES
    for i, (_, create) in enumerate(creates):
        progress("creating indexes", i, len(creates))
        cursor.execute(create)
    progress("creating indexes", len(creates), len(creates))
    info = plan.info_row()
    names = head_schema.INDEX_INFO_COLUMNS
    cursor.execute(
        f"INSERT INTO index_info ({', '.join(names)}) VALUES ({', '.join('%s' for _ in names)})",
        [info[name] for name in names],
    )
    _write_lexicon(connection, cursor, plan, info)
    progress("analyzing", 0, 1)
    connection.execute(text("ANALYZE"))
    progress("analyzing", 1, 1)


def _write_lexicon(connection: Any, cursor: Any, plan: BuildPlan, info: dict[str, Any]) -> None:
    """Stream the Boggle lexicon into its row: its chunks go to a temporary table, the server joins them."""
    from sqlalchemy import text

    from wordindex.boggle.store import lexicon_fits, lexicon_values

    derived = plan.derived
    if not lexicon_fits(derived.lexicon_size):
        return
    connection.execute(text("CREATE TEMPORARY TABLE lexicon_chunks (seq integer, data bytea) ON COMMIT DROP"))
    with cursor.copy("COPY lexicon_chunks (seq, data) FROM STDIN") as copy:
        for seq, chunk in enumerate(_coalesce(derived.lexicon_chunks())):
            copy.write_row((seq, chunk))
    connection.execute(
        text(
            "INSERT INTO boggle_lexicon (id, format, source_sha256, built_at, word_count, data) "
            "SELECT :id, :format, :source_sha256, :built_at, :word_count, string_agg(data, ''::bytea ORDER BY seq) "
            "FROM lexicon_chunks"
        ),
        lexicon_values(derived.word_count, info["source_sha256"], info["built_at"]),
    )
    connection.execute(text("DROP TABLE lexicon_chunks"))


#: Bytes of lexicon sent per row of the temporary table.
LEXICON_PIECE = 1 << 20


def _coalesce(chunks: Iterable[bytes]) -> Iterable[bytes]:
    """Join small chunks into pieces of about ``LEXICON_PIECE`` bytes (fewer rows to join)."""
    pending: list[bytes] = []
    size = 0
    for chunk in chunks:
        pending.append(chunk)
        size += len(chunk)
        if size >= LEXICON_PIECE:
            yield b"".join(pending)
            pending, size = [], 0
    if pending:
        yield b"".join(pending)


def _swap(connection: Any, display: str) -> None:
    from sqlalchemy import text

    if prove_own_schema(connection, PG_OLD_SCHEMA, display):
        connection.execute(text(f"DROP SCHEMA {PG_OLD_SCHEMA} CASCADE"))
    if prove_own_schema(connection, PG_SCHEMA, display):
        connection.execute(text(f"ALTER SCHEMA {PG_SCHEMA} RENAME TO {PG_OLD_SCHEMA}"))
    connection.execute(text(f"ALTER SCHEMA {PG_BUILD_SCHEMA} RENAME TO {PG_SCHEMA}"))
    # Sent with the swap's commit (never before it): servers watching the index read its generation again.
    connection.execute(
        text("SELECT pg_notify(:channel, CAST(CAST(CAST(CAST(:table AS regclass) AS oid) AS bigint) AS text))"),
        {"channel": REBUILT_CHANNEL, "table": f"{PG_SCHEMA}.index_info"},
    )


def _database_error(location: Location, exc: BaseException) -> DatabaseError | None:
    """A driver, SQLAlchemy or scratch-file error as one line (None for anything else)."""
    from sqlalchemy.exc import SQLAlchemyError

    if isinstance(exc, SQLAlchemyError | sqlite3.Error) or type(exc).__module__.startswith("psycopg"):
        return DatabaseError(f"building the index in {location.display} failed: {first_line(exc)}")
    if isinstance(exc, OSError):
        return DatabaseError(f"building the index in {location.display} failed: {exc.strerror or exc}")
    return None


class PostgresTarget:
    """A database whose ``wordindex`` schema a build replaces: locked and checked on creation."""

    def __init__(self, location: Location) -> None:
        from sqlalchemy import create_engine, text

        self.location = location
        self.engine: Any = None
        self.connection: Any = None
        self.scratch_folder: Path | None = None
        try:
            self.engine = create_engine(location.url, connect_args=server_connect_args(location))
            try:
                self.connection = self.engine.connect()
            except Exception as exc:
                raise connect_error(location, exc) from None
            got = self.connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": BUILD_LOCK_KEY}).scalar()
            self.connection.commit()
            if not got:
                raise BuildBusyError(
                    f"another `wordindex build` is writing {location.display} right now; "
                    "wait until it finishes and run this build again"
                )
            for schema in (PG_SCHEMA, PG_OLD_SCHEMA, PG_BUILD_SCHEMA):
                prove_own_schema(self.connection, schema, location.display)
            self.connection.commit()
        except BaseException as exc:
            self.close()
            error = _database_error(location, exc)
            if error is not None:
                raise error from None
            raise

    def scratch_path(self, kind: str) -> Path:
        """A scratch file of this build in a private temporary folder (``TMPDIR``), removed on close."""
        if self.scratch_folder is None:
            self.scratch_folder = Path(tempfile.mkdtemp(prefix="wordindex-build-"))
        return self.scratch_folder / f"{kind}.sqlite"

    def load(self, plan: BuildPlan, progress: Progress) -> None:
        """Fill the staging schema, swap it in, drop the previous index."""
        from sqlalchemy import text

        connection = self.connection
        display = self.location.display
        try:
            _fill_staging(connection, plan, progress, display)
            connection.commit()
            _swap(connection, display)
            connection.commit()
            if prove_own_schema(connection, PG_OLD_SCHEMA, display):
                connection.execute(text(f"DROP SCHEMA {PG_OLD_SCHEMA} CASCADE"))
            connection.commit()
        except Exception as exc:
            error = _database_error(self.location, exc)
            if error is not None:
                raise error from None
            raise

    def close(self) -> None:
        """Release the connection (and with it the advisory lock)."""
        if self.connection is not None:
            try:
                self.connection.close()
            except Exception:
                pass
        if self.engine is not None:
            self.engine.dispose()
        if self.scratch_folder is not None:
            shutil.rmtree(self.scratch_folder, ignore_errors=True)
