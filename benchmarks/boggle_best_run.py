"""How long ``boggle-best --size 4 --rules official`` takes to reach a target score on ENABLE2K.

Run once, by hand (it is a measurement, not a test):

    python benchmarks/boggle_best_run.py --wordlist /work/shared/wordlists/enable2k.txt \\
        --seeds 1 2 3 4 5 --target 3500 --limit 900

For each seed it builds nothing twice: the ENABLE2K index is built once in a
temporary folder, then the same search ``wordindex boggle-best`` runs
(``BestBoardSearch`` on the prefix table loaded from the index) starts from a
random board and stops at the target score or the time limit. It prints,
per seed, the seconds until the target was reached (table loading included)
and the best board.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from wordindex.boggle.best import BestBoardSearch
from wordindex.boggle.lexicon import PrefixTable
from wordindex.boggle.rules import get_rules
from wordindex.build import build_index
from wordindex.index import open_index


def run(index_path: Path, seed: int, size: int, target: int, limit: float) -> tuple[float | None, int, str, int]:
    started = time.perf_counter()
    with open_index(str(index_path)) as index:
        table = PrefixTable(index)
    search = BestBoardSearch(table, size, get_rules("official"), seed=seed)
    reached = None
    while time.perf_counter() - started < limit:
        progress = search.step()
        if progress.best_score >= target:
            reached = time.perf_counter() - started
            break
    best = search.best(1)[0]
    return reached, best.score, best.board.text, search.steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, required=True)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--target", type=int, default=3500)
    parser.add_argument("--limit", type=float, default=900.0, help="seconds per seed (15 minutes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        index_path = Path(folder) / "enable2k.db"
        build_index(str(index_path), args.wordlist)
        times = []
        for seed in args.seeds:
            reached, score, board, steps = run(index_path, seed, args.size, args.target, args.limit)
            shown = f"{reached:.1f} s" if reached is not None else f"not within {args.limit:g} s"
            print(f"seed {seed}: {args.target} reached {shown}; best {score} {board} after {steps} steps", flush=True)
            if reached is not None:
                times.append(reached)
        print(
            f"{len(times)}/{len(args.seeds)} seeds reached {args.target}"
            + (f"; median {statistics.median(times):.1f} s, max {max(times):.1f} s" if times else "")
        )


if __name__ == "__main__":
    main()
