"""Commonness levels and the vulgar flag: which words a game may pick or suggest.

Each word of an index may have a commonness level (``words.level``, lower =
more common; the bundled dictionary uses SCOWL's sizes 10, 20, 35, 40, 50,
55, 60 and 70) and a ``vulgar`` flag. A vulgar word stays valid when a player
types it, but nothing picks it as a secret word or suggests it unless a
person allows it. A ``WordPool`` is that choice (a level range, vulgar words
allowed or not) turned into one more SQL condition on ``words``, added to the
queries that pick or suggest words, so the restriction is set-based like the
rest of the query.

An index built from a plain word list (or upgraded from schema 0002) has no
levels: asking it for a level is a ``NoLevelsError`` (a usage error, exit 2),
never an empty answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from wordindex.errors import NoLevelsError, UsageError
from wordindex.index.core import Index


@dataclass(frozen=True)
class LevelRange:
    """Levels from ``low`` to ``high`` inclusive (``low`` None: from the most common)."""

    low: int | None
    high: int

    def describe(self) -> str:
        if self.low is None:
            return f"levels up to {self.high}"
        return f"levels {self.low} to {self.high}"


class Difficulty(Enum):
    """Hangman difficulties: bands of SCOWL levels (SCOWL's sizes, see data/SOURCES.md)."""

    EASY = "easy"  # sizes 10 and 20: the words of everyday speech
    MEDIUM = "medium"  # sizes 35 to 50: the words a general dictionary has
    HARD = "hard"  # sizes 55 to 70: rarer words that are still in ENABLE

    @property
    def levels(self) -> LevelRange:
        return _DIFFICULTY_LEVELS[self]


_DIFFICULTY_LEVELS = {
    Difficulty.EASY: LevelRange(10, 20),
    Difficulty.MEDIUM: LevelRange(35, 50),
    Difficulty.HARD: LevelRange(55, 70),
}

LEVEL_SPEC_HELP = "easy, medium or hard, a level N (N and more common) or a range N-M"
_RANGE = re.compile(r"(\d+)(?:-(\d+))?")


def parse_levels(text: str, option: str = "--level") -> LevelRange:
    """Parse ``easy``/``medium``/``hard``, ``N`` (levels up to N) or ``N-M`` (inclusive)."""
    spec = (text or "").strip().lower()
    for difficulty in Difficulty:
        if spec == difficulty.value:
            return difficulty.levels
    match = _RANGE.fullmatch(spec)
    if not match:
        raise UsageError(f"{option} {text!r} is not {LEVEL_SPEC_HELP}")
    if match.group(2) is None:
        return LevelRange(None, int(match.group(1)))
    low, high = int(match.group(1)), int(match.group(2))
    if low > high:
        raise UsageError(f"{option} {text!r}: the range runs from the lower level to the higher one")
    return LevelRange(low, high)


@dataclass(frozen=True)
class WordPool:
    """The words a game may pick or suggest: a level range (None: any) and whether vulgar words may be."""

    levels: LevelRange | None = None
    allow_vulgar: bool = False

    def condition(self) -> tuple[str, dict[str, int]]:
        """An SQL condition on ``words`` (``""`` when every word qualifies) and its bound parameters."""
        clauses: list[str] = []
        params: dict[str, int] = {}
        if self.levels is not None:
            if self.levels.low is not None:
                clauses.append("level >= :pool_low")
                params["pool_low"] = self.levels.low
            clauses.append("level <= :pool_high")
            params["pool_high"] = self.levels.high
        if not self.allow_vulgar:
            clauses.append("NOT vulgar")
        return " AND ".join(clauses), params

    def describe(self) -> str:
        return self.levels.describe() if self.levels is not None else "any level"


#: The default pool: every word but the vulgar ones.
DEFAULT_POOL = WordPool()


def has_levels(index: Index) -> bool:
    """Whether the index was built from a dictionary with levels."""
    return bool(index.scalar("SELECT has_levels FROM index_info"))


def check_pool(index: Index, pool: WordPool | None) -> WordPool | None:
    """``pool``, or NoLevelsError when it asks for levels the index does not have."""
    if pool is not None and pool.levels is not None and not has_levels(index):
        raise NoLevelsError(
            f"the index at {index.location.display} has no word levels (built from a plain word list, "
            "or upgraded from an older schema), so a level or difficulty cannot apply; "
            "rebuild it from a list with levels, such as data/dictionary.txt"
        )
    return pool
