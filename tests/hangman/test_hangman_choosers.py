"""Choosers: the issue's evil example, CS106L's example, random reproducibility, properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.hangman.choosers import EvilChooser, RandomChooser
from wordindex.hangman.state import BadGuessError, BadLengthError, NoSuchLengthError
from wordindex.index.core import open_index
from wordindex.words.pattern import parse_pattern

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
CS106L = ["mood", "fold", "tool", "prod", "gold", "sore"]


@pytest.fixture(scope="module")
def small(small_index):
    with open_index(small_index) as index:
        yield index


def test_issue_evil_example(nine):
    evil = EvilChooser(nine, 4)
    got = [(letter, evil.guess(letter), evil.pattern, evil.words()) for letter in "eotdc"]
    assert got == [
        ("e", 0, "----", ["ally", "cool", "good"]),
        ("o", 2, "-oo-", ["cool", "good"]),
        ("t", 0, "-oo-", ["cool", "good"]),
        ("d", 0, "-oo-", ["cool"]),  # cool and good tie 1:1; -oo- sorts before -ood
        ("c", 1, "coo-", ["cool"]),
    ]
    assert [s.family_size for s in evil.steps] == [3, 2, 2, 1, 1]
    assert evil.final_word() == "cool"


def test_cs106l_o_example(index_factory):
    # CS106L: families -oo- (mood tool), -o-- (fold gold sore), --o- (prod): keep -o--.
    with open_index(index_factory("hangman_cs106l", words=CS106L)) as index:
        evil = EvilChooser(index, 4)
        assert evil.guess("O") == 1
        assert evil.pattern == "-o--"
        assert evil.words() == ["fold", "gold", "sore"]


def test_evil_names_a_word_of_its_family(nine):
    evil = EvilChooser(nine, 4, seed=5)
    evil.guess("e")
    assert evil.final_word() in {"ally", "cool", "good"}


def test_random_chooser_is_uniform_in_dictionary_order(nine):
    for seed in range(6):
        chooser = RandomChooser(nine, 4, seed=seed)
        assert chooser.word == NINE[random.Random(seed).randrange(len(NINE))]


def test_random_chooser_reveals(nine):
    chooser = RandomChooser(nine, 4, word="cool", pool=None)
    assert chooser.guess("o") == 2 and chooser.pattern == "-oo-"
    assert chooser.guess("x") == 0 and chooser.pattern == "-oo-"
    assert chooser.family_size == 2  # cool, good fit -oo- without x
    with pytest.raises(BadGuessError, match="already guessed"):
        chooser.guess("o")
    with pytest.raises(BadGuessError, match="exactly one letter"):
        chooser.guess("ab")
    with pytest.raises(BadGuessError, match="a letter a-z"):
        chooser.guess("7")


@pytest.mark.parametrize("length", [0, -3])
def test_length_below_one(nine, length):
    for kind in (RandomChooser, EvilChooser):
        with pytest.raises(BadLengthError, match="must be 1 or more"):
            kind(nine, length)


@pytest.mark.parametrize("length", [5, 2_000_000_000, 10**12])
def test_length_without_words(nine, length):
    for kind in (RandomChooser, EvilChooser):
        with pytest.raises(NoSuchLengthError, match=f"no word of length {length}"):
            kind(nine, length)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(length=st.sampled_from([2, 3, 4, 5]), letters=st.permutations("etaoinsrlcdubgyph"))
def test_evil_family_matches_pattern_never_empty_never_grows(small, length, letters):
    evil = EvilChooser(small, length)
    sizes = [evil.family_size]
    for letter in letters[:8]:
        evil.guess(letter)
        words = evil.words()
        assert words, "the evil family is never empty"
        assert len(words) == evil.family_size
        pattern = parse_pattern(evil.pattern)
        for word in words:
            assert all(p == "-" or p == ch for p, ch in zip(pattern.text, word))
            assert all(ch == p for p, ch in zip(pattern.text, word) if ch in evil.guessed)
        sizes.append(evil.family_size)
    assert all(b <= a for a, b in zip(sizes, sizes[1:]))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32), length=st.sampled_from([2, 3, 4, 5]))
def test_seeded_random_chooser_is_reproducible(small, seed, length):
    first = RandomChooser(small, length, seed=seed)
    second = RandomChooser(small, length, seed=seed)
    assert first.word == second.word
    assert len(first.word) == length
