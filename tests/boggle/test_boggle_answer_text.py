"""``answer_text`` writes a board's words as exactly ``json.dumps`` of their objects: on random
lists and boards of several alphabets, sizes (up to 6×6) and multi-letter faces, for both forms of
the search (the compiled one through its cell matrix, the plain one through its routes)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.boggle.answer_text import words_text
from wordindex.boggle.board import Board
from wordindex.boggle.engine import Engine, solve_board
from wordindex.boggle.faces import FaceSet
from wordindex.boggle.rules import get_rules
from wordindex.boggle.trie import build_trie
from wordindex.languages.alphabet import ENGLISH, Alphabet
from wordindex.reports import found_word_json

POLISH = Alphabet("aąbcćdeęfghijklłmnńoóprsśtuwyzźż")
#: Faces a board may show, per alphabet: single letters, and a few multi-letter faces.
SETS = {
    "english": (FaceSet(ENGLISH, ("qu", "th", "in")), "aeilnorstqu", ("qu", "th", "in")),
    "polish": (FaceSet(POLISH, ("ch",), "Polish"), "aąeęlłnńoósśzż", ("ch",)),
}


def defined(solution) -> str:
    return json.dumps([found_word_json(w) for w in solution.words], ensure_ascii=False)


@st.composite
def cases(draw):
    faces, letters, multi = SETS[draw(st.sampled_from(sorted(SETS)))]
    words = draw(st.lists(st.text(alphabet=letters, min_size=2, max_size=7), min_size=1, max_size=60))
    size = draw(st.integers(2, 6))
    cubes = draw(st.lists(st.sampled_from([*letters, *multi]), min_size=size * size, max_size=size * size))
    return faces, words, Board(size, tuple(cubes), faces)


@settings(max_examples=80, deadline=None)
@given(case=cases(), rules=st.sampled_from(["official", "simple"]))
def test_the_text_is_json_dumps_of_the_words(case, rules):
    faces, words, board = case
    trie = build_trie(words, faces.alphabet)
    for engine in Engine:
        solution = solve_board(trie, board, get_rules(rules), engine)
        assert words_text(solution) == defined(solution)


def test_a_dense_board_and_an_empty_one():
    trie = build_trie(["tea", "eat", "ate", "teat", "tee"])
    dense = Board(4, tuple("teateateateateat"), FaceSet(ENGLISH, ("qu",)))
    empty = Board(2, tuple("xxxx"), FaceSet(ENGLISH, ("qu",)))
    for engine in Engine:
        solution = solve_board(trie, dense, get_rules("official"), engine)
        assert solution.count == 5 and words_text(solution) == defined(solution)
        assert words_text(solve_board(trie, empty, get_rules("official"), engine)) == "[]"
