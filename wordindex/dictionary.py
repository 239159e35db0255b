"""Read a dictionary file (one word per line) into clean, unique, lowercase words.

Real word lists arrive with CRLF endings, a byte-order mark, blank lines,
stray spaces and capitals; all of that is tolerated. Anything that is not a
plain a-z word is skipped *with a reason*, so the build can report every line
it did not keep instead of dropping them silently.

A line may carry optional tab-separated columns after the word:
``word<TAB>level<TAB>flags`` (``cool\t20``, ``damn\t35\tvulgar``). The level
is a commonness level (an integer, lower = more common; the bundled list
uses SCOWL's sizes 10 to 70), empty or ``-`` when unknown; flags are
comma-separated names from ``FLAGS``. A plain list has no tabs and no
levels. One file keeps one checksum and one build command
(``wordindex build data/dictionary.txt``), and ``cut -f1`` gives the bare words.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from .alphabet import ASCII_WHITESPACE, MAX_WORD_LENGTH, ascii_lower
from .errors import DictionaryError

SKIP_NOT_AZ = "not a-z only"
SKIP_DUPLICATE = "duplicate"
SKIP_TOO_LONG = f"longer than {MAX_WORD_LENGTH} letters"

#: Flags a dictionary line may carry (third column). ``vulgar``: a valid word never picked or suggested by default.
FLAG_VULGAR = "vulgar"
FLAGS = frozenset({FLAG_VULGAR})
#: Levels the index stores (a SMALLINT column; SCOWL's sizes run from 10 to 95).
MIN_LEVEL, MAX_LEVEL = 1, 1000


@dataclass
class DictionaryStats:
    """What reading the file found: the build reports all of it."""

    lines_read: int = 0
    blank_lines: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    @property
    def skipped_total(self) -> int:
        return sum(self.skipped.values())


@dataclass
class Dictionary:
    """The words of one file, in file order, with where they came from."""

    words: list[str]
    stats: DictionaryStats
    source_name: str
    sha256: str
    levels: dict[str, int] = field(default_factory=dict)  # word -> level, for the words that have one
    vulgar: frozenset[str] = frozenset()

    @property
    def has_levels(self) -> bool:
        return bool(self.levels)


#: Bytes read at a time: the file is never held whole in memory.
CHUNK_BYTES = 1 << 20
#: A line longer than this cannot be a word; its bytes are dropped as they arrive.
LONG_LINE = 1 << 16
_BOM = b"\xef\xbb\xbf"
#: A whole line of lowercase a-z, as bytes (nothing outside ASCII can match).
_PLAIN_BYTES = re.compile(rb"[a-z]+").fullmatch
#: Stands for the end of an over-long line: counted as one line that is not a-z.
_NOT_A_WORD = b"\x00"


class _WordCollector:
    """Unique a-z words of a stream of lines, first occurrence first, with the reasons for the rest.

    Works on bytes: ``bytes.strip`` removes ASCII whitespace only and
    ``bytes.lower`` lowercases A-Z only, so no character outside ASCII can
    turn into a letter (the Kelvin sign U+212A is not a ``k``). Each batch
    of lines goes through whole-list passes (comprehensions,
    ``dict.fromkeys``) rather than one loop with branches: a 430k-line file
    is read in a fraction of the time.
    """

    def __init__(self, stats: DictionaryStats) -> None:
        self.stats = stats
        self.seen: dict[bytes, None] = {}
        self.annotations = Annotations()

    def add(self, lines: list[bytes]) -> None:
        stats = self.stats
        cleaned = [line.strip() for line in lines]
        if any(b"\t" in line for line in cleaned):
            # Annotated lines (word, level, flags): cut the columns off, keep the bare words as bytes.
            texts = [line.decode("utf-8", "replace") for line in cleaned]
            words = split_annotations(texts, self.annotations, stats.lines_read + 1)
            cleaned = [word.encode("utf-8") for word in words]
        stats.lines_read += len(cleaned)
        present = [word.lower() for word in cleaned if word]
        stats.blank_lines += len(cleaned) - len(present)
        plain = [word for word in present if _PLAIN_BYTES(word)]
        fitting = [word for word in plain if len(word) <= MAX_WORD_LENGTH]
        before = len(self.seen)
        self.seen.update(dict.fromkeys(fitting))
        for reason, count in (
            (SKIP_NOT_AZ, len(present) - len(plain)),
            (SKIP_TOO_LONG, len(plain) - len(fitting)),
            (SKIP_DUPLICATE, len(fitting) - (len(self.seen) - before)),
        ):
            if count:
                stats.skipped[reason] = stats.skipped.get(reason, 0) + count

    def words(self) -> list[str]:
        return [word.decode("ascii") for word in self.seen]


@dataclass
class Annotations:
    """The optional columns of a dictionary's lines: levels and flags by (cleaned) word."""

    levels: dict[str, int] = field(default_factory=dict)
    flags: dict[str, frozenset[str]] = field(default_factory=dict)


#: One line's columns: the word, the level, the flags, and anything beyond (an error).
_COLUMNS = re.compile(r"^([^\t\n]*)(?:\t([^\t\n]*))?(?:\t([^\t\n]*))?(\t[^\n]*)?$", re.MULTILINE)


def split_annotations(cleaned: list[str], annotations: Annotations, first_line: int = 1) -> list[str]:
    """Cut the tab-separated level and flags off each cleaned line; return the bare words.

    Lines without a tab (a plain word list) are returned as they are. The
    first annotation of a word wins, as its first occurrence does. A level
    that is not a whole number in range, an unknown flag or a fourth column
    is a DictionaryError naming the line: such a file is not what it claims.
    The columns are cut by one regular-expression pass over the joined lines
    (in C; splitting each line in Python cost several times more), and each
    distinct level or flag text is checked once (a list has a handful).
    """
    if not any("\t" in line for line in cleaned):
        return cleaned
    rows = _COLUMNS.findall("\n".join(cleaned))
    words = [ascii_lower(row[0].strip(ASCII_WHITESPACE)) for row in rows]
    levels = {text: _level(text) for text in {row[1].strip() for row in rows}}
    flags = {text: frozenset(f.strip() for f in text.split(",") if f.strip()) for text in {row[2] for row in rows}}
    malformed = any(row[3] for row in rows) or _BAD_LEVEL in levels.values() or any(f - FLAGS for f in flags.values())
    if malformed:
        number, row = next((i, row) for i, row in enumerate(rows, start=first_line) if _problem(row, levels, flags))
        raise DictionaryError(f"line {number}: {_problem(row, levels, flags)}")
    # dict() of the reversed pairs keeps each word's first annotation; earlier chunks' annotations win.
    found_levels = dict(reversed([(w, levels[r[1].strip()]) for w, r in zip(words, rows, strict=True) if r[1]]))
    found_flags = dict(reversed([(w, flags[r[2]]) for w, r in zip(words, rows, strict=True) if r[2]]))
    annotations.levels = {**{w: v for w, v in found_levels.items() if v is not None}, **annotations.levels}
    annotations.flags = {**{w: v for w, v in found_flags.items() if v}, **annotations.flags}
    return words


def _problem(row: tuple[str, ...], levels: dict[str, int | None], flags: dict[str, frozenset[str]]) -> str | None:
    """What is wrong with one line's columns, or None."""
    if row[3]:
        return "more than three tab-separated columns (word, level, flags)"
    if levels[row[1].strip()] is _BAD_LEVEL:
        return f"level {row[1].strip()!r} is not a whole number from {MIN_LEVEL} to {MAX_LEVEL}"
    unknown = sorted(flags[row[2]] - FLAGS)
    if unknown:
        return f"unknown flag {unknown[0]!r} (known: {', '.join(sorted(FLAGS))})"
    return None


_BAD_LEVEL = -1


def _level(text: str) -> int | None:
    """A level column's value: None when empty or ``-``, ``_BAD_LEVEL`` when malformed."""
    if text in ("", "-"):
        return None
    if not text.isdigit() or not MIN_LEVEL <= int(text) <= MAX_LEVEL:
        return _BAD_LEVEL
    return int(text)


def _open(path: Path) -> BinaryIO:
    """Open for reading without ever blocking on the open itself.

    A FIFO nobody writes to would block a plain ``open`` forever; opened
    non-blocking it reads as empty (a clean "empty" error), while a pipe with
    a writer (``build <(zcat words.gz)``) is read normally.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise DictionaryError(f"dictionary file not found: {path}") from None
    except IsADirectoryError:
        raise DictionaryError(f"dictionary path is a directory, not a file: {path}") from None
    except PermissionError:
        raise DictionaryError(f"dictionary file is not readable (permission denied): {path}") from None
    except OSError as exc:
        raise DictionaryError(f"cannot read dictionary file {path}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(os.fstat(fd).st_mode):
        os.close(fd)
        raise DictionaryError(f"dictionary path is a directory, not a file: {path}")
    os.set_blocking(fd, True)
    return open(fd, "rb", buffering=0)


def read_dictionary(path: str | Path) -> Dictionary:
    """Read and normalise a dictionary file; raise DictionaryError if it is unusable.

    The file is streamed in ``CHUNK_BYTES`` pieces and split on ``\\n`` alone
    (a ``\\r`` before it is stripped with the other ASCII whitespace), so
    memory holds the distinct words, never the file.
    """
    path = Path(path)
    stats = DictionaryStats()
    collector = _WordCollector(stats)
    digest = hashlib.sha256()
    tail = b""
    first = True
    long_line = False
    with _open(path) as handle:
        while True:
            try:
                chunk = handle.read(CHUNK_BYTES)
            except OSError as exc:
                raise DictionaryError(f"cannot read dictionary file {path}: {exc.strerror or exc}") from None
            if not chunk:
                break
            digest.update(chunk)
            if b"\x00" in chunk:
                raise DictionaryError(f"dictionary file looks binary, not a text word list: {path}")
            lines = (tail + chunk).split(b"\n")
            tail = lines.pop()
            if lines:
                if first:
                    lines[0] = lines[0].removeprefix(_BOM)
                    first = False
                if long_line:
                    lines[0] = _NOT_A_WORD
                    long_line = False
                collector.add(lines)
            if len(tail) > LONG_LINE:
                tail, long_line = b"", True
    if long_line:
        collector.add([_NOT_A_WORD])
    elif tail:
        collector.add([tail.removeprefix(_BOM) if first else tail])
    if stats.lines_read == stats.blank_lines:
        raise DictionaryError(f"dictionary file is empty: {path}")
    words = collector.words()
    if not words:
        raise DictionaryError(f"dictionary file has no valid word (a-z only) in {stats.lines_read} lines: {path}")
    annotations = collector.annotations
    levels = annotations.levels
    vulgar = {w for w, flags in annotations.flags.items() if FLAG_VULGAR in flags}
    if stats.skipped.get(SKIP_NOT_AZ) or stats.skipped.get(SKIP_TOO_LONG):  # annotations of skipped lines go
        kept = set(words)
        levels = {word: level for word, level in levels.items() if word in kept}
        vulgar &= kept
    return Dictionary(
        words=words,
        stats=stats,
        source_name=path.name,
        sha256=digest.hexdigest(),
        levels=levels,
        vulgar=frozenset(vulgar),
    )
