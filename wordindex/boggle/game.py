"""One game of Boggle, human against computer, as a state machine (CS106B's Boggle class).

The CLI drives it: ``guess(word)`` during the human's turn, then
``computer_turn()``; it never prints or prompts. A guess is checked in the
order the assignment gives: long enough, in the dictionary, not already
found, can be formed on the board (a recursive backtracking search for that
one word, separate from the computer's all-words search).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import WordIndexError
from ..index import Index
from .board import Board
from .lexicon import QueryOracle
from .rules import Rules
from .solver import FoundWord, find_path, solve


class GameOverError(WordIndexError):
    """A word was played after the human's turn ended."""


class Verdict(Enum):
    TOO_SHORT = "too short"
    NOT_A_WORD = "not in the dictionary"
    ALREADY_FOUND = "already found"
    NOT_ON_BOARD = "cannot be formed on the board"
    ACCEPTED = "accepted"


@dataclass(frozen=True)
class Guess:
    """The answer to one typed word."""

    word: str
    verdict: Verdict
    points: int = 0
    path: tuple[tuple[int, int], ...] = ()

    @property
    def accepted(self) -> bool:
        return self.verdict is Verdict.ACCEPTED


class BoggleGame:
    """The state of one game: the board, each player's words and score."""

    def __init__(self, index: Index, board: Board, rules: Rules):
        self._index = index
        self.board = board
        self.rules = rules
        self._human: list[FoundWord] = []
        self._computer: list[FoundWord] = []
        self._human_set: set[str] = set()
        self.last_path: tuple[tuple[int, int], ...] = ()
        self.human_turn_over = False

    # -- the human's turn -------------------------------------------------
    def _in_dictionary(self, word: str) -> bool:
        rows = self._index.rows("SELECT 1 FROM words WHERE word = :word", {"word": word})
        return bool(rows)

    def check_word(self, word: str) -> Verdict | None:
        """The first reason ``word`` is unsuitable (length, dictionary, found), or None."""
        word = word.strip().lower()
        if len(word) < self.rules.min_length:
            return Verdict.TOO_SHORT
        if not self._in_dictionary(word):
            return Verdict.NOT_A_WORD
        if word in self._human_set:
            return Verdict.ALREADY_FOUND
        return None

    def guess(self, word: str) -> Guess:
        """Check a word the human typed and, if it is good, score it."""
        if self.human_turn_over:
            raise GameOverError("the human's turn is over")
        word = word.strip().lower()
        verdict = self.check_word(word)
        if verdict is not None:
            return Guess(word, verdict)
        path = find_path(self.board, word)
        if path is None:
            return Guess(word, Verdict.NOT_ON_BOARD)
        points = self.rules.points(len(word))
        self._human.append(FoundWord(word, points, path))
        self._human_set.add(word)
        self.last_path = path
        return Guess(word, Verdict.ACCEPTED, points, path)

    # -- the computer's turn ----------------------------------------------
    def computer_turn(self) -> tuple[FoundWord, ...]:
        """End the human's turn; the computer takes every remaining word."""
        if self.human_turn_over:
            return tuple(self._computer)
        self.human_turn_over = True
        solution = solve(QueryOracle(self._index), self.board, self.rules)
        self._computer = sorted((w for w in solution.words if w.word not in self._human_set), key=lambda w: w.word)
        return tuple(self._computer)

    # -- the score sheet ----------------------------------------------------
    @property
    def human_words(self) -> tuple[str, ...]:
        return tuple(w.word for w in self._human)

    @property
    def computer_words(self) -> tuple[str, ...]:
        return tuple(w.word for w in self._computer)

    @property
    def human_score(self) -> int:
        return sum(w.score for w in self._human)

    @property
    def computer_score(self) -> int:
        return sum(w.score for w in self._computer)

    @property
    def computer_won(self) -> bool:
        """The computer wins only with a strictly greater score (after its turn)."""
        return self.human_turn_over and self.computer_score > self.human_score
