"""The best word for a hand, found through the index's ``signature`` column.

A word can be played from a hand exactly when its sorted letters (its
signature) are a sub-multiset of the hand, each ``*`` standing for one vowel.
So the search enumerates those sub-multisets (each wildcard replaced by each
vowel), sorts each into a signature, and fetches every word having one of
them in ONE indexed ``signature IN (...)`` query. A 7-letter hand with a
wildcard has at most 384 signatures.

Hands so large that they have more than ``MAX_SIGNATURES`` sub-multisets
(about 11 distinct letters and up) use one query on the per-letter count
columns instead (``cnt_x <= held``, vowels beyond the hand paid by
wildcards), which the database answers with one scan of ``words``.

Scoring: the wildcard is worth 0 and every vowel 1, so a word's best score
comes from using the wildcard only for vowels the hand lacks; the word is
reported as it would be typed in the game (``c*ws``) with its dictionary
spelling (``caws``).

Those queries are the index's words source's (``Index.words.playable``, ``wordindex.words.source``:
SQL, or a server worker's held words), given the hand as a ``HandQuestion``.

Words the index flags as vulgar are valid in the game but never answered
here unless ``allow_vulgar`` is set.

In another language the letters, vowels and values are that language's
(``Tiles``): a signature is the letters in the alphabet's order, as the
build wrote it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from wordindex.index.core import Index
from wordindex.words.source import HandQuestion

from .hand import (
    BadHandError,
    Hand,
    Words,
    calculate_handlen,
    get_frequency_dict,
    get_word_score,
    letters_score,
    parse_hand,
)
from .tiles import WILDCARD, Tiles, tiles, tiles_of

#: Above this many signatures, search by per-letter counts instead of signatures.
MAX_SIGNATURES = 4000


@dataclass(frozen=True)
class WordPlay:
    """A word playable from a hand: as typed in the game, as spelled, and its score."""

    word: str  # with ``*`` where the wildcard stands, e.g. "c*ws"
    spelled: str  # the dictionary word, e.g. "caws"
    score: int


def _as_hand(hand: Mapping[str, int] | str, chosen: Tiles) -> Hand:
    if isinstance(hand, str):
        return parse_hand(hand, chosen)
    cleaned = {str(k).lower(): int(v) for k, v in hand.items() if v > 0}
    if not cleaned:
        raise BadHandError("the hand is empty: it holds no letter")
    for key in cleaned:
        if key != WILDCARD and (len(key) != 1 or key not in chosen.alphabet.letter_set):
            raise BadHandError(f"the hand has {key!r}: use only {chosen.letters_text} and * for the wildcard")
    return cleaned


def signature_count(hand: Mapping[str, int], chosen: Tiles | None = None) -> int:
    """How many sub-multisets (non-empty ones included, the empty one too) the hand has."""
    vowels = len((chosen or tiles()).vowels)
    wild = hand.get(WILDCARD, 0)
    letters = math.prod(count + 1 for letter, count in hand.items() if letter != WILDCARD)
    return letters * math.comb(wild + vowels - 1, vowels - 1)


def hand_signatures(hand: Mapping[str, int], chosen: Tiles | None = None) -> list[str]:
    """The sorted-letter signatures of every non-empty sub-multiset of the hand (``*`` → each vowel)."""
    chosen = chosen or tiles()
    held = [(letter, count) for letter, count in hand.items() if letter != WILDCARD and count > 0]
    wild = hand.get(WILDCARD, 0)
    wild_choices = [combo for w in range(wild + 1) for combo in combinations_with_replacement(chosen.vowels, w)]
    signatures: set[str] = set()
    for counts in product(*(range(count + 1) for _, count in held)):
        base = "".join(letter * k for (letter, _), k in zip(held, counts))
        for combo in wild_choices:
            if base or combo:
                signatures.add(chosen.signature(base + "".join(combo)))
    return sorted(signatures)


def _wildcards_needed(word: str, hand: Mapping[str, int], vowels: str) -> dict[str, int] | None:
    """Per vowel, how many of the word's copies the wildcard must supply; None if the hand cannot play it."""
    stars: dict[str, int] = {}
    for letter, count in get_frequency_dict(word).items():
        short = count - hand.get(letter, 0)
        if short > 0:
            if letter not in vowels:
                return None
            stars[letter] = short
    if sum(stars.values()) > hand.get(WILDCARD, 0):
        return None
    return stars


def _place_wildcards(word: str, stars: Mapping[str, int]) -> str:
    """``word`` with ``*`` at the first copies of each vowel the wildcard supplies."""
    if not stars:
        return word
    left = dict(stars)
    chars = list(word)
    for i, ch in enumerate(chars):
        if left.get(ch, 0) > 0:
            chars[i] = WILDCARD
            left[ch] -= 1
    return "".join(chars)


def word_play(word: str, hand: Mapping[str, int], n: int | None = None, chosen: Tiles | None = None) -> WordPlay | None:
    """How ``word`` is best played from ``hand`` (wildcard only for missing vowels), or None if it cannot be."""
    chosen = chosen or tiles()
    stars = _wildcards_needed(word, hand, chosen.vowels)
    if stars is None:
        return None
    played = _place_wildcards(word, stars)
    size = calculate_handlen(hand) if n is None else n
    return WordPlay(word=played, spelled=word, score=get_word_score(played, size, chosen))


def hand_question(hand: Mapping[str, int], allow_vulgar: bool, chosen: Tiles) -> HandQuestion:
    """The hand as its words source is asked about it: the hand's letters by slot, its wildcards, and its
    signatures when there are at most ``MAX_SIGNATURES`` (SQL then asks for them; past it, SQL reads the
    count columns)."""
    slot = chosen.alphabet.slot
    counts = [0] * chosen.alphabet.size
    for letter, count in hand.items():
        if letter != WILDCARD:
            counts[slot[letter]] = count
    return HandQuestion(
        alphabet=chosen.alphabet,
        counts=tuple(counts),
        vowels=tuple(slot[letter] for letter in chosen.vowels),
        wildcards=hand.get(WILDCARD, 0),
        size=calculate_handlen(hand),
        allow_vulgar=allow_vulgar,
        signatures=lambda: hand_signatures(hand, chosen) if signature_count(hand, chosen) <= MAX_SIGNATURES else None,
        signature=chosen.signature,
    )


Scored = tuple[int, str, dict[str, int]]  # score, word, wildcard use


def _scored(hand: Mapping[str, int] | str, words: Words, allow_vulgar: bool, chosen: Tiles) -> list[Scored]:
    """``(score, word, wildcard use)`` for every playable word, unsorted; wildcards not yet placed."""
    hand = _as_hand(hand, chosen)
    n = calculate_handlen(hand)
    if isinstance(words, Index):
        candidates = words.words.playable(hand_question(hand, allow_vulgar, chosen))
    else:
        alphabet = chosen.alphabet
        lowered = (w.lower() for w in words)
        candidates = [(w, chosen.signature(w)) for w in lowered if 0 < len(w) <= n and alphabet.is_word_text(w)]
    # The score depends only on the signature (same letters, same wildcards): work it out once per signature.
    by_signature: dict[str, tuple[dict[str, int], int] | None] = {}
    scored: list[Scored] = []
    for word, signature in candidates:
        if signature not in by_signature:
            stars = _wildcards_needed(signature, hand, chosen.vowels)
            by_signature[signature] = (
                None if stars is None else (stars, letters_score(_place_wildcards(signature, stars), n, chosen.values))
            )
        found = by_signature[signature]
        if found is not None:
            scored.append((found[1], word, found[0]))
    return scored


def _ranking(chosen: Tiles) -> Callable[[Scored], tuple[int, int, str]]:
    """Best first: higher score, then longer, then alphabetical in the alphabet's order."""
    key = chosen.alphabet.sort_key

    def rank(item: Scored) -> tuple[int, int, str]:
        score, word, _ = item
        return (-score, -len(word), key(word))

    return rank


def playable_words(
    hand: Mapping[str, int] | str, words: Words, allow_vulgar: bool = False, chosen: Tiles | None = None
) -> list[WordPlay]:
    """Every word playable from the hand, best first (score, then length, then alphabetical).

    ``hand`` is a hand dict or text such as ``"cows*z"``; ``n`` for scoring
    is the hand's size. ``words`` is an open Index (one query; words flagged
    vulgar left out unless ``allow_vulgar``; the index's language) or a
    collection of lowercase words (checked one by one in Python; English
    unless ``chosen`` says otherwise).
    """
    chosen = tiles_of(words, chosen)
    scored = sorted(_scored(hand, words, allow_vulgar, chosen), key=_ranking(chosen))
    return [WordPlay(word=_place_wildcards(word, stars), spelled=word, score=score) for score, word, stars in scored]


def best_word(
    hand: Mapping[str, int] | str, words: Words, allow_vulgar: bool = False, chosen: Tiles | None = None
) -> WordPlay | None:
    """The highest-scoring word playable from the hand (ties: longer, then alphabetical), or None."""
    chosen = tiles_of(words, chosen)
    scored = _scored(hand, words, allow_vulgar, chosen)
    if not scored:
        return None
    score, word, stars = min(scored, key=_ranking(chosen))
    return WordPlay(word=_place_wildcards(word, stars), spelled=word, score=score)
