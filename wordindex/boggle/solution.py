"""What solving a board gives: its words, their scores and paths (no numpy needed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board import Board
from .rules import Rules


@dataclass(frozen=True)
class FoundWord:
    """A word on the board, its points and one path of (row, col) cells spelling it."""

    word: str
    score: int
    path: tuple[tuple[int, int], ...]


Path = tuple[tuple[int, int], ...]


class Solution:
    """Every word of one board under one rule set, sorted by score (desc) then word.

    ``texts`` and ``scores`` (parallel, in that order) are what a caller
    usually needs; ``words`` wraps each word with its path as a ``FoundWord``,
    built on first use from ``paths`` (a tuple, or a function that makes it),
    so a search that only wants the words does not pay for a thousand path
    objects.
    """

    def __init__(
        self,
        board: Board,
        rules: Rules,
        words: Sequence[FoundWord] = (),
        *,
        texts: Sequence[str] | None = None,
        scores: Sequence[int] | None = None,
        paths: Callable[[], Sequence[Path]] | None = None,
    ):
        self.board = board
        self.rules = rules
        if texts is None:
            self.texts = tuple(w.word for w in words)
            self.scores = tuple(w.score for w in words)
            self._words: tuple[FoundWord, ...] | None = tuple(words)
            self._paths = None
        else:
            self.texts = tuple(texts)
            self.scores = tuple(scores or ())
            self._words = None
            self._paths = paths

    @property
    def words(self) -> tuple[FoundWord, ...]:
        if self._words is None:
            paths = self._paths() if self._paths is not None else [()] * len(self.texts)
            self._words = tuple(map(FoundWord, self.texts, self.scores, paths))
        return self._words

    @property
    def count(self) -> int:
        return len(self.texts)

    @property
    def score(self) -> int:
        return sum(self.scores)

    def find(self, word: str) -> FoundWord | None:
        word = word.lower()
        return next((w for w in self.words if w.word == word), None)

    def __repr__(self) -> str:
        return f"Solution({self.board.text!r}, {self.rules.name}, {self.count} words, {self.score} points)"
