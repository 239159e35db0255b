"""The foundation's questions: is it a word, is it a prefix, which words fit a pattern.

Each question is one set-based query with bound parameters, however many
words it asks about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import UsageError
from .index import Index, expand_in
from .pattern import Pattern, candidate_condition


def _normalise(items: Sequence[str], what: str) -> list[str]:
    cleaned = [item.strip().lower() for item in items]
    if any(not item for item in cleaned):
        raise UsageError(f"an empty {what} was given")
    return cleaned


def check_words(index: Index, words: Sequence[str]) -> list[tuple[str, bool]]:
    """``(word, is a word)`` for each word, in the order given (lowercased)."""
    cleaned = _normalise(words, "word")
    sql, params = expand_in("SELECT word FROM words WHERE word IN (:words)", "words", sorted(set(cleaned)))
    found = {row[0] for row in index.rows(sql, params)}
    return [(word, word in found) for word in cleaned]


def check_prefixes(index: Index, prefixes: Sequence[str]) -> list[tuple[str, bool]]:
    """``(prefix, begins some word)`` for each prefix, in the order given (lowercased)."""
    cleaned = _normalise(prefixes, "prefix")
    sql, params = expand_in("SELECT prefix FROM prefixes WHERE prefix IN (:prefixes)", "prefixes", sorted(set(cleaned)))
    found = {row[0] for row in index.rows(sql, params)}
    return [(prefix, prefix in found) for prefix in cleaned]


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
) -> Matches:
    """Words that fit a hangman pattern.

    Without ``guessed`` a blank may hold any letter; with it (even empty
    letters are allowed, the revealed ones count) guessed letters stand only
    where the pattern shows them.
    """
    if limit is not None and limit < 0:
        raise UsageError(f"--limit must be 0 or more, not {limit}")
    where, params = candidate_condition(pattern, guessed, exclusive=guessed is not None)
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
    )
