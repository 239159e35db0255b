"""Commands of the index itself: build, info, check, words."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context
from .output import emit_json, note, out, stderr_is_terminal
from .pools import level_option

JSON_OPTION = typer.Option(False, "--json", help="Print the result as JSON.")


class BuildProgress:
    """A rich progress bar on stderr, one task per build stage (terminal only)."""

    def __init__(self):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        from .output import console

        self.progress = Progress(
            TextColumn("{task.description:<20}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console(stderr=True),
            transient=True,
        )
        self.tasks: dict[str, int] = {}

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(stage, total=total or None)
        self.progress.update(self.tasks[stage], completed=done, total=total or None)

    def __enter__(self):
        self.progress.start()
        return self

    def __exit__(self, *exc):
        self.progress.stop()


def _summary(report) -> str:
    skipped = ", ".join(f"{n:,} {reason}" for reason, n in sorted(report.skipped.items())) or "none"
    return (
        f"Built {report.words:,} words from {report.source_name} in {report.seconds:.1f} s "
        f"into {report.database} ({report.lines_read:,} lines read, {report.blank_lines:,} blank; skipped: {skipped})"
    )


def build(
    ctx: typer.Context,
    path: Path = typer.Argument(..., metavar="PATH", help="Dictionary file, one word per line."),
    json_output: bool = JSON_OPTION,
) -> None:
    """Build the index from a dictionary file (one word per line).

    Words are lowercased; lines that are not a-z only, and duplicates, are
    skipped and counted. The new index replaces the old one atomically.

    Example: wordindex build data/dictionary.txt
    """
    from wordindex.build import build_index

    location = context.location(ctx)
    if stderr_is_terminal() and not json_output:
        with BuildProgress() as progress:
            report = build_index(location, path, progress)
    else:
        report = build_index(location, path)
    if json_output:
        emit_json(
            {
                "database": report.database,
                "source": report.source_name,
                "words": report.words,
                "lines_read": report.lines_read,
                "blank_lines": report.blank_lines,
                "skipped": report.skipped,
                "seconds": round(report.seconds, 3),
            }
        )
    else:
        out(_summary(report))


def info(ctx: typer.Context, json_output: bool = JSON_OPTION) -> None:
    """Describe the index: its source, word counts by length, schema, database.

    Example: wordindex info
    """
    from wordindex.lookup import index_info

    with context.open_index(ctx) as index:
        facts = index_info(index)
    if json_output:
        emit_json(
            {
                "database": facts.database,
                "source": facts.source_name,
                "sha256": facts.source_sha256,
                "word_count": facts.word_count,
                "lines_read": facts.lines_read,
                "skipped": facts.skipped,
                "built_at": facts.built_at,
                "build_seconds": facts.build_seconds,
                "wordindex_version": facts.wordindex_version,
                "schema_revision": facts.schema_revision,
                "counts_by_length": [{"length": n, "words": c} for n, c in facts.counts_by_length],
                "has_levels": facts.has_levels,
                "counts_by_level": [{"level": n, "word_count": c} for n, c in facts.counts_by_level],
                "vulgar_word_count": facts.vulgar_words,
            }
        )
        return
    out(f"database:  {facts.database}")
    out(f"source:    {facts.source_name} (sha256 {facts.source_sha256})")
    out(f"words:     {facts.word_count:,}")
    skipped = ", ".join(f"{n:,} {reason}" for reason, n in facts.skipped.items() if n) or "none"
    out(f"lines:     {facts.lines_read:,} read; skipped: {skipped}")
    out(f"built:     {facts.built_at} in {facts.build_seconds:.1f} s by wordindex {facts.wordindex_version}")
    out(f"schema:    {facts.schema_revision}")
    out(f"levels:    {_levels_line(facts)}")
    out(f"vulgar:    {facts.vulgar_words:,} words flagged (valid, never picked or suggested by default)")
    out("length     words")
    for length, count in facts.counts_by_length:
        out(f"{length:>6} {count:>9,}")


def _levels_line(facts) -> str:
    if not facts.has_levels:
        return (
            "none (built from a plain word list, or upgraded from an older schema: rebuild from a list "
            "with levels, such as data/dictionary.txt, to use --difficulty and --level)"
        )
    return ", ".join(f"{'no level' if n is None else n}: {c:,}" for n, c in facts.counts_by_level)


def check(
    ctx: typer.Context,
    words: list[str] = typer.Argument(..., metavar="WORD...", help="Words (or prefixes) to check."),
    prefix: bool = typer.Option(False, "--prefix", help="Ask whether each begins some word instead."),
    json_output: bool = JSON_OPTION,
) -> None:
    """Say whether each WORD is in the dictionary; exit 1 unless all are.

    Examples: wordindex check cool xyzzy;  wordindex check --prefix co xq
    """
    from wordindex.lookup import check_prefixes, check_words, describe_words

    with context.open_index(ctx) as index:
        results = check_prefixes(index, words) if prefix else check_words(index, words)
        facts = describe_words(index, words) if json_output and not prefix else None
    if json_output:
        if facts is not None:
            emit_json([{"word": f.word, "valid": f.valid, "level": f.level, "vulgar": f.vulgar} for f in facts])
        else:
            emit_json([{"prefix": item, "valid": ok} for item, ok in results])
    else:
        for item, ok in results:
            if prefix:
                out(f"{item}: {'begins a word' if ok else 'begins no word'}")
            else:
                out(f"{item}: {'a word' if ok else 'not a word'}")
    if not all(ok for _, ok in results):
        raise typer.Exit(1)


def words(
    ctx: typer.Context,
    pattern: str = typer.Option(
        ..., "--pattern", "-p", metavar="P", help="Pattern: letters and '-' or '_' for unknown ones, e.g. -e--."
    ),
    guessed: str = typer.Option(
        None,
        "--guessed",
        "-g",
        metavar="LETTERS",
        help="Letters already guessed, e.g. eat: they appear only where the pattern shows them.",
    ),
    limit: int = typer.Option(
        None, "--limit", "-n", min=0, help="Show at most N words (the count is still the total)."
    ),
    level: str = level_option(),
    json_output: bool = JSON_OPTION,
) -> None:
    """List the words that fit a hangman pattern, sorted; exit 1 if none does.

    Examples: wordindex words --pattern -e--;  wordindex words -p c--l --guessed aei --level easy
    """
    from wordindex.levels import parse_levels
    from wordindex.lookup import words_matching
    from wordindex.pattern import parse_letters, parse_pattern

    parsed = parse_pattern(pattern)
    letters = parse_letters(guessed) if guessed is not None else None
    levels = parse_levels(level, "--level") if level is not None else None
    with context.open_index(ctx) as index:
        matches = words_matching(index, parsed, letters, limit, levels)
    if json_output:
        emit_json({"count": matches.count, "words": matches.words})
    else:
        for word in matches.words:
            out(word)
        if matches.count > len(matches.words):
            note(f"showing {len(matches.words):,} of {matches.count:,} words")
    if matches.count == 0:
        if not json_output:
            note(f"no word fits {parsed.text}")
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command()(build)
    app.command()(info)
    app.command()(check)
    app.command()(words)
