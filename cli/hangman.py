"""Commands of the hangman issue: guess, evil, solve, and ``play hangman``.

The answers come from ``wordindex.reports`` (the same JSON the web API
serves) and the game is a ``HangmanSession``; this module only reads
options and input and renders. Library imports happen inside the commands
to keep start-up fast.
"""

from __future__ import annotations

from typing import Any

import typer

from . import context, options
from .environment import EndOfInput, env
from .output import emit_json, note, out, plural, rich_output, word_list
from .pools import allow_vulgar_option, difficulty_option


def guess(
    ctx: typer.Context,
    pattern: str = options.PATTERN,
    guessed: str = options.guessed_option(
        "Letters guessed so far, e.g. eo: all of them or only the wrong ones (revealed letters count as guessed)."
    ),
    strategy: str = options.STRATEGY,
    against: str = options.AGAINST,
    json_output: bool = options.JSON,
) -> None:
    """Suggest the next letter for a hangman pattern; exit 1 with ? if no letter is left.

    Examples: wordindex guess --pattern ----;  wordindex guess -p -o-- --guessed eo --strategy split
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        result = reports.guess(index, pattern, guessed, strategy, against)
    if json_output:
        emit_json(result)
    else:
        out(result["guess"])
    if result["guess"] == "?":
        words = plural(result["candidates"], "candidate word")
        note(f"no letter left to guess: every letter of the {words} was guessed")
        raise typer.Exit(1)
    if not json_output and result["strategy"] == "optimal":
        if result["exact"]:
            value = f"the position's value against {result['against']}: {plural(result['misses'], 'miss', 'misses')}"
            note(f"optimal: {result['guess']} ({value})")
        else:
            note(f"optimal: {result['guess']} is split's letter (too large to solve within the answer budget)")
    elif not json_output:
        weight = result["frequencies"][result["guess"]]
        if result["strategy"] == "containing":
            weighed = f"{plural(weight, 'word contains', 'words contain')} it"
        else:
            weighed = plural(weight, "occurrence")
        words = plural(result["candidates"], "candidate word")
        note(f"{result['strategy']}: {result['guess']} ({weighed} over {words})")


def evil(
    ctx: typer.Context,
    length: int = typer.Option(..., "--length", "-n", metavar="N", help="Word length."),
    guessed: str = options.guessed_option("Letters guessed, in order, e.g. eotdc."),
    old_guesses: str = options.alias("--guesses"),
    chooser_kind: str = options.chooser_option(
        "greedy",
        options.VALUE_CHOOSERS,
        "greedy: the CS106L chooser (largest family); optimal: the family forcing the most misses.",
    ),
    difficulty: str = difficulty_option(),
    allow_vulgar: bool = allow_vulgar_option("the family kept"),
    json_output: bool = options.JSON,
) -> None:
    """Replay the evil chooser (CS106L Evil Hangman) against a sequence of guesses.

    Each guess splits the words left into families by where the letter stands,
    and the largest family is kept (tie: the pattern that sorts first, '-' before
    letters). Example: wordindex evil --length 4 --guessed eotdc
    """
    from wordindex import reports
    from wordindex.errors import UsageError

    letters = options.pick(guessed, old_guesses)
    if letters is None:
        raise UsageError("give the letters guessed, in order: --guessed LETTERS (e.g. --guessed eotdc)")
    with context.open_index(ctx) as index:
        result = reports.evil(index, length, letters, difficulty, allow_vulgar, chooser_kind)
    if json_output:
        emit_json(result)
        return
    for s in result["steps"]:
        fallback = "  (greedy family: too large to solve within the answer budget)" if s.get("exact") is False else ""
        out(f"{s['letter']}  {s['occurrences']}  {s['pattern']}  {plural(s['family_size'], 'word')}{fallback}")
    word_list(result["words"])


def solve(
    ctx: typer.Context,
    word: str = typer.Argument(..., metavar="WORD", help="The word the guesser must find (it must be in the index)."),
    strategy: str = options.STRATEGY,
    lives: int = options.LIVES,
    against: str = options.AGAINST,
    json_output: bool = options.JSON,
) -> None:
    """Let a guesser play against a known WORD; exit 1 if it loses.

    Shows each guess and what it revealed, whether it won, and the wrong
    guesses spent. Example: wordindex solve cool --strategy split
    """
    from wordindex import reports

    with context.open_index(ctx) as index:
        result = reports.solve(index, word, strategy, lives, against)
    if json_output:
        emit_json(result)
    else:
        for step in result["steps"]:
            shown = "miss" if step["occurrences"] == 0 else f"{step['occurrences']} shown"
            out(f"{step['letter']}  {shown:<8} {step['pattern']}")
        verdict = "won" if result["won"] else "lost"
        out(
            f"{verdict}: {result['word']} with {plural(result['wrong'], 'wrong guess', 'wrong guesses')} "
            f"of {result['lives']} ({result['strategy']})"
        )
    if not result["won"]:
        raise typer.Exit(1)


# -- play hangman ---------------------------------------------------------------

GALLOWS = (
    ("  +---+", "  |   |", "      |", "      |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", "      |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", "  |   |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|   |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", "      |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " /    |", "      |", "========="),
    ("  +---+", "  |   |", "  O   |", " /|\\  |", " / \\  |", "      |", "========="),
)


def _gallows_stage(view: dict[str, Any]) -> int:
    return min(6, -(-view["misses"] * 6 // view["lives"]))


def _plain_turn_view(view: dict[str, Any]) -> None:
    out("")
    out(f"Guesses left: {view['lives_left']}")
    hits = [x.upper() for x in view["guessed"] if x not in view["missed_letters"]]
    misses = [f"[{x}]" for x in view["missed_letters"]]
    out(f"Guessed: {' '.join(hits + misses) if view['guessed'] else '(none)'}")
    out(f"Word: {view['pattern']}")
    if "candidates" in view:
        out(f"Words left: {view['candidates']:,}")


def _rich_turn_view(view: dict[str, Any], alphabet: str = "abcdefghijklmnopqrstuvwxyz") -> None:
    """The turn drawn with rich; ``alphabet``: the index's letters, each shown as guessed or not."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    letters = Text()
    for letter in alphabet:
        if letter in view["guessed"]:
            style = "red strike" if letter in view["missed_letters"] else "bold green"
        else:
            style = "dim"
        letters.append(letter, style=style)
        letters.append(" ")
    word = Text(" ".join(ch if ch != "-" else "_" for ch in view["pattern"]), style="bold")
    left, lives = view["lives_left"], view["lives"]
    bar = Text("█" * left, style="green" if left > 2 else "yellow" if left > 1 else "red")
    bar.append("░" * (lives - left), style="dim")
    bar.append(f"  {left} of {lives} guesses left")
    facts = Table.grid(padding=(0, 1))
    facts.add_row(word)
    facts.add_row(Text(""))
    facts.add_row(bar)
    facts.add_row(letters)
    if "candidates" in view:
        facts.add_row(Text(f"{plural(view['candidates'], 'word')} left", style="cyan"))
    grid = Table.grid(padding=(0, 3))
    grid.add_row(Text("\n".join(GALLOWS[_gallows_stage(view)])), facts)
    env().console().print(Panel(grid, title="hangman", expand=False))


def _turn_message(event: Any) -> str:
    letter, occurrences = event["letter"], event["occurrences"]
    if occurrences == 0:
        return f"Sorry, there is no {letter}."
    if occurrences == 1:
        return f"Yes, there is one {letter}."
    return f"Yes, there are {occurrences} {letter}'s."


def _ask_number(prompt: str, check: Any, refusal: str) -> int:
    """Ask until the answer is a whole number that ``check`` accepts."""
    from wordindex.errors import WordIndexError

    while True:
        text = env().ask(prompt).strip()
        if not text.lstrip("-").isdigit():
            out("Please type a whole number.")
            continue
        try:
            return int(check(int(text)))
        except WordIndexError as exc:
            out(refusal.format(error=exc))


def play_hangman(
    ctx: typer.Context,
    chooser: str = options.chooser_option(
        "evil",
        "evil|random|optimal",
        "Who holds the word: evil (never commits, largest family), random, or optimal (the most misses).",
    ),
    seed: int = typer.Option(
        None, "--seed", metavar="S", help="Random seed (which word random picks; which word evil names at the end)."
    ),
    length: int = typer.Option(None, "--length", "-n", metavar="N", help="Word length (skip the question)."),
    lives: int = typer.Option(
        None, "--lives", "-l", metavar="N", help="Wrong guesses that lose the game (skip the question)."
    ),
    old_guesses: int = typer.Option(None, "--guesses", "-g", hidden=True),
    show_count: bool = typer.Option(
        None, "--show-count/--hide-count", help="Show the words left each turn (skip the question)."
    ),
    strategy: str = typer.Option(
        None,
        "--strategy",
        "-s",
        metavar="NAME",
        help=f"Let a guesser play instead of you ({options.STRATEGY_NAMES}); each move is shown. Exit 1 if it loses.",
    ),
    old_guesser: str = options.alias("--guesser"),
    difficulty: str = difficulty_option(),
    allow_vulgar: bool = allow_vulgar_option("the secret word"),
) -> None:
    """Play hangman against the evil (CS106L) or random chooser.

    You give a word length, a number of wrong guesses and whether to see how
    many words are left; then guess one letter per turn. End of input ends
    the game (the word is named); Ctrl-C too, with exit status 130.
    Example: wordindex play hangman --chooser random --seed 7 --difficulty easy
    """
    import functools
    import random

    from wordindex.hangman.choosers import check_chooser
    from wordindex.hangman.guessers import check_strategy
    from wordindex.hangman.queries import count_words_of_length
    from wordindex.hangman.session import HangmanSession, check_lives, word_pool
    from wordindex.hangman.state import check_length
    from wordindex.words.levels import check_pool

    kind = check_chooser(chooser)
    player = options.pick(strategy, old_guesser)
    guesser = check_strategy(player) if player is not None else None
    lives = options.pick(lives, old_guesses)
    if length is not None:
        check_length(length)
    if lives is not None:
        check_lives(lives)
    seeds = random.Random(seed)
    session: HangmanSession | None = None
    pool = word_pool(difficulty, allow_vulgar)
    with context.open_index(ctx) as index:
        rich = functools.partial(_rich_turn_view, alphabet=index.alphabet.letters)
        view = rich if rich_output() else _plain_turn_view
        check_pool(index, pool)
        if length is not None:
            count_words_of_length(index, length, pool)
        try:
            while True:
                n = length or _ask_number(
                    "Word length: ",
                    lambda x: count_words_of_length(index, x, pool) and x,
                    "No game with that length: {error}. Try another length.",
                )
                g = lives or _ask_number(
                    "Number of guesses: ", check_lives, "The number of guesses must be an integer above 0."
                )
                counting = show_count if show_count is not None else env().confirm("Show the number of words left?")
                session = HangmanSession.create(
                    index,
                    chooser=kind,
                    length=n,
                    lives=g,
                    seed=seeds.randrange(2**32),
                    difficulty=difficulty,
                    allow_vulgar=allow_vulgar,
                )
                won = _play_one(session, view, counting, guesser)
                if guesser is not None:
                    if not won:
                        raise typer.Exit(1)
                    return
                if not env().confirm("Play again?"):
                    out("Goodbye.")
                    return
        except (EndOfInput, KeyboardInterrupt) as stop:
            if session is not None and not session.over:
                ended = session.end()
                out(f"Game over. The word was: {ended['word']}")
            out("Goodbye.")
            if isinstance(stop, KeyboardInterrupt):
                raise typer.Exit(130) from None


def _play_one(session: Any, view: Any, counting: bool, guesser: Any) -> bool:
    """One game to its end; whether it was won."""
    from wordindex.errors import BadMoveError

    view(session.view(candidates=counting))
    if guesser is not None:
        for event in session.autoplay(guesser):
            if event.kind == "stuck":
                out(f"{guesser} has no letter left to guess.")
                return False
            out(f"{guesser} guesses: {event['letter']}")
            out(_turn_message(event))
            if not session.over:
                view(session.view(candidates=counting))
    else:
        while not session.over:
            try:
                event = session.move(env().ask("Your guess: "))
            except BadMoveError as exc:
                out(f"Refused: {exc}; guess again.")
                continue
            out(_turn_message(event))
            if not session.over:
                view(session.view(candidates=counting))
    final = session.view()
    who = "You" if guesser is None else str(guesser)
    if final["status"] == "won":
        view(session.view(candidates=counting))
        out(f"Congratulations! {who} guessed the word: {final['word']}")
        return True
    out(f"{'You are' if guesser is None else f'{guesser} is'} out of guesses. The word was: {final['word']}")
    return False


def register(app: typer.Typer) -> None:
    """Add guess, evil, solve and ``play hangman`` to the app."""
    from .play import play_app

    app.command(name="guess")(guess)
    app.command(name="evil")(evil)
    app.command(name="solve")(solve)
    play_app.command(name="hangman")(play_hangman)
