"""Read a dictionary file (one word per line) into clean, unique, lowercase words.

Real word lists arrive with CRLF endings, a byte-order mark, blank lines,
stray spaces and capitals; all of that is tolerated. Anything that is not a
word of the language's alphabet is skipped *with a reason*, so the build can
report every line it did not keep instead of dropping them silently.

English (the default) reads a-z words as it always has, on bytes. Another
language reads each line as text in the list's encoding (UTF-8 unless told;
a line that is not valid in it stops the build with one line naming
``--encoding``, so nothing is silently mangled), then:

* a word with a capital after its first letter, or a full stop, is an
  abbreviation (``PKW``, ``GmbH``, ``etc.``), left out and counted;
* a capitalised word is a proper name, left out and counted, unless the
  language capitalises its nouns (German: ``Größe`` is a word);
* the rest plays as ``Alphabet.play`` says (NFC, lowercase, the language's
  folds: ``été`` plays as ``ete``); a character outside the alphabet leaves
  the word out, counted. The list's own spelling is kept beside the word
  (``WordLines.spellings``) so answers can print it.

A line may carry optional tab-separated columns after the word:
``word<TAB>level<TAB>flags`` (``cool\t20``, ``damn\t35\tvulgar``). The level
is a commonness level (an integer, lower = more common; the bundled list
uses SCOWL's sizes 10 to 70), empty or ``-`` when unknown; flags are
comma-separated names from ``FLAGS``. A plain list has no tabs and no
levels. One file keeps one checksum and one build command
(``wordindex build data/dictionary.txt``), and ``cut -f1`` gives the bare words.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import stat
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import compress
from pathlib import Path
from typing import BinaryIO

from wordindex.errors import DictionaryError, UsageError
from wordindex.index.record import (
    SKIP_ABBREVIATION,
    SKIP_DUPLICATE,
    SKIP_NOT_AZ,
    SKIP_OUTSIDE,
    SKIP_PROPER_NAME,
    SKIP_TOO_LONG,
)
from wordindex.languages import Capitals, Language, language
from wordindex.languages.alphabet import ASCII_WHITESPACE, MAX_WORD_LENGTH, ascii_lower

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

    def skip(self, reason: str, count: int) -> None:
        if count:
            self.skipped[reason] = self.skipped.get(reason, 0) + count


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
CHUNK_BYTES = 1 << 18
#: A line longer than this cannot be a word; its bytes are dropped as they arrive.
LONG_LINE = 1 << 16
_BOM = b"\xef\xbb\xbf"
#: A whole line of lowercase a-z, as bytes (nothing outside ASCII can match).
_PLAIN_BYTES = re.compile(rb"[a-z]+").fullmatch
#: Stands for the end of an over-long line: counted as one line that is not a-z.
_NOT_A_WORD = b"\x00"


@dataclass
class WordLines:
    """The words of one piece of a file, in file order, duplicates included, with their columns.

    ``levels[i]`` and ``vulgar[i]`` belong to ``words[i]``; both are None
    when no line of the piece had a tab (a plain list). ``spellings[i]`` is
    how the list spells ``words[i]`` (NFC, its capitals and accents kept);
    None when every spelling is the word itself (English).
    """

    words: list[str]
    levels: list[int | None] | None = None
    vulgar: list[bool] | None = None
    spellings: list[str] | None = None


def _fits(word: bytes) -> bool:
    return bool(word) and _PLAIN_BYTES(word) is not None and len(word) <= MAX_WORD_LENGTH


class _LineCleaner:
    """Turns a batch of raw lines into a ``WordLines``, counting the lines it drops and why.

    Works on bytes: ``bytes.strip`` removes ASCII whitespace only and
    ``bytes.lower`` lowercases A-Z only, so no character outside ASCII can
    turn into a letter (the Kelvin sign U+212A is not a ``k``). Each batch
    of lines goes through whole-list passes (comprehensions) rather than one
    loop with branches: a 430k-line file is read in a fraction of the time.
    Duplicates are kept: telling them apart needs every word seen so far,
    which is the consumer's job (the build does it on disk).
    """

    def __init__(self, stats: DictionaryStats) -> None:
        self.stats = stats
        self.kept = 0

    def clean(self, lines: list[bytes]) -> WordLines:
        stats = self.stats
        cleaned = [line.strip() for line in lines]
        levels: list[int | None] | None = None
        vulgar: list[bool] | None = None
        if any(b"\t" in line for line in cleaned):
            # Annotated lines (word, level, flags): cut the columns off, keep the bare words as bytes.
            texts = [line.decode("utf-8", "replace") for line in cleaned]
            words, levels, vulgar = split_annotations(texts, stats.lines_read + 1)
            cleaned = [word.encode("utf-8") for word in words]
        stats.lines_read += len(cleaned)
        lowered = [word.lower() for word in cleaned]
        present = [word for word in lowered if word]
        stats.blank_lines += len(lowered) - len(present)
        plain = [word for word in present if _PLAIN_BYTES(word)]
        fitting = [word for word in plain if len(word) <= MAX_WORD_LENGTH]
        stats.skip(SKIP_NOT_AZ, len(present) - len(plain))
        stats.skip(SKIP_TOO_LONG, len(plain) - len(fitting))
        self.kept += len(fitting)
        if levels is not None and vulgar is not None and len(fitting) < len(lowered):
            keep = [_fits(word) for word in lowered]
            levels, vulgar = list(compress(levels, keep)), list(compress(vulgar, keep))
        return WordLines([word.decode("ascii") for word in fitting], levels, vulgar)


class _TextCleaner:
    """The ``_LineCleaner`` of a language other than English: lines read as text, see the module docstring.

    One pass per line in Python (the rules look at each character's case);
    every line that is not kept is counted under its reason.
    """

    def __init__(self, stats: DictionaryStats, language: Language, encoding: str, path: Path) -> None:
        self.stats = stats
        self.alphabet = language.alphabet
        self.capitals = language.capitals
        self.outside = SKIP_NOT_AZ if language.code == "en" else SKIP_OUTSIDE
        self.respells = language.respells
        self.encoding = encoding
        self.path = path
        self.kept = 0

    def _decode(self, lines: list[bytes]) -> list[str]:
        try:
            return [line.decode(self.encoding) for line in lines]
        except UnicodeDecodeError:
            first = self.stats.lines_read + 1
            number = next(i for i, line in enumerate(lines, start=first) if not _decodes(line, self.encoding))
            raise DictionaryError(
                f"line {number} of {self.path} is not valid {self.encoding}: give the list's encoding with "
                "--encoding (for example --encoding latin-1)"
            ) from None

    def clean(self, lines: list[bytes]) -> WordLines:
        stats = self.stats
        texts = self._decode([line.strip() for line in lines])
        levels: list[int | None] | None = None
        vulgar: list[bool] | None = None
        if any("\t" in text for text in texts):
            texts, levels, vulgar = split_annotations(texts, stats.lines_read + 1, lower=False)
        stats.lines_read += len(texts)
        play = self.alphabet.play
        words: list[str] = []
        spellings: list[str] = []
        keep: list[bool] = []
        reasons = {SKIP_ABBREVIATION: 0, SKIP_PROPER_NAME: 0, self.outside: 0, SKIP_TOO_LONG: 0}
        blank = 0
        for text in texts:
            reason = None
            if not text:
                blank += 1
                keep.append(False)
                continue
            spelling = text if text.isascii() else unicodedata.normalize("NFC", text)
            if "." in spelling or not spelling.islower():
                reason = self._capital_reason(spelling)
            if reason is None:
                word = play(spelling)
                if word is None or not word:
                    reason = self.outside
                elif len(word) > MAX_WORD_LENGTH:
                    reason = SKIP_TOO_LONG
                else:
                    words.append(word)
                    spellings.append(spelling)
            if reason is not None:
                reasons[reason] += 1
            keep.append(reason is None)
        stats.blank_lines += blank
        for reason, count in reasons.items():
            stats.skip(reason, count)
        self.kept += len(words)
        if levels is not None and vulgar is not None:
            levels, vulgar = list(compress(levels, keep)), list(compress(vulgar, keep))
        return WordLines(words, levels, vulgar, spellings if self.respells else None)

    def _capital_reason(self, spelling: str) -> str | None:
        """Why a word with a capital (or a full stop) is left out, or None to keep it (and lowercase it)."""
        if self.capitals is Capitals.FOLD:
            return None
        if "." in spelling or any(ch.isupper() for ch in spelling[1:]):
            return SKIP_ABBREVIATION
        if spelling[:1].isupper() and self.capitals is Capitals.NAMES:
            return SKIP_PROPER_NAME
        return None


def _decodes(line: bytes, encoding: str) -> bool:
    try:
        line.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def check_encoding(encoding: str) -> str:
    """The codec's canonical name; UsageError for one Python does not know or the reader cannot split.

    Lines are split on the byte ``\n``, so the encoding must write ASCII as ASCII (UTF-8, Latin-1,
    cp1252, ISO-8859-2, ...; not UTF-16).
    """
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise UsageError(f"unknown encoding {encoding!r} (for example utf-8, latin-1, cp1252)") from None
    if "\n a".encode(name, "replace") != b"\n a":
        raise UsageError(
            f"encoding {encoding!r} does not write ASCII as ASCII, so its lines cannot be read: "
            f"convert the list to UTF-8 first (iconv -f {name} -t utf-8)"
        )
    return name


#: One line's columns: the word, the level, the flags, and anything beyond (an error).
_COLUMNS = re.compile(r"^([^\t\n]*)(?:\t([^\t\n]*))?(?:\t([^\t\n]*))?(\t[^\n]*)?$", re.MULTILINE)


def split_annotations(
    cleaned: list[str], first_line: int = 1, *, lower: bool = True
) -> tuple[list[str], list[int | None], list[bool]]:
    """Cut the tab-separated level and flags off each cleaned line: the bare words, their levels and flags.

    A line without a tab has no level (None) and no flag. A level that is
    not a whole number in range, an unknown flag or a fourth column is a
    DictionaryError naming the line: such a file is not what it claims. The
    columns are cut by one regular-expression pass over the joined lines (in
    C; splitting each line in Python cost several times more), and each
    distinct level or flag text is checked once (a list has a handful).
    Which line's level a repeated word keeps is the consumer's choice (the
    first line that gives one).
    """
    rows = _COLUMNS.findall("\n".join(cleaned))
    words = [row[0].strip(ASCII_WHITESPACE) for row in rows]
    if lower:
        words = [ascii_lower(word) for word in words]
    levels = {text: _level(text) for text in {row[1].strip() for row in rows}}
    flags = {text: frozenset(f.strip() for f in text.split(",") if f.strip()) for text in {row[2] for row in rows}}
    malformed = any(row[3] for row in rows) or _BAD_LEVEL in levels.values() or any(f - FLAGS for f in flags.values())
    if malformed:
        number, row = next((i, row) for i, row in enumerate(rows, start=first_line) if _problem(row, levels, flags))
        raise DictionaryError(f"line {number}: {_problem(row, levels, flags)}")
    vulgar = {text: FLAG_VULGAR in found for text, found in flags.items()}
    return words, [levels[row[1].strip()] for row in rows], [vulgar[row[2]] for row in rows]


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


class DictionaryReader:
    """A dictionary file read as a stream of ``WordLines`` pieces, never held whole.

    ``pieces()`` reads the file in ``CHUNK_BYTES`` pieces and splits it on
    ``\\n`` alone (a ``\\r`` before it is stripped with the other ASCII
    whitespace). When it is exhausted, ``stats`` (but for the duplicates,
    which only the consumer can count), ``sha256`` and ``lines_kept`` are
    final; a file without a single word raises DictionaryError there.
    ``bytes_read`` and ``size`` (0 for a pipe) drive a progress bar.
    """

    def __init__(self, path: str | Path, language_code: str | None = None, encoding: str | None = None) -> None:
        self.path = Path(path)
        self.source_name = self.path.name
        self.language = language(language_code)
        self.stats = DictionaryStats()
        self.bytes_read = 0
        self.size = 0
        self._digest = hashlib.sha256()
        self._cleaner: _LineCleaner | _TextCleaner
        if self.language.code == "en" and encoding is None:
            self._cleaner = _LineCleaner(self.stats)  # a-z on bytes: any ASCII-compatible list reads alike
        else:
            chosen = check_encoding(encoding or "utf-8")
            self._cleaner = _TextCleaner(self.stats, self.language, chosen, self.path)

    @property
    def sha256(self) -> str:
        return self._digest.hexdigest()

    @property
    def lines_kept(self) -> int:
        """Lines that hold an a-z word (duplicates included)."""
        return self._cleaner.kept

    def pieces(self) -> Iterator[WordLines]:
        path, clean = self.path, self._cleaner.clean
        tail = b""
        first = True
        long_line = False
        with _open(path) as handle:
            info = os.fstat(handle.fileno())
            self.size = info.st_size if stat.S_ISREG(info.st_mode) else 0
            while True:
                try:
                    chunk = handle.read(CHUNK_BYTES)
                except OSError as exc:
                    raise DictionaryError(f"cannot read dictionary file {path}: {exc.strerror or exc}") from None
                if not chunk:
                    break
                self._digest.update(chunk)
                self.bytes_read += len(chunk)
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
                    yield clean(lines)
                if len(tail) > LONG_LINE:
                    tail, long_line = b"", True
        if long_line:
            yield clean([_NOT_A_WORD])
        elif tail:
            yield clean([tail.removeprefix(_BOM) if first else tail])
        stats = self.stats
        if stats.lines_read == stats.blank_lines:
            raise DictionaryError(f"dictionary file is empty: {path}")
        if not self.lines_kept:
            letters = "a-z only" if isinstance(self._cleaner, _LineCleaner) else f"{self.language.name} letters"
            raise DictionaryError(f"dictionary file has no valid word ({letters}) in {stats.lines_read} lines: {path}")

    def count_duplicates(self, distinct: int) -> None:
        """Record the duplicate lines, once the consumer knows how many distinct words there are."""
        duplicates = self.lines_kept - distinct
        if duplicates:
            self.stats.skipped[SKIP_DUPLICATE] = duplicates


def read_dictionary(path: str | Path, language_code: str | None = None, encoding: str | None = None) -> Dictionary:
    """Read a whole dictionary into memory (tests and small tools; ``build`` streams instead).

    Each word is kept once, at its first line; it takes the level of the
    first of its lines that gives one, and is vulgar when any of its lines
    says so. Raises DictionaryError if the file is unusable.
    """
    reader = DictionaryReader(path, language_code, encoding)
    levels: dict[str, int] = {}
    vulgar: set[str] = set()
    seen: dict[str, None] = {}
    for piece in reader.pieces():
        seen.update(dict.fromkeys(piece.words))
        if piece.levels is not None and piece.vulgar is not None:
            for word, level, flagged in zip(piece.words, piece.levels, piece.vulgar, strict=True):
                if level is not None:
                    levels.setdefault(word, level)
                if flagged:
                    vulgar.add(word)
    reader.count_duplicates(len(seen))
    return Dictionary(
        words=list(seen),
        stats=reader.stats,
        source_name=reader.source_name,
        sha256=reader.sha256,
        levels=levels,
        vulgar=frozenset(vulgar),
    )
