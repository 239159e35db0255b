"""Turn words into the rows of the index tables.

Kept apart from the loaders so SQLite and PostgreSQL load exactly the same
rows, and so tests can check the representation without a database. The
per-letter features of a batch of words are computed at once with numpy (one
pass over every letter of every word), which keeps a 430k-word build within
its time budget, and batch after batch keeps its memory bounded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import repeat
from typing import Any

import numpy as np

from .alphabet import LETTERS, MAX_LETTERS
from .scratch import WordBatch


def order_words(words: list[str]) -> list[str]:
    """Words in id order: by length, then dictionary (file) order.

    Grouping by length keeps every length's words contiguous on disk, which
    the per-length hangman queries scan.
    """
    return sorted(words, key=len)  # sorted() is stable: file order within a length


@dataclass
class WordFeatures:
    """Per-word features, row i describing ``words[i]`` (id ``first_id + i``)."""

    words: list[str]
    signatures: list[str]
    positions: np.ndarray  # (n, 26) int64: bit p set when the letter stands at position p
    counts: np.ndarray  # (n, 26) int64: occurrences of each letter
    levels: list[int | None] | None = None  # commonness level per word (None: unknown); None: no levels at all
    vulgar: list[bool] | None = None
    first_id: int = 1


def feature_batches(batches: Iterable[WordBatch], totals: LetterTotals | None = None) -> Iterator[WordFeatures]:
    """The features of each batch of words in id order (ids run on), adding each to ``totals``."""
    first_id = 1
    for batch in batches:
        features = word_features(batch.words, batch.levels, batch.vulgar)
        features.first_id = first_id
        first_id += len(batch.words)
        if totals is not None:
            totals.add(features)
        yield features


class LetterTotals:
    """Per-length letter totals summed over feature batches (the ``letter_totals`` table)."""

    def __init__(self) -> None:
        self.occurrences: dict[int, np.ndarray] = {}
        self.containing: dict[int, np.ndarray] = {}

    def add(self, features: WordFeatures) -> None:
        lengths = np.fromiter((len(w) for w in features.words), dtype=np.int64, count=len(features.words))
        for length in np.unique(lengths).tolist():
            chosen = features.counts[lengths == length]
            zero = np.zeros(26, dtype=np.int64)
            self.occurrences[length] = self.occurrences.get(length, zero) + chosen.sum(axis=0)
            self.containing[length] = self.containing.get(length, zero) + (chosen > 0).sum(axis=0)

    def rows(self) -> list[tuple[int, str, int, int]]:
        """``(length, letter, occurrences, words containing it)`` for every length and letter."""
        rows: list[tuple[int, str, int, int]] = []
        for length in sorted(self.occurrences):
            occurrences = self.occurrences[length].tolist()
            containing = self.containing[length].tolist()
            rows.extend((length, letter, occurrences[k], containing[k]) for k, letter in enumerate(LETTERS))
        return rows


def word_features(
    ordered_words: list[str], levels: list[int | None] | None = None, vulgar: list[bool] | None = None
) -> WordFeatures:
    """Position masks, counts and sorted-letter signatures of ``ordered_words`` (with each one's level and flag)."""
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
        levels=levels,
        vulgar=vulgar,
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


def word_rows(features: WordFeatures) -> Iterator[tuple[Any, ...]]:
    """Rows for ``words``: id, word, length, signature, 32 position masks, 32 counts, level, vulgar, spelling.

    Built column-wise (one ``tolist`` per column, then ``zip``): far cheaper
    than unpacking a 2-D array row by row. Slots past the alphabet are zero.
    """
    n, letters = features.positions.shape
    padding = np.zeros((n, MAX_LETTERS - letters), dtype=np.int64)
    table = np.concatenate([features.positions, padding, features.counts, padding], axis=1)
    columns = [column.tolist() for column in table.T]
    words = features.words
    first = features.first_id
    levels = features.levels if features.levels is not None else repeat(None, len(words))
    vulgar = features.vulgar if features.vulgar is not None else repeat(False, len(words))
    spellings = repeat(None, len(words))
    ids = range(first, first + len(words))
    return zip(ids, words, map(len, words), features.signatures, *columns, levels, vulgar, spellings)  # noqa: B905


def letter_total_rows(features: WordFeatures) -> list[tuple[int, str, int, int]]:
    """``(length, letter, occurrences, words containing it)`` for every length and letter."""
    totals = LetterTotals()
    totals.add(features)
    return totals.rows()
