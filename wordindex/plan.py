"""What a build hands its loader: the words on disk, their derived tables, the build record, a progress sink.

Kept apart from ``build`` (which chooses and calls a loader) so the loaders
import this module and ``build`` imports the loaders, with no cycle.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from . import __version__
from .derive import DerivedTables
from .dictionary import SKIP_DUPLICATE, SKIP_NOT_AZ, SKIP_TOO_LONG, DictionaryReader
from .revisions import HEAD
from .scratch import WordBatch, WordScratch

#: ``progress(stage, done, total)``: the CLI turns these calls into a progress bar.
Progress = Callable[[str, int, int], None]

#: Words whose features are computed at once (``wordindex.rows``): about 420 bytes a word.
FEATURE_BATCH = 20_000


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
        """The words in id order, ``FEATURE_BATCH`` at a time."""
        return self.scratch.ordered_batches(FEATURE_BATCH)

    def info_row(self) -> dict[str, Any]:
        stats = self.dictionary.stats
        return {
            "id": 1,
            "source_name": self.dictionary.source_name,
            "source_sha256": self.dictionary.sha256,
            "word_count": self.word_count,
            "lines_read": stats.lines_read,
            "blank_lines": stats.blank_lines,
            "skipped_not_az": stats.skipped.get(SKIP_NOT_AZ, 0),
            "skipped_duplicate": stats.skipped.get(SKIP_DUPLICATE, 0),
            "skipped_too_long": stats.skipped.get(SKIP_TOO_LONG, 0),
            "built_at": self.built_at,
            "build_seconds": round(time.perf_counter() - self.started, 3),
            "wordindex_version": __version__,
            "schema_revision": HEAD,
            "has_levels": bool(self.scratch.has_levels),
            "language": "en",
            "skipped_proper_name": 0,
            "skipped_abbreviation": 0,
        }
