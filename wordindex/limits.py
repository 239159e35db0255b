"""Limits of a search: a wall-clock budget and a count of steps, checked in one place.

Every budget a caller gives a search (``hangman-value --seconds`` and ``--max-positions``, the optimal
guesser's and chooser's answer budgets, an API request's budget) is a ``Limits``, and making one checks
it: seconds must be a finite number above 0 (``nan`` compares false with everything, so a ``nan``
deadline would never be passed, and ``inf`` is no limit at all: leave it out instead), a count a whole
number of 1 or more. ``None`` means no limit of that kind.

The check functions name the value the way the caller's user wrote it (``--seconds``, ``seconds``), so a
front end can refuse bad input with its own option's name before it builds the ``Limits``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import UsageError


def check_seconds(seconds: float | None, name: str = "seconds") -> float | None:
    """``seconds`` when it is None or a finite number above 0; UsageError naming ``name`` otherwise."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds <= 0:
        raise UsageError(f"{name} must be a finite number above 0, not {seconds}")
    return float(seconds)


def check_count(count: int | None, name: str) -> int | None:
    """``count`` when it is None or a whole number of 1 or more; UsageError naming ``name`` otherwise."""
    if count is None:
        return None
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise UsageError(f"{name} must be 1 or more, not {count}")
    return count


@dataclass(frozen=True)
class Limits:
    """When a search stops with what it has proven instead of an answer: wall-clock ``seconds`` and
    ``positions`` searched (a count that gives the same answer on every machine). Checked when made."""

    seconds: float | None = None
    positions: int | None = None

    def __post_init__(self) -> None:
        check_seconds(self.seconds)
        check_count(self.positions, "positions")
