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
  order), for the prefixes and the Boggle lexicon (``wordindex.build.derive``).

A repeated word keeps its first line's place, the level of the first of its
lines that gives one, and is vulgar when any of its lines says so. In a
language other than English it also keeps every spelling the list gives it
(French ``pêche`` and ``péché`` both play as ``peche``), in the order of
their first lines, joined by spaces; NULL when the only spelling is the word.

"Alphabetical" is the alphabet's order (Spanish ``ñ`` after ``n``, Polish
``ą`` after ``a``): where that is not code-point order the scratch file holds
each word's ``Alphabet.sort_key`` and turns it back when it reads words out.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from wordindex.build.dictionary import MAX_LEVEL, WordLines
from wordindex.languages.alphabet import ENGLISH, Alphabet

#: SQLite page cache of a scratch connection (KiB): also the size of the sorter's in-memory runs.
SCRATCH_CACHE_KIB = 16 * 1024
#: Rows fetched at a time from a scratch file.
FETCH_ROWS = 10_000
#: Packs (line number, level) into one integer, so ``MIN`` finds the first line that gives a level.
_LEVEL_BASE = 1 << (MAX_LEVEL.bit_length())


@dataclass
class WordBatch:
    """Distinct words in id order with their levels (None: unknown), vulgar flags and spellings."""

    words: list[str]
    levels: list[int | None]
    vulgar: list[bool]
    spellings: list[str | None] | None = None


@dataclass
class _SpeltWord:
    """One distinct word gathered from its (word, spelling) groups by ``WordScratch._merge_spellings``."""

    key: str
    seq: int
    packed_level: int | None
    vulgar: int
    spellings: list[str] = field(default_factory=list)

    def merge(self, packed_level: int | None, vulgar: int) -> None:
        if packed_level is not None and (self.packed_level is None or packed_level < self.packed_level):
            self.packed_level = packed_level
        self.vulgar = max(self.vulgar, vulgar)

    def row(self, alphabet: Alphabet, keyed: bool) -> tuple[str, int, int | None, int, str | None]:
        word = alphabet.from_sort_key(self.key) if keyed else self.key
        spelling = None if self.spellings == [word] else " ".join(self.spellings)
        level = None if self.packed_level is None else self.packed_level % _LEVEL_BASE
        return self.key, self.seq, level, self.vulgar, spelling


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

    def __init__(self, path: Path, alphabet: Alphabet = ENGLISH) -> None:
        self.path = path
        self.alphabet = alphabet
        self.keyed = not alphabet.code_point_order
        path.unlink(missing_ok=True)
        self.connection = open_scratch(path)
        self.connection.execute(
            "CREATE TABLE lines (word TEXT NOT NULL, level INTEGER, vulgar INTEGER NOT NULL DEFAULT 0, spelling TEXT)"
        )
        self.connection.execute("BEGIN")
        self.word_count = 0
        self.has_levels = False
        self.has_spellings = False

    def add(self, piece: WordLines) -> None:
        """Append one piece's words (duplicates included) with the columns it has.

        A column the piece lacks is left to its default (NULL, not vulgar): a
        plain list binds one value a line, not four, a third of the cost.
        """
        words = [self.alphabet.sort_key(word) for word in piece.words] if self.keyed else piece.words
        given = {"level": piece.levels, "vulgar": piece.vulgar, "spelling": piece.spellings}
        columns = ["word", *(name for name, values in given.items() if values is not None)]
        self.has_spellings = self.has_spellings or piece.spellings is not None
        self.connection.executemany(
            f"INSERT INTO lines ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
            zip(words, *(values for values in given.values() if values is not None)),  # noqa: B905
        )

    def finish(self) -> int:
        """Keep one row per distinct word, in alphabetical rowid order; return how many there are."""
        connection = self.connection
        connection.execute(
            "CREATE TABLE words (word TEXT NOT NULL, seq INTEGER NOT NULL, level INTEGER, vulgar INTEGER NOT NULL, "
            "spelling TEXT)"
        )
        first_level = f"MIN(CASE WHEN level IS NOT NULL THEN rowid * {_LEVEL_BASE} + level END)"
        if self.has_spellings:
            self._merge_spellings(first_level)
        else:
            connection.execute(
                f"INSERT INTO words (word, seq, level, vulgar) SELECT word, MIN(rowid), {first_level} % {_LEVEL_BASE}, "
                "MAX(vulgar) FROM lines GROUP BY word ORDER BY word"
            )
        connection.execute("COMMIT")
        count, levels = connection.execute(
            "SELECT COUNT(*), EXISTS (SELECT 1 FROM words WHERE level IS NOT NULL) FROM words"
        ).fetchone()
        self.word_count, self.has_levels = int(count), bool(levels)
        return self.word_count

    def _merge_spellings(self, first_level: str) -> None:
        """``finish`` for a list with spellings: one row per (word, spelling), folded per word in a bounded pass.

        The rows come grouped by word (its spellings in the order of their first lines), so each word
        is complete when the next begins and only one word's spellings are ever held.
        """
        connection = self.connection
        cursor = connection.cursor()
        cursor.execute(
            f"SELECT word, spelling, MIN(rowid) AS first, {first_level}, MAX(vulgar) FROM lines "
            "GROUP BY word, spelling ORDER BY word, first"
        )
        insert = "INSERT INTO words (word, seq, level, vulgar, spelling) VALUES (?, ?, ?, ?, ?)"
        out: list[tuple[str, int, int | None, int, str | None]] = []
        word: _SpeltWord | None = None
        while rows := cursor.fetchmany(FETCH_ROWS):
            for key, spelling, first, packed, flagged in rows:
                if word is None or key != word.key:
                    if word is not None:
                        out.append(word.row(self.alphabet, self.keyed))
                    word = _SpeltWord(key, first, packed, flagged)
                else:
                    word.merge(packed, flagged)
                word.spellings.append(spelling)
            if len(out) >= FETCH_ROWS:
                connection.executemany(insert, out)
                out.clear()
        if word is not None:
            out.append(word.row(self.alphabet, self.keyed))
        connection.executemany(insert, out)

    def ordered_batches(self, size: int) -> Iterator[WordBatch]:
        """The words in id order (length, then first line), ``size`` at a time."""
        cursor = self.connection.execute("SELECT word, level, vulgar, spelling FROM words ORDER BY length(word), seq")
        while rows := cursor.fetchmany(size):
            words, levels, vulgar, spellings = zip(*rows, strict=True)
            plain = [self.alphabet.from_sort_key(word) for word in words] if self.keyed else list(words)
            spelt = list(spellings) if self.has_spellings else None
            yield WordBatch(plain, list(levels), [bool(v) for v in vulgar], spelt)

    def close(self) -> None:
        self.connection.close()
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> WordScratch:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


def sorted_words(path: Path, alphabet: Alphabet = ENGLISH) -> Iterator[str]:
    """The distinct words of the scratch file at ``path`` in the alphabet's order (own connection: fork-safe)."""
    connection = open_scratch(path)
    unkey = None if alphabet.code_point_order else alphabet.from_sort_key
    try:
        cursor = connection.execute("SELECT word FROM words ORDER BY rowid")
        while rows := cursor.fetchmany(FETCH_ROWS):
            for (word,) in rows:
                yield unkey(word) if unkey else word
    finally:
        connection.close()
