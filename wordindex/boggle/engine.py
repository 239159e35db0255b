"""Solve and score boards on the stored lexicon (``Trie``): the searches.

* ``solve_board``: every word of one board with a path. ``Engine.PYTHON``
  (``dfs_python``, the plain reference) needs no import and wins in a
  short-lived process; ``Engine.COMPILED`` (``dfs_llvm``'s kernel recording its
  words) wins once the kernel is compiled. The default picks the compiled one
  only when this process has already compiled it.
* ``BoardScorer``: word counts and scores of many boards with the same
  kernel, the boards split over the machine's cores (ctypes releases the GIL,
  so plain threads run in parallel).

Both prune a prefix whose shortest completion needs more letters than the
cubes left can spell (``Trie.shortest``), so no board keeps a search busy
for long on a list of very long words; a search that may still run long (a
server's request) is given a ``SearchStop`` (``stop``) to end it.
"""

from __future__ import annotations

import os
import queue
import threading
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any

from .board import Board, neighbour_lists, positions_by_size
from .faces import MAX_FACE_LETTERS, FaceSet
from .rules import Rules
from .solution import Solution
from .stop import NEVER, SearchStop, SearchStopped
from .trie import Trie

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]
    #: Boards as rows of face numbers, any integer dtype (uint8 is used in place).
    CodeArray = npt.NDArray[np.integer[Any]]
    MarkArray = npt.NDArray[np.int32]

#: Longest word the index holds (``wordindex.languages.alphabet.MAX_WORD_LENGTH``); sizes the points table.
MAX_LETTERS = 63
#: Largest board side the kernels take (their stack holds one entry per cube, 36 at most).
MAX_SIZE = 6
#: Board numbers are stamped into int32 marks; past this they start again from 1.
LAST_STAMP = 2**31 - 1
#: Fewest boards worth a second thread.
BOARDS_PER_THREAD = 256
#: A batch is cut in about this many pieces per thread, taken in turn.
PIECES_PER_THREAD = 8
#: Words one compiled solve records before it asks again with room for more.
FIRST_CAPACITY = 4096
#: The kernel's count for a board whose walk was stopped (``stop``).
STOPPED = -2


class Engine(Enum):
    """Which search runs on the trie."""

    PYTHON = "python"
    COMPILED = "compiled"


def default_engine() -> Engine:
    """Compiled when this process has already compiled the kernel, else plain Python."""
    from . import dfs_llvm

    return Engine.COMPILED if dfs_llvm.compiled() else Engine.PYTHON


def usable_cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


@cache
def adjacency_masks(size: int) -> IntArray:
    """Per cell, the bitmask of its neighbours (the kernel's neighbour table)."""
    import numpy as np

    return np.array([sum(1 << near for near in cells) for cells in neighbour_lists(size)], dtype=np.int64)


@cache
def points_array(rules: Rules) -> IntArray:
    """``points[n]``: the score of a word of n letters (0 below the minimum); made once per rule set."""
    import numpy as np

    table = np.array(rules.score_table(MAX_LETTERS + 1), dtype=np.int64)
    table.flags.writeable = False
    return table


@cache
def _points32(rules: Rules) -> Any:
    import numpy as np

    return points_array(rules).astype(np.int32)


def kernel_for(faces: FaceSet, codes: CodeArray, batch: bool = False) -> tuple[Any, int, CodeArray]:
    """The cheapest compiled kernel for boards given as rows of face numbers (``codes``), the most
    letters one of their faces spells (the pruning's bound), and the boards as that kernel reads them:
    letters only; letters and the Qu cube, passed as q when no board holds a q alone (English Boggle
    always: a step then needs no translation); or any face.
    ``batch``: the batch's kernel (no stop flag, no recording) rather than the single solve's."""
    import numpy as np

    from .dfs_llvm import Faces, score_function
    from .faces import MULTI

    top = int(codes.max()) if codes.size else 0
    if top < MULTI:
        return score_function(Faces.LETTERS, batch=batch), 1, codes
    slot = faces.alphabet.slot
    if top == MULTI and faces.multi and faces.multi[0] == "qu" and not bool((codes == slot["q"]).any()):
        as_read = np.where(codes == MULTI, slot["q"], codes).astype(np.uint8)
        return score_function(Faces.QU, slot["q"], slot["u"], batch), 2, as_read
    return score_function(Faces.ANY, batch=batch), faces.max_letters, codes


@cache
def face_tables(faces: FaceSet) -> tuple[Any, Any]:
    """The kernel's multi-letter face tables: 4 letters a face, and each one's letter count (uint8)."""
    import numpy as np

    letters, lengths = faces.letter_table()
    return np.array(letters or [0] * MAX_FACE_LETTERS, dtype=np.uint8), np.array(lengths or [0], dtype=np.uint8)


def solve_board(
    trie: Trie, board: Board, rules: Rules, engine: Engine | None = None, stop: SearchStop | None = None
) -> Solution:
    """Every word on ``board`` with its score and one path, sorted by score then word (alphabet's order).

    ``stop``: when it is set (from another thread, e.g. by a server's time budget), the search gives up
    and raises ``SearchStopped``.
    """
    if (engine or default_engine()) is Engine.PYTHON:
        return _python_solution(trie, board, rules, stop)
    return _compiled_solution(trie, board, rules, stop or NEVER)


def _sorted(trie: Trie, found: list[tuple[int, str, Any]]) -> list[tuple[int, str, Any]]:
    """``(-points, word, path)`` best first, ties in the alphabet's order."""
    key = trie.alphabet.sort_key
    return sorted(found, key=lambda item: (item[0], key(item[1])))


def _python_solution(trie: Trie, board: Board, rules: Rules, stop: SearchStop | None) -> Solution:
    from .dfs_python import find_words

    table = rules.score_table(MAX_LETTERS + 1)
    found = _sorted(
        trie,
        [(-table[len(word)], word, cells) for word, cells in find_words(trie, board, rules.min_length, stop).values()],
    )
    return Solution(
        board,
        rules,
        texts=[word for _, word, _ in found],
        scores=[-negative for negative, _, _ in found],
        routes=lambda: [cells for _, _, cells in found],
    )


_local = threading.local()


def _compiled_solution(trie: Trie, board: Board, rules: Rules, stop: SearchStop) -> Solution:
    """The compiled search, recording each word's path; words are spelt and sorted in numpy."""
    import numpy as np

    mask, first = trie.arrays()
    cells = board.cell_count
    kernel, max_face, codes = kernel_for(board.face_set, np.frombuffer(board.codes(), dtype=np.uint8))
    letters, lengths = face_tables(board.face_set)
    marks = _marks(trie)
    points = _points32(rules)
    adjacency = adjacency_masks(board.size)
    count = np.zeros(1, dtype=np.int64)
    score = np.zeros(1, dtype=np.int64)
    capacity = FIRST_CAPACITY
    while True:
        nodes, word_lengths, cubes, paths = _record_buffers(capacity, cells)
        stamp = _next_stamp(marks)
        kernel(
            mask.ctypes.data, first.ctypes.data, codes.ctypes.data, 1, cells,
            adjacency.ctypes.data, points.ctypes.data, rules.min_length, marks.ctypes.data, stamp,
            letters.ctypes.data, lengths.ctypes.data, max_face, count.ctypes.data,
            score.ctypes.data, nodes.ctypes.data, word_lengths.ctypes.data, cubes.ctypes.data, paths.ctypes.data,
            capacity, stop.address,
        )  # fmt: skip
        if count[0] >= 0:
            break
        if count[0] == STOPPED:
            raise SearchStopped("the Boggle search was stopped before it finished")
        capacity *= 4
    found = int(count[0])
    routes = paths[:found]
    spelled = _spelled(board, routes)
    word_points = points[word_lengths[:found]]
    order = np.lexsort((spelled, -word_points))
    texts = _texts(trie, spelled[order]) if found else []
    ordered_routes, ordered_cubes = routes[order], cubes[:found][order]

    def cell_routes() -> list[list[int]]:
        return [route[:count] for route, count in zip(ordered_routes.tolist(), ordered_cubes.tolist(), strict=True)]

    return Solution(
        board,
        rules,
        texts=texts,
        scores=word_points[order].tolist(),
        routes=cell_routes,
        cell_matrix=(ordered_routes, ordered_cubes),
    )


def _record_buffers(capacity: int, cells: int) -> tuple[Any, Any, Any, Any]:
    """This thread's buffers for a recorded solve (kept: a server solves board after board)."""
    import numpy as np

    held = getattr(_local, "record", None)
    if held is None or len(held[0]) < capacity:
        held = (
            np.empty(capacity, dtype=np.int32),
            np.empty(capacity, dtype=np.int32),
            np.empty(capacity, dtype=np.int32),
            np.zeros(capacity * MAX_SIZE * MAX_SIZE, dtype=np.uint8),
        )
        _local.record = held
    nodes, word_lengths, cubes, flat = held
    return nodes, word_lengths, cubes, flat[: len(nodes) * cells].reshape(len(nodes), cells)


def _spelled(board: Board, routes: Any) -> Any:
    """Each word's letters as a byte string of letter numbers + 1 (no NUL inside, so numpy's ``S``
    type keeps them whole and sorts them in the alphabet's order, a prefix first)."""
    import numpy as np

    width = max(map(len, board.faces))
    cells = board.cell_count
    # One row per cell, and a row of zeros for "no cell" (the kernel fills a path's unused places with it).
    cell_letters = np.zeros((cells + 1, width), dtype=np.uint8)
    if width == 1:  # every face a letter: its face number is its letter number
        cell_letters[:cells, 0] = np.frombuffer(board.codes(), dtype=np.uint8) + 1
    else:
        slot = board.face_set.alphabet.slot
        for cell, face in enumerate(board.faces):
            cell_letters[cell, : len(face)] = [slot[ch] + 1 for ch in face]
    found = len(routes)
    spelled = cell_letters[routes].reshape(found, routes.shape[1] * width)
    if width > 1:  # squeeze the padding of one-letter faces out, keeping the letters in order
        spelled = np.take_along_axis(spelled, np.argsort(spelled == 0, axis=1, kind="stable"), axis=1)
    return np.ascontiguousarray(spelled).view(f"S{spelled.shape[1]}").reshape(found)


def _texts(trie: Trie, spelled: Any) -> list[str]:
    """The words of ``_spelled`` bytes, decoded all at once."""
    joined = b"\x7f".join(spelled.tolist()).decode("latin-1")
    return joined.translate(_unspell(trie.alphabet.letters)).split("\x7f")


@cache
def _unspell(letters: str) -> dict[int, str]:
    return {i + 1: letter for i, letter in enumerate(letters)}


def _marks(trie: Trie) -> MarkArray:
    """This thread's per-node board stamps for ``trie`` (see ``dfs_llvm``)."""
    import numpy as np

    held = getattr(_local, "marks", None)
    if held is None or held[0] is not trie:
        held = (trie, np.zeros(len(trie), dtype=np.int32))
        _local.marks = held
    marks: MarkArray = held[1]
    return marks


def _next_stamp(marks: MarkArray, boards: int = 1) -> int:
    """The first of ``boards`` fresh stamps (``marks[0]``, the dead node's, keeps the last one used)."""
    if int(marks[0]) + boards >= LAST_STAMP:
        marks[:] = 0
    first_stamp = int(marks[0]) + 1
    marks[0] = first_stamp + boards - 1
    return first_stamp


class BoardScorer:
    """Word counts and scores of many boards at once, on every core this process may use.

    The kernel is ``dfs_llvm``'s (LLVM IR compiled by llvmlite when the first
    scorer of the process is made, a few milliseconds; numba is not imported).
    ``faces``: the language whose face numbers the boards hold (English by default).
    """

    def __init__(self, trie: Trie, rules: Rules, threads: int | None = None, faces: FaceSet | None = None):
        import numpy as np

        from .faces import MULTI, faces_of

        self.trie = trie
        self.rules = rules
        self.faces = faces or faces_of("en")
        kernel_for(  # compiled now (milliseconds), not in a batch
            self.faces, np.full((1, 1), MULTI if self.faces.multi else 0, dtype=np.uint8), batch=True
        )
        self.threads = max(1, threads or usable_cores())
        self._points = points_array(rules).astype(np.int32)
        self._marks = [np.zeros(len(trie), dtype=np.int32) for _ in range(self.threads)]
        self._letters, self._lengths = face_tables(self.faces)
        self.boards_scored = 0

    def score_codes(self, codes: CodeArray, size: int) -> tuple[IntArray, IntArray]:
        """(counts, scores) of boards given as rows of face numbers (``FaceSet.code``: 0-31 letters, 32+ multi).

        Any integer dtype; uint8 rows are used in place, except that boards with the Qu cube are copied
        once with it written as q (``kernel_for``).
        """
        import numpy as np

        from .faces import MULTI

        top = MULTI + len(self.faces.multi)
        letters = self.faces.alphabet.size
        if (
            codes.ndim != 2
            or codes.shape[1] != size * size
            or size > MAX_SIZE
            or (len(codes) and not 0 <= codes.min() <= codes.max() < top)
            or (letters < MULTI and bool(((codes >= letters) & (codes < MULTI)).any()))
        ):
            raise ValueError(
                f"boards of size {size} are rows of {size * size} face numbers (0-{letters - 1}, {MULTI}-{top - 1})"
            )
        n = len(codes)
        counts = np.zeros(n, dtype=np.int64)
        scores = np.zeros(n, dtype=np.int64)
        kernel, max_face, faces = kernel_for(self.faces, np.ascontiguousarray(codes, dtype=np.uint8), batch=True)
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
            stamp = _next_stamp(marks, b - a)
            kernel(
                mask.ctypes.data, first.ctypes.data, faces[a:].ctypes.data, b - a, cells,
                adjacency.ctypes.data, self._points.ctypes.data, self.rules.min_length, marks.ctypes.data, stamp,
                self._letters.ctypes.data, self._lengths.ctypes.data, max_face, counts[a:].ctypes.data,
                scores[a:].ctypes.data, None, None, None, None, 0, NEVER.address,
            )  # fmt: skip

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
            text = b"".join(boards[i].codes() for i in members)
            codes = np.frombuffer(text, dtype=np.uint8).reshape(len(members), size * size)
            where = np.array(members, dtype=np.int64)
            counts[where], scores[where] = self.score_codes(codes, size)
        return counts, scores
