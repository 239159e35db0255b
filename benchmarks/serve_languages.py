"""What choosing a language costs a request: the same query with and without ``language``, side by side.

Builds an English index of data/dictionary.txt and a French one (Debian's list, ``apt-get install
wfrench``), starts ``wordindex serve --index fr=...`` on a free loopback port (one worker) and
drives it with wrk (``apt-get install wrk``), round after round, over:

* ``/healthz`` (the framework's ceiling: no index at all);
* ``/api/check?word=cool`` (no ``language``: the default index);
* ``/api/check?word=cool&language=en`` (the same index, named: one dict lookup more);
* ``/api/check?word=ete&language=fr`` (the other index).

It prints each request's median requests/s and p50/p99 over the rounds, and its ratio to the
default request's median. Choosing the index is a dict lookup, so the three check rows should be
within noise of one another; rerun on an idle machine for figures.

    python benchmarks/serve_languages.py
    python benchmarks/serve_languages.py --rounds 5 --seconds 5 --connections 50
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve_load import ROOT, Server, executable, lua_get, wrk  # noqa: E402

REQUESTS = {
    "healthz": "/healthz",
    "check, default": "/api/check?word=cool",
    "check, language=en": "/api/check?word=cool&language=en",
    "check, language=fr": "/api/check?word=ete&language=fr",
}


def build(db: Path, *options: str) -> None:
    subprocess.run([executable(), "--db", str(db), "build", *options], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=3, help="length of each measured run (at most 60)")
    parser.add_argument("--connections", type=int, default=20)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (apt-get install wrk)")
    with tempfile.TemporaryDirectory() as folder:
        english, french = Path(folder) / "en.db", Path(folder) / "fr.db"
        build(english, str(ROOT / "data" / "dictionary.txt"))
        build(french, "--language", "fr")
        server = Server(str(english), 1, ("--index", f"fr={french}"))
        try:
            runs: dict[str, list[dict]] = {what: [] for what in REQUESTS}
            for path in REQUESTS.values():
                wrk(server.base, lua_get(path), args.connections, 2, 1)  # warm-up
            for _ in range(args.rounds):  # interleaved, so a busy moment hits every request alike
                for what, path in REQUESTS.items():
                    runs[what].append(wrk(server.base, lua_get(path), args.connections, min(args.seconds, 60), 1))
        finally:
            server.stop()
    base = statistics.median(r["rps"] for r in runs["check, default"])
    print("| request | requests/s (median) | p50 ms | p99 ms | errors | vs default |")
    print("| --- | --- | --- | --- | --- | --- |")
    for what, results in runs.items():
        rps = statistics.median(r["rps"] for r in results)
        p50 = statistics.median(r["p50_ms"] for r in results)
        p99 = statistics.median(r["p99_ms"] for r in results)
        errors = sum(r["errors"] for r in results)
        print(f"| {what} | {rps:,.0f} | {p50:.1f} | {p99:.1f} | {errors} | {rps / base:.2f} |")


if __name__ == "__main__":
    main()
