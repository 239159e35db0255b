"""``hangman-value``, the ``optimal`` strategy and the ``optimal`` chooser through the real CLI."""

from __future__ import annotations

import json

import pytest

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]


@pytest.fixture(scope="module")
def nine_db(index_factory):
    return index_factory("hangman_nine", words=NINE)


@pytest.mark.parametrize("chooser, misses", [("greedy", 2), ("optimal", 4), ("evil", 2)])
def test_value_json_of_the_small_list(run_cli, small_index, chooser, misses):
    result = run_cli(["hangman-value", "--length", 4, "--chooser", chooser, "--json"], db=small_index)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert {k: report[k] for k in ("length", "words", "chooser", "misses", "exact")} == {
        "length": 4,
        "words": 30,
        "chooser": "optimal" if chooser == "optimal" else "greedy",
        "misses": misses,
        "exact": True,
    }
    assert "lower" not in report and report["positions"] >= 0 and report["seconds"] >= 0
    assert report["first_guess"] in "abcdefghijklmnopqrstuvwxyz"


def test_value_stopped_by_a_limit_gives_bounds(run_cli, small_index):
    args = ["hangman-value", "-n", 4, "-c", "optimal", "--max-positions", 1, "--json", "--jobs", 1]
    result = run_cli(args, db=small_index)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["exact"] is False and report["misses"] is None
    assert report["lower"] <= 4 <= report["upper"]


def test_value_text_line(run_cli, nine_db):
    result = run_cli(["hangman-value", "-n", 4], db=nine_db)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("length 4: 9 words, 2 misses (exact) against the greedy chooser; first guess ")


@pytest.mark.parametrize(
    "args, message",
    [
        (["-n", 0], "the word length must be 1 or more"),
        (["-n", 4, "-c", "kind"], "unknown chooser 'kind'"),
        (["-n", 4, "--seconds", 0], "--seconds must be a finite number above 0, not 0.0"),
        (["-n", 4, "--seconds", "nan"], "--seconds must be a finite number above 0, not nan"),
        (["-n", 4, "--seconds", "inf"], "--seconds must be a finite number above 0, not inf"),
        (["-n", 4, "--seconds", "-inf"], "--seconds must be a finite number above 0, not -inf"),
        (["-n", 4, "--max-positions", 0], "--max-positions must be 1 or more"),
        (["-n", 4, "--jobs", 0], "--jobs must be 1 or more"),
    ],
)
def test_value_bad_input_is_one_line_and_exit_2(run_cli, nine_db, args, message):
    result = run_cli(["hangman-value", *args], db=nine_db)
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_value_of_a_length_without_words_is_reported_like_evil(run_cli, nine_db):
    value = run_cli(["hangman-value", "-n", 7], db=nine_db)
    evil = run_cli(["evil", "-n", 7, "-g", "e"], db=nine_db)
    assert value.exit_code == evil.exit_code == 2  # an error of the index's, as docs/cli.md says
    assert value.stderr == evil.stderr
    assert "no word of length 7" in value.stderr


@pytest.mark.parametrize("against, misses", [("greedy", 2), ("optimal", 2)])
def test_guess_optimal_json(run_cli, nine_db, against, misses):
    result = run_cli(["guess", "-p", "----", "-s", "optimal", "--against", against, "--json"], db=nine_db)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["strategy"] == "optimal" and report["against"] == against
    assert report["exact"] is True and report["misses"] == misses and report["candidates"] == 9


def test_guess_optimal_bad_against_is_exit_2(run_cli, nine_db):
    result = run_cli(["guess", "-p", "----", "-s", "optimal", "--against", "kind"], db=nine_db)
    assert result.exit_code == 2 and "unknown chooser" in result.stderr


def test_solve_with_the_optimal_guesser_needs_at_most_the_value(run_cli, small_index):
    # Against the optimal chooser the value of the 30 four-letter words is 4 misses: whatever word is
    # held, a guesser playing for that value never misses a fifth time. (Against greedy the guarantee
    # holds only for the greedy chooser's answers, not for any word.)
    for word in ["cool", "good", "hope", "ally", "else", "ibex"]:
        result = run_cli(
            ["solve", word, "-s", "optimal", "--against", "optimal", "--lives", 5, "--json"], db=small_index
        )
        assert result.exit_code == 0, result.stderr
        report = json.loads(result.stdout)
        assert report["won"] and report["wrong"] <= 4


def test_evil_with_the_optimal_chooser_marks_each_step_exact(run_cli, nine_db):
    result = run_cli(["evil", "-n", 4, "-g", "eotdc", "-c", "optimal", "--json"], db=nine_db)
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert [step["exact"] for step in report["steps"]] == [True] * 5
    assert report["steps"][-1]["family_size"] == len(report["words"]) >= 1


def test_ai_optimal_guesser_beats_the_optimal_chooser_within_the_value(run_cli, nine_db):
    # The value against the optimal chooser is 2 misses: with 3 guesses the third miss never comes.
    args = ["play", "hangman", "--chooser", "optimal", "--guesser", "optimal", "-n", 4, "-g", 3, "--hide-count"]
    result = run_cli(args, db=nine_db)
    assert result.exit_code == 0, result.stderr
    assert "Congratulations! optimal guessed the word" in result.stdout


def test_optimal_chooser_beats_any_guesser_given_fewer_lives_than_the_value(run_cli, nine_db):
    for strategy in ["paga", "split", "optimal"]:
        args = ["play", "hangman", "--chooser", "optimal", "--guesser", strategy, "-n", 4, "-g", 2, "--hide-count"]
        result = run_cli(args, db=nine_db)
        assert result.exit_code == 1, result.stderr  # the guesser lost: a negative answer
        assert "out of guesses" in result.stdout


def test_one_miss_is_singular(run_cli, index_factory):
    """ab, ac: a hits both, then the greedy chooser answers the second guess with a miss (was "1 misses")."""
    result = run_cli(["hangman-value", "-n", 2], db=index_factory("one_miss", ["ab", "ac"]))
    assert result.stdout.startswith("length 2: 2 words, 1 miss (exact) against the greedy chooser; first guess b ")
