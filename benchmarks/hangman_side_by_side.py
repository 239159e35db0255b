"""Hangman speed of this checkout against another one (e.g. main), side by side in the same run.

    git worktree add --detach /tmp/bench-main main
    python benchmarks/hangman_side_by_side.py --against /tmp/bench-main --rounds 5

Both checkouts read the same index (a temporary index of data/dictionary.txt unless ``--db``). Each
round runs one worker process per checkout, in alternating order, so a busy machine slows both alike;
a worker loads its checkout's code (the compiled greedy kernel is warmed up first, outside the
timings) and times each measurement once:

* the greedy sweep: ``hangman-value``'s value of a length against the greedy chooser, one thread
  (``length_value(..., "greedy", jobs=1)``), at the lengths of ``--greedy-lengths``;
* the optimal-chooser search: 20,000 positions of length 6 in one process;
* the guessers at the most common length (``next_guess``), a whole ``solve`` and one evil split.

It prints the median of the rounds per measurement for each checkout and their ratio (this checkout's
time over the other's: below 1 is faster). Progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def worker(tree: str, db: str, greedy_lengths: list[int]) -> dict[str, float]:
    """One round of every measurement with the code of ``tree``; seconds per measurement."""
    sys.path.insert(0, tree)
    from wordindex.hangman.choosers import EvilChooser
    from wordindex.hangman.greedy_sweep import warm_up
    from wordindex.hangman.guessers import next_guess
    from wordindex.hangman.optimal import length_value
    from wordindex.hangman.solver import solve
    from wordindex.hangman.state import parse_position
    from wordindex.index.core import open_index

    try:
        from wordindex.limits import Limits
    except ImportError:  # before wordindex.limits
        from wordindex.hangman.exact import Limits  # type: ignore[no-redef]

    assert Path(sys.modules["wordindex"].__file__).resolve().is_relative_to(Path(tree).resolve())
    warm_up()
    times: dict[str, float] = {}

    def timed(name: str, call) -> None:
        started = time.perf_counter()
        call()
        times[name] = time.perf_counter() - started

    with open_index(db) as index:
        common = int(index.rows("SELECT length FROM words GROUP BY length ORDER BY COUNT(*) DESC LIMIT 1")[0][0])
        for n in greedy_lengths:
            timed(f"greedy sweep, length {n}", lambda n=n: length_value(index, n, "greedy", jobs=1))
        timed(
            "optimal search, length 6, 20,000 positions",
            lambda: length_value(index, 6, "optimal", Limits(positions=20_000), jobs=1),
        )
        for strategy, guessed in [("paga", ""), ("paga", "e"), ("pattern", "e"), ("containing", "e"), ("naive", "e")]:
            position = parse_position("-" * common, guessed or None)
            timed(f"{strategy} guess, length {common}, {guessed or 'blank'} (x20)", lambda p=position, s=strategy: [
                next_guess(index, p, s) for _ in range(20)
            ])  # fmt: skip
        for guessed in ("", "e"):
            position = parse_position("-" * common, guessed or None)
            timed(
                f"split guess, length {common}, {guessed or 'blank'}", lambda p=position: next_guess(index, p, "split")
            )
        timed("solve quizzing, paga (x10)", lambda: [solve(index, "quizzing", "paga") for _ in range(10)])
        timed("solve quizzing, split", lambda: solve(index, "quizzing", "split"))
        timed(f"evil split, length {common} (x10)", lambda: [EvilChooser(index, common).guess("e") for _ in range(10)])
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the other checkout (e.g. a worktree of main)")
    parser.add_argument("--db", help="the index both read (default: a temporary index of data/dictionary.txt)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--greedy-lengths", default="6,8,10", help="greedy sweep lengths (default 6,8,10)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.greedy_lengths.split(",")]
    if args.worker:
        print(json.dumps(worker(args.worker, args.db, lengths)))
        return 0
    trees = {"this": str(ROOT), "other": str(Path(args.against).resolve())}
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if db is None:
            sys.path.insert(0, str(ROOT))
            from wordindex.build.builder import build_index

            db = str(Path(folder) / "wordindex.db")
            build_index(db, ROOT / "data" / "dictionary.txt")
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for r in range(args.rounds):
            order = list(trees) if r % 2 == 0 else list(reversed(trees))
            for name in order:
                command = [sys.executable, __file__, "--worker", trees[name], "--db", db, "--against", "-"]
                command += ["--greedy-lengths", args.greedy_lengths]
                result = subprocess.run(command, capture_output=True, text=True, check=True)
                rounds[name].append(json.loads(result.stdout))
                print(f"round {r + 1} {name} done", file=sys.stderr)
    print(f"| measurement | this checkout | {args.against} | ratio |")
    print("|---|---:|---:|---:|")
    for key in rounds["this"][0]:
        mine = statistics.median(t[key] for t in rounds["this"])
        other = statistics.median(t[key] for t in rounds["other"])
        print(f"| {key} | {mine * 1000:,.1f} ms | {other * 1000:,.1f} ms | {mine / other:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
