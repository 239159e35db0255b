"""In-process speed of the foundation: building and the basic queries.

pytest benchmarks/test_bench_index.py --benchmark-only
WORDINDEX_BENCH_BIG=/tmp/insane_az.txt pytest benchmarks/test_bench_index.py --benchmark-only
"""

import os
from pathlib import Path

import pytest
from conftest import BUNDLED

from wordindex.build.builder import build_index
from wordindex.index.core import open_index
from wordindex.words.lookup import check_prefixes, check_words, words_matching
from wordindex.words.pattern import parse_letters, parse_pattern


def test_build_bundled(benchmark, tmp_path):
    target = tmp_path / "b.db"
    benchmark.pedantic(build_index, args=(target, BUNDLED), rounds=3, iterations=1)


def test_build_big_list(benchmark, tmp_path):
    big = os.environ.get("WORDINDEX_BENCH_BIG")
    if not big or not Path(big).exists():
        pytest.skip("set WORDINDEX_BENCH_BIG to a large word list (e.g. Debian's wamerican-insane a-z lines)")
    target = tmp_path / "big.db"
    benchmark.pedantic(build_index, args=(target, big), rounds=2, iterations=1)
    print(f"index size: {target.stat().st_size / 1e6:.1f} MB")


@pytest.fixture(scope="module")
def index(bundled_index):
    with open_index(bundled_index) as opened:
        yield opened


def test_check_words(benchmark, index):
    benchmark(check_words, index, ["cool", "xyzzy", "quintessential"])


def test_check_prefixes(benchmark, index):
    benchmark(check_prefixes, index, ["cool", "xq", "quint"])


def test_words_matching_first_pattern(benchmark, index):
    benchmark(words_matching, index, parse_pattern("--------"), parse_letters(""))


def test_words_matching_with_guesses(benchmark, index):
    benchmark(words_matching, index, parse_pattern("-e--e---"), parse_letters("aist"))
