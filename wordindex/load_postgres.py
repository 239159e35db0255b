"""Bulk-load a PostgreSQL index with COPY into a staging schema, then swap schemas.

The live index is the ``wordindex`` schema. A build fills
``wordindex_build`` in one transaction (migrations, COPY, indexes, ANALYZE),
then one short transaction renames ``wordindex`` away and
``wordindex_build`` into its place. Readers keep using the old tables until
that commit; a killed build rolls back and leaves the live schema untouched.
"""

from __future__ import annotations

from .build import BuildPlan, Progress
from .errors import DatabaseError
from .index import first_line
from .load_common import batches, column_names, index_ddl
from .location import Location
from .revisions import PG_BUILD_SCHEMA, PG_OLD_SCHEMA, PG_SCHEMA
from .rows import letter_total_rows, prefix_rows, word_features, word_rows


def _copy(cursor, table, rows, progress: Progress, stage: str, total: int) -> None:
    names = ", ".join(column_names(table))
    done = 0
    with cursor.copy(f"COPY {table.name} ({names}) FROM STDIN") as copy:
        for batch in batches(rows):
            for row in batch:
                copy.write_row(row)
            done += len(batch)
            progress(stage, done, total)


def _fill_staging(connection, plan: BuildPlan, progress: Progress) -> None:
    from sqlalchemy import text

    from .migrate import upgrade_connection
    from .schema import index_info, letter_totals, prefixes, words

    connection.execute(text(f"DROP SCHEMA IF EXISTS {PG_BUILD_SCHEMA} CASCADE"))
    connection.execute(text(f"CREATE SCHEMA {PG_BUILD_SCHEMA}"))
    connection.execute(text(f"SET search_path TO {PG_BUILD_SCHEMA}"))
    upgrade_connection(connection)
    ddl = index_ddl(connection.dialect)
    for drop, _ in ddl:
        connection.execute(text(drop))
    cursor = connection.connection.driver_connection.cursor()
    features = word_features(plan.ordered_words, plan.dictionary.levels, plan.dictionary.vulgar)
    _copy(cursor, words, word_rows(features), progress, "loading words", len(plan.ordered_words))
    _copy(cursor, prefixes, prefix_rows(plan.ordered_words), progress, "loading prefixes", 0)
    _copy(cursor, letter_totals, letter_total_rows(features), progress, "loading totals", 0)
    for i, (_, create) in enumerate(ddl):
        progress("creating indexes", i, len(ddl))
        connection.execute(text(create))
    progress("creating indexes", len(ddl), len(ddl))
    connection.execute(index_info.insert(), plan.info_row())
    progress("analyzing", 0, 1)
    connection.execute(text("ANALYZE"))
    progress("analyzing", 1, 1)


def _swap(connection) -> None:
    from sqlalchemy import text

    connection.execute(text(f"DROP SCHEMA IF EXISTS {PG_OLD_SCHEMA} CASCADE"))
    live = connection.execute(
        text("SELECT 1 FROM information_schema.schemata WHERE schema_name = :name"), {"name": PG_SCHEMA}
    ).first()
    if live:
        connection.execute(text(f"ALTER SCHEMA {PG_SCHEMA} RENAME TO {PG_OLD_SCHEMA}"))
    connection.execute(text(f"ALTER SCHEMA {PG_BUILD_SCHEMA} RENAME TO {PG_SCHEMA}"))


def build_postgres(location: Location, plan: BuildPlan, progress: Progress) -> None:
    """Build the index for ``plan`` in a staging schema and swap it in."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import SQLAlchemyError

    try:
        engine = create_engine(location.url)
        with engine.connect() as connection:
            _fill_staging(connection, plan, progress)
            connection.commit()
            _swap(connection)
            connection.commit()
            connection.execute(text(f"DROP SCHEMA IF EXISTS {PG_OLD_SCHEMA} CASCADE"))
            connection.commit()
    except SQLAlchemyError as exc:
        raise DatabaseError(f"building the index in {location.display} failed: {first_line(exc)}") from None
    except Exception as exc:
        if type(exc).__module__.startswith("psycopg"):
            raise DatabaseError(f"building the index in {location.display} failed: {first_line(exc)}") from None
        raise
    finally:
        if "engine" in locals():
            engine.dispose()
