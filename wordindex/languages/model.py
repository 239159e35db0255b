"""What a language is to the engine: its letters, how its players' spellings fold onto them, its
default word list, its Boggle dice and its word-game tile values.

This module holds only the shapes; each language's facts live in a module of their own
(``wordindex.languages.fr`` and so on), researched from that language's published game editions
and written down with their sources in docs/languages.md. The engine never hard-codes a letter:
it asks the index's language (``Index.language``), so every game plays in any alphabet of at most
``MAX_LETTERS`` letters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from wordindex.languages.alphabet import Alphabet


class Capitals(StrEnum):
    """What a word spelt with a capital in a list means, by the conventions of the list's language."""

    #: Lowercased and kept (English: the bundled list and plain lists are read as they always were).
    FOLD = "fold"
    #: A word of its own (German: every noun is capitalised); an all-capital word is an abbreviation.
    NOUNS = "nouns"
    #: A proper name, left out (French, Spanish, ...); an all-capital word is an abbreviation.
    NAMES = "names"


@dataclass(frozen=True)
class WordList:
    """A language's default word list: bundled with wordindex, or a distribution's package."""

    #: File name inside the package's bundled data (``bundled``) or an absolute path on disk.
    path: str
    #: Where the list comes from and under what licence (shown by ``wordindex languages``).
    licence: str
    bundled: bool = False
    #: Debian's package that installs ``path`` (None for a bundled list).
    package: str | None = None
    #: The file's text encoding.
    encoding: str = "utf-8"
    #: Where the list is published.
    source: str = ""


@dataclass(frozen=True)
class Dice:
    """One set of Boggle cubes: each cube six faces, a face one or more of the language's letters.

    ``published`` is False for a set made from the language's letter frequencies because no
    edition's cubes could be found (docs/languages.md says which).
    """

    name: str
    size: int
    source: str
    cubes: tuple[tuple[str, ...], ...]
    published: bool = True


@dataclass(frozen=True)
class MultiLetterTile:
    """A tile of the language's Scrabble edition that carries two letters (Spanish CH, LL, RR).

    The engine deals and plays single letters, so such a tile plays as its letters one after the
    other (CH as C then H), each scoring its own ``tile_values`` entry; the tile is recorded so the
    edition's set is written down whole (docs/languages.md says why it is played this way).
    """

    letters: str
    value: int
    count: int


@dataclass(frozen=True)
class Language:
    """One language the engine plays in."""

    code: str
    name: str
    native_name: str
    alphabet: Alphabet
    capitals: Capitals
    default_list: WordList
    #: The vowels the word game's deal and its wildcard use.
    vowels: str
    #: The word game's tile values: the letter values of the language's Scrabble edition, for
    #: every letter of the alphabet (a letter the edition has no tile for: docs/languages.md).
    tile_values: Mapping[str, int]
    #: The Boggle dice sets, the default one for each size first.
    dice: tuple[Dice, ...] = ()
    #: Multi-letter faces a board may hold besides those its dice print (Dutch ``ij``), typed ``[ij]``.
    board_faces: tuple[str, ...] = ()
    #: Where the rules above come from (editions, rule books, pages), for docs/languages.md.
    sources: tuple[str, ...] = field(default=())
    #: How many tiles of each letter the Scrabble edition's bag holds (0: the edition has none).
    tile_counts: Mapping[str, int] = field(default_factory=dict)
    #: The edition's tiles of more than one letter, played here letter by letter.
    multi_letter_tiles: tuple[MultiLetterTile, ...] = ()

    @property
    def letters(self) -> str:
        return self.alphabet.letters

    @property
    def respells(self) -> bool:
        """Whether a list word's spelling can differ from its letters (folded accents, capitalised nouns).

        Where it cannot (English, Polish), ``words.spelling`` is NULL throughout and nothing asks it.
        """
        return bool(self.alphabet.folds) or self.capitals is Capitals.NOUNS
