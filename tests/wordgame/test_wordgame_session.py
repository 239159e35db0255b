"""Word game sessions: structured moves, the text protocol, saving mid-hand, end of input."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.errors import BadMoveError, BadStateError
from wordindex.sessions import create_session, resume_session
from wordindex.wordgame import deal_hand
from wordindex.wordgame.game import hand_rng, hand_text
from wordindex.wordgame.session import WordGameSession


def test_hands_are_dealt_from_the_seed_and_the_hand_number(transcript_index):
    game = WordGameSession.create(transcript_index, hands=2, seed=11)
    assert game.view()["hand"] == hand_text(deal_hand(7, hand_rng(11, 1, "deal")))
    assert game.view()["phase"] == "substitute"


def test_saved_in_the_middle_of_a_hand_and_resumed(transcript_index, saved, monkeypatch):
    game = WordGameSession.create(transcript_index, hands=2, seed=1)
    game.game.hand = {"a": 1, "c": 1, "i": 1, "*": 1, "p": 1, "r": 1, "t": 1}  # the problem set's first hand
    event = game.move({"action": "play", "word": "part"})  # declines the substitution on the way
    assert [line["text"] for line in event["lines"]][-2:] == [
        '"part" earned 114 points. Total: 114 points',
        "Current hand: c i *",
    ]
    assert (event["phase"], event["hand"], event["hand_score"]) == ("play", "ci*", 114)
    state = saved(game)
    assert (state["left"], state["hand_score"], state["played"]) == ("ci*", 114, ["part"])
    again = resume_session(transcript_index, state)
    event = again.move("ic*")
    assert [line["kind"] for line in event["lines"]] == ["scored", "ran_out", "hand_total"]
    assert event["phase"] == "replay" and event["hand_score"] == 198
    event = resume_session(transcript_index, saved(again)).move({"action": "next"})
    assert event["lines"][0]["text"] == 'Best word for this hand: "tapir" for 203 points'
    assert (event["hand_number"], event["total"], event["phase"]) == (2, 198, "substitute")


def test_end_of_input_counts_the_points_already_made(transcript_index):
    game = create_session("wordgame", transcript_index, hands=3, seed=1)
    game.game.hand = {"c": 1, "o": 1, "w": 1, "s": 1, "x": 1, "*": 1, "z": 1}
    game.move({"action": "keep"})
    # n = 7: cows (3 + 1 + 4 + 1) * (7 * 4 - 3 * (7 - 4)) = 9 * 19 = 171, no wildcard needed (o is held)
    event = game.move("cows")
    assert [line["text"] for line in event["lines"]][-2:] == [
        '"cows" earned 171 points. Total: 171 points',
        "Current hand: x * z",
    ]
    assert event["hand_score"] == game.view()["hand_score"] == 171
    event = game.end()
    assert event["over"] and event["total"] == 171
    assert event["lines"][-1]["text"] == "Game ended early. Total score over the 1 hand played: 171"


def test_moves_out_of_turn_are_refused(transcript_index):
    game = WordGameSession.create(transcript_index, hands=1, seed=2)
    with pytest.raises(BadMoveError, match="not a move now"):
        game.move({"action": "replay"})
    with pytest.raises(BadMoveError, match="names the letter"):
        game.move({"action": "substitute"})


def test_the_text_protocol_is_the_problem_set_transcript(transcript_index):
    game = WordGameSession.create(transcript_index, seed=4)
    assert game.prompt == "Enter total number of hands: "
    assert game.move({"action": "reply", "text": "two"})["lines"][0]["kind"] == "retry"
    event = game.move({"action": "hands", "hands": 1})
    assert event["phase"] == "substitute" and event["lines"][0]["kind"] == "hand"


def test_bad_states_are_refused(transcript_index):
    state = WordGameSession.create(transcript_index, hands=1, seed=2).state()
    for change in ({"phase": "dancing"}, {"hands": 0}, {"records": [{"hand": "ab"}]}, {"game": "hangman"}):
        with pytest.raises(BadStateError):
            resume_session(transcript_index, {**state, **change})


REPLIES = ["yes", "no", "maybe", "a", "e", "*", "!!", "part", "ic*", "c*ws", "out", "zz", "2", "1"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(replies=st.lists(st.sampled_from(REPLIES), max_size=25), hands=st.sampled_from([None, 1, 2]))
def test_saving_and_resuming_after_every_move_changes_nothing(transcript_index, replies, hands):
    straight = WordGameSession.create(transcript_index, hands=hands, seed=9)
    resumed = WordGameSession.create(transcript_index, hands=hands, seed=9)
    for reply in replies:
        if straight.over:
            break
        expected = straight.move({"action": "reply", "text": reply}).to_json()
        resumed = resume_session(transcript_index, json.loads(json.dumps(resumed.state())))
        assert resumed.move({"action": "reply", "text": reply}).to_json() == expected
    assert resumed.state() == straight.state()
    assert resumed.end().to_json() == straight.end().to_json()
