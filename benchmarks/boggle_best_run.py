"""How long ``wordindex boggle-best --size 4 --rules official --target 3625`` takes, seed by seed.

Run by hand (it is a measurement, not a test), one command:

    python benchmarks/boggle_best_run.py --wordlist ../shared/wordlists/enable2k.txt

It builds an ENABLE2K index once in a temporary folder (or uses ``--db``),
then runs the real command, ``wordindex boggle-best --json``, as a new
process per seed (Python start, compiling the kernel and loading the
lexicon included) and prints, per seed, the seconds until the target was reached
(the command's own ``seconds``), the whole process's wall time and the
boards scored; then the median and the maximum. The 5×5 run of the issue is

    python benchmarks/boggle_best_run.py --wordlist ../shared/wordlists/enable2k.txt \\
        --size 5 --target 10406 --limit 1800 --seeds 1

(30 minutes; danvk's best known 5×5 ENABLE2K board, ligdrmanesietildsracsepes, scores 10,406).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def wordindex_command() -> list[str]:
    """The console script next to this Python (avoids slow version-manager shims)."""
    script = Path(sys.executable).with_name("wordindex")
    return [str(script)] if script.exists() else [shutil.which("wordindex") or "wordindex"]


def load_average() -> str:
    try:
        return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on Unix
        return "load average unknown"


def run_seed(db: str, seed: int, size: int, target: int, limit: float) -> dict:
    command = [
        *wordindex_command(),
        "boggle-best",
        "--size",
        str(size),
        "--rules",
        "official",
        "--target",
        str(target),
        "--seconds",
        str(limit),
        "--seed",
        str(seed),
        "--json",
    ]
    started = time.perf_counter()
    result = subprocess.run(command, env={**os.environ, "WORDINDEX_DB": db}, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"seed {seed}: boggle-best failed: {result.stderr.strip()}")
    report = json.loads(result.stdout)
    report["wall"] = wall
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, help="dictionary to build an index of (ENABLE2K)")
    parser.add_argument("--db", help="use this existing index instead of building one")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--target", type=int, default=3625)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per seed before giving up")
    args = parser.parse_args()
    if not args.db and not args.wordlist:
        parser.error("give --wordlist (to build an index) or --db")
    print(f"{os.cpu_count()} cores, {load_average()} at the start", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db
        if not db:
            db = str(Path(folder) / "enable2k.db")
            subprocess.run(
                [*wordindex_command(), "build", str(args.wordlist)],
                env={**os.environ, "WORDINDEX_DB": db},
                check=True,
                capture_output=True,
            )
        reached = []
        for seed in args.seeds:
            report = run_seed(db, seed, args.size, args.target, args.limit)
            if report["reached_target"]:
                reached.append(report["seconds"])
                shown = f"{args.target} reached after {report['seconds']:.1f} s"
            else:
                shown = f"not reached within {args.limit:g} s"
            print(
                f"seed {seed}: {shown}; best {report['score']} {report['board']}; "
                f"{report['steps']:,} steps, {report['boards_scored']:,} boards scored; "
                f"process {report['wall']:.1f} s; {load_average()}",
                flush=True,
            )
        summary = f"{len(reached)}/{len(args.seeds)} seeds reached {args.target}"
        if reached:
            summary += f"; median {statistics.median(reached):.1f} s, max {max(reached):.1f} s"
        print(summary)


if __name__ == "__main__":
    main()
