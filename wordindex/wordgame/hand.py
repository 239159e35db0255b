"""Hands, scores and word checks of the MIT 6.0001 problem set 3 word game.

The functions keep the problem set's names and meaning (``get_word_score``,
``display_hand``, ``deal_hand``, ``update_hand``, ``is_valid_word``,
``calculate_handlen``, ``substitute_hand``), with three changes a library
needs: nothing prints (``display_hand`` returns the text), randomness is
seeded (pass ``rng``: a ``random.Random`` or an int seed), and the word list
may be an open ``Index`` (one query per check) or any collection of words.

A hand is a dict from lowercase letter (or ``*``, the wildcard) to count.

Every function plays English, as the problem set does, unless it is given the
``Tiles`` of another language (``wordindex.wordgame.tiles``) or an index in
one: then hands are dealt from that language's letters and vowels, scored
with its Scrabble edition's values, and typed words are read as its players
write them (``été`` is ``ete`` in French).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Collection, Iterable, Mapping
from typing import TypeAlias

from wordindex.index.core import Index, chunks, in_list

from ..errors import UsageError
from .tiles import WILDCARD, Tiles, tiles, tiles_of

VOWELS = "aeiou"
CONSONANTS = "bcdfghjklmnpqrstvwxyz"
HAND_SIZE = 7

SCRABBLE_LETTER_VALUES = {
    "a": 1, "b": 3, "c": 3, "d": 2, "e": 1, "f": 4, "g": 2, "h": 4, "i": 1, "j": 8, "k": 5, "l": 1, "m": 3,
    "n": 1, "o": 1, "p": 3, "q": 10, "r": 1, "s": 1, "t": 1, "u": 1, "v": 4, "w": 4, "x": 8, "y": 4, "z": 10,
    WILDCARD: 0,
}  # fmt: skip

#: A hand: letter (or ``*``) -> how many.
Hand: TypeAlias = dict[str, int]
#: Where words are looked up: an open Index (one query per question) or a collection of lowercase words.
Words: TypeAlias = Index | Collection[str]


class BadHandError(UsageError):
    """A hand (or a word entered for it) holds something other than letters and ``*``."""


def _rng(rng: random.Random | int | None) -> random.Random:
    """A Random from an instance (used as is), an int seed, or None (fresh, unseeded)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng)


def get_frequency_dict(sequence: Iterable[str]) -> Hand:
    """``{element: how many times it occurs}``, in order of first occurrence."""
    freq: Hand = {}
    for x in sequence:
        freq[x] = freq.get(x, 0) + 1
    return freq


def get_word_score(word: str, n: int, letters_of: Tiles | None = None) -> int:
    """Score of ``word`` played from a hand of ``n`` letters (case-insensitive).

    (sum of the Scrabble letter values, ``*`` worth 0) ×
    max(7·L − 3·(n − L), 1), L being the word's length. ``n=6, "weed"`` → 176.
    """
    values = SCRABBLE_LETTER_VALUES if letters_of is None else letters_of.values
    word = word.lower() if letters_of is None else (letters_of.play(word) or word)
    try:
        return letters_score(word, n, values)
    except KeyError:
        bad = next(ch for ch in word if ch not in values)
        raise BadHandError(f"cannot score {word!r}: {bad!r} is not a letter or the wildcard *") from None


def letters_score(word: str, n: int, values: Mapping[str, int]) -> int:
    """``get_word_score`` of a word already in letters (KeyError for anything else): the searches' hot path."""
    length = len(word)
    return sum(values[ch] for ch in word) * max(7 * length - 3 * (n - length), 1)


def display_hand(hand: Mapping[str, int]) -> str:
    """The hand's letters as text, each repeated by its count: ``"a q l l m u i"``."""
    return " ".join(letter for letter, count in hand.items() for _ in range(count))


def calculate_handlen(hand: Mapping[str, int]) -> int:
    """Number of letters (wildcards included) in the hand."""
    return sum(hand.values())


def deal_hand(n: int = HAND_SIZE, rng: random.Random | int | None = None, letters_of: Tiles | None = None) -> Hand:
    """A random hand of ``n`` letters.

    A third of the slots (rounded up) are vowel slots; one of them holds the
    wildcard ``*`` and the others random vowels; the rest are random
    consonants (letters may repeat). ``rng`` (a Random or an int seed) makes
    the deal reproducible. ``letters_of``: another language's vowels and consonants.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise UsageError(f"a hand needs at least 1 letter, not {n!r}")
    chosen = letters_of or tiles()
    rng = _rng(rng)
    num_vowels = math.ceil(n / 3)
    hand: Hand = {}
    for _ in range(num_vowels - 1):
        letter = rng.choice(chosen.vowels)
        hand[letter] = hand.get(letter, 0) + 1
    hand[WILDCARD] = 1
    for _ in range(num_vowels, n):
        letter = rng.choice(chosen.consonants)
        hand[letter] = hand.get(letter, 0) + 1
    return hand


def update_hand(hand: Mapping[str, int], word: str) -> Hand:
    """A new hand without the letters of ``word`` that ``hand`` holds.

    Every letter of the word is spent, valid word or not; letters the hand
    does not hold (or no longer holds) are ignored. Letters whose count drops
    to 0 are left out. ``hand`` itself is never modified.
    """
    new_hand = {letter: count for letter, count in hand.items()}
    for ch in word.lower():
        if new_hand.get(ch, 0) > 0:
            new_hand[ch] -= 1
    return {letter: count for letter, count in new_hand.items() if count > 0}


def _holds(word: str, hand: Mapping[str, int]) -> bool:
    """The hand holds every character of ``word`` as many times as it is used."""
    return all(hand.get(ch, 0) >= count for ch, count in get_frequency_dict(word).items())


def wildcard_spellings(word: str, letters_of: Tiles | None = None) -> list[str]:
    """Every spelling of ``word`` with each ``*`` replaced by a vowel (``word`` itself when it has none)."""
    stars = [i for i, ch in enumerate(word) if ch == WILDCARD]
    if not stars:
        return [word]
    spellings = []
    for vowels in itertools.product((letters_of or tiles()).vowels, repeat=len(stars)):
        chars = list(word)
        for i, vowel in zip(stars, vowels):
            chars[i] = vowel
        spellings.append("".join(chars))
    return spellings


def known_words(words: Words, candidates: list[str]) -> set[str]:
    """Which of ``candidates`` (lowercase) are words of ``words``: an Index (one query) or a collection."""
    if isinstance(words, Index):
        found: set[str] = set()
        for piece in chunks(sorted(set(candidates))):
            placeholders, params = in_list("word", piece)
            found.update(
                str(row[0]) for row in words.rows(f"SELECT word FROM words WHERE word IN ({placeholders})", params)
            )
        return found
    if not isinstance(words, (set, frozenset, Mapping)):
        words = {w.lower() for w in words}
    return {c for c in candidates if c in words}


def is_valid_word(word: str, hand: Mapping[str, int], words: Words, letters_of: Tiles | None = None) -> bool:
    """``word`` uses only letters the hand holds (with their counts) and is a word.

    ``*`` stands for exactly one vowel: the word is valid when some vowel in
    each ``*``'s place makes a dictionary word (never a consonant). ``words``
    is an open ``Index`` or a collection of (lowercase) words. Case-insensitive;
    in the index's language (or ``letters_of``'s) as its players write.
    """
    chosen = tiles_of(words, letters_of)
    played = chosen.play(word)
    if not played:
        return False
    if not _holds(played, hand):
        return False
    return bool(known_words(words, wildcard_spellings(played, chosen)))


def substitute_hand(
    hand: Mapping[str, int], letter: str, rng: random.Random | int | None = None, letters_of: Tiles | None = None
) -> Hand:
    """A new hand in which every copy of ``letter`` becomes one random letter not in the hand.

    The new letter is drawn (from vowels and consonants, with ``rng``) among
    the letters the hand does not hold, and takes the old letter's place and
    count. A letter the hand does not hold, or the wildcard, leaves the hand
    unchanged (a copy is returned). ``hand`` itself is never modified.
    """
    chosen = letters_of or tiles()
    letter = chosen.play(letter) or ""
    if letter not in chosen.alphabet.letter_set or hand.get(letter, 0) <= 0:
        return dict(hand)
    free = [c for c in chosen.vowels + chosen.consonants if hand.get(c, 0) <= 0]
    if not free:
        raise UsageError(f"{chosen.every_letter} is already in the hand, so none can be substituted")
    new_letter = _rng(rng).choice(free)
    return {(new_letter if key == letter else key): count for key, count in hand.items()}


def parse_hand(text: str, letters_of: Tiles | None = None) -> Hand:
    """A hand from text such as ``cows*z`` or ``c o w s * z`` (spaces ignored, case-insensitive).

    BadHandError for an empty hand or a character other than the language's letters and ``*``
    (NFC or NFD, with the language's folds: a French ``é`` is an ``e``).
    """
    if text is None or not text.strip():
        raise BadHandError("the hand is empty: give its letters, with * for the wildcard (e.g. cows*z)")
    chosen = letters_of or tiles()
    given = "".join(text.split())
    played = chosen.play(given)
    if played is None:
        bad = next(ch for ch in given if ch != WILDCARD and chosen.alphabet.play(ch) is None)
        raise BadHandError(
            f"the hand {text.strip()!r} has {bad!r}: use only {chosen.letters_text} and * for the wildcard"
        )
    return get_frequency_dict(played)
