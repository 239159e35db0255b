"""Build an index from a dictionary file and swap it in atomically.

The build never touches the live index until the new one is complete:
SQLite builds a new file beside it and renames it over the old one;
PostgreSQL builds a new schema and renames schemas in one transaction.
A failed, interrupted or killed build therefore leaves the previous index
answering, and no reader ever sees half an index.

Before reading a single word the build claims its target (``claim_target``):
it takes the build lock (a second build of the same index is refused) and
checks that it only replaces what is its own, an empty place or a wordindex
index, so a word list, a README or another program's data is never lost.

Memory stays bounded whatever the list's size: the dictionary is streamed
into a scratch SQLite file, deduplicated and ordered there
(``wordindex.build.scratch``), the prefixes and the Boggle lexicon come from one
walk over the sorted words in a helper process (``wordindex.build.derive``), and
the loaders take the words a batch at a time.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from wordindex.build.derive import DerivedTables
from wordindex.build.dictionary import DictionaryReader, check_encoding
from wordindex.build.plan import BuildPlan, Progress, no_progress
from wordindex.build.scratch import WordScratch
from wordindex.errors import DatabaseError, WordIndexError
from wordindex.index.core import first_line, open_index
from wordindex.index.location import Location, parse_location
from wordindex.languages import language
from wordindex.languages.lists import default_list_path

__all__ = ["BuildPlan", "BuildReport", "Progress", "build_index"]


class Target(Protocol):
    """A claimed build target: holds the lock until closed; ``load`` swaps the new index in."""

    def scratch_path(self, kind: str) -> Path: ...

    def load(self, plan: BuildPlan, progress: Progress) -> None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class BuildReport:
    """What a finished build did, for the one-line summary."""

    language: str
    database: str
    source_name: str
    words: int
    lines_read: int
    blank_lines: int
    skipped: dict[str, int]
    seconds: float


def claim_target(location: Location, dictionary_path: Path, *, force: bool) -> Target:
    """Lock the index at ``location`` for this build and check that it may be replaced."""
    if location.backend == "sqlite":
        from wordindex.build.load_sqlite import SQLiteTarget

        return SQLiteTarget(location, dictionary_path, force=force)
    from wordindex.build.load_postgres import PostgresTarget

    return PostgresTarget(location)


def build_index(
    db: str | Path | Location,
    dictionary_path: str | Path | None = None,
    progress: Progress | None = None,
    *,
    force: bool = False,
    language_code: str | None = None,
    encoding: str | None = None,
) -> BuildReport:
    """Read ``dictionary_path`` and replace the index at ``db`` with it.

    ``language_code`` names the index's language; without it a rebuild keeps
    the language of the index it replaces (English for a new one). Without
    ``dictionary_path`` the language's default list is read (bundled, or the
    distribution's word-list package, in its own encoding); ``encoding``
    names the file's text encoding (UTF-8 unless told).

    ``force`` lets a SQLite build replace a file that is not a wordindex
    index. It never applies to PostgreSQL schemas: a schema the build cannot
    prove is its own is never dropped.
    """
    progress = progress or no_progress
    started = time.perf_counter()
    location = db if isinstance(db, Location) else parse_location(db)
    chosen = language(language_code or current_language(location))
    if encoding is not None:
        check_encoding(encoding)
    if dictionary_path is None:
        dictionary_path = default_list_path(chosen)
        encoding = encoding or chosen.default_list.encoding
    target = claim_target(location, Path(dictionary_path), force=force)
    try:
        with ExitStack() as stack:
            dictionary = DictionaryReader(dictionary_path, chosen.code, encoding)
            code = dictionary.language.code
            try:
                scratch = stack.enter_context(WordScratch(target.scratch_path("words"), dictionary.language.alphabet))
                _read_into(dictionary, scratch, progress)
                derived = stack.enter_context(
                    DerivedTables(scratch.path, target.scratch_path("derived"), language_code=code)
                )
            except (sqlite3.Error, OSError) as exc:
                raise DatabaseError(
                    f"cannot write the build's scratch files for {location.display}: {_reason(exc)}"
                ) from None
            plan = BuildPlan(
                dictionary=dictionary,
                scratch=scratch,
                derived=derived,
                started=started,
                built_at=datetime.now(UTC).isoformat(timespec="seconds"),
            )
            target.load(plan, progress)
    finally:
        target.close()
    stats = dictionary.stats
    return BuildReport(
        language=chosen.code,
        database=location.display,
        source_name=dictionary.source_name,
        words=plan.word_count,
        lines_read=stats.lines_read,
        blank_lines=stats.blank_lines,
        skipped=dict(stats.skipped),
        seconds=time.perf_counter() - started,
    )


def current_language(location: Location) -> str | None:
    """The language of the index at ``location``, or None when there is none to read (a new index)."""
    try:
        with open_index(location, check_schema=False) as index:
            if "language" not in index.table_columns().get("index_info", set()):
                return None
            code = index.scalar("SELECT language FROM index_info WHERE id = 1")
    except WordIndexError:
        return None
    return str(code) if code else None


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    return first_line(exc)


def _read_into(dictionary: DictionaryReader, scratch: WordScratch, progress: Progress) -> None:
    """Stream the dictionary into the scratch file, then deduplicate and order it there."""
    progress("reading dictionary", 0, 0)
    for piece in dictionary.pieces():
        scratch.add(piece)
        progress("reading dictionary", dictionary.bytes_read, dictionary.size)
    progress("sorting words", 0, 1)
    dictionary.count_duplicates(scratch.finish())
    progress("sorting words", 1, 1)
