"""What a SQLite index path holds, decided cheaply and for certain, and the build lock beside it.

``build`` only ever writes where nothing of value can be lost: a path that
does not exist, an empty file, or an existing wordindex index. Everything
else (a word list, a README, another program's database, a FIFO) is refused
unless the user says ``--force``. Deciding costs one ``stat``, a 16-byte read
and, for a SQLite file, one query on ``sqlite_master``; no file is ever opened
in a way that could block (a FIFO is recognised by ``stat`` and never opened).
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from urllib.parse import quote

from wordindex.errors import BuildBusyError, DatabaseError

#: The first 16 bytes of every SQLite 3 database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: Tables only a wordindex index holds together (both exist from the first revision on).
MARKER_TABLES = frozenset({"index_info", "alembic_version"})


class FileKind(Enum):
    """What a path holds, as far as an index is concerned."""

    MISSING = "missing"
    EMPTY = "empty"  # a zero-byte file, or a SQLite database without a single table
    INDEX = "index"  # a SQLite database holding wordindex's marker tables
    OTHER_DATABASE = "other database"  # a SQLite database with other tables
    OTHER_FILE = "other file"  # a regular file that is not a SQLite database (or is damaged)
    DIRECTORY = "directory"
    SPECIAL = "special file"  # FIFO, device, socket: never opened


def path_error(display: str, exc: OSError) -> DatabaseError:
    """One line for a path the system refuses (name too long, no permission, ...)."""
    return DatabaseError(f"cannot use {display}: {exc.strerror or exc}")


def stat_kind(path: Path, display: str) -> tuple[FileKind, os.stat_result | None]:
    """Classify ``path`` by ``stat`` alone (follows symlinks); never opens it.

    A non-empty regular file comes back as ``OTHER_FILE``: only ``file_kind``
    looks inside to tell an index from anything else.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return FileKind.MISSING, None
    except OSError as exc:
        raise path_error(display, exc) from None
    if stat.S_ISDIR(info.st_mode):
        return FileKind.DIRECTORY, info
    if not stat.S_ISREG(info.st_mode):
        return FileKind.SPECIAL, info
    return (FileKind.EMPTY if info.st_size == 0 else FileKind.OTHER_FILE), info


def file_kind(path: Path, display: str) -> FileKind:
    """What ``path`` holds: one stat, a header read and (for SQLite) one catalog query."""
    kind, _ = stat_kind(path, display)
    if kind is not FileKind.OTHER_FILE:  # a non-empty regular file: look inside
        return kind
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise path_error(display, exc) from None
    if header != SQLITE_HEADER:
        return FileKind.OTHER_FILE
    try:
        connection = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            connection.close()
    except sqlite3.Error:
        return FileKind.OTHER_FILE  # a damaged or truncated database: not provably ours
    if not tables:
        return FileKind.EMPTY
    return FileKind.INDEX if MARKER_TABLES <= tables else FileKind.OTHER_DATABASE


def lock_path(target: Path) -> Path:
    """The lock file of builds of ``target``: beside it, there only while a build runs."""
    return target.with_name(f"{target.name}.lock")


@contextmanager
def build_lock(target: Path, display: str) -> Iterator[None]:
    """Hold the build lock of ``target``; a second build is refused, not queued.

    ``flock`` is released by the kernel when the process dies, however it
    dies, so a killed build never leaves a stale lock behind (only the empty
    file, which the next build takes and removes). The file is removed when
    the build ends, refused or not, so nothing is left beside a file the build
    would not touch. A build that opened the file just before another removed
    it would lock a file no longer there: it checks, after locking, that the
    path still names the file it locked, and takes the new one otherwise.
    """
    import fcntl

    path = lock_path(target)
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise path_error(str(path), exc) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BuildBusyError(
                f"another `wordindex build` is writing {display} right now; "
                "wait until it finishes and run this build again"
            ) from None
        try:
            current: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            current = None
        except OSError as exc:
            os.close(fd)
            raise path_error(str(path), exc) from None
        if current is not None and current.st_ino == os.fstat(fd).st_ino:
            break
        os.close(fd)  # a finishing build removed the file we locked: take the one there now
    try:
        yield
    finally:
        try:
            path.unlink(missing_ok=True)  # still locked: a build that opens it now fails the check above
        finally:
            os.close(fd)
