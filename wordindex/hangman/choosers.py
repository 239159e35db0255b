"""Choosers: who holds the word. RandomChooser commits to one; EvilChooser never does.

Both follow CS61B's RandomChooser / EvilChooser and CS106L's Evil Hangman:
``guess(letter)`` returns how many times the letter occurs (in the word, or
in the evil chooser's new pattern), ``pattern`` is the blanked word, and
``word`` is the word the chooser names at the end.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ..errors import BadStateError, UsageError
from ..index import Index
from .guessers import largest_family
from .queries import count_words_of_length, family_size, family_words, nth_word, split_families
from .state import Position, blank_position, check_letter


class ChooserKind(StrEnum):
    """Who holds the word: ``evil`` never commits, ``random`` picks one word and keeps it."""

    EVIL = "evil"
    RANDOM = "random"


def check_chooser(name: str | None) -> ChooserKind:
    """The ChooserKind a user's text names; UsageError naming the choices."""
    try:
        return ChooserKind((name or "").strip().lower())
    except ValueError:
        raise UsageError(f"unknown chooser {name!r}: choose {' or '.join(ChooserKind)}") from None


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass(frozen=True)
class EvilStep:
    """One evil guess: the letter, its occurrences in the new pattern, the pattern, the family left."""

    letter: str
    occurrences: int
    pattern: str
    family_size: int


class Chooser(ABC):
    """Shared state of a chooser: the position (pattern + guessed letters).

    ``position`` resumes a chooser in the middle of a game (a game session's
    saved state); without it the chooser starts from the blank pattern.
    """

    kind: ChooserKind

    def __init__(self, index: Index, length: int, seed: int | None = None, position: Position | None = None):
        self.index = index
        self.length = length
        self.count_of_length = count_words_of_length(index, length)
        self.random = random.Random(seed)
        self.position: Position = position or blank_position(length)
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
        return check_letter(letter, self.position.guessed)

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
    ):
        super().__init__(index, length, seed, position)
        if word is None:
            if position is not None:
                raise BadStateError("a random chooser resumed in the middle of a game needs its word")
            offset = self.random.randrange(self.count_of_length)
            word = nth_word(index, self.position, offset)
        self._word = word
        self._candidates: int | None = self.count_of_length if position is None else None

    @classmethod
    def with_word(cls, index: Index, word: str) -> RandomChooser:
        """A chooser holding a known word (the solver's): must be a word of the index."""
        return cls(index, len(word), word=word)

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
            self._candidates = family_size(self.index, self.position)
        return self._candidates


class EvilChooser(Chooser):
    """Keeps the largest family after every guess; ties → the pattern that sorts first ('-' first)."""

    kind = ChooserKind.EVIL

    def __init__(self, index: Index, length: int, seed: int | None = None, position: Position | None = None):
        super().__init__(index, length, seed, position)
        self._family_size: int | None = self.count_of_length if position is None else None
        self.steps: list[EvilStep] = []

    @property
    def family_size(self) -> int:
        """The size of the family kept (one COUNT query after a resume, then remembered)."""
        if self._family_size is None:
            self._family_size = family_size(self.index, self.position)
        return self._family_size

    def guess(self, letter: str) -> int:
        """Split the family by ``letter`` (one GROUP BY query), keep the largest; its occurrences."""
        letter = self._check(letter)
        families = split_families(self.index, self.position, [letter])[letter]
        if not families:
            raise BadStateError(f"no word of the index fits {self.pattern} with the letters guessed")
        mask, size = choose_family(self.position, letter, families)
        self.position = self.position.after(letter, mask)
        self._family_size = size
        self.guesses.append(letter)
        occurrences = _popcount(mask)
        self.steps.append(EvilStep(letter, occurrences, self.pattern, size))
        return occurrences

    def words(self) -> list[str]:
        """The family left, sorted."""
        return family_words(self.index, self.position)

    def final_word(self) -> str:
        """The word it "chose": the only one left, else one of its family at random (seeded)."""
        return nth_word(self.index, self.position, self.random.randrange(self.family_size))


def make_chooser(
    index: Index,
    kind: str | ChooserKind,
    length: int,
    seed: int | None = None,
    position: Position | None = None,
    word: str | None = None,
) -> Chooser:
    """An ``evil`` or ``random`` chooser for words of ``length`` (named errors for bad lengths)."""
    if check_chooser(kind) is ChooserKind.EVIL:
        return EvilChooser(index, length, seed, position)
    return RandomChooser(index, length, seed, position, word)


def choose_family(position: Position, letter: str, families: Mapping[int, int]) -> tuple[int, int]:
    """The evil choice among ``{mask: size}``: largest; tie → pattern first in character order."""
    return largest_family(position, letter, families)
