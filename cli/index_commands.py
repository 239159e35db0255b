"""Commands of the index itself: build, info, check, words."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, options
from .output import emit_json, note, out, plural, stderr_is_terminal


class BuildProgress:
    """A rich progress bar on stderr, one task per build stage (terminal only)."""

    def __init__(self) -> None:
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


#: How a skip reason's JSON key reads in text.
REASON_TEXT = {"not_a_z_only": "not a-z only"}


def _reasons(skipped: dict) -> str:
    shown = [f"{n:,} {REASON_TEXT.get(key, key.replace('_', ' '))}" for key, n in sorted(skipped.items()) if n]
    return ", ".join(shown) or "none"


def _summary(summary: dict) -> str:
    return (
        f"Built {summary['word_count']:,} words from {summary['source']} in {summary['seconds']:.1f} s "
        f"into {summary['database']} ({summary['lines_read']:,} lines read, {summary['blank_lines']:,} blank; "
        f"skipped: {_reasons(summary['skipped'])})"
    )


def build(
    ctx: typer.Context,
    path: Path = typer.Argument(..., metavar="PATH", help="Dictionary file, one word per line."),
    json_output: bool = options.JSON,
) -> None:
    """Build the index from a dictionary file (one word per line).

    Words are lowercased; lines that are not a-z only, and duplicates, are
    skipped and counted. The new index replaces the old one atomically.

    Example: wordindex build data/dictionary.txt
    """
    from wordindex.build import build_index
    from wordindex.reports import build_summary

    location = context.location(ctx)
    if stderr_is_terminal() and not json_output:
        with BuildProgress() as progress:
            report = build_index(location, path, progress)
    else:
        report = build_index(location, path)
    summary = build_summary(report)
    if json_output:
        emit_json(summary)
    else:
        out(_summary(summary))


def info(ctx: typer.Context, json_output: bool = options.JSON) -> None:
    """Describe the index: its source, word counts by length, schema, database.

    Example: wordindex info
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        facts = reports.info(index)
    if json_output:
        emit_json(facts)
        return
    out(f"database:  {facts['database']}")
    out(f"source:    {facts['source']} (sha256 {facts['sha256']})")
    out(f"words:     {facts['word_count']:,}")
    out(f"lines:     {facts['lines_read']:,} read; skipped: {_reasons(facts['skipped'])}")
    out(f"built:     {facts['built_at']} in {facts['seconds']:.1f} s by wordindex {facts['wordindex_version']}")
    out(f"schema:    {facts['schema_revision']}")
    out("length     words")
    for row in facts["counts_by_length"]:
        out(f"{row['length']:>6} {row['word_count']:>9,}")


def check(
    ctx: typer.Context,
    words: list[str] = typer.Argument(..., metavar="WORD...", help="Words (or prefixes) to check."),
    prefix: bool = typer.Option(False, "--prefix", help="Ask whether each begins some word instead."),
    json_output: bool = options.JSON,
) -> None:
    """Say whether each WORD is in the dictionary; exit 1 unless all are.

    Examples: wordindex check cool xyzzy;  wordindex check --prefix co xq
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        results = reports.check(index, words, prefix)
    key = "prefix" if prefix else "word"
    if json_output:
        emit_json(results)
    else:
        yes, no = ("begins a word", "begins no word") if prefix else ("a word", "not a word")
        for item in results:
            out(f"{item[key]}: {yes if item['valid'] else no}")
    if not all(item["valid"] for item in results):
        raise typer.Exit(1)


def words(
    ctx: typer.Context,
    pattern: str = options.PATTERN,
    guessed: str = typer.Option(
        None,
        "--guessed",
        "-g",
        metavar="LETTERS",
        help="Letters already guessed, e.g. eat: they appear only where the pattern shows them.",
    ),
    limit: int = typer.Option(
        None, "--limit", "-m", min=0, metavar="N", help="Show at most N words (the count is still the total)."
    ),
    old_limit: int = typer.Option(None, "-n", min=0, hidden=True),
    json_output: bool = options.JSON,
) -> None:
    """List the words that fit a hangman pattern, sorted; exit 1 if none does.

    Examples: wordindex words --pattern -e--;  wordindex words -p c--l --guessed aei
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        matches = reports.words(index, pattern, guessed, options.pick(limit, old_limit))
    if json_output:
        emit_json(matches)
    else:
        for word in matches["words"]:
            out(word)
        if matches["count"] > len(matches["words"]):
            note(f"showing {len(matches['words']):,} of {plural(matches['count'], 'word')}")
    if matches["count"] == 0:
        if not json_output:
            from wordindex.pattern import parse_pattern

            note(f"no word fits {parse_pattern(pattern).text}")
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command()(build)
    app.command()(info)
    app.command()(check)
    app.command()(words)
