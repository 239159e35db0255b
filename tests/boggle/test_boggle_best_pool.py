"""The best-board search's pool: symmetric boards are one board, the pool only gets better, runs repeat per seed."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.boggle.best import BestBoardSearch, canonical_boards, run_search, symmetries
from wordindex.boggle.board import Board
from wordindex.boggle.engine import solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

OFFICIAL = get_rules("official")


def _text(row) -> str:
    return "".join(chr(97 + int(c)) for c in row)


boards_4x4 = st.lists(st.integers(0, 25), min_size=16, max_size=16)
boards_5x5 = st.lists(st.integers(0, 25), min_size=25, max_size=25)


@settings(max_examples=200, deadline=None)
@given(st.one_of(boards_4x4, boards_5x5))
def test_canonical_board_is_the_alphabetically_first_symmetry(cells):
    size = 4 if len(cells) == 16 else 5
    board = np.array(cells, dtype=np.int64)
    forms = ["".join(chr(97 + int(board[i])) for i in perm) for perm in symmetries(size)]
    assert _text(canonical_boards(board[None, :], size)[0]) == min(forms)


@settings(max_examples=100, deadline=None)
@given(boards_4x4, st.integers(0, 7))
def test_every_rotation_and_reflection_has_the_same_canonical_board(cells, which):
    board = np.array(cells, dtype=np.int64)
    turned = board[symmetries(4)[which]]
    both = canonical_boards(np.stack([board, turned]), 4)
    assert _text(both[0]) == _text(both[1])


def test_perslatgsineters_and_its_mirror_are_one_board():
    text = "perslatgsineters"
    board = np.array([ord(c) - 97 for c in text], dtype=np.int64)
    mirror = board.reshape(4, 4)[:, ::-1].reshape(16)
    both = canonical_boards(np.stack([board, mirror]), 4)
    assert _text(both[0]) == _text(both[1])


def test_the_pool_holds_distinct_boards_best_first_and_its_best_only_rises(hand_index):
    with open_index(hand_index) as index:
        trie = load_trie(index)
    search = BestBoardSearch(trie, 4, OFFICIAL, seed=7, pool=20)
    best_so_far = -1
    for _ in range(12):
        search.step()
        keys = {_text(row) for row in canonical_boards(search.pool, 4)}
        assert len(keys) == len(search.pool) <= 20  # one board per symmetry class
        assert list(search.pool_scores) == sorted(search.pool_scores, reverse=True)
        for row, score in zip(search.pool[:3], search.pool_scores[:3], strict=False):
            assert solve_board(trie, Board(4, _text(row)), OFFICIAL).score == score
        overall = search.progress().best_score
        assert overall >= best_so_far
        best_so_far = overall


def test_a_seed_and_a_step_count_give_the_same_boards(hand_index):
    with open_index(hand_index) as index:
        trie = load_trie(index)
    runs = [run_search(BestBoardSearch(trie, 4, OFFICIAL, seed=11, pool=10), steps=15) for _ in range(2)]
    assert [(b.board.text, b.score) for b in runs[0].boards] == [(b.board.text, b.score) for b in runs[1].boards]


def test_a_pool_of_nothing_is_refused(hand_index):
    import pytest

    with open_index(hand_index) as index:
        trie = load_trie(index)
    with pytest.raises(ValueError, match="pool"):
        BestBoardSearch(trie, 4, OFFICIAL, seed=1, pool=0)
