"""Lower bounds of the exact search (``exact_search``) that need no search: values read off a family.

* ``disjoint_value``: a family in which no letter is held by two words (the one-letter words) is worth
  a miss per word but one, against either chooser: each guess isolates at most one word, and the
  chooser answers with the miss.
* ``GroupBound``: against the optimal chooser, the largest one-letter **group** of a family, less one.
  A group is the words equal to one another but at one position ``p`` whose letter at ``p`` appears
  nowhere else in the word (``bills fills gills hills``: ``-ills`` at position 0). In a group of m
  words every letter but those at ``p`` stands at the same places in every word (it reveals nothing)
  and each letter at ``p`` is held by one word: a guess isolates at most one word, and the chooser
  answers with the miss until one word is left, so the group is worth m - 1 misses. The
  optimal-chooser value is monotone (a guesser's strategy for a set plays as well on any subset: each
  family of the subset lies in the family of the set with the same mask), so a family needs at least
  the misses of its largest group. Not valid against the greedy chooser (its value is not monotone: a
  subset can need more misses).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Families of at least this many words count their one-letter groups with numpy.
GROUP_NUMPY_FROM = 2048


def disjoint_value(held: Sequence[int], ids: Sequence[int], letters: int) -> int | None:
    """``len(ids) - 1`` when no letter is held by two of the words ``ids`` (``held[w]``: the bitmask of
    the letters word ``w`` holds), else None. Only a family of at most ``letters`` words (the alphabet's
    size) can be so: every word holds a letter."""
    if len(ids) > letters:
        return None
    seen = 0
    for w in ids:
        if seen & held[w]:
            return None
        seen |= held[w]
    return len(ids) - 1


class GroupBound:
    """The group bound of the families of one list of words (see the module docstring)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = words
        self._word_groups: list[tuple[int, ...]] | None = None
        self._group_matrix: Any = None

    def groups(self) -> list[tuple[int, ...]]:
        """Per word, the ids of its one-letter groups of two words or more."""
        if self._word_groups is None:
            keys: dict[tuple[int, str], list[int]] = {}
            for i, word in enumerate(self.words):
                for p, ch in enumerate(word):
                    rest = word[:p] + word[p + 1 :]
                    if ch not in rest:
                        keys.setdefault((p, rest), []).append(i)
            per_word: list[list[int]] = [[] for _ in self.words]
            for g, members in enumerate(m for m in keys.values() if len(m) > 1):
                for i in members:
                    per_word[i].append(g)
            self._word_groups = [tuple(groups) for groups in per_word]
        return self._word_groups

    def bound(self, ids: Sequence[int]) -> int:
        """The largest one-letter group among the words ``ids``, less one (0 when there is none)."""
        groups = self.groups()
        if len(ids) >= GROUP_NUMPY_FROM:
            import numpy as np

            if self._group_matrix is None:
                flat = [(i, g) for i, gs in enumerate(groups) for g in gs]
                self._group_matrix = (
                    np.array([i for i, _ in flat], dtype=np.int64),
                    np.array([g for _, g in flat], dtype=np.int64),
                )
            owners, group_ids = self._group_matrix
            member = np.zeros(len(self.words), dtype=bool)
            member[np.array(ids, dtype=np.int64)] = True
            chosen = group_ids[member[owners]]
            return max(0, int(np.bincount(chosen).max()) - 1) if len(chosen) else 0
        counts: dict[int, int] = {}
        top = 1
        for w in ids:
            for g in groups[w]:
                c = counts[g] = counts.get(g, 0) + 1
                if c > top:
                    top = c
        return top - 1
