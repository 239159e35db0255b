"""Commands of the hangman issue: guess, evil, solve, and ``play hangman``.

The game logic lives in ``wordindex.hangman`` (guessers, choosers, the game
state machine, the solver); this module only reads options and input and
prints. Library imports happen inside the commands to keep start-up fast.
"""

from __future__ import annotations

import typer

from . import context
from .output import emit_json, note, out, stdout_is_terminal

JSON_OPTION = typer.Option(False, "--json", help="Print the result as JSON.")
STRATEGY_NAMES = "naive, pattern, paga, containing, split, optimal"
AGAINST_OPTION = typer.Option(
    "greedy",
    "--against",
    metavar="greedy|optimal",
    help="The chooser the optimal strategy plays against: greedy (the evil chooser) or optimal.",
)


def guess(
    ctx: typer.Context,
    pattern: str = typer.Option(
        ..., "--pattern", "-p", metavar="P", help="The word so far: letters and '-' (or '_') for blanks, e.g. -o--."
    ),
    guessed: str = typer.Option(
        None,
        "--guessed",
        "-g",
        metavar="LETTERS",
        help="Letters guessed so far, e.g. eo: all of them or only the wrong ones (revealed letters count as guessed).",
    ),
    strategy: str = typer.Option("paga", "--strategy", "-s", metavar="NAME", help=f"Guesser: {STRATEGY_NAMES}."),
    against: str = AGAINST_OPTION,
    json_output: bool = JSON_OPTION,
) -> None:
    """Suggest the next letter for a hangman pattern; exit 1 with ? if no letter is left.

    Examples: wordindex guess --pattern ----;  wordindex guess -p -o-- --guessed eo --strategy split
    """
    from wordindex.hangman.exact import check_opponent
    from wordindex.hangman.guessers import check_strategy, next_guess
    from wordindex.hangman.state import parse_position

    strategy = check_strategy(strategy)
    opponent = check_opponent(against).value
    position = parse_position(pattern, guessed)
    with context.open_index(ctx) as index:
        result = next_guess(index, position, strategy, opponent)
    if json_output:
        report = {
            "guess": result.letter,
            "strategy": result.strategy,
            "candidates": result.candidates,
            "frequencies": result.frequencies,
        }
        if strategy == "optimal":
            report.update({"against": opponent, "exact": result.exact, "misses": result.misses})
        emit_json(report)
    else:
        out(result.letter)
    if not result.found:
        note(f"no letter left to guess: every letter of the {result.candidates:,} candidate words was guessed")
        raise typer.Exit(1)
    if not json_output and strategy == "optimal":
        if result.exact:
            note(f"optimal: {result.letter} (the position's value against {opponent}: {result.misses} misses)")
        else:
            note(f"optimal: {result.letter} is split's letter (too large to solve within the answer budget)")
    elif not json_output:
        weight = result.frequencies[result.letter]
        unit = "words contain it" if strategy == "containing" else "occurrences"
        note(f"{strategy}: {result.letter} ({weight:,} {unit} over {result.candidates:,} candidate words)")


def evil(
    ctx: typer.Context,
    length: int = typer.Option(..., "--length", "-n", metavar="N", help="Word length."),
    guesses: str = typer.Option(
        ..., "--guesses", "-g", metavar="LETTERS", help="Letters guessed, in order, e.g. eotdc."
    ),
    chooser_kind: str = typer.Option(
        "greedy",
        "--chooser",
        "-c",
        metavar="greedy|optimal",
        help="greedy: the CS106L chooser (largest family); optimal: the family forcing the most misses.",
    ),
    json_output: bool = JSON_OPTION,
) -> None:
    """Replay the evil chooser (CS106L Evil Hangman) against a sequence of guesses.

    Each guess splits the words left into families by where the letter stands,
    and the largest family is kept (tie: the pattern that sorts first, '-' before
    letters). Example: wordindex evil --length 4 --guesses eotdc
    """
    from wordindex.hangman.choosers import EvilChooser
    from wordindex.hangman.exact import Opponent, check_opponent
    from wordindex.hangman.optimal import OptimalChooser
    from wordindex.hangman.state import check_length, parse_guess_sequence

    check_length(length)
    optimal = check_opponent(chooser_kind) is Opponent.OPTIMAL
    letters = parse_guess_sequence(guesses, "guesses")
    with context.open_index(ctx) as index:
        chooser = OptimalChooser(index, length) if optimal else EvilChooser(index, length)
        for letter in letters:
            chooser.guess(letter)
        words = chooser.words()
    exact_steps = chooser.exact_steps if optimal else [None] * len(chooser.steps)
    if json_output:
        emit_json(
            {
                "steps": [
                    {
                        "letter": s.letter,
                        "occurrences": s.occurrences,
                        "pattern": s.pattern,
                        "family_size": s.family_size,
                        **({"exact": exact} if optimal else {}),
                    }
                    for s, exact in zip(chooser.steps, exact_steps, strict=True)
                ],
                "words": words,
            }
        )
        return
    for s, exact in zip(chooser.steps, exact_steps, strict=True):
        plural = "s" if s.family_size != 1 else ""
        fallback = "  (greedy family: too large to solve within the answer budget)" if exact is False else ""
        out(f"{s.letter}  {s.occurrences}  {s.pattern}  {s.family_size:,} word{plural}{fallback}")
    out(" ".join(words))


def solve(
    ctx: typer.Context,
    word: str = typer.Argument(..., metavar="WORD", help="The word the guesser must find (it must be in the index)."),
    strategy: str = typer.Option("paga", "--strategy", "-s", metavar="NAME", help=f"Guesser: {STRATEGY_NAMES}."),
    lives: int = typer.Option(6, "--lives", "-l", help="Wrong guesses that lose the game."),
    against: str = AGAINST_OPTION,
    json_output: bool = JSON_OPTION,
) -> None:
    """Let a guesser play against a known WORD; exit 1 if it loses.

    Shows each guess and what it revealed, whether it won, and the wrong
    guesses spent. Example: wordindex solve cool --strategy split
    """
    from wordindex.hangman.exact import check_opponent
    from wordindex.hangman.solver import solve as run_solver

    opponent = check_opponent(against).value
    with context.open_index(ctx) as index:
        result = run_solver(index, word, strategy, lives, opponent)
    if json_output:
        emit_json({"word": result.word, "won": result.won, "guesses": result.guesses, "wrong": result.wrong})
    else:
        for step in result.steps:
            shown = "miss" if step.occurrences == 0 else f"{step.occurrences} shown"
            out(f"{step.letter}  {shown:<8} {step.pattern}")
        verdict = "won" if result.won else "lost"
        out(
            f"{verdict}: {result.word} with {result.wrong} wrong guess{'es' if result.wrong != 1 else ''} of {result.lives} ({result.strategy})"
        )
    if not result.won:
        raise typer.Exit(1)


def play_hangman(
    ctx: typer.Context,
    chooser: str = typer.Option(
        "evil",
        "--chooser",
        "-c",
        metavar="evil|random|optimal",
        help="Who holds the word: evil (never commits, largest family), random, or optimal (the most misses).",
    ),
    seed: int = typer.Option(
        None, "--seed", help="Random seed (which word random picks; which word evil names at the end)."
    ),
    length: int = typer.Option(None, "--length", "-n", help="Word length (skip the question)."),
    guesses: int = typer.Option(None, "--guesses", "-g", help="Wrong guesses allowed (skip the question)."),
    show_count: bool = typer.Option(
        None, "--show-count/--hide-count", help="Show the words left each turn (skip the question)."
    ),
    guesser: str = typer.Option(
        None,
        "--guesser",
        metavar="STRATEGY",
        help=f"Let a guesser play instead of you ({STRATEGY_NAMES}); each move is shown.",
    ),
) -> None:
    """Play hangman against the evil (CS106L) or random chooser.

    You give a word length, a number of guesses and whether to see how many
    words are left; then guess one letter per turn. End of input or Ctrl-C
    ends the game. Example: wordindex play hangman --chooser random --seed 7
    """
    import click

    try:
        run_session(ctx, chooser, seed, length, guesses, show_count, guesser)
    except (click.Abort, EOFError, KeyboardInterrupt):
        out("")
        out("Goodbye.")


GALLOWS = (
    ("  +---+", "  |   |", "      |", "      |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", "      |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", "  |   |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|   |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " /    |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " / \\  |", "      |", "========="),
)


def _gallows_stage(game) -> int:
    used = game.guesses_allowed - game.guesses_left
    return min(6, -(-used * 6 // game.guesses_allowed))


def _plain_turn_view(game, show_count: bool) -> None:
    out("")
    out(f"Guesses left: {game.guesses_left}")
    out(f"Guessed: {' '.join(game.guessed) if game.guessed else '(none)'}")
    out(f"Word: {game.pattern}")
    if show_count:
        out(f"Words left: {game.words_left:,}")


def _rich_turn_view(game, show_count: bool) -> None:
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from .output import console

    revealed = set(game.pattern)
    letters = Text()
    for letter in "abcdefghijklmnopqrstuvwxyz":
        if letter in game.guessed:
            style = "bold green" if letter in revealed else "red strike"
        else:
            style = "dim"
        letters.append(letter, style=style)
        letters.append(" ")
    word = Text(" ".join(ch if ch != "-" else "_" for ch in game.pattern), style="bold")
    left = game.guesses_left
    bar = Text("█" * left, style="green" if left > 2 else "yellow" if left > 1 else "red")
    bar.append("░" * (game.guesses_allowed - left), style="dim")
    bar.append(f"  {left} of {game.guesses_allowed} guesses left")
    facts = Table.grid(padding=(0, 1))
    facts.add_row(word)
    facts.add_row(Text(""))
    facts.add_row(bar)
    facts.add_row(letters)
    if show_count:
        left_words = game.words_left
        facts.add_row(Text(f"{left_words:,} word{'s' if left_words != 1 else ''} left", style="cyan"))
    grid = Table.grid(padding=(0, 3))
    grid.add_row(Text("\n".join(GALLOWS[_gallows_stage(game)])), facts)
    console().print(Panel(grid, title="hangman", expand=False))


def _turn_message(turn) -> str:
    if turn.occurrences == 0:
        return f"Sorry, there is no {turn.letter}."
    if turn.occurrences == 1:
        return f"Yes, there is one {turn.letter}."
    return f"Yes, there are {turn.occurrences} {turn.letter}'s."


def _ask_length(index) -> int:
    from wordindex.errors import WordIndexError
    from wordindex.hangman.queries import count_words_of_length

    while True:
        length = typer.prompt("Word length", type=int)
        try:
            count_words_of_length(index, length)
            return length
        except WordIndexError as exc:
            out(f"No game with that length: {exc}. Try another length.")


def _ask_guesses() -> int:
    while True:
        guesses = typer.prompt("Number of guesses", type=int)
        if guesses >= 1:
            return guesses
        out("The number of guesses must be an integer above 0.")


def run_session(ctx, chooser_kind, seed, length, guesses, show_count, guesser) -> None:
    """The CS106L loop: questions, turns, the ending, "play again?"."""
    import random

    from wordindex.errors import UsageError
    from wordindex.hangman.game import LOST, WON, HangmanGame, check_guesses_allowed, make_chooser
    from wordindex.hangman.guessers import check_strategy
    from wordindex.hangman.queries import count_words_of_length
    from wordindex.hangman.state import BadGuessError, check_length

    kind = (chooser_kind or "").strip().lower()
    if kind not in ("evil", "random", "optimal"):
        raise UsageError(f"unknown chooser {chooser_kind!r}: choose evil, random or optimal")
    strategy = check_strategy(guesser) if guesser is not None else None
    if length is not None:
        check_length(length)
    if guesses is not None:
        check_guesses_allowed(guesses)
    view = _rich_turn_view if stdout_is_terminal() else _plain_turn_view
    seeds = random.Random(seed)
    with context.open_index(ctx) as index:
        if length is not None:
            count_words_of_length(index, length)
        while True:
            n = length if length is not None else _ask_length(index)
            g = guesses if guesses is not None else _ask_guesses()
            counting = (
                show_count if show_count is not None else typer.confirm("Show the number of words left?", default=False)
            )
            game = HangmanGame(make_chooser(index, kind, n, seeds.randrange(2**32)), g)
            while not game.over:
                view(game, counting)
                if strategy is not None:
                    move = game.suggestion(strategy)
                    if not move.found:
                        out(f"{strategy} has no letter left to guess.")
                        break
                    out(f"{strategy} guesses: {move.letter}")
                    turn = game.guess(move.letter)
                else:
                    text = typer.prompt("Your guess")
                    try:
                        turn = game.guess(text)
                    except BadGuessError as exc:
                        out(f"Refused: {exc}; guess again.")
                        continue
                out(_turn_message(turn))
            if game.status == WON:
                view(game, counting)
                who = "You" if strategy is None else strategy
                out(f"Congratulations! {who} guessed the word: {game.pattern}")
            elif game.status == LOST:
                who = "You are" if strategy is None else f"{strategy} is"
                out(f"{who} out of guesses. The word was: {game.answer}")
            if strategy is not None:
                return
            if not typer.confirm("Play again?", default=False):
                out("Goodbye.")
                return


def register(app: typer.Typer) -> None:
    """Add guess, evil, solve and ``play hangman`` to the app."""
    from .play import play_app

    app.command(name="guess")(guess)
    app.command(name="evil")(evil)
    app.command(name="solve")(solve)
    play_app.command(name="hangman")(play_hangman)
