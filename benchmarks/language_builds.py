"""Build time and peak memory of `wordindex build --language LANG` on each language's default list (issue 19).

Each build runs as ``wordindex --db DIR/LANG.db build --language LANG`` in a fresh wrapper process
whose ``RUSAGE_CHILDREN`` gives the build's peak resident memory (its forked helper included), the
same measure as ``build_memory.py``. Languages whose Debian word-list package is not installed are
reported as missing (the error names the package). Print a Markdown table, or JSON with ``--json``.

    python benchmarks/language_builds.py                      # every language
    python benchmarks/language_builds.py --languages pl --repeat 3
    python benchmarks/language_builds.py --backend postgresql --pg postgresql://user@host/db
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WRAPPER = """
import json, resource, subprocess, sys, time
started = time.perf_counter()
result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
seconds = time.perf_counter() - started
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
out = {"returncode": result.returncode, "stdout": result.stdout, "stderr": result.stderr[-500:],
       "seconds": seconds, "peak_kib": peak_kib}
print(json.dumps(out))
"""


def build_once(code: str, db: str) -> dict:
    command = [sys.executable, "-c", "from wordindex.cli.app import main; main()", "--db", db]
    command += ["build", "--language", code, "--json"]
    finished = subprocess.run([sys.executable, "-c", WRAPPER, *command], capture_output=True, text=True, check=True)
    return json.loads(finished.stdout)


def main() -> None:
    from wordindex.languages import CODES

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", default=",".join(CODES), help="comma-separated codes (default: all)")
    parser.add_argument("--repeat", type=int, default=1, help="builds per language; the median is shown")
    parser.add_argument("--dir", default=None, help="where the SQLite indexes go (default: a temporary folder)")
    parser.add_argument("--pg", default=None, help="a PostgreSQL URL: build there instead of SQLite files")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    options = parser.parse_args()
    folder = Path(options.dir or tempfile.mkdtemp(prefix="language-builds-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for code in options.languages.split(","):
        db = options.pg or str(folder / f"{code}.db")
        runs = [build_once(code, db) for _ in range(options.repeat)]
        failed = [run for run in runs if run["returncode"] != 0]
        if failed:
            rows.append({"language": code, "error": failed[0]["stderr"].strip()})
            continue
        summary = json.loads(runs[-1]["stdout"])
        rows.append(
            {
                "language": code,
                "lines": summary["lines_read"],
                "words": summary["word_count"],
                "skipped": summary["skipped"],
                "seconds": round(statistics.median(run["seconds"] for run in runs), 1),
                "peak_mb": round(statistics.median(run["peak_kib"] for run in runs) / 1024),
            }
        )
        if not options.pg and not options.dir:
            os.unlink(db)
    if options.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    print(f"load average {os.getloadavg()[0]:.2f} after the runs; {os.cpu_count()} cores")
    print("| language | lines | words | left out | build s | peak MB |")
    print("| --- | ---: | ---: | --- | ---: | ---: |")
    for row in rows:
        if "error" in row:
            print(f"| {row['language']} | | | {row['error']} | | |")
            continue
        left = ", ".join(f"{n:,} {reason.replace('_', ' ')}" for reason, n in sorted(row["skipped"].items()) if n)
        print(
            f"| {row['language']} | {row['lines']:,} | {row['words']:,} | {left or 'none'} | "
            f"{row['seconds']} | {row['peak_mb']} |"
        )


if __name__ == "__main__":
    main()
