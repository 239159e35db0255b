"""The batch scorer's kernel (``dfs_llvm``) and the batch's JSON lines (``batch_json``).

The kernel's totals must be exactly those of the plain-Python search
(``dfs_python``), which the golden answers and the reference solver pin
down (``test_boggle_lexicon.py``): on random dictionaries dense in q, u and
a few letters (so the Qu cube, long words and repeated words all happen),
on ENABLE2K, on boards of every size, one at a time and many per call on
several threads.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.batch import BatchScorer
from wordindex.boggle.batch_json import board_lines
from wordindex.boggle.board import SIZES, Board
from wordindex.boggle.dfs_python import find_words
from wordindex.boggle.engine import MAX_LETTERS, BoardScorer
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.boggle.trie import Trie, build_trie
from wordindex.index.core import open_index

#: A small alphabet with the Qu cube in it: boards full of words and of q-u paths.
LETTERS = "aeqstu"
ENGLISH = "eeeeeeaaaaaiiiiooootttnnnssrrrlllddcuupmghbyfkvwqxjzqqq"


def python_totals(trie: Trie, board: Board, rules) -> tuple[int, int]:
    """(count, score) by the plain-Python search."""
    table = rules.score_table(MAX_LETTERS + 1)
    words = find_words(trie, board, rules.min_length)
    return len(words), sum(table[len(word)] for word, _ in words.values())


def kernel_totals(trie: Trie, boards: list[Board], rules, threads: int = 1) -> list[tuple[int, int]]:
    counts, scores = BoardScorer(trie, rules, threads=threads).score_boards(boards)
    return list(zip(counts.tolist(), scores.tolist(), strict=True))


def boards_of(letters: str, sizes=SIZES):
    return st.sampled_from(sizes).flatmap(
        lambda size: st.text(alphabet=letters, min_size=size * size, max_size=size * size).map(
            lambda faces: Board(size, faces)
        )
    )


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=12), min_size=1, max_size=60),
    boards=st.lists(boards_of(LETTERS), min_size=1, max_size=4),
    rules_name=st.sampled_from(["official", "simple"]),
    min_length=st.sampled_from([None, 1, 2, 5]),
)
def test_kernel_equals_the_python_search_on_random_dictionaries(words, boards, rules_name, min_length):
    trie = build_trie(words)
    rules = get_rules(rules_name, min_length)
    assert kernel_totals(trie, boards, rules) == [python_totals(trie, board, rules) for board in boards]


@pytest.fixture(scope="module")
def enable_trie(enable_index):
    with open_index(enable_index) as index:
        return load_trie(index)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(boards=st.lists(boards_of(ENGLISH), min_size=1, max_size=5))
def test_kernel_equals_the_python_search_on_enable2k(enable_trie, boards):
    rules = get_rules("official")
    assert kernel_totals(enable_trie, boards, rules) == [python_totals(enable_trie, board, rules) for board in boards]


@pytest.mark.parametrize("size", SIZES)
def test_many_boards_on_two_threads_equal_one_at_a_time(size):
    """Enough boards for both threads; the per-node board stamps never mix two boards' words."""
    rng = np.random.default_rng(size)
    trie = build_trie(["".join(rng.choice(list(LETTERS), rng.integers(1, 9))) for _ in range(400)])
    rules = get_rules("official")
    boards = [Board(size, "".join(rng.choice(list(LETTERS), size * size))) for _ in range(600)]
    together = kernel_totals(trie, boards, rules, threads=2)
    assert together == [python_totals(trie, board, rules) for board in boards]
    assert together == kernel_totals(trie, boards[::-1], rules, threads=2)[::-1]


def test_boards_larger_than_the_kernel_stack_are_refused():
    scorer = BoardScorer(build_trie(["tea"]), get_rules("official"), threads=1)
    with pytest.raises(ValueError):
        scorer.score_codes(np.zeros((1, 49), dtype=np.uint8), 7)


# -- the JSON lines ---------------------------------------------------------------------------


def one_line(board: str, count: int, score: int) -> str:
    """The per-line formatting of ``cli/boggle.py`` (the reference)."""
    side = math.isqrt(len(board))
    rows = ", ".join(f'"{board[r * side : (r + 1) * side]}"' for r in range(side))
    return f'{{"board": "{board}", "rows": [{rows}], "count": {count}, "score": {score}}}\n'


@given(
    size=st.sampled_from(SIZES),
    data=st.data(),
)
def test_json_lines_in_one_go_equal_line_by_line(size, data):
    n = data.draw(st.integers(0, 20))
    boards = data.draw(
        st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=size**2, max_size=size**2), min_size=n, max_size=n)
    )
    counts = data.draw(st.lists(st.integers(0, 2**31 - 1), min_size=n, max_size=n))
    scores = data.draw(st.lists(st.integers(0, 2**31 - 1), min_size=n, max_size=n))
    letters = np.frombuffer("".join(boards).encode(), dtype=np.uint8).reshape(n, size * size)
    text = board_lines(letters, size, np.array(counts, dtype=np.int64), np.array(scores, dtype=np.int64)).decode()
    assert text == "".join(one_line(*line) for line in zip(boards, counts, scores, strict=True))
    assert all(json.loads(line)["rows"][0] == board[:size] for line, board in zip(text.splitlines(), boards))


def test_a_chunk_of_plain_boards_takes_the_fast_path_with_the_same_answers(hand_index):
    with open_index(hand_index) as index:
        trie = load_trie(index)
    rules = get_rules("official")
    lines = ["tesa", "qene", "zzzz", "aest"] * 20
    fast = BatchScorer(trie, rules).score_chunk(lines, more_to_come=True)
    slow = BatchScorer(trie, rules).score_chunk(lines[:-1] + ["AEST"], more_to_come=True)  # one line to normalise
    assert fast.json_lines is not None and slow.json_lines is None
    assert (fast.boards, fast.counts, fast.scores) == (slow.boards[:-1] + ["aest"], slow.counts, slow.scores)
    assert fast.json_lines.decode() == "".join(
        one_line(b, c, s) for b, c, s in zip(fast.boards, fast.counts, fast.scores, strict=True)
    )
    assert fast.counts[:4] == [11, 2, 0, fast.counts[3]] and fast.scores[:3] == [11, 3, 0]
