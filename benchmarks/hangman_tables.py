"""The hangman strength tables of the README, for every word length of a dictionary.

    python benchmarks/hangman_tables.py                 # the bundled data/dictionary.txt
    python benchmarks/hangman_tables.py --db my.db      # an existing SQLite index
    python benchmarks/hangman_tables.py --lengths 3-8 --strategies paga,split --jobs 2

For each length: the share of its words each strategy wins with ``--lives``
wrong guesses allowed against an honest chooser (every word of the length
once), evaluated as a decision tree (``wordindex.hangman.strength.honest_tree``:
one guesser question and one family-split query per family), and the wrong
guesses each strategy needs to finish against the evil chooser
(``evil_misses``). Prints two Markdown tables on stdout, progress on stderr.
Without ``--db`` it first builds a temporary index of data/dictionary.txt
(a few seconds).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wordindex.hangman.guessers import STRATEGIES  # noqa: E402


def parse_lengths(text: str | None, available: list[int]) -> list[int]:
    if not text:
        return available
    wanted: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        wanted.update(range(int(low), int(high or low) + 1))
    return [n for n in available if n in wanted]


def run_task(task):
    db, length, strategy, lives = task
    from wordindex.hangman.strength import evil_misses, honest_tree
    from wordindex.index.core import open_index

    started = time.perf_counter()
    with open_index(db) as index:
        tree = honest_tree(index, length, strategy, lives)
        misses = evil_misses(index, length, strategy)
    return length, strategy, tree.wins, tree.words, misses, time.perf_counter() - started


def markdown(lengths, counts, strategies, cell) -> list[str]:
    lines = ["| length | words | " + " | ".join(strategies) + " |", "|---:|---:|" + "---:|" * len(strategies)]
    for n in lengths:
        lines.append(f"| {n} | {counts[n]:,} | " + " | ".join(cell(n, s) for s in strategies) + " |")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="SQLite index to measure (default: a temporary index of data/dictionary.txt)")
    parser.add_argument("--lives", type=int, default=6, help="wrong guesses that lose an honest game (default 6)")
    parser.add_argument("--lengths", help="lengths to measure, e.g. 3-8 or 4,6 (default: all)")
    parser.add_argument("--strategies", default=",".join(STRATEGIES), help="comma-separated strategies")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]

    from wordindex.build.builder import build_index
    from wordindex.index.core import open_index

    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            db = str(Path(folder) / "wordindex.db")
            print(f"building a temporary index of {ROOT / 'data' / 'dictionary.txt'} ...", file=sys.stderr)
            build_index(db, ROOT / "data" / "dictionary.txt")
        with open_index(db) as index:
            counts = {int(n): int(c) for n, c in index.rows("SELECT length, COUNT(*) FROM words GROUP BY length")}
        lengths = parse_lengths(args.lengths, sorted(counts))
        # biggest first, so the pool stays busy
        tasks = sorted(((db, n, s, args.lives) for n in lengths for s in strategies), key=lambda t: -counts[t[1]])
        wins: dict = {}
        misses: dict = {}
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(run_task, task) for task in tasks]
            for future in as_completed(futures):
                length, strategy, won, words, missed, seconds = future.result()
                wins[length, strategy] = won
                misses[length, strategy] = missed
                print(
                    f"length {length:>2} {strategy:<10} wins {won:>6}/{words:<6} "
                    f"evil misses {missed:>2}  ({seconds:.1f} s)",
                    file=sys.stderr,
                )
    print(f"done in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    def share(n, s):
        best = max(wins[n, t] for t in strategies)
        text = f"{100 * wins[n, s] / counts[n]:.2f}%"
        return f"**{text}**" if wins[n, s] == best else text

    def missed(n, s):
        best = min(misses[n, t] for t in strategies)
        return f"**{misses[n, s]}**" if misses[n, s] == best else str(misses[n, s])

    print(
        f"Honest chooser: share of the words of each length won with {args.lives} wrong guesses allowed "
        f"(CS106L's {args.lives} guesses: miss number {args.lives} loses; best in bold)\n"
    )
    print("\n".join(markdown(lengths, counts, strategies, share)))
    print("\nEvil chooser: wrong guesses needed to finish (fewest in bold)\n")
    print("\n".join(markdown(lengths, counts, strategies, missed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
