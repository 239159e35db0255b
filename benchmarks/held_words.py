"""The query answers from SQL and from the held words (``wordindex.index.held``), side by side in one run.

    python benchmarks/held_words.py                      # a fresh index of data/dictionary.txt
    python benchmarks/held_words.py --db other.db --runs 9

Two connections to one index: one answers with SQL (as the command line does), the other from the
words a server worker holds in memory. For each question (``wordindex.reports``'s function of the
command, its JSON encoded as the server sends it) it times ``--repeat`` answers ``--runs`` times on
each connection, alternating, and prints the median per answer and their ratio. The two answers
are checked to be the same text first. Also printed: how long holding the words took and the memory
it added (resident set size). Progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from bench_common import index_of

ROOT = Path(__file__).resolve().parent.parent
#: (label, command, arguments, options): the serve_load examples, then the slowest answers served.
QUESTIONS = [
    ("words -o-- (20)", "words", ("-o--",), {"limit": 20}),
    ("guess -e-- e", "guess", ("-e--",), {"guessed": "e"}),
    ("evil 4 e", "evil", (4, "e"), {}),
    ("solve cool", "solve", ("cool",), {}),
    ("best-word cowsxz*", "best-word", ("cowsxz*",), {}),
    ("check cool zzzz", "check", (["cool", "zzzz"],), {}),
    ("solve jazz split, 26 lives", "solve", ("jazz",), {"strategy": "split", "lives": 26}),
    ("best-word 20 tiles, all", "best-word", ("etaoinshrdlucmfwyp**",), {"all_words": True}),
]


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


def answer_text(report, index, arguments: tuple, options: dict) -> str:
    """The answer as the server sends it (and the command line prints it with ``--json``)."""
    return json.dumps(report(index, *arguments, **options), ensure_ascii=False)


def per_answer(answer, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        answer()
    return (time.perf_counter() - started) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", help="SQLite path or PostgreSQL URL of an index (default: data/dictionary.txt's)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20, help="answers per timing (the slow ones: 2)")
    args = parser.parse_args()

    from wordindex.index.core import open_index
    from wordindex.index.held import HeldWords
    from wordindex.reports import QUERY_REPORTS
    from wordindex.words.held_source import holding

    with tempfile.TemporaryDirectory() as folder:
        db = index_of(ROOT / "data" / "dictionary.txt", folder, args.db)
        kept = HeldWords(100_000_000)
        with open_index(db) as sql, open_index(db, words=holding(kept)) as held:
            before, started = resident_bytes(), time.perf_counter()
            words = kept.warm(held)
            loaded, added = time.perf_counter() - started, resident_bytes() - before
            print(f"held {words:,} words in {loaded:.2f} s, {added / 2**20:.0f} MB more resident", file=sys.stderr)
            print("| question | SQL ms | held ms | SQL / held |")
            print("| --- | ---: | ---: | ---: |")
            for label, command, arguments, options in QUESTIONS:
                answers = [
                    partial(answer_text, QUERY_REPORTS[command], index, arguments, options) for index in (sql, held)
                ]
                if answers[0]() != answers[1]():
                    raise SystemExit(f"{label}: the held words answered otherwise than SQL")
                repeat = args.repeat if "," not in label else 2
                times: list[list[float]] = [[], []]
                for _ in range(args.runs):
                    for side, answer in enumerate(answers):
                        times[side].append(per_answer(answer, repeat))
                sql_ms, held_ms = (statistics.median(t) * 1000 for t in times)
                print(f"| {label} | {sql_ms:.3f} | {held_ms:.3f} | {sql_ms / held_ms:.1f} |", flush=True)


if __name__ == "__main__":
    main()
