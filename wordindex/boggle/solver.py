"""Find every word on Boggle boards: a level-synchronous, vectorised search.

The search keeps one *frontier*: every live path of the current depth, on
every board being solved, as parallel numpy arrays (board, last cell,
prefix node, bitmask of visited cells). One step extends all of them at
once: each path × its 8 neighbour slots, minus visited cells and padding,
gives the candidate extensions; the prefix oracle (``lexicon``) maps all
candidates of the depth to their child prefixes in one batch (one query
against the ``prefixes`` table, or one gather in the transition table
loaded from it). Dead candidates are dropped, words are recorded, and only
prefixes with ``has_longer`` go on: a dead prefix is never extended.

A word counts once per board, however many paths spell it: found words are
de-duplicated per (board, prefix node) with ``np.unique``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .board import Board, cube_tokens, neighbour_lists, positions_by_size
from .lexicon import PAD, QU, ROOT, PrefixOracle
from .rules import Rules
from .solution import FoundWord, Solution
from .trie import Trie

__all__ = ["FoundWord", "Solution", "find_path", "score_boards", "solve"]


@cache
def neighbour_table(size: int) -> np.ndarray:
    """(cells, 8) neighbour indexes, padded with ``cells`` (a cell that holds no cube)."""
    cells = size * size
    table = np.full((cells, 8), cells, dtype=np.int32)
    for cell, near in enumerate(neighbour_lists(size)):
        table[cell, : len(near)] = near
    return table


def board_codes(boards: list[Board]) -> np.ndarray:
    """(boards, cells + 1) cube codes of boards of one size; the extra last column is PAD."""
    cells = boards[0].cell_count
    letters = np.frombuffer("".join(b.faces for b in boards).encode("ascii"), dtype=np.uint8)
    codes = np.full((len(boards), cells + 1), PAD, dtype=np.int32)
    codes[:, :cells] = np.where(letters == ord("q"), QU, letters.astype(np.int32) - 97).reshape(len(boards), cells)
    return codes


#: Most live paths extended in one step of a multi-board search; wider frontiers are
#: extended in pieces (the paths are independent), which bounds memory.
MAX_FRONTIER = 200_000
#: Boards searched together in one frontier: this many cells' worth (2,048 4×4 boards).
GROUP_CELLS = 32_768
#: Most live paths extended in one step of a single-board solve (which keeps each path's
#: cells): with the pieces waiting on the stack, memory stays bounded by the board size.
MAX_SOLVE_FRONTIER = 8_192
#: From this many live paths on, prefixes that only words too long for the board extend
#: are dropped (``lexicon.viable``): a normal dictionary never gets there, while a run such
#: as ``b`` x 63 on a board of b's would otherwise extend every path of the board.
PRUNE_AT = 2_048
#: Found (board, word) keys are de-duplicated whenever this many have piled up.
COMPACT_AT = 2_000_000
KEY_SHIFT = 1 << 32


@dataclass
class _Found:
    """Raw search output: one row per (board, word node), first path found."""

    board: np.ndarray
    node: np.ndarray
    depth: np.ndarray
    row: np.ndarray


Arrays = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
Paths = list[np.ndarray]


def _search(
    lexicon: PrefixOracle,
    codes: np.ndarray,
    size: int,
    min_length: int,
    paths: Paths | None,
    max_frontier: int | None = None,
) -> _Found:
    if paths is not None:
        return _search_with_paths(lexicon, codes, size, min_length, paths)
    return _search_words(lexicon, codes, size, min_length, max_frontier)


def max_letters(codes: np.ndarray) -> int:
    """The longest word boards of these codes can spell: one letter a cube, two on a Qu cube."""
    cells = codes.shape[1] - 1
    longest: int = cells + int((codes == QU).sum(axis=1).max(initial=0))
    return longest


def _viable_live(lexicon: PrefixOracle, node: np.ndarray, live: np.ndarray, letters: int) -> np.ndarray:
    """``live`` without the prefixes that only words longer than ``letters`` extend."""
    if len(live) < PRUNE_AT or not hasattr(lexicon, "viable"):
        return live
    kept: np.ndarray = live[lexicon.viable(node[live], letters)]
    return kept


def _search_with_paths(lexicon: PrefixOracle, codes: np.ndarray, size: int, min_length: int, paths: Paths) -> _Found:
    """One board's search that keeps, for each word, the cells of its first path.

    Each live path carries its cells (one byte per step), and the frontier is
    extended ``MAX_SOLVE_FRONTIER`` paths at a time (a stack of pending pieces),
    so memory is bounded by the board's size whatever the dictionary holds;
    only the first path of each word is kept. ``paths`` receives one entry:
    the (words, cells) array of those first paths, for ``solve``.
    """
    cells = size * size
    flat = codes.reshape(-1)
    nbr = neighbour_table(size)
    letters = max_letters(codes)
    mask_type = np.int32 if cells + 1 < 31 else np.int64
    seen: set[int] = set()
    found_node: list[int] = []
    found_depth: list[int] = []
    found_cells: list[np.ndarray] = []

    def settle(cell: np.ndarray, node: np.ndarray, mask: np.ndarray, route: np.ndarray) -> Arrays:
        depth = route.shape[1] - 1
        words = np.flatnonzero(lexicon.is_word[node] & (lexicon.length[node] >= min_length))
        if len(words):
            unique, first = np.unique(node[words], return_index=True)
            for value, row in zip(unique.tolist(), words[first].tolist(), strict=True):
                if value not in seen:
                    seen.add(value)
                    found_node.append(value)
                    found_depth.append(depth)
                    padded = np.full(cells, -1, dtype=np.int64)
                    padded[: depth + 1] = route[row]
                    found_cells.append(padded)
        live = _viable_live(lexicon, node, np.flatnonzero(lexicon.has_longer[node]), letters)
        return cell[live], node[live], mask[live], route[live]

    start = np.arange(cells, dtype=np.int32)
    node = lexicon.children(np.full(cells, ROOT, dtype=np.int32), flat[start])
    keep = np.flatnonzero(node)
    cell = start[keep]
    first_mask = np.left_shift(mask_type(1), cell.astype(mask_type))
    pending = [settle(cell, node[keep], first_mask, cell[:, None].astype(np.int8))]
    while pending:
        cell, node, mask, route = pending.pop()
        if not len(node):
            continue
        if len(node) > MAX_SOLVE_FRONTIER:
            half = len(node) // 2
            pending.append((cell[half:], node[half:], mask[half:], route[half:]))
            pending.append((cell[:half], node[:half], mask[:half], route[:half]))
            continue
        near = nbr[cell]
        free = ((np.right_shift(mask[:, None], near) & 1) == 0) & (near != cells)
        rows, slots = np.nonzero(free)
        next_cell = near[rows, slots]
        child = lexicon.children(node[rows], flat[next_cell])
        ok = np.flatnonzero(child)
        rows, next_cell = rows[ok], next_cell[ok]
        next_mask = mask[rows] | np.left_shift(mask_type(1), next_cell.astype(mask_type))
        next_route = np.concatenate([route[rows], next_cell[:, None].astype(np.int8)], axis=1)
        pending.append(settle(next_cell, child[ok], next_mask, next_route))
    count = len(found_node)
    paths.append(np.array(found_cells, dtype=np.int64).reshape(count, cells))
    return _Found(
        np.zeros(count, dtype=np.int64),
        np.array(found_node, dtype=np.int64),
        np.array(found_depth, dtype=np.int64),
        np.arange(count, dtype=np.int64),
    )


def _search_words(
    lexicon: PrefixOracle, codes: np.ndarray, size: int, min_length: int, max_frontier: int | None
) -> _Found:
    """Run the frontier search on boards of one size for their words alone (no paths).

    Each path is a row of parallel arrays: ``base`` (its board's offset in
    the flat code array), ``cell``, ``node`` and ``mask`` (visited cells).
    Paths never interact, so a frontier wider than ``max_frontier`` is
    extended half by half (a stack of pending pieces) instead of all at once.
    """
    n_boards = codes.shape[0]
    cells = size * size
    width = cells + 1
    flat = codes.reshape(-1)
    nbr = neighbour_table(size)
    letters = max_letters(codes)
    mask_type = np.int32 if width < 31 else np.int64
    found_keys: list[np.ndarray] = []
    found_size = [0, COMPACT_AT]  # keys held, size that triggers the next compaction

    def settle(base: np.ndarray, cell: np.ndarray, node: np.ndarray, mask: np.ndarray) -> Arrays:
        """Record the words among new paths; keep the paths whose prefix has longer words."""
        words = np.flatnonzero(lexicon.is_word[node] & (lexicon.length[node] >= min_length))
        if len(words):
            # Only (board, word) pairs matter: keep them as keys, de-duplicated as they pile up.
            found_keys.append((base[words] // width).astype(np.int64) * KEY_SHIFT + node[words])
            found_size[0] += len(words)
            if found_size[0] > found_size[1]:
                found_keys[:] = [np.unique(np.concatenate(found_keys))]
                found_size[0] = len(found_keys[0])
                found_size[1] = 2 * found_size[0] + COMPACT_AT
        live = _viable_live(lexicon, node, np.flatnonzero(lexicon.has_longer[node]), letters)
        if len(live) != len(node):
            return base[live], cell[live], node[live], mask[live]
        return base, cell, node, mask

    def extend(base: np.ndarray, cell: np.ndarray, node: np.ndarray, mask: np.ndarray) -> Arrays:
        """Every live path one cube longer: all candidates of the step checked in one batch."""
        near = nbr[cell]
        if lexicon.batched_gather:
            # A table lookup is cheap: look every neighbour slot up, then drop used cells.
            child = lexicon.children(node[:, None], flat[base[:, None] + near])
            rows, slots = np.nonzero(child)
            next_cell = near[rows, slots]
            free = np.flatnonzero((np.right_shift(mask[rows], next_cell) & 1) == 0)
            rows = rows[free]
            next_cell = next_cell[free]
            next_node = child[rows, slots[free]]
        else:
            # A lookup is a query: drop used cells and padding first, ask only for the rest.
            free = (np.right_shift(mask[:, None], near) & 1) == 0
            free &= near != cells
            rows, slots = np.nonzero(free)
            next_cell = near[rows, slots]
            child = lexicon.children(node[rows], flat[base[rows] + next_cell])
            ok = np.flatnonzero(child)
            rows = rows[ok]
            next_cell = next_cell[ok]
            next_node = child[ok]
        next_mask = mask[rows] | np.left_shift(mask_type(1), next_cell.astype(mask_type))
        return base[rows], next_cell, next_node, next_mask

    base = np.repeat(np.arange(n_boards, dtype=np.int32) * width, cells)
    cell = np.tile(np.arange(cells, dtype=np.int32), n_boards)
    node = lexicon.children(np.full(base.shape, ROOT, dtype=np.int32), flat[base + cell])
    keep = np.flatnonzero(node)
    base, cell, node = base[keep], cell[keep], node[keep]
    mask = np.left_shift(mask_type(1), cell.astype(mask_type))
    pending = [settle(base, cell, node, mask)]
    while pending:
        base, cell, node, mask = pending.pop()
        if not len(node):
            continue
        if max_frontier is not None and len(node) > max_frontier:
            half = len(node) // 2
            pending.append((base[half:], cell[half:], node[half:], mask[half:]))
            pending.append((base[:half], cell[:half], node[:half], mask[:half]))
            continue
        pending.append(settle(*extend(base, cell, node, mask)))

    keys = np.unique(np.concatenate(found_keys)) if found_keys else np.zeros(0, dtype=np.int64)
    return _Found(
        keys // KEY_SHIFT,
        keys % KEY_SHIFT,
        np.zeros(len(keys), dtype=np.int64),
        np.zeros(len(keys), dtype=np.int64),
    )


def _unique_words(found: _Found) -> np.ndarray:
    """Indexes of the first occurrence of each (board, node) pair."""
    keys = found.board * KEY_SHIFT + found.node
    _, first = np.unique(keys, return_index=True)
    return first


def solve(lexicon: PrefixOracle | Trie, board: Board, rules: Rules) -> Solution:
    """Every word on one board, each with its score and one path.

    ``lexicon`` is the stored ``Trie`` (the fast search, ``engine.solve_board``)
    or a prefix oracle such as ``QueryOracle`` (the set-based search below).
    """
    if isinstance(lexicon, Trie):
        from .engine import solve_board

        return solve_board(lexicon, board, rules)
    paths: Paths = []
    found = _search(lexicon, board_codes([board]), board.size, rules.min_length, paths)
    table = rules.score_table(int(lexicon.length.max(initial=0)) + 2)
    size = board.size
    words = []
    for node, length, route in zip(found.node.tolist(), (found.depth + 1).tolist(), paths[0].tolist(), strict=True):
        word = lexicon.text(node)
        path = tuple(divmod(c, size) for c in route[:length])
        words.append(FoundWord(word, table[len(word)], path))
    words.sort(key=lambda w: (-w.score, w.word))
    return Solution(board, rules, tuple(words))


def score_codes(lexicon: PrefixOracle, codes: np.ndarray, size: int, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(word counts, scores) of boards of one size given as cube codes (see ``board_codes``).

    Up to ``GROUP_CELLS`` cells' worth of boards are searched together (2,048
    4×4 boards); a frontier wider than ``MAX_FRONTIER`` paths is extended in
    pieces. Both bound memory when many dense boards come at once.
    """
    group = max(1, GROUP_CELLS // (size * size))
    counts = np.zeros(len(codes), dtype=np.int64)
    scores = np.zeros(len(codes), dtype=np.int64)
    for start in range(0, len(codes), group):
        part = codes[start : start + group]
        found = _search(lexicon, part, size, rules.min_length, None, MAX_FRONTIER)
        table = np.array(rules.score_table(int(lexicon.length.max(initial=0)) + 2), dtype=np.int64)
        first = _unique_words(found)
        owner = found.board[first]
        points = table[lexicon.length[found.node[first]]]
        counts[start : start + len(part)] = np.bincount(owner, minlength=len(part))
        scores[start : start + len(part)] = np.bincount(owner, weights=points, minlength=len(part)).astype(np.int64)
    return counts, scores


def score_boards(lexicon: PrefixOracle | Trie, boards: list[Board], rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(word counts, scores) of many boards, solved together (grouped by size).

    On the stored ``Trie`` this is the compiled scorer (``engine.BoardScorer``).
    """
    if isinstance(lexicon, Trie):
        from .engine import BoardScorer

        return BoardScorer(lexicon, rules).score_boards(boards)
    counts = np.zeros(len(boards), dtype=np.int64)
    scores = np.zeros(len(boards), dtype=np.int64)
    for size, members in positions_by_size(boards).items():
        group_counts, group_scores = score_codes(lexicon, board_codes([boards[i] for i in members]), size, rules)
        index = np.array(members, dtype=np.int64)
        counts[index] = group_counts
        scores[index] = group_scores
    return counts, scores


def find_path(board: Board, word: str) -> tuple[tuple[int, int], ...] | None:
    """One path of adjacent, distinct cells spelling ``word``, or None.

    A recursive backtracking search for a single word (the human's check in
    the game), separate from the all-words search as CS106B asks.
    """
    tokens = cube_tokens(word.lower())
    if not tokens:
        return None
    faces = board.faces
    used = [False] * board.cell_count

    def extend(cell: int, i: int, route: list[int]) -> list[int] | None:
        if faces[cell] != tokens[i] or used[cell]:
            return None
        route.append(cell)
        if i + 1 == len(tokens):
            return route
        used[cell] = True
        for near in board.neighbours(cell):
            if extend(near, i + 1, route) is not None:
                return route
        used[cell] = False
        route.pop()
        return None

    for start in range(board.cell_count):
        route = extend(start, 0, [])
        if route is not None:
            return tuple(board.coordinates(c) for c in route)
    return None
