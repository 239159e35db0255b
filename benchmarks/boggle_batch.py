"""`wordindex boggle --batch` on 100,000 random 4×4 boards, the whole process timed, first run and again.

One command:

    python benchmarks/boggle_batch.py --wordlist ../shared/wordlists/enable2k.txt

It builds an ENABLE2K index in a temporary folder (or uses ``--db``) and
writes ``--boards`` random boards (letters drawn uniformly from a-z, seeded)
of ``--size``. Then it runs the real command as a new process, a first
time (a cold start: files not yet in the page cache; the kernel itself is
compiled in every process, in milliseconds, with no cache to warm), then
``--runs`` times more. It prints each run's wall time and
boards per second, and the sha256 and sums of the output, so that the
totals can be compared with another version's output of the same boards
(``--keep FILE`` saves the boards).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def wordindex_command() -> list[str]:
    script = Path(sys.executable).with_name("wordindex")
    return [str(script)] if script.exists() else [shutil.which("wordindex") or "wordindex"]


def load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, help="dictionary to build an index of (ENABLE2K)")
    parser.add_argument("--db", help="use this existing index instead of building one")
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5, help="warm runs")
    parser.add_argument("--seed", type=int, default=808813)
    parser.add_argument("--keep", type=Path, help="also save the boards here")
    args = parser.parse_args()
    if not args.db and not args.wordlist:
        parser.error("give --wordlist (to build an index) or --db")
    rng = random.Random(args.seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    cells = args.size * args.size
    text = "\n".join("".join(rng.choice(letters) for _ in range(cells)) for _ in range(args.boards)) + "\n"
    if args.keep:
        args.keep.write_text(text)
    print(f"{os.cpu_count()} cores, {load_average()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "enable2k.db")
        if not args.db:
            subprocess.run(
                [*wordindex_command(), "build", str(args.wordlist)],
                env={**os.environ, "WORDINDEX_DB": db},
                check=True,
                capture_output=True,
            )
        boards = Path(folder) / "boards.txt"
        boards.write_text(text)
        env = {**os.environ, "WORDINDEX_DB": db}
        command = [*wordindex_command(), "boggle", "--batch", str(boards)]
        timings = []
        for run in range(args.runs + 1):
            started = time.perf_counter()
            result = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
            seconds = time.perf_counter() - started
            label = "first" if run == 0 else f"run {run}"
            print(
                f"{label:<26} {seconds:6.2f} s  {args.boards / seconds:10,.0f} boards/s  {load_average()}", flush=True
            )
            if run:
                timings.append(seconds)
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        digest = hashlib.sha256(result.stdout.encode()).hexdigest()
        median = statistics.median(timings)
        print(
            f"median of runs 1-{args.runs} {median:.2f} s = {args.boards / median:,.0f} "
            f"boards/s; output sha256 {digest[:16]}, {sum(x['count'] for x in lines):,} words, "
            f"{sum(x['score'] for x in lines):,} points"
        )


if __name__ == "__main__":
    main()
