"""The family arithmetic every hangman piece shares: how a guess splits words, and which family the
greedy (CS106L) chooser keeps.

A guess of a letter splits the candidate words into families by the positions the letter stands at,
a bitmask (bit ``i``: position ``i``; 0: the letter is not in the word, a miss). The greedy chooser
keeps the largest family; a tie goes to the pattern that sorts first, ``-`` before every letter, so
the miss family wins its ties and, between two hits, the one whose first differing position is
blank. That order is ``pattern_rank``: the mask with its bits reversed (position 0 the most
significant), smallest first. It depends on the positions only, never on the letter, so it is the
same in every alphabet.

The choosers, the guessers' look-ahead, the exact search and the compiled greedy sweep all ask here,
so the rule is written once.
"""

from __future__ import annotations

from collections.abc import Mapping


def positions_mask(word: str, letter: str) -> int:
    """The bitmask of the positions of ``word`` where ``letter`` stands (0: not in the word)."""
    mask = 0
    for i, ch in enumerate(word):
        if ch == letter:
            mask |= 1 << i
    return mask


def occurrences(mask: int) -> int:
    """How many times the letter of a positions mask shows."""
    return mask.bit_count()


def pattern_rank(mask: int, length: int) -> int:
    """The greedy tie-break's rank of a positions mask in a word of ``length``: the pattern that sorts
    first (``-`` before letters, compared from the first position) has the smallest rank; 0 is the miss."""
    return int(format(mask, f"0{length}b")[::-1], 2) if length else 0


def largest_family(length: int, families: Mapping[int, int]) -> tuple[int, int]:
    """The ``(mask, size)`` the greedy chooser keeps of ``{mask: size}``: largest; tie → the pattern that
    sorts first ('-' first)."""
    return min(families.items(), key=lambda item: (-item[1], pattern_rank(item[0], length)))
