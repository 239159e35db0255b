"""The foundation's questions: is it a word, is it a prefix, which words fit a pattern.

Each question is one set-based query with bound parameters, however many
words it asks about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .alphabet import ASCII_WHITESPACE, MAX_WORD_LENGTH, ascii_lower
from .errors import UsageError
from .index import Index, chunks, in_list
from .levels import LevelRange, WordPool, check_pool, has_levels, restrict
from .pattern import Pattern, candidate_condition

#: The largest ``LIMIT`` every backend accepts (a signed 64-bit integer).
MAX_LIMIT = 2**63 - 1


def _normalise(items: Sequence[str], what: str) -> list[str]:
    """Strip ASCII whitespace and lowercase A-Z only (no other character becomes a letter)."""
    cleaned = [ascii_lower(item.strip(ASCII_WHITESPACE)) for item in items]
    if any(not item for item in cleaned):
        raise UsageError(f"an empty {what} was given")
    return cleaned


def _present(index: Index, table: str, column: str, values: list[str]) -> set[str]:
    """Which ``values`` the table holds: one IN-list query per chunk, so time grows linearly."""
    found: set[str] = set()
    for chunk in chunks(sorted(set(values))):
        placeholders, params = in_list("v", chunk)
        found.update(
            row[0] for row in index.rows(f"SELECT {column} FROM {table} WHERE {column} IN ({placeholders})", params)
        )
    return found


def check_words(index: Index, words: Sequence[str]) -> list[tuple[str, bool]]:
    """``(word, is a word)`` for each word, in the order given (A-Z lowercased)."""
    cleaned = _normalise(words, "word")
    found = _present(index, "words", "word", cleaned)
    return [(word, word in found) for word in cleaned]


def check_prefixes(index: Index, prefixes: Sequence[str]) -> list[tuple[str, bool]]:
    """``(prefix, begins some word)`` for each prefix, in the order given (A-Z lowercased)."""
    cleaned = _normalise(prefixes, "prefix")
    found = _present(index, "prefixes", "prefix", cleaned)
    return [(prefix, prefix in found) for prefix in cleaned]


@dataclass(frozen=True)
class WordFacts:
    """What ``check --json`` says of one word: whether it is one, its level (None: unknown) and flag."""

    word: str
    valid: bool
    level: int | None
    vulgar: bool


def describe_words(index: Index, words: Sequence[str]) -> list[WordFacts]:
    """``check_words`` with each word's level and vulgar flag, in one query."""
    cleaned = _normalise(words, "word")
    found: dict[str, tuple[int | None, bool]] = {}
    for chunk in chunks(sorted(set(cleaned))):  # one IN-list query per chunk: linear in the number of words
        placeholders, params = in_list("v", chunk)
        sql = f"SELECT word, level, vulgar FROM words WHERE word IN ({placeholders})"
        found.update((word, (level, bool(vulgar))) for word, level, vulgar in index.rows(sql, params))
    return [WordFacts(word, word in found, *(found[word] if word in found else (None, False))) for word in cleaned]


@dataclass(frozen=True)
class Matches:
    """How many words fit, and (up to the limit) which, sorted."""

    count: int
    words: list[str]


def words_matching(
    index: Index,
    pattern: Pattern,
    guessed: frozenset[str] | None = None,
    limit: int | None = None,
    levels: LevelRange | None = None,
) -> Matches:
    """Words that fit a hangman pattern.

    Without ``guessed`` a blank may hold any letter; with it (even empty
    letters are allowed, the revealed ones count) guessed letters stand only
    where the pattern shows them. ``levels`` keeps only words of those levels
    (NoLevelsError on an index without levels); vulgar words are listed, as
    they are valid words.
    """
    if limit is not None and not 0 <= limit <= MAX_LIMIT:
        raise UsageError(f"--limit must be between 0 and {MAX_LIMIT}, not {limit}")
    if pattern.length > MAX_WORD_LENGTH:
        return Matches(count=0, words=[])  # no word is that long (and its position masks would overflow)
    pool = check_pool(index, WordPool(levels, allow_vulgar=True)) if levels is not None else None
    where, params = restrict(*candidate_condition(pattern, guessed, exclusive=guessed is not None), pool)
    sql = f"SELECT word, COUNT(*) OVER () FROM words WHERE {where} ORDER BY word"
    if limit is not None:
        sql += " LIMIT :limit"
        params["limit"] = limit
        if limit == 0:
            count = index.scalar(f"SELECT COUNT(*) FROM words WHERE {where}", params)
            return Matches(count=count, words=[])
    rows = index.rows(sql, params)
    return Matches(count=rows[0][1] if rows else 0, words=[row[0] for row in rows])


@dataclass(frozen=True)
class IndexInfo:
    """What ``wordindex info`` reports."""

    source_name: str
    source_sha256: str
    word_count: int
    lines_read: int
    skipped: dict[str, int]
    built_at: str
    build_seconds: float
    wordindex_version: str
    schema_revision: str
    counts_by_length: list[tuple[int, int]]
    database: str
    has_levels: bool
    counts_by_level: list[tuple[int | None, int]]  # (level, words), None (no level) last
    vulgar_words: int


def index_info(index: Index) -> IndexInfo:
    """The build record and the number of words of each length."""
    row = index.rows(
        "SELECT source_name, source_sha256, word_count, lines_read, skipped_not_az, skipped_duplicate, "
        "skipped_too_long, built_at, build_seconds, wordindex_version FROM index_info"
    )
    if not row:
        from .errors import NotAnIndexError

        raise NotAnIndexError(f"{index.location.display} has no build record; rebuild it with `wordindex build PATH`")
    (name, sha, count, lines, not_az, dup, too_long, built_at, seconds, version) = row[0]
    lengths = index.rows("SELECT length, COUNT(*) FROM words GROUP BY length ORDER BY length")
    levels = index.rows("SELECT level, COUNT(*) FROM words GROUP BY level")
    by_level = sorted(((level, int(n)) for level, n in levels), key=lambda row: (row[0] is None, row[0] or 0))
    return IndexInfo(
        source_name=name,
        source_sha256=sha,
        word_count=count,
        lines_read=lines,
        skipped={"not a-z only": not_az, "duplicate": dup, "too long": too_long},
        built_at=built_at,
        build_seconds=float(seconds),
        wordindex_version=version,
        schema_revision=index.revision or "",
        counts_by_length=[(int(length), int(n)) for length, n in lengths],
        database=index.location.display,
        has_levels=has_levels(index),
        counts_by_level=by_level,
        vulgar_words=int(index.scalar("SELECT COUNT(*) FROM words WHERE vulgar") or 0),
    )
