"""The chooser a hangman value is computed against: the greedy (CS106L) chooser or the optimal one.

Its own module because every hangman command parses ``--against`` /
``--chooser``, while only the optimal strategy and chooser need the exact
search in ``exact.py`` (a heavy import for a one-shot ``guess``).
"""

from __future__ import annotations

from enum import StrEnum


class Opponent(StrEnum):
    """The chooser a value is computed against."""

    GREEDY = "greedy"
    OPTIMAL = "optimal"


def check_opponent(name: str | Opponent) -> Opponent:
    """``greedy`` (alias ``evil``, the CS106L chooser) or ``optimal``; UsageError otherwise."""
    from ..errors import UsageError

    if isinstance(name, Opponent):
        return name
    key = (name or "").strip().lower()
    if key == "evil":
        return Opponent.GREEDY
    try:
        return Opponent(key)
    except ValueError:
        raise UsageError(f"unknown chooser {name!r}: choose greedy (alias evil) or optimal") from None
