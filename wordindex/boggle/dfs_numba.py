"""The compiled Boggle search: danvk's depth-first walk of the trie, JIT-compiled by numba.

Imported only by in-process callers that solve single boards with their
paths (``Engine.COMPILED``), never by one-shot commands: numba's import
costs about 0.3 s and its first compilation about 1.5 s, paid once per
installation (``cache=True`` keeps the machine code beside this file, or in
numba's user cache when that folder is read-only). Scoring many boards
(``--batch``, ``boggle-best``) has its own kernel, ``dfs_llvm``, which
does not need numba.

Each board is searched depth first from every cell with an explicit stack
(one entry per cube of the current path, so memory is bounded by the board
size whatever the dictionary holds), a bitmask of used cells and, per trie
node, the number of the last board that found it (``marks``): a word counts
once per board without clearing anything between boards. The trie is the
compact ``mask`` / ``first`` pair of ``wordindex.boggle.trie``; the child by
a letter costs one popcount.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..popcount import popcount as _popcount

WORD_BIT = 1 << 26
LETTER_BITS = WORD_BIT - 1
LETTER_Q = 16
LETTER_U = 20
#: Board numbers are stamped into int32 marks; past this they start again from 1.
LAST_STAMP = 2**31 - 1


@njit(cache=True, nogil=True)
def _child(mask: Any, first: Any, node: int, letter: int) -> Any:
    bits = np.int64(mask[node])
    if (bits >> letter) & 1 == 0:
        return 0
    return np.int64(first[node]) + _popcount(bits & ((np.int64(1) << letter) - 1))


@njit(cache=True, nogil=True)
def _step(mask: Any, first: Any, node: int, letter: int) -> tuple[Any, int]:
    """(child node, letters spelled) for one cube; the Qu cube spells two letters."""
    child = _child(mask, first, node, letter)
    if letter == LETTER_Q and child != 0:
        return _child(mask, first, child, LETTER_U), 2
    return child, 1


@njit(cache=True, nogil=True)
def _record(board: Any, cells: Any, count: int, row: int, out_cubes: Any, out_path: Any, out_letters: Any) -> None:
    """Store a word's path (its first ``count`` cells) and its letters (``q`` spells ``qu``)."""
    out_cubes[row] = count
    at = 0
    for i in range(count):
        cell = cells[i]
        out_path[row, i] = cell
        letter = board[cell]
        out_letters[row, at] = 97 + letter
        at += 1
        if letter == LETTER_Q:
            out_letters[row, at] = 97 + LETTER_U
            at += 1


@njit(cache=True, nogil=True)
def _walk(
    mask: Any,
    first: Any,
    board: Any,
    neighbours: Any,
    degree: Any,
    points: Any,
    min_length: int,
    marks: Any,
    run: int,
    stack: Any,
    record: bool,
    out_length: Any,
    out_cubes: Any,
    out_path: Any,
    out_letters: Any,
) -> tuple[int, int]:
    """(word count, score) of one board; with ``record``, each word's length, path and letters too.

    ``stack`` is a (4, cells) scratch array: per depth the cell, trie node,
    letters so far and next neighbour to try. A word counts when its node's
    mark is not yet ``run``. The count is -1 when the ``out_*`` buffers are full.
    """
    cells = board.shape[0]
    capacity = out_length.shape[0]
    stack_cell = stack[0]
    stack_node = stack[1]
    stack_length = stack[2]
    stack_next = stack[3]
    count = 0
    score = 0
    for start in range(cells):
        node, length = _step(mask, first, 1, board[start])
        if node == 0:
            continue
        depth = 0
        stack_cell[0] = start
        bits = mask[node]
        if bits & WORD_BIT and length >= min_length and marks[node] != run:
            marks[node] = run
            if record:
                if count == capacity:
                    return -1, 0
                out_length[count] = length
                _record(board, stack_cell, 1, count, out_cubes, out_path, out_letters)
            count += 1
            score += points[length]
        if bits & LETTER_BITS == 0:
            continue
        stack_node[0] = node
        stack_length[0] = length
        stack_next[0] = 0
        used = np.int64(1) << start
        while depth >= 0:
            cell = stack_cell[depth]
            k = stack_next[depth]
            if k == degree[cell]:
                used ^= np.int64(1) << cell
                depth -= 1
                continue
            stack_next[depth] = k + 1
            near = neighbours[cell, k]
            if (used >> near) & 1:
                continue
            letter = board[near]
            node = _child(mask, first, stack_node[depth], letter)
            if node == 0:
                continue
            length = stack_length[depth] + 1
            if letter == LETTER_Q:
                node = _child(mask, first, node, LETTER_U)
                if node == 0:
                    continue
                length += 1
            bits = mask[node]
            if bits & WORD_BIT and length >= min_length and marks[node] != run:
                marks[node] = run
                if record:
                    if count == capacity:
                        return -1, 0
                    out_length[count] = length
                    stack_cell[depth + 1] = near
                    _record(board, stack_cell, depth + 2, count, out_cubes, out_path, out_letters)
                count += 1
                score += points[length]
            if bits & LETTER_BITS:
                depth += 1
                stack_cell[depth] = near
                stack_node[depth] = node
                stack_length[depth] = length
                stack_next[depth] = 0
                used |= np.int64(1) << near
    return count, score


@njit(cache=True, nogil=True)
def _next_stamp(marks: Any) -> Any:
    """The next board number (kept in ``marks[0]``); the stamps start again before int32 overflows."""
    run = np.int64(marks[0]) + 1
    if run >= LAST_STAMP:
        marks[:] = 0
        run = np.int64(1)
    marks[0] = run
    return run


@njit(cache=True, nogil=True)
def solve_kernel(
    mask: Any,
    first: Any,
    board: Any,
    neighbours: Any,
    degree: Any,
    points: Any,
    min_length: int,
    marks: Any,
    out_length: Any,
    out_cubes: Any,
    out_path: Any,
    out_letters: Any,
) -> int:
    """Every word of one board with the first path found: returns how many (-1: buffers too small).

    Word ``i`` has ``out_length[i]`` letters, spelled in ``out_letters[i]``
    (zero-padded ASCII), and its path is the first ``out_cubes[i]`` cells of
    ``out_path[i]``.
    """
    stack = np.zeros((4, board.shape[0]), np.int64)
    run = _next_stamp(marks)
    count, _ = _walk(
        mask,
        first,
        board,
        neighbours,
        degree,
        points,
        min_length,
        marks,
        run,
        stack,
        True,
        out_length,
        out_cubes,
        out_path,
        out_letters,
    )
    return count
