"""Boggle in each language: boards per second on random boards shaken from its own dice (issue 19).

For each language an index of its default list is built (or reused from ``--dir``), ``--boards``
boards are shaken from its default 4×4 dice (seeded), and the batch scorer scores them on every
core, in-process, after loading the lexicon and compiling the kernel; the best of ``--runs`` is
printed with the words and points found, so the figure can be checked.

    python benchmarks/language_boggle.py --dir /tmp/language-indexes
    python benchmarks/language_boggle.py --languages en,fr,pl --boards 50000
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from bench_common import language_index


def main() -> None:
    from wordindex.languages import CODES

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", default=",".join(CODES))
    parser.add_argument("--dir", type=Path, default=Path("/tmp/language-indexes"), help="indexes (built if missing)")
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=808813)
    args = parser.parse_args()
    import numpy as np

    from wordindex.boggle.dice import get_dice, shake
    from wordindex.boggle.engine import BoardScorer
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.index.core import open_index
    from wordindex.languages import language

    rules = get_rules("official")
    print(f"{os.cpu_count()} cores; {args.boards:,} boards a language, best of {args.runs}")
    print("| language | dice | words in the lexicon | boards/s | words/board | points/board |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for code in args.languages.split(","):
        db, failed = language_index(code, args.dir)
        if failed:
            print(f"| {code} | | | {failed} | | |")
            continue
        with open_index(db) as index:
            trie = load_trie(index)
            found = index.language
        faces = faces_of(found.code)
        dice = get_dice(None, 4, language(found.code))
        rng = random.Random(args.seed)
        boards = [shake(dice, rng, faces) for _ in range(args.boards)]
        codes = np.frombuffer(b"".join(board.codes() for board in boards), dtype=np.uint8).reshape(args.boards, 16)
        scorer = BoardScorer(trie, rules, faces=faces)
        scorer.score_codes(codes[:1000], 4)
        best = 0.0
        for _ in range(args.runs):
            started = time.perf_counter()
            counts, scores = scorer.score_codes(codes, 4)
            best = max(best, args.boards / (time.perf_counter() - started))
        print(
            f"| {code} | {dice.name} | {trie.word_count:,} | {best:,.0f} | {counts.mean():.1f} | {scores.mean():.1f} |"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
