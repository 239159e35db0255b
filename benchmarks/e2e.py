"""End-to-end timings of wordindex commands, Python start-up included.

Runs each command several times as a new process and prints the median
wall-clock time. Commands run against the index chosen by --db (default: a
fresh index of data/dictionary.txt built in a temporary folder).

    python benchmarks/e2e.py                 # bundled dictionary, 15 runs each
    python benchmarks/e2e.py --runs 30 --build /tmp/insane_az.txt
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = [
    ["check", "cool"],
    ["check", "--prefix", "cool", "--json"],
    ["words", "--pattern", "-e--", "--json"],
    ["words", "--pattern", "c---e", "--guessed", "aist", "--json"],
    ["guess", "--pattern", "-----"],
    ["guess", "--pattern", "-e--", "--guessed", "ast"],
    ["boggle", "perslatgsineters", "--json"],
    ["best-word", "cows*zt", "--json"],
]


def executable() -> str:
    """The wordindex script beside this interpreter (avoids slow version-manager shims)."""
    beside = Path(sys.executable).with_name("wordindex")
    return str(beside) if beside.exists() else shutil.which("wordindex")


def time_command(args: list[str], env: dict, runs: int) -> float | None:
    command = [executable(), *args]
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, env=env, capture_output=True)
        timings.append(time.perf_counter() - start)
        if result.returncode == 2:
            return None  # command not available in this version
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--db", help="existing index URL or path (default: build one)")
    parser.add_argument(
        "--build", default=str(ROOT / "data" / "dictionary.txt"), help="dictionary to build when --db is not given"
    )
    options = parser.parse_args()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as folder:
        db = options.db or str(Path(folder) / "bench.db")
        env["WORDINDEX_DB"] = db
        if not options.db:
            start = time.perf_counter()
            subprocess.run([executable(), "build", options.build], env=env, check=True, capture_output=True)
            print(f"build {Path(options.build).name}: {time.perf_counter() - start:.2f} s (one run, whole process)")
        print(f"median of {options.runs} runs, whole process, {os.cpu_count()} cores")
        for args in COMMANDS:
            median = time_command(args, env, options.runs)
            shown = "wordindex " + " ".join(args)
            print(f"{shown:<60} {'n/a' if median is None else f'{median * 1000:6.0f} ms'}")


if __name__ == "__main__":
    main()
