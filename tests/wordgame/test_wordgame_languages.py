"""The word game in other languages: hands, scores and best words in each language's letters and values."""

from __future__ import annotations

import json
import random
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.index.core import open_index
from wordindex.languages import language
from wordindex.languages.alphabet import ENGLISH, Alphabet
from wordindex.wordgame import (
    BadHandError,
    WordGame,
    best_word,
    deal_hand,
    get_word_score,
    is_valid_word,
    parse_hand,
    playable_words,
    substitute_hand,
)
from wordindex.wordgame.tiles import Tiles, tiles

POLISH = ["żab", "ząb", "łza", "zab", "bez", "aż", "quiz"]
FRENCH = ["été", "thé", "tête", "Paris"]


@pytest.fixture(scope="module")
def polish(index_factory):
    with open_index(index_factory("wordgame_pl", POLISH, language="pl")) as index:
        yield index


@pytest.fixture(scope="module")
def french_db(index_factory):
    return index_factory("wordgame_fr", FRENCH, language="fr")


def test_tiles_take_the_languages_vowels_and_values():
    french, polish = tiles("fr"), tiles("pl")
    assert (french.vowels, french.consonants) == ("aeiouy", "bcdfghjklmnpqrstvwxz")
    assert (polish.vowels, polish.consonants) == ("aąeęioóuy", "bcćdfghjklłmnńprsśtwzźż")
    assert (french.values["k"], french.values["*"], polish.values["ź"], polish.values["ż"]) == (10, 0, 9, 5)


def test_scores_use_the_languages_tile_values():
    # French: t 1, h 4, e 1 -> 6 x max(7*3 - 3*(5-3), 1) = 6 x 15
    assert get_word_score("thé", 5, tiles("fr")) == 90
    # Polish: ż 5, a 1, b 3 -> 9 x max(7*3 - 3*(4-3), 1) = 9 x 18
    assert get_word_score("żab", 4, tiles("pl")) == 162
    assert get_word_score("weed", 6) == 176  # English as the problem set says


def test_a_hand_is_read_as_the_language_writes_it():
    assert parse_hand("été*", tiles("fr")) == {"e": 2, "t": 1, "*": 1}
    assert parse_hand(unicodedata.normalize("NFD", "ŻĄB"), tiles("pl")) == {"ż": 1, "ą": 1, "b": 1}
    with pytest.raises(BadHandError) as caught:
        parse_hand("żqb", tiles("pl"))
    assert str(caught.value) == (
        "the hand 'żqb' has 'q': use only Polish letters (aąbcćdeęfghijklłmnńoóprsśtuwyzźż) and * for the wildcard"
    )
    with pytest.raises(BadHandError) as caught:
        parse_hand("coé")
    assert str(caught.value) == "the hand 'coé' has 'é': use only letters a-z and * for the wildcard"


def test_deals_come_from_the_languages_letters():
    polish = tiles("pl")
    for seed in range(50):
        hand = deal_hand(7, seed, polish)
        assert sum(hand.values()) == 7 and hand["*"] == 1
        vowels = sum(count for letter, count in hand.items() if letter in polish.vowels)
        assert vowels == 2  # ceil(7/3) vowel slots, one of them the wildcard
        assert set(hand) - {"*"} <= set(polish.alphabet.letters)
    assert deal_hand(7, 3) == deal_hand(7, 3, tiles("en"))  # English deals exactly as before


def test_the_wildcard_stands_for_the_languages_vowels(polish):
    # "ząb" needs ą: a Polish vowel the wildcard may stand for; "bez" needs e and z.
    assert is_valid_word("z*b", {"z": 1, "*": 1, "b": 1}, polish)
    assert is_valid_word("z*b", {"z": 1, "*": 1, "b": 1}, {"ząb"}, tiles("pl"))
    assert not is_valid_word("z*b", {"z": 1, "*": 1, "b": 1}, {"ząb"})  # English: * is a, e, i, o or u


def test_best_word_in_polish(polish):
    best = best_word("żab*", polish)
    assert (best.word, best.spelled, best.score) == ("żab", "żab", 162)
    # aż: (1 + 5) x max(7*2 - 3*(4-2), 1) = 6 x 8; nothing else: ząb and zab need z, not ż
    assert [(p.word, p.score) for p in playable_words("żab*", polish)] == [("żab", 162), ("aż", 48)]


def test_best_word_cli_prints_the_list_spelling(run_cli, french_db):
    result = run_cli(["best-word", "tteh*"], db=french_db)
    assert (result.exit_code, result.stdout) == (0, "the 90 (thé)\n")
    result = run_cli(["best-word", "tteh*", "--json"], db=french_db)
    assert json.loads(result.stdout) == {
        "hand": "tteh*",
        "word": "the",
        "spelled": "the",
        "score": 90,
        "spellings": {"the": ["thé"]},
    }
    result = run_cli(["best-word", "tteh*", "--all"], db=french_db)
    assert result.stdout == "the 90 (thé)\nt*te 75 (tête)\n*te 30 (été)\n"


def test_substitution_draws_from_the_languages_letters():
    polish = tiles("pl")
    hand = {letter: 1 for letter in polish.alphabet.letters}
    with pytest.raises(Exception) as caught:
        substitute_hand(hand, "ż", 1, polish)
    assert str(caught.value) == "every Polish letter is already in the hand, so none can be substituted"
    new = substitute_hand({"ż": 2, "a": 1}, "Ż", 4, polish)
    assert sum(new.values()) == 3 and "ż" not in new and set(new) <= set(polish.alphabet.letters)


def test_a_game_in_french_plays_words_as_typed(french_db):
    with open_index(french_db) as index:
        game = WordGame(index, hands=1, rng=random.Random(0), deal=lambda n, rng: {"t": 2, "e": 1, "h": 1, "*": 1})
        game.start()
        game.answer("no")  # no substitution
        lines = game.answer("THÉ")
        assert any("90 points" in line.text for line in lines)


# --- the same list in another alphabet -------------------------------------------------------------

TWIN = Alphabet("aąbcćdeęfghijklłmnńoóprsśt")  # the first 26 Polish letters, English a-z slot for slot
ENGLISH_TILES = tiles("en")


def _respell(word: str) -> str:
    return "".join("*" if ch == "*" else TWIN.letters[ENGLISH.slot[ch]] for ch in word)


TWIN_TILES = Tiles(
    language=language("pl"),
    alphabet=TWIN,
    vowels=_respell(ENGLISH_TILES.vowels),
    consonants=_respell(ENGLISH_TILES.consonants),
    values={**{_respell(k): v for k, v in ENGLISH_TILES.values.items() if k != "*"}, "*": 0},
)

words_strategy = st.lists(st.text(alphabet="abcdeiostuz", min_size=1, max_size=5), min_size=1, max_size=25, unique=True)
hand_strategy = st.text(alphabet="abcdeiostuz*", min_size=1, max_size=7)


@settings(max_examples=80, deadline=None)
@given(words_strategy, hand_strategy)
def test_best_words_are_the_same_in_another_alphabet(words, hand):
    english = playable_words(hand, words)
    twin = playable_words(_respell(hand), [_respell(w) for w in words], chosen=TWIN_TILES)
    assert [(_respell(p.word), _respell(p.spelled), p.score) for p in english] == [
        (p.word, p.spelled, p.score) for p in twin
    ]


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="aąbcćeęłżź*", min_size=1, max_size=7))
def test_the_polish_index_answers_as_the_list_does(polish, hand):
    """The index's signature query and the plain scan of the same words agree, in Polish letters."""
    listed = [w for w in POLISH if w != "quiz"]
    on_index = [(p.word, p.spelled, p.score) for p in playable_words(hand, polish)]
    on_list = [(p.word, p.spelled, p.score) for p in playable_words(hand, listed, chosen=tiles("pl"))]
    assert on_index == on_list
