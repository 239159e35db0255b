"""Search for high-scoring boards: iterated local search with batched, exhaustive steps.

Each step scores the whole neighbourhood of the current board in one batch
(``engine.BoardScorer``, the compiled scorer on both cores): every board that
differs by one cube's letter (cells × 25) and every board with two cubes
swapped. The climb moves to the best neighbour while that improves the
score (steepest ascent). At a local optimum the board is recorded, and the
search *kicks* the best optimum of the current run with a few random
letter changes or swaps and climbs again (iterated local search); after
``patience`` kicks without a new best it starts again from a fresh random
board. A ``random.Random(seed)`` drives every choice, so a seed and a
number of steps give the same boards on every run.

``run_search`` is the loop around the steps that ``wordindex boggle-best``
runs: it stops after a number of steps, a time, or as soon as a board
reaches a target score (whichever comes first; none of them unless asked),
or at Ctrl-C, and reports the best boards with the time each was found.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..alphabet import LETTERS
from .board import SIZES, Board, BoardError
from .engine import BoardScorer
from .rules import Rules
from .trie import Trie

if TYPE_CHECKING:
    import numpy.typing as npt

    Codes = npt.NDArray[np.int64]

#: Letters a board may hold (``q`` is the Qu cube).
FACES = LETTERS
#: Most boards whose scores a search remembers (about 100 MB).
CACHE_LIMIT = 1_000_000


@dataclass(frozen=True)
class ScoredBoard:
    """A board the search found, with when (seconds after the search started)."""

    board: Board
    score: int
    count: int
    seconds: float = 0.0


@dataclass(frozen=True)
class Progress:
    """Where the search stands, for a progress display."""

    steps: int
    boards_scored: int
    climbs: int
    current_score: int
    best_score: int


def _code(face: str) -> int:
    """A face's letter number (``q``, 16, is the Qu cube, as in ``dfs_numba``)."""
    return ord(face) - 97


def _face(code: int) -> str:
    return chr(97 + code)


def symmetries(size: int) -> list[list[int]]:
    """The 8 rotations/reflections of a size×size board as cell permutations."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    maps = []
    transforms: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, size - 1 - r),
        lambda r, c: (size - 1 - r, size - 1 - c),
        lambda r, c: (size - 1 - c, r),
        lambda r, c: (r, size - 1 - c),
        lambda r, c: (size - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (size - 1 - c, size - 1 - r),
    )
    for transform in transforms:
        maps.append([transform(r, c)[0] * size + transform(r, c)[1] for r, c in cells])
    return maps


class BestBoardSearch:
    """Climb towards high-scoring boards, one batched neighbourhood per ``step()``."""

    def __init__(
        self,
        trie: Trie,
        size: int,
        rules: Rules,
        seed: int | None = None,
        keep: int = 10,
        patience: int = 60,
        clock: Callable[[], float] = time.perf_counter,
    ):
        if size not in SIZES:
            raise BoardError(f"board size must be {SIZES[0]} to {SIZES[-1]}, not {size}")
        self.scorer = BoardScorer(trie, rules)
        self.size = size
        self.cells = size * size
        self.rules = rules
        self.rng = random.Random(seed)
        self.keep = keep
        self.patience = patience
        self.clock = clock
        self.started = clock()
        self._symmetries = symmetries(size)
        self._swaps = [(a, b) for a in range(self.cells) for b in range(a + 1, self.cells)]
        self.steps = 0
        self.climbs = 0
        self._top: dict[str, tuple[int, int, float]] = {}
        self._cache: dict[bytes, tuple[int, int]] = {}
        self._restart()

    @property
    def boards_scored(self) -> int:
        return self.scorer.boards_scored

    # -- scoring -------------------------------------------------------------
    def _score(self, boards: Codes) -> tuple[Codes, Codes]:
        """(counts, scores) of the boards; boards met before come from the cache, the rest from the scorer.

        An iterated local search climbs back to the optima it was kicked
        from, so many neighbourhoods are scored again and again; the cache
        (exact boards, up to ``CACHE_LIMIT`` of them, then started afresh)
        spares that work without changing any answer.
        """
        keys = np.ascontiguousarray(boards, dtype=np.uint8).view(f"S{self.cells}").reshape(len(boards)).tolist()
        cache = self._cache
        known = [cache.get(key) for key in keys]
        missing = [i for i, hit in enumerate(known) if hit is None]
        counts = np.zeros(len(boards), dtype=np.int64)
        scores = np.zeros(len(boards), dtype=np.int64)
        if missing:
            new_counts, new_scores = self.scorer.score_codes(boards[missing], self.size)
            if len(cache) + len(missing) > CACHE_LIMIT:
                cache.clear()
            for i, count, score in zip(missing, new_counts.tolist(), new_scores.tolist(), strict=True):
                cache[keys[i]] = (count, score)
                known[i] = (count, score)
        for i, hit in enumerate(known):
            assert hit is not None
            counts[i], scores[i] = hit
        return counts, scores

    def _canonical(self, codes: Codes) -> str:
        faces = [_face(int(c)) for c in codes]
        return min("".join(faces[i] for i in perm) for perm in self._symmetries)

    def _record(self, codes: Codes, score: int, count: int) -> None:
        """Remember a board among the best (once per symmetry class, with the time it was first seen)."""
        key = self._canonical(codes)
        if key in self._top:
            return
        self._top[key] = (score, count, self.clock() - self.started)
        if len(self._top) > self.keep:
            worst = min(self._top, key=lambda k: (self._top[k][0], k))
            del self._top[worst]

    # -- moves ---------------------------------------------------------------
    def _random_board(self) -> Codes:
        return np.array([_code(self.rng.choice(FACES)) for _ in range(self.cells)], dtype=np.int64)

    def _neighbourhood(self, board: Codes) -> Codes:
        letters = np.array([_code(f) for f in FACES], dtype=np.int64)
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

    def _kick(self, board: Codes) -> Codes:
        board = board.copy()
        for _ in range(self.rng.randint(2, 4)):
            if self.rng.random() < 0.5:
                board[self.rng.randrange(self.cells)] = _code(self.rng.choice(FACES))
            else:
                a, b = self.rng.sample(range(self.cells), 2)
                board[a], board[b] = board[b], board[a]
        return board

    def _set_current(self, board: Codes) -> None:
        counts, scores = self._score(board[None, :])
        self._move(board, int(scores[0]), int(counts[0]))

    def _move(self, board: Codes, score: int, count: int) -> None:
        """Make ``board`` the current one; a board better than any before is recorded at once."""
        self.current = board
        self.current_score = score
        self.current_count = count
        top = max((entry[0] for entry in self._top.values()), default=-1)
        if score > top:
            self._record(board, score, count)

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
            self._move(candidates[best], int(scores[best]), int(counts[best]))
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
        entries.setdefault(key, (self.current_score, self.current_count, self.clock() - self.started))
        ranked = sorted(entries.items(), key=lambda item: (-item[1][0], item[0]))
        return [
            ScoredBoard(Board(self.size, faces), score, count, seconds)
            for faces, (score, count, seconds) in ranked[: limit or self.keep]
        ]


@dataclass(frozen=True)
class SearchResult:
    """How a search run ended: its best boards and what it did."""

    boards: list[ScoredBoard]
    steps: int
    boards_scored: int
    seconds: float
    interrupted: bool
    reached_target: bool


def run_search(
    search: BestBoardSearch,
    *,
    seconds: float | None = None,
    steps: int | None = None,
    target: int | None = None,
    top: int | None = None,
    on_step: Callable[[Progress, float], None] | None = None,
) -> SearchResult:
    """Step ``search`` until ``steps`` steps, ``seconds`` seconds or a board scoring ``target`` (or Ctrl-C).

    Each limit left at None does not apply; with none at all the search
    runs until interrupted. ``on_step(progress, elapsed)`` is called after
    every step (a progress display). Time counts from the search's creation.
    """
    interrupted = False
    reached = False
    try:
        while True:
            progress = search.step()
            elapsed = search.clock() - search.started
            if on_step is not None:
                on_step(progress, elapsed)
            reached = target is not None and progress.best_score >= target
            if reached or (steps is not None and progress.steps >= steps):
                break
            if seconds is not None and elapsed >= seconds:
                break
    except KeyboardInterrupt:
        interrupted = True
    return SearchResult(
        boards=search.best(top),
        steps=search.steps,
        boards_scored=search.boards_scored,
        seconds=search.clock() - search.started,
        interrupted=interrupted,
        reached_target=reached,
    )
