"""The build streams the dictionary and computes word features a batch at a time (issue 9, point 7).

Measured in a child process: the growth of its peak resident memory while
building 300,000 generated words (2.4 MB of text). Reading the file whole and
computing every word's features at once grew it by about 1,300 bytes a word
(the issue saw 19 times the file's size); streamed, it stays under the bound,
most of which is SQLite's page cache (capped at 256 MB) and the distinct words.
"""

import subprocess
import sys

WORDS = 300_000
#: Bytes of peak memory growth allowed per word (the old build needed about 1,300).
BOUND_PER_WORD = 800

CHILD = """
import resource, sys
from pathlib import Path
import alembic, numpy, sqlalchemy  # imported before the first measurement: not the build's growth
import wordindex.build, wordindex.load_sqlite, wordindex.migrate, wordindex.schema

count, folder = int(sys.argv[1]), Path(sys.argv[2])
letters = "abcdefghijklmnopqrstuvwxyz"
with open(folder / "gen.txt", "w") as out:
    for i in range(count):
        out.write("".join(letters[i // 26**k % 26] for k in range(7)) + "\\n")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
report = wordindex.build.build_index(folder / "gen.db", folder / "gen.txt")
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(report.words, (after - before) * 1024)
"""


def test_build_peak_memory_is_bounded_per_word(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(WORDS), str(tmp_path)], capture_output=True, text=True, timeout=900
    )
    assert result.returncode == 0, result.stderr
    words, growth = map(int, result.stdout.split())
    assert words == WORDS
    assert growth < WORDS * BOUND_PER_WORD, f"peak memory grew {growth / 1e6:.0f} MB for {WORDS:,} words"
