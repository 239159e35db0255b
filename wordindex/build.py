"""Build an index from a dictionary file and swap it in atomically.

The build never touches the live index until the new one is complete:
SQLite builds a new file beside it and renames it over the old one;
PostgreSQL builds a new schema and renames schemas in one transaction.
A failed, interrupted or killed build therefore leaves the previous index
answering, and no reader ever sees half an index.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from . import __version__
from .dictionary import SKIP_DUPLICATE, SKIP_NOT_AZ, SKIP_TOO_LONG, Dictionary, read_dictionary
from .location import Location, parse_location
from .revisions import HEAD
from .rows import order_words

#: ``progress(stage, done, total)``: the CLI turns these calls into a progress bar.
Progress = Callable[[str, int, int], None]


def _no_progress(stage: str, done: int, total: int) -> None:
    """Default progress sink: the library itself shows nothing."""


@dataclass
class BuildPlan:
    """Everything a loader needs: the ordered words and the build record."""

    dictionary: Dictionary
    ordered_words: list[str]
    started: float
    built_at: str

    def info_row(self) -> dict:
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


@dataclass(frozen=True)
class BuildReport:
    """What a finished build did, for the one-line summary."""

    database: str
    source_name: str
    words: int
    lines_read: int
    blank_lines: int
    skipped: dict
    seconds: float


def build_index(
    db: str | Path | Location, dictionary_path: str | Path, progress: Progress | None = None
) -> BuildReport:
    """Read ``dictionary_path`` and replace the index at ``db`` with it."""
    progress = progress or _no_progress
    started = time.perf_counter()
    location = db if isinstance(db, Location) else parse_location(db)
    progress("reading dictionary", 0, 1)
    dictionary = read_dictionary(dictionary_path)
    progress("reading dictionary", 1, 1)
    plan = BuildPlan(
        dictionary=dictionary,
        ordered_words=order_words(dictionary.words),
        started=started,
        built_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    if location.backend == "sqlite":
        from .load_sqlite import build_sqlite

        build_sqlite(location, plan, progress)
    else:
        from .load_postgres import build_postgres

        build_postgres(location, plan, progress)
    stats = dictionary.stats
    return BuildReport(
        database=location.display,
        source_name=dictionary.source_name,
        words=len(plan.ordered_words),
        lines_read=stats.lines_read,
        blank_lines=stats.blank_lines,
        skipped=dict(stats.skipped),
        seconds=time.perf_counter() - started,
    )
