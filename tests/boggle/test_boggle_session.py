"""Boggle sessions: the CS106B checks, the computer's turn, several players, the timer, resuming."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.session import BoggleSession, Verdict
from wordindex.errors import BadMoveError, BadStateError, UsageError
from wordindex.index.core import open_index
from wordindex.sessions import resume_session

BOARD = "abcdefghijklmnop"


@pytest.fixture(scope="module")
def boggle_index(hand_index):
    with open_index(hand_index) as index:
        yield index


@pytest.fixture
def game(boggle_index):
    return BoggleSession.create(boggle_index, board=BOARD, seed=0)


def test_checks_run_in_the_assignment_order(game):
    assert game.move("fab")["verdict"] == Verdict.TOO_SHORT  # on the board, 3 letters (simple rules: 4+)
    assert game.move("abcd")["verdict"] == "not_a_word"
    assert game.move("ache")["verdict"] == "not_on_board"
    first = game.move("Knife")
    assert first.to_json() == {
        "kind": "word",
        "player": "you",
        "word": "knife",
        "verdict": "accepted",
        "score": 2,
        "path": [[2, 2], [3, 1], [2, 0], [1, 1], [1, 0]],
        "total": 2,
    }
    assert game.move("KNIFE")["verdict"] == "already_found"


def test_computer_takes_the_rest_and_wins_only_when_strictly_ahead(game, saved):
    for word in ("knife", "plonk", "glop"):
        game.move(word)
    resumed = resume_session(game.index, saved(game))
    assert resumed.view()["players"]["you"]["score"] == 5
    over = resumed.move({"action": "end"})
    assert over.kind == "over"
    assert [w["word"] for w in over["computer"]["words"]] == ["fink", "mink"]
    assert over["computer"]["words"][0]["path"] == [[1, 1], [2, 0], [3, 1], [2, 2]]
    assert (over["scores"], over["computer"]["score"], over["computer_won"]) == ({"you": 5}, 2, False)
    assert over["winners"] == ["you"]
    with pytest.raises(BadMoveError, match="the round is over"):
        resumed.move("mink")


def test_several_players_share_one_board(game, saved):
    game.move({"action": "join", "player": "ann"})
    game.move({"player": "you", "word": "fink"})
    assert game.move({"player": "ann", "word": "fink"})["total"] == 0  # both may find it; it scores for neither
    game.move({"player": "ann", "word": "mink"})
    with pytest.raises(BadMoveError, match="no player called 'bob'"):
        game.move({"player": "bob", "word": "glop"})
    state = saved(game)
    assert state["players"] == {"you": ["fink"], "ann": ["fink", "mink"]}
    resumed = resume_session(game.index, state)
    result = resumed.end()
    assert [w["word"] for w in result["computer"]["words"]] == ["glop", "knife", "plonk"]
    # fink, found by both, scores for neither (issue 34: the rule of a web round's scoreboard)
    assert result["scores"] == {"you": 0, "ann": 1} and result["computer_won"]
    ann = resumed.view()["players"]["ann"]
    assert [(w["word"], w["score"], w["shared"]) for w in ann["words"]] == [("fink", 0, True), ("mink", 1, False)]
    assert ann["score"] == 1


def test_the_timer_refuses_words_after_the_deadline(boggle_index):
    game = BoggleSession.create(boggle_index, board=BOARD, minutes=3, now=1000.0)
    assert game.deadline == 1180.0 and game.time_left(now=1100.0) == 80.0
    assert game.move("knife", now=1179.0)["verdict"] == "accepted"
    assert game.move("plonk", now=1181.0)["verdict"] == "time_up"
    assert game.view(now=1200.0)["seconds_left"] == 0.0


def test_shaken_boards_are_seeded(boggle_index):
    one = BoggleSession.create(boggle_index, seed=5, size=5)
    two = BoggleSession.create(boggle_index, seed=5, dice="big")
    assert one.board == two.board and one.board.size == 5
    view = one.view()
    assert view["board"] == one.board.text and len(view["rows"]) == 5


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 3}, "play boggle uses 4×4, 5×5 or 6×6 boards"),
        ({"dice": "big", "size": 4}, "the big dice make 5×5 boards, not 4×4"),
        ({"rules": "fast"}, "unknown rules 'fast'"),
        ({"board": "abcd"}, "play boggle uses 4×4, 5×5 or 6×6 boards"),
        ({"minutes": 0}, "--minutes must be more than 0"),
        ({"players": ["a", "a"]}, "each with a different name"),
    ],
)
def test_bad_options(boggle_index, options, message):
    with pytest.raises(UsageError, match=message):
        BoggleSession.create(boggle_index, **options)


def test_bad_states_are_refused(game):
    state = game.state()
    for change in ({"board": "ab!"}, {"rules": "fast"}, {"players": {"": []}}, {"deadline": "soon"}):
        with pytest.raises(BadStateError):
            resume_session(game.index, {**state, **change})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(["knife", "fink", "fab", "abcd", "ache", "mink", "KNIFE", "glop", "qq"])))
def test_saving_and_resuming_after_every_word_changes_nothing(boggle_index, words):
    straight = BoggleSession.create(boggle_index, board=BOARD, seed=0)
    resumed = BoggleSession.create(boggle_index, board=BOARD, seed=0)
    for word in words:
        expected = straight.move(word).to_json()
        resumed = resume_session(boggle_index, json.loads(json.dumps(resumed.state())))
        assert resumed.move(word).to_json() == expected
    assert resumed.end().to_json() == straight.end().to_json()
