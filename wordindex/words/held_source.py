"""The words source of a server worker: its held words (``wordindex.index.held``), SQL for what they do not hold.

``HeldSource`` answers each ``WordsSource`` question from the arrays of the length it concerns when
``holds`` gives them, and asks its ``SqlWords`` otherwise (a length past the budget, or one no word
can have). Every answer is the one SQL gives (``tests/hangman/test_held.py`` asks every question of
both). With ``holds`` a ``HeldOnly`` (only lengths already loaded, within a time limit), a question
it cannot answer now raises ``NotHeldNow`` instead: that is the source of an answer tried on a
server's event loop, handed to it as a view of the index (``Index.with_words``), never set on an
index others share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from wordindex.index.held import HandScreen, HeldLength, Holds
from wordindex.index.held import Index as HeldIndex
from wordindex.words.pattern import Pattern
from wordindex.words.source import (
    Facts,
    HandQuestion,
    LetterCounts,
    Pool,
    Rows,
    Splits,
    SqlWords,
    WordsSource,
    reads_totals,
)


class Index(HeldIndex, Rows, Protocol):
    """What a held source reads of its index: the held words' loading and the SQL questions."""


def holding(holds: Holds) -> Callable[[Index], WordsSource]:
    """The words source to open an index with (``open_index(..., words=holding(held))``)."""
    return lambda index: HeldSource(index, holds)


class HeldSource:
    """``WordsSource`` from ``holds`` where it holds the length asked about, else from SQL."""

    def __init__(self, index: Index, holds: Holds):
        self.index = index
        self.holds = holds
        self.sql = SqlWords(index)

    def _length(self, length: int) -> HeldLength | None:
        return self.holds.length(self.index, length)

    def totals(self, length: int | None) -> LetterCounts:
        return self.sql.totals(length)

    def letter_counts(
        self, pattern: Pattern, guessed: frozenset[str], *, exclusive: bool, containing: bool
    ) -> LetterCounts:
        held = self._length(pattern.length)
        if held is None:
            return self.sql.letter_counts(pattern, guessed, exclusive=exclusive, containing=containing)
        totals = reads_totals(pattern, guessed, exclusive)
        if totals:
            count, occurrences, holding_ = held.every_sum
        else:
            keep = held.candidates(pattern, guessed, exclusive=exclusive, pool=None)
            count, occurrences, holding_ = held.letter_sums(keep)
        letters = self.index.alphabet.letters
        return LetterCounts(  # the sums are ints already: no as_counts conversion
            candidates=count,
            occurrences=dict(zip(letters, occurrences, strict=True)),
            containing=dict(zip(letters, holding_, strict=True)) if containing or totals else dict.fromkeys(letters, 0),
            alphabet=self.index.alphabet,
        )

    def letter_counts_many(self, positions: Sequence[tuple[Pattern, frozenset[str]]]) -> list[LetterCounts]:
        if all(self._length(pattern.length) is not None for pattern, _ in positions):
            return [self.letter_counts(p, g, exclusive=True, containing=True) for p, g in positions]
        return self.sql.letter_counts_many(positions)

    def split_families(
        self, pattern: Pattern, guessed: frozenset[str], letters: Sequence[str], pool: Pool | None
    ) -> Splits:
        held = self._length(pattern.length)
        if held is None:
            return self.sql.split_families(pattern, guessed, letters, pool)
        keep = held.candidates(pattern, guessed, exclusive=True, pool=pool)
        slot = self.index.alphabet.slot
        splits: Splits = {}
        for x in letters:
            self.holds.step()
            splits[x] = held.split(keep, slot[x])
        return splits

    def split_families_many(self, requests: Sequence[tuple[Pattern, frozenset[str], Sequence[str]]]) -> list[Splits]:
        if all(self._length(pattern.length) is not None for pattern, _, _ in requests):
            return [self.split_families(p, g, letters, None) if letters else {} for p, g, letters in requests]
        return self.sql.split_families_many(requests)

    def length_size(self, length: int, pool: Pool | None) -> int:
        held = self._length(length)
        if held is not None:
            count = held.size(held.in_pool(pool))
            if count:  # none: SQL counts again (its caller then says why)
                return count
        return self.sql.length_size(length, pool)

    def family_words(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> list[str]:
        held = self._length(pattern.length)
        if held is None:
            return self.sql.family_words(pattern, guessed, pool)
        alphabet = self.index.alphabet
        keep = held.candidates(pattern, guessed, exclusive=True, pool=pool)
        self.holds.step(held.size(keep))
        words = held.words_of(keep)
        return words if alphabet.code_point_order else sorted(words, key=alphabet.sort_key)

    def family_size(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> int:
        held = self._length(pattern.length)
        if held is None:
            return self.sql.family_size(pattern, guessed, pool)
        return held.size(held.candidates(pattern, guessed, exclusive=True, pool=pool))

    def nth_word(self, pattern: Pattern, guessed: frozenset[str], offset: int, pool: Pool | None) -> str:
        held = self._length(pattern.length)
        if held is not None:
            found = held.nth_by_id(held.candidates(pattern, guessed, exclusive=True, pool=pool), offset)
            if found is not None:
                return found
        return self.sql.nth_word(pattern, guessed, offset, pool)

    def matching(
        self, pattern: Pattern, guessed: frozenset[str] | None, limit: int | None, pool: Pool | None
    ) -> tuple[int, list[str]]:
        held = self._length(pattern.length)
        if held is None:
            return self.sql.matching(pattern, guessed, limit, pool)
        alphabet = self.index.alphabet
        keep = held.candidates(pattern, guessed, exclusive=guessed is not None, pool=pool)
        size = held.size(keep)
        self.holds.step(size if limit is None or not alphabet.code_point_order else min(size, limit))
        if alphabet.code_point_order:
            return size, held.words_of(keep, limit)
        words = sorted(held.words_of(keep), key=alphabet.sort_key)
        return len(words), words if limit is None else words[:limit]

    def facts(self, plays: Sequence[str]) -> dict[str, Facts]:
        """From a binary search of each length's words when every length asked is held (no query),
        else all from SQL."""
        lengths = {len(play) for play in plays}
        held = {length: same for length in lengths if (same := self._length(length)) is not None}
        if len(held) != len(lengths):
            return self.sql.facts(plays)
        found: dict[str, Facts] = {}
        for play in plays:
            known = held[len(play)].facts(play)
            if known is not None:
                found[play] = known
        return found

    def is_word(self, play: str) -> bool:
        held = self._length(len(play))
        return held.row_of(play) is not None if held is not None else self.sql.is_word(play)

    def playable(self, hand: HandQuestion) -> list[tuple[str, str]]:
        """As ``SqlWords`` reads the count columns, from the held words of every length up to the hand's
        size (``HeldLength.playable``); SQL unless every one of them is held."""
        held = [self._length(length) for length in range(1, hand.size + 1)]
        if any(length is None for length in held):
            return self.sql.playable(hand)
        screen = HandScreen.of(list(hand.counts), list(hand.vowels), hand.wildcards)
        found: list[tuple[str, str]] = []
        for words in held:
            assert words is not None
            self.holds.step()
            found.extend((word, hand.signature(word)) for word in words.playable(screen, hand))
        self.holds.step(len(found))
        return found
