"""One walk over the words in alphabetical order: the prefixes table and the Boggle lexicon's nodes.

Both are functions of the set of prefixes, and in alphabetical order a word
adds exactly the prefixes longer than what it shares with the word before
it. The walk keeps only the path of the last word (at most 63 open nodes),
so it holds a constant amount whatever the number of words:

* ``prefixes`` rows come out in alphabetical order: a word's new proper
  prefixes as it arrives (each has a longer word: this one), the word itself
  once the next word tells whether it goes on (``has_longer``).
* The lexicon (``wordindex.boggle.trie``) numbers its nodes by (length,
  prefix). Within one length, alphabetical order is that order, so a node's
  rank in its level is a running count; and a node is final when the walk
  leaves it (its children are all known by then), which happens in the order
  the nodes were made. Each level's ``mask`` and ``first`` values (``first``
  packs the rank of the first child in the next level, all ones for none,
  the letters of the shortest completion, known from its closed children
  when it closes, and the word flag) are therefore appended to that level's
  buffer, handed to a ``LevelSink`` a chunk at a time;
  ``wordindex.boggle.trie.lexicon_chunks`` turns ranks into node numbers
  once every level's size is known.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import Any, Protocol

from wordindex.languages.alphabet import ENGLISH, MAX_WORD_LENGTH, Alphabet

#: Node values buffered per level before they go to the sink.
LEVEL_CHUNK = 16_384
#: As ``wordindex.boggle.trie``: a node's ``first`` value packs the first child's rank in its
#: level (bits 0-24, all ones: no child), its shortest completion (bits 25-30, at most 63) and its
#: word flag (bit 31).
SHORTEST_SHIFT = 25
NO_CHILD = (1 << SHORTEST_SHIFT) - 1
WORD_FLAG = 1 << 31
FAR = 63

PrefixRow = tuple[str, bool, bool]
#: ``(word, shared, has_longer)``: see ``PrefixWalk.add``.
WordStep = tuple[str, int, bool]


class LevelSink(Protocol):
    """Where finished nodes go: ``masks[i]`` and ``firsts[i]`` of consecutive nodes of one level."""

    def write(self, level: int, masks: array[int], firsts: array[int]) -> None: ...


class PrefixWalk:
    """Feed it distinct words in increasing order (``add``), then ``finish``; see the module docstring.

    "Increasing" is the alphabet's order (``Alphabet.sort_key``), so a node's children come in
    letter order whatever the letters' code points.
    """

    def __init__(
        self, sink: LevelSink, chunk: int | None = None, alphabet: Alphabet = ENGLISH, *, steps: bool = False
    ) -> None:
        levels = MAX_WORD_LENGTH + 1
        self.steps = steps  # ``add`` appends a WordStep per word, not a PrefixRow per prefix
        self.sink = sink
        self.chunk = chunk or LEVEL_CHUNK
        self.alphabet = alphabet
        self._bit = {letter: 1 << k for k, letter in enumerate(alphabet.letters)}
        self._key = None if alphabet.code_point_order else alphabet.sort_key
        self.masks = [0] * levels  # the open node of each level (the path of the last word)
        self.firsts = [-1] * levels
        self.words = [False] * levels
        self.best = [FAR] * levels  # the shortest completion among the open node's closed children
        self.counts = [1] + [0] * MAX_WORD_LENGTH  # nodes per level so far; level 0 is the root
        self.word_count = 0
        self._masks_out = [array("I") for _ in range(levels)]
        self._firsts_out = [array("I") for _ in range(levels)]
        self._previous = ""
        self._shared = 0  # what the last word shares with the one before it (``steps``)

    def add(self, word: str, rows: list[Any]) -> None:
        """Walk to ``word`` (greater than the last one), appending what it settles to ``rows``.

        A ``PrefixRow`` per new prefix; with ``steps`` (see the constructor) one
        ``WordStep`` per word instead, ``(word, shared, has_longer)``: the word's
        new prefixes are its first ``shared + 1`` to ``len(word)`` letters, all
        but the word itself have a longer word, and the word has one when
        ``has_longer``. A word's own row (or step) is settled by the next word
        (or ``finish``).
        """
        previous = self._previous
        shared = self._advance(word)
        if self.steps:
            if previous:
                rows.append((previous, self._shared, shared == len(previous)))
            self._shared = shared
            return
        if previous:
            rows.append((previous, True, shared == len(previous)))
        rows += [(word[:level], False, True) for level in range(shared + 1, len(word))]

    def _advance(self, word: str) -> int:
        """Close the nodes the walk leaves, open the new ones; return how many letters ``word`` shares with the last."""
        previous = self._previous
        key = self._key
        if not word or (key(word) <= key(previous) if key else word <= previous):
            raise ValueError(f"words must be distinct, non-empty and increasing: {previous!r} then {word!r}")
        shared = 0
        limit = min(len(previous), len(word))
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        for level in range(len(previous), shared, -1):  # close the nodes the walk leaves
            self._close(level)
        masks, firsts, words, best, counts, bit = self.masks, self.firsts, self.words, self.best, self.counts, self._bit
        for level in range(shared + 1, len(word) + 1):  # open the new ones
            parent = level - 1
            if firsts[parent] < 0:
                firsts[parent] = counts[level]
            masks[parent] |= bit[word[parent]]
            masks[level] = 0
            firsts[level] = -1
            words[level] = False
            best[level] = FAR
            counts[level] += 1
        words[len(word)] = True
        self._previous = word
        self.word_count += 1
        return shared

    def finish(self, rows: list[Any]) -> list[int]:
        """Settle the last word and close every node; return the number of nodes of each level."""
        previous = self._previous
        if previous:
            rows.append((previous, self._shared, False) if self.steps else (previous, True, False))
        for level in range(len(previous), -1, -1):
            self._close(level)
        for level, masks in enumerate(self._masks_out):
            if masks:
                self._flush(level)
        self._previous = "\U0010ffff"  # nothing can follow
        return [count for count in self.counts if count]

    def _close(self, level: int) -> None:
        """The walk leaves the open node of ``level``: its children are all known, so it is final."""
        word = self.words[level]
        shortest = 0 if word else min(self.best[level] + 1, FAR)
        if level and shortest < self.best[level - 1]:
            self.best[level - 1] = shortest
        first = self.firsts[level]
        masks = self._masks_out[level]
        masks.append(self.masks[level])
        packed = (first if first >= 0 else NO_CHILD) | shortest << SHORTEST_SHIFT | (WORD_FLAG if word else 0)
        self._firsts_out[level].append(packed)
        if len(masks) >= self.chunk:
            self._flush(level)

    def _flush(self, level: int) -> None:
        self.sink.write(level, self._masks_out[level], self._firsts_out[level])
        self._masks_out[level] = array("I")
        self._firsts_out[level] = array("I")


class _Discard:
    def write(self, level: int, masks: array[int], firsts: array[int]) -> None:
        pass


def prefix_rows(words: Iterable[str], alphabet: Alphabet = ENGLISH) -> list[PrefixRow]:
    """``(prefix, is_word, has_longer)`` for every distinct prefix of ``words``, in order (in memory: tests, tools)."""
    walk = PrefixWalk(_Discard(), alphabet=alphabet)
    rows: list[PrefixRow] = []
    for word in sorted(set(words), key=alphabet.sort_key):
        walk.add(word, rows)
    walk.finish(rows)
    return rows
