"""wordindex's Boggle solver side by side with pyggle (PyPI), same dictionary, same boards, one run.

One command (pyggle is optional: without it only our figures are printed):

    pip install pyggle    # once
    python benchmarks/boggle_pyggle.py --wordlist ../shared/wordlists/enable2k.txt

It builds an ENABLE2K index in a temporary folder (or uses ``--db``), loads
both lexicons (timed), then times, in this process: every word of the dense
board perslatgsineters (median of ``--repeat`` runs) and the word totals of
``--boards`` random 4×4 boards (letters drawn uniformly from a-z without q:
pyggle has no Qu cube), checking that both solvers find the same words.
Ours runs three ways: the plain-Python search (what ``wordindex boggle
BOARD`` uses), the compiled one (LLVM IR), and the compiled scorer on every
core (what ``--batch`` uses). The last column is how many times faster ours
is than pyggle.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_common import index_of

from wordindex.boggle.board import Board, parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

DENSE = "perslatgsineters"
OFFICIAL = get_rules("official")


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        timings.append(time.perf_counter() - started)
    return statistics.median(timings)


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, required=True, help="the dictionary (ENABLE2K)")
    parser.add_argument("--db", help="an existing index of that dictionary (default: build one)")
    parser.add_argument("--boards", type=int, default=2000, help="random boards to score")
    parser.add_argument("--repeat", type=int, default=21, help="runs of the dense board")
    args = parser.parse_args()
    try:
        from pyggle import Boggle
    except ImportError:
        Boggle = None
        print("pyggle is not installed (pip install pyggle): only wordindex's figures follow")
    print(f"{os.cpu_count()} cores, {load_average()}")
    words = args.wordlist.read_text().split()
    rng = random.Random(13)
    texts = ["".join(rng.choice("abcdefghijklmnoprstuvwxyz") for _ in range(16)) for _ in range(args.boards)]
    boards = [Board(4, text) for text in texts]
    with tempfile.TemporaryDirectory() as folder:
        db = index_of(args.wordlist, folder, args.db)
        started = time.perf_counter()
        with open_index(db) as index:
            trie = load_trie(index)
        ours_load = time.perf_counter() - started

    rows: list[tuple[str, float, float | None]] = []
    dense = parse_board(DENSE)
    rows.append(("lexicon load (s)", ours_load, None))
    python_dense = median_seconds(lambda: solve_board(trie, dense, OFFICIAL, Engine.PYTHON), args.repeat)
    solve_board(trie, dense, OFFICIAL, Engine.COMPILED)  # compiling the kernel, not timed
    compiled_dense = median_seconds(lambda: solve_board(trie, dense, OFFICIAL, Engine.COMPILED), args.repeat)
    scorer = BoardScorer(trie, OFFICIAL)
    scorer.score_boards(boards[:2])
    started = time.perf_counter()
    python_totals = [solve_board(trie, board, OFFICIAL, Engine.PYTHON).count for board in boards]
    python_rate = len(boards) / (time.perf_counter() - started)
    started = time.perf_counter()
    counts = []
    for board in boards:
        counts.append(solve_board(trie, board, OFFICIAL, Engine.COMPILED).count)
    compiled_rate = len(boards) / (time.perf_counter() - started)
    started = time.perf_counter()
    bulk_counts, _ = scorer.score_boards(boards)
    bulk_rate = len(boards) / (time.perf_counter() - started)
    assert python_totals == counts == bulk_counts.tolist()

    pyggle_load = pyggle_dense = pyggle_rate = None
    if Boggle is not None:
        started = time.perf_counter()
        game = Boggle([list(row) for row in dense.rows()], words, official=True)
        pyggle_load = time.perf_counter() - started
        pyggle_dense = median_seconds(game.solve, args.repeat)
        assert len(game.solve()) == solve_board(trie, dense, OFFICIAL).count
        started = time.perf_counter()
        pyggle_counts = []
        for board in boards:
            game.board = [list(row) for row in board.rows()]
            pyggle_counts.append(len(game.solve()))
        pyggle_rate = len(boards) / (time.perf_counter() - started)
        assert pyggle_counts == counts, "pyggle and wordindex disagree on a board"

    def ratio(ours: float, theirs: float | None, smaller_is_better: bool = True) -> str:
        if theirs is None:
            return "n/a"
        return f"{theirs / ours:,.1f}×" if smaller_is_better else f"{ours / theirs:,.1f}×"

    print(f"{'measure':<58} {'wordindex':>12} {'pyggle':>12} {'ours faster':>12}")
    lines = [
        ("lexicon load before the first board", ours_load, pyggle_load, "s", True),
        (f"{DENSE}, every word, plain Python (ms, median)", python_dense * 1e3, _ms(pyggle_dense), "", True),
        (f"{DENSE}, every word, compiled (ms, median)", compiled_dense * 1e3, _ms(pyggle_dense), "", True),
        (f"{len(boards):,} random boards, one at a time, plain Python (boards/s)", python_rate, pyggle_rate, "", False),
        (f"{len(boards):,} random boards, one at a time, compiled (boards/s)", compiled_rate, pyggle_rate, "", False),
        (f"{len(boards):,} random boards in bulk, every core (boards/s)", bulk_rate, pyggle_rate, "", False),
    ]
    for label, ours, theirs, _, smaller in lines:
        shown_theirs = "n/a" if theirs is None else f"{theirs:,.3f}" if theirs < 100 else f"{theirs:,.0f}"
        shown_ours = f"{ours:,.3f}" if ours < 100 else f"{ours:,.0f}"
        print(f"{label:<58} {shown_ours:>12} {shown_theirs:>12} {ratio(ours, theirs, smaller):>12}")
    print(load_average())


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else seconds * 1e3


if __name__ == "__main__":
    main()
