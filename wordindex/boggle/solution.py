"""What solving a board gives: its words, their scores and paths (no numpy needed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

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
    built on first use from ``routes`` (a function giving each word's cells as
    cell numbers, row by row), so a search that only wants the words does not
    pay for a thousand path objects, and ``solution_json`` writes the answer
    straight from the cell numbers.
    """

    def __init__(
        self,
        board: Board,
        rules: Rules,
        words: Sequence[FoundWord] = (),
        *,
        texts: Sequence[str] | None = None,
        scores: Sequence[int] | None = None,
        routes: Callable[[], Sequence[Sequence[int]]] | None = None,
        cell_matrix: tuple[Any, Any] | None = None,
    ):
        self.board = board
        self.rules = rules
        #: The compiled search's paths as numpy arrays, in the words' order: one row of cell numbers
        #: per word (padded with the board's cell count) and each row's length (``answer_text``).
        self.cell_matrix = cell_matrix
        if texts is None:
            self.texts = tuple(w.word for w in words)
            self.scores = tuple(w.score for w in words)
            self._words: tuple[FoundWord, ...] | None = tuple(words)
            self._routes: Callable[[], Sequence[Sequence[int]]] | None = None
        else:
            self.texts = tuple(texts)
            self.scores = tuple(scores or ())
            self._words = None
            self._routes = routes

    @property
    def words(self) -> tuple[FoundWord, ...]:
        if self._words is None:
            coordinates = [divmod(cell, self.board.size) for cell in range(self.board.cell_count)]
            paths = [tuple([coordinates[c] for c in route]) for route in self.routes()]
            self._words = tuple(map(FoundWord, self.texts, self.scores, paths))
        return self._words

    def routes(self) -> Sequence[Sequence[int]]:
        """Each word's path as cell numbers (``row * size + column``), in the words' order."""
        if self._routes is not None:
            return self._routes()
        if self._words is not None:
            size = self.board.size
            return [[r * size + c for r, c in w.path] for w in self._words]
        return [()] * len(self.texts)

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
