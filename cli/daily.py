"""``wordindex daily``: today's puzzle, the board every player gets today (``wordindex.boggle.daily``).

The board is drawn as ``wordindex boggle`` draws one (``board_view.py``); ``--solve`` adds its main
and bonus words; ``--json`` prints ``reports.daily``, the answer of ``GET /api/daily``. An index holds
one language, so the index decides the puzzle's language: ``--language`` only checks it (a different
language is an error naming the fix), as the API's ``language`` picks one of the served indexes.
"""

from __future__ import annotations

import datetime as dt

import typer

from . import context
from .board_view import show_board
from .options import JSON as JSON_OPTION
from .output import emit_json, out, plural, word_list


def today() -> dt.date:
    """Today's date in UTC: the day whose puzzle ``daily`` shows without ``--date``."""
    return dt.datetime.now(dt.UTC).date()


def daily(
    ctx: typer.Context,
    language: str = typer.Option(
        None,
        "--language",
        metavar="LANG",
        help="The puzzle's language: the index's own (an index holds one); another is an error naming the fix.",
    ),
    date: str = typer.Option(
        None, "--date", metavar="YYYY-MM-DD", help="The day whose puzzle to show (default: today, UTC)."
    ),
    solve: bool = typer.Option(False, "--solve", help="List the board's main words and bonus words."),
    json_output: bool = JSON_OPTION,
) -> None:
    """Show today's puzzle: one 4×4 board a day per language, the same for every player.

    The board is chosen at midnight UTC from the language's dice by a generator seeded with the date,
    among boards with 40 to 200 main words and one of 8 letters or more. Main words are the common
    ones (easy and medium levels); finding them all completes the day. Rarer words are bonus words.
    Untimed.

    Examples: wordindex daily;  wordindex daily --date 2026-11-27 --solve;  wordindex daily --json
    """
    from wordindex import reports
    from wordindex.boggle.faces import faces_of
    from wordindex.errors import UsageError

    with context.open_index(ctx) as index:
        own = index.language
        if language is not None and language.strip().lower() != own.code:
            where = context.location(ctx).display
            wanted = language.strip().lower()
            raise UsageError(
                f"--language {language}: the index at {where} is {own.name} ({own.code}); name an index built "
                f"in {wanted} with --db (wordindex --db FILE build --language {wanted})"
            )
        result = reports.daily(index, today(), date, solve)
    if json_output:
        emit_json(result)
        return
    from wordindex.boggle.board import parse_board

    out(f"Daily puzzle #{result['day']}, {result['date']} ({own.name})")
    show_board(parse_board(result["board"], faces=faces_of(own.code)))
    out(
        f"{plural(result['main_count'], 'main word')} ({plural(result['main_score'], 'point')}), "
        f"{plural(result['bonus_count'], 'bonus word')} ({plural(result['bonus_score'], 'point')}); "
        "find every main word to complete the day"
    )
    if not result["levelled"]:
        out("(this index has no word levels: every word not flagged vulgar is a main word)")
    if solve:
        out(f"main words ({result['main_count']}):")
        word_list([f"{w['score']:>3} {w['word']}" for w in result["main_words"]])
        out(f"bonus words ({result['bonus_count']}):")
        word_list([f"{w['score']:>3} {w['word']}" for w in result["bonus_words"]])


def register(app: typer.Typer) -> None:
    app.command(name="daily")(daily)
