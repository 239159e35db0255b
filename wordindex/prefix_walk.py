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
  as the rank of the first child in the next level, -1 for none) are
  therefore appended to that level's buffer, handed to a ``LevelSink`` a
  chunk at a time; ``wordindex.boggle.trie.lexicon_chunks`` turns ranks into
  node numbers once every level's size is known.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import Protocol

from .alphabet import ENGLISH, MAX_WORD_LENGTH, Alphabet

#: Node values buffered per level before they go to the sink.
LEVEL_CHUNK = 16_384
WORD_BIT = 1 << 26
#: The most letters the lexicon's 32-bit node masks hold beside ``WORD_BIT``; a larger alphabet's
#: walk gives the prefixes only (its lexicon masks stay 0 and the build stores no lexicon).
LEXICON_LETTERS = 26

PrefixRow = tuple[str, bool, bool]


class LevelSink(Protocol):
    """Where finished nodes go: ``masks[i]`` and ``firsts[i]`` of consecutive nodes of one level."""

    def write(self, level: int, masks: array[int], firsts: array[int]) -> None: ...


class PrefixWalk:
    """Feed it distinct words in increasing order (``add``), then ``finish``; see the module docstring."""

    def __init__(self, sink: LevelSink, chunk: int | None = None, alphabet: Alphabet = ENGLISH) -> None:
        levels = MAX_WORD_LENGTH + 1
        self.alphabet = alphabet
        self.lexicon = alphabet.size <= LEXICON_LETTERS
        self._bit = {letter: 1 << k if self.lexicon else 0 for k, letter in enumerate(alphabet.letters)}
        self._key = None if alphabet.code_point_order else alphabet.sort_key
        self.sink = sink
        self.chunk = chunk or LEVEL_CHUNK
        self.masks = [0] * levels  # the open node of each level (the path of the last word)
        self.firsts = [-1] * levels
        self.counts = [1] + [0] * MAX_WORD_LENGTH  # nodes per level so far; level 0 is the root
        self.word_count = 0
        self._masks_out = [array("i") for _ in range(levels)]
        self._firsts_out = [array("i") for _ in range(levels)]
        self._previous = ""

    def add(self, word: str, rows: list[PrefixRow]) -> None:
        """Walk to ``word`` (greater than the last one), appending the prefixes rows it settles to ``rows``."""
        previous = self._previous
        key = self._key
        if not word or (key(word) <= key(previous) if key else word <= previous):
            raise ValueError(f"words must be distinct, non-empty and increasing: {previous!r} then {word!r}")
        shared = 0
        limit = min(len(previous), len(word))
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        if previous:
            rows.append((previous, True, shared == len(previous)))
        masks, firsts, counts = self.masks, self.firsts, self.counts
        masks_out, firsts_out, chunk = self._masks_out, self._firsts_out, self.chunk
        for level in range(len(previous), shared, -1):  # close the nodes the walk leaves
            out = masks_out[level]
            out.append(masks[level])
            firsts_out[level].append(firsts[level])
            if len(out) >= chunk:
                self._flush(level)
        for level in range(shared + 1, len(word) + 1):  # open the new ones
            parent = level - 1
            if firsts[parent] < 0:
                firsts[parent] = counts[level]
            masks[parent] |= self._bit[word[parent]]
            masks[level] = 0
            firsts[level] = -1
            counts[level] += 1
        rows += [(word[:level], False, True) for level in range(shared + 1, len(word))]
        masks[len(word)] = WORD_BIT if self.lexicon else 0
        self._previous = word
        self.word_count += 1

    def finish(self, rows: list[PrefixRow]) -> list[int]:
        """Settle the last word and close every node; return the number of nodes of each level."""
        previous = self._previous
        if previous:
            rows.append((previous, True, False))
        for level in range(len(previous), -1, -1):
            self._close(level)
        for level, masks in enumerate(self._masks_out):
            if masks:
                self._flush(level)
        self._previous = "\U0010ffff"  # nothing can follow
        return [count for count in self.counts if count]

    def _close(self, level: int) -> None:
        masks = self._masks_out[level]
        masks.append(self.masks[level])
        self._firsts_out[level].append(self.firsts[level])
        if len(masks) >= self.chunk:
            self._flush(level)

    def _flush(self, level: int) -> None:
        self.sink.write(level, self._masks_out[level], self._firsts_out[level])
        self._masks_out[level] = array("i")
        self._firsts_out[level] = array("i")


class _Discard:
    def write(self, level: int, masks: array[int], firsts: array[int]) -> None:
        pass


def prefix_rows(words: Iterable[str]) -> list[PrefixRow]:
    """``(prefix, is_word, has_longer)`` for every distinct prefix of ``words``, in order (in memory: tests, tools)."""
    walk = PrefixWalk(_Discard())
    rows: list[PrefixRow] = []
    for word in sorted(set(words)):
        walk.add(word, rows)
    walk.finish(rows)
    return rows
