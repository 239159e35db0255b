"""Boggle speed: solving in-process, the CLI end to end, --batch on random boards.

Run:  WORDINDEX_WORDLISTS=../shared/wordlists pytest benchmarks/test_bench_boggle.py --benchmark-only -q
Separate scripts: benchmarks/boggle_batch.py (100,000 boards, whole process),
benchmarks/boggle_best_run.py (best board per seed), benchmarks/boggle_pyggle.py (side by side).
Targets (issue #13): perslatgsineters ≤ 1 ms in-process; `wordindex boggle BOARD` no slower than
before (about 240 ms); --batch on 100,000 random 4×4 boards ≥ 50,000 boards/s for the whole process.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordindex.boggle.board import Board, parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

OFFICIAL = get_rules("official")
DENSE_4X4 = "perslatgsineters"
DENSE_5X5 = "sepesdsracietilmanesligdr"


def wordindex_command() -> list[str]:
    """The console script next to this Python (avoids the slow pyenv shim)."""
    script = Path(sys.executable).with_name("wordindex")
    return [str(script)] if script.exists() else [shutil.which("wordindex") or "wordindex"]


def random_boards(count: int, seed: int = 808813) -> list[str]:
    """Random 4×4 boards, letters drawn uniformly from a-z."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(rng.choice(letters) for _ in range(16)) for _ in range(count)]


@pytest.fixture(scope="module")
def enable(bench_index_factory, reference_list):
    path = bench_index_factory("enable2k", reference_list("enable2k.txt"))
    with open_index(path) as index:
        yield path, index


@pytest.fixture(scope="module")
def enable_trie(enable):
    return load_trie(enable[1])


@pytest.mark.parametrize("engine", list(Engine))
def test_solve_dense_4x4_on_the_stored_lexicon(benchmark, enable_trie, engine):
    """Every word of perslatgsineters on the lexicon stored in the index (issue 13: ≤ 1 ms compiled)."""
    board = parse_board(DENSE_4X4)
    solve_board(enable_trie, board, OFFICIAL, engine)  # the kernel's compilation happens here, untimed
    solution = benchmark(lambda: solve_board(enable_trie, board, OFFICIAL, engine))
    assert (solution.count, solution.score) == (1045, 3625)


def test_load_stored_lexicon(benchmark, enable):
    """One query reads the stored lexicon."""
    trie = benchmark.pedantic(lambda: load_trie(enable[1]), rounds=15, iterations=1)
    assert len(trie) == 389_310


def test_score_100000_random_boards_on_both_cores(benchmark, enable_trie):
    boards = [Board(4, text) for text in random_boards(100_000)]
    scorer = BoardScorer(enable_trie, OFFICIAL)
    scorer.score_boards(boards[:10])
    counts, scores = benchmark.pedantic(lambda: scorer.score_boards(boards), rounds=5, iterations=1)
    assert len(scores) == 100_000
    benchmark.extra_info["boards_per_second"] = round(100_000 / benchmark.stats.stats.median)


def test_solve_dense_5x5_on_the_stored_lexicon(benchmark, enable_trie):
    board = parse_board(DENSE_5X5)
    solve_board(enable_trie, board, OFFICIAL, Engine.COMPILED)
    solution = benchmark(lambda: solve_board(enable_trie, board, OFFICIAL, Engine.COMPILED))
    assert (solution.count, solution.score) == (2344, 10406)


def test_cli_one_board_end_to_end(benchmark, enable):
    """`wordindex boggle perslatgsineters`, Python start included."""
    path, _ = enable
    env = {**os.environ, "WORDINDEX_DB": str(path)}
    command = [*wordindex_command(), "boggle", DENSE_4X4]
    result = benchmark.pedantic(
        lambda: subprocess.run(command, env=env, capture_output=True, text=True, check=True), rounds=15, iterations=1
    )
    assert result.stdout.rstrip().endswith("total: 1,045 words, 3,625 points (official rules, min 3 letters)")


def test_cli_batch_100000_random_boards_end_to_end(benchmark, enable, tmp_path):
    """`wordindex boggle --batch FILE` on 100,000 random boards, the whole process timed."""
    path, _ = enable
    source = tmp_path / "boards.txt"
    source.write_text("\n".join(random_boards(100_000)) + "\n")
    env = {**os.environ, "WORDINDEX_DB": str(path)}
    command = [*wordindex_command(), "boggle", "--batch", str(source)]
    result = benchmark.pedantic(
        lambda: subprocess.run(command, env=env, capture_output=True, text=True, check=True),
        rounds=5,
        iterations=1,
        warmup_rounds=1,
    )
    assert len(result.stdout.splitlines()) == 100_000
    median = benchmark.stats.stats.median
    benchmark.extra_info["boards_per_second"] = round(100_000 / median)
