"""What a build hands its loader: the words on disk, their derived tables, the build record, a progress sink.

Kept apart from ``build`` (which chooses and calls a loader) so the loaders
import this module and ``build`` imports the loaders, with no cycle.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from wordindex import __version__
from wordindex.build.derive import DerivedTables
from wordindex.build.dictionary import DictionaryReader
from wordindex.build.load_common import BATCH
from wordindex.build.rows import LetterTotals, WordFeatures, feature_batches, word_columns
from wordindex.build.scratch import WordBatch, WordScratch
from wordindex.index.record import (
    SKIP_ABBREVIATION,
    SKIP_DUPLICATE,
    SKIP_NOT_AZ,
    SKIP_OUTSIDE,
    SKIP_PROPER_NAME,
    SKIP_TOO_LONG,
)
from wordindex.index.revisions import HEAD

#: ``progress(stage, done, total)``: the CLI turns these calls into a progress bar.
Progress = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    """Default progress sink: the library itself shows nothing."""


@dataclass
class BuildPlan:
    """Everything a loader needs: the words (deduplicated on disk), their derived tables, the build record."""

    dictionary: DictionaryReader
    scratch: WordScratch
    derived: DerivedTables
    started: float
    built_at: str

    @property
    def word_count(self) -> int:
        return self.scratch.word_count

    def word_batches(self) -> Iterator[WordBatch]:
        """The words in id order, ``BATCH`` at a time (their features take about 420 bytes a word)."""
        return self.scratch.ordered_batches(BATCH)

    def features(self, totals: LetterTotals) -> Iterator[WordFeatures]:
        """The ``words`` rows' features in id order, batch by batch, summed into ``totals`` as they go."""
        return feature_batches(self.word_batches(), totals, self.dictionary.language.alphabet)

    def word_columns(self) -> list[str]:
        """The ``words`` columns each row of ``features`` fills (``wordindex.build.rows.word_columns``)."""
        return word_columns(self.dictionary.language.alphabet, self.scratch.has_spellings)

    def letter_totals(self) -> LetterTotals:
        """An empty ``letter_totals`` accumulator for this build's alphabet."""
        return LetterTotals(self.dictionary.language.alphabet)

    def info_row(self) -> dict[str, Any]:
        stats = self.dictionary.stats
        return {
            "id": 1,
            "source_name": self.dictionary.source_name,
            "source_sha256": self.dictionary.sha256,
            "word_count": self.word_count,
            "lines_read": stats.lines_read,
            "blank_lines": stats.blank_lines,
            "skipped_not_az": stats.skipped.get(SKIP_NOT_AZ, 0) + stats.skipped.get(SKIP_OUTSIDE, 0),
            "skipped_duplicate": stats.skipped.get(SKIP_DUPLICATE, 0),
            "skipped_too_long": stats.skipped.get(SKIP_TOO_LONG, 0),
            "built_at": self.built_at,
            "build_seconds": round(time.perf_counter() - self.started, 3),
            "wordindex_version": __version__,
            "schema_revision": HEAD,
            "has_levels": bool(self.scratch.has_levels),
            "language": self.dictionary.language.code,
            "skipped_proper_name": stats.skipped.get(SKIP_PROPER_NAME, 0),
            "skipped_abbreviation": stats.skipped.get(SKIP_ABBREVIATION, 0),
        }
