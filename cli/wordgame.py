"""Commands of the word game issue (MIT 6.0001 ps3): ``wordindex best-word`` and ``wordindex play wordgame``."""

from __future__ import annotations

import typer

from . import context
from .output import console, emit_json, note, out, stdout_is_terminal
from .pools import allow_vulgar_option
from .prompting import EndOfInput, ask

JSON_OPTION = typer.Option(False, "--json", help="Print the result as JSON.")


def best_word(
    ctx: typer.Context,
    letters: str = typer.Argument(
        ..., metavar="LETTERS", help="The hand: letters, * for a wildcard (a vowel), e.g. 'cows*z'."
    ),
    all_words: bool = typer.Option(False, "--all", help="List every playable word, best first."),
    allow_vulgar: bool = allow_vulgar_option("the answer"),
    json_output: bool = JSON_OPTION,
) -> None:
    """Find the highest-scoring word for a hand of the word game; exit 1 if none can be made.

    Scores follow the game: letter values times max(7L - 3(n - L), 1), n being
    the number of letters given. A * stands for any one vowel and is worth 0;
    the word is shown as typed in the game (c*ws) with its spelling (caws).
    Ties go to the longer word, then alphabetical order.

    Examples: wordindex best-word 'cows*z';  wordindex best-word aciprt* --all
    """
    from wordindex.wordgame import parse_hand, playable_words

    hand = parse_hand(letters)
    shown = "".join(letters.split()).lower()
    with context.open_index(ctx) as index:
        plays = playable_words(hand, index, allow_vulgar)
    if json_output:
        if all_words:
            emit_json({"hand": shown, "words": [_play_json(play) for play in plays]})
        else:
            best = plays[0] if plays else None
            emit_json({"hand": shown, **(_play_json(best) if best else {"word": None, "spelled": None, "score": 0})})
    elif plays and all_words and stdout_is_terminal():
        from rich.table import Table

        table = Table("word", "score", "spelled", title=f"{len(plays):,} words playable from {shown}")
        for play in plays:
            table.add_row(play.word, str(play.score), play.spelled if play.uses_wildcard else "")
        console().print(table)
    else:
        for play in plays if all_words else plays[:1]:
            out(_play_line(play))
    if not plays:
        if not json_output:
            note(f"no word can be made from the hand {shown}")
        raise typer.Exit(1)


def _play_json(play) -> dict:
    return {"word": play.word, "spelled": play.spelled, "score": play.score}


def _play_line(play) -> str:
    spelled = f" ({play.spelled})" if play.uses_wildcard else ""
    return f"{play.word} {play.score}{spelled}"


_STYLES = {
    "hand": "bold",
    "scored": "green",
    "invalid": "red",
    "retry": "yellow",
    "ran_out": "cyan",
    "hand_total": "bold cyan",
    "best": "magenta",
    "total": "bold green",
}


def _show(lines, terminal) -> None:
    for line in lines:
        if terminal is not None:
            from rich.text import Text

            terminal.print(Text(line.text, style=_STYLES.get(line.kind, "")))
        else:
            out(line.text)


def play_wordgame(
    ctx: typer.Context,
    hands: int = typer.Option(None, "--hands", min=1, help="Number of hands (asked at the start when not given)."),
    hand_size: int = typer.Option(
        7,
        "--hand-size",
        min=1,
        max=100,
        help="Letters per hand (a third, rounded up, are vowel slots, one of them the * wildcard).",
    ),
    seed: int = typer.Option(None, "--seed", help="Seed for dealing and substituting, for a reproducible game."),
) -> None:
    """Play the MIT 6.0001 word game: hands of letters, a * wildcard for any vowel.

    Each hand: one substitution per game (every copy of a letter becomes a
    new random letter), then enter words ('!!' ends the hand); an invalid word
    still costs its letters. One replay per game (the better score counts).
    After each hand the best possible word is shown, at the end the total.

    Example: wordindex play wordgame --hands 2 --seed 7
    """
    from wordindex.wordgame import WordGame

    terminal = console() if stdout_is_terminal() else None
    with context.open_index(ctx) as index:
        game = WordGame(index, hands=hands, hand_size=hand_size, rng=seed)
        try:
            _show(game.start(), terminal)
            while not game.over:
                _show(game.answer(ask(game.prompt)), terminal)
        except (EndOfInput, KeyboardInterrupt) as exc:
            out()
            finished = len(game.records)
            out(
                f"Game ended early. Total score over the {finished} finished hand{'s' if finished != 1 else ''}: {game.total}"
            )
            if isinstance(exc, KeyboardInterrupt):
                raise typer.Exit(130) from None


def register(app: typer.Typer) -> None:
    """Add ``wordindex best-word`` and ``wordindex play wordgame``."""
    from .play import play_app

    app.command(name="best-word")(best_word)
    play_app.command(name="wordgame")(play_wordgame)
