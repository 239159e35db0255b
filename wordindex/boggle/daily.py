"""Today's puzzle: one board a day per language, the same for every player, worker and backend.

The board of a date is shaken from the language's default 4×4 dice with a ``random.Random`` seeded by
the SHA-256 of ``"<date>:<language>:<attempt>"`` (never Python's ``hash()``, which is salted per
process), so any process that asks for the same date and language gets the same board. A board is
kept when it passes the quality filter (``MIN_MAIN_WORDS`` to ``MAX_MAIN_WORDS`` main words, one of
``LONG_WORD`` letters or more); otherwise the next attempt is shaken, up to ``MAX_ATTEMPTS``. If none
passes, the attempt that failed the filter by the least is kept (the first of them): the day always
has a board, and the same one everywhere.

Main words are the easy and medium levels (``Difficulty.EASY`` and ``MEDIUM``: SCOWL sizes up to 50),
not flagged vulgar; the board's other words (rarer levels, words without a level, vulgar words) are
bonus words: valid when played, listed apart. An index without levels (built from a plain word list)
has no way to tell them apart, so every word not flagged vulgar is a main word there
(``Daily.levelled`` says which). The day's number counts from ``EPOCH`` (day 1); the library never
reads the clock: the front ends pass today's date (UTC) to ``check_date``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass

from ..errors import UsageError
from ..index.core import Index
from ..words.levels import Difficulty, has_levels
from .board import Board
from .dice import get_dice, shake
from .faces import faces_of
from .rules import Rules, get_rules
from .solution import FoundWord, Solution
from .trie import Trie

#: Day 1 of the daily puzzle; earlier dates have none.
EPOCH = dt.date(2026, 1, 1)
#: The board's side (the default dice of every language have a 4×4 set).
SIZE = 4
#: The quality filter: main words from MIN to MAX, and a word of LONG_WORD letters or more.
MIN_MAIN_WORDS = 40
MAX_MAIN_WORDS = 200
LONG_WORD = 8
#: Boards shaken at most per day before the nearest miss is kept.
MAX_ATTEMPTS = 200
#: The highest level of a main word: the top of ``Difficulty.MEDIUM`` (easy and medium words).
MAIN_LEVEL = Difficulty.MEDIUM.levels.high


class DateError(UsageError):
    """A date that is not YYYY-MM-DD, is before the first day, or is after today."""


@dataclass(frozen=True)
class Daily:
    """The day's board and its words: ``main`` (easy and medium) and ``bonus`` (the rest), each by score."""

    date: dt.date
    language: str
    day: int
    board: Board
    rules: Rules
    attempt: int
    passed: bool
    levelled: bool
    main: tuple[FoundWord, ...]
    bonus: tuple[FoundWord, ...]

    @property
    def main_score(self) -> int:
        return sum(w.score for w in self.main)

    @property
    def bonus_score(self) -> int:
        return sum(w.score for w in self.bonus)


def check_date(text: str | None, today: dt.date) -> dt.date:
    """``text`` (YYYY-MM-DD) as a date from ``EPOCH`` to ``today``, or ``today`` when None."""
    if text is None:
        return today
    try:
        date = dt.date.fromisoformat(text.strip()) if len(text.strip()) == 10 else None
    except ValueError:
        date = None
    if date is None:
        raise DateError(f"--date {text!r} is not a date written YYYY-MM-DD, e.g. {today.isoformat()}")
    if date > today:
        raise DateError(f"--date {date.isoformat()} is in the future: today (UTC) is {today.isoformat()}")
    if date < EPOCH:
        raise DateError(f"--date {date.isoformat()} is before the first daily puzzle, {EPOCH.isoformat()}")
    return date


def day_number(date: dt.date) -> int:
    """The puzzle's number: 1 on ``EPOCH``."""
    return (date - EPOCH).days + 1


def seed_of(date: dt.date, language: str, attempt: int) -> int:
    """The seed of one attempt: the same in every process (SHA-256, not the salted ``hash()``)."""
    text = f"{date.isoformat()}:{language}:{attempt}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def _misses(main: int, longest: int) -> int:
    """How far a board is from the filter (0: it passes)."""
    short = max(0, MIN_MAIN_WORDS - main) + max(0, main - MAX_MAIN_WORDS)
    return short + (0 if longest >= LONG_WORD else 10 * (LONG_WORD - longest))


def daily(index: Index, date: dt.date, lexicon: Trie | None = None) -> Daily:
    """The puzzle of ``date`` in the index's language (the date is not checked here: ``check_date``).

    ``lexicon``: the index's Boggle lexicon when the caller keeps it loaded (a server does)."""
    from .engine import Engine, solve_board
    from .store import load_trie

    found = index.language
    faces = faces_of(found.code)
    dice = get_dice(None, SIZE, found)
    rules = get_rules()
    trie = lexicon if lexicon is not None else load_trie(index)
    levelled = has_levels(index)
    best: tuple[int, int, Board, Solution, set[str]] | None = None
    for attempt in range(MAX_ATTEMPTS):
        board = shake(dice, random.Random(seed_of(date, found.code, attempt)), faces)
        solution = solve_board(trie, board, rules, Engine.PYTHON)
        main = _main_words(index, solution.texts, levelled)
        longest = max((len(word) for word in main), default=0)
        misses = _misses(len(main), longest)
        if best is None or misses < best[0]:
            best = (misses, attempt, board, solution, main)
        if misses == 0:
            break
    assert best is not None
    misses, attempt, board, solution, main = best
    return Daily(
        date=date,
        language=found.code,
        day=day_number(date),
        board=board,
        rules=rules,
        attempt=attempt,
        passed=misses == 0,
        levelled=levelled,
        main=tuple(w for w in solution.words if w.word in main),
        bonus=tuple(w for w in solution.words if w.word not in main),
    )


def _main_words(index: Index, words: tuple[str, ...], levelled: bool) -> set[str]:
    """The words that are main words: not vulgar, and (when the index has levels) of level 50 or less."""
    facts = index.words.facts(sorted(set(words)))
    return {
        word
        for word, (level, vulgar, _) in facts.items()
        if not vulgar and (not levelled or (level is not None and level <= MAIN_LEVEL))
    }
