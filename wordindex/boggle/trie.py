"""The Boggle lexicon: every word of the index as a compact trie in two flat int32 arrays.

``build`` computes it once, when the index is built (or migrated), and the
index stores its bytes (``wordindex.boggle.store``), so a solver gets it with
one read instead of rebuilding a table from the ``prefixes`` rows.

Layout (danvk's Boggle trie, flattened). Nodes are numbered by (length,
prefix): node 0 is a dead sink that is never a word and has no children,
node 1 the root (the empty prefix), then every prefix of every word, the
short ones first, alphabetical within a length. So the children of a node
are contiguous and in letter order, and two arrays describe the whole trie:

* ``mask[node]``: bit ``k`` (0-25) set when the prefix goes on with letter
  ``a + k``; bit 26 (``WORD_BIT``) set when the prefix is a word.
* ``first[node]``: the node number of its first child.

The child of ``node`` by letter ``k`` is ``first[node] + popcount(mask[node]
& ((1 << k) - 1))`` when bit ``k`` is set, else dead. For ENABLE2K that is
389,310 nodes in 3.1 MB (the dense node × letter table would be 40 MB, and
slower: it does not stay in the cache).

Bytes: a 16-byte header (magic ``WIBT``, format version, node count, word
count, all little-endian unsigned 32-bit), then ``mask``, then ``first``, as
little-endian int32. Reading them needs no numpy: the pure-Python solver
walks them through a ``memoryview``.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAGIC = b"WIBT"
#: Bump when the layout changes: a stored lexicon of another version is rebuilt, never misread.
FORMAT_VERSION = 1
HEADER = struct.Struct("<4sIII")
DEAD = 0
ROOT = 1
WORD_BIT = 1 << 26
LETTER_BITS = WORD_BIT - 1
LETTER_Q = ord("q") - 97
LETTER_U = ord("u") - 97


class TrieFormatError(ValueError):
    """Bytes that are not a lexicon of this format version."""


class Trie:
    """A read-only compact trie (see the module docstring for the layout)."""

    def __init__(self, data: bytes, word_count: int, mask: Sequence[int], first: Sequence[int]):
        self.data = data
        self.word_count = word_count
        self.mask = mask
        self.first = first
        self._arrays: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None = None

    def __len__(self) -> int:
        return len(self.mask)

    @classmethod
    def from_bytes(cls, data: bytes) -> Trie:
        """Read a lexicon; ``TrieFormatError`` when the bytes are not one of this version."""
        if len(data) < HEADER.size:
            raise TrieFormatError("too short for a lexicon header")
        magic, version, nodes, words = HEADER.unpack_from(data)
        if magic != MAGIC or version != FORMAT_VERSION:
            raise TrieFormatError(f"not a version {FORMAT_VERSION} lexicon")
        if len(data) != HEADER.size + 8 * nodes or nodes < 2:
            raise TrieFormatError("lexicon size does not match its header")
        body = memoryview(data)[HEADER.size :]
        mask: Sequence[int]
        first: Sequence[int]
        if sys.byteorder == "little":
            mask = body[: 4 * nodes].cast("i")
            first = body[4 * nodes :].cast("i")
        else:  # pragma: no cover - big-endian hosts copy once
            mask, first = array("i", body[: 4 * nodes]), array("i", body[4 * nodes :])
            mask.byteswap()
            first.byteswap()
        return cls(bytes(data), words, mask, first)

    def arrays(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """``(mask, first)`` as numpy int32 arrays sharing the bytes (no copy).

        The compiled search does not check its indexes, so every child a
        node claims is checked to be a node here, once (``TrieFormatError``).
        """
        if self._arrays is None:
            import numpy as np

            nodes = len(self.mask)
            body = np.frombuffer(self.data, dtype="<i4", offset=HEADER.size)
            mask, first = body[:nodes].astype(np.int32, copy=False), body[nodes:].astype(np.int32, copy=False)
            letters = mask & LETTER_BITS
            if hasattr(np, "bitwise_count"):  # numpy 2
                children = np.bitwise_count(letters).astype(np.int64)
            else:  # pragma: no cover - numpy 1.26
                children = np.unpackbits(letters.astype("<u4").view(np.uint8).reshape(nodes, 4), axis=1).sum(
                    axis=1, dtype=np.int64
                )
            if (mask < 0).any() or (first < 0).any() or (first.astype(np.int64) + children > nodes).any():
                raise TrieFormatError("a lexicon node points outside the lexicon")
            self._arrays = (mask, first)
        return self._arrays

    def child(self, node: int, letter: int) -> int:
        """The node after ``letter`` (0-25), or ``DEAD``."""
        bits = self.mask[node]
        if not (bits >> letter) & 1:
            return DEAD
        return self.first[node] + (bits & ((1 << letter) - 1)).bit_count()

    def find(self, word: str) -> int:
        """The node of ``word`` (any prefix), or ``DEAD``."""
        node = ROOT
        for ch in word:
            node = self.child(node, ord(ch) - 97) if "a" <= ch <= "z" else DEAD
            if node == DEAD:
                return DEAD
        return node

    def is_word(self, node: int) -> bool:
        return bool(self.mask[node] & WORD_BIT)


def build_trie(words: Iterable[str]) -> Trie:
    """The lexicon of ``words`` (lowercase a-z; duplicates and order do not matter)."""
    return Trie.from_bytes(trie_bytes(words))


def trie_bytes(words: Iterable[str]) -> bytes:
    """Serialise the trie of ``words``: header, ``mask``, ``first`` (see the module docstring).

    Vectorised with numpy over the sorted words: each word adds the prefixes
    longer than what it shares with the word before it (its *lcp*); a stable
    sort of those (word, length) pairs by length gives the node numbers, and
    a child's parent is the pair before it in the same word, or, for the
    first new prefix of a word, the prefix of length lcp, which an earlier
    word added (found with one ``searchsorted`` per length).
    """
    import numpy as np

    ordered = sorted({w.encode("ascii") for w in words if w})
    n = len(ordered)
    if n == 0:
        body = np.zeros(4, dtype="<i4")
        return HEADER.pack(MAGIC, FORMAT_VERSION, 2, 0) + body.tobytes()
    lengths = np.fromiter(map(len, ordered), dtype=np.int64, count=n)
    width = int(lengths.max())
    letters = np.array(ordered, dtype=f"S{width}").view(np.uint8).reshape(n, width)
    lcp = np.zeros(n, dtype=np.int64)
    if n > 1:
        same = np.cumprod(letters[1:] == letters[:-1], axis=1, dtype=np.int8).sum(axis=1, dtype=np.int64)
        lcp[1:] = np.minimum(same, np.minimum(lengths[1:], lengths[:-1]))
    added = lengths - lcp  # >= 1: the words are distinct and a prefix sorts before its extensions
    starts = np.cumsum(added) - added
    total = int(added.sum())
    pair_word = np.repeat(np.arange(n), added)
    pair_length = lcp[pair_word] + 1 + np.arange(total) - np.repeat(starts, added)
    node = np.empty(total, dtype=np.int64)
    node[np.argsort(pair_length, kind="stable")] = np.arange(2, total + 2)
    parent = np.empty(total, dtype=np.int64)
    parent[1:] = node[:-1]
    parent[starts[lcp == 0]] = ROOT
    level_first = 2 + np.concatenate(([0], np.cumsum(np.bincount(pair_length, minlength=width + 1))))
    for length in np.unique(lcp[lcp > 0]).tolist():
        adders = np.flatnonzero((lcp < length) & (lengths >= length))
        who = np.flatnonzero(lcp == length)
        parent[starts[who]] = level_first[length] + np.searchsorted(adders, who, side="right") - 1
    letter = letters[pair_word, pair_length - 1].astype(np.int64) - 97
    size = total + 2
    # Each (parent, letter) pair is distinct, so a sum of powers of two is an OR.
    mask = np.bincount(parent, weights=np.ldexp(1.0, letter), minlength=size).astype(np.int64)
    mask[node[starts + added - 1]] |= WORD_BIT
    first = np.zeros(size, dtype=np.int64)
    child_parent = np.empty(size, dtype=np.int64)
    child_parent[node] = parent
    with_children, first_child = np.unique(child_parent[2:], return_index=True)
    first[with_children] = first_child + 2
    body = np.concatenate([mask, first]).astype("<i4")
    return HEADER.pack(MAGIC, FORMAT_VERSION, size, n) + body.tobytes()


#: ``read_level(level)``: the level's nodes in order, as chunks of (masks, firsts), little-endian int32 bytes.
LevelReader = Callable[[int], Iterable[tuple[bytes, bytes]]]


def lexicon_size(level_nodes: Sequence[int]) -> int:
    """Bytes of the lexicon whose levels hold ``level_nodes`` nodes (level 0: the root)."""
    return HEADER.size + 8 * (1 + sum(level_nodes))


def lexicon_chunks(level_nodes: Sequence[int], word_count: int, read_level: LevelReader) -> Iterator[bytes]:
    """The lexicon's bytes, a chunk at a time, from the levels ``wordindex.prefix_walk`` wrote.

    The walk gives each node's first child as its rank in the next level
    (-1: none); the node number is that level's first number plus the rank.
    Memory holds one chunk of one level, whatever the lexicon's size.
    """
    import numpy as np

    yield HEADER.pack(MAGIC, FORMAT_VERSION, 1 + sum(level_nodes), word_count)
    yield bytes(4)  # the dead node's mask
    for level in range(len(level_nodes)):
        for masks, _ in read_level(level):
            yield masks
    yield bytes(4)  # the dead node's first child
    level_first = [ROOT]
    for count in level_nodes:
        level_first.append(level_first[-1] + count)
    for level in range(len(level_nodes)):
        for _, firsts in read_level(level):
            ranks = np.frombuffer(firsts, dtype="<i4")
            yield np.where(ranks >= 0, ranks + level_first[level + 1], 0).astype("<i4").tobytes()
