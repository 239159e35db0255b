"""Boggle speed of this tree beside another install of wordindex, in one run, rounds alternating.

One command (another version installed in its own virtual environment, e.g. a worktree of main):

    git worktree add /tmp/bench-main main && python3 -m venv /tmp/bench-main/.venv \\
        && /tmp/bench-main/.venv/bin/pip install -q -e /tmp/bench-main
    python benchmarks/boggle_side_by_side.py --wordlist ../shared/wordlists/enable2k.txt \\
        --against /tmp/bench-main/.venv/bin/python

Each version builds its own ENABLE2K index (their lexicon formats may differ) and is measured in
its own processes, the two alternating round by round so a busy machine weighs on both alike:

* the batch kernel's boards per second on ONE thread, in-process, on the same uniform random
  4×4, 5×5 and 6×6 boards (``q`` the Qu cube), with the totals checked equal;
* one dense board (``perslatgsineters``) solved with its paths by the compiled search,
  in-process, median of many;
* ``wordindex boggle --batch`` on 100,000 random 4×4 boards, the whole process;
* ``wordindex boggle-best --size 4 --steps STEPS --seed S`` (the same seed must give the same
  boards), the whole process.

Whole processes are given in wall seconds and in CPU seconds (user and system, all threads), which
a busy machine disturbs less.

Medians of ``--runs`` rounds and this tree's ratio to the other are printed with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, random, statistics, sys, time
import numpy as np
from wordindex.boggle.board import parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

db, boards, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    from wordindex.boggle.faces import MULTI  # this layout: the Qu cube is face 32
except ImportError:
    MULTI = 16  # before: the Qu cube was letter 16 (q)
rules = get_rules("official")
with open_index(db) as index:
    trie = load_trie(index)
rng = random.Random(seed)
out = {}
for size, n in ((4, boards), (5, boards // 5), (6, boards // 5)):
    text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n * size * size))
    codes = np.frombuffer(text.encode(), dtype=np.uint8).reshape(n, size * size) - 97
    codes = np.where(codes == 16, MULTI, codes).astype(np.uint8)
    scorer = BoardScorer(trie, rules, threads=1)
    scorer.score_codes(codes[:100], size)
    started = time.perf_counter()
    counts, scores = scorer.score_codes(codes, size)
    out[f"kernel {size}x{size}, boards/s (1 thread)"] = n / (time.perf_counter() - started)
    out[f"totals {size}x{size}"] = [int(counts.sum()), int(scores.sum())]
board = parse_board("perslatgsineters")
solve_board(trie, board, rules, Engine.COMPILED)
times = []
for _ in range(200):
    started = time.perf_counter()
    solution = solve_board(trie, board, rules, Engine.COMPILED)
    times.append(time.perf_counter() - started)
out["one board with paths, compiled, ms"] = statistics.median(times) * 1000
out["totals one board"] = [solution.count, solution.score]
print(json.dumps(out))
"""


def wordindex_of(python: str) -> str:
    return str(Path(python).with_name("wordindex"))


def timed(command: list[str], stdin: Path | None = None) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user and system, every thread) and the output of one process.

    On a busy machine the CPU seconds vary less than the wall time: they do not count the time the
    process waited for a core another program held."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(stdin or os.devnull, "rb") as source:
        done = subprocess.run(command, stdin=source, capture_output=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout.decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, required=True, help="dictionary to build both indexes of (ENABLE2K)")
    parser.add_argument("--against", required=True, help="the other install's python (its wordindex beside it)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--steps", type=int, default=60, help="boggle-best steps")
    parser.add_argument("--seed", type=int, default=808813)
    args = parser.parse_args()
    versions = {"this tree": sys.executable, "other": args.against}
    results: dict[str, dict[str, list[float]]] = {name: {} for name in versions}
    outputs: dict[str, dict[str, str]] = {name: {} for name in versions}
    with tempfile.TemporaryDirectory() as folder:
        lines = Path(folder) / "boards.txt"
        rng = random.Random(args.seed)
        lines.write_text("".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(16)) + "\n"
                                 for _ in range(args.boards)))  # fmt: skip
        dbs = {}
        for name, python in versions.items():
            dbs[name] = str(Path(folder) / f"{name.replace(' ', '-')}.db")
            subprocess.run([wordindex_of(python), "--db", dbs[name], "build", str(args.wordlist)], check=True,
                           capture_output=True)  # fmt: skip
        for _ in range(args.runs):
            for name, python in versions.items():
                found = results[name]
                # run from the temporary folder: `python -c` puts the working directory first on sys.path
                child = subprocess.run([python, "-c", CHILD, dbs[name], str(args.boards), str(args.seed)],
                                       capture_output=True, text=True, cwd=folder)  # fmt: skip
                if child.returncode:
                    raise SystemExit(f"{name}: the measuring process failed:\n{child.stderr}")
                for key, value in json.loads(child.stdout).items():
                    if key.startswith("totals"):
                        outputs[name][key] = str(value)
                    else:
                        found.setdefault(key, []).append(value)
                script = wordindex_of(python)
                seconds, cpu, out = timed([script, "--db", dbs[name], "boggle", "--batch", "-"], lines)
                found.setdefault("--batch 100,000 4x4 boards, whole process, s", []).append(seconds)
                found.setdefault("--batch 100,000 4x4 boards, whole process, CPU s", []).append(cpu)
                outputs[name]["batch"] = str(hash(out))
                best = [script, "--db", dbs[name], "boggle-best", "--size", "4", "--steps", str(args.steps),
                        "--seed", "1", "--json"]  # fmt: skip
                seconds, cpu, out = timed(best)
                found.setdefault(f"boggle-best --steps {args.steps}, whole process, s", []).append(seconds)
                found.setdefault(f"boggle-best --steps {args.steps}, whole process, CPU s", []).append(cpu)
                outputs[name]["best"] = json.dumps(
                    {k: v for k, v in json.loads(out).items() if k in ("board", "score")}
                )
    mine, theirs = results["this tree"], results["other"]
    print(
        f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; medians of {args.runs}"
    )
    print("ratio: this tree / other (for boards/s above 1 is faster; for ms and s below 1 is faster)")
    print("| measure | this tree | other | ratio |\n| --- | ---: | ---: | ---: |")
    for key in mine:
        a, b = statistics.median(mine[key]), statistics.median(theirs[key])
        print(f"| {key} | {a:,.3f} | {b:,.3f} | {a / b:.2f} |")
    for key in outputs["this tree"]:
        same = outputs["this tree"][key] == outputs["other"].get(key)
        shown = "same answers" if same else f"DIFFERENT: {outputs['this tree'][key]} vs {outputs['other'].get(key)}"
        print(f"{key}: {shown}")


if __name__ == "__main__":
    main()
