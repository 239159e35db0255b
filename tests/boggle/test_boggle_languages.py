"""Boggle in other alphabets: boards in a language's letters, multi-letter faces, and the same answers
for a list and the same list written in another alphabet's letters."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.batch import BatchScorer
from wordindex.boggle.best import BestBoardSearch, run_search
from wordindex.boggle.board import Board, BoardError, parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.faces import FaceSet, faces_of
from wordindex.boggle.rules import get_rules
from wordindex.boggle.trie import build_trie
from wordindex.languages.alphabet import ENGLISH, Alphabet

OFFICIAL = get_rules("official")
#: 32 letters, none of them a-z: slot i stands for English's letter i, and six more beyond.
WIDE = Alphabet("ąćęłńóśźżαβγδεζηθικλμνξοπρστυφχψ")
POLISH = Alphabet("aąbcćdeęfghijklłmnńoóprsśtuwyzźż")


def respell(word: str, target: Alphabet) -> str:
    return "".join(target.letters[ENGLISH.slot[ch]] for ch in word)


words_strategy = st.lists(st.text(alphabet="abcdeilnorst", min_size=1, max_size=6), min_size=1, max_size=40)


@st.composite
def boards(draw):
    size = draw(st.sampled_from([2, 3, 4]))
    return "".join(draw(st.lists(st.sampled_from("abcdeilnorst"), min_size=size * size, max_size=size * size)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=words_strategy, text=boards(), target=st.sampled_from([WIDE, POLISH]))
def test_every_engine_answers_the_same_in_another_alphabet(words, text, target):
    english_trie = build_trie(words)
    other_trie = build_trie([respell(w, target) for w in words], target)
    english = Board(int(len(text) ** 0.5), tuple(text), FaceSet(ENGLISH, ()))
    other = Board(english.size, tuple(respell(ch, target) for ch in text), FaceSet(target, (), "Other"))
    for engine in Engine:
        mine = solve_board(english_trie, english, OFFICIAL, engine)
        theirs = solve_board(other_trie, other, OFFICIAL, engine)
        assert sorted((respell(w.word, target), w.score, w.path) for w in mine.words) == sorted(
            (w.word, w.score, w.path) for w in theirs.words
        )
    english_scores = BoardScorer(english_trie, OFFICIAL, threads=1, faces=english.face_set).score_boards([english])
    other_scores = BoardScorer(other_trie, OFFICIAL, threads=1, faces=other.face_set).score_boards([other])
    assert [a.tolist() for a in english_scores] == [b.tolist() for b in other_scores]


def test_polish_boards_and_words(run_cli, index_factory):
    db = index_factory("boggle_polish", ["żab", "ząb", "łza", "zab", "bez", "quiz"], language="pl")
    result = run_cli(["boggle", "żab ząz łeb", "--json"], db=db)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["board"], data["rows"], data["count"]) == ("żabzązłeb", ["żab", "ząz", "łeb"], 5)
    # every score is 1: ties in the alphabet's order (ł after l, ą after a, ż after z)
    assert [w["word"] for w in data["words"]] == ["bez", "łza", "zab", "ząb", "żab"]
    result = run_cli(["boggle", "ŻĄBQ"], db=db)
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: a board holds only Polish letters (aąbcćdeęfghijklłmnńoóprsśtuwyzźż), not 'q'\n",
    )


def test_multi_letter_faces_spell_all_their_letters(run_cli, index_factory):
    db = index_factory("boggle_faces", ["bathe", "the", "hen", "queen", "then"])
    result = run_cli(["boggle", "ab[th]e", "--path"], db=db)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "  2 bathe (0,1) (0,0) (1,0) (1,1)",
        "  1 the   (1,0) (1,1)",
        "total: 2 words, 3 points (official rules, min 3 letters)",
    ]
    data = json.loads(run_cli(["boggle", "[TH][er]ab", "--json"], db=db).stdout)
    assert (data["board"], data["rows"]) == ("[th][er]ab", ["[th][er]", "ab"])


def test_a_multi_letter_face_the_language_has_not_is_refused():
    with pytest.raises(BoardError, match=r"not '\[xy\]'"):
        parse_board("ab[xy]e")
    dutch = parse_board("[ij]sab", faces=faces_of("nl"))
    assert dutch.faces == ("ij", "s", "a", "b") and dutch.text == "[ij]sab"
    with pytest.raises(BoardError, match=r"not '\[ij\]'"):
        parse_board("[ij]sab")  # English dice have no IJ face


def test_dutch_ij_cube(index_factory):
    from wordindex.boggle.store import load_trie
    from wordindex.index.core import open_index

    with open_index(index_factory("boggle_dutch", ["ijs", "ijzer", "zij"], language="nl")) as index:
        trie = load_trie(index)
        board = parse_board("[IJ]za ser aaa", faces=faces_of("nl"))
    for engine in Engine:
        found = solve_board(trie, board, OFFICIAL, engine)
        assert sorted(found.texts) == ["ijs", "ijzer", "zij"]
        assert found.find("ijs").path == ((0, 0), (1, 0))  # the IJ cube spells two letters
        assert found.find("ijzer").path == ((0, 0), (0, 1), (1, 1), (1, 2))


def test_batch_and_best_board_in_polish():
    trie = build_trie(["żab", "ząb", "łza", "bez", "zab"], POLISH)
    faces = faces_of("pl")
    chunk = BatchScorer(trie, OFFICIAL, faces).score_chunk(["żabzązłeb", "abcd", "qqqq"])
    assert (chunk.boards, chunk.counts, chunk.scores) == (["żabzązłeb", "abcd", None], [5, 0, 0], [5, 0, 0])
    search = BestBoardSearch(trie, 2, OFFICIAL, seed=1, faces=faces)
    result = run_search(search, steps=30)
    best = result.boards[0]
    assert best.board.face_set == faces and set("".join(best.board.faces)) <= POLISH.letter_set
    assert solve_board(trie, best.board, OFFICIAL).score == best.score >= 2
