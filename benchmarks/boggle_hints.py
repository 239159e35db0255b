"""A Boggle round's "where words start" hint: tracing every word's start cells once, then each hint.

One command:

    python benchmarks/boggle_hints.py --wordlist ../shared/wordlists/enable2k.txt

It builds an ENABLE2K index in a temporary folder (or uses ``--db``) and, for a 4×4, a 5×5 and a
dense 6×6 board, prints the median of ``--runs`` times of: the board's solve (compiled search, the
ceiling: the server does it once per round anyway), the first hint (tracing every word's start
cells, ``hints.word_starts``) and a later hint (the traced cells reused), each with its ratio to
the solve, and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

BOARDS = ("catsoeabtseqibxl", "gnesaitrlpetsdarecnstiome", "setaerlinstsaretdsegnilartsedsnatrie")


def median_ms(work: Callable[[], object], runs: int, before: Callable[[], object] = lambda: None) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(trie: object, board: object, runs: int) -> str:
    """One board's line: its solve, its first hint and a later one (medians, ms), with the ratios."""
    from wordindex.boggle.engine import Engine, solve_board
    from wordindex.boggle.hints import start_counts, unfound, word_starts
    from wordindex.boggle.rules import get_rules

    rules = get_rules("official")
    solve_board(trie, board, rules, Engine.COMPILED)  # compiled once, before timing
    solution = solve_board(trie, board, rules, Engine.COMPILED)
    left = unfound(solution.texts, set(solution.texts[:10]))
    solve = median_ms(lambda: solve_board(trie, board, rules, Engine.COMPILED), runs)
    first = median_ms(lambda: start_counts(board, left, solution.texts), runs, word_starts.cache_clear)
    later = median_ms(lambda: start_counts(board, left, solution.texts), runs)
    return (
        f"{board.size}×{board.size} {board.text}: {solution.count} words; solve {solve:.2f} ms; "
        f"first hint {first:.2f} ms ({first / solve:.1f}× the solve); "
        f"later hint {later:.3f} ms ({later / solve:.2f}× the solve)"
    )


def main() -> None:
    from wordindex.boggle.board import parse_board
    from wordindex.boggle.store import load_trie
    from wordindex.build.builder import build_index
    from wordindex.index.core import open_index

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordlist", type=Path, help="the list to build an index of")
    parser.add_argument("--db", help="an index already built (instead of --wordlist)")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            if args.wordlist is None:
                parser.error("give --wordlist or --db")
            db = str(Path(folder) / "wordindex.db")
            build_index(db, str(args.wordlist))
        with open_index(db) as index:
            trie = load_trie(index)
            for text in BOARDS:
                print(measure(trie, parse_board(text), args.runs))
    print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f", {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
