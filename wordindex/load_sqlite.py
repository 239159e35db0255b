"""Bulk-load a SQLite index into a new file, then rename it over the live one.

Readers that have the old file open keep reading it; new readers open the
new one. ``os.replace`` is atomic, so nobody sees a half-built file, and a
build that dies leaves only a ``*.partial`` file, removed by the next build.
"""

from __future__ import annotations

import multiprocessing
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
        pid = partial.name[len(target.name) + 1 :].split(".")[0]
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


def _write_prefix_file(side: Path, create_table: str, words: list[str]) -> None:
    """Fill ``side`` (a scratch SQLite file) with the prefixes table: the forked helper's job."""
    connection = sqlite3.connect(side, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("BEGIN")
        connection.execute(create_table)
        connection.executemany("INSERT INTO prefixes VALUES (?, ?, ?)", prefix_rows(words))
        connection.execute("COMMIT")
    finally:
        connection.close()


class PrefixHelper:
    """Builds the prefixes table on the second core while the words load.

    Generating ~1 prefix row per letter and inserting them costs as much as
    the words themselves, and needs nothing the words load produces, so a
    forked process writes them into a scratch file that the main load copies
    in with one ``INSERT ... SELECT`` (inside its single transaction). Where
    ``fork`` is unavailable the same work runs in-process.
    """

    def __init__(self, side: Path, words: list[str]):
        from sqlalchemy.dialects import sqlite as sqlite_dialect
        from sqlalchemy.schema import CreateTable

        from .schema import prefixes

        self.side = side
        self.words = words
        self.create_table = str(CreateTable(prefixes).compile(dialect=sqlite_dialect.dialect()))
        self.process = None
        if "fork" in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context("fork")
            self.process = context.Process(
                target=_write_prefix_file, args=(side, self.create_table, words), daemon=True
            )
            self.process.start()

    def finish(self) -> None:
        """Wait for the prefixes file (or write it here)."""
        if self.process is None:
            _write_prefix_file(self.side, self.create_table, self.words)
            return
        self.process.join()
        if self.process.exitcode != 0:
            raise DatabaseError(f"building the prefixes failed (helper process exit code {self.process.exitcode})")

    def close(self) -> None:
        """Stop the helper if it still runs and remove its file."""
        if self.process is not None and self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.side.unlink(missing_ok=True)


def _load(path: Path, plan: BuildPlan, create_indexes: list[str], progress: Progress) -> None:
    from .schema import index_info, letter_totals, words

    side = path.with_name(path.name.replace(".partial", ".prefixes.partial"))
    helper = PrefixHelper(side, plan.ordered_words)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")  # a failed build deletes the file anyway
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("PRAGMA cache_size = -262144")
        connection.execute("BEGIN")
        total = len(plan.ordered_words)
        features = word_features(plan.ordered_words, plan.dictionary.levels, plan.dictionary.vulgar)
        done = 0
        sql = _insert_sql(words)
        for batch in batches(word_rows(features)):
            connection.executemany(sql, batch)
            done += len(batch)
            progress("loading words", done, total)
        connection.executemany(_insert_sql(letter_totals), letter_total_rows(features))
        progress("loading prefixes", 0, 1)
        helper.finish()
        connection.execute("COMMIT")  # ATTACH is not allowed inside a transaction
        connection.execute("ATTACH DATABASE ? AS side", (str(side),))
        connection.execute("BEGIN")
        connection.execute("INSERT INTO prefixes SELECT prefix, is_word, has_longer FROM side.prefixes")
        progress("loading prefixes", 1, 1)
        for i, create in enumerate(create_indexes, start=1):
            progress("creating indexes", i - 1, len(create_indexes))
            connection.execute(create)
        progress("creating indexes", len(create_indexes), len(create_indexes))
        info = plan.info_row()
        connection.execute(_insert_sql(index_info), [info[name] for name in column_names(index_info)])
        connection.execute("COMMIT")
        connection.execute("DETACH DATABASE side")
        progress("analyzing", 0, 1)
        connection.execute("ANALYZE")
        progress("analyzing", 1, 1)
    finally:
        connection.close()
        helper.close()


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
