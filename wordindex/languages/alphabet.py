"""Alphabets: the letters a language plays with, and how written text becomes those letters.

An index has one language (``Index.language``), and every game asks its ``Alphabet`` rather than
assuming a-z. A letter is one lowercase character; a language has at most ``MAX_LETTERS`` of them
(Polish, the largest, has 32), so a set of letters always fits in a 32-bit mask and the
``words`` table's per-letter columns are numbered slots (``pos_0`` .. ``pos_31``,
``cnt_0`` .. ``cnt_31``): slot *i* holds the alphabet's *i*-th letter.

Column names are looked up here, never formatted from user text: a query that needs "the positions
of letter x" asks ``alphabet.position_column(x)``, which only exists for the alphabet's letters.

``Alphabet.play`` turns what a player types, or what a word list spells, into the letters the
games play with: Unicode NFC (so NFD input works), lowercase, then the language's folds (French
``é`` plays as ``e``, German ``ß`` as ``ss``); anything left outside the alphabet makes the text
not a word. Characters whose canonical form is another character (the Kelvin sign U+212A, the
Ångström sign U+212B) are never letters, so ``Kite`` written with a Kelvin sign is not ``kite``.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping
from functools import cache

#: The most letters an alphabet may have: a set of letters is a 32-bit mask.
MAX_LETTERS = 32

#: Words longer than this cannot hold their position masks in a signed 64-bit integer.
MAX_WORD_LENGTH = 63

#: ``sort_key`` writes letter ``i`` as ``chr(_KEY_BASE + i)``: ``A`` to ``` ` ``` for 32 letters.
_KEY_BASE = 0x41

#: The only characters stripped around a word: ASCII whitespace (never U+2028, U+0085, ...).
ASCII_WHITESPACE = " \t\n\r\x0b\x0c"
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_lower(text: str) -> str:
    """``text`` with A-Z lowercased and nothing else changed.

    ``str.lower`` maps other characters onto a-z (the Kelvin sign U+212A
    becomes ``k``), which would make ``Kite`` written with it a word.
    """
    return text.translate(_ASCII_LOWER)


def position_column(slot: int) -> str:
    """``pos_i``: bitmask of the 0-based positions where the alphabet's letter ``i`` stands."""
    return f"pos_{slot}"


def count_column(slot: int) -> str:
    """``cnt_i``: how many times the alphabet's letter ``i`` occurs in the word."""
    return f"cnt_{slot}"


#: Every slot's columns, whatever the alphabet: the schema has all of them.
POSITION_COLUMNS = tuple(position_column(i) for i in range(MAX_LETTERS))
COUNT_COLUMNS = tuple(count_column(i) for i in range(MAX_LETTERS))


@cache
def _is_singleton(ch: str) -> bool:
    """True for a character whose canonical decomposition is one other character (U+212A -> K)."""
    decomposition = unicodedata.decomposition(ch)
    return bool(decomposition) and not decomposition.startswith("<") and " " not in decomposition


class AlphabetError(ValueError):
    """An alphabet definition that breaks the rules above (a language module's mistake)."""


class Alphabet:
    """The letters of one language, in the order its players recite them, and its folds.

    ``folds`` maps a lowercase character to the letters it plays as (``"é": "e"``,
    ``"ß": "ss"``, ``"œ": "oe"``); every character it maps to must be a letter.
    """

    def __init__(self, letters: str, folds: Mapping[str, str] | None = None) -> None:
        folds = dict(folds or {})
        if not 0 < len(letters) <= MAX_LETTERS or len(set(letters)) != len(letters):
            raise AlphabetError(f"an alphabet has 1 to {MAX_LETTERS} distinct letters, not {letters!r}")
        for letter in letters:
            if unicodedata.normalize("NFC", letter) != letter or letter.lower() != letter or not letter.isalpha():
                raise AlphabetError(f"{letter!r} is not a lowercase NFC letter")
        for source, target in folds.items():
            if len(source) != 1 or source in letters or not target or set(target) - set(letters):
                raise AlphabetError(f"fold {source!r} -> {target!r} must map a non-letter onto letters")
        self.letters = letters
        self.size = len(letters)
        self.folds: Mapping[str, str] = folds
        self.letter_set = frozenset(letters)
        self.slot: Mapping[str, int] = {letter: i for i, letter in enumerate(letters)}
        self.all_ascii = letters.isascii()
        self._fold_table = str.maketrans(folds)
        self._to_codes = str.maketrans({letter: chr(i) for i, letter in enumerate(letters)})
        self._from_codes = str.maketrans({chr(i): letter for i, letter in enumerate(letters)})
        self._to_keys = str.maketrans({letter: chr(_KEY_BASE + i) for i, letter in enumerate(letters)})
        self._from_keys = str.maketrans({chr(_KEY_BASE + i): letter for i, letter in enumerate(letters)})
        #: True when sorting words by code point sorts them in the alphabet's order (a-z, German's
        #: a-zäöü), so a database's plain ``ORDER BY`` does; False for Spanish ``ñ``, Polish ``ą``, ...
        self.code_point_order = list(letters) == sorted(letters)
        #: Position and count columns of this alphabet's letters, in alphabet order.
        self.position_columns = POSITION_COLUMNS[: self.size]
        self.count_columns = COUNT_COLUMNS[: self.size]

    def __repr__(self) -> str:
        return f"Alphabet({self.letters!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alphabet) and (self.letters, dict(self.folds)) == (other.letters, dict(other.folds))

    def __hash__(self) -> int:
        return hash(self.letters)

    def position_column(self, letter: str) -> str:
        """The column of ``letter``'s position mask (KeyError for a character that is not a letter)."""
        return POSITION_COLUMNS[self.slot[letter]]

    def count_column(self, letter: str) -> str:
        """The column of ``letter``'s occurrence count."""
        return COUNT_COLUMNS[self.slot[letter]]

    def lower(self, text: str) -> str:
        """``text`` in NFC and lowercase, not folded: how an answer echoes what was typed."""
        if text.isascii():
            return ascii_lower(text)
        if any(_is_singleton(ch) for ch in text if not ch.isascii()):
            return text
        return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).lower())

    def play(self, text: str) -> str | None:
        """The letters ``text`` plays as, or None when it holds a character outside the alphabet.

        Empty text plays as the empty string; callers decide whether that is allowed.
        """
        if text.isascii():
            low = ascii_lower(text)
        elif any(_is_singleton(ch) for ch in text if not ch.isascii()):
            return None
        else:
            low = unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).lower())
        if self.folds:
            low = low.translate(self._fold_table)
        return low if self.letter_set.issuperset(low) else None

    def is_word_text(self, text: str) -> bool:
        """True when ``text`` is non-empty and made only of this alphabet's letters (already played)."""
        return bool(text) and self.letter_set.issuperset(text)

    def codes(self, word: str) -> bytes:
        """Each letter's slot as one byte: ``b"\\x00\\x01"`` for the first two letters."""
        return word.translate(self._to_codes).encode("latin-1")

    def from_codes(self, codes: bytes) -> str:
        """The word spelt by slot bytes (``codes`` undone)."""
        return codes.decode("latin-1").translate(self._from_codes)

    def letter(self, slot: int) -> str:
        return self.letters[slot]

    def sort_key(self, word: str) -> str:
        """Text that sorts, by code point, in the alphabet's order (``ą`` after ``a``, ``å ä ö`` after ``z``).

        Printable ASCII (``A`` for the first letter): a database's binary ``ORDER BY`` sorts it.
        """
        return word.translate(self._to_keys)

    def from_sort_key(self, key: str) -> str:
        """The word a ``sort_key`` was made from."""
        return key.translate(self._from_keys)

    def signature(self, word: str) -> str:
        """The word's letters in alphabet order: what an anagram or a hand is looked up by."""
        return "".join(sorted(word, key=self.slot.__getitem__))

    def mask(self, letters: str) -> int:
        """The 32-bit set of ``letters``: bit ``slot`` for each."""
        bits = 0
        for letter in letters:
            bits |= 1 << self.slot[letter]
        return bits

    def letters_of(self, mask: int) -> str:
        """The letters of a mask, in alphabet order."""
        return "".join(letter for i, letter in enumerate(self.letters) if mask >> i & 1)


ENGLISH = Alphabet(string.ascii_lowercase)

# The English alphabet by its old module-level names, for code that has not yet been handed an
# index's alphabet. New code asks ``index.alphabet``.
LETTERS = ENGLISH.letters
VOWELS = "aeiou"
