"""Solve and score boards on the stored lexicon (``Trie``): the fast paths.

* ``solve_board``: every word of one board with a path. ``Engine.PYTHON``
  (``dfs_python``) needs no import and wins in a short-lived process;
  ``Engine.COMPILED`` (``dfs_numba``) wins once numba is loaded. The default
  picks the compiled one only when numba is already imported.
* ``BoardScorer``: word counts and scores of many boards with the compiled
  kernel of ``dfs_llvm`` (no numba), the boards split over the machine's
  cores (ctypes releases the GIL, so plain threads run in parallel).
"""

from __future__ import annotations

import os
import queue
import sys
import threading
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any

from .board import Board, neighbour_lists, positions_by_size
from .rules import Rules
from .solution import Path, Solution
from .trie import Trie

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    #: Boards as rows of letter numbers, any integer dtype (uint8 is used in place).
    CodeArray = npt.NDArray[np.integer[Any]]
    MarkArray = npt.NDArray[np.int32]

#: Longest word the index holds (``wordindex.alphabet.MAX_WORD_LENGTH``); sizes the points table.
MAX_LETTERS = 63
#: Largest board side the kernels take (their stack holds one entry per cube, 36 at most).
MAX_SIZE = 6
#: Board numbers are stamped into int32 marks; past this they start again from 1.
LAST_STAMP = 2**31 - 1
#: Fewest boards worth a second thread.
BOARDS_PER_THREAD = 256
#: A batch is cut in about this many pieces per thread, taken in turn.
PIECES_PER_THREAD = 8


class Engine(Enum):
    """Which search runs on the trie."""

    PYTHON = "python"
    COMPILED = "compiled"


def default_engine() -> Engine:
    """Compiled when this process has already paid for numba, else plain Python."""
    return Engine.COMPILED if "numba" in sys.modules else Engine.PYTHON


def usable_cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


@cache
def neighbour_arrays(size: int) -> tuple[IntArray, IntArray]:
    """``(neighbours, degree)``: (cells, 8) neighbour cells (padded with 0) and how many each has."""
    import numpy as np

    lists = neighbour_lists(size)
    table = np.zeros((len(lists), 8), dtype=np.int64)
    for cell, near in enumerate(lists):
        table[cell, : len(near)] = near
    return table, np.array([len(near) for near in lists], dtype=np.int64)


@cache
def adjacency_masks(size: int) -> IntArray:
    """Per cell, the bitmask of its neighbours (the scoring kernel's neighbour table)."""
    import numpy as np

    return np.array([sum(1 << near for near in cells) for cells in neighbour_lists(size)], dtype=np.int64)


def points_array(rules: Rules) -> IntArray:
    """``points[n]``: the score of a word of n letters (0 below the minimum)."""
    import numpy as np

    return np.array(rules.score_table(MAX_LETTERS + 1), dtype=np.int64)


def solve_board(trie: Trie, board: Board, rules: Rules, engine: Engine | None = None) -> Solution:
    """Every word on ``board`` with its score and one path, sorted by score then word."""
    if (engine or default_engine()) is Engine.PYTHON:
        return _python_solution(trie, board, rules)
    return _compiled_solution(trie, board, rules)


def _python_solution(trie: Trie, board: Board, rules: Rules) -> Solution:
    from .dfs_python import find_words

    table = rules.score_table(MAX_LETTERS + 1)
    found = sorted(
        (-table[len(word)], word, cells) for word, cells in find_words(trie, board, rules.min_length).values()
    )
    coordinates = [divmod(cell, board.size) for cell in range(board.cell_count)]
    return Solution(
        board,
        rules,
        texts=[word for _, word, _ in found],
        scores=[-negative for negative, _, _ in found],
        paths=lambda: [tuple([coordinates[c] for c in cells]) for _, _, cells in found],
    )


def _compiled_solution(trie: Trie, board: Board, rules: Rules) -> Solution:
    """The compiled search; sorting and spelling happen in numpy, paths become tuples only when asked for."""
    import numpy as np

    from .dfs_numba import solve_kernel

    mask, first = trie.arrays()
    neighbours, degree = neighbour_arrays(board.size)
    cells = np.frombuffer(board.faces.encode("ascii"), dtype=np.uint8).astype(np.int64) - 97
    marks = _marks(trie)
    points = points_array(rules)
    capacity = 4096
    while True:
        lengths = np.empty(capacity, dtype=np.int64)
        cubes = np.empty(capacity, dtype=np.int64)
        paths = np.empty((capacity, board.cell_count), dtype=np.int64)
        letters = np.zeros((capacity, 2 * board.cell_count), dtype=np.uint8)
        found = solve_kernel(
            mask, first, cells, neighbours, degree, points, rules.min_length, marks, lengths, cubes, paths, letters
        )
        if found >= 0:
            break
        capacity *= 4
    spelled = letters[:found].view(f"S{2 * board.cell_count}").reshape(found)
    word_points = points[lengths[:found]]
    order = np.lexsort((spelled, -word_points))
    texts = b" ".join(spelled[order].tolist()).decode("ascii").split(" ") if found else []
    size = board.size

    def make_paths() -> list[Path]:
        coordinates = [divmod(cell, size) for cell in range(size * size)]
        return [
            tuple([coordinates[c] for c in route[:count]])
            for route, count in zip(paths[order].tolist(), cubes[order].tolist(), strict=True)
        ]

    return Solution(board, rules, texts=texts, scores=word_points[order].tolist(), paths=make_paths)


_local = threading.local()


def _marks(trie: Trie) -> MarkArray:
    """This thread's per-node board stamps for ``trie`` (see ``dfs_numba``)."""
    import numpy as np

    held = getattr(_local, "marks", None)
    if held is None or held[0] is not trie:
        held = (trie, np.zeros(len(trie), dtype=np.int32))
        _local.marks = held
    marks: MarkArray = held[1]
    return marks


class BoardScorer:
    """Word counts and scores of many boards at once, on every core this process may use.

    The kernel is ``dfs_llvm``'s (LLVM IR compiled by llvmlite when the first
    scorer of the process is made, a few milliseconds; numba is not imported).
    """

    def __init__(self, trie: Trie, rules: Rules, threads: int | None = None):
        import numpy as np

        from . import dfs_llvm

        self._kernel = dfs_llvm.score_function()
        self.trie = trie
        self.rules = rules
        self.threads = max(1, threads or usable_cores())
        self._points = points_array(rules).astype(np.int32)
        self._marks = [np.zeros(len(trie), dtype=np.int32) for _ in range(self.threads)]
        self.boards_scored = 0

    def score_codes(self, codes: CodeArray, size: int) -> tuple[IntArray, IntArray]:
        """(counts, scores) of boards given as rows of cube letters (0-25, 16 = the Qu cube).

        Any integer dtype; uint8 rows are used in place (no copy).
        """
        import numpy as np

        if (
            codes.ndim != 2
            or codes.shape[1] != size * size
            or size > MAX_SIZE
            or (len(codes) and not 0 <= codes.min() <= codes.max() < 26)
        ):
            raise ValueError(f"boards of size {size} are rows of {size * size} letter numbers 0-25")
        n = len(codes)
        counts = np.zeros(n, dtype=np.int64)
        scores = np.zeros(n, dtype=np.int64)
        letters = np.ascontiguousarray(codes, dtype=np.uint8)
        mask, first = self.trie.arrays()
        adjacency = adjacency_masks(size)
        threads = min(self.threads, max(1, n // BOARDS_PER_THREAD))
        # Pieces taken in turn by the threads, so a thread slowed by a busy core takes fewer.
        piece = max(BOARDS_PER_THREAD, n // (threads * PIECES_PER_THREAD))
        starts: queue.SimpleQueue[int] = queue.SimpleQueue()
        for a in range(0, n, piece):
            starts.put(a)
        cells = size * size

        def score(marks: MarkArray, a: int, b: int) -> None:
            if int(marks[0]) + (b - a) >= LAST_STAMP:
                marks[:] = 0
            first_stamp = int(marks[0]) + 1
            self._kernel(
                mask.ctypes.data,
                first.ctypes.data,
                letters[a:].ctypes.data,
                b - a,
                cells,
                adjacency.ctypes.data,
                self._points.ctypes.data,
                self.rules.min_length,
                marks.ctypes.data,
                first_stamp,
                counts[a:].ctypes.data,
                scores[a:].ctypes.data,
            )
            marks[0] = first_stamp + (b - a) - 1

        def run(t: int) -> None:
            while True:
                try:
                    a = starts.get_nowait()
                except queue.Empty:
                    return
                score(self._marks[t], a, min(n, a + piece))

        if threads == 1:
            run(0)
        else:
            workers = [threading.Thread(target=run, args=(t,)) for t in range(1, threads)]
            for worker in workers:
                worker.start()
            run(0)
            for worker in workers:
                worker.join()
        self.boards_scored += n
        return counts, scores

    def score_boards(self, boards: list[Board]) -> tuple[IntArray, IntArray]:
        """(counts, scores) of boards of any sizes, in order."""
        import numpy as np

        counts = np.zeros(len(boards), dtype=np.int64)
        scores = np.zeros(len(boards), dtype=np.int64)
        for size, members in positions_by_size(boards).items():
            text = "".join(boards[i].faces for i in members).encode("ascii")
            codes = (np.frombuffer(text, dtype=np.uint8).astype(np.int64) - 97).reshape(len(members), size * size)
            where = np.array(members, dtype=np.int64)
            counts[where], scores[where] = self.score_codes(codes, size)
        return counts, scores
