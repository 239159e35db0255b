"""Bulk-load a SQLite index into a new file, then rename it over the live one.

Readers that have the old file open keep reading it; new readers open the
new one. ``os.replace`` is atomic, so nobody sees a half-built file, and a
build that dies leaves only a ``*.partial`` file, removed by the next build
(a build stopped by Ctrl-C or SIGTERM removes its own).

``SQLiteTarget`` decides what may be replaced (see ``wordindex.index.sqlite_file``):
a symlinked ``--db`` is followed, so the link's target is rebuilt in its own
folder and the link stays; the new file gets the old one's mode (and owner,
when running as root).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from wordindex.build.plan import BuildPlan, Progress
from wordindex.build.rows import word_rows
from wordindex.errors import DatabaseError, RefusedError
from wordindex.index import head_schema
from wordindex.index.core import first_line
from wordindex.index.location import Location
from wordindex.index.sqlite_file import FileKind, build_lock, file_kind


def _insert_sql(table: str, names: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})"


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


def _create_schema(connection: sqlite3.Connection, defer_added: bool) -> None:
    """Create the tables at the head revision and stamp it (``wordindex.index.head_schema``), no migration replayed.

    The secondary indexes come after the load. With ``defer_added`` the
    columns ``0005_languages`` added to ``words`` (slots 26-31, ``spelling``)
    are added after the load too, as the migration did: a row written before
    ``ADD COLUMN`` stores none of them and reads their defaults (0, NULL), which
    keeps 13 bytes a row out of the file (a sixth of ``words``).
    """
    for create in head_schema.tables("sqlite", words_added=not defer_added):
        connection.execute(create)
    connection.execute(head_schema.STAMP)


def _defers_added(columns: Sequence[str]) -> bool:
    """Whether the build leaves every column of ``head_schema.WORDS_ADDED`` at its default."""
    return not {column.name for column in head_schema.WORDS_ADDED} & set(columns)


#: Page cache of the loading connection (KiB). Loads append in key order and the indexes are
#: built after the load, so a bigger cache buys little; this one bounds the build's memory.
LOAD_CACHE_KIB = 32 * 1024


def _load(path: Path, plan: BuildPlan, progress: Progress) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode = OFF")  # a failed build deletes the file anyway
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("PRAGMA temp_store = FILE")
        connection.execute(f"PRAGMA cache_size = {-LOAD_CACHE_KIB}")
        columns = plan.word_columns()
        defer_added = _defers_added(columns)
        connection.execute("BEGIN")
        _create_schema(connection, defer_added)
        total = plan.word_count
        totals = plan.letter_totals()
        done = 0
        sql = _insert_sql("words", columns)
        for features in plan.features(totals):
            # The rows straight from their generator: a list of each batch's rows first cost 15% more.
            connection.executemany(sql, word_rows(features))
            done += len(features.words)
            progress("loading words", done, total)
        if defer_added:
            for add in head_schema.words_added_columns():
                connection.execute(add)
        connection.executemany(_insert_sql("letter_totals", head_schema.LETTER_TOTALS_COLUMNS), totals.rows())
        progress("loading prefixes", 0, 1)
        plan.derived.finish()
        connection.execute("COMMIT")  # ATTACH is not allowed inside a transaction
        connection.execute("ATTACH DATABASE ? AS side", (str(plan.derived.side),))
        connection.execute("BEGIN")
        # ``SELECT *`` from a table of the same definition into an empty one: SQLite copies the
        # records as they are, in order, and fills each page (a row-by-row insert left 12% empty).
        connection.execute("INSERT INTO prefixes SELECT * FROM side.prefixes")
        progress("loading prefixes", 1, 1)
        creates = head_schema.SECONDARY_INDEXES
        for i, (_, create) in enumerate(creates, start=1):
            progress("creating indexes", i - 1, len(creates))
            connection.execute(create)
        progress("creating indexes", len(creates), len(creates))
        info = plan.info_row()
        connection.execute(
            _insert_sql("index_info", head_schema.INDEX_INFO_COLUMNS),
            [info[name] for name in head_schema.INDEX_INFO_COLUMNS],
        )
        _write_lexicon(connection, plan, info)
        connection.execute("COMMIT")
        connection.execute("DETACH DATABASE side")
        progress("analyzing", 0, 1)
        connection.execute("ANALYZE")
        progress("analyzing", 1, 1)
    finally:
        connection.close()


def _write_lexicon(connection: sqlite3.Connection, plan: BuildPlan, info: dict[str, Any]) -> None:
    """Stream the Boggle lexicon into its row: a zero blob of the right size, written a chunk at a time."""
    from wordindex.boggle.store import lexicon_fits, lexicon_values

    derived = plan.derived
    if not lexicon_fits(derived.lexicon_size):
        return
    values = lexicon_values(derived.word_count, info["source_sha256"], info["built_at"])
    names = [name for name in head_schema.BOGGLE_LEXICON_COLUMNS if name != "data"]
    connection.execute(
        f"INSERT INTO boggle_lexicon ({', '.join(names)}, data) VALUES ({', '.join('?' for _ in names)}, zeroblob(?))",
        [*(values[name] for name in names), derived.lexicon_size],
    )
    (rowid,) = connection.execute("SELECT rowid FROM boggle_lexicon WHERE id = ?", (values["id"],)).fetchone()
    with connection.blobopen("boggle_lexicon", "data", rowid) as blob:
        for chunk in derived.lexicon_chunks():
            blob.write(chunk)


def _describe_refusal(kind: FileKind, display: str) -> str | None:
    """Why ``build`` will not replace what is at the path (None: it may)."""
    hint = "name another path with --db, or pass --force to replace it"
    if kind is FileKind.OTHER_FILE:
        return f"{display} is not a wordindex index (it holds other data); build will not overwrite it: {hint}"
    if kind is FileKind.OTHER_DATABASE:
        return (
            f"{display} is another program's SQLite database, not a wordindex index; "
            f"build will not overwrite it: {hint}"
        )
    return None


class SQLiteTarget:
    """The file a SQLite build replaces: checked, locked, and swapped in by ``load``."""

    def __init__(self, location: Location, dictionary_path: Path, *, force: bool) -> None:
        assert location.sqlite_path is not None
        self.display = location.display
        link = location.sqlite_path
        try:
            # Follow a symlinked --db: the link stays, its target is rebuilt in its own folder.
            self.target = Path(os.path.realpath(link)) if link.is_symlink() else link
            self.target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseError(f"cannot create the folder for {self.display}: {exc.strerror or exc}") from None
        self._stack = ExitStack()
        self._stack.enter_context(build_lock(self.target, self.display))
        try:
            self._check(dictionary_path, force)
        except BaseException:
            self.close()
            raise

    def _check(self, dictionary_path: Path, force: bool) -> None:
        kind = file_kind(self.target, self.display)
        if kind is FileKind.DIRECTORY:
            raise DatabaseError(f"{self.display} is a directory; name a file for the index")
        if kind is FileKind.SPECIAL:
            raise RefusedError(
                f"{self.display} is not a regular file (a FIFO, device or socket); name a file for the index"
            )
        if kind is not FileKind.MISSING and _same_file(dictionary_path, self.target):
            raise RefusedError(f"{self.display} is the dictionary being read; the index must go to another path (--db)")
        refusal = _describe_refusal(kind, self.display)
        if refusal and not force:
            raise RefusedError(refusal)
        self.previous = os.stat(self.target) if kind is not FileKind.MISSING else None
        remove_stale_partials(self.target)

    def scratch_path(self, kind: str) -> Path:
        """A scratch file of this build beside the index (same disk; removed by a later build if killed)."""
        return self.target.with_name(f"{self.target.name}.{os.getpid()}.{kind}.partial")

    def load(self, plan: BuildPlan, progress: Progress) -> None:
        build_sqlite(self, plan, progress)

    def close(self) -> None:
        self._stack.close()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _keep_mode_and_owner(partial: Path, previous: os.stat_result | None) -> None:
    """Give the new file the old one's permissions (and owner, when we may)."""
    if previous is None:
        return
    os.chmod(partial, stat.S_IMODE(previous.st_mode))
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        os.chown(partial, previous.st_uid, previous.st_gid)


def build_sqlite(target: SQLiteTarget, plan: BuildPlan, progress: Progress) -> None:
    """Build the index for ``plan`` into a new file and swap it in."""
    path = target.target
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    try:
        partial.unlink(missing_ok=True)
        _load(partial, plan, progress)
        with open(partial, "rb+") as handle:
            os.fsync(handle.fileno())
        _keep_mode_and_owner(partial, target.previous)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseError(f"cannot write the index at {target.display}: {exc.strerror or exc}") from None
    except sqlite3.Error as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseError(f"cannot write the index at {target.display}: {first_line(exc)}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
