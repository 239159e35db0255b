"""The strength tables' decision tree agrees with playing every word one by one."""

from __future__ import annotations

import pytest

from wordindex.hangman.guessers import STRATEGIES
from wordindex.hangman.solver import solve
from wordindex.hangman.strength import evil_misses, honest_tree
from wordindex.index import open_index

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]


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
