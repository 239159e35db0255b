"""Guessers: the issue's examples, the specs' worked examples, and properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.errors import NotFoundError, UsageError
from wordindex.hangman.guessers import STRATEGIES, next_guess
from wordindex.hangman.state import BadGuessError, parse_position
from wordindex.index.core import open_index

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]


def ask(index, pattern, guessed, strategy):
    return next_guess(index, parse_position(pattern, guessed), strategy)


@pytest.mark.parametrize(
    ("pattern", "guessed", "strategy", "letter"),
    [
        ("----", "e", "paga", "o"),  # the issue: paga says o ...
        ("----", "e", "pattern", "l"),  # ... pattern says l
        ("-o--", "o", "paga", "e"),  # only hope keeps o at the second place alone
        ("-o--", "o", "pattern", "c"),  # cool good hope: seven letters tie at 1 -> c
        ("----", "", "naive", "e"),  # CS61B frequency map: e = 7 is the largest
        ("----", "e", "naive", "l"),  # then l = 6
        ("-e--", "e", "pattern", "a"),  # CS61B: beta deal -> a=2
        ("----", "e", "containing", "l"),  # l and o are each in 2 of ally cool good -> l
    ],
)
def test_issue_and_spec_examples(nine, pattern, guessed, strategy, letter):
    assert ask(nine, pattern, guessed, strategy).letter == letter


def test_paga_frequencies_match_the_issue_json(nine):
    result = ask(nine, "----", "e", "paga")
    assert result.candidates == 3
    assert result.frequencies == {"a": 1, "c": 1, "d": 1, "g": 1, "l": 3, "o": 4, "y": 1}


def test_naive_frequency_map_is_cs61b(nine):
    result = ask(nine, "----", "", "naive")
    assert result.candidates == 9
    assert {k: result.frequencies[k] for k in "abcdel"} == {"a": 3, "b": 2, "c": 1, "d": 2, "e": 7, "l": 6}


def test_pattern_counts_a_revealed_letter_elsewhere_but_paga_does_not(nine):
    # CS61B: -l-- matches flew (and else), and for the pattern guesser ally too (its second l is hidden).
    assert ask(nine, "-l--", "l", "pattern").candidates == 3
    assert ask(nine, "-l--", "l", "paga").candidates == 2


def test_paga_be_blank_does_not_match_bee(index_factory):
    with open_index(index_factory("hangman_bee", words=["bee", "bed", "bet", "bat"])) as index:
        result = ask(index, "be-", "be", "paga")
        assert result.candidates == 2  # bed, bet; not bee
        assert result.letter == "d"
        assert ask(index, "be-", "be", "pattern").candidates == 3


def test_ruby_quiz_dictionary_split_picks_b(index_factory):
    # Ruby Quiz: bdc ebc fcb - b and c tie on words containing them; b leaves one word whatever happens.
    with open_index(index_factory("hangman_ruby", words=["bdc", "ebc", "fcb"])) as index:
        assert ask(index, "---", "", "split").letter == "b"
        assert ask(index, "---", "", "containing").letter == "b"


def test_no_letter_left_is_question_mark(nine):
    result = ask(nine, "cool", None, "paga")
    assert result.letter == "?" and not result.found
    assert result.frequencies == {}


def test_no_candidate_is_an_error(nine):
    with pytest.raises(NotFoundError, match="no word of the index fits"):
        ask(nine, "zzzz", None, "paga")
    with pytest.raises(NotFoundError):
        ask(nine, "-oo-", "eocgd", "split")


@pytest.mark.parametrize(
    ("pattern", "guessed", "message"),
    [
        ("-o1-", None, "has '1' at position 3"),
        ("-oe-", "ox", "name 'o' from pattern '-oe-' but not 'e'"),
        ("----", "ee", "repeat 'e'"),
        ("----", "e3", "include '3'"),
    ],
)
def test_bad_positions(pattern, guessed, message):
    with pytest.raises(UsageError, match=message):
        parse_position(pattern, guessed)


def test_guessed_may_be_all_letters_or_only_the_wrong_ones(nine):
    every = ask(nine, "-oo-", "eo", "paga")
    wrong_only = ask(nine, "-oo-", "e", "paga")
    assert every == wrong_only
    assert every.letter == "c" and every.candidates == 2  # cool good


def test_unknown_strategy(nine):
    with pytest.raises(UsageError, match="unknown strategy"):
        ask(nine, "----", None, "clever")


def test_bad_guess_is_named():
    assert issubclass(BadGuessError, UsageError)


@st.composite
def positions(draw):
    word = draw(st.sampled_from(NINE))
    guessed = draw(st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), max_size=12))
    pattern = "".join(ch if ch in guessed else "-" for ch in word)
    return pattern, "".join(sorted(guessed))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=positions(), strategy=st.sampled_from(STRATEGIES))
def test_guesser_never_returns_a_guessed_letter(nine, position, strategy):
    pattern, guessed = position
    result = ask(nine, pattern, guessed or None, strategy)
    assert result.letter == "?" or result.letter not in set(guessed) | set(pattern)
    assert all(letter not in guessed for letter in result.frequencies)
    if result.found:
        assert result.frequencies[result.letter] > 0
