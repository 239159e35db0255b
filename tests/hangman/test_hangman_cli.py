"""The commands and the interactive game, through the real CLI (run_cli)."""

from __future__ import annotations

import json

import pytest


def test_guess_json_is_the_issue_shape(run_cli, nine_db):
    result = run_cli(["guess", "--pattern", "----", "--guessed", "e", "--json"], db=nine_db)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {
        "guess": "o",
        "strategy": "paga",
        "candidates": 3,
        "frequencies": {"a": 1, "c": 1, "d": 1, "g": 1, "l": 3, "o": 4, "y": 1},
    }


@pytest.mark.parametrize(
    ("args", "letter"),
    [
        (["-p", "----", "-g", "e"], "o"),
        (["-p", "----", "-g", "e", "-s", "pattern"], "l"),
        (["-p", "-o--", "-g", "o"], "e"),
        (["-p", "-o--", "-g", "o", "--strategy", "pattern"], "c"),
    ],
)
def test_guess_plain(run_cli, nine_db, args, letter):
    result = run_cli(["guess", *args], db=nine_db)
    assert result.exit_code == 0
    assert result.stdout == f"{letter}\n"


def test_guess_no_letter_left(run_cli, nine_db):
    result = run_cli(["guess", "-p", "cool"], db=nine_db)
    assert result.exit_code == 1
    assert result.stdout == "?\n"
    assert "no letter left" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["guess", "-p", "-o1-"], 2, "'1' at position 3"),
        (["guess", "-p", "-oe-", "-g", "ox"], 2, "but not 'e'"),
        (["guess", "-p", "----", "-g", "ee"], 2, "repeat 'e'"),
        (["guess", "-p", "----", "-g", "e!"], 2, "include '!'"),
        (["guess", "-p", "----", "-s", "smart"], 2, "unknown strategy"),
        (["evil", "-n", "0", "-g", "e"], 2, "must be 1 or more, not 0"),
        (["evil", "-n", "-3", "-g", "e"], 2, "must be 1 or more, not -3"),
        (["evil", "-n", str(10**12), "-g", "e"], 2, f"no word of length {10**12}"),
        (["evil", "-n", "2000000000", "-g", "e"], 2, "no word of length 2000000000"),
        (["evil", "-n", "4", "-g", "eoe"], 2, "repeat 'e'"),
        (["evil", "-n", "4", "-g", "e-"], 2, "include '-'"),
        (["solve", "xyzzy"], 2, "'xyzzy' is not in the index"),
        (["solve", "cool", "--lives", "0"], 2, "lives must be 1 or more"),
        (["play", "hangman", "--length", "0"], 2, "must be 1 or more"),
        (["play", "hangman", "--length", str(10**12)], 2, "no word of length"),
        (["play", "hangman", "--guesses", "0", "--length", "4"], 2, "lives must be 1 or more"),
        (["play", "hangman", "--lives", "0", "--length", "4"], 2, "lives must be 1 or more"),
        (["play", "hangman", "--chooser", "nice"], 2, "unknown chooser"),
    ],
)
def test_bad_input_is_one_line(run_cli, nine_db, args, code, message):
    result = run_cli(args, db=nine_db)
    assert result.exit_code == code
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_no_candidate_is_a_negative_answer(run_cli, nine_db):
    result = run_cli(["guess", "-p", "zzzz"], db=nine_db)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "no word of the index fits the pattern zzzz\n"


def test_evil_json_is_the_issue_example(run_cli, nine_db):
    result = run_cli(["evil", "--length", "4", "--guesses", "eotdc", "--json"], db=nine_db)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "steps": [
            {"letter": "e", "occurrences": 0, "pattern": "----", "family_size": 3},
            {"letter": "o", "occurrences": 2, "pattern": "-oo-", "family_size": 2},
            {"letter": "t", "occurrences": 0, "pattern": "-oo-", "family_size": 2},
            {"letter": "d", "occurrences": 0, "pattern": "-oo-", "family_size": 1},
            {"letter": "c", "occurrences": 1, "pattern": "coo-", "family_size": 1},
        ],
        "words": ["cool"],
    }


def test_evil_plain(run_cli, nine_db):
    result = run_cli(["evil", "-n", "4", "-g", "e,o"], db=nine_db)
    assert result.exit_code == 0
    assert result.stdout == "e  0  ----  3 words\no  2  -oo-  2 words\ncool\ngood\n"  # piped: one word a line


def test_solve_json_and_plain(run_cli, nine_db):
    result = run_cli(["solve", "cool", "--json"], db=nine_db)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {k: data[k] for k in ("word", "won", "guesses", "wrong")} == {
        "word": "cool",
        "won": True,
        "guesses": ["e", "o", "c", "l"],
        "wrong": 1,
    }
    assert (data["strategy"], data["lives"], data["steps"][1]) == (
        "paga",
        6,
        {"letter": "o", "occurrences": 2, "pattern": "-oo-"},
    )
    plain = run_cli(["solve", "COOL"], db=nine_db)
    assert plain.stdout.splitlines() == [
        "e  miss     ----",
        "o  2 shown  -oo-",
        "c  1 shown  coo-",
        "l  1 shown  cool",
        "won: cool with 1 wrong guess of 6 (paga)",
    ]


def test_solve_lost_exits_1(run_cli, nine_db):
    # naive guesses e l o a ... : ibex needs e (hit) l a o d (misses) ... lost with one life.
    result = run_cli(["solve", "ibex", "--strategy", "naive", "--lives", "1", "--json"], db=nine_db)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert (data["word"], data["won"], data["guesses"], data["wrong"]) == ("ibex", False, ["e", "l"], 1)


def test_interactive_evil_game_won_through_stdin(run_cli, nine_db):
    # length 5 has no word (asked again), 0 guesses refused, then 6; show the count.
    script = "5\n4\n0\n6\ny\ne\nee\n7\nE\no\nt\nd\nc\nl\nn\n"
    result = run_cli(["play", "hangman"], db=nine_db, input=script)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "no word of length 5" in text
    assert "The number of guesses must be an integer above 0." in text
    assert "Words left: 9" in text and "Words left: 3" in text
    assert "Refused: a guess must be exactly one letter, not 'ee'" in text
    assert "Refused: a guess must be a letter a-z, not '7'" in text
    assert "Refused: 'e' was already guessed" in text
    assert "Sorry, there is no e." in text
    assert "Yes, there are 2 o's." in text
    assert "Congratulations! You guessed the word: cool" in text
    assert text.rstrip().endswith("Goodbye.")


def test_interactive_game_lost_then_again_then_eof(run_cli, nine_db):
    script = "4\n2\nn\ne\nt\ny\n4\n1\nn\n"  # second game: end of input in the middle
    result = run_cli(["play", "hangman", "--chooser", "evil", "--seed", "1"], db=nine_db, input=script)
    assert result.exit_code == 0
    assert "You are out of guesses. The word was: " in result.stdout
    assert "Words left" not in result.stdout
    assert result.stdout.rstrip().endswith("Goodbye.")
    assert "Traceback" not in result.stdout + result.stderr


def test_random_game_with_ai_guesser_is_reproducible(run_cli, nine_db):
    args = [
        "play",
        "hangman",
        "--chooser",
        "random",
        "--seed",
        "3",
        "--length",
        "4",
        "--guesses",
        "6",
        "--hide-count",
        "--guesser",
        "paga",
    ]
    first = run_cli(args, db=nine_db)
    second = run_cli(args, db=nine_db)
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    assert "paga guesses: e" in first.stdout
    assert "Congratulations! paga guessed the word:" in first.stdout


def test_ai_against_evil_shows_each_move(run_cli, nine_db):
    args = ["play", "hangman", "--length", "4", "--guesses", "2", "--hide-count", "--guesser", "naive"]
    result = run_cli(args, db=nine_db)
    assert result.exit_code == 1  # the guesser lost
    lines = result.stdout.splitlines()
    assert "naive guesses: e" in lines and "naive guesses: l" in lines
    assert "naive is out of guesses. The word was: " in result.stdout
