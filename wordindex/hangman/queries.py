"""The questions every hangman piece asks of the words, each answered by the index's words source.

* ``letter_counts``: how many candidate words, and per letter the number of
  occurrences (``SUM(cnt_x)``) and of words containing it, in one aggregate
  query over the candidate set; unconstrained questions read the
  precomputed ``letter_totals`` table instead of scanning.
* ``split_families``: the family split, ``GROUP BY pos_x`` over the
  candidates, one statement however many letters are split.

The candidate set of a Position is ``pattern.candidate_condition`` (exclusive:
guessed letters stand only where shown, which is exactly the family the
guesses so far leave).

Each question is asked of ``Index.words`` (``wordindex.words.source``): SQL, or a server worker's
held words (``wordindex.words.held_source``), whichever the index was opened with; both give the same
answer. What is left here is the hangman side: positions, and the errors a length without words gets.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from wordindex.index.core import Index
from wordindex.languages.alphabet import MAX_WORD_LENGTH
from wordindex.words.levels import WordPool
from wordindex.words.source import LetterCounts as LetterCounts
from wordindex.words.source import Splits as Splits
from wordindex.words.source import SqlWords

from .state import NoSuchLengthError, Position, check_length

if TYPE_CHECKING:
    from ..languages import Language


def totals_counts(index: Index, length: int | None) -> LetterCounts:
    """Counts from ``letter_totals``: one length, or (None) the whole dictionary."""
    return index.words.totals(length)


def letter_counts(index: Index, position: Position, *, exclusive: bool = True, containing: bool = True) -> LetterCounts:
    """Letter counts over the candidates of ``position`` in ONE query.

    ``exclusive=False`` gives the ``pattern`` guesser's candidates (a blank
    may hold any letter). ``containing=False`` skips the words-containing
    sums (the occurrence-only guessers do not need them).
    """
    return index.words.letter_counts(position.pattern, position.guessed, exclusive=exclusive, containing=containing)


def letter_counts_many(index: Index, positions: Sequence[Position]) -> list[LetterCounts]:
    """``letter_counts`` (exclusive, with containing) of several families in one statement."""
    return index.words.letter_counts_many([(p.pattern, p.guessed) for p in positions])


def split_families_many(index: Index, requests: Sequence[tuple[Position, Sequence[str]]]) -> list[Splits]:
    """``split_families`` for several ``(position, letters)`` at once: one UNION ALL statement."""
    return index.words.split_families_many([(p.pattern, p.guessed, letters) for p, letters in requests])


def split_families(index: Index, position: Position, letters: Iterable[str], pool: WordPool | None = None) -> Splits:
    """``{letter: {mask: family size}}``: the family split of each letter, one statement.

    For one letter it is ``SELECT pos_x, COUNT(*) FROM words WHERE <family>
    GROUP BY pos_x``; several letters are UNION ALL of the same query. A
    ``pool`` (the evil chooser's) keeps only the words it may pick.
    """
    letters = list(letters)
    if not letters:
        return {}
    return index.words.split_families(position.pattern, position.guessed, letters, pool)


class FamilyIndex(Index):
    """The index seen from one family: the family questions read ``table`` (a temporary copy) instead of ``words``.

    Its words source is SQL on the copy (``SqlWords(self, table)``), so every family query of a family
    or of one of its sub-families gives the same answer on the copy, but scans
    only the family. Other queries (``letter_totals``) still read the index.
    """

    def __init__(self, base: Index, table: str):
        super().__init__(base.location, base.backend)
        self.base = base
        self.revision = base.revision
        self.table = table
        self.binary_collation = base.binary_collation
        self.words = SqlWords(self, table)

    @property
    def language(self) -> Language:
        return self.base.language

    def rows(self, sql: str, params: Mapping[str, Any] | None = None) -> list[tuple[Any, ...]]:
        return self.base.rows(sql, params)

    def table_columns(self) -> dict[str, set[str]]:
        return self.base.table_columns()

    def table_names(self) -> set[str]:
        return self.base.table_names()

    def generation(self) -> Hashable:
        return self.base.generation()


def count_words_of_length(index: Index, length: int, pool: WordPool | None = None) -> int:
    """Number of words of ``length`` (in ``pool``); BadLengthError / NoSuchLengthError when none can be."""
    check_length(length)
    count = index.words.length_size(length, pool)
    if count == 0:
        low, high = index.rows("SELECT MIN(length), MAX(length) FROM words")[0]
        lengths = f"lengths run from {low} to {high}" if low is not None else "the index is empty"
        fits = length <= MAX_WORD_LENGTH
        if pool is not None and fits and index.scalar("SELECT COUNT(*) FROM words WHERE length = :n", {"n": length}):
            raise NoSuchLengthError(f"no word of length {length} at {pool.describe()} in the index")
        raise NoSuchLengthError(f"no word of length {length} in the index ({lengths}, not all present)")
    return count


def family_words(index: Index, position: Position, pool: WordPool | None = None) -> list[str]:
    """The words of a family, sorted in the alphabet's order (in Python, so every backend agrees)."""
    return index.words.family_words(position.pattern, position.guessed, pool)


def family_size(index: Index, position: Position, pool: WordPool | None = None) -> int:
    return index.words.family_size(position.pattern, position.guessed, pool)


def nth_word(index: Index, position: Position, offset: int, pool: WordPool | None = None) -> str:
    """The word at ``offset`` (0-based) of a family (in ``pool``) in dictionary order (ORDER BY id)."""
    return index.words.nth_word(position.pattern, position.guessed, offset, pool)
