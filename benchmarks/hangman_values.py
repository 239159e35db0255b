"""The exact evil-hangman tables of docs/hangman.md, for a word list, lengths 2 to 20 by default.

    python benchmarks/hangman_values.py                              # the bundled data/dictionary.txt
    python benchmarks/hangman_values.py --list ../shared/wordlists/cs61b_sorted_scrabble.txt
    python benchmarks/hangman_values.py --db my.db --lengths 8-12 --seconds 600 --jobs 2

For each length it computes, through the library call ``wordindex hangman-value`` makes
(``wordindex.hangman.optimal.length_value``), the value against the greedy chooser and
against the optimal chooser (each stopped after ``--seconds``, then proven bounds), and
beside them the misses ``split`` makes against the evil (greedy) chooser today
(``strength.evil_misses``). Each finished length is appended as one JSON line to ``--out``
(so a long run can be stopped and resumed: lengths already there are not recomputed);
the Markdown table goes to stdout, progress to stderr. Without ``--db`` it first builds a
temporary index of the list (a few seconds).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_lengths(text: str) -> list[int]:
    wanted: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        wanted.update(range(int(low), int(high or low) + 1))
    return sorted(wanted)


def command(length: int, chooser: str, seconds: float | None) -> str:
    limit = f" --seconds {seconds:g}" if seconds else ""
    return f"`wordindex hangman-value -n {length} -c {chooser}{limit}`"


def bounds(report: dict) -> tuple[int, int]:
    return (report["misses"], report["misses"]) if report["exact"] else (report["lower"], report["upper"])


def cell(row: dict, chooser: str) -> str:
    """The value, or its bounds; the optimal chooser's value is never below the greedy one, so each
    column's bounds are tightened by the other's (optimal lower >= greedy lower, greedy upper <= optimal
    upper), and ``split``'s line against the greedy chooser is one more upper bound of the greedy value."""
    (g_low, g_high), (o_low, o_high) = bounds(row["greedy"]), bounds(row["optimal"])
    g_high = min(g_high, o_high, row["split"])
    low, high = (g_low, g_high) if chooser == "greedy" else (max(o_low, g_low), o_high)
    return str(low) if low == high else f"{low}–{high}"


def markdown(rows: list[dict], seconds: dict) -> list[str]:
    lines = [
        "| length | words | greedy chooser | optimal chooser | `split` vs greedy | commands |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    for row in sorted(rows, key=lambda r: r["length"]):
        n = row["length"]
        limits = row.get("limits", seconds)
        commands = f"{command(n, 'greedy', limits['greedy'])}, {command(n, 'optimal', limits['optimal'])}"
        lines.append(
            f"| {n} | {row['words']:,} | {cell(row, 'greedy')} | {cell(row, 'optimal')} | {row['split']} | {commands} |"
        )
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--db", help="an existing index (path or URL) to read the words from")
    source.add_argument("--list", help="a word list to index first (default: data/dictionary.txt)")
    parser.add_argument("--lengths", default="2-20", help="lengths, e.g. 2-20 or 8,9 (default 2-20)")
    parser.add_argument("--seconds", type=float, default=600, help="limit per optimal-chooser value (default 600)")
    parser.add_argument("--greedy-seconds", type=float, default=600, help="limit per greedy value (default 600)")
    parser.add_argument("--jobs", type=int, default=2, help="workers per value (default 2)")
    parser.add_argument("--out", default="hangman_values.jsonl", help="JSON lines of finished lengths (resumable)")
    args = parser.parse_args(argv)

    from wordindex.build import build_index
    from wordindex.errors import NotFoundError
    from wordindex.hangman.exact import Limits
    from wordindex.hangman.optimal import length_value
    from wordindex.hangman.strength import evil_misses
    from wordindex.index import open_index

    out = Path(args.out)
    done = {}
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done[row["length"]] = row
    seconds = {"greedy": args.greedy_seconds, "optimal": args.seconds}
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            db = str(Path(folder) / "wordindex.db")
            source = Path(args.list) if args.list else ROOT / "data" / "dictionary.txt"
            print(f"building a temporary index of {source} ...", file=sys.stderr)
            build_index(db, source)
        with open_index(db) as index:
            for n in parse_lengths(args.lengths):
                if n in done:
                    continue
                started = time.perf_counter()
                try:
                    row: dict = {"length": n}
                    for chooser in ("greedy", "optimal"):
                        limits = Limits(seconds=seconds[chooser])
                        report = length_value(index, n, chooser, limits, jobs=args.jobs).report()
                        row["words"] = report["words"]
                        row[chooser] = report
                        print(f"length {n:>2} {chooser:<8} {json.dumps(report)}", file=sys.stderr)
                    row["split"] = evil_misses(index, n, "split")
                except NotFoundError:
                    continue
                row["seconds"] = round(time.perf_counter() - started, 1)
                row["limits"] = seconds
                done[n] = row
                with out.open("a") as handle:
                    handle.write(json.dumps(row) + "\n")
    print("\n".join(markdown(list(done.values()), seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
