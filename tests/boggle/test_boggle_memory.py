"""A dictionary with a long run of one letter cannot keep a Boggle search busy (issue 9 point 6, issue 20 item 4).

With ``b`` x 63 in the dictionary every prefix ``b``, ``bb``, ... has a longer word, so on a board
of b's every path of the board stays alive: an unpruned depth-first search walks every path of up
to 36 cubes, which takes longer than anyone waits. Each lexicon node carries its shortest
completion (``Trie.shortest``), and a search does not follow a prefix whose shortest completion
needs more letters than the cubes left can spell: here it stops at once. The plain-Python search
is counted (every read of a node's ``first`` value, through a counting proxy), so the test measures
the work without a clock; the compiled kernel must give the same answers. Memory is bounded by
design: the searches keep one stack entry per cube.
"""

from __future__ import annotations

import pytest

from wordindex.boggle.board import Board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

OFFICIAL = get_rules("official")
WORDS = ["b" * 63, "bbb", "bbbb", "cat", "dog", "b" * 40, "zzz"]
#: The pruned search reads nodes along every path of up to 5 cubes (after ``bbbb`` the shortest
#: completion is 35 more letters): under 200,000 reads on a 6x6 board of b's. Unpruned, the search
#: walks every path of up to 36 cubes and never ends.
READ_LIMIT = 1_000_000


class TooMuchWork(Exception):
    pass


class CountingReads:
    """A ``Trie.first`` that counts its reads and gives up past a limit (so an unpruned search fails fast)."""

    def __init__(self, values):
        self.values = values
        self.reads = 0

    def __getitem__(self, node):
        self.reads += 1
        if self.reads > READ_LIMIT:
            raise TooMuchWork(f"more than {READ_LIMIT:,} node reads")
        return self.values[node]

    def __len__(self):
        return len(self.values)


@pytest.fixture(scope="module")
def run_of_b(index_factory):
    with open_index(index_factory("run-of-b", WORDS)) as index:
        yield load_trie(index)


@pytest.mark.parametrize("size", [4, 5, 6])
def test_board_of_bs_with_a_run_of_63_bs_is_pruned_at_once(run_of_b, size):
    board = Board(size, "b" * size * size)
    counted = CountingReads(run_of_b.first)
    original = run_of_b.first
    run_of_b.first = counted
    try:
        solution = solve_board(run_of_b, board, OFFICIAL, Engine.PYTHON)
    finally:
        run_of_b.first = original
    assert [(w.word, w.score, len(w.path)) for w in solution.words] == [("bbb", 1, 3), ("bbbb", 1, 4)]
    assert counted.reads < 200_000
    compiled = solve_board(run_of_b, board, OFFICIAL, Engine.COMPILED)
    assert compiled.words == solution.words
    counts, scores = BoardScorer(run_of_b, OFFICIAL, threads=1).score_boards([board])
    assert (counts.tolist(), scores.tolist()) == ([2], [2])


def test_the_command_line_answers_the_pathological_board(run_cli, index_factory):
    result = run_cli(["boggle", "b" * 36], db=index_factory("run-of-b", WORDS))
    assert (result.exit_code, result.stdout.splitlines()[-1]) == (
        0,
        "total: 2 words, 2 points (official rules, min 3 letters)",
    )


@pytest.fixture(scope="module")
def runs_of_b(index_factory):
    with open_index(index_factory("runs-of-b", ["b" * k for k in range(3, 10)] + ["cat"])) as index:
        yield load_trie(index)


def test_every_path_alive_is_searched(runs_of_b):
    """b x 3 .. b x 9 on a 4x4 board of b's: nothing can be pruned before 9 cubes, so every path is walked."""
    board = Board(4, "b" * 16)
    solution = solve_board(runs_of_b, board, OFFICIAL, Engine.COMPILED)
    assert [w.word for w in solution.words] == ["b" * k for k in (8, 9, 7, 6, 5, 3, 4)]
    assert [len(w.path) for w in solution.words] == [8, 9, 7, 6, 5, 3, 4]
    counts, scores = BoardScorer(runs_of_b, OFFICIAL, threads=1).score_boards([board])
    assert (counts.tolist(), scores.tolist()) == ([7], [1 + 1 + 2 + 3 + 5 + 11 + 11])
