"""Both cores for the optimal-chooser search: the root's letters spread over worker processes.

Each worker proves one root move at a time (``ValueSearch.move_proves``) and keeps its own table across
the iterations of the iterative deepening; forked workers start from the parent's table. The first
worker to prove its move stops the others (a shared flag checked at their next tick). The greedy value
spreads over threads instead, inside the compiled sweep (``greedy_sweep``).
"""

from __future__ import annotations

import os
from typing import Any

from wordindex.languages.alphabet import Alphabet

from ..limits import Limits
from .exact_search import Family, Move, SearchStopped, Split, ValueSearch
from .opponent import Opponent

_WORKER: ValueSearch | None = None
_PARENT: ValueSearch | None = None  # inherited by forked workers: its table as the pool starts


def default_jobs() -> int:
    """Workers by default: up to two (the machines this runs on have two cores to share)."""
    return max(1, min(2, os.cpu_count() or 1))


def _worker_init(words: list[str], chooser: Opponent, limits: Limits, alphabet: Alphabet, flag: Any) -> None:
    global _WORKER
    _WORKER = _PARENT if _PARENT is not None else ValueSearch(words, chooser, limits, alphabet=alphabet)
    _WORKER.cancel = lambda: flag.value != 0
    _WORKER.positions = 0


def _worker_task(task: tuple[int, Split, int, float | None, int | None]) -> tuple[int, bool | None, int]:
    """(letter, k) → (letter, proven?, positions searched); None when stopped."""
    letter, families, k, deadline, positions_left = task
    search = _WORKER
    assert search is not None
    before = search.positions
    search.deadline = deadline
    search.position_cap = None if positions_left is None else before + positions_left
    try:
        proven: bool | None = search.move_proves(Move(letter, families), k)
    except SearchStopped:
        proven = None
    return letter, proven, search.positions - before


class RootPool:
    """Worker processes proving the root's moves in parallel; each keeps its table across iterations."""

    def __init__(self, search: ValueSearch, family: Family, jobs: int):
        from ..processes import helper_context

        global _PARENT
        context = helper_context()
        forking = context.get_start_method() == "fork"
        _PARENT = search if forking else None
        self.search = search
        self.family = family
        self.flag = context.Value("i", 0)
        self.pool = context.Pool(
            jobs,
            initializer=_worker_init,
            initargs=(list(search.words), search.chooser, search.limits, search.alphabet, self.flag),
        )
        _PARENT = None
        self.positions = 0

    def best_letter(self, k: int) -> str | None:
        """``ValueSearch.best_moves`` of the root, one move per worker at a time."""
        search = self.search
        moves = sorted(search.moves(self.family), key=search.worst)
        self.flag.value = 0
        found: str | None = None
        stopped = False
        for letter, proven, positions in self.pool.imap_unordered(
            _worker_task, [(m.letter, m.families, k, search.deadline, self._positions_left()) for m in moves]
        ):
            self.positions += positions
            if proven and found is None:
                found = search.letter(letter)
                self.flag.value = 1  # the others stop at their next check
            elif proven is None and found is None:
                stopped = True
        if found is not None:
            search.store(self.family, upper=k)
            return found
        if stopped:
            raise SearchStopped("limit reached in a worker")
        search.store(self.family, lower=k + 1)
        return None

    def _positions_left(self) -> int | None:
        cap = self.search.position_cap
        return None if cap is None else max(0, cap - self.search.positions - self.positions)

    def close(self) -> int:
        """Stop the workers; the positions they searched."""
        self.pool.terminate()
        self.pool.join()
        return self.positions
