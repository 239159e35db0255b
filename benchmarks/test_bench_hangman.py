"""Hangman speed on real dictionaries (pytest-benchmark; no timed assertions).

    WORDINDEX_WORDLISTS=/work/shared/wordlists pytest benchmarks/test_bench_hangman.py --benchmark-only -q

Targets of the issue: a guess on the bundled dictionary in <= 20 ms in-process
(worst case: the first guesses at the most common length), a whole solve in
<= 50 ms in-process (<= 0.5 s on the 430k-word list), ``wordindex guess``
in <= 250 ms end to end.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordindex.hangman.choosers import EvilChooser
from wordindex.hangman.guessers import next_guess
from wordindex.hangman.solver import solve
from wordindex.hangman.state import parse_position
from wordindex.index.core import open_index

INSANE = Path("/tmp/insane_az.txt")


@pytest.fixture(scope="module")
def bundled(bundled_index):
    with open_index(bundled_index) as index:
        yield index


def most_common_length(index) -> int:
    return int(index.rows("SELECT length FROM words GROUP BY length ORDER BY COUNT(*) DESC, length LIMIT 1")[0][0])


@pytest.mark.parametrize(
    ("strategy", "guessed"),
    [
        ("paga", ""),  # first guess: letter_totals
        ("paga", "e"),  # first miss: a scan of the whole length
        ("pattern", "e"),
        ("containing", "e"),
        ("naive", "e"),
        ("split", ""),
        ("split", "e"),
    ],
)
def test_guess_most_common_length(benchmark, bundled, strategy, guessed):
    n = most_common_length(bundled)
    position = parse_position("-" * n, guessed or None)
    result = benchmark(next_guess, bundled, position, strategy)
    assert result.found


@pytest.mark.parametrize("strategy", ["paga", "split"])
def test_solve_bundled(benchmark, bundled, strategy):
    result = benchmark(solve, bundled, "quizzing", strategy)
    assert result.word == "quizzing"


def test_evil_split_most_common_length(benchmark, bundled):
    n = most_common_length(bundled)

    def first_split():
        return EvilChooser(bundled, n).guess("e")

    assert benchmark(first_split) >= 0


@pytest.fixture(scope="module")
def insane(bench_index_factory):
    if not INSANE.exists():
        pytest.skip(f"{INSANE} not available")
    with open_index(bench_index_factory("insane", INSANE)) as index:
        yield index


@pytest.mark.parametrize("strategy", ["paga", "split"])
def test_solve_insane(benchmark, insane, strategy):
    result = benchmark(solve, insane, "quizzing", strategy)
    assert result.word == "quizzing"


def test_guess_command_end_to_end(benchmark, bundled_index):
    beside = Path(sys.executable).parent / "wordindex"  # the real script, not a pyenv shim
    exe = str(beside) if beside.exists() else shutil.which("wordindex")
    env = dict(os.environ, WORDINDEX_DB=str(bundled_index))
    args = [exe, "guess", "--pattern", "--------", "--guessed", "e", "--json"]

    def run():
        return subprocess.run(args, env=env, capture_output=True, text=True, check=True)

    assert '"guess"' in benchmark(run).stdout
