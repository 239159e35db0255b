"""``wordindex play boggle``: a thin loop over ``BoggleSession`` (CS106B's boggleplay.cpp).

The session checks words, keeps the score and plays the computer's turn;
this module asks, draws and tells. One player (``you``) against the computer.
"""

from __future__ import annotations

import time
from typing import Any

import typer

from . import context, options
from .board_view import path_text, show_board
from .environment import EndOfInput, env
from .output import out, plural, word_list

MESSAGES = {
    "too_short": "That word is too short: words need at least {min}.",
    "not_a_word": "That word is not in the dictionary.",
    "already_found": "You have already found that word.",
    "not_on_board": "That word can't be formed on this board.",
    "time_up": "Time is up!",
}


def _word_set(words: list[str]) -> str:
    return "{" + ", ".join(f'"{w.upper()}"' for w in sorted(words)) + "}"


def _words(whose: str, words: list[str]) -> None:
    """``Your words (2): {"FINK", "KNIFE"}`` as CS106B prints it; on a terminal, the words in columns below."""
    if env().stdout_isatty:
        out(f"{whose} words ({len(words)}):")
        word_list([w.upper() for w in sorted(words)])
    else:
        out(f"{whose} words ({len(words)}): {_word_set(words)}")


def _clock(seconds: float) -> str:
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


def play_boggle(
    ctx: typer.Context,
    size: int = typer.Option(
        None, "--size", metavar="4|5|6", help="Board side (default 4, or the size of --board / --dice)."
    ),
    old_size: int = typer.Option(None, "-n", hidden=True),
    dice: str = typer.Option(
        None, "--dice", metavar="SET", help="Dice: classic (1976), new (1987, default 4×4), big (5×5), superbig (6×6)."
    ),
    rules: str = typer.Option(
        None, "--rules", "-r", metavar="RULES", help=options.RULES_HELP + " Default: simple (CS106B)."
    ),
    min_length: int = options.MIN_LENGTH,
    seed: int = typer.Option(
        None, "--seed", metavar="S", help="Random seed for shaking the dice (reproducible boards)."
    ),
    board: str = typer.Option(None, "--board", metavar="LETTERS", help="Play this board first instead of asking."),
    minutes: float = typer.Option(
        None, "--minutes", metavar="M", help="A timer for your turn, in minutes (the real game's is 3). Default: none."
    ),
) -> None:
    """Play Boggle against the computer (Stanford CS106B): find words, then watch it find the rest.

    Type one word per line; an empty line ends your turn (so does the timer,
    with --minutes). Each word is checked in order: long enough, in the
    dictionary, not already found, can be formed on the board. The computer
    then takes every word you missed and wins only with a strictly greater
    score; type one of its words to see where it is. End of input ends the
    game with its result; Ctrl-C too, with exit status 130.

    Examples: wordindex play boggle;  wordindex play boggle --size 5 --seed 7 --minutes 3;
    wordindex play boggle --board fycliomgorilhjhu
    """
    import random

    from wordindex.boggle.board import BoardError, parse_board
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.rules import DEFAULT_GAME_RULES, get_rules
    from wordindex.boggle.session import BoggleSession, check_minutes, game_board

    size = options.pick(size, old_size)
    chosen = get_rules(rules, min_length, default=DEFAULT_GAME_RULES)
    check_minutes(minutes)
    seeds = random.Random(seed)
    typed: str | None = board
    session: BoggleSession | None = None
    with context.open_index(ctx) as index:
        faces = faces_of(index.language.code)
        first = game_board(board, size, dice, 0, index.language)  # checks --size, --dice, --board first
        size = first.size
        try:
            _intro(size, chosen)
            while True:
                if typed is None and not env().confirm("Do you want to generate a random board?"):
                    cells = size * size
                    while True:
                        text = env().ask(f"Type the {cells} letters to appear on the board: ")
                        try:
                            typed = parse_board(text, size, faces).text
                            break
                        except BoardError:
                            out(f"That is not a valid {cells}-letter board string. Try again.")
                session = BoggleSession.create(
                    index,
                    board=typed,
                    size=size,
                    dice=dice,
                    rules=chosen.name,
                    min_length=chosen.min_length,
                    seed=seeds.randrange(2**32),
                    minutes=minutes,
                )
                typed = None
                _human_turn(session)
                played, session = session, None
                _computer_turn(played)
                _show_paths(played)
                if not env().confirm("Play again?"):
                    break
            out("Have a nice day.")
        except (EndOfInput, KeyboardInterrupt) as stop:
            if session is not None:
                _computer_turn(session)
            out("Goodbye.")
            if isinstance(stop, KeyboardInterrupt):
                raise typer.Exit(130) from None


def _intro(size: int, rules: Any) -> None:
    out("Welcome to Boggle!")
    out(
        f"Find words on a {size}×{size} board of letter cubes by tracing a path through "
        "neighbouring cubes (across, down or diagonally); each cube once per word."
    )
    out(
        f"Words need at least {plural(rules.min_length, 'letter')} ({rules.name} rules; Qu counts as two). "
        "Then the computer finds every word you missed."
    )
    out("")


def _screen(session: Any, message: str, path: Any = ()) -> None:
    """The player's screen: a message, the board (the last word's cells highlighted), their words."""
    if env().colour:
        env().console().clear()
    out(message)
    show_board(session.board, path)
    _words("Your", session.players["you"])
    out(f"Your score: {session.score('you')}")


def _human_turn(session: Any) -> None:
    _screen(session, "It's your turn!" + (f" You have {_clock(session.time_left())}." if session.minutes else ""))
    while not session.over:
        left = session.time_left()
        prompt = "Type a word (or Enter to stop): "
        if left is not None:
            if left <= 0:
                out(MESSAGES["time_up"])
                return
            prompt = f"[{_clock(left)} left] {prompt}"
        word = env().ask(prompt).strip()
        if not word:
            return
        event = session.move(word, now=time.time())
        if event["verdict"] == "accepted":
            message = f'You found a new word! "{event["word"].upper()}" ({plural(event["score"], "point")})'
            _screen(session, message, event["path"])
        elif event["verdict"] == "time_up":
            out(MESSAGES["time_up"])
            return
        else:
            _screen(session, MESSAGES[event["verdict"]].format(min=plural(session.rules.min_length, "letter")))


def _computer_turn(session: Any) -> None:
    """The computer's turn, below the player's words (they stay on screen)."""
    result = session.end()
    out("")
    out("It's my turn!")
    show_board(session.board)
    _words("Your", session.players["you"])
    out(f"Your score: {result['scores']['you']}")  # the result's, as who won is decided (boggle/scores.py)
    mine = [w["word"] for w in result["computer"]["words"]]
    _words("My", mine)
    out(f"My score: {result['computer']['score']}")
    if result["computer_won"]:
        out("Ha ha ha, I destroyed you. Better luck next time, puny human!")
    else:
        out("WOW, you defeated me! Congratulations!")


def _show_paths(session: Any) -> None:
    """Let the player see where any of the computer's words is."""
    paths = {w["word"]: w["path"] for w in session.result()["computer"]["words"]}
    if not paths:
        return
    while True:
        word = env().ask("Type one of my words to see its path (or Enter to go on): ").strip().lower()
        if not word:
            return
        if word not in paths:
            out(f"{word.upper()} is not one of my words.")
            continue
        show_board(session.board, paths[word])
        out(f"{word.upper()}: {path_text(paths[word])}")


def register(app: typer.Typer) -> None:
    """Add ``play boggle``."""
    from .play import play_app

    play_app.command(name="boggle")(play_boggle)
