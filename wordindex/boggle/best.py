"""Search for high-scoring boards: pool hill climbing with batched, exhaustive steps.

The search keeps a *pool* of the best boards of its current run (``pool``
of them, 100 by default; distinct up to rotation and reflection). Each step
takes the pool boards that have not been expanded yet, builds every board
one move away from them (one cube's letter changed, cells × 25, or two cubes
swapped), reduces those to one canonical board per symmetry class, scores
the ones never seen before in one batch (``engine.BoardScorer``, the
compiled scorer on both cores) and keeps the ``pool`` best of the old pool
and the new boards. A board that fell out of the pool once can never come
back (the pool's lowest score only rises), so expanding only the newcomers
gives the same pool as expanding every member each time, at a fraction of
the cost. When a step adds nothing new the run has converged: its best
boards are recorded and a new run starts from ``pool`` fresh random boards.

This is the pool hill climbing danvk used to find the best 4×4 and 5×5
boards (danvk/hybrid-boggle, ``boggle/hillclimb.py``): a single steepest
ascent climber gets stuck on local optima such as the 3,603-point boards
around ``perslatgsineters``, while a pool of a hundred boards keeps enough
second-best paths alive to get over the ridges.

A ``random.Random(seed)`` drives every choice and ties are broken by the
canonical board, so a seed and a number of steps give the same boards on
every run.

A board here is a row of letter numbers: the index of each cube's letter in
the language's alphabet (``q`` standing for the Qu cube where its dice print
Qu), so boards sort in the alphabet's order; they become face numbers
(``FaceSet.code``) only to be scored.

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

from .board import SIZES, Board, BoardError
from .engine import BoardScorer
from .faces import FaceSet, faces_of
from .rules import Rules
from .trie import Trie

if TYPE_CHECKING:
    import numpy.typing as npt

    Codes = npt.NDArray[np.int64]

#: Most boards whose scores a search remembers (about 150 MB).
CACHE_LIMIT = 1_000_000
#: Boards a run's pool holds (danvk's default; larger pools get over more ridges per run but cost more).
POOL_SIZE = 100


@dataclass(frozen=True)
class ScoredBoard:
    """A board the search found, with when (seconds after the search started)."""

    board: Board
    score: int
    count: int
    seconds: float = 0.0


@dataclass(frozen=True)
class Progress:
    """Where the search stands, for a progress display (``climbs``: runs that converged)."""

    steps: int
    boards_scored: int
    climbs: int
    current_score: int
    best_score: int


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


def canonical_boards(boards: Codes, size: int) -> Codes:
    """Each board replaced by the alphabetically first of its 8 rotations and reflections.

    Vectorised: each transformed board is packed into 60-bit numbers (12
    cells of 5 bits each, in reading order), and the smallest tuple of
    numbers wins, which is the alphabetically first board.
    """
    boards = np.asarray(boards, dtype=np.int64).reshape(-1, size * size)
    best = boards
    best_keys = _packed(best)
    for perm in symmetries(size)[1:]:
        other = boards[:, perm]
        keys = _packed(other)
        smaller = np.zeros(len(boards), dtype=bool)
        equal = np.ones(len(boards), dtype=bool)
        for mine, theirs in zip(best_keys, keys, strict=True):
            smaller |= equal & (theirs < mine)
            equal &= theirs == mine
        best = np.where(smaller[:, None], other, best)
        best_keys = [np.where(smaller, theirs, mine) for mine, theirs in zip(best_keys, keys, strict=True)]
    return best


def _packed(boards: Codes) -> list[Codes]:
    """Boards as numbers, 12 cells (60 bits) to a number, that compare like the boards' texts."""
    chunks = []
    for start in range(0, boards.shape[1], 12):
        part = boards[:, start : start + 12]
        weights = 32 ** np.arange(part.shape[1] - 1, -1, -1, dtype=np.int64)
        chunks.append(part @ weights)
    return chunks


class BestBoardSearch:
    """Climb towards high-scoring boards with a pool of the best, one batched expansion per ``step()``."""

    def __init__(
        self,
        trie: Trie,
        size: int,
        rules: Rules,
        seed: int | None = None,
        keep: int = 10,
        pool: int = POOL_SIZE,
        clock: Callable[[], float] = time.perf_counter,
        faces: FaceSet | None = None,
    ):
        if size not in SIZES:
            raise BoardError(f"board size must be {SIZES[0]} to {SIZES[-1]}, not {size}")
        if pool < 1:
            raise ValueError(f"the pool must hold 1 board or more, not {pool}")
        self.faces = faces or faces_of("en")
        self.scorer = BoardScorer(trie, rules, faces=self.faces)
        #: The faces a cube may show, by letter number: each letter, Qu in place of q where q is Qu.
        self.letters = [
            "qu" if letter == "q" and self.faces.q_is_qu else letter for letter in self.faces.alphabet.letters
        ]
        self._to_code = np.array([self.faces.code(face) for face in self.letters], dtype=np.uint8)
        self._written = [self.faces.written(face) for face in self.letters]
        self.size = size
        self.cells = size * size
        self.rules = rules
        self.rng = random.Random(seed)
        self.keep = keep
        self.pool_size = pool
        self.clock = clock
        self.started = clock()
        self._swaps = np.array([(a, b) for a in range(self.cells) for b in range(a + 1, self.cells)], dtype=np.int64)
        self._letters = np.arange(len(self.letters), dtype=np.int64)
        self.steps = 0
        self.climbs = 0
        self._top: dict[str, tuple[int, int, float]] = {}
        self._cache: dict[bytes, tuple[int, int]] = {}
        self._restart()

    @property
    def boards_scored(self) -> int:
        return self.scorer.boards_scored

    # -- scoring -------------------------------------------------------------
    def _keys(self, boards: Codes) -> list[bytes]:
        return np.ascontiguousarray(boards, dtype=np.uint8).view(f"S{self.cells}").reshape(len(boards)).tolist()

    def _score(self, boards: Codes) -> tuple[Codes, Codes]:
        """(counts, scores) of canonical boards; boards met before come from the cache, the rest from the scorer.

        Restarted runs climb through many of the same boards, so the cache
        (up to ``CACHE_LIMIT`` canonical boards, then started afresh) spares
        that work without changing any answer.
        """
        keys = self._keys(boards)
        cache = self._cache
        known = [cache.get(key) for key in keys]
        missing = [i for i, hit in enumerate(known) if hit is None]
        if missing:
            new_counts, new_scores = self.scorer.score_codes(self._to_code[boards[missing]], self.size)
            if len(cache) + len(missing) > CACHE_LIMIT:
                cache.clear()
            for i, count, score in zip(missing, new_counts.tolist(), new_scores.tolist(), strict=True):
                cache[keys[i]] = (count, score)
                known[i] = (count, score)
        pairs = np.array(known, dtype=np.int64).reshape(len(boards), 2)
        return pairs[:, 0], pairs[:, 1]

    def _text(self, codes: Codes) -> str:
        """A board of letter numbers as its board string (one character a cube: ``q`` for Qu)."""
        return "".join(self._written[int(c)] for c in codes)

    def _canonical(self, codes: Codes) -> str:
        return self._text(canonical_boards(codes[None, :], self.size)[0])

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
        numbers = range(len(self.letters))
        return np.array([self.rng.choice(numbers) for _ in range(self.cells)], dtype=np.int64)

    def _neighbourhood(self, board: Codes) -> Codes:
        """Every board one letter change or one swap of two different letters away from ``board``."""
        letters = self._letters
        changes = np.repeat(board[None, :], self.cells * len(letters), axis=0)
        cell_index = np.repeat(np.arange(self.cells), len(letters))
        changes[np.arange(len(changes)), cell_index] = np.tile(letters, self.cells)
        changes = changes[changes[np.arange(len(changes)), cell_index] != board[cell_index]]
        a, b = self._swaps[:, 0], self._swaps[:, 1]
        swaps = np.repeat(board[None, :], len(a), axis=0)
        rows = np.arange(len(swaps))
        swaps[rows, a], swaps[rows, b] = board[b], board[a]
        swaps = swaps[board[a] != board[b]]
        return np.concatenate([changes, swaps])

    def _distinct(self, boards: Codes) -> Codes:
        """Canonical forms of the boards, each once, in a fixed (sorted) order."""
        canonical = np.ascontiguousarray(canonical_boards(boards, self.size), dtype=np.uint8)
        unique = np.unique(canonical.view(f"S{self.cells}").reshape(len(canonical)))
        return np.frombuffer(unique.tobytes(), dtype=np.uint8).reshape(len(unique), self.cells).astype(np.int64)

    def _restart(self) -> None:
        """A new run: a pool of fresh random boards."""
        boards = self._distinct(np.array([self._random_board() for _ in range(self.pool_size)]))
        self._expanded: set[bytes] = set()
        self.pool = np.empty((0, self.cells), dtype=np.int64)
        self.pool_scores = np.empty(0, dtype=np.int64)
        self.pool_counts = np.empty(0, dtype=np.int64)
        self._merge(boards)

    def _merge(self, candidates: Codes) -> bool:
        """Keep the pool's best of the pool and ``candidates`` (distinct canonical boards); True if any is new."""
        keys = set(self._keys(self.pool))
        fresh = np.array([key not in keys for key in self._keys(candidates)], dtype=bool)
        candidates = candidates[fresh] if len(candidates) else candidates
        counts, scores = self._score(candidates)
        boards = np.concatenate([self.pool, candidates])
        all_scores = np.concatenate([self.pool_scores, scores])
        all_counts = np.concatenate([self.pool_counts, counts])
        # Best score first, ties by the board's text: the same pool on every run.
        order = np.lexsort([*reversed(_packed(boards)), -all_scores])[: self.pool_size]
        old = keys
        self.pool, self.pool_scores, self.pool_counts = boards[order], all_scores[order], all_counts[order]
        self._note_best()
        return any(key not in old for key in self._keys(self.pool))

    def _note_best(self) -> None:
        score = int(self.pool_scores[0])
        top = max((entry[0] for entry in self._top.values()), default=-1)
        if score > top:
            self._record(self.pool[0], score, int(self.pool_counts[0]))

    # -- the search ------------------------------------------------------------
    @property
    def current_score(self) -> int:
        """The best score of the current run."""
        return int(self.pool_scores[0])

    def step(self) -> Progress:
        """Expand the pool's new boards in one batch and keep the best (or start a new run if none is new)."""
        self.steps += 1
        waiting = [i for i, key in enumerate(self._keys(self.pool)) if key not in self._expanded]
        if not waiting:
            self._converged()
            return self.progress()
        self._expanded.update(self._keys(self.pool[waiting]))
        neighbours = np.concatenate([self._neighbourhood(board) for board in self.pool[waiting]])
        if not self._merge(self._distinct(neighbours)):
            self._converged()
        return self.progress()

    def _converged(self) -> None:
        """The run has stopped improving: remember its best boards and start a new one."""
        self.climbs += 1
        for board, score, count in zip(self.pool[: self.keep], self.pool_scores, self.pool_counts, strict=False):
            self._record(board, int(score), int(count))
        self._restart()

    def progress(self) -> Progress:
        top = self.best(1)
        best_score = max([self.current_score] + [t.score for t in top])
        return Progress(self.steps, self.boards_scored, self.climbs, self.current_score, best_score)

    def best(self, limit: int | None = None) -> list[ScoredBoard]:
        """The best distinct boards found (up to symmetry), best first; includes the current run's best."""
        entries = dict(self._top)
        key = self._text(self.pool[0])
        entries.setdefault(key, (int(self.pool_scores[0]), int(self.pool_counts[0]), self.clock() - self.started))
        ranked = sorted(entries.items(), key=lambda item: (-item[1][0], item[0]))
        number = {written: i for i, written in enumerate(self._written)}
        return [
            ScoredBoard(
                Board(self.size, tuple(self.letters[number[ch]] for ch in text), self.faces), score, count, seconds
            )
            for text, (score, count, seconds) in ranked[: limit or self.keep]
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
