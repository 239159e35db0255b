"""Hangman sessions: moves, the saved state, resuming in the middle, secrets kept."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.errors import BadMoveError, BadStateError, NotFoundError, UsageError
from wordindex.hangman.guessers import Strategy
from wordindex.hangman.session import HangmanSession
from wordindex.sessions import GameKind, GameStatus, create_session, resume_session


def test_evil_game_follows_the_cs106l_families_and_resumes_mid_game(nine, saved):
    game = create_session(GameKind.HANGMAN, nine, chooser="evil", length=4, lives=3, seed=1)
    first = game.move("e")
    assert first.to_json() == {
        "kind": "guess",
        "letter": "e",
        "occurrences": 0,
        "pattern": "----",
        "misses": 1,
        "lives_left": 2,
        "status": "playing",
    }
    state = saved(game)
    assert state == {
        "game": "hangman",
        "version": 1,
        "chooser": "evil",
        "length": 4,
        "lives": 3,
        "seed": 1,
        "pattern": "----",
        "guessed": "e",
        "misses": 1,
        "word": None,
        "ended": False,
    }
    again = resume_session(nine, state)
    assert isinstance(again, HangmanSession)
    assert again.view(candidates=True)["candidates"] == 3  # ally, cool, good
    turn = again.move({"letter": "O"})
    assert (turn["occurrences"], turn["pattern"]) == (2, "-oo-")
    again.move("t")
    last = again.move("d")
    assert last["status"] == "lost" and last["word"] == "cool"
    assert again.over and again.status is GameStatus.LOST
    with pytest.raises(BadMoveError, match="the game is over"):
        again.move("c")


def test_the_random_chooser_keeps_its_word_secret_until_the_end(nine, saved):
    game = HangmanSession.create(nine, chooser="random", length=4, seed=3)
    secret = game.state()["word"]
    assert secret in {"ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"}
    assert game.view()["word"] is None
    assert secret not in json.dumps(game.view())
    resumed = resume_session(nine, saved(game))
    for event in resumed.autoplay(Strategy.PAGA):
        assert event.kind == "guess"
    assert resumed.over and resumed.view()["word"] == secret


def test_the_same_seed_names_the_same_word(nine):
    words = {HangmanSession.create(nine, chooser="random", length=4, seed=7).state()["word"] for _ in range(3)}
    assert len(words) == 1


def test_refused_guesses_leave_the_game_alone(nine):
    game = HangmanSession.create(nine, length=4, lives=6, seed=0)
    game.move("e")
    for bad, message in [
        ("e", "already guessed"),
        ("ee", "exactly one letter"),
        ("7", "a letter a-z"),
        ("", "nothing"),
    ]:
        with pytest.raises(BadMoveError, match=message):
            game.move(bad)
    assert game.state()["guessed"] == "e"
    with pytest.raises(BadMoveError, match="one move, guess"):
        game.move({"action": "shout"})


def test_end_of_input_loses_and_names_the_word(nine):
    game = HangmanSession.create(nine, chooser="evil", length=4, seed=1)
    game.move("o")
    event = game.end()
    assert event.kind == "over" and event["status"] == "lost" and "o" not in event["word"]
    assert game.state()["ended"] is True


def test_autoplay_is_the_solver(nine):
    game = HangmanSession.create(nine, chooser="random", word="COOL", lives=6)
    letters = [event["letter"] for event in game.autoplay("paga")]
    assert letters == ["e", "o", "c", "l"]
    assert game.status is GameStatus.WON


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"chooser": "kind", "length": 4}, UsageError, "unknown chooser 'kind': choose evil or random"),
        ({"length": 0}, UsageError, "the word length must be 1 or more"),
        ({"length": 5}, NotFoundError, "no word of length 5"),
        ({"length": 4, "lives": 0}, UsageError, "lives must be 1 or more"),
        ({"chooser": "evil", "word": "cool"}, UsageError, "only the random chooser"),
        ({"chooser": "random", "word": "xyzzy"}, NotFoundError, "not in the index"),
    ],
)
def test_bad_options(nine, options, error, message):
    with pytest.raises(error, match=message):
        HangmanSession.create(nine, **options)


@pytest.mark.parametrize(
    "change",
    [
        {"game": "boggle"},
        {"version": 99},
        {"pattern": "-o--"},  # o shown but never guessed
        {"misses": 0},
        {"length": 5},
        {"chooser": "random"},  # a random game needs its word
        {"guessed": "ee"},
    ],
)
def test_states_that_do_not_hold_together_are_refused(nine, change):
    state = HangmanSession.create(nine, chooser="evil", length=4, seed=1).state()
    state["guessed"], state["misses"] = "e", 1
    with pytest.raises(BadStateError):
        resume_session(nine, {**state, **change})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    chooser=st.sampled_from(["evil", "random"]),
    letters=st.lists(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), unique=True, max_size=12),
)
def test_saving_and_resuming_after_every_move_changes_nothing(nine, chooser, letters):
    straight = HangmanSession.create(nine, chooser=chooser, length=4, lives=4, seed=5)
    resumed = HangmanSession.create(nine, chooser=chooser, length=4, lives=4, seed=5)
    for letter in letters:
        if straight.over:
            break
        expected = straight.move(letter).to_json()
        resumed = resume_session(nine, json.loads(json.dumps(resumed.state())))
        assert resumed.move(letter).to_json() == expected
    assert resumed.state() == straight.state()
    assert resumed.view() == straight.view()
