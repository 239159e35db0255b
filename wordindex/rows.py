"""Turn words into the rows of the index tables.

Kept apart from the loaders so SQLite and PostgreSQL load exactly the same
rows, and so tests can check the representation without a database. The
per-letter features of all words are computed at once with numpy (one pass
over every letter of every word), which keeps a 430k-word build within its
time budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .alphabet import LETTERS


def order_words(words: list[str]) -> list[str]:
    """Words in id order: by length, then dictionary (file) order.

    Grouping by length keeps every length's words contiguous on disk, which
    the per-length hangman queries scan.
    """
    return sorted(words, key=len)  # sorted() is stable: file order within a length


@dataclass
class WordFeatures:
    """Per-word features, row i describing ``words[i]`` (id i + 1)."""

    words: list[str]
    signatures: list[str]
    positions: np.ndarray  # (n, 26) int64: bit p set when the letter stands at position p
    counts: np.ndarray  # (n, 26) int64: occurrences of each letter


def word_features(ordered_words: list[str]) -> WordFeatures:
    """Compute position masks, counts and sorted-letter signatures for all words."""
    n = len(ordered_words)
    lengths = np.fromiter((len(w) for w in ordered_words), dtype=np.int64, count=n)
    codes = np.frombuffer("".join(ordered_words).encode("ascii"), dtype=np.uint8).astype(np.int64) - 97
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    row = np.repeat(np.arange(n), lengths)
    place = np.arange(len(codes)) - np.repeat(starts, lengths)
    cell = row * 26 + codes
    counts = np.bincount(cell, minlength=n * 26).reshape(n, 26)
    if len(codes) and int(lengths.max()) > 53:
        # Beyond 2**53 float weights are inexact: OR the bits in exactly (rare, slower).
        positions = np.zeros(n * 26, dtype=np.int64)
        np.bitwise_or.at(positions, cell, np.left_shift(1, place))
    else:
        # Distinct powers of two per (word, letter): their float sum is exact below 2**53.
        positions = np.bincount(cell, weights=np.ldexp(1.0, place), minlength=n * 26).astype(np.int64)
    return WordFeatures(
        words=ordered_words,
        signatures=_signatures(ordered_words),
        positions=positions.reshape(n, 26),
        counts=counts,
    )


def _signatures(ordered_words: list[str]) -> list[str]:
    """Each word's letters sorted, computed one length group at a time (words come grouped by length)."""
    signatures: list[str] = []
    start, n = 0, len(ordered_words)
    while start < n:
        length = len(ordered_words[start])
        end = start
        while end < n and len(ordered_words[end]) == length:
            end += 1
        block = np.frombuffer("".join(ordered_words[start:end]).encode("ascii"), dtype=np.uint8)
        text = np.sort(block.reshape(end - start, length), axis=1).tobytes().decode("ascii")
        signatures.extend(text[i : i + length] for i in range(0, len(text), length))
        start = end
    return signatures


def word_rows(features: WordFeatures) -> Iterator[tuple[object, ...]]:
    """Rows for ``words``: id, word, length, signature, 26 position masks, 26 counts.

    Built column-wise (one ``tolist`` per column, then ``zip``): far cheaper
    than unpacking a 2-D array row by row.
    """
    columns = [column.tolist() for column in np.concatenate([features.positions, features.counts], axis=1).T]
    words = features.words
    return zip(range(1, len(words) + 1), words, map(len, words), features.signatures, *columns)


def letter_total_rows(features: WordFeatures) -> list[tuple[int, str, int, int]]:
    """``(length, letter, occurrences, words containing it)`` for every length and letter."""
    lengths = np.fromiter((len(w) for w in features.words), dtype=np.int64, count=len(features.words))
    rows: list[tuple[int, str, int, int]] = []
    for length in np.unique(lengths).tolist():
        chosen = lengths == length
        occurrences = features.counts[chosen].sum(axis=0).tolist()
        containing = (features.counts[chosen] > 0).sum(axis=0).tolist()
        rows.extend((length, letter, occurrences[k], containing[k]) for k, letter in enumerate(LETTERS))
    return rows


def prefix_rows(words: list[str]) -> Iterator[tuple[str, bool, bool]]:
    """``(prefix, is_word, has_longer)`` for every distinct prefix, in sorted order.

    Walking the sorted word list, a word adds only the prefixes longer than
    what it shares with the previous word; those are new, and none but the
    word itself can be a word (a shorter word would sort in between). A word
    has a longer word when the next word in sorted order starts with it.
    """
    ordered = sorted(words)
    previous = ""
    for i, word in enumerate(ordered):
        shared = 0
        limit = min(len(previous), len(word))
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        for k in range(shared + 1, len(word)):
            yield word[:k], False, True
        following = ordered[i + 1] if i + 1 < len(ordered) else ""
        yield word, True, following.startswith(word)
        previous = word
