"""End-to-end timings of wordindex commands, Python start-up included.

Runs each command several times as a new process and prints the median
wall-clock time. Commands run against the index chosen by --db (default: a
fresh index of data/dictionary.txt built in a temporary folder).

    python benchmarks/e2e.py                 # bundled dictionary, 15 runs each
    python benchmarks/e2e.py --runs 30 --build /tmp/insane_az.txt
    python benchmarks/e2e.py --against /tmp/old/bin/wordindex   # side by side with another install

With ``--against`` each command runs alternately under both installs (each
with an index it built itself from the same dictionary), so both columns
see the same machine load. Children write bytecode as a user's Python does
(a ``PYTHONDONTWRITEBYTECODE`` in this shell would make every run compile
every module), and one untimed run per command warms it.
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


def time_commands(installs: list[tuple[str, dict]], args: list[str], runs: int) -> list[float | None]:
    """Median seconds of ``args`` under each (executable, environment), runs interleaved."""
    timings: list[list[float] | None] = [[] for _ in installs]
    for i, (exe, env) in enumerate(installs):
        if subprocess.run([exe, *args], env=env, capture_output=True).returncode == 2:
            timings[i] = None  # command not available in this version
    for _ in range(runs):
        for i, (exe, env) in enumerate(installs):
            if timings[i] is None:
                continue
            start = time.perf_counter()
            subprocess.run([exe, *args], env=env, capture_output=True)
            timings[i].append(time.perf_counter() - start)  # type: ignore[union-attr]
    return [None if t is None else statistics.median(t) for t in timings]


def build_index(exe: str, env: dict, dictionary: str) -> None:
    start = time.perf_counter()
    subprocess.run([exe, "build", dictionary], env=env, check=True, capture_output=True)
    print(f"{exe} build {Path(dictionary).name}: {time.perf_counter() - start:.2f} s (one run, whole process)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--db", help="existing index URL or path (default: build one)")
    parser.add_argument(
        "--build", default=str(ROOT / "data" / "dictionary.txt"), help="dictionary to build when --db is not given"
    )
    parser.add_argument("--against", metavar="EXE", help="another install's wordindex script, timed side by side")
    parser.add_argument(
        "--against-build", metavar="FILE", help="dictionary the other install builds (default: the same as --build)"
    )
    options = parser.parse_args()
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as folder:
        installs = [(executable(), {**base, "WORDINDEX_DB": options.db or str(Path(folder) / "bench.db")})]
        if not options.db:
            build_index(installs[0][0], installs[0][1], options.build)
        if options.against:
            other = (options.against, {**base, "WORDINDEX_DB": str(Path(folder) / "other.db")})
            build_index(other[0], other[1], options.against_build or options.build)
            installs.append(other)
        print(f"median of {options.runs} runs, whole process, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
        if options.against:
            print(f"{'':<60} {'this':>9} {'other':>9}")
        for args in COMMANDS:
            medians = time_commands(installs, args, options.runs)
            shown = "wordindex " + " ".join(args)
            cells = " ".join(f"{'n/a':>9}" if m is None else f"{m * 1000:6.0f} ms" for m in medians)
            print(f"{shown:<60} {cells}")
        print(f"load at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
