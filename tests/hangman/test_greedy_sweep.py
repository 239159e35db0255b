"""The compiled greedy sweep (issue 14) against the plain brute force of test_hangman_exact.

* its value equals the brute-force minimax over every letter with the library's evil choice, on
  random lists, with the table large or restarting all the time;
* its line, played against the library's evil chooser, leaves one word after exactly that many misses;
* a stopped search (steps, a cancel flag) gives sound bounds, and a search with no line known finds one;
* on the bundled dictionary's two-letter words: 8 misses, the value the A* search found before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hangman_exact import brute_value, evil_family  # tests/hangman is on the path (no __init__)

from wordindex.hangman.greedy_sweep import GreedySweep
from wordindex.hangman.state import blank_position
from wordindex.languages.alphabet import ENGLISH, Alphabet

DICTIONARY = Path(__file__).parents[2] / "data" / "dictionary.txt"

word_lists = st.integers(min_value=1, max_value=4).flatmap(
    lambda length: st.lists(
        st.text(alphabet="abcdefgh", min_size=length, max_size=length), min_size=1, max_size=14, unique=True
    )
)


def play(words: list[str], line: list[str], alphabet: Alphabet = ENGLISH) -> tuple[int, list[str]]:
    """Misses and the words left after guessing ``line`` against the evil chooser (CS106L's rule)."""
    position, misses = blank_position(len(words[0]), alphabet), 0
    for letter in line:
        mask, words = evil_family(words, letter, position)
        position = position.after(letter, mask)
        misses += mask == 0
    return misses, words


@settings(max_examples=200, deadline=None)
@given(word_lists, st.sampled_from([None, 1]), st.sampled_from([1, 2]))
def test_sweep_values_equal_brute_force_and_its_line_achieves_them(words, table_bytes, jobs):
    words = sorted(words)
    truth = brute_value(tuple(words), "greedy")
    # table_bytes 1: a table of one entry, restarting all the time; jobs 2: two workers share the root
    sweep = GreedySweep(words, table_bytes=table_bytes, jobs=jobs)
    found = sweep.value(25, line_known=False)
    assert (found.exact, found.upper) == (True, truth)
    if len(words) > 1:
        assert play(words, found.line) == (truth, play(words, found.line)[1])
        assert len(play(words, found.line)[1]) == 1
        assert found.first == found.line[0]


@settings(max_examples=80, deadline=None)
@given(word_lists)
def test_a_known_line_of_the_value_is_proven_without_a_new_one(words):
    words = sorted(words)
    truth = brute_value(tuple(words), "greedy")
    found = GreedySweep(words).value(truth)  # a line of ``truth`` misses is known: refute truth - 1
    assert (found.lower, found.upper, found.line) == (truth, truth, [])
    if truth > 0:
        better = GreedySweep(words).value(truth + 1)
        assert better.exact and better.upper == truth and play(words, better.line)[0] == truth


def bundled(length: int) -> list[str]:
    lines = DICTIONARY.read_text().splitlines()
    return sorted({w for w in (line.split("\t")[0] for line in lines) if len(w) == length and w.isalpha()})


def test_bundled_two_letter_words_need_eight_misses():
    words = bundled(2)
    found = GreedySweep(words).value(25, line_known=False)
    assert (found.exact, found.upper, len(words)) == (True, 8, 73)
    misses, left = play(words, found.line)
    assert misses == 8 and len(left) == 1


def test_stopped_searches_give_sound_bounds():
    words = bundled(3)  # value 13 (docs/hangman.md; 145 s): far more than a few steps
    stopped = GreedySweep(words).value(14, steps=1000)
    assert not stopped.exact and stopped.lower <= 13 <= stopped.upper == 14
    assert stopped.steps >= 1000 and stopped.line == []
    cancelled = GreedySweep(words).value(14, cancel=lambda: True)
    assert not cancelled.exact and cancelled.lower <= 13 <= cancelled.upper


def test_progress_reports_the_layers_searched():
    said: list[str] = []
    words = bundled(3)
    GreedySweep(words).value(14, steps=400_000, on_progress=said.append, progress_every=0.0)
    assert said and all("best line" in text for text in said)


def test_progress_of_one_miss_says_miss():
    sweep = GreedySweep(["ab", "ac"])
    sweep.value(1, line_known=False)  # too quick for a progress line on time: the line's text, as it ends
    assert sweep._progress_text().endswith("; best line 1 miss (2 sets of misses)")


@pytest.mark.parametrize("words", [[], ["cool"]])
def test_no_word_or_one_word_needs_no_miss(words):
    found = GreedySweep(words).value(0, line_known=False)
    assert (found.lower, found.upper, found.line) == (0, 0, [])


@settings(max_examples=150, deadline=None)
@given(word_lists, st.integers(min_value=0, max_value=1), st.integers(min_value=0, max_value=2))
def test_a_worker_told_of_another_workers_line_traces_only_its_own_lines(words, share, above):
    """One of two workers, after the other has found a line of ``truth + above`` misses: whatever it
    reports as its own best it can play (a refuted family is not a line of the other's length)."""
    words = sorted(words)
    truth = brute_value(tuple(words), "greedy")
    if len(words) < 2:
        return
    sweep = GreedySweep(words, jobs=2)
    worker, cap = sweep.workers[share], truth + above
    worker.reset(cap + 1, None)
    sweep.shared[0] = truth + above  # the other worker's best so far
    found = sweep._solve(worker, sweep.root(), cap, share, 2)
    own = int(worker.counters[sweep._kernel.ROOT_BEST])
    assert found == own >= truth
    if own <= cap:
        line = sweep._follow(worker, sweep.root(), own)
        assert play(words, line)[0] == own and len(play(words, line)[1]) == 1


def test_the_kernel_is_loaded_once_per_process_and_time_limits_start_after_it():
    from wordindex.hangman import greedy_sweep
    from wordindex.hangman.exact import value
    from wordindex.limits import Limits

    greedy_sweep.warm_up()
    assert greedy_sweep.warm_up() == 0.0
    # a limit far below a first compilation still leaves the search its own time: exact here
    assert value(bundled(2), "greedy", Limits(seconds=3.0)).misses == 8
