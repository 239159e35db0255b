"""Commands of the index itself: build, info, check, words."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, options
from .output import emit_json, note, out, plural, printable, stderr_is_terminal, word_list
from .pools import level_option


class BuildProgress:
    """A rich progress bar on stderr, one task per build stage (terminal only).

    It is redrawn from the build's own calls (at most ten times a second),
    not by rich's refresh thread: a build forks its helper process only when
    no other thread runs (``wordindex.processes``), and the fork is what keeps
    the helper cheap and quiet on Ctrl-C.
    """

    REDRAW_EVERY = 0.1  # seconds

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
            auto_refresh=False,
        )
        self.tasks: dict[str, int] = {}
        self.drawn = 0.0

    def __call__(self, stage: str, done: int, total: int) -> None:
        import time

        if stage not in self.tasks:
            self.tasks[stage] = self.progress.add_task(stage, total=total or None)
        self.progress.update(self.tasks[stage], completed=done, total=total or None)
        now = time.monotonic()
        if now - self.drawn >= self.REDRAW_EVERY or done == total:
            self.drawn = now
            self.progress.refresh()

    def __enter__(self):
        self.progress.start()
        return self

    def __exit__(self, *exc):
        self.progress.stop()


#: How a skip reason's JSON key reads in text.
REASON_TEXT = {"not_a_z_only": "not a-z only"}
#: Languages are named in reports by their English name.


def _reasons(skipped: dict) -> str:
    shown = [f"{n:,} {REASON_TEXT.get(key, key.replace('_', ' '))}" for key, n in sorted(skipped.items()) if n]
    return ", ".join(shown) or "none"


def _summary(summary: dict) -> str:
    from wordindex.languages import language

    name = language(summary["language"]).name
    return (
        f"Built {plural(summary['word_count'], f'{name} word')} from {summary['source']} in {summary['seconds']:.1f} s "
        f"into {summary['database']} ({plural(summary['lines_read'], 'line')} read, {summary['blank_lines']:,} blank; "
        f"skipped: {_reasons(summary['skipped'])})"
    )


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM ends the build like Ctrl-C does: the clean-up runs (no ``.partial`` file stays)."""
    raise SystemExit(128 + signum)


def build(
    ctx: typer.Context,
    path: Path = typer.Argument(
        None, metavar="[PATH]", help="Dictionary file, one word per line (default: the language's own list)."
    ),
    language_code: str = typer.Option(
        None,
        "--language",
        metavar="LANG",
        help="The index's language (en, fr, de, es, it, pt, nl, pl, sv: `wordindex languages`). "
        "Default: the language of the index being replaced, else en.",
    ),
    encoding: str = typer.Option(
        None, "--encoding", metavar="NAME", help="The file's text encoding, e.g. latin-1 (default: utf-8)."
    ),
    force: bool = typer.Option(
        False, "--force", help="Replace the --db file even if it is not a wordindex index (SQLite only)."
    ),
    json_output: bool = options.JSON,
) -> None:
    """Build the index from a dictionary file (one word per line), in a language.

    Words are lowercased and read in the language's letters (French accents
    fold: été plays as ete); lines with other characters, proper names,
    abbreviations and duplicates are skipped and counted. Without PATH the
    language's own list is read (bundled, or the distribution's word-list
    package). The new index replaces the old one atomically. Only a missing
    or empty file or an existing index is replaced, unless --force is given.

    Examples: wordindex build data/dictionary.txt;  wordindex build --language fr
    """
    import signal

    from wordindex.build.builder import build_index
    from wordindex.reports import build_summary

    location = context.location(ctx)
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        if stderr_is_terminal() and not json_output:
            with BuildProgress() as progress:
                report = build_index(
                    location, path, progress, force=force, language_code=language_code, encoding=encoding
                )
        else:
            report = build_index(location, path, force=force, language_code=language_code, encoding=encoding)
    finally:
        signal.signal(signal.SIGTERM, previous)
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
    from wordindex.languages import language

    out(f"database:  {facts['database']}")
    out(f"language:  {language(facts['language']).name} ({facts['language']})")
    out(f"source:    {facts['source']} (sha256 {facts['sha256']})")
    out(f"words:     {facts['word_count']:,}")
    out(f"lines:     {facts['lines_read']:,} read; skipped: {_reasons(facts['skipped'])}")
    out(f"built:     {facts['built_at']} in {facts['seconds']:.1f} s by wordindex {facts['wordindex_version']}")
    out(f"schema:    {facts['schema_revision']}")
    out(f"levels:    {_levels_line(facts)}")
    vulgar = plural(facts["vulgar_word_count"], "word")
    out(f"vulgar:    {vulgar} flagged (valid, never picked or suggested by default)")
    out("length     words")
    for row in facts["counts_by_length"]:
        out(f"{row['length']:>6} {row['word_count']:>9,}")


def _levels_line(facts: dict) -> str:
    if not facts["has_levels"]:
        return (
            "none (built from a plain word list, or upgraded from an older schema: rebuild from a list "
            "with levels, such as data/dictionary.txt, to use --difficulty and --level)"
        )
    return ", ".join(
        f"{'no level' if row['level'] is None else row['level']}: {row['word_count']:,}"
        for row in facts["counts_by_level"]
    )


def check(
    ctx: typer.Context,
    words: list[str] = typer.Argument(..., metavar="WORD...", help="Words (or prefixes) to check."),
    prefix: bool = typer.Option(False, "--prefix", help="Ask whether each begins some word instead."),
    json_output: bool = options.JSON,
) -> None:
    """Say whether each WORD is in the dictionary; exit 1 unless all are.

    Type words as you write them: accents, capitals, NFC or NFD all work, and an answer prints the
    word as the list spells it.

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
            shown = ", ".join(item.get("spellings") or [item[key]])
            out(f"{printable(shown)}: {yes if item['valid'] else no}")
    if not all(item["valid"] for item in results):
        raise typer.Exit(1)


def words(
    ctx: typer.Context,
    pattern: str = options.PATTERN,
    guessed: str = options.guessed_option(
        "Letters already guessed, e.g. eat: they appear only where the pattern shows them."
    ),
    limit: int = typer.Option(
        None,
        "--limit",
        "-m",
        min=0,
        max=2**63 - 1,
        metavar="N",
        help="Show at most N words (the count is still the total).",
    ),
    old_limit: int = typer.Option(None, "-n", min=0, max=2**63 - 1, hidden=True),
    level: str = level_option(),
    json_output: bool = options.JSON,
) -> None:
    """List the words that fit a hangman pattern, sorted; exit 1 if none does.

    Examples: wordindex words --pattern -e--;  wordindex words -p c--l --guessed aei --level easy
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        matches = reports.words(index, pattern, guessed, options.pick(limit, old_limit), level)
        alphabet = index.alphabet
    if json_output:
        emit_json(matches)
    else:
        spellings = matches["spellings"]
        word_list([", ".join(spellings.get(word, [word])) for word in matches["words"]])
        if matches["count"] > len(matches["words"]):
            note(f"showing {len(matches['words']):,} of {plural(matches['count'], 'word')}")
    if matches["count"] == 0:
        if not json_output:
            from wordindex.languages.alphabet import MAX_WORD_LENGTH
            from wordindex.words.pattern import parse_pattern

            parsed = parse_pattern(pattern, alphabet)
            if parsed.length > MAX_WORD_LENGTH:
                note(f"no word is {parsed.length} letters long (the longest possible has {MAX_WORD_LENGTH})")
            else:
                note(f"no word fits {parsed.text}")
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command()(build)
    app.command()(info)
    app.command()(check)
    app.command()(words)
