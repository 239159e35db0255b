"""Commands of the word game issue (MIT 6.0001 ps3): ``wordindex best-word`` and ``wordindex play wordgame``."""

from __future__ import annotations

import typer

from . import context
from .environment import EndOfInput, env
from .options import JSON as JSON_OPTION
from .output import emit_json, note, out, plural, word_list
from .pools import allow_vulgar_option


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
    from wordindex import reports

    with context.open_index(ctx) as index:
        result = reports.best_word(index, letters, all_words, allow_vulgar)
    plays = result["words"] if all_words else ([result] if result["word"] is not None else [])
    if json_output:
        emit_json(result)
    else:
        if plays and all_words and env().stdout_isatty:
            out(f"{plural(len(plays), 'word')} playable from {result['hand']}:")
        word_list([_play_line(play, result["spellings"]) for play in plays])
    if not plays:
        if not json_output:
            note(f"no word can be made from the hand {result['hand']}")
        raise typer.Exit(1)


def _spelled(play: dict, spellings: dict) -> str:
    """How the list spells the word, when that is not what was played (``caws`` for ``c*ws``, ``été`` for ``ete``)."""
    spelt = ", ".join(spellings.get(play["spelled"], [play["spelled"]]))
    return spelt if spelt != play["word"] else ""


def _play_line(play: dict, spellings: dict) -> str:
    spelled = _spelled(play, spellings)
    return f"{play['word']} {play['score']}" + (f" ({spelled})" if spelled else "")


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

YES_NO_PHASES = ("substitute", "replay")

RULES = """\
The word game (MIT 6.0001 problem set 3). Each hand is a few letters; * stands for any vowel.
Make words from the hand: a word scores (sum of its letter values) × max(7 × length - 3 × letters left, 1),
and every word you enter, good or not, uses up its letters. Enter !! to end a hand early.
Once per game you may substitute a letter of a hand, and once per game replay a hand (the better score counts).
"""


def _show(lines: list[dict]) -> None:
    """Transcript lines; styled on a colour terminal, plain otherwise (the text says it all)."""
    terminal = env().console() if env().colour else None
    for line in lines:
        if terminal is not None:
            from rich.text import Text

            terminal.print(Text(line["text"], style=_STYLES.get(line["kind"], "")))
        else:
            out(line["text"])


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
    End of input ends the game and counts the points of the hand being
    played; Ctrl-C too, with exit status 130.

    Example: wordindex play wordgame --hands 2 --seed 7
    """
    from wordindex.wordgame.session import WordGameSession

    with context.open_index(ctx) as index:
        session = WordGameSession.create(index, hands=hands, hand_size=hand_size, seed=seed)
        out(RULES)
        _show(session.view()["opening"])
        try:
            while not session.over:
                if session.view()["phase"] in YES_NO_PHASES:  # the games' one yes/no question
                    reply = "yes" if env().confirm(session.prompt.rstrip()) else "no"
                else:
                    reply = env().ask(session.prompt)
                _show(session.move({"action": "reply", "text": reply})["lines"])
        except (EndOfInput, KeyboardInterrupt) as stop:
            _show(session.end()["lines"])
            if isinstance(stop, KeyboardInterrupt):
                raise typer.Exit(130) from None


def register(app: typer.Typer) -> None:
    """Add ``wordindex best-word`` and ``wordindex play wordgame``."""
    from .play import play_app

    app.command(name="best-word")(best_word)
    play_app.command(name="wordgame")(play_wordgame)
