"""Bulk-load a SQLite index into a new file, then rename it over the live one.

Readers that have the old file open keep reading it; new readers open the
new one. ``os.replace`` is atomic, so nobody sees a half-built file, and a
build that dies leaves only a ``*.partial`` file, removed by the next build.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from .build import BuildPlan, Progress
from .errors import DatabaseError
from .index import first_line
from .load_common import batches, column_names, index_ddl
from .location import Location
from .rows import letter_total_rows, prefix_rows, word_features, word_rows


def _insert_sql(table) -> str:
    names = column_names(table)
    return f"INSERT INTO {table.name} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"


def remove_stale_partials(target: Path) -> None:
    """Delete ``*.partial`` files left by builds that were killed."""
    for partial in target.parent.glob(f"{target.name}.*.partial"):
        pid = partial.name[len(target.name) + 1 : -len(".partial")]
        if pid.isdigit() and _process_alive(int(pid)):
            continue
        partial.unlink(missing_ok=True)


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _create_schema(path: Path) -> list[str]:
    """Run the migrations on a new file; drop the secondary indexes until the load is done."""
    from sqlalchemy import create_engine, text

    from .migrate import upgrade_connection

    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as connection:
            upgrade_connection(connection)
            ddl = index_ddl(connection.dialect)
            for drop, _ in ddl:
                connection.execute(text(drop))
    finally:
        engine.dispose()
    return [create for _, create in ddl]


def _load(path: Path, plan: BuildPlan, create_indexes: list[str], progress: Progress) -> None:
    from .schema import index_info, letter_totals, prefixes, words

    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")  # a failed build deletes the file anyway
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("PRAGMA cache_size = -262144")
        connection.execute("BEGIN")
        total = len(plan.ordered_words)
        features = word_features(plan.ordered_words)
        done = 0
        sql = _insert_sql(words)
        for batch in batches(word_rows(features)):
            connection.executemany(sql, batch)
            done += len(batch)
            progress("loading words", done, total)
        done = 0
        sql = _insert_sql(prefixes)
        for batch in batches(prefix_rows(plan.ordered_words), 50_000):
            connection.executemany(sql, batch)
            done += len(batch)
            progress("loading prefixes", done, 0)
        connection.executemany(_insert_sql(letter_totals), letter_total_rows(features))
        for i, create in enumerate(create_indexes, start=1):
            progress("creating indexes", i - 1, len(create_indexes))
            connection.execute(create)
        progress("creating indexes", len(create_indexes), len(create_indexes))
        info = plan.info_row()
        connection.execute(_insert_sql(index_info), [info[name] for name in column_names(index_info)])
        connection.execute("COMMIT")
        progress("analyzing", 0, 1)
        connection.execute("ANALYZE")
        progress("analyzing", 1, 1)
    finally:
        connection.close()


def build_sqlite(location: Location, plan: BuildPlan, progress: Progress) -> None:
    """Build the index for ``plan`` into a new file and swap it in."""
    target = location.sqlite_path
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the folder for {location.display}: {exc.strerror or exc}") from None
    if target.is_dir():
        raise DatabaseError(f"{location.display} is a directory; name a file for the index")
    remove_stale_partials(target)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    from sqlalchemy.exc import SQLAlchemyError

    try:
        partial.unlink(missing_ok=True)
        creates = _create_schema(partial)
        _load(partial, plan, creates, progress)
        with open(partial, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseError(f"cannot write the index at {location.display}: {exc.strerror or exc}") from None
    except (sqlite3.Error, SQLAlchemyError) as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseError(f"cannot write the index at {location.display}: {first_line(exc)}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
