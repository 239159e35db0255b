"""Choosers: who holds the word. RandomChooser commits to one; EvilChooser never does.

Both follow CS61B's RandomChooser / EvilChooser and CS106L's Evil Hangman:
``guess(letter)`` returns how many times the letter occurs (in the word, or
in the evil chooser's new pattern), ``pattern`` is the blanked word, and
``word`` is the word the chooser names at the end.

A chooser picks only from its ``pool`` (``wordindex.levels.WordPool``): by
default every word but the vulgar ones; with a level range (``--difficulty``)
only words of those levels. The evil chooser's families are counted within
the pool, so the word it names at the end is always one the pool allows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..index import Index
from ..levels import DEFAULT_POOL, WordPool, check_pool
from .guessers import largest_family
from .queries import count_words_of_length, family_words, nth_word, split_families
from .state import Position, blank_position, check_letter


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass(frozen=True)
class EvilStep:
    """One evil guess: the letter, its occurrences in the new pattern, the pattern, the family left."""

    letter: str
    occurrences: int
    pattern: str
    family_size: int


class Chooser:
    """Shared state of a chooser: the position (pattern + guessed letters)."""

    def __init__(self, index: Index, length: int, seed: int | None = None, pool: WordPool | None = DEFAULT_POOL):
        self.index = index
        self.length = length
        self.pool = check_pool(index, pool)
        self.count_of_length = count_words_of_length(index, length, self.pool)
        self.random = random.Random(seed)
        self.position: Position = blank_position(length)
        self.guesses: list[str] = []

    @property
    def pattern(self) -> str:
        return self.position.pattern.text

    @property
    def guessed(self) -> frozenset:
        return self.position.guessed

    @property
    def is_complete(self) -> bool:
        return self.position.pattern.is_complete

    def _check(self, letter: str) -> str:
        return check_letter(letter, self.position.guessed)


class RandomChooser(Chooser):
    """Picks a word of the length uniformly, in dictionary order (ORDER BY id); a seed reproduces it."""

    def __init__(self, index: Index, length: int, seed: int | None = None, pool: WordPool | None = DEFAULT_POOL):
        super().__init__(index, length, seed, pool)
        offset = self.random.randrange(self.count_of_length)
        self._word = nth_word(index, self.position, offset, self.pool)
        self._candidates = self.count_of_length

    @classmethod
    def with_word(cls, index: Index, word: str) -> RandomChooser:
        """A chooser holding a known word (the solver's): must be a word of the index."""
        self = cls.__new__(cls)
        Chooser.__init__(self, index, len(word), pool=None)
        self._word = word
        self._candidates = None
        return self

    @property
    def word(self) -> str:
        return self._word

    def final_word(self) -> str:
        return self._word

    def guess(self, letter: str) -> int:
        """How many times ``letter`` occurs in the word; the pattern shows them."""
        letter = self._check(letter)
        mask = sum(1 << i for i, ch in enumerate(self._word) if ch == letter)
        self.position = self.position.after(letter, mask)
        self.guesses.append(letter)
        self._candidates = None
        return _popcount(mask)

    @property
    def family_size(self) -> int:
        """Words still consistent with what was revealed (the running count CS106L shows)."""
        if self._candidates is None:
            from .queries import family_size

            self._candidates = family_size(self.index, self.position, self.pool)
        return self._candidates


class EvilChooser(Chooser):
    """Keeps the largest family after every guess; ties → the pattern that sorts first ('-' first)."""

    def __init__(self, index: Index, length: int, seed: int | None = None, pool: WordPool | None = DEFAULT_POOL):
        super().__init__(index, length, seed, pool)
        self.family_size = self.count_of_length
        self.steps: list[EvilStep] = []

    def guess(self, letter: str) -> int:
        """Split the family by ``letter`` (one GROUP BY query), keep the largest; its occurrences."""
        letter = self._check(letter)
        families = split_families(self.index, self.position, [letter], self.pool)[letter]
        mask, size = choose_family(self.position, letter, families)
        self.position = self.position.after(letter, mask)
        self.family_size = size
        self.guesses.append(letter)
        occurrences = _popcount(mask)
        self.steps.append(EvilStep(letter, occurrences, self.pattern, size))
        return occurrences

    def words(self) -> list[str]:
        """The family left, sorted."""
        return family_words(self.index, self.position, self.pool)

    def final_word(self) -> str:
        """The word it "chose": the only one left, else one of its family at random (seeded)."""
        return nth_word(self.index, self.position, self.random.randrange(self.family_size), self.pool)


def choose_family(position: Position, letter: str, families: dict) -> tuple[int, int]:
    """The evil choice among ``{mask: size}``: largest; tie → pattern first in character order."""
    return largest_family(position, letter, families)
