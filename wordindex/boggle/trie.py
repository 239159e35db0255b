"""The Boggle lexicon: every word of the index as a compact trie in three flat arrays.

``build`` computes it once, when the index is built (or migrated), and the
index stores its bytes (``wordindex.boggle.store``), so a solver gets it with
one read instead of rebuilding a table from the ``prefixes`` rows.

Layout (danvk's Boggle trie, flattened). Letters are the slots of the index's
alphabet (``Alphabet.codes``: 0 for its first letter, at most 32 letters).
Nodes are numbered by (length, prefix): node 0 is a dead sink that is never a
word and has no children, node 1 the root (the empty prefix), then every
prefix of every word, the short ones first, in the alphabet's order within a
length. So the children of a node are contiguous and in letter order, and
two arrays of unsigned 32-bit numbers describe the whole trie:

* ``mask[node]``: bit ``k`` set when the prefix goes on with the alphabet's
  letter ``k``.
* ``first[node]``: the node number of its first child (bits 0-24,
  ``NODE_BITS``), how many more letters the prefix's shortest completion needs
  (bits 25-30: 0 for a word; no word is longer than 63 letters, so it always
  fits) and the word flag (bit 31, ``WORD_FLAG``). A search prunes a prefix
  whose shortest completion needs more letters than the cubes left can spell,
  so a board of one letter on a list holding that letter 63 times answers at
  once. Packing the three in one number keeps a node's facts in one memory
  access, which is what the kernel's speed depends on.

The child of ``node`` by letter ``k`` is ``(first[node] & NODE_BITS) +
popcount(mask[node] & ((1 << k) - 1))`` when bit ``k`` is set, else dead.
For ENABLE2K that is 389,310 nodes in 3.1 MB; a lexicon holds at most
``MAX_NODES`` (33.5 million) nodes.

Bytes: a 16-byte header (magic ``WIBT``, format version, node count, word
count, all little-endian unsigned 32-bit), then ``mask``, then ``first``, both
little-endian. Reading them needs no numpy: the pure-Python search walks them
through a ``memoryview``.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from wordindex.languages.alphabet import ENGLISH, Alphabet

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAGIC = b"WIBT"
#: Bump when the layout changes: a stored lexicon of another version is rebuilt, never misread.
#: 1: 26 letters, word bit 26 in ``mask``; 2: 32 letters, node, shortest completion and word flag in ``first``.
FORMAT_VERSION = 2
HEADER = struct.Struct("<4sIII")
DEAD = 0
ROOT = 1
WORD_FLAG = 1 << 31
SHORTEST_SHIFT = 25
NODE_BITS = (1 << SHORTEST_SHIFT) - 1
#: The most nodes a lexicon holds (its node numbers have 25 bits).
MAX_NODES = NODE_BITS + 1
#: The shortest completion saturates here (no word is longer than 63 letters, so it never does for real).
FAR = 63


class TrieFormatError(ValueError):
    """Bytes that are not a lexicon of this format version."""


class Trie:
    """A read-only compact trie (see the module docstring for the layout) of words in ``alphabet``."""

    def __init__(
        self,
        data: bytes,
        word_count: int,
        mask: Sequence[int],
        first: Sequence[int],
        alphabet: Alphabet = ENGLISH,
    ):
        self.data = data
        self.word_count = word_count
        self.mask = mask
        self.first = first
        self.alphabet = alphabet
        self._arrays: tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]] | None = None

    def __len__(self) -> int:
        return len(self.mask)

    @classmethod
    def from_bytes(cls, data: bytes, alphabet: Alphabet = ENGLISH) -> Trie:
        """Read a lexicon; ``TrieFormatError`` when the bytes are not one of this version."""
        if len(data) < HEADER.size:
            raise TrieFormatError("too short for a lexicon header")
        magic, version, nodes, words = HEADER.unpack_from(data)
        if magic != MAGIC or version != FORMAT_VERSION:
            raise TrieFormatError(f"not a version {FORMAT_VERSION} lexicon")
        if len(data) != HEADER.size + 8 * nodes or nodes < 2 or nodes > MAX_NODES:
            raise TrieFormatError("lexicon size does not match its header")
        body = memoryview(data)[HEADER.size :]
        mask: Sequence[int]
        first: Sequence[int]
        if sys.byteorder == "little":
            mask = body[: 4 * nodes].cast("I")
            first = body[4 * nodes :].cast("I")
        else:  # pragma: no cover - big-endian hosts copy once
            mask, first = array("I", body[: 4 * nodes]), array("I", body[4 * nodes :])
            mask.byteswap()
            first.byteswap()
        return cls(bytes(data), words, mask, first, alphabet)

    def arrays(self) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
        """``(mask, first)`` as numpy arrays sharing the bytes (no copy).

        The compiled search does not check its indexes, so every child a
        node claims is checked to be a node here, once (``TrieFormatError``).
        """
        if self._arrays is None:
            import numpy as np

            nodes = len(self.mask)
            body = np.frombuffer(self.data, dtype="<u4", offset=HEADER.size).astype(np.uint32, copy=False)
            mask, first = body[:nodes], body[nodes:]
            children = np.bitwise_count(mask).astype(np.int64) if hasattr(np, "bitwise_count") else _popcounts(mask)
            starts = (first & NODE_BITS).astype(np.int64)
            if (starts + children > nodes).any() or ((children > 0) & (starts < 2)).any():
                raise TrieFormatError("a lexicon node points outside the lexicon")
            self._arrays = (mask, first)
        return self._arrays

    def child(self, node: int, letter: int) -> int:
        """The node after the alphabet's letter number ``letter``, or ``DEAD``."""
        bits = self.mask[node]
        if not (bits >> letter) & 1:
            return DEAD
        return (self.first[node] & NODE_BITS) + (bits & ((1 << letter) - 1)).bit_count()

    def find(self, word: str) -> int:
        """The node of ``word`` (any prefix, in the trie's alphabet), or ``DEAD``."""
        slot = self.alphabet.slot
        node = ROOT
        for ch in word:
            if ch not in slot:
                return DEAD
            node = self.child(node, slot[ch])
            if node == DEAD:
                return DEAD
        return node

    def is_word(self, node: int) -> bool:
        return bool(self.first[node] & WORD_FLAG)

    def shortest(self, node: int) -> int:
        """Letters the shortest completion of ``node``'s prefix needs (0 for a word)."""
        return (self.first[node] >> SHORTEST_SHIFT) & FAR


def _popcounts(values: npt.NDArray[np.uint32]) -> npt.NDArray[np.int64]:  # pragma: no cover - numpy 1.26
    import numpy as np

    counts: npt.NDArray[np.int64] = np.unpackbits(values.astype("<u4").view(np.uint8).reshape(-1, 4), axis=1).sum(
        axis=1, dtype=np.int64
    )
    return counts


def build_trie(words: Iterable[str], alphabet: Alphabet = ENGLISH) -> Trie:
    """The lexicon of ``words`` (in ``alphabet``'s letters; duplicates and order do not matter)."""
    return Trie.from_bytes(trie_bytes(words, alphabet), alphabet)


def trie_bytes(words: Iterable[str], alphabet: Alphabet = ENGLISH) -> bytes:
    """Serialise the trie of ``words``: header, ``mask``, ``first`` (see the module docstring).

    Vectorised with numpy over the words sorted by letter number: each word
    adds the prefixes longer than what it shares with the word before it (its
    *lcp*); a stable sort of those (word, length) pairs by length gives the
    node numbers, and a child's parent is the pair before it in the same word,
    or, for the first new prefix of a word, the prefix of length lcp, which an
    earlier word added (found with one ``searchsorted`` per length). The
    shortest completions are filled in from the deepest level up.
    """
    import numpy as np

    ordered = sorted({alphabet.codes(w) for w in words if w})
    n = len(ordered)
    if n == 0:
        body = np.array([0, 0, FAR << SHORTEST_SHIFT, FAR << SHORTEST_SHIFT], dtype="<u4").tobytes()
        return HEADER.pack(MAGIC, FORMAT_VERSION, 2, 0) + body
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
    letter = letters[pair_word, pair_length - 1].astype(np.int64)
    size = total + 2
    # Each (parent, letter) pair is distinct, so a sum of powers of two is an OR (exact below 2**53).
    mask = np.bincount(parent, weights=np.ldexp(1.0, letter), minlength=size).astype(np.int64)
    word = np.zeros(size, dtype=bool)
    word[node[starts + added - 1]] = True
    first = np.zeros(size, dtype=np.int64)
    child_parent = np.empty(size, dtype=np.int64)
    child_parent[node] = parent
    with_children, first_child = np.unique(child_parent[2:], return_index=True)
    first[with_children] = first_child + 2
    if size > MAX_NODES:
        raise TrieFormatError(f"{size:,} nodes: a lexicon holds at most {MAX_NODES:,}")
    shortest = _shortest(mask, first, word, level_first)
    packed = first | (shortest << SHORTEST_SHIFT) | np.where(word, WORD_FLAG, 0)
    body = mask.astype("<u4").tobytes() + packed.astype("<u4").tobytes()
    return HEADER.pack(MAGIC, FORMAT_VERSION, size, n) + body


def _shortest(
    mask: npt.NDArray[np.int64],
    first: npt.NDArray[np.int64],
    word: npt.NDArray[np.bool_],
    level_first: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:
    """Per node, the letters its shortest completion needs: 0 for a word, else 1 + its best child's.

    ``level_first[L]`` is the first node of length L (L >= 1). The children of one level's nodes
    are the next level, in order, so one ``minimum.reduceat`` over the next level gives each
    node the best of its children; the levels are done from the deepest up.
    """
    import numpy as np

    size = len(mask)
    shortest = np.full(size, FAR, dtype=np.int64)
    shortest[word] = 0
    children = np.bitwise_count(mask.astype(np.uint32)).astype(np.int64) if hasattr(np, "bitwise_count") else None
    if children is None:  # pragma: no cover - numpy 1.26
        children = _popcounts(mask.astype(np.uint32))
    bounds = [ROOT, *[min(int(b), size) for b in level_first[1:]], size]  # level 0: the root alone
    for level in range(len(bounds) - 3, -1, -1):
        lo, hi, next_hi = bounds[level], bounds[level + 1], bounds[level + 2]
        inner = np.flatnonzero(children[lo:hi] > 0) + lo
        if len(inner) == 0:
            continue
        best = np.minimum.reduceat(shortest[hi:next_hi], first[inner] - hi)
        shortest[inner] = np.where(word[inner], 0, np.minimum(best + 1, FAR))
    shortest[DEAD] = FAR
    return shortest


#: ``read_level(level)``: the level's nodes in order, as chunks of (masks, firsts) bytes, little-endian
#: unsigned 32-bit; a first is packed as in the lexicon but with the first child's rank in its level
#: (all ones: no child) instead of its node number.
LevelReader = Callable[[int], Iterable[tuple[bytes, bytes]]]


def lexicon_size(level_nodes: Sequence[int]) -> int:
    """Bytes of the lexicon whose levels hold ``level_nodes`` nodes (level 0: the root)."""
    return HEADER.size + 8 * (1 + sum(level_nodes))


def lexicon_chunks(level_nodes: Sequence[int], word_count: int, read_level: LevelReader) -> Iterator[bytes]:
    """The lexicon's bytes, a chunk at a time, from the levels ``wordindex.words.prefix_walk`` wrote.

    The walk gives each node's first child as its rank in the next level
    (-1: none), with the word flag; the node number is that level's first
    number plus the rank. Memory holds one chunk of one level, whatever the
    lexicon's size.
    """
    import numpy as np

    nodes = 1 + sum(level_nodes)
    if nodes > MAX_NODES:
        raise TrieFormatError(f"{nodes:,} nodes: a lexicon holds at most {MAX_NODES:,}")
    yield HEADER.pack(MAGIC, FORMAT_VERSION, nodes, word_count)
    yield bytes(4)  # the dead node's mask
    for level in range(len(level_nodes)):
        for masks, _ in read_level(level):
            yield masks
    yield struct.pack("<I", FAR << SHORTEST_SHIFT)  # the dead node: no child, no completion
    level_first = [ROOT]
    for count in level_nodes:
        level_first.append(level_first[-1] + count)
    for level in range(len(level_nodes)):
        for _, firsts in read_level(level):
            raw = np.frombuffer(firsts, dtype="<u4").astype(np.int64)
            ranks = raw & NODE_BITS
            nodes_of = np.where(ranks == NODE_BITS, 0, ranks + level_first[level + 1])
            yield (nodes_of | (raw & ~NODE_BITS)).astype("<u4").tobytes()
