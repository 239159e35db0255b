"""The Boggle search for one board in plain Python: the reference, and the fastest from a cold start.

``wordindex boggle BOARD`` and the game solve one board per process; for
them compiling the kernel (``dfs_llvm``) costs more than the search itself,
so this walk of the same compact trie (``wordindex.boggle.trie``) is the
fastest way from a cold start. It is also the search to read first: the
compiled kernel does exactly this, and the tests compare the two on random
boards and dictionaries, so a change to the rules of the search is made here
first, then in the kernel, and the tests tell whether they still agree.

The search is depth first from every cell; a cube spells its face (one
letter, or each letter of a multi-letter face in turn: ``qu``, ``th``); the
trie's child by a letter is a popcount (``int.bit_count``); a prefix whose
shortest completion needs more letters than the cubes left can spell is not
followed; a ``SearchStop`` that is set ends it (``stop``); the first path
found for each word is kept. Its recursion is as deep as the board has cubes
(36 at most), and it holds one entry per word found: memory stays bounded by
the board size and the dictionary.
"""

from __future__ import annotations

from .board import Board, neighbour_lists
from .stop import NEVER, SearchStop, SearchStopped
from .trie import FAR, NODE_BITS, SHORTEST_SHIFT, WORD_FLAG, Trie


def find_words(
    trie: Trie, board: Board, min_length: int, stop: SearchStop | None = None
) -> dict[int, tuple[str, tuple[int, ...]]]:
    """Every word of at least ``min_length`` letters: trie node → (word, cells of one path).

    ``stop``: read at each node visited; once it is set, ``SearchStopped`` is raised.
    """
    halt = (stop or NEVER).flag
    mask = trie.mask
    first = trie.first
    slot = trie.alphabet.slot
    faces = board.faces
    letters = [[slot[ch] for ch in face] for face in faces]
    reach = max(map(len, faces))  # the most letters one cube of this board spells
    cells = board.cell_count
    near = [[(n, 1 << n) for n in around] for around in neighbour_lists(board.size)]
    found: dict[int, tuple[str, tuple[int, ...]]] = {}

    def step(node: int, cell: int) -> int:
        for letter in letters[cell]:
            bits = mask[node]
            if not (bits >> letter) & 1:
                return 0
            node = (first[node] & NODE_BITS) + (bits & ((1 << letter) - 1)).bit_count()
        return node

    def visit(cell: int, node: int, text: str, path: tuple[int, ...], used: int) -> None:
        if halt[0]:
            raise SearchStopped("the Boggle search was stopped before it finished")
        packed = first[node]
        if packed & WORD_FLAG and len(text) >= min_length and node not in found:
            found[node] = (text, path)
        if not mask[node] or (packed >> SHORTEST_SHIFT) & FAR > (cells - len(path)) * reach:
            return
        for n, bit in near[cell]:
            if used & bit:
                continue
            child = step(node, n)
            if child:
                visit(n, child, text + faces[n], path + (n,), used | bit)

    for cell in range(cells):
        node = step(1, cell)
        if node:
            visit(cell, node, faces[cell], (cell,), 1 << cell)
    return found
