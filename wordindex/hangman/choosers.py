"""Choosers: who holds the word. RandomChooser commits to one; EvilChooser and OptimalChooser never do.

The first two follow CS61B's RandomChooser / EvilChooser and CS106L's Evil Hangman:
``guess(letter)`` returns how many times the letter occurs (in the word, or
in the evil chooser's new pattern), ``pattern`` is the blanked word, and
``word`` is the word the chooser names at the end.

A chooser picks only from its ``pool`` (``wordindex.words.levels.WordPool``): by
default every word but the vulgar ones; with a level range (``--difficulty``)
only words of those levels. The evil chooser's families are counted within
the pool, so the word it names at the end is always one the pool allows.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum

from wordindex.index.core import Index
from wordindex.words.levels import DEFAULT_POOL, WordPool, check_pool

from ..errors import BadStateError, UsageError
from ..limits import Limits
from .families import largest_family, occurrences, positions_mask
from .queries import count_words_of_length, family_size, family_words, nth_word, split_families
from .state import Position, blank_position, check_letter


class ChooserKind(StrEnum):
    """Who holds the word: ``evil`` never commits (largest family), ``random`` picks one word and keeps it,
    ``optimal`` never commits and keeps the family that forces the most misses."""

    EVIL = "evil"
    RANDOM = "random"
    OPTIMAL = "optimal"


def check_chooser(name: str | None) -> ChooserKind:
    """The ChooserKind a user's text names; UsageError naming the choices."""
    try:
        return ChooserKind((name or "").strip().lower())
    except ValueError:
        raise UsageError(f"unknown chooser {name!r}: choose {' or '.join(ChooserKind)}") from None


@dataclass(frozen=True)
class EvilStep:
    """One evil guess: the letter, its occurrences in the new pattern, the pattern, the family left;
    ``exact`` (the optimal chooser only): whether the family kept was proven to force the most misses."""

    letter: str
    occurrences: int
    pattern: str
    family_size: int
    exact: bool | None = None


class Chooser(ABC):
    """Shared state of a chooser: the position (pattern + guessed letters).

    ``position`` resumes a chooser in the middle of a game (a game session's
    saved state); without it the chooser starts from the blank pattern.
    """

    kind: ChooserKind

    def __init__(
        self,
        index: Index,
        length: int,
        seed: int | None = None,
        position: Position | None = None,
        pool: WordPool | None = DEFAULT_POOL,
    ):
        self.index = index
        self.length = length
        self.pool = check_pool(index, pool)
        self.count_of_length = count_words_of_length(index, length, self.pool)
        self.random = random.Random(seed)
        self.position: Position = position or blank_position(length, index.alphabet)
        self.guesses: list[str] = []

    @property
    def pattern(self) -> str:
        return self.position.pattern.text

    @property
    def guessed(self) -> frozenset[str]:
        return self.position.guessed

    @property
    def is_complete(self) -> bool:
        return self.position.pattern.is_complete

    def _check(self, letter: str) -> str:
        return check_letter(letter, self.position.guessed, self.index.alphabet)

    @abstractmethod
    def guess(self, letter: str) -> int:
        """Take a guess; how many times the letter now shows in the pattern."""

    @abstractmethod
    def final_word(self) -> str:
        """The word the chooser names at the end."""

    @property
    @abstractmethod
    def family_size(self) -> int:
        """Words still consistent with what was revealed."""


class RandomChooser(Chooser):
    """Picks a word of the length uniformly, in dictionary order (ORDER BY id); a seed reproduces it."""

    kind = ChooserKind.RANDOM

    def __init__(
        self,
        index: Index,
        length: int,
        seed: int | None = None,
        position: Position | None = None,
        word: str | None = None,
        pool: WordPool | None = DEFAULT_POOL,
    ):
        super().__init__(index, length, seed, position, pool)
        if word is None:
            if position is not None:
                raise BadStateError("a random chooser resumed in the middle of a game needs its word")
            offset = self.random.randrange(self.count_of_length)
            word = nth_word(index, self.position, offset, self.pool)
        self._word = word
        self._candidates: int | None = self.count_of_length if position is None else None

    @property
    def word(self) -> str:
        return self._word

    def final_word(self) -> str:
        return self._word

    def guess(self, letter: str) -> int:
        """How many times ``letter`` occurs in the word; the pattern shows them."""
        letter = self._check(letter)
        mask = positions_mask(self._word, letter)
        self.position = self.position.after(letter, mask)
        self.guesses.append(letter)
        self._candidates = None
        return occurrences(mask)

    @property
    def family_size(self) -> int:
        """Words still consistent with what was revealed (the running count CS106L shows)."""
        if self._candidates is None:
            self._candidates = family_size(self.index, self.position, self.pool)
        return self._candidates


class EvilChooser(Chooser):
    """Keeps the largest family after every guess; ties → the pattern that sorts first ('-' first)."""

    kind = ChooserKind.EVIL

    def __init__(
        self,
        index: Index,
        length: int,
        seed: int | None = None,
        position: Position | None = None,
        pool: WordPool | None = DEFAULT_POOL,
    ):
        super().__init__(index, length, seed, position, pool)
        self._family_size: int | None = self.count_of_length if position is None else None
        self.steps: list[EvilStep] = []

    @property
    def family_size(self) -> int:
        """The size of the family kept (one COUNT query after a resume, then remembered)."""
        if self._family_size is None:
            self._family_size = family_size(self.index, self.position, self.pool)
        return self._family_size

    def guess(self, letter: str) -> int:
        """Split the family by ``letter`` (one GROUP BY query), keep the largest; its occurrences."""
        letter = self._check(letter)
        families = split_families(self.index, self.position, [letter], self.pool)[letter]
        if not families:
            raise BadStateError(f"no word of the index fits {self.pattern} with the letters guessed")
        mask, size = largest_family(self.length, families)
        return self._keep(letter, mask, size)

    def _keep(self, letter: str, mask: int, size: int, exact: bool | None = None) -> int:
        """Keep the family ``mask`` (of ``size`` words) after ``letter``; the letter's occurrences."""
        self.position = self.position.after(letter, mask)
        self._family_size = size
        self.guesses.append(letter)
        shown = occurrences(mask)
        self.steps.append(EvilStep(letter, shown, self.pattern, size, exact))
        return shown

    def words(self) -> list[str]:
        """The family left, sorted."""
        return family_words(self.index, self.position, self.pool)

    def final_word(self) -> str:
        """The word it "chose": the only one left, else one of its family at random (seeded)."""
        return nth_word(self.index, self.position, self.random.randrange(self.family_size), self.pool)


class OptimalChooser(EvilChooser):
    """The truly evil chooser: each guess keeps a family forcing the most misses against a perfect guesser
    (ties: the greedy chooser's rule among them). A family larger than ``ANSWER_MAX_WORDS``, or one whose
    search does not finish within ``limits`` (default ``ANSWER_LIMITS``), keeps the greedy family and
    marks the step ``exact=False`` (``wordindex.hangman.optimal``)."""

    kind = ChooserKind.OPTIMAL
    limits: Limits | None = None

    def guess(self, letter: str) -> int:
        """Split the family by ``letter`` and keep the family worth the most misses; its occurrences."""
        from .exact import greedy_family, optimal_family
        from .optimal import ANSWER_LIMITS, ANSWER_MAX_WORDS

        letter = self._check(letter)
        words = family_words(self.index, self.position, self.pool)
        if len(words) <= ANSWER_MAX_WORDS:
            choice = optimal_family(words, letter, self.limits or ANSWER_LIMITS, self.index.alphabet)
        else:
            choice = greedy_family(words, letter)
        return self._keep(letter, choice.mask, len(choice.words), choice.exact)


def make_chooser(
    index: Index,
    kind: str | ChooserKind,
    length: int,
    seed: int | None = None,
    position: Position | None = None,
    word: str | None = None,
    pool: WordPool | None = DEFAULT_POOL,
) -> Chooser:
    """An ``evil``, ``random`` or ``optimal`` chooser for words of ``length`` (named errors for bad lengths)."""
    chosen = check_chooser(kind)
    if chosen is ChooserKind.OPTIMAL:
        return OptimalChooser(index, length, seed, position, pool)
    if chosen is ChooserKind.EVIL:
        return EvilChooser(index, length, seed, position, pool)
    return RandomChooser(index, length, seed, position, word, pool)
