"""The batch scorer in-process: boards per second on ONE thread, beside an older kernel; a batch's phases.

One command:

    python benchmarks/boggle_kernel.py --wordlist ../shared/wordlists/enable2k.txt

Boards per second on one thread, after loading, is what a shared machine's
load changes least (the whole-process figure of ``boggle_batch.py`` counts
both cores and every other process on them). The script scores the same
random boards (letters drawn uniformly, seeded; 4×4, 5×5 and 6×6) with

* this tree's ``BoardScorer(trie, rules, threads=1)`` (``dfs_llvm``) and the
  same on every core (``threads=None``);
* another version of wordindex is measured beside this one by
  ``boggle_side_by_side.py`` (each in its own processes, its own index).

Each rate is the best of ``--runs``, rounds alternating between the
kernels; the totals of each kernel must be equal or the script stops. Then
it times the phases of one ``--batch`` of the 4×4 boards, in-process, as
``wordindex boggle --batch`` runs them (lexicon load, kernel compilation,
scoring with the JSON lines). It needs ``git`` for ``--against``.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from bench_common import index_of

ROOT = Path(__file__).resolve().parent.parent
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, help="dictionary to build an index of (ENABLE2K)")
    parser.add_argument("--db", help="use this existing index instead of building one")
    parser.add_argument("--boards", type=int, default=100_000, help="4×4 boards (a fifth as many 5×5 and 6×6)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=808813)
    args = parser.parse_args()
    if not args.db and not args.wordlist:
        parser.error("give --wordlist (to build an index) or --db")
    import numpy as np

    from wordindex.boggle.batch import BatchScorer
    from wordindex.boggle.engine import BoardScorer
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.index.core import open_index

    print(f"{os.cpu_count()} cores, {load_average()}", flush=True)
    rules = get_rules("official")
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        db = index_of(args.wordlist, folder, args.db)
        with open_index(db) as index:
            started = time.perf_counter()
            trie = load_trie(index)
            trie.arrays()
            load_seconds = time.perf_counter() - started
        kernels = {
            "this tree, 1 thread": lambda codes, size: BoardScorer(trie, rules, threads=1).score_codes(codes, size),
            "this tree, all cores": lambda codes, size: BoardScorer(trie, rules).score_codes(codes, size),
        }
        for size, n in ((4, args.boards), (5, args.boards // 5), (6, args.boards // 5)):
            text = "".join(rng.choice(LETTERS) for _ in range(n * size * size))
            codes = np.frombuffer(text.encode(), dtype=np.uint8).reshape(n, size * size) - 97
            codes = np.where(codes == 16, 32, codes).astype(np.uint8)  # q: the Qu cube (face 32)
            for kernel in kernels.values():
                kernel(codes[:100], size)  # compile or load first
            best = dict.fromkeys(kernels, 0.0)
            totals = {}
            for _ in range(args.runs):
                for name, kernel in kernels.items():
                    started = time.perf_counter()
                    counts, scores = kernel(codes, size)
                    best[name] = max(best[name], n / (time.perf_counter() - started))
                    totals[name] = (int(counts.sum()), int(scores.sum()))
            if len(set(totals.values())) != 1:
                raise SystemExit(f"the kernels disagree on {size}×{size}: {totals}")
            words, points = totals[next(iter(totals))]
            print(f"{size}×{size}, {n:,} boards ({words:,} words, {points:,} points), best of {args.runs}:")
            for name, rate in best.items():
                print(f"  {name:<32} {rate:>10,.0f} boards/s")
            print(f"  {load_average()}", flush=True)

        n = args.boards
        lines = ["".join(rng.choice(LETTERS) for _ in range(16)) for _ in range(n)]
        started = time.perf_counter()
        with open_index(db) as index:
            trie = load_trie(index)
        loaded = time.perf_counter()
        batch = BatchScorer(trie, rules)
        batch.prepare()
        chunks = [batch.score_chunk(lines[i : i + 16384], more_to_come=True) for i in range(0, n, 16384)]
        scored = time.perf_counter()
        output = b"".join(chunk.json_lines or b"" for chunk in chunks)
        print(
            f"one batch of {n:,} 4×4 lines in-process: lexicon {loaded - started:.3f} s (checked "
            f"{load_seconds:.3f} s before), compile + check + score + JSON {scored - loaded:.3f} s, "
            f"{len(output):,} bytes out; {load_average()}"
        )


if __name__ == "__main__":
    main()
