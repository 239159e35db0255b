"""Word game speed: best word for a hand (one signature query) and a word check.

Target (issue #5): best word for a 7-letter hand with a wildcard in at most
5 ms in-process. Run:
WORDINDEX_WORDLISTS=/work/shared/wordlists pytest benchmarks/test_bench_wordgame.py --benchmark-only -q
"""

import pytest

from wordindex.index.core import open_index
from wordindex.wordgame import best_word, is_valid_word, parse_hand, playable_words

# 7-letter hands with one wildcard (the deal's shape: 2 vowels, *, 4 consonants), and a vowel-rich one
HANDS = ["acip*rt", "aej*frx", "eis*nrt", "ou*dltp"]


@pytest.fixture(scope="module")
def bundled(bundled_index):
    with open_index(bundled_index) as ix:
        yield ix


@pytest.fixture(scope="module")
def mit(bench_index_factory, reference_list):
    with open_index(bench_index_factory("mit", reference_list("mit_words.txt"))) as ix:
        yield ix


@pytest.mark.parametrize("hand", HANDS)
def test_best_word_mit_7_letters_wildcard(benchmark, mit, hand):
    parsed = parse_hand(hand)
    result = benchmark(best_word, parsed, mit)
    assert result is not None and result.score > 0


@pytest.mark.parametrize("hand", HANDS)
def test_best_word_bundled_7_letters_wildcard(benchmark, bundled, hand):
    parsed = parse_hand(hand)
    result = benchmark(best_word, parsed, bundled)
    assert result is not None and result.score > 0


def test_best_word_mit_10_letters_two_wildcards(benchmark, mit):
    parsed = parse_hand("aei**rstnl")
    assert benchmark(best_word, parsed, mit) is not None


def test_best_word_bundled_12_letters_count_columns(benchmark, bundled):
    """A 12-letter hand has 10,240 signatures, past MAX_SIGNATURES: one query on the count columns instead."""
    parsed = parse_hand("aeio*bcdlmnr")
    assert benchmark(best_word, parsed, bundled).spelled == "biomedical"


def test_all_words_mit_7_letters_wildcard(benchmark, mit):
    """--all: every playable word, sorted (the same single query)."""
    parsed = parse_hand("eis*nrt")
    assert len(benchmark(playable_words, parsed, mit)) > 300


def test_is_valid_word_with_wildcard(benchmark, mit):
    hand = parse_hand("cows*z")
    assert benchmark(is_valid_word, "c*ws", hand, mit)
