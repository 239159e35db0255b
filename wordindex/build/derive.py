"""The prefixes table and the Boggle lexicon, derived from the sorted words on the second core.

Both come from one walk over the distinct words in alphabetical order
(``wordindex.words.prefix_walk``) and need nothing the ``words`` load produces, so
a forked helper process reads the build's scratch file (``wordindex.build.scratch``)
and writes them into a side SQLite file while the main process loads the
words (forked where that is safe, spawned where other threads run:
``wordindex.processes``); with ``helper=False`` the same work runs in-process. The
loaders then copy the prefixes in (an ``INSERT ... SELECT`` on SQLite, ``COPY``
on PostgreSQL) and stream the lexicon's bytes (``lexicon_chunks``) into its
row. Every stage holds a bounded batch, never the words.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import sys
from array import array
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import Any

from wordindex.build.load_common import BATCH
from wordindex.build.scratch import FETCH_ROWS, open_scratch, sorted_words
from wordindex.errors import DatabaseError, WordIndexError
from wordindex.index.core import first_line
from wordindex.index.head_schema import prefixes_table
from wordindex.languages import language
from wordindex.languages.alphabet import MAX_WORD_LENGTH
from wordindex.processes import helper_context
from wordindex.words.prefix_walk import PrefixRow, PrefixWalk, WordStep

_SIDE_TABLES = (
    "CREATE TABLE trie_levels (level INTEGER NOT NULL, seq INTEGER NOT NULL, masks BLOB NOT NULL, "
    "firsts BLOB NOT NULL, PRIMARY KEY (level, seq)) WITHOUT ROWID",
    "CREATE TABLE trie_shape (level INTEGER PRIMARY KEY, nodes INTEGER NOT NULL, words INTEGER NOT NULL)",
    "CREATE TABLE word_steps (word TEXT NOT NULL, shared INTEGER NOT NULL, has_longer INTEGER NOT NULL)",
    "CREATE TABLE lengths (n INTEGER PRIMARY KEY)",
)

#: Each word's new prefixes (``PrefixWalk.add`` with ``steps``) as ``prefixes`` rows, in order: one statement in
#: SQLite instead of a row per prefix bound from Python (a 430k-word list has 1.1 million prefixes).
_EXPAND_STEPS = (
    "INSERT INTO prefixes (prefix, is_word, has_longer) "
    "SELECT substr(s.word, 1, l.n), l.n = length(s.word), l.n < length(s.word) OR s.has_longer "
    "FROM word_steps AS s JOIN lengths AS l ON l.n > s.shared AND l.n <= length(s.word) ORDER BY s.rowid, l.n"
)


def _little_endian(values: array[int]) -> bytes:
    if sys.byteorder != "little":  # pragma: no cover - big-endian hosts
        values = array("I", values)
        values.byteswap()
    return values.tobytes()


class _SideLevels:
    """A ``LevelSink`` that stores each chunk of a level as two blobs of the side file."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        self.chunks = 0

    def write(self, level: int, masks: array[int], firsts: array[int]) -> None:
        self.chunks += 1
        self.connection.execute(
            "INSERT INTO trie_levels VALUES (?, ?, ?, ?)",
            (level, self.chunks, _little_endian(masks), _little_endian(firsts)),
        )


def derive_tables(scratch: Path, side: Path, create_prefixes: str, language_code: str = "en") -> None:
    """Fill ``side`` with the prefixes table and the lexicon's levels, from the words of ``scratch``."""
    alphabet = language(language_code).alphabet
    connection = open_scratch(side)
    try:
        connection.execute("BEGIN")
        for create in (create_prefixes, *_SIDE_TABLES):
            connection.execute(create)
        connection.executemany("INSERT INTO lengths VALUES (?)", [(n,) for n in range(1, MAX_WORD_LENGTH + 1)])
        walk = PrefixWalk(_SideLevels(connection), alphabet=alphabet, steps=True)
        steps: list[WordStep] = []
        for word in sorted_words(scratch, alphabet):
            walk.add(word, steps)
            if len(steps) >= BATCH:
                connection.executemany("INSERT INTO word_steps VALUES (?, ?, ?)", steps)
                steps.clear()
        level_nodes = walk.finish(steps)
        connection.executemany("INSERT INTO word_steps VALUES (?, ?, ?)", steps)
        connection.execute(_EXPAND_STEPS)
        connection.execute("DROP TABLE word_steps")
        connection.executemany(
            "INSERT INTO trie_shape VALUES (?, ?, ?)",
            [(level, nodes, walk.word_count) for level, nodes in enumerate(level_nodes)],
        )
        connection.execute("COMMIT")
    finally:
        connection.close()


def _helper_main(scratch: Path, side: Path, create_prefixes: str, language_code: str, errors: Connection) -> None:
    """The forked helper: Ctrl-C is the parent's to handle (it kills the helper), so ignore it here.

    A failure sends its one-line cause back on ``errors`` and ends the helper
    with exit code 1; the parent reports that cause. Nothing the helper does
    may print a traceback.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        derive_tables(scratch, side, create_prefixes, language_code)
    except BaseException as exc:
        try:
            errors.send(_cause(exc))
        finally:
            os._exit(1)
    os._exit(0)


def _cause(exc: BaseException) -> str:
    """One line naming what went wrong in the helper: a named error's message, else its type and message."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    if isinstance(exc, (WordIndexError, sqlite3.Error)):
        return first_line(exc)
    message = first_line(exc)
    return type(exc).__name__ if message == type(exc).__name__ else f"{type(exc).__name__}: {message}"


class DerivedTables:
    """The side file a helper process fills from the scratch words (see the module docstring)."""

    def __init__(self, scratch: Path, side: Path, *, helper: bool = True, language_code: str = "en") -> None:
        self.scratch = scratch
        self.side = side
        # The index's own definition, so the loader's ``INSERT ... SELECT *`` copies the records as they are.
        self.create_prefixes = prefixes_table("sqlite")
        self.language_code = language_code
        self.process: Any = None
        self.errors: Connection | None = None
        self.level_nodes: list[int] = []
        self.word_count = 0
        side.unlink(missing_ok=True)
        if helper:
            context = helper_context()
            self.errors, sender = context.Pipe(duplex=False)
            arguments = (scratch, side, self.create_prefixes, language_code, sender)
            self.process = context.Process(target=_helper_main, args=arguments, daemon=True)
            self.process.start()
            sender.close()

    def finish(self) -> None:
        """Wait for the side file (or write it here)."""
        if self.process is None:
            derive_tables(self.scratch, self.side, self.create_prefixes, self.language_code)
        else:
            self.process.join()
            if self.process.exitcode != 0:
                raise DatabaseError(f"building the prefixes failed: {self._helper_error()}")
        connection = open_scratch(self.side)
        try:
            shape = connection.execute("SELECT nodes, words FROM trie_shape ORDER BY level").fetchall()
        finally:
            connection.close()
        self.level_nodes = [nodes for nodes, _ in shape]
        self.word_count = shape[0][1]

    def _helper_error(self) -> str:
        """What the helper sent back before it failed, or how it ended when it could send nothing."""
        if self.errors is not None and self.errors.poll():
            try:
                return str(self.errors.recv())
            except (EOFError, OSError):
                pass
        code = self.process.exitcode
        if code is not None and code < 0:
            return f"the helper process was killed by signal {-code}"
        return f"the helper process ended with exit code {code} without saying why"

    def prefix_rows(self) -> Iterator[PrefixRow]:
        """The prefixes rows in order, read a batch at a time (for a loader that cannot attach the file)."""
        connection = open_scratch(self.side)
        try:
            cursor = connection.execute("SELECT prefix, is_word, has_longer FROM prefixes ORDER BY prefix")
            while rows := cursor.fetchmany(FETCH_ROWS):
                for prefix, is_word, has_longer in rows:
                    yield prefix, bool(is_word), bool(has_longer)
        finally:
            connection.close()

    @property
    def lexicon_size(self) -> int:
        from wordindex.boggle.trie import lexicon_size

        return lexicon_size(self.level_nodes)

    def lexicon_chunks(self) -> Iterator[bytes]:
        """The Boggle lexicon's bytes, a chunk at a time (``wordindex.boggle.trie.lexicon_chunks``)."""
        from wordindex.boggle.trie import lexicon_chunks

        connection = open_scratch(self.side)

        def read_level(level: int) -> Iterator[tuple[bytes, bytes]]:
            cursor = connection.execute("SELECT masks, firsts FROM trie_levels WHERE level = ? ORDER BY seq", (level,))
            while rows := cursor.fetchmany(64):
                yield from rows

        try:
            yield from lexicon_chunks(self.level_nodes, self.word_count, read_level)
        finally:
            connection.close()

    def close(self) -> None:
        """Stop the helper if it still runs and remove its file."""
        if self.process is not None and self.process.is_alive():
            self.process.kill()
            self.process.join()
        if self.errors is not None:
            self.errors.close()
        self.side.unlink(missing_ok=True)

    def __enter__(self) -> DerivedTables:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
