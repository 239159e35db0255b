"""The Boggle search for one board in plain Python: no numpy, no numba, nothing to import.

``wordindex boggle BOARD`` and the game solve one board per process; for
them the compiled search's import and start-up (``dfs_numba``) cost far
more than the search itself, so this walk of the same compact trie
(``wordindex.boggle.trie``) is the fastest way from a cold start. The
search is depth first from every cell, the trie's child by a letter is a
popcount (``int.bit_count``), and the first path found for each word is
kept. Its recursion is as deep as the board has cubes (36 at most), and it
holds one entry per word found: memory stays bounded by the board size and
the dictionary, whatever the dictionary holds.
"""

from __future__ import annotations

from .board import Board, neighbour_lists
from .trie import LETTER_BITS, LETTER_Q, LETTER_U, WORD_BIT, Trie

#: ``LOW_BITS[k]``: the mask of the letters before letter k (for the child's rank).
LOW_BITS = [(1 << k) - 1 for k in range(26)]


def find_words(trie: Trie, board: Board, min_length: int) -> dict[int, tuple[str, tuple[int, ...]]]:
    """Every word of at least ``min_length`` letters: trie node → (word, cells of one path)."""
    mask = trie.mask
    first = trie.first
    low = LOW_BITS
    letters = [ord(face) - 97 for face in board.faces]
    spelled = [board.spelled(cell) for cell in range(board.cell_count)]
    near = [[(n, 1 << n) for n in cells] for cells in neighbour_lists(board.size)]
    found: dict[int, tuple[str, tuple[int, ...]]] = {}

    def step(node: int, letter: int) -> int:
        bits = mask[node]
        if not (bits >> letter) & 1:
            return 0
        child: int = first[node] + (bits & low[letter]).bit_count()
        if letter == LETTER_Q:
            bits = mask[child]
            if not (bits >> LETTER_U) & 1:
                return 0
            child = first[child] + (bits & low[LETTER_U]).bit_count()
        return child

    def visit(cell: int, node: int, text: str, path: tuple[int, ...], used: int) -> None:
        bits = mask[node]
        if bits & WORD_BIT and len(text) >= min_length and node not in found:
            found[node] = (text, path)
        if not bits & LETTER_BITS:
            return
        for n, bit in near[cell]:
            if used & bit:
                continue
            child = step(node, letters[n])
            if child:
                visit(n, child, text + spelled[n], path + (n,), used | bit)

    for cell in range(board.cell_count):
        node = step(1, letters[cell])
        if node:
            visit(cell, node, spelled[cell], (cell,), 1 << cell)
    return found
