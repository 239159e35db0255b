"""`wordindex build` beside its floor, a bare load of the same words, measured in one run (issue 31, item 9).

The floor is the least any build of these words costs on this machine at
this moment: a fresh Python process that reads the list, keeps each line's
word (its first column, stripped, lowercased, once) and loads it into a
one-table database with the word as a unique key, committed, nothing else:

* SQLite: the standard library's ``sqlite3``, default settings,
  ``words(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE)``, ``executemany``;
* PostgreSQL (``--pg URL``): psycopg's ``COPY`` into the same table in a
  scratch schema (``wordindex_floor``, dropped afterwards).

Each round runs the floor and the build (``wordindex --db DB build LIST``,
whole process, its helper included) one after the other, so both see the
same machine; the ratio is the median build over the median floor. The index
size is the SQLite file (PostgreSQL: ``pg_total_relation_size`` summed over
the ``wordindex`` schema's tables).

    python benchmarks/build_speed.py                                  # bundled list + wamerican-insane a-z lines
    python benchmarks/build_speed.py --runs 7 --pg postgresql://user@127.0.0.1/db
    python benchmarks/build_speed.py --wordlist my.txt --python /old/.venv/bin/python   # another install

Without ``--wordlist`` it takes ``data/dictionary.txt`` and, when Debian's
``wamerican-insane`` is installed (``apt-get install wamerican-insane``), the
a-z lines of ``/usr/share/dict/american-english-insane`` (429,982 words),
written to a temporary file (as ``data/README.md`` describes).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "data" / "dictionary.txt"
INSANE = Path("/usr/share/dict/american-english-insane")

READ_WORDS = """
import sys
with open(sys.argv[1], encoding="utf-8") as handle:
    words = list(dict.fromkeys(w for w in (line.split("\\t", 1)[0].strip().lower() for line in handle) if w))
"""

SQLITE_FLOOR = (
    READ_WORDS
    + """
import sqlite3
connection = sqlite3.connect(sys.argv[2])
connection.execute("CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE)")
connection.executemany("INSERT INTO words (word) VALUES (?)", ((word,) for word in words))
connection.commit()
connection.close()
"""
)

POSTGRES_FLOOR = (
    READ_WORDS
    + """
import psycopg
with psycopg.connect(sys.argv[2]) as connection:
    connection.execute("DROP SCHEMA IF EXISTS wordindex_floor CASCADE")
    connection.execute("CREATE SCHEMA wordindex_floor")
    connection.execute("CREATE TABLE wordindex_floor.words (id integer PRIMARY KEY, word text NOT NULL UNIQUE)")
    with connection.cursor().copy("COPY wordindex_floor.words (id, word) FROM STDIN") as copy:
        for row in enumerate(words, start=1):
            copy.write_row(row)
    connection.commit()
    connection.execute("DROP SCHEMA wordindex_floor CASCADE")
"""
)


def psycopg_url(url: str) -> str:
    """A SQLAlchemy-style URL (``postgresql+psycopg://``) as libpq takes it."""
    return re.sub(r"^postgresql\+\w+://", "postgresql://", url)


def timed(command: list[str], folder: Path) -> float:
    """Seconds ``command`` takes, run in ``folder`` (not in a checkout, whose package ``-c`` would import)."""
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=folder)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} ... failed: {result.stderr.strip()[-500:]}")
    return seconds


def wordindex_cli(python: str) -> list[str]:
    return [python, "-c", "from wordindex.cli.app import main; main()"]


def postgres_size(url: str) -> int:
    import psycopg

    with psycopg.connect(psycopg_url(url)) as connection:
        row = connection.execute(
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'wordindex' AND c.relkind = 'r'"
        ).fetchone()
    return int(row[0]) if row else 0


def measure(wordlist: Path, folder: Path, runs: int, python: str, pg: str | None) -> list[dict[str, object]]:
    """Floor and build, alternated ``runs`` times, on SQLite (and PostgreSQL with ``pg``)."""
    results = []
    backends = [("SQLite", None)] + ([("PostgreSQL", pg)] if pg else [])
    for backend, url in backends:
        floors: list[float] = []
        builds: list[float] = []
        size = 0
        for _ in range(runs):
            db = folder / "index.db"
            floor_db = folder / "floor.db"
            for stale in (db, floor_db):
                stale.unlink(missing_ok=True)
            if url is None:
                floors.append(timed([python, "-c", SQLITE_FLOOR, str(wordlist), str(floor_db)], folder))
                builds.append(timed([*wordindex_cli(python), "--db", str(db), "build", str(wordlist)], folder))
                size = db.stat().st_size
            else:
                floors.append(timed([python, "-c", POSTGRES_FLOOR, str(wordlist), psycopg_url(url)], folder))
                builds.append(timed([*wordindex_cli(python), "--db", url, "build", str(wordlist)], folder))
                size = postgres_size(url)
        floor, build = statistics.median(floors), statistics.median(builds)
        results.append(
            {
                "list": wordlist.name,
                "backend": backend,
                "floor": floor,
                "build": build,
                "ratio": build / floor,
                "size_mb": size / 1e6,
                "builds": builds,
                "floors": floors,
            }
        )
    return results


def default_lists(folder: Path) -> list[Path]:
    lists = [BUNDLED]
    if INSANE.exists():
        az = folder / "insane_az.txt"
        with open(INSANE, encoding="utf-8") as source, open(az, "w", encoding="utf-8") as out:
            out.writelines(line for line in source if re.fullmatch(r"[a-z]+\n", line))
        lists.append(az)
    else:
        print(f"{INSANE} not found (apt-get install wamerican-insane): the bundled list only", file=sys.stderr)
    return lists


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wordlist", type=Path, action="append", help="a word list (repeat for several)")
    parser.add_argument("--runs", type=int, default=5, help="rounds of floor + build per list and backend")
    parser.add_argument("--pg", help="also measure PostgreSQL: a database URL (its wordindex schema is replaced)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the install to measure")
    options = parser.parse_args()
    print(f"cores: {os.cpu_count()}; load average at start: {os.getloadavg()}", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="build-speed-") as scratch:
        folder = Path(scratch)
        lists = [path.resolve() for path in options.wordlist or default_lists(folder)]
        print("| list | backend | floor (median) | build (median) | build / floor | index size |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for wordlist in lists:
            for row in measure(wordlist, folder, options.runs, options.python, options.pg):
                print(
                    f"| {row['list']} | {row['backend']} | {row['floor']:.2f} s | {row['build']:.2f} s "
                    f"| {row['ratio']:.1f}× | {row['size_mb']:.1f} MB |",
                    flush=True,
                )
                builds = ", ".join(f"{s:.2f}" for s in row["builds"])  # type: ignore[attr-defined]
                floors = ", ".join(f"{s:.2f}" for s in row["floors"])  # type: ignore[attr-defined]
                print(f"  builds {builds}; floors {floors}; load {os.getloadavg()}", file=sys.stderr)


if __name__ == "__main__":
    main()
