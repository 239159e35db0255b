"""What a build hands its loader: the ordered words, the build record and a progress sink.

Kept apart from ``build`` (which chooses and calls a loader) so the loaders
import this module and ``build`` imports the loaders, with no cycle.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import __version__
from .dictionary import SKIP_DUPLICATE, SKIP_NOT_AZ, SKIP_TOO_LONG, Dictionary
from .revisions import HEAD

#: ``progress(stage, done, total)``: the CLI turns these calls into a progress bar.
Progress = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    """Default progress sink: the library itself shows nothing."""


@dataclass
class BuildPlan:
    """Everything a loader needs: the ordered words and the build record."""

    dictionary: Dictionary
    ordered_words: list[str]
    started: float
    built_at: str

    def info_row(self) -> dict[str, Any]:
        stats = self.dictionary.stats
        return {
            "id": 1,
            "source_name": self.dictionary.source_name,
            "source_sha256": self.dictionary.sha256,
            "word_count": len(self.ordered_words),
            "lines_read": stats.lines_read,
            "blank_lines": stats.blank_lines,
            "skipped_not_az": stats.skipped.get(SKIP_NOT_AZ, 0),
            "skipped_duplicate": stats.skipped.get(SKIP_DUPLICATE, 0),
            "skipped_too_long": stats.skipped.get(SKIP_TOO_LONG, 0),
            "built_at": self.built_at,
            "build_seconds": round(time.perf_counter() - self.started, 3),
            "wordindex_version": __version__,
            "schema_revision": HEAD,
            "has_levels": self.dictionary.has_levels,
        }
