"""Peak memory and time of `wordindex build` on synthetic word lists of growing size (issue 9, point 7).

Each list holds N distinct pseudo-random words (up to 8 letters, in no
particular order: a scrambled counter written in bijective base 26, so no set
of words is needed to keep them distinct). Each build runs as
``wordindex --db DIR/N.db build DIR/N.txt`` in a fresh wrapper process whose
``RUSAGE_CHILDREN`` gives the peak resident memory of the build (its forked
helper included); the peak must stay flat as N grows.

    python benchmarks/build_memory.py --sizes 250000,1000000,4000000 --dir /tmp/build_memory
    python benchmarks/build_memory.py --sizes 1000000 --pythonpath /path/to/old/checkout  # another version

The lists and indexes are kept in ``--dir`` (about 9 MB of text and 230 MB
of index per million words); pass ``--keep-index`` to keep the index files.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

#: Scrambles the counter: an odd multiplier prime to 26 is a bijection modulo 26**8.
MODULUS = 26**8
MULTIPLIER = 2_654_435_761
LETTERS = "abcdefghijklmnopqrstuvwxyz"

WRAPPER = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
seconds = time.perf_counter() - started
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
out = {"returncode": result.returncode, "stderr": result.stderr[-500:], "seconds": seconds, "peak_kib": peak_kib}
print(json.dumps(out))
"""


def word(number: int) -> str:
    """``number`` in bijective base 26 (a, ..., z, aa, ab, ...): distinct numbers, distinct words."""
    letters = []
    number += 1
    while number:
        number, digit = divmod(number - 1, 26)
        letters.append(LETTERS[digit])
    return "".join(letters)


def write_list(path: Path, count: int) -> None:
    if path.exists() and path.stat().st_size:
        return
    partial = path.with_suffix(".partial")
    with open(partial, "w") as out:
        for start in range(0, count, 100_000):
            stop = min(count, start + 100_000)
            out.write("".join(word(i * MULTIPLIER % MODULUS) + "\n" for i in range(start, stop)))
    partial.replace(path)


def measure(folder: Path, count: int, pythonpath: str | None, keep_index: bool) -> dict[str, object]:
    source = folder / f"{count}.txt"
    write_list(source, count)
    db = folder / f"{count}.db"
    db.unlink(missing_ok=True)
    cli = "from wordindex.cli.app import main; main()"
    command = [sys.executable, "-c", cli, "--db", str(db), "build", str(source)]
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    output = subprocess.run(
        [sys.executable, "-c", WRAPPER, *command], capture_output=True, text=True, env=env, check=True
    ).stdout
    result = json.loads(output)
    if result["returncode"] != 0:
        raise SystemExit(f"build of {count:,} words failed: {result['stderr']}")
    row = {
        "words": count,
        "list_mb": round(source.stat().st_size / 1e6, 1),
        "index_mb": round(db.stat().st_size / 1e6, 1),
        "seconds": round(result["seconds"], 1),
        "peak_rss_mb": round(result["peak_kib"] / 1024, 1),
    }
    if not keep_index:
        db.unlink(missing_ok=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="250000,1000000,4000000", help="word counts, comma-separated")
    parser.add_argument("--dir", type=Path, default=Path("/tmp/build_memory"), help="where lists and indexes go")
    parser.add_argument("--pythonpath", help="PYTHONPATH for the builds (measure another checkout)")
    parser.add_argument("--keep-index", action="store_true")
    options = parser.parse_args()
    options.dir.mkdir(parents=True, exist_ok=True)
    print(f"load average at start: {os.getloadavg()}", file=sys.stderr)
    print("| words | list (MB) | index (MB) | seconds | peak RSS (MB) |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for size in options.sizes.split(","):
        started = time.perf_counter()
        row = measure(options.dir, int(float(size)), options.pythonpath, options.keep_index)
        print(
            f"| {row['words']:,} | {row['list_mb']} | {row['index_mb']} | {row['seconds']} | {row['peak_rss_mb']} |",
            flush=True,
        )
        print(f"  ({time.perf_counter() - started:.0f} s with the list; load {os.getloadavg()})", file=sys.stderr)


if __name__ == "__main__":
    main()
