"""The options every command shares, declared once (names and short flags as in docs/cli.md).

A renamed option keeps its old name as a hidden alias (``alias(...)``), so
scripts written for an older wordindex still work; ``pick`` merges the two.
"""

from __future__ import annotations

from typing import Any, TypeVar

import typer

T = TypeVar("T")

STRATEGY_NAMES = "naive, pattern, paga, containing, split"
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


def alias(*names: str) -> Any:
    """A hidden option that still accepts an old name."""
    return typer.Option(None, *names, hidden=True)


def pick(value: T | None, old: T) -> T:
    """The canonical option's value, else the old name's (or a default)."""
    return value if value is not None else old
