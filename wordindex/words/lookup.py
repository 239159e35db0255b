"""The foundation's questions: is it a word, is it a prefix, which words fit a pattern.

Each question is one set-based query with bound parameters, however many
words it asks about. Words are asked and answered in the letters they play
as (``Alphabet.play``: a French player may type ``été`` or ``ete``), and
``spellings`` tells how the list spells the words found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordindex.errors import UsageError
from wordindex.index.core import Index
from wordindex.index.sql_text import chunks, in_list
from wordindex.languages.alphabet import ASCII_WHITESPACE, MAX_WORD_LENGTH, Alphabet
from wordindex.words.levels import LevelRange, WordPool, check_pool, has_levels
from wordindex.words.pattern import Pattern

#: The largest ``LIMIT`` every backend accepts (a signed 64-bit integer).
MAX_LIMIT = 2**63 - 1


@dataclass(frozen=True)
class Asked:
    """One word or prefix as typed: ``text`` to echo (lowercase NFC), ``play`` its letters (None: not playable)."""

    text: str
    play: str | None

    def shown(self, found: bool) -> str:
        """What an answer names it by: its letters when it was found, else what was typed."""
        return self.play if found and self.play is not None else self.text


def _normalise(alphabet: Alphabet, items: Sequence[str], what: str) -> list[Asked]:
    """Strip ASCII whitespace; lowercase and fold as the alphabet says (no other character becomes a letter)."""
    stripped = [item.strip(ASCII_WHITESPACE) for item in items]
    if any(not item for item in stripped):
        raise UsageError(f"an empty {what} was given")
    return [Asked(alphabet.lower(item), alphabet.play(item)) for item in stripped]


def _present(index: Index, table: str, column: str, values: list[str]) -> set[str]:
    """Which ``values`` the table holds: one IN-list query per chunk, so time grows linearly."""
    found: set[str] = set()
    for chunk in chunks(sorted(set(values))):
        placeholders, params = in_list("v", chunk)
        found.update(
            row[0] for row in index.rows(f"SELECT {column} FROM {table} WHERE {column} IN ({placeholders})", params)
        )
    return found


def _playable(asked: list[Asked]) -> list[str]:
    return [item.play for item in asked if item.play]


def check_words(index: Index, words: Sequence[str]) -> list[tuple[str, bool]]:
    """``(word, is a word)`` for each word, in the order given (in the letters it plays as)."""
    asked = _normalise(index.alphabet, words, "word")
    found = _present(index, "words", "word", _playable(asked))
    return [(item.shown(item.play in found), item.play in found) for item in asked]


def check_prefixes(index: Index, prefixes: Sequence[str]) -> list[tuple[str, bool]]:
    """``(prefix, begins some word)`` for each prefix, in the order given (in the letters it plays as)."""
    asked = _normalise(index.alphabet, prefixes, "prefix")
    found = _present(index, "prefixes", "prefix", _playable(asked))
    return [(item.shown(item.play in found), item.play in found) for item in asked]


@dataclass(frozen=True)
class WordFacts:
    """What ``check --json`` says of one word: whether it is one, its level (None: unknown), flag and spellings.

    ``spellings`` is how the list spells it (``["été"]`` for ``ete``; the word itself when the
    list spells it as it plays; empty when it is not a word).
    """

    word: str
    valid: bool
    level: int | None
    vulgar: bool
    spellings: tuple[str, ...] = ()


def split_spelling(word: str, spelling: str | None) -> tuple[str, ...]:
    """A ``words.spelling`` value as the spellings it holds (the word itself when NULL)."""
    return tuple(spelling.split(" ")) if spelling else (word,)


def describe_words(index: Index, words: Sequence[str]) -> list[WordFacts]:
    """``check_words`` with each word's level, vulgar flag and spellings, in one query (none when
    the words' lengths are held in memory: ``Index.words``)."""
    asked = _normalise(index.alphabet, words, "word")
    found = {
        play: (level, vulgar, split_spelling(play, spelling))
        for play, (level, vulgar, spelling) in index.words.facts(sorted(set(_playable(asked)))).items()
    }
    facts = []
    for item in asked:
        if item.play in found:
            facts.append(WordFacts(item.play, True, *found[item.play]))
        else:
            facts.append(WordFacts(item.text, False, None, False))
    return facts


def spellings(index: Index, words: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """How the list spells each of ``words`` (play letters, all in the index): one query per chunk.

    Words the list spells as they play are left out, so an English index answers with an empty
    dict; callers show ``found.get(word, (word,))``.
    """
    result: dict[str, tuple[str, ...]] = {}
    for chunk in chunks(sorted(set(words))):
        placeholders, params = in_list("v", chunk)
        sql = f"SELECT word, spelling FROM words WHERE word IN ({placeholders}) AND spelling IS NOT NULL"
        result.update((word, split_spelling(word, spelling)) for word, spelling in index.rows(sql, params))
    return result


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
    count, found = index.words.matching(pattern, guessed, limit, pool)
    return Matches(count=count, words=found)


@dataclass(frozen=True)
class IndexInfo:
    """What ``wordindex info`` reports."""

    source_name: str
    source_sha256: str
    word_count: int
    lines_read: int
    skipped: dict[str, int]
    language: str
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
    """The build record and the number of words of each length (read once per build of the index)."""
    return index.remembered("index_info", lambda: _read_index_info(index))


def _read_index_info(index: Index) -> IndexInfo:
    row = index.rows(
        "SELECT source_name, source_sha256, word_count, lines_read, skipped_not_az, skipped_duplicate, "
        "skipped_too_long, built_at, build_seconds, wordindex_version, language, skipped_proper_name, "
        "skipped_abbreviation FROM index_info"
    )
    if not row:
        from wordindex.errors import NotAnIndexError

        raise NotAnIndexError(f"{index.location.display} has no build record; rebuild it with `wordindex build PATH`")
    (name, sha, count, lines, not_az, dup, too_long, built_at, seconds, version, code, names, abbreviations) = row[0]
    lengths = index.rows("SELECT length, COUNT(*) FROM words GROUP BY length ORDER BY length")
    levels = index.rows("SELECT level, COUNT(*) FROM words GROUP BY level")
    by_level = sorted(((level, int(n)) for level, n in levels), key=lambda row: (row[0] is None, row[0] or 0))
    return IndexInfo(
        source_name=name,
        source_sha256=sha,
        word_count=count,
        lines_read=lines,
        skipped=_skipped(index, not_az, dup, too_long, names, abbreviations),
        language=code,
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


def _skipped(
    index: Index, outside: int, duplicate: int, too_long: int, names: int, abbreviations: int
) -> dict[str, int]:
    """The build's skip counts by reason, as ``build`` reported them (reasons another language cannot have left out)."""
    from wordindex.index.record import SKIP_ABBREVIATION, SKIP_NOT_AZ, SKIP_OUTSIDE, SKIP_PROPER_NAME

    if index.language.code == "en":
        return {SKIP_NOT_AZ: outside, "duplicate": duplicate, "too long": too_long}
    return {
        SKIP_OUTSIDE: outside,
        SKIP_PROPER_NAME: names,
        SKIP_ABBREVIATION: abbreviations,
        "duplicate": duplicate,
        "too long": too_long,
    }
