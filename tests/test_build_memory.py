"""The build's memory does not grow with the word list (issue 9, point 7).

Two checks, both cheap:

* In-process, with tiny chunk sizes and the helper's work done in-process:
  the peak of Python's own allocations (``tracemalloc``: every word, list,
  dict and numpy array) while building 12,000 words is no higher than while
  building 3,000. Holding the words anywhere (a set to deduplicate, a
  sorted list, arrays for the lexicon) makes it grow by megabytes (main's
  code before the fix: from 5.5 MB to 20.7 MB).
* In a child process, the whole process (SQLite's caches and sorters, the
  forked helper) for 300,000 words (2.4 MB of text): its peak resident
  memory grows by less than a fixed bound. Main's code before the fix grew
  by 290 MB there (about 1 KB a word).
"""

import importlib
import multiprocessing
import subprocess
import sys
import tracemalloc
from pathlib import Path

from wordindex.build.builder import build_index

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def scrambled_words(count: int, seed: int) -> list[str]:
    """``count`` distinct words in no particular order (a counter written in base 26, scrambled)."""
    out = []
    for i in range(count):
        number = (i * 2_654_435_761 + seed) % 26**7
        out.append("".join(LETTERS[number // 26**k % 26] for k in range(7)))
    return out


def traced_peak(tmp_path, count: int) -> int:
    source = tmp_path / f"{count}.txt"
    source.write_text("\n".join(scrambled_words(count, seed=count)) + "\n")
    tracemalloc.reset_peak()
    start = tracemalloc.get_traced_memory()[0]
    report = build_index(tmp_path / f"{count}.db", source)
    assert report.words == count
    return tracemalloc.get_traced_memory()[1] - start


def test_python_memory_of_a_build_does_not_grow_with_the_list(tmp_path, monkeypatch):
    # Small chunks everywhere, so a few thousand words fill many of them (attributes main did not have
    # are set anyway: raising=False); the prefix helper runs in this process, so it is traced too.
    chunks = {
        "wordindex.build.dictionary.CHUNK_BYTES": 1 << 14,
        "wordindex.build.plan.BATCH": 1_000,
        "wordindex.build.load_common.BATCH": 1_000,
        "wordindex.build.scratch.FETCH_ROWS": 1_000,
        "wordindex.build.derive.FETCH_ROWS": 1_000,
        "wordindex.build.derive.BATCH": 1_000,
        "wordindex.words.prefix_walk.LEVEL_CHUNK": 1_000,
    }
    for name, value in chunks.items():
        module_name, attribute = name.rsplit(".", 1)
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # a module the code under test does not have
            continue
        monkeypatch.setattr(module, attribute, value, raising=False)
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    traced_peak(tmp_path, 100)  # imports, caches and the migrations' first run are not the build's growth
    tracemalloc.start()
    try:
        small = traced_peak(tmp_path, 3_000)
        large = traced_peak(tmp_path, 12_000)
    finally:
        tracemalloc.stop()
    assert large - small < 1_000_000, f"peak grew from {small / 1e6:.1f} MB to {large / 1e6:.1f} MB"


WORDS = 300_000
#: Peak memory growth allowed for a build of any size (SQLite's page caches, sorters and batches).
BOUND_MB = 200

CHILD = """
import resource, sys
from pathlib import Path
import alembic, numpy, sqlalchemy  # imported before the first measurement: not the build's growth
import wordindex.build.builder, wordindex.build.load_sqlite, wordindex.index.migrate, wordindex.index.schema
sys.path.insert(0, sys.argv[3])
from test_build_memory import scrambled_words

count, folder = int(sys.argv[1]), Path(sys.argv[2])
(folder / "gen.txt").write_text("\\n".join(scrambled_words(count, seed=1)) + "\\n")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
report = wordindex.build.builder.build_index(folder / "gen.db", folder / "gen.txt")
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
helper = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(report.words, (after - before) * 1024, (helper - before) * 1024)
"""


def test_build_peak_memory_is_bounded(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(WORDS), str(tmp_path), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    words, growth, helper = map(int, result.stdout.split())
    assert words == WORDS
    assert growth < BOUND_MB * 1e6, f"peak memory grew {growth / 1e6:.0f} MB for {WORDS:,} words"
    assert helper < BOUND_MB * 1e6, f"the helper process grew {helper / 1e6:.0f} MB past the parent's start"
