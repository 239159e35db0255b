"""The game state machine and ``wordindex play boggle`` driven through stdin."""

from __future__ import annotations

import random

import pytest

from wordindex.boggle.board import parse_board
from wordindex.boggle.dice import get_dice, shake
from wordindex.boggle.rules import get_rules
from wordindex.boggle.session import BoggleSession, Verdict
from wordindex.errors import BadMoveError
from wordindex.index.core import open_index


@pytest.fixture
def game(hand_index):
    with open_index(hand_index) as index:
        yield BoggleSession.create(index, board="abcdefghijklmnop", rules="simple", seed=0)


def test_checks_run_in_the_assignment_order(game):
    assert game.move("fab")["verdict"] == Verdict.TOO_SHORT  # a word on the board, but 3 letters
    assert game.move("abcd")["verdict"] == Verdict.NOT_A_WORD  # on the board, long enough, not a word
    assert game.move("ache")["verdict"] == Verdict.NOT_ON_BOARD  # a word, cannot be formed
    first = game.move("Knife")
    assert first["verdict"] == "accepted" and first["score"] == 2 and first["word"] == "knife"
    assert first["path"] == [[2, 2], [3, 1], [2, 0], [1, 1], [1, 0]]
    assert game.move("KNIFE")["verdict"] == Verdict.ALREADY_FOUND
    assert game.move("jinn")["verdict"] == Verdict.NOT_ON_BOARD
    assert game.players["you"] == ["knife"] and game.score("you") == 2


def test_check_word_is_the_cs106b_suitability_check(game):
    assert game.check_word("fink") is Verdict.ACCEPTED
    assert game.check_word("zzzz") is Verdict.NOT_A_WORD
    game.move("fink")
    assert game.check_word("FINK") is Verdict.ALREADY_FOUND


def test_computer_takes_the_remaining_words_and_wins_only_when_strictly_ahead(game):
    game.move("knife")
    game.move("plonk")
    game.move("glop")
    result = game.end()
    # simple rules: the board's 4+ letter words are fink, glop, knife, mink, plonk
    assert [w["word"] for w in result["computer"]["words"]] == ["fink", "mink"]
    assert (result["scores"]["you"], result["computer"]["score"]) == (5, 2)
    assert not result["computer_won"]
    with pytest.raises(BadMoveError):
        game.move("mink")
    assert game.end()["computer"] == result["computer"]


def test_tie_goes_to_the_human(hand_index):
    with open_index(hand_index) as index:
        game = BoggleSession(index, parse_board("tesa"), get_rules("simple"), {"you": []})
        for word in ("east", "eats"):
            assert game.move(word)["verdict"] == "accepted"
        result = game.end()
        assert [w["word"] for w in result["computer"]["words"]] == ["sate", "seat", "teas"]
        assert result["computer_won"]  # 3 > 2
        tie = BoggleSession(index, parse_board("tesa"), get_rules("simple"), {"you": []})
        for word in ("east", "eats", "sate"):
            tie.move(word)
        result = tie.end()
        assert (result["scores"]["you"], result["computer"]["score"]) == (3, 2)
        assert not result["computer_won"]


def test_qu_words_count_two_letters(hand_index):
    with open_index(hand_index) as index:
        game = BoggleSession(index, parse_board("qene"), get_rules("simple"), {"you": []})
        event = game.move("queen")
        assert event["verdict"] == "accepted" and event["score"] == 2 and len(event["path"]) == 4


# -- the CLI game -------------------------------------------------------------------


def test_play_a_typed_board_through_stdin(run_cli, hand_index):
    answers = "\n".join(
        ["n", "abc", "abcdefghijklmnoz1", "abcdefghijklmnop", "fab", "abcd", "zzzz", "ache", "knife", "knife", ""]
        + ["knife", "fink", "", "n"]  # see where two words are, then go on; no new game
    )
    result = run_cli(["play", "boggle"], db=hand_index, input=answers + "\n")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.count("That is not a valid 16-letter board string. Try again.") == 2
    assert "It's your turn!" in text
    assert "That word is too short: words need at least 4 letters." in text
    assert "That word is not in the dictionary." in text
    assert "That word can't be formed on this board." in text
    assert 'You found a new word! "KNIFE" (2 points)' in text
    assert "You have already found that word." in text
    # the last accepted word's cells are highlighted in brackets when piped
    assert " A   B   C   D\n[E] [F]  G   H\n[I]  J  [K]  L\n M  [N]  O   P" in text
    assert 'Your words (1): {"KNIFE"}\nYour score: 2' in text
    assert "It's my turn!" in text
    assert 'My words (4): {"FINK", "GLOP", "MINK", "PLONK"}' in text
    assert "My score: 5" in text  # plonk is 5 letters: 2 points
    assert "Ha ha ha, I destroyed you. Better luck next time, puny human!" in text
    # the player's words stay on the screen of the computer's turn
    assert "It's my turn!\n A   B   C   D" in text
    assert 'Your score: 2\nMy words (4): {"FINK", "GLOP", "MINK", "PLONK"}' in text
    # each of the computer's words can be shown on the board
    assert "KNIFE is not one of my words." in text
    assert " A   B   C   D\n E  [F]  G   H\n[I]  J  [K]  L\n M  [N]  O   P\nFINK: (1,1) (2,0) (3,1) (2,2)" in text
    assert text.rstrip().endswith("Have a nice day.")


def test_human_win_and_play_again(run_cli, hand_index):
    answers = ["knife", "plonk", "fink", "", "", "y", "n", "tesa", "fink"]
    result = run_cli(
        ["play", "boggle", "--board", "abcd efgh ijkl mnop"], db=hand_index, input="\n".join(answers) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "My score: 2\nWOW, you defeated me! Congratulations!" in result.stdout  # 5 against glop + mink
    # the second game asks for its board; a 2×2 board is not a 4×4 one
    assert result.stdout.count("That is not a valid 16-letter board string. Try again.") == 2
    assert result.stdout.rstrip().endswith("Goodbye.")


def test_random_boards_are_shaken_from_the_dice_and_seeded(run_cli, hand_index):
    first = run_cli(["play", "boggle", "--seed", "5", "--size", "5"], db=hand_index, input="y\n\n\nn\n")
    second = run_cli(["play", "boggle", "--seed", "5", "--dice", "big"], db=hand_index, input="y\n\n\nn\n")
    assert first.exit_code == second.exit_code == 0
    assert first.stdout == second.stdout
    board_lines = [line for line in first.stdout.splitlines() if line.startswith(" ") and len(line.split()) == 5]
    drawn = [
        " E   I   E   R   E",
        " M   H   E   D   S",
        " A   A   O   A   C",
        " O   I   M   R   M",
        " B   E   D   R   S",
    ]
    assert board_lines == drawn * 2  # the human's turn, then the computer's
    # the game's seed is the first number of random.Random(5); the board is its shake of the big dice
    shaken = shake(get_dice("big", 5), random.Random(random.Random(5).randrange(2**32)))
    assert shaken.rows() == ["eiere", "mheds", "aaoac", "oimrm", "bedrs"]


def test_end_of_input_ends_cleanly(run_cli, hand_index):
    result = run_cli(["play", "boggle", "--board", "abcdefghijklmnop"], db=hand_index, input="knife\n")
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith("Goodbye.")
    assert "Traceback" not in result.output


def test_input_that_is_not_utf8_is_refused_not_a_crash(run_cli, hand_index):
    result = run_cli(
        ["play", "boggle"], db=hand_index, input=b"n\n\xffbcdefghijklmnop\nabcdefghijklmnop\nkn\xffife\n\n\nn\n"
    )
    assert result.exit_code == 0
    assert "That is not a valid 16-letter board string. Try again." in result.stdout
    assert "That word is not in the dictionary." in result.stdout
    assert result.stdout.rstrip().endswith("Have a nice day.")


def test_yes_or_no_is_asked_again(run_cli, hand_index):
    result = run_cli(["play", "boggle", "--seed", "1"], db=hand_index, input="maybe\ny\n\n\nnope\n")
    assert result.exit_code == 0
    assert "Please answer yes or no." in result.stdout
    assert result.stdout.rstrip().endswith("Have a nice day.")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--size", "3"], "play boggle uses 4×4, 5×5 or 6×6 boards (--size 4, 5 or 6), not 3×3"),
        (["--dice", "big", "--size", "4"], "the big dice make 5×5 boards, not 4×4"),
        (["--dice", "tiny"], "unknown dice set 'tiny'"),
        (["--rules", "fast"], "unknown rules 'fast'"),
        (["--board", "abc"], "a board needs 4, 9, 16, 25 or 36 letters"),
        (["--board", "abcd"], "play boggle uses 4×4, 5×5 or 6×6 boards"),
        (["--board", "abcdefghijklmnop", "--size", "5"], "a 5×5 board needs exactly 25 letters, got 16"),
    ],
)
def test_bad_game_options(run_cli, hand_index, args, message):
    result = run_cli(["play", "boggle", *args], db=hand_index, input="")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
