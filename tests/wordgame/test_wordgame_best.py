"""best_word / playable_words: the signature search against brute force, both backends."""

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordindex.wordgame.best as best_module
from wordindex.index.core import open_index
from wordindex.wordgame import (
    VOWELS,
    BadHandError,
    best_word,
    get_word_score,
    hand_signatures,
    is_valid_word,
    parse_hand,
    playable_words,
)
from wordindex.words.source import SqlWords

SMALL_WORDS = Path(__file__).parent.parent / "data" / "small_words.txt"
EXTRA = [
    "cows",
    "caws",
    "scow",
    "cozes",
    "zoic",
    "zoos",
    "coz",
    "wiz",
    "owes",
    "tapir",
    "part",
    "pita",
    "aa",
    "ai",
    "oe",
    "eau",
]
DICTIONARY = sorted(set(SMALL_WORDS.read_text().split()) | set(EXTRA))


def brute_force(hand: dict, words) -> dict[str, int]:
    """Every playable dictionary word and its best score, by trying every choice of wildcard positions."""
    n = sum(hand.values())
    held = Counter({k: v for k, v in hand.items() if v > 0})
    best: dict[str, int] = {}
    usable = set(held) | (set(VOWELS) if held["*"] else set())
    for word in words:
        if len(word) > n or not set(word) <= usable:  # cheap necessary condition, skips most of a big list
            continue
        vowel_positions = [i for i, ch in enumerate(word) if ch in VOWELS]
        for k in range(len(vowel_positions) + 1):
            for chosen in combinations(vowel_positions, k):
                played = "".join("*" if i in chosen else ch for i, ch in enumerate(word))
                if not Counter(played) - held:
                    score = get_word_score(played, n)
                    best[word] = max(best.get(word, 0), score)
    return best


def rank(play):
    """Best first: higher score, then longer, then alphabetical (by dictionary spelling)."""
    return (-play.score, -len(play.spelled), play.spelled)


def check_against_brute_force(hand, words, plays):
    expected = brute_force(hand, words)
    assert {p.spelled: p.score for p in plays} == expected
    assert [rank(p) for p in plays] == sorted(rank(p) for p in plays)
    if plays:
        top = plays[0]
        assert is_valid_word(top.word, hand, set(words))
        assert top.score == get_word_score(top.word, sum(hand.values())) == max(expected.values())
        assert top.word.replace("*", "") == "".join(c for c, s in zip(top.spelled, top.word) if s != "*")


@pytest.fixture(scope="module")
def small(index_factory):
    with open_index(index_factory("wordgame-best", DICTIONARY)) as ix:
        yield ix


def test_handout_hand_cows_z(small):
    plays = playable_words("cows*z", small)
    assert plays[0].word == "coz*s" and plays[0].spelled == "cozes" and plays[0].score == 480
    scores = {p.spelled: (p.word, p.score) for p in plays}
    assert scores["cows"] == ("cows", 198)  # no wildcard needed: o is held
    assert scores["caws"] == ("c*ws", 176)  # the handout's 176
    assert scores["zoos"] == ("z*os", 264)
    assert best_word({"c": 1, "o": 1, "w": 1, "s": 1, "*": 1, "z": 1}, small) == plays[0]


def test_ties_go_to_the_longer_word_then_alphabetical(index_factory):
    words = ["ba", "ab", "dab", "bad", "add", "d", "g", "ae"]
    with open_index(index_factory("wordgame-ties", words)) as ix:
        # n = 3: bad/dab (3+1+2) * 21 = 126; ab/ba (1+3) * max(14 - 3, 1) = 44; d 2 * max(7 - 6, 1) = 2
        assert [(p.word, p.score) for p in playable_words("abd", ix)] == [
            ("bad", 126),
            ("dab", 126),
            ("ab", 44),
            ("ba", 44),
            ("d", 2),
        ]
        # n = 7: ae (1+1) * 1 = 2 = d (2 * 1) = g (2 * 1): the longer word first, then alphabetical
        assert [(p.word, p.score) for p in playable_words("abcdefg", ix)] == [
            ("bad", 6 * 9),
            ("dab", 6 * 9),
            ("ab", 4),
            ("ba", 4),
            ("ae", 2),
            ("d", 2),
            ("g", 2),
        ]


def test_wildcard_used_only_for_missing_vowels(index_factory):
    with open_index(index_factory("wordgame-wild", ["zoo", "zoa", "za", "aal", "qi"])) as ix:
        # n = 4: zoo 12 * 18 = 216 (no wildcard needed for one o); zoa played zo*: 11 * 18 = 198; za as z*: 10 * 8
        assert [(p.word, p.spelled, p.score) for p in playable_words("zoo*", ix)] == [
            ("zoo", "zoo", 216),
            ("zo*", "zoa", 198),
            ("z*", "za", 80),
        ]
        assert playable_words("aa*l", ix)[0].word == "aal"
        assert [p.word for p in playable_words("q*", ix)] == ["q*"]  # '*' never stands for a consonant: no "qq"


def test_no_playable_word(small):
    assert playable_words("qzx", small) == []
    assert best_word("qzx", small) is None


def test_bad_hands(small):
    for bad in ["", "ab1", "c-w", {}, {"ab": 1}, {"1": 2}]:
        with pytest.raises(BadHandError):
            playable_words(bad, small)


def test_signatures_of_a_seven_letter_hand_with_a_wildcard():
    sigs = hand_signatures(parse_hand("bcdfgh*"))
    assert len(sigs) == 2**6 * 6 - 1  # each subset of 6 consonants, with no vowel or one of 5, minus the empty one
    assert all(list(s) == sorted(s) for s in sigs)
    assert "a" in sigs and "bcdfghu" in sigs and "" not in sigs
    assert len(hand_signatures(parse_hand("**"))) == 5 + 15


@settings(max_examples=80, deadline=None)
@given(hand=st.text(alphabet="acdeilnorstwz*", min_size=1, max_size=8))
def test_index_search_matches_brute_force(small, hand):
    parsed = parse_hand(hand)
    check_against_brute_force(parsed, DICTIONARY, playable_words(parsed, small))


@settings(max_examples=60, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abeiost", min_size=1, max_size=5), min_size=1, max_size=25, unique=True),
    hand=st.text(alphabet="abeiost*", min_size=1, max_size=7),
)
def test_collection_search_matches_brute_force(words, hand):
    parsed = parse_hand(hand)
    check_against_brute_force(parsed, words, playable_words(parsed, set(words)))


@settings(max_examples=40, deadline=None)
@given(hand=st.text(alphabet="acdeilnorstwz*", min_size=1, max_size=9))
def test_count_columns_search_gives_the_same_words(small, hand, monkeypatch_module):
    parsed = parse_hand(hand)
    by_signature = playable_words(parsed, small)
    monkeypatch_module.setattr(best_module, "MAX_SIGNATURES", 0)
    try:
        assert playable_words(parsed, small) == by_signature
    finally:
        monkeypatch_module.undo()


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def test_big_hand_uses_the_count_columns(small, monkeypatch):
    hand = parse_hand("abcdefghijklmnopqrstuvwxyz**")
    assert best_module.signature_count(hand) > best_module.MAX_SIGNATURES
    calls = []
    original = SqlWords._playable_by_counts
    monkeypatch.setattr(SqlWords, "_playable_by_counts", lambda source, h: calls.append(1) or original(source, h))
    plays = playable_words(hand, small)
    assert calls == [1]
    check_against_brute_force(hand, DICTIONARY, plays)


MIT_HANDS = ["cows*z", "acip*rt", "dd*aout", "ajef*rx", "acfi*tx", "qzxjk*v", "eee*rst", "*"]


@pytest.fixture(scope="module")
def mit_words(wordlist):
    return [w.lower() for w in wordlist("mit_words.txt").read_text().split()]


@pytest.fixture(scope="module")
def mit(index_factory, wordlist):
    with open_index(index_factory("wordgame-mit", path=wordlist("mit_words.txt"))) as ix:
        yield ix


def test_mit_list_answers_match_brute_force(mit, mit_words):
    assert len(mit_words) == 83667
    for hand in MIT_HANDS:
        parsed = parse_hand(hand)
        check_against_brute_force(parsed, mit_words, playable_words(parsed, mit))


def test_mit_list_known_answers(mit):
    assert (best_word("cows*z", mit).word, best_word("cows*z", mit).score) == ("coz*s", 480)
    # n = 7, the wildcard the only vowel: a three-letter word scores its letters * (21 - 12) = 9 times,
    # a two-letter word its letters once (14 - 15 < 1); zax 18 * 9 beats zek 15 * 9, kex 13 * 9, vex and vox 12 * 9
    plays = playable_words("qzxjk*v", mit)
    assert [(p.spelled, p.word, p.score) for p in plays] == [
        ("zax", "z*x", 162),
        ("zek", "z*k", 135),
        ("kex", "k*x", 117),
        ("vex", "v*x", 108),
        ("vox", "v*x", 108),
        ("qi", "q*", 10),
        ("za", "z*", 10),
        ("ax", "*x", 8),
        ("ex", "*x", 8),
        ("jo", "j*", 8),
        ("ox", "*x", 8),
        ("xi", "x*", 8),
        ("xu", "x*", 8),
        ("ka", "k*", 5),
        ("ki", "k*", 5),
    ]
    assert best_word("qzxjk*v", mit) == plays[0]
    assert playable_words("*", mit) == []  # the ps3 list has no one-letter word


@pytest.mark.postgres
def test_postgresql_gives_the_same_best_words(small, pg_index_factory):
    url = pg_index_factory("wordgame_best", words=DICTIONARY)
    with open_index(url) as pg:
        assert pg.backend == "postgresql"
        for hand in ["cows*z", "acip*rt", "tea*s", "zz", "abcdefghijklmnopqrstuvwxyz**", "ss*"]:
            assert playable_words(hand, pg) == playable_words(hand, small)
            assert best_word(hand, pg) == best_word(hand, small)


@pytest.mark.postgres
def test_postgresql_mit_list_same_best_words(mit, pg_index_factory, wordlist):
    url = pg_index_factory("wordgame_mit", path=wordlist("mit_words.txt"))
    with open_index(url) as pg:
        for hand in MIT_HANDS + ["abcdefghijklmnopqrstuvwxyz**"]:
            assert playable_words(hand, pg) == playable_words(hand, mit)
