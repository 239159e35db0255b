"""Exact evil-hangman values (issue 14) against plain brute force written here.

* values equal a plain minimax over every letter and every family (optimal chooser) and over every
  letter with the library's evil choice (greedy chooser);
* the greedy value equals the shortest line found by trying every guess order;
* the optimal guesser never needs more misses than the value, whatever the chooser answers (every
  family tried), and the optimal chooser never allows fewer, whatever the guesser plays (every letter
  tried);
* both representations of a family (sorted ids, bitsets) and the process pool give the same values.
"""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.hangman import exact_bounds, exact_search
from wordindex.hangman.exact import best_letter, optimal_family, search_value, value
from wordindex.hangman.exact_search import ValueSearch
from wordindex.hangman.opponent import Opponent, check_opponent
from wordindex.hangman.state import blank_position
from wordindex.limits import Limits

LETTERS = "abcdefghijklmnopqrstuvwxyz"
NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]


def families(words, letter) -> dict:
    """{positions mask: words}, the split of a guess."""
    split: dict = {}
    for word in words:
        mask = sum(1 << i for i, ch in enumerate(word) if ch == letter)
        split.setdefault(mask, []).append(word)
    return split


def evil_family(words, letter, position=None):
    """CS106L's evil choice, written out: the largest family; a tie to the pattern that sorts first."""
    split = families(words, letter)
    position = position or blank_position(len(words[0]))
    mask = min(split, key=lambda m: (-len(split[m]), position.pattern.reveal(letter, m).text))
    return mask, split[mask]


@functools.cache
def brute_value(words: tuple, chooser: str) -> int:
    """Plain minimax: every letter that changes the family; optimal: every family, greedy: the evil one."""
    if len(words) <= 1:
        return 0
    best = None
    for letter in LETTERS:
        split = families(words, letter)
        if len(split) < 2:
            continue  # in no word (a pure miss) or at the same places in all (reveals nothing)
        if chooser == "optimal":
            cost = max((mask == 0) + brute_value(tuple(f), chooser) for mask, f in split.items())
        else:
            mask, family = evil_family(words, letter)
            cost = (mask == 0) + brute_value(tuple(family), chooser)
        best = cost if best is None else min(best, cost)
    return best


def shortest_greedy_line(words: list) -> int:
    """Fewest misses over every order of guessing the letters of the words, against the evil chooser."""
    alphabet = sorted(set("".join(words)))
    best = len(alphabet)
    for order in itertools.permutations(alphabet):
        family, position, misses = words, blank_position(len(words[0])), 0
        for letter in order:
            if len(family) <= 1 or misses >= best:
                break
            mask, family = evil_family(family, letter, position)
            position = position.after(letter, mask)
            misses += mask == 0
        best = min(best, misses)
    return best


word_lists = st.integers(min_value=1, max_value=4).flatmap(
    lambda length: st.lists(
        st.text(alphabet="abcde", min_size=length, max_size=length), min_size=1, max_size=12, unique=True
    )
)


@pytest.mark.parametrize("chooser", ["greedy", "optimal"])
def test_nine_words_of_the_cs106l_example(chooser):
    result = value(NINE, chooser)
    assert (result.exact, result.misses, result.words) == (True, 2, 9)
    assert result.misses == brute_value(tuple(NINE), chooser)


def test_optimal_chooser_forces_more_than_greedy_on_the_small_list(wordlist_small_four):
    assert value(wordlist_small_four, "greedy").misses == 2
    assert value(wordlist_small_four, "optimal").misses == 4  # brute_value agrees (a minute: not rerun here)


@pytest.fixture(scope="module")
def wordlist_small_four():
    from pathlib import Path

    words = (Path(__file__).parent.parent / "data" / "small_words.txt").read_text().split()
    return [w for w in words if len(w) == 4]


@settings(max_examples=150, deadline=None)
@given(word_lists, st.sampled_from(["greedy", "optimal"]), st.booleans())
def test_values_equal_brute_force_minimax(words, chooser, bitsets):
    words = sorted(words)
    with pytest.MonkeyPatch.context() as mp:
        if bitsets:
            mp.setattr(exact_search, "BITSET_FROM", 2)  # every family a bitset, split by ANDs
        result = value(words, chooser)
    assert result.exact
    assert result.misses == brute_value(tuple(words), chooser)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=3, max_size=3), min_size=1, max_size=10, unique=True))
def test_greedy_value_is_the_shortest_line_over_every_guess_order(words):
    words = sorted(words)
    assert value(words, "greedy").misses == shortest_greedy_line(words)


def guesser_worst_case(words: list, chooser: str, guessed: frozenset = frozenset()) -> int:
    """Most misses the optimal guesser (assuming ``chooser``) makes when the chooser may answer anything."""
    if len(words) <= 1:
        return 0
    letter = best_letter(words, chooser, guessed).letter
    assert letter is not None and letter not in guessed
    return max(
        (mask == 0) + guesser_worst_case(f, chooser, guessed | {letter}) for mask, f in families(words, letter).items()
    )


def guesser_against_evil(words: list) -> int:
    """Misses of the optimal guesser (assuming greedy) against the library's evil choice."""
    position, misses = blank_position(len(words[0])), 0
    while len(words) > 1:
        letter = best_letter(words, "greedy", position.guessed).letter
        mask, words = evil_family(words, letter, position)
        position = position.after(letter, mask)
        misses += mask == 0
    return misses


@settings(max_examples=80, deadline=None)
@given(word_lists)
def test_optimal_guesser_never_needs_more_than_the_value(words):
    words = sorted(words)
    assert guesser_worst_case(words, "optimal") <= value(words, "optimal").misses
    assert guesser_against_evil(words) == value(words, "greedy").misses


def least_misses_against_optimal_chooser(words: list, guessed: frozenset = frozenset()) -> int:
    """Fewest misses any guesser (every letter tried) makes against the library's optimal chooser."""
    if len(words) <= 1:
        return 0
    best = None
    for letter in sorted(set("".join(words)) - guessed):
        if len(families(words, letter)) < 2:
            continue
        choice = optimal_family(words, letter)
        assert choice.exact
        cost = (choice.mask == 0) + least_misses_against_optimal_chooser(choice.words, guessed | {letter})
        best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=3).flatmap(
        lambda n: st.lists(st.text(alphabet="abcd", min_size=n, max_size=n), min_size=1, max_size=8, unique=True)
    )
)
def test_optimal_chooser_never_allows_fewer_than_the_value(words):
    words = sorted(words)
    assert least_misses_against_optimal_chooser(words) == value(words, "optimal").misses


def test_optimal_family_keeps_the_costliest_family_and_says_its_misses():
    words = sorted(NINE)
    choice = optimal_family(words, "e")
    split = families(words, "e")
    costs = {m: (m == 0) + brute_value(tuple(f), "optimal") for m, f in split.items()}
    assert choice.exact and choice.misses == max(costs.values())
    assert costs[choice.mask] == choice.misses
    assert choice.words == split[choice.mask]


def test_limits_give_sound_bounds_and_the_fallbacks_say_so(wordlist_small_four):
    stopped = value(wordlist_small_four, "optimal", Limits(positions=1))
    assert not stopped.exact and stopped.misses is None
    assert stopped.lower <= 4 <= stopped.upper
    choice = best_letter(wordlist_small_four, "optimal", limits=Limits(positions=1))
    assert (choice.letter, choice.exact) == (None, False)
    fallback = optimal_family(wordlist_small_four, "e", Limits(positions=1))
    assert not fallback.exact and fallback.misses is None
    greedy_mask, greedy_words = evil_family(wordlist_small_four, "e")
    assert (fallback.mask, fallback.words) == (greedy_mask, greedy_words)


def test_progress_notes_agree_in_number():
    said: list[str] = []
    assert value(["ab", "ac"], "optimal", on_progress=said.append).misses == 1
    assert said == ["2 words: a heuristic guesser needs 1 miss"]


def test_one_word_left_guesses_its_letters_without_searching():
    assert best_letter(["cool"], "optimal", guessed={"c"}).letter == "o"


def test_process_pool_agrees_with_one_process(wordlist_small_four):
    search = ValueSearch(wordlist_small_four, Opponent.OPTIMAL)
    assert search_value(search, jobs=2).misses == 4


def test_mixed_lengths_and_unknown_choosers_are_refused():
    from wordindex.errors import UsageError

    with pytest.raises(UsageError):
        value(["ab", "abc"], "greedy")
    with pytest.raises(UsageError, match="unknown chooser"):
        value(["ab"], "kind")
    assert check_opponent("evil") is Opponent.GREEDY


@pytest.mark.parametrize("chooser", ["greedy", "optimal"])
def test_one_letter_words_need_25_misses(chooser):
    # No letter is shared: each guess isolates one word and the chooser answers with the miss.
    result = value(list(LETTERS), chooser)
    assert (result.exact, result.misses) == (True, 25)
    assert value(["a", "b", "c"], chooser).misses == brute_value(("a", "b", "c"), chooser) == 2


def test_group_bound_is_the_value_of_a_one_letter_group():
    # b c h m r at position 0 of "-at" (t of "tat" is also in "at": that word is not in the group)
    words = ["bat", "cat", "hat", "mat", "rat", "tat"]
    search = ValueSearch(words, Opponent.OPTIMAL)
    assert search.group_bound(search.root()) == 4
    assert value(words, "optimal").misses == brute_value(tuple(words), "optimal") == 4
    assert ValueSearch(["ab", "ba"], Opponent.OPTIMAL).group_bound((0, 1)) == 0


group_lists = st.integers(min_value=2, max_value=3).flatmap(
    lambda length: st.lists(
        st.text(alphabet="abcdef", min_size=length, max_size=length), min_size=2, max_size=14, unique=True
    )
)


# (chooser, its bound, a module and its constant that switches the bound's or the split's representation)
BOUNDS = [
    ("optimal", "group_bound", exact_bounds, "GROUP_NUMPY_FROM"),
    ("optimal", "group_bound", exact_search, "BITSET_FROM"),
]


@settings(max_examples=150, deadline=None)
@given(group_lists, st.sampled_from(BOUNDS), st.booleans())
def test_lower_bounds_never_exceed_the_brute_force_value(words, bound_of, other_representation):
    """Each bound (and the value searched with it, both representations) against plain minimax."""
    chooser, method, module, constant = bound_of
    words = sorted(words)
    with pytest.MonkeyPatch.context() as mp:
        if other_representation:
            mp.setattr(module, constant, 2 if constant == "BITSET_FROM" else 0)
        search = ValueSearch(words, Opponent(chooser))
        bound = getattr(search, method)(search.root())
        result = value(words, chooser)
    truth = brute_value(tuple(words), chooser)
    assert bound <= truth <= brute_value(tuple(words), "optimal")
    assert result.exact and result.misses == truth
