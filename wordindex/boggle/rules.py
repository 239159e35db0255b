"""Scoring rules: the minimum word length and the points per word length.

* ``simple`` (Stanford CS106B): words of at least 4 letters, 1 point per
  letter beyond 3 (4 → 1, 5 → 2, 6 → 3 ...).
* ``official`` (the published Boggle rules, and danvk's best-board results):
  words of at least 3 letters; 3 or 4 → 1, 5 → 2, 6 → 3, 7 → 5, 8+ → 11.

The Qu cube counts as two letters for both length and score. A custom
minimum (``--min-length``) keeps the rule set's points; a word shorter than
the rule set's own minimum still scores 1 point (so every word that counts
scores).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import UsageError


class RuleSet(StrEnum):
    """The scoring rules, by the name options, JSON and the web API use."""

    SIMPLE = "simple"
    OFFICIAL = "official"


#: The rule set ``wordindex boggle`` and ``boggle-best`` use unless told otherwise.
DEFAULT_RULES = RuleSet.OFFICIAL
#: The rule set ``wordindex play boggle`` uses unless told otherwise (the CS106B game).
DEFAULT_GAME_RULES = RuleSet.SIMPLE

_OFFICIAL = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


class RulesError(UsageError):
    """An unknown rule set or a bad minimum length."""


@dataclass(frozen=True)
class Rules:
    """A rule set: its name, minimum word length and scoring."""

    name: RuleSet
    min_length: int

    def points(self, length: int) -> int:
        """Points for a word of ``length`` letters (Qu = 2); 0 if it is too short."""
        if length < self.min_length:
            return 0
        if self.name is RuleSet.SIMPLE:
            return max(1, length - 3)
        if length >= 8:
            return 11
        return _OFFICIAL.get(length, 1)

    def score_table(self, max_length: int) -> list[int]:
        """``points(n)`` for n = 0 .. max_length."""
        return [self.points(n) for n in range(max_length + 1)]


#: Each rule set's own minimum word length.
RULE_SETS = {RuleSet.SIMPLE: 4, RuleSet.OFFICIAL: 3}


def get_rules(name: str | None = None, min_length: int | None = None, default: str | RuleSet = DEFAULT_RULES) -> Rules:
    """The named rule set (``simple`` or ``official``), optionally with another minimum length."""
    try:
        key = RuleSet((name or default).strip().lower())
    except ValueError:
        raise RulesError(f"unknown rules {name!r}: choose simple or official") from None
    if min_length is None:
        min_length = RULE_SETS[key]
    if not 1 <= min_length <= 63:
        raise RulesError(f"--min-length must be 1 to 63 letters, not {min_length}")
    return Rules(key, min_length)
