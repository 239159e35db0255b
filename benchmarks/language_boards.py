"""Boards worth playing: how many words random 4×4 boards of each language's dice hold (issue 33).

For each language an index of its default list is built (or reused from ``--dir``), ``--boards``
boards are shaken from its default 4×4 dice (``--all-sets``: from each of its 4×4 sets) exactly as
a game shakes them (``wordindex.boggle.dice.shake``, a ``random.Random(--seed)`` per set), and the
batch scorer counts each board's words (official rules: three letters or more). The table gives
the median, the 10th percentile and the share of boards with fewer than 10 words; the target is a
median at least English's, and at most 1 % of boards under 10 words.

The seed is not the one ``benchmarks/tune_dice.py`` tuned on, so tuned sets are measured on
boards their search never saw.

    python benchmarks/language_boards.py --dir /tmp/language-indexes
    python benchmarks/language_boards.py --languages en,de --all-sets
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
    parser.add_argument("--boards", type=int, default=1000, help="boards a language (a set)")
    parser.add_argument("--seed", type=int, default=808813)
    parser.add_argument("--all-sets", action="store_true", help="every 4×4 set of each language, not only the default")
    args = parser.parse_args()
    import numpy as np

    from wordindex.boggle.dice import get_dice, shake
    from wordindex.boggle.dice_tuning import POOR, BoardQuality
    from wordindex.boggle.engine import BoardScorer
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.index import open_index
    from wordindex.languages import language

    rules = get_rules("official")
    started = time.perf_counter()
    print(f"{os.cpu_count()} cores; {args.boards:,} boards a set, seed {args.seed}, official rules")
    print(f"| language | dice | words in the lexicon | median | 10th percentile | under {POOR} words |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for code in args.languages.split(","):
        db, failed = language_index(code, args.dir)
        if failed:
            print(f"| {code} | | {failed} | | | |")
            continue
        with open_index(db) as index:
            trie = load_trie(index)
        found = language(code)
        faces = faces_of(code)
        scorer = BoardScorer(trie, rules, faces=faces)
        default = get_dice(None, 4, found)
        sets = [d for d in found.dice if d.size == 4] if args.all_sets else [default]
        for dice in sets:
            rng = random.Random(args.seed)
            boards = [shake(dice, rng, faces) for _ in range(args.boards)]
            codes = np.frombuffer(b"".join(board.codes() for board in boards), dtype=np.uint8)
            counts, _ = scorer.score_codes(codes.reshape(args.boards, 16), 4)
            q = BoardQuality.of(counts)
            name = f"**{dice.name}**" if dice is default and args.all_sets else dice.name
            print(f"| {code} | {name} | {trie.word_count:,} | {q.median:g} | {q.p10:g} | {q.poor_share:.1%} |")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{time.perf_counter() - started:.0f} s; load average {load}")


if __name__ == "__main__":
    main()
