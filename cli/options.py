"""The options every command shares, declared once (names and short flags as in docs/cli.md).

A renamed option keeps its old name as a hidden alias (``alias(...)``), so
scripts written for an older wordindex still work; ``pick`` merges the two.
"""

from __future__ import annotations

from typing import Any, TypeVar

import typer

T = TypeVar("T")

STRATEGY_NAMES = "naive, pattern, paga, containing, split, optimal"
RULES_HELP = (
    "Scoring rules: 'official' (3+ letters; 3-4 → 1, 5 → 2, 6 → 3, 7 → 5, 8+ → 11) or "
    "'simple' (CS106B: 4+ letters, 1 point per letter beyond 3)."
)

JSON = typer.Option(False, "--json", help="Print the result as JSON.")
PATTERN = typer.Option(
    ..., "--pattern", "-p", metavar="P", help="Pattern: letters and '-' (or '_') for unknown ones, e.g. -e--."
)
STRATEGY = typer.Option(None, "--strategy", "-s", metavar="NAME", help=f"Guesser: {STRATEGY_NAMES} (default paga).")
LIVES = typer.Option(None, "--lives", "-l", metavar="N", help="Wrong guesses that lose the game (default 6).")
RULES = typer.Option(None, "--rules", "-r", metavar="RULES", help=RULES_HELP)
MIN_LENGTH = typer.Option(
    None, "--min-length", metavar="N", help="Override the rule set's minimum word length (Qu counts 2)."
)


def guessed_option(help: str) -> Any:
    """``--guessed/-g LETTERS``: the letters guessed so far; ``help`` says what the command does with them."""
    return typer.Option(None, "--guessed", "-g", metavar="LETTERS", help=help)


#: ``--chooser`` of the commands that play against a chooser's value (``evil``, ``hangman-value``).
VALUE_CHOOSERS = "greedy|optimal"


def chooser_option(default: str, choices: str, help: str) -> Any:
    """``--chooser/-c``: who holds the word (``choices`` as the metavar, e.g. ``greedy|optimal``)."""
    return typer.Option(default, "--chooser", "-c", metavar=choices, help=help)


def alias(*names: str) -> Any:
    """A hidden option that still accepts an old name."""
    return typer.Option(None, *names, hidden=True)


def pick(value: T | None, old: T) -> T:
    """The canonical option's value, else the old name's (or a default)."""
    return value if value is not None else old


AGAINST = typer.Option(
    None,
    "--against",
    metavar="greedy|optimal",
    help="The chooser the optimal strategy plays against: greedy (the evil chooser, default) or optimal.",
)
