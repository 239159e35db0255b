"""The problem set's functions: scores, hands, word checks, substitution (ps3 names and meaning)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.errors import UsageError
from wordindex.index.core import open_index
from wordindex.wordgame import (
    CONSONANTS,
    HAND_SIZE,
    SCRABBLE_LETTER_VALUES,
    VOWELS,
    BadHandError,
    calculate_handlen,
    deal_hand,
    display_hand,
    get_frequency_dict,
    get_word_score,
    is_valid_word,
    parse_hand,
    substitute_hand,
    update_hand,
)

WORDS = ["cows", "caws", "scow", "cow", "rapture", "honey", "evil", "vile", "live", "veil", "even", "quail", "it"]
COWS_HAND = {"c": 1, "o": 1, "w": 1, "s": 1, "*": 1, "z": 1}


@pytest.fixture(scope="module")
def index(index_factory):
    with open_index(index_factory("wordgame-hand", WORDS)) as ix:
        yield ix


def test_letter_values_are_scrabble():
    expected = dict(
        zip(
            "abcdefghijklmnopqrstuvwxyz",
            [1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10],
        )
    )
    assert {k: v for k, v in SCRABBLE_LETTER_VALUES.items() if k != "*"} == expected
    assert SCRABBLE_LETTER_VALUES["*"] == 0


def test_handout_score_examples():
    assert get_word_score("weed", 6) == 176  # (4+1+1+2) * (28 - 6)
    assert get_word_score("it", 7) == 2  # (1+1) * max(14 - 15, 1)


@pytest.mark.parametrize(
    ("word", "n", "score"),
    [
        # the ps3 test_get_word_score cases
        ("", 7, 0),
        ("it", 7, 2),
        ("was", 7, 54),
        ("weed", 6, 176),
        ("scored", 7, 351),
        ("WaYbILl", 7, 735),
        ("Outgnaw", 7, 539),
        ("fork", 7, 209),
        ("FORK", 4, 308),
        # the transcripts of problems 5 and 6
        ("jar", 7, 90),
        ("f*x", 4, 216),
        ("fix", 7, 117),
        ("*t", 2, 14),
        ("part", 7, 114),
        ("ic*", 3, 84),
        ("out", 7, 27),
        ("d*d", 7, 36),
        ("out", 4, 54),
        ("cows", 6, 198),
        ("c*ws", 6, 176),
        # the same word from hands of different sizes
        ("quail", 5, 14 * 35),
        ("quail", 7, 14 * 29),
        ("quail", 12, 14 * 14),
        ("quail", 17, 14 * 1),
        ("quail", 40, 14 * 1),
    ],
)
def test_word_scores(word, n, score):
    assert get_word_score(word, n) == score


def test_score_rejects_other_characters():
    with pytest.raises(BadHandError, match="'1'"):
        get_word_score("a1", 3)


def test_display_hand_returns_text_in_hand_order(capsys):
    hand = {"a": 1, "q": 1, "l": 2, "m": 1, "u": 1, "i": 1}
    assert display_hand(hand) == "a q l l m u i"
    assert display_hand({"c": 1, "o": 1, "w": 1, "s": 1, "*": 1, "z": 1}) == "c o w s * z"
    assert display_hand({}) == ""
    assert display_hand({"a": 0, "b": 2}) == "b b"
    assert capsys.readouterr().out == ""


def test_calculate_handlen():
    assert calculate_handlen({"a": 1, "q": 1, "l": 2, "m": 1, "u": 1, "i": 1}) == 7
    assert calculate_handlen({}) == 0
    assert calculate_handlen({"*": 1, "z": 3}) == 4


def test_get_frequency_dict():
    assert get_frequency_dict("hello") == {"h": 1, "e": 1, "l": 2, "o": 1}


def test_update_hand_handout_example_without_mutation():
    hand = {"a": 1, "q": 1, "l": 2, "m": 1, "u": 1, "i": 1}
    copy = dict(hand)
    new_hand = update_hand(hand, "quail")
    assert new_hand == {"l": 1, "m": 1}
    assert display_hand(new_hand) == "l m"
    assert hand == copy
    assert display_hand(hand) == "a q l l m u i"


def test_update_hand_spends_letters_of_invalid_words_and_ignores_missing_ones():
    # ps3 test_update_hand cases
    hand = {"j": 2, "o": 1, "l": 1, "w": 1, "n": 2}
    assert update_hand(hand, "jolly") == {"j": 1, "w": 1, "n": 2}
    assert hand == {"j": 2, "o": 1, "l": 1, "w": 1, "n": 2}
    hand = {"m": 1, "a": 1, "r": 1, "k": 1, "s": 1}
    assert update_hand(hand, "MARKS") == {}
    # transcript: c o w s * z, "c*wz" is invalid but costs c * w z; "*ows" costs * o w s
    assert display_hand(update_hand(COWS_HAND, "c*wz")) == "o s"
    assert display_hand(update_hand(COWS_HAND, "*ows")) == "c z"
    assert update_hand(COWS_HAND, "xyz") == {"c": 1, "o": 1, "w": 1, "s": 1, "*": 1}
    assert COWS_HAND == {"c": 1, "o": 1, "w": 1, "s": 1, "*": 1, "z": 1}


@settings(max_examples=60, deadline=None)
@given(
    hand=st.dictionaries(st.sampled_from(list(VOWELS + CONSONANTS + "*")), st.integers(0, 3), max_size=8),
    word=st.text(alphabet="abcdefghijklmnopqrstuvwxyz*", max_size=10),
)
def test_update_hand_never_mutates_and_spends_what_it_holds(hand, word):
    before = dict(hand)
    after = update_hand(hand, word)
    assert hand == before
    assert calculate_handlen(after) == calculate_handlen(hand) - sum(
        min(hand.get(ch, 0), word.count(ch)) for ch in set(word)
    )
    assert all(after.get(ch, 0) <= hand.get(ch, 0) for ch in after)


@pytest.mark.parametrize("words_kind", ["index", "set", "list"])
def test_wildcard_rules_of_the_handout(index, words_kind):
    words = {"index": index, "set": set(WORDS), "list": list(WORDS)}[words_kind]
    assert is_valid_word("cows", COWS_HAND, words)
    assert is_valid_word("c*ws", COWS_HAND, words)
    assert not is_valid_word("*ows", COWS_HAND, words)
    assert not is_valid_word("c*wz", COWS_HAND, words)
    # '*' is exactly one vowel, never a consonant, never nothing
    assert not is_valid_word("*cows", COWS_HAND, words)
    assert not is_valid_word("co*s", COWS_HAND, words)  # "cows" needs a w, '*' cannot be one
    assert not is_valid_word("c*ow", COWS_HAND, words)


def test_is_valid_word_ps3_cases(index):
    assert is_valid_word("hello", {"h": 1, "e": 1, "l": 2, "o": 1}, {"hello"})
    assert not is_valid_word("Rapture", {"r": 1, "a": 3, "p": 2, "e": 1, "t": 1, "u": 1}, index)  # one r only
    assert is_valid_word("Rapture", {"r": 2, "a": 3, "p": 2, "e": 1, "t": 1, "u": 1}, index)
    assert is_valid_word("honey", {"n": 1, "h": 1, "o": 1, "y": 1, "d": 1, "w": 1, "e": 2}, index)
    assert not is_valid_word("honey", {"r": 1, "a": 1, "p": 1, "t": 1, "u": 1}, index)
    assert not is_valid_word("rapture", {"r": 1, "a": 1, "p": 1, "t": 1, "u": 1}, index)
    hand = {"e": 1, "v": 2, "n": 1, "i": 1, "l": 2}
    assert is_valid_word("EVIL", hand, index)
    assert not is_valid_word("Even", hand, index)  # needs two e's
    assert not is_valid_word("it", {"i": 1}, index)  # t not held
    assert not is_valid_word("", COWS_HAND, index)
    assert not is_valid_word("c0ws", COWS_HAND, index)
    # ps3 test_wildcard: e*m (emm? no), honey with h*ney, c*wz, evil with ev*l
    assert not is_valid_word("e*m", {"a": 1, "r": 1, "e": 1, "j": 2, "m": 1, "*": 1}, index)
    assert is_valid_word("h*ney", {"n": 1, "h": 1, "*": 1, "y": 1, "d": 1, "w": 1, "e": 2}, index)
    assert is_valid_word("ev*l", {"e": 1, "v": 2, "n": 1, "*": 1, "l": 2}, index)


def test_is_valid_word_does_not_mutate(index):
    hand = dict(COWS_HAND)
    is_valid_word("c*ws", hand, index)
    is_valid_word("zzz", hand, index)
    assert hand == COWS_HAND


def test_is_valid_word_with_two_wildcards(index):
    hand = {"c": 1, "w": 1, "s": 1, "*": 2}
    assert is_valid_word("c*ws", hand, index)
    assert not is_valid_word("c**", hand, index)  # no 3-letter word c?? with vowels here
    assert not is_valid_word("c**ws", {"c": 1, "w": 1, "s": 1, "*": 1}, index)  # only one wildcard held


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20])
def test_deal_hand_shape(n):
    for seed in range(20):
        hand = deal_hand(n, rng=seed)
        assert calculate_handlen(hand) == n
        vowels = sum(hand.get(v, 0) for v in VOWELS)
        consonants = sum(hand.get(c, 0) for c in CONSONANTS)
        slots = -(-n // 3)
        assert hand["*"] == 1
        assert vowels == slots - 1
        assert consonants == n - slots


def test_deal_hand_is_seeded_and_defaults_to_hand_size():
    assert HAND_SIZE == 7
    assert deal_hand(rng=42) == deal_hand(7, rng=42)
    assert deal_hand(7, rng=random.Random(5)) == deal_hand(7, rng=5)
    assert len({display_hand(deal_hand(7, rng=s)) for s in range(30)}) > 1


@pytest.mark.parametrize("n", [0, -1, 2.5, "7"])
def test_deal_hand_refuses_sizes_below_one(n):
    with pytest.raises(UsageError):
        deal_hand(n)


def test_substitute_hand_replaces_every_copy_with_a_new_letter():
    hand = {"h": 1, "e": 1, "l": 2, "o": 1}
    for seed in range(40):
        new = substitute_hand(hand, "l", rng=seed)
        assert hand == {"h": 1, "e": 1, "l": 2, "o": 1}
        assert "l" not in new
        (added,) = set(new) - set(hand)
        assert added not in "helo" and added in VOWELS + CONSONANTS
        assert new[added] == 2
        assert list(new) == ["h", "e", added, "o"]  # the new letter takes the old one's place
    assert substitute_hand(hand, "l", rng=3) == substitute_hand(hand, "l", rng=3)


def test_substitute_hand_transcript_shape():
    """The handout's "d d * l o u t", l replaced: "d d * a o u t" (the draw is among letters not held)."""
    hand = {"d": 2, "*": 1, "l": 1, "o": 1, "u": 1, "t": 1}
    drawn_from = []

    class PicksA(random.Random):
        def choice(self, seq):
            drawn_from.append("".join(seq))
            return "a"

    assert display_hand(substitute_hand(hand, "l", rng=PicksA(0))) == "d d * a o u t"
    assert drawn_from == ["aei" + "bcfghjkmnpqrsvwxyz"]  # neither d, l, o, u, t nor the old letter


def test_substitute_hand_letter_not_held_or_wildcard_leaves_hand_unchanged():
    hand = {"h": 1, "e": 1, "l": 2, "o": 1, "*": 1}
    assert substitute_hand(hand, "z", rng=1) == hand
    assert substitute_hand(hand, "*", rng=1) == hand
    assert substitute_hand(hand, "z", rng=1) is not hand


def test_substitute_hand_with_no_free_letter():
    full = {letter: 1 for letter in VOWELS + CONSONANTS}
    with pytest.raises(UsageError, match="already in the hand"):
        substitute_hand(full, "a", rng=1)


def test_parse_hand():
    assert parse_hand("cows*z") == COWS_HAND
    assert parse_hand("C O W S * Z") == COWS_HAND
    for bad, message in [("", "empty"), ("   ", "empty"), ("ab1", "'1'"), ("a-b", "'-'"), ("é", "'é'")]:
        with pytest.raises(BadHandError, match=message):
            parse_hand(bad)
