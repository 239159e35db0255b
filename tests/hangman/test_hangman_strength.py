"""The strength tables' decision tree agrees with playing every word one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordindex.hangman.choosers import EvilChooser
from wordindex.hangman.guessers import (
    SPLIT_DEPTH,
    SPLIT_DEPTH_LONG,
    SPLIT_NEAR,
    SPLIT_NEAR_LONG,
    SPLIT_PRUNE_LONG,
    STRATEGIES,
    look_ahead,
    next_guess,
)
from wordindex.hangman.solver import solve
from wordindex.hangman.state import blank_position, parse_position
from wordindex.hangman.strength import evil_misses, honest_tree
from wordindex.index.core import open_index

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]

#: The strength tables copy families into SQLite temporary tables.
pytestmark = pytest.mark.sqlite_only


@pytest.fixture(scope="module")
def small(small_index):
    with open_index(small_index) as index:
        yield index


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("lives", [1, 2, 6])
def test_tree_equals_one_game_per_word(small, strategy, lives):
    for length in (2, 3, 4, 5):
        words = [row[0] for row in small.rows("SELECT word FROM words WHERE length = :n", {"n": length})]
        one_by_one = sum(solve(small, word, strategy, lives).won for word in words)
        tree = honest_tree(small, length, strategy, lives)
        assert (tree.words, tree.wins) == (len(words), one_by_one)


def test_nine_words_by_hand(index_factory):
    with open_index(index_factory("hangman_nine", words=NINE)) as index:
        # paga: e splits into ---- (ally cool good), -e-- (beta deal), --e- (flew ibex), ---e (hope), e--e (else);
        # with one life ---- loses its three words to that miss; -e-- is split by a (beta -e-a, deal -ea-);
        # --e- has six letters tied at 1, so b: ibex wins and flew is lost to the miss; hope and else win.
        assert honest_tree(index, 4, "paga", lives=1).wins == 5
        assert honest_tree(index, 4, "paga", lives=6).wins == 9
        # against evil, paga misses e (ally cool good), hits o (-oo-: cool good), then c: cool and good
        # tie 1:1 and -oo- sorts before coo-, so c misses too; g and d finish good: two misses.
        assert evil_misses(index, 4, "paga") == 2


#: The 15- and 16-letter words of the dictionary bundled before issue 10 (Debian's wamerican-large,
#: SCOWL size 70, licence in data/COPYING.scowl), on which split's long-word look-ahead was tuned.
LONG_WORDS = Path(__file__).resolve().parents[1] / "data" / "long_words_wamerican_large.txt"


@pytest.fixture(scope="module")
def long_words(index_factory):
    """The 15- and 16-letter words of wamerican-large (the evil chooser only sees one length)."""
    with open_index(index_factory("hangman_long_words", path=LONG_WORDS)) as index:
        yield index


@pytest.mark.parametrize("length", [15, 16])
def test_split_looks_past_the_first_miss_against_evil(long_words, length):
    # paga (and a narrow look-ahead) opens with i: the smallest miss family (147 words at 15, 62 at 16),
    # where every letter misses again. split compares the letters within SPLIT_NEAR_LONG of the best and
    # sees that after e (15: 283 words) or o (16: 158 words), a miss too, i is a hit: one miss in all.
    assert evil_misses(long_words, length, "paga") == 2
    assert evil_misses(long_words, length, "split") == 1
    chooser = EvilChooser(long_words, length)
    first = next_guess(long_words, chooser.position, "split").letter
    assert (first, chooser.guess(first)) == ({15: "e", 16: "o"}[length], 0)
    assert next_guess(long_words, chooser.position, "split").letter == "i"
    assert chooser.guess("i") > 0


def test_split_looks_further_only_from_nine_blanks():
    for length in range(1, 9):
        assert look_ahead(blank_position(length)) == (SPLIT_NEAR, SPLIT_DEPTH, None)
    assert look_ahead(blank_position(9)) == (SPLIT_NEAR, SPLIT_DEPTH_LONG, SPLIT_PRUNE_LONG)
    assert look_ahead(blank_position(12)) == (SPLIT_NEAR_LONG, SPLIT_DEPTH_LONG, SPLIT_PRUNE_LONG)
    assert look_ahead(parse_position("ab-----------")) == (SPLIT_NEAR, SPLIT_DEPTH_LONG, SPLIT_PRUNE_LONG)  # 11 blanks
