"""Guessers: the next letter from a pattern and the letters guessed so far.

The four letter-frequency guessers of CS61B's "Awakening of Azathoth" and
the Ruby Quiz database guesser, plus ``split``, a stronger strategy that
looks at the family split each letter would cause. Every frequency guesser
is one query on the index (see ``queries``); ``split`` adds one family-split
statement, and a batched look-ahead when letters are close.

Rules shared by all: a letter's weight is counted over the candidate words;
only unguessed letters with a positive weight can be chosen; the highest
weight wins and ties go to the letter earliest in the index's alphabet
(``Index.alphabet``: a-z for English, ``aąbc…`` for Polish); with no such
letter the answer is ``?``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum

from wordindex.index.core import Index
from wordindex.languages.alphabet import Alphabet

from ..errors import UsageError
from .families import largest_family
from .queries import (
    LetterCounts,
    Splits,
    letter_counts,
    letter_counts_many,
    split_families,
    split_families_many,
    totals_counts,
)
from .state import NoCandidateError, Position

NO_GUESS = "?"


class Strategy(StrEnum):
    """The guessers, by the name the CLI option, the JSON and the web API all use."""

    NAIVE = "naive"
    PATTERN = "pattern"
    PAGA = "paga"
    CONTAINING = "containing"
    SPLIT = "split"
    OPTIMAL = "optimal"


DEFAULT_STRATEGY = Strategy.PAGA
STRATEGIES = tuple(Strategy)

#: ``split``: how many of the most widely held letters get a family split.
SPLIT_CANDIDATES = 6
#: ``split``: weight of one bit of remaining uncertainty, in misses, is SPLIT_BITS_WEIGHT * 2**-blanks.
SPLIT_BITS_WEIGHT = 16.0
#: ``split``: share of the worst case (the largest family) in a letter's cost.
SPLIT_WORST_SHARE = 0.6
#: ``split``: letters whose cost is within this of the best are compared by looking ahead ...
SPLIT_NEAR = 0.04
#: ``split``: ... this many families deep along the largest family.
SPLIT_DEPTH = 2
#: ``split``: with at least this many blanks the look-ahead goes SPLIT_DEPTH_LONG families deep.
SPLIT_LONG_BLANKS = 9
SPLIT_DEPTH_LONG = 3
#: ``split``: with at least this many blanks letters within SPLIT_NEAR_LONG of the best are looked at.
#: (Long words: the bits weight has vanished, costs are miss chances, and a letter that misses a little
#: more often now can save a miss later; for short words a wider margin cost evil misses at lengths 6 and 8.)
SPLIT_WIDE_BLANKS = 12
SPLIT_NEAR_LONG = 0.06
#: ``split``: in the long look-ahead, a family looks deeper only after its letters within this of its best.
SPLIT_PRUNE_LONG = 0.04


@dataclass(frozen=True)
class Guess:
    """A guesser's answer: the letter (or ``?``) and what it was chosen from."""

    letter: str
    strategy: Strategy
    candidates: int
    frequencies: dict[str, int]  # unguessed letter -> weight, positive weights only, in the alphabet's order
    exact: bool | None = None  # optimal: the letter is proven value-achieving (False: split's, budget exceeded)
    misses: int | None = None  # optimal, exact: the position's value against the chooser assumed

    @property
    def found(self) -> bool:
        return self.letter != NO_GUESS


def check_strategy(name: str | None) -> Strategy:
    """The Strategy a user's text names (case and spaces ignored); UsageError naming the choices."""
    if isinstance(name, Strategy):  # already checked (a game asks it at every guess)
        return name
    key = (name or "").strip().lower()
    try:
        return Strategy(key)
    except ValueError:
        raise UsageError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}") from None


def best_letter(weights: Mapping[str, int], guessed: Collection[str], alphabet: Alphabet) -> str:
    """Highest positive weight among unguessed letters; ties → the earliest in the alphabet; else ``?``."""
    best, best_weight = NO_GUESS, 0
    for letter in alphabet.letters:
        weight = weights.get(letter, 0)
        if letter not in guessed and weight > best_weight:
            best, best_weight = letter, weight
    return best


def unguessed_weights(weights: Mapping[str, int], guessed: Collection[str], alphabet: Alphabet) -> dict[str, int]:
    """The positive weights of the unguessed letters, in the alphabet's order."""
    return {x: weights[x] for x in alphabet.letters if x not in guessed and weights.get(x, 0) > 0}


def split_shortlist(counts: LetterCounts, guessed: Collection[str]) -> list[str]:
    """The letters ``split`` examines: the most widely held unguessed ones (ties: the alphabet's order)."""
    slot = counts.alphabet.slot
    held = [x for x in counts.alphabet.letters if x not in guessed and counts.containing[x] > 0]
    held.sort(key=lambda x: (-counts.containing[x], slot[x]))
    return held[:SPLIT_CANDIDATES]


def _miss(mask: int) -> float:
    return 1.0 if mask == 0 else 0.0


def split_cost(
    families: Mapping[int, int],
    total: int,
    blanks: int,
    largest: tuple[int, int],
    largest_value: float | None = None,
) -> float:
    """Estimated misses still to pay after a guess that splits ``total`` words into ``families``.

    ``families`` maps the positions mask the letter would show (0: not in the
    word, a miss) to the family size. A family of n words is worth
    ``weight * log2(n)`` more misses, the weight growing as blanks run out
    (late in a word, telling the last candidates apart is what costs). The cost
    blends the expectation over an honest choice of word (share 1 -
    SPLIT_WORST_SHARE) with the cost of the family an evil chooser keeps, the
    largest (``largest``: its mask and size). ``largest_value`` replaces the
    estimate of that family when it was looked at more closely.
    """
    weight = SPLIT_BITS_WEIGHT * 2.0 ** (-blanks)
    expected = 0.0
    for mask, size in families.items():
        rest = largest_value if (largest_value is not None and (mask, size) == largest) else weight * math.log2(size)
        expected += size / total * (_miss(mask) + rest)
    mask, size = largest
    worst = _miss(mask) + (largest_value if largest_value is not None else weight * math.log2(size))
    return (1.0 - SPLIT_WORST_SHARE) * expected + SPLIT_WORST_SHARE * worst


def _blanks(position: Position) -> int:
    return position.pattern.text.count("-")


def family_values(index: Index, positions: list[Position], depth: int, prune: float | None = None) -> list[float]:
    """The best ``split_cost`` at each family, looking ``depth`` families deep along the largest ones.

    Batched: one statement for the counts of all the families, one for all
    their splits, then the same for the largest families one level down.
    With ``prune``, a family looks deeper only after the letters whose own
    cost is within ``prune`` of its best (the others keep their estimate).
    """
    if not positions:
        return []
    counts = letter_counts_many(index, positions)
    shortlists = [split_shortlist(c, p.guessed) for c, p in zip(counts, positions)]
    splits = split_families_many(index, list(zip(positions, shortlists)))
    largest = [
        {x: largest_family(p.pattern.length, splits_x[x]) for x in shortlist}
        for p, shortlist, splits_x in zip(positions, shortlists, splits)
    ]
    deeper: list[tuple[Position, str, Position]] = []
    if depth > 1:
        for p, c, shortlist, splits_x, big in zip(positions, counts, shortlists, splits, largest):
            worth = shortlist
            if prune is not None and shortlist:
                own = {x: split_cost(splits_x[x], c.candidates, _blanks(p), big[x]) for x in shortlist}
                worth = [x for x in shortlist if own[x] <= min(own.values()) + prune]
            for x in worth:
                mask, size = big[x]
                if size > 1:
                    deeper.append((p, x, p.after(x, mask)))
    children = family_values(index, [child for _, _, child in deeper], depth - 1, prune)
    deeper_values = dict(zip([(id(p), x) for p, x, _ in deeper], children))
    values = []
    for p, c, shortlist, splits_x, big in zip(positions, counts, shortlists, splits, largest):
        best = None
        for x in shortlist:
            cost = split_cost(splits_x[x], c.candidates, _blanks(p), big[x], deeper_values.get((id(p), x)))
            best = cost if best is None else min(best, cost)
        values.append(best if best is not None else 0.0)
    return values


def look_ahead(position: Position) -> tuple[float, int, float | None]:
    """``split``'s look-ahead for ``position``: the cost margin of the letters it compares, its depth,
    and the ``prune`` margin of ``family_values`` (None: every shortlisted letter looks deeper).

    Up to 8 blanks: SPLIT_NEAR, SPLIT_DEPTH, no pruning. From SPLIT_LONG_BLANKS blanks it looks
    SPLIT_DEPTH_LONG families deep, pruned to SPLIT_PRUNE_LONG, and from SPLIT_WIDE_BLANKS it
    also compares the letters within SPLIT_NEAR_LONG of the best.
    """
    blanks = _blanks(position)
    margin = SPLIT_NEAR_LONG if blanks >= SPLIT_WIDE_BLANKS else SPLIT_NEAR
    if blanks >= SPLIT_LONG_BLANKS:
        return margin, SPLIT_DEPTH_LONG, SPLIT_PRUNE_LONG
    return margin, SPLIT_DEPTH, None


def choose_split(index: Index, position: Position, counts: LetterCounts, splits: Splits) -> str:
    """``split``'s letter: the lowest ``split_cost``; letters within a margin of it are
    compared by looking ahead along the largest family (``look_ahead``: margin, depth, pruning). Ties go to
    the letter earliest in the alphabet."""
    slot = index.alphabet.slot
    costs = {}
    largest = {}
    for letter in sorted(splits, key=slot.__getitem__):
        families = splits[letter]
        if letter in position.guessed or not families:
            continue
        largest[letter] = largest_family(position.pattern.length, families)
        costs[letter] = split_cost(families, counts.candidates, _blanks(position), largest[letter])
    if not costs:
        return NO_GUESS
    best = min(costs, key=lambda x: (costs[x], slot[x]))
    margin, depth, prune = look_ahead(position)
    near = [x for x in sorted(costs, key=slot.__getitem__) if costs[x] <= costs[best] + margin]
    if len(near) == 1:
        return best
    looked = [x for x in near if largest[x][1] > 1]
    values = dict(zip(looked, family_values(index, [position.after(x, largest[x][0]) for x in looked], depth, prune)))
    return min(near, key=lambda x: (_miss(largest[x][0]) + values.get(x, 0.0), slot[x]))


def next_guess(
    index: Index, position: Position, strategy: str | Strategy = DEFAULT_STRATEGY, chooser: str = "greedy"
) -> Guess:
    """The guesser's next letter for ``position`` (NoCandidateError if no word fits).

    ``chooser`` (greedy or optimal) is the chooser the ``optimal`` strategy plays against.
    """
    strategy = check_strategy(strategy)
    if strategy is Strategy.OPTIMAL:
        return _optimal_guess(index, position, chooser)
    guessed = position.guessed
    if strategy is Strategy.NAIVE:
        counts = totals_counts(index, None)
        weights = counts.occurrences
    else:
        exclusive = strategy is not Strategy.PATTERN
        wants_containing = strategy in (Strategy.CONTAINING, Strategy.SPLIT)
        counts = letter_counts(index, position, exclusive=exclusive, containing=wants_containing)
        if counts.candidates == 0:
            misses = "".join(sorted(position.misses, key=counts.alphabet.slot.__getitem__))
            rule = f" without the letters {misses}" if exclusive and misses else ""
            raise NoCandidateError(f"no word of the index fits the pattern {position.pattern.text}{rule}")
        weights = counts.containing if strategy is Strategy.CONTAINING else counts.occurrences
    frequencies = unguessed_weights(weights, guessed, counts.alphabet)
    if strategy is Strategy.SPLIT:
        shortlist = split_shortlist(counts, guessed)
        splits = split_families(index, position, shortlist)
        letter = choose_split(index, position, counts, splits)
    else:
        letter = best_letter(weights, guessed, counts.alphabet)
    return Guess(letter=letter, strategy=strategy, candidates=counts.candidates, frequencies=frequencies)


def _optimal_guess(index: Index, position: Position, chooser: str) -> Guess:
    """``optimal``: a letter achieving the position's value against ``chooser`` (``optimal.optimal_letter``),
    or ``split``'s letter with ``exact=False`` when the search does not finish within its budget."""
    from .optimal import optimal_letter

    counts = letter_counts(index, position, containing=False)
    if counts.candidates == 0:
        raise NoCandidateError(f"no word of the index fits the pattern {position.pattern.text}")
    frequencies = unguessed_weights(counts.occurrences, position.guessed, counts.alphabet)
    found = optimal_letter(index, position, chooser)
    if found.exact:
        return Guess(found.letter or NO_GUESS, Strategy.OPTIMAL, counts.candidates, frequencies, True, found.misses)
    letter = next_guess(index, position, Strategy.SPLIT).letter
    return Guess(letter, Strategy.OPTIMAL, counts.candidates, frequencies, False, None)
