"""``wordindex hangman-value``: the exact evil-hangman value of one word length.

The search is ``wordindex.hangman.exact`` (reached through
``wordindex.hangman.optimal.length_value``); this module only reads options and prints. Its limits are
a ``wordindex.limits.Limits``, which refuses a ``--seconds`` that is not a finite number above 0.
"""

from __future__ import annotations

import typer

from . import context, options
from .output import emit_json, note, out, plural, stderr_is_terminal


def hangman_value(
    ctx: typer.Context,
    length: int = typer.Option(..., "--length", "-n", metavar="N", help="Word length."),
    chooser: str = options.chooser_option(
        "greedy",
        options.VALUE_CHOOSERS,
        "greedy: the CS106L evil chooser (alias evil); optimal: any family, the most misses.",
    ),
    seconds: float = typer.Option(
        None, "--seconds", metavar="S", help="Stop after S seconds with the bounds proven (default: no limit)."
    ),
    max_positions: int = typer.Option(
        None, "--max-positions", metavar="N", help="Stop after searching N positions with the bounds proven."
    ),
    jobs: int = typer.Option(None, "--jobs", metavar="N", help="Workers (default: up to 2 cores)."),
    json_output: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """The fewest misses a perfect guesser needs on the words of one length (exact, or proven bounds).

    The misses are counted until one word remains (the guesser then finishes without a miss); the lives
    needed are one more. Against greedy the chooser keeps the largest family (CS106L's tie-break);
    against optimal it may keep any. Example: wordindex hangman-value --length 12 --chooser optimal --seconds 60
    """
    from wordindex.hangman.exact_pool import default_jobs
    from wordindex.hangman.opponent import check_opponent
    from wordindex.hangman.optimal import length_value
    from wordindex.hangman.state import check_length
    from wordindex.limits import Limits, check_count, check_seconds

    check_length(length)
    opponent = check_opponent(chooser)
    limits = Limits(
        seconds=check_seconds(seconds, "--seconds"), positions=check_count(max_positions, "--max-positions")
    )
    check_count(jobs, "--jobs")
    progress = note if stderr_is_terminal() else None
    with context.open_index(ctx) as index:
        result = length_value(
            index,
            length,
            opponent,
            limits,
            jobs=jobs or default_jobs(),
            on_progress=progress,
        )
    report = result.report()
    if json_output:
        emit_json(report)
        return
    found = (
        f"{plural(report['misses'], 'miss', 'misses')} (exact)"
        if report["exact"]
        else f"{report['lower']} to {report['upper']} misses (bounds: a limit stopped the search)"
    )
    first = f"; first guess {report['first_guess']}" if report["first_guess"] else ""
    out(
        f"length {length}: {plural(report['words'], 'word')}, {found} against the {report['chooser']} chooser{first} "
        f"({plural(report['positions'], 'position')}, {report['seconds']:.1f} s)"
    )


def register(app: typer.Typer) -> None:
    """Add ``hangman-value`` to the app."""
    app.command(name="hangman-value")(hangman_value)
