"""The dice tuner (``wordindex.boggle.dice_tuning``): its rules for a derived set, its figures, its search.

The search is checked on a small lexicon with the compiled scorer: a seed gives the same set twice,
every set it returns obeys the rules, and it stops as soon as the target is reached.
"""

from __future__ import annotations

import numpy as np
import pytest

from wordindex.boggle.dice_tuning import (
    BoardQuality,
    DiceRules,
    Target,
    ThrowSample,
    changed_faces,
    dice_problems,
    shortfall,
    tune,
)
from wordindex.boggle.engine import BoardScorer
from wordindex.boggle.faces import faces_of
from wordindex.boggle.rules import get_rules
from wordindex.boggle.trie import build_trie
from wordindex.languages.alphabet import ENGLISH

RULES = DiceRules(palette=("a", "b", "e", "n", "r", "s", "t"), vowels="ae")
#: A valid set: every face of the palette printed, two vowels on each cube of six faces (33 %).
START = tuple(tuple("aebnrs") if i % 2 else tuple("aenrst") for i in range(16))


def test_a_valid_set_has_no_problems():
    assert dice_problems(START, RULES) == []


def test_each_rule_of_a_derived_set_names_what_breaks_it():
    bad = list(START)
    bad[0] = ("a", "e", "n", "r", "s")  # five faces
    bad[1] = ("a", "e", "n", "r", "s", "x")  # x is not in the palette
    bad[2] = ("a", "e", "n", "n", "n", "s")  # n three times
    bad[3] = ("b", "n", "r", "s", "t", "t")  # no vowel
    assert dice_problems(tuple(bad), RULES) == [
        "cube 1 has 5 faces, not 6",
        "cube 2 prints x, not in the palette",
        "cube 3 prints n more than 2 times",
        "cube 4 has no vowel",
    ]
    no_b = tuple(tuple("aenrst") for _ in range(16))
    assert dice_problems(no_b, RULES) == ["no cube prints b"]
    assert dice_problems(START[:15], RULES) == ["15 cubes, not 16"]


def test_vowel_share_bounds():
    vowelly = tuple(tuple("aaeebn") for _ in range(15)) + (tuple("aerstn"),)  # 62 vowels of 96 faces
    assert dice_problems(vowelly, RULES) == ["vowels are 65% of the faces, not 30% to 50%"]


def test_board_quality_gives_the_median_the_10th_percentile_and_the_share_under_10_words():
    quality = BoardQuality.of([0, 5, 9, 10, 20, 30, 40, 50, 60, 70])
    assert quality == BoardQuality(boards=10, median=25.0, p10=4.5, poor_share=0.3)


def test_throws_put_every_cube_on_one_cell_and_are_the_same_for_a_seed():
    sample = ThrowSample(7, boards=50)
    assert all(sorted(row) == list(range(16)) for row in sample.order.tolist())
    assert 0 <= sample.face.min() and sample.face.max() <= 5
    again = ThrowSample(7, boards=50)
    codes = np.arange(96, dtype=np.int64).reshape(16, 6) % 26
    assert np.array_equal(sample.boards(codes), again.boards(codes))
    assert not np.array_equal(sample.boards(codes), ThrowSample(8, boards=50).boards(codes))


def test_changed_faces_counts_faces_not_on_the_matching_cube():
    assert changed_faces(START, START) == 0
    moved = (tuple("aenrsb"),) + START[1:]  # same faces, another order
    assert changed_faces(START, moved) == 1  # cube 1 was aenrst: b replaces t


WORDS = ["ant", "ants", "tan", "tans", "net", "nets", "ten", "tens", "rat", "rats", "tar", "tars", "star", "art"]
WORDS += ["arts", "ear", "ears", "era", "eras", "sea", "seat", "eat", "eats", "tea", "teas", "bat", "bats", "tab"]
WORDS += ["tabs", "bet", "bets", "best", "rest", "nest", "sent", "rent", "rents", "tern", "terns", "bar", "bars"]


def tiny_search(seed: int, target: Target, temperature: float = 0.0):
    faces = faces_of("en")
    scorer = BoardScorer(build_trie(WORDS, ENGLISH), get_rules("official"), threads=1, faces=faces)
    sample = ThrowSample(seed, boards=200)

    def score(cubes):
        codes = np.array([[faces.code(face) for face in cube] for cube in cubes], dtype=np.int64)
        return scorer.score_codes(sample.boards(codes), 4)[0]

    start = tuple(tuple("aabnrs") if i % 2 else tuple("aebnrt") for i in range(16))
    return start, score, tune(start, RULES, score, target, seed, max_steps=300, temperature=temperature)


def test_a_seeded_search_gives_the_same_valid_set_and_stops_at_the_target():
    target = Target(median=12, poor_share=0.2)
    start, score, first = tiny_search(11, target)
    _, _, second = tiny_search(11, target)
    assert first == second
    assert BoardQuality.of(score(start)).median < 12  # the start set is short of the target
    assert first.reached and target.reached(first.quality)
    assert first.quality == BoardQuality.of(score(first.cubes))
    assert dice_problems(first.cubes, RULES) == []
    assert 0 < first.changed_faces == changed_faces(start, first.cubes) and first.steps < 300


def test_a_search_from_a_set_that_reaches_the_target_changes_nothing():
    start, score, result = tiny_search(11, Target(median=0, poor_share=1.0))
    assert (result.cubes, result.steps, result.changed_faces, result.reached) == (start, 0, 0, True)


def test_a_start_set_that_breaks_the_rules_is_refused():
    with pytest.raises(ValueError, match="cube 1 has no vowel"):
        tune((tuple("bnrstt"),) + START[1:], RULES, lambda cubes: np.zeros(1, dtype=np.int64), Target(1, 0), 1, 1)


def test_an_annealing_search_is_seeded_too_and_returns_the_least_short_set_when_it_misses():
    unreachable = Target(median=1000, poor_share=0.0)
    start, score, first = tiny_search(5, unreachable, temperature=0.01)
    _, _, second = tiny_search(5, unreachable, temperature=0.01)
    assert first == second and not first.reached and first.steps == 300
    assert dice_problems(first.cubes, RULES) == []
    assert shortfall(score(first.cubes), unreachable) < shortfall(score(start), unreachable)
