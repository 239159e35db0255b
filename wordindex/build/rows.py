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

from wordindex.build.scratch import WordBatch
from wordindex.languages.alphabet import COUNT_COLUMNS, ENGLISH, POSITION_COLUMNS, Alphabet


@dataclass
class WordFeatures:
    """Per-word features, row i describing ``words[i]`` (id ``first_id + i``)."""

    words: list[str]
    signatures: list[str]
    positions: np.ndarray  # (n, letters) int64: bit p set when the letter stands at position p
    counts: np.ndarray  # (n, letters) int64: occurrences of each letter
    levels: list[int | None] | None = None  # commonness level per word (None: unknown); None: no levels at all
    vulgar: list[bool] | None = None
    first_id: int = 1
    spellings: list[str | None] | None = None  # the list's spelling where it differs from the word


def feature_batches(
    batches: Iterable[WordBatch], totals: LetterTotals | None = None, alphabet: Alphabet = ENGLISH
) -> Iterator[WordFeatures]:
    """The features of each batch of words in id order (ids run on), adding each to ``totals``."""
    first_id = 1
    for batch in batches:
        features = word_features(batch.words, batch.levels, batch.vulgar, alphabet)
        features.spellings = batch.spellings
        features.first_id = first_id
        first_id += len(batch.words)
        if totals is not None:
            totals.add(features)
        yield features


class LetterTotals:
    """Per-length letter totals summed over feature batches (the ``letter_totals`` table)."""

    def __init__(self, alphabet: Alphabet = ENGLISH) -> None:
        self.alphabet = alphabet
        self.occurrences: dict[int, np.ndarray] = {}
        self.containing: dict[int, np.ndarray] = {}

    def add(self, features: WordFeatures) -> None:
        lengths = np.fromiter((len(w) for w in features.words), dtype=np.int64, count=len(features.words))
        # The lengths present, in order (not ``np.unique``: it imports ``numpy.ma``, a tenth of a small build).
        for length in np.flatnonzero(np.bincount(lengths)).tolist():
            chosen = features.counts[lengths == length]
            zero = np.zeros(self.alphabet.size, dtype=np.int64)
            self.occurrences[length] = self.occurrences.get(length, zero) + chosen.sum(axis=0)
            self.containing[length] = self.containing.get(length, zero) + (chosen > 0).sum(axis=0)

    def rows(self) -> list[tuple[int, str, int, int]]:
        """``(length, letter, occurrences, words containing it)`` for every length and letter."""
        rows: list[tuple[int, str, int, int]] = []
        for length in sorted(self.occurrences):
            occurrences = self.occurrences[length].tolist()
            containing = self.containing[length].tolist()
            letters = self.alphabet.letters
            rows.extend((length, letter, occurrences[k], containing[k]) for k, letter in enumerate(letters))
        return rows


def word_features(
    ordered_words: list[str],
    levels: list[int | None] | None = None,
    vulgar: list[bool] | None = None,
    alphabet: Alphabet = ENGLISH,
) -> WordFeatures:
    """Position masks, counts and sorted-letter signatures of ``ordered_words`` (with each one's level and flag)."""
    n = len(ordered_words)
    size = alphabet.size
    lengths = np.fromiter((len(w) for w in ordered_words), dtype=np.int64, count=n)
    codes = np.frombuffer(alphabet.codes("".join(ordered_words)), dtype=np.uint8).astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    row = np.repeat(np.arange(n), lengths)
    place = np.arange(len(codes)) - np.repeat(starts, lengths)
    cell = row * size + codes
    counts = np.bincount(cell, minlength=n * size).reshape(n, size)
    if len(codes) and int(lengths.max()) > 53:
        # Beyond 2**53 float weights are inexact: OR the bits in exactly (rare, slower).
        positions = np.zeros(n * size, dtype=np.int64)
        np.bitwise_or.at(positions, cell, np.left_shift(1, place))
    else:
        # Distinct powers of two per (word, letter): their float sum is exact below 2**53.
        positions = np.bincount(cell, weights=np.ldexp(1.0, place), minlength=n * size).astype(np.int64)
    return WordFeatures(
        words=ordered_words,
        signatures=_signatures(ordered_words, alphabet),
        positions=positions.reshape(n, size),
        counts=counts,
        levels=levels,
        vulgar=vulgar,
    )


def _signatures(ordered_words: list[str], alphabet: Alphabet) -> list[str]:
    """Each word's letters in alphabet order, one length group at a time (words come grouped by length)."""
    signatures: list[str] = []
    start, n = 0, len(ordered_words)
    while start < n:
        length = len(ordered_words[start])
        end = start
        while end < n and len(ordered_words[end]) == length:
            end += 1
        block = np.frombuffer(alphabet.codes("".join(ordered_words[start:end])), dtype=np.uint8)
        text = alphabet.from_codes(np.sort(block.reshape(end - start, length), axis=1).tobytes())
        signatures.extend(text[i : i + length] for i in range(0, len(text), length))
        start = end
    return signatures


def word_columns(alphabet: Alphabet, spellings: bool) -> list[str]:
    """The ``words`` columns ``word_rows`` fills, in its order: the alphabet's slots only, and
    ``spelling`` only when the list can spell a word otherwise than it plays (the other columns keep
    their defaults: 0 and NULL). Fewer values per row is a faster load."""
    size = alphabet.size
    return [
        "id",
        "word",
        "length",
        "signature",
        *POSITION_COLUMNS[:size],
        *COUNT_COLUMNS[:size],
        "level",
        "vulgar",
        *(["spelling"] if spellings else []),
    ]


def word_rows(features: WordFeatures) -> Iterator[tuple[Any, ...]]:
    """Rows of ``word_columns``: id, word, length, signature, position masks, counts, level, vulgar[, spelling].

    Built column-wise (one ``tolist`` per column, then ``zip``): far cheaper
    than unpacking a 2-D array row by row.
    """
    table = np.concatenate([features.positions, features.counts], axis=1)
    columns = [column.tolist() for column in table.T]
    words = features.words
    first = features.first_id
    levels = features.levels if features.levels is not None else repeat(None, len(words))
    vulgar = features.vulgar if features.vulgar is not None else repeat(False, len(words))
    spelt = [features.spellings] if features.spellings is not None else []
    ids = range(first, first + len(words))
    return zip(ids, words, map(len, words), features.signatures, *columns, levels, vulgar, *spelt)  # noqa: B905
