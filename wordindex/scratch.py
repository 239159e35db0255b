"""The build's scratch file: the dictionary's words deduplicated and put in order on disk.

A word list can be bigger than memory, so the build never holds its words:
each piece the reader yields is appended to a table of a scratch SQLite file
(one row per line, in file order), and one ``GROUP BY`` turns that into one
row per distinct word. SQLite sorts with a bounded buffer and merges sorted
runs from temporary files (in ``SQLITE_TMPDIR`` or ``TMPDIR``), so the
build's memory stays the same whatever the list's size. Then:

* ``ordered_batches`` reads the words in id order (by length, then their
  first line in the file) a batch at a time, for the ``words`` table;
* ``sorted_words`` reads them alphabetically (the distinct table's rowid
  order), for the prefixes and the Boggle lexicon (``wordindex.derive``).

A repeated word keeps its first line's place, the level of the first of its
lines that gives one, and is vulgar when any of its lines says so.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path
from types import TracebackType

from .dictionary import MAX_LEVEL, WordLines

#: SQLite page cache of a scratch connection (KiB): also the size of the sorter's in-memory runs.
SCRATCH_CACHE_KIB = 16 * 1024
#: Rows fetched at a time from a scratch file.
FETCH_ROWS = 10_000
#: Packs (line number, level) into one integer, so ``MIN`` finds the first line that gives a level.
_LEVEL_BASE = 1 << (MAX_LEVEL.bit_length())


@dataclass
class WordBatch:
    """Distinct words in id order with their levels (None: unknown) and vulgar flags."""

    words: list[str]
    levels: list[int | None]
    vulgar: list[bool]


def open_scratch(path: Path, *, cache_kib: int = SCRATCH_CACHE_KIB) -> sqlite3.Connection:
    """A connection to a scratch file: no journal, no sync (a failed build deletes the file), a bounded cache."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = OFF")
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("PRAGMA temp_store = FILE")
    connection.execute(f"PRAGMA cache_size = {-int(cache_kib)}")
    return connection


class WordScratch:
    """A scratch SQLite file at ``path`` holding the words of one build; removed on ``close``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.unlink(missing_ok=True)
        self.connection = open_scratch(path)
        self.connection.execute("CREATE TABLE lines (word TEXT NOT NULL, level INTEGER, vulgar INTEGER NOT NULL)")
        self.connection.execute("BEGIN")
        self.word_count = 0
        self.has_levels = False

    def add(self, piece: WordLines) -> None:
        """Append one piece's words (duplicates included) with their columns."""
        levels = piece.levels if piece.levels is not None else repeat(None)
        vulgar = piece.vulgar if piece.vulgar is not None else repeat(False)
        self.connection.executemany("INSERT INTO lines VALUES (?, ?, ?)", zip(piece.words, levels, vulgar))

    def finish(self) -> int:
        """Keep one row per distinct word, in alphabetical rowid order; return how many there are."""
        connection = self.connection
        connection.execute(
            "CREATE TABLE words (word TEXT NOT NULL, seq INTEGER NOT NULL, level INTEGER, vulgar INTEGER NOT NULL)"
        )
        connection.execute(
            "INSERT INTO words (word, seq, level, vulgar) "
            f"SELECT word, MIN(rowid), MIN(CASE WHEN level IS NOT NULL THEN rowid * {_LEVEL_BASE} + level END) "
            f"% {_LEVEL_BASE}, MAX(vulgar) FROM lines GROUP BY word ORDER BY word"
        )
        connection.execute("COMMIT")
        count, levels = connection.execute(
            "SELECT COUNT(*), EXISTS (SELECT 1 FROM words WHERE level IS NOT NULL) FROM words"
        ).fetchone()
        self.word_count, self.has_levels = int(count), bool(levels)
        return self.word_count

    def ordered_batches(self, size: int) -> Iterator[WordBatch]:
        """The words in id order (length, then first line), ``size`` at a time."""
        cursor = self.connection.execute("SELECT word, level, vulgar FROM words ORDER BY length(word), seq")
        while rows := cursor.fetchmany(size):
            words, levels, vulgar = zip(*rows, strict=True)
            yield WordBatch(list(words), list(levels), [bool(v) for v in vulgar])

    def close(self) -> None:
        self.connection.close()
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> WordScratch:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


def sorted_words(path: Path) -> Iterator[str]:
    """The distinct words of the scratch file at ``path`` in alphabetical order (own connection: fork-safe)."""
    connection = open_scratch(path)
    try:
        cursor = connection.execute("SELECT word FROM words ORDER BY rowid")
        while rows := cursor.fetchmany(FETCH_ROWS):
            for (word,) in rows:
                yield word
    finally:
        connection.close()
