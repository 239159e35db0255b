"""The stop flag's read and the recording of words are compiled into the kernel a single solve uses
(a request's time budget, the paths), not into the batch's: random boards are never stopped
mid-board nor their words listed, and each costs 5-10 % on 5×5 boards."""

from __future__ import annotations

import numpy as np

from wordindex.boggle.board import Board, parse_board
from wordindex.boggle.dfs_llvm import (
    NO_STOP_CHECK,
    NOT_RECORDING,
    RECORDING,
    STOP_CHECK,
    Faces,
    kernel_ir,
    score_function,
)
from wordindex.boggle.engine import BoardScorer, Engine, kernel_for, solve_board
from wordindex.boggle.faces import english_faces
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index


def test_only_the_single_solve_kernel_reads_the_stop_flag_and_records():
    for faces in Faces:
        one, batch = kernel_ir(faces), kernel_ir(faces, batch=True)
        assert STOP_CHECK in one and NO_STOP_CHECK not in one
        assert RECORDING in one and NOT_RECORDING not in one
        assert STOP_CHECK not in batch and NO_STOP_CHECK in batch
        assert RECORDING not in batch and NOT_RECORDING in batch


def test_the_batch_kernel_scores_what_the_single_solve_finds(hand_index):
    """Both kernels count and score a board alike (the batch's only leaves out the recording)."""
    with open_index(hand_index) as index:
        trie, rules = load_trie(index), get_rules("official")
    boards = [parse_board(text) for text in ("perslatgsineters", "catsdogsratsbats", "qaeiqustrelandso")]
    counts, scores = BoardScorer(trie, rules, threads=1).score_boards(boards)
    for board, count, score in zip(boards, counts, scores, strict=True):
        solution = solve_board(trie, board, rules, Engine.COMPILED)
        assert (int(count), int(score)) == (len(solution.words), solution.score)
    assert int(counts[0]) > 0


def test_a_board_with_a_lone_q_beside_the_qu_cube_takes_the_general_kernel(index_factory):
    """The Qu kernel reads the Qu cube as q; a board that also holds a q alone (possible through the
    API's face tuples) must take the general kernel and still find exactly the plain search's words."""
    words = ["qat", "quat", "quiet", "aqua", "squat", "tau", "qua", "suq", "qats", "quits"]
    with open_index(index_factory("lone_q", words=sorted(words))) as index:
        trie, rules = load_trie(index), get_rules("official")
    both = Board(4, ("q", "a", "t", "s", "qu", "i", "e", "t", "a", "u", "q", "s", "s", "q", "u", "a"))
    only_qu = Board(4, tuple("qu" if face == "q" else face for face in both.faces))
    for board, kind in ((both, Faces.ANY), (only_qu, Faces.QU)):
        kernel, _, _ = kernel_for(english_faces(), np.frombuffer(board.codes(), dtype=np.uint8))
        assert kernel is (score_function(kind, 16, 20) if kind is Faces.QU else score_function(kind))
        plain = solve_board(trie, board, rules, Engine.PYTHON)
        compiled = solve_board(trie, board, rules, Engine.COMPILED)
        assert compiled.texts == plain.texts and compiled.texts
        counts, scores = BoardScorer(trie, rules, threads=1).score_boards([board])
        assert (int(counts[0]), int(scores[0])) == (len(plain.texts), plain.score)
    assert "qat" in solve_board(trie, both, rules, Engine.PYTHON).texts
