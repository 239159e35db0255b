"""Search for high-scoring boards: iterated local search with batched, exhaustive steps.

Each step scores the whole neighbourhood of the current board in one
vectorised batch (``score_codes`` on the transition table): every board that
differs by one cube's letter (cells × 25) and every board with two cubes
swapped. The climb moves to the best neighbour while that improves the
score (steepest ascent). At a local optimum the board is recorded, and the
search *kicks* the best optimum of the current run with a few random
letter changes or swaps and climbs again (iterated local search); after
``patience`` kicks without a new best it starts again from a fresh random
board. A ``random.Random(seed)`` drives every choice, so a seed and a
number of steps give the same boards on every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from ..alphabet import LETTERS
from .board import SIZES, Board, BoardError
from .lexicon import PAD, QU
from .rules import Rules
from .solver import score_codes

#: Letters a board may hold (``q`` is the Qu cube).
FACES = LETTERS


@dataclass(frozen=True)
class ScoredBoard:
    board: Board
    score: int
    count: int


@dataclass(frozen=True)
class Progress:
    """Where the search stands, for a progress display."""

    steps: int
    boards_scored: int
    climbs: int
    current_score: int
    best_score: int


def _code(face: str) -> int:
    return QU if face == "q" else ord(face) - 97


def _face(code: int) -> str:
    return "q" if code == QU else chr(97 + code)


def symmetries(size: int) -> list[list[int]]:
    """The 8 rotations/reflections of a size×size board as cell permutations."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    maps = []
    for transform in (
        lambda r, c: (r, c),
        lambda r, c: (c, size - 1 - r),
        lambda r, c: (size - 1 - r, size - 1 - c),
        lambda r, c: (size - 1 - c, r),
        lambda r, c: (r, size - 1 - c),
        lambda r, c: (size - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (size - 1 - c, size - 1 - r),
    ):
        maps.append([transform(r, c)[0] * size + transform(r, c)[1] for r, c in cells])
    return maps


class BestBoardSearch:
    """Climb towards high-scoring boards, one batched neighbourhood per ``step()``."""

    def __init__(self, table, size: int, rules: Rules, seed: int | None = None, keep: int = 10, patience: int = 60):
        if size not in SIZES:
            raise BoardError(f"board size must be {SIZES[0]} to {SIZES[-1]}, not {size}")
        self.table = table
        self.size = size
        self.cells = size * size
        self.rules = rules
        self.rng = random.Random(seed)
        self.keep = keep
        self.patience = patience
        self._symmetries = symmetries(size)
        self._swaps = [(a, b) for a in range(self.cells) for b in range(a + 1, self.cells)]
        self.steps = 0
        self.boards_scored = 0
        self.climbs = 0
        self._top: dict[str, tuple[int, int]] = {}
        self._restart()

    # -- scoring -------------------------------------------------------------
    def _score(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        codes = np.full((len(boards), self.cells + 1), PAD, dtype=np.int32)
        codes[:, : self.cells] = boards
        self.boards_scored += len(boards)
        return score_codes(self.table, codes, self.size, self.rules)

    def _canonical(self, codes) -> str:
        faces = [_face(int(c)) for c in codes]
        return min("".join(faces[i] for i in perm) for perm in self._symmetries)

    def _record(self, codes, score: int, count: int) -> None:
        key = self._canonical(codes)
        if key in self._top:
            return
        self._top[key] = (score, count)
        if len(self._top) > self.keep:
            worst = min(self._top, key=lambda k: (self._top[k][0], k))
            del self._top[worst]

    # -- moves ---------------------------------------------------------------
    def _random_board(self) -> np.ndarray:
        return np.array([_code(self.rng.choice(FACES)) for _ in range(self.cells)], dtype=np.int32)

    def _neighbourhood(self, board: np.ndarray) -> np.ndarray:
        letters = np.array([_code(f) for f in FACES], dtype=np.int32)
        changes = np.repeat(board[None, :], self.cells * len(letters), axis=0)
        cell_index = np.repeat(np.arange(self.cells), len(letters))
        changes[np.arange(len(changes)), cell_index] = np.tile(letters, self.cells)
        changes = changes[changes[np.arange(len(changes)), cell_index] != board[cell_index]]
        swaps = np.repeat(board[None, :], len(self._swaps), axis=0)
        a = np.array([p[0] for p in self._swaps])
        b = np.array([p[1] for p in self._swaps])
        rows = np.arange(len(swaps))
        swaps[rows, a], swaps[rows, b] = board[b], board[a]
        swaps = swaps[board[a] != board[b]]
        return np.concatenate([changes, swaps])

    def _kick(self, board: np.ndarray) -> np.ndarray:
        board = board.copy()
        for _ in range(self.rng.randint(2, 4)):
            if self.rng.random() < 0.5:
                board[self.rng.randrange(self.cells)] = _code(self.rng.choice(FACES))
            else:
                a, b = self.rng.sample(range(self.cells), 2)
                board[a], board[b] = board[b], board[a]
        return board

    def _set_current(self, board: np.ndarray) -> None:
        counts, scores = self._score(board[None, :])
        self.current = board
        self.current_score = int(scores[0])
        self.current_count = int(counts[0])

    def _restart(self) -> None:
        self._set_current(self._random_board())
        self.run_best = self.current.copy()
        self.run_best_score = self.current_score
        self._stale = 0

    # -- the search ------------------------------------------------------------
    def step(self) -> Progress:
        """Score the current board's whole neighbourhood and move (or kick, or restart)."""
        self.steps += 1
        candidates = self._neighbourhood(self.current)
        counts, scores = self._score(candidates)
        best = int(np.argmax(scores))
        if scores[best] > self.current_score:
            self.current = candidates[best]
            self.current_score = int(scores[best])
            self.current_count = int(counts[best])
        else:
            self._local_optimum()
        return self.progress()

    def _local_optimum(self) -> None:
        self.climbs += 1
        self._record(self.current, self.current_score, self.current_count)
        if self.current_score > self.run_best_score:
            self.run_best = self.current.copy()
            self.run_best_score = self.current_score
            self._stale = 0
        else:
            self._stale += 1
        if self._stale >= self.patience:
            self._restart()
        else:
            self._set_current(self._kick(self.run_best))

    def progress(self) -> Progress:
        top = self.best(1)
        best_score = max([self.current_score] + [t.score for t in top])
        return Progress(self.steps, self.boards_scored, self.climbs, self.current_score, best_score)

    def best(self, limit: int | None = None) -> list[ScoredBoard]:
        """The best distinct boards found (up to symmetry), best first; includes the current board."""
        entries = dict(self._top)
        key = self._canonical(self.current)
        entries.setdefault(key, (self.current_score, self.current_count))
        ranked = sorted(entries.items(), key=lambda item: (-item[1][0], item[0]))
        return [
            ScoredBoard(Board(self.size, faces), score, count) for faces, (score, count) in ranked[: limit or self.keep]
        ]
