"""The word game's letters in a language: its vowels and consonants, tile values, and how typed text becomes letters.

The problem set deals English hands (vowels ``aeiou``, the other 21 letters consonants) and scores
with English Scrabble values. Every other language deals from its own alphabet, its own vowels
(the wildcard stands for one of them) and its Scrabble edition's letter values
(``Language.tile_values``, docs/languages.md). A ``Tiles`` is that choice, made once per language;
the functions of ``hand``, ``best`` and ``game`` take one (English when none is given, or the
index's language when they are handed an index).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from wordindex.languages.alphabet import Alphabet

from ..languages import Language, language

if TYPE_CHECKING:
    from wordindex.index.core import Index

WILDCARD = "*"


@dataclass(frozen=True)
class Tiles:
    """One language's word-game letters (see the module docstring)."""

    language: Language
    alphabet: Alphabet
    vowels: str
    consonants: str
    #: Tile values of every letter, the wildcard worth 0.
    values: Mapping[str, int]

    @property
    def english(self) -> bool:
        return self.language.code == "en"

    @property
    def letters_text(self) -> str:
        """How messages name the letters: ``letters a-z`` in English, ``Polish letters (aąb...)`` elsewhere."""
        return "letters a-z" if self.english else f"{self.language.name} letters ({self.alphabet.letters})"

    @property
    def every_letter(self) -> str:
        """``every letter a-z`` in English, ``every Polish letter`` elsewhere."""
        return "every letter a-z" if self.english else f"every {self.language.name} letter"

    def play(self, text: str) -> str | None:
        """``text`` (letters and ``*``, as typed) in the letters it plays as; None if a character is not one."""
        pieces = [self.alphabet.play(piece) for piece in text.split(WILDCARD)]
        if any(piece is None for piece in pieces):
            return None
        return WILDCARD.join(piece or "" for piece in pieces)

    def signature(self, letters: str) -> str:
        """``letters`` in alphabet order: what the index's ``signature`` column holds."""
        return self.alphabet.signature(letters)


@cache
def tiles(code: str = "en") -> Tiles:
    """The ``Tiles`` of a language, by code (made once)."""
    found = language(code)
    vowels = "".join(letter for letter in found.letters if letter in found.vowels)
    consonants = "".join(letter for letter in found.letters if letter not in found.vowels)
    return Tiles(found, found.alphabet, vowels, consonants, {**found.tile_values, WILDCARD: 0})


def tiles_of(words: Index | object, chosen: Tiles | None = None) -> Tiles:
    """The tiles to play with: ``chosen``, else the index's language, else English."""
    if chosen is not None:
        return chosen
    from wordindex.index.core import Index

    if isinstance(words, Index):
        return tiles(words.language.code)
    return tiles()
