"""Read a dictionary file (one word per line) into clean, unique, lowercase words.

Real word lists arrive with CRLF endings, a byte-order mark, blank lines,
stray spaces and capitals; all of that is tolerated. Anything that is not a
plain a-z word is skipped *with a reason*, so the build can report every line
it did not keep instead of dropping them silently.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from .alphabet import MAX_WORD_LENGTH, is_plain_word
from .errors import DictionaryError

SKIP_NOT_AZ = "not a-z only"
SKIP_DUPLICATE = "duplicate"
SKIP_TOO_LONG = f"longer than {MAX_WORD_LENGTH} letters"


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


def parse_lines(lines, stats: DictionaryStats | None = None) -> tuple[list[str], DictionaryStats]:
    """Normalise text lines into unique a-z words (first occurrence wins)."""
    stats = stats or DictionaryStats()
    seen: set[str] = set()
    words: list[str] = []
    skipped = stats.skipped
    for raw in lines:
        stats.lines_read += 1
        word = raw.strip().lower()
        if not word:
            stats.blank_lines += 1
            continue
        if not is_plain_word(word):
            skipped[SKIP_NOT_AZ] = skipped.get(SKIP_NOT_AZ, 0) + 1
        elif len(word) > MAX_WORD_LENGTH:
            skipped[SKIP_TOO_LONG] = skipped.get(SKIP_TOO_LONG, 0) + 1
        elif word in seen:
            skipped[SKIP_DUPLICATE] = skipped.get(SKIP_DUPLICATE, 0) + 1
        else:
            seen.add(word)
            words.append(word)
    return words, stats


def read_dictionary(path: str | Path) -> Dictionary:
    """Read and normalise a dictionary file; raise DictionaryError if it is unusable."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DictionaryError(f"dictionary file not found: {path}") from None
    except IsADirectoryError:
        raise DictionaryError(f"dictionary path is a directory, not a file: {path}") from None
    except PermissionError:
        raise DictionaryError(f"dictionary file is not readable (permission denied): {path}") from None
    except OSError as exc:
        raise DictionaryError(f"cannot read dictionary file {path}: {exc.strerror or exc}") from None
    if not data.strip():
        raise DictionaryError(f"dictionary file is empty: {path}")
    if b"\x00" in data:
        raise DictionaryError(f"dictionary file looks binary, not a text word list: {path}")
    text = data.decode("utf-8-sig", errors="replace")
    words, stats = parse_lines(text.splitlines())
    if not words:
        raise DictionaryError(
            f"dictionary file has no valid word (a-z only) in {stats.lines_read} lines: {path}"
        )
    return Dictionary(
        words=words,
        stats=stats,
        source_name=path.name,
        sha256=hashlib.sha256(data).hexdigest(),
    )
