"""Boards, rules and dice: parsing, refusals, scoring tables, shaking."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wordindex.boggle.board import Board, BoardError, find_path, parse_board
from wordindex.boggle.dice import get_dice, shake, shake_cubes
from wordindex.boggle.faces import faces_of
from wordindex.boggle.rules import RulesError, get_rules
from wordindex.errors import UsageError
from wordindex.languages import language

DICE_SETS = {dice.name: dice for dice in language("en").dice}


@pytest.mark.parametrize(
    "text, size, faces",
    [
        ("abcd", 2, "abcd"),
        ("ABC DEF GHI", 3, "abcdefghi"),
        ("abcd\nefgh\r\nijkl\n mnop \n", 4, "abcdefghijklmnop"),
        ("quene", 2, "qene"),  # "qu" typed for the Qu cube
        ("QuEnE", 2, "qene"),
        ("qene", 2, "qene"),
        ("a" * 36, 6, "a" * 36),
    ],
)
def test_parse_board_accepts(text, size, faces):
    board = parse_board(text)
    assert (board.size, board.text) == (size, faces)
    assert board == Board(size, faces)


def test_board_rows_and_labels():
    board = parse_board("besbrrneeeehbteq")
    assert board.rows() == ["besb", "rrne", "eeeh", "bteq"]
    assert board.label(15) == "Qu"
    assert board.spelled(15) == "qu"
    assert board.face(3, 3) == "q"
    with pytest.raises(IndexError):
        board.face(4, 0)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the board is empty"),
        ("   \n ", "the board is empty"),
        ("abc", "a board needs 4, 9, 16, 25 or 36 letters (2×2 to 6×6), got 3"),
        ("a" * 17, "got 17"),
        ("a" * 49, "got 49"),
        ("a", "got 1"),
        ("abcdefghijklmno1", "not '1'"),
        ("abcd-fghijklmnop", "not '-'"),
        ("abcdéfghijklmnop", "not 'é'"),
    ],
)
def test_parse_board_refuses_with_reason(text, message):
    with pytest.raises(BoardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_board(text)


def test_board_error_is_a_usage_error():
    assert issubclass(BoardError, UsageError)


def test_parse_board_with_expected_size():
    assert parse_board("abcdefghijklmnop", 4).size == 4
    with pytest.raises(BoardError, match="a 5×5 board needs exactly 25 letters, got 16"):
        parse_board("abcdefghijklmnop", 5)
    with pytest.raises(BoardError, match="board size must be 2 to 6, not 7"):
        parse_board("abcd", 7)


def test_a_path_spells_whole_faces():
    board = parse_board("qene")
    assert find_path(board, "queen") == ((0, 0), (0, 1), (1, 1), (1, 0))
    assert find_path(board, "qi") is None  # the Qu cube spells qu, never a bare q
    assert find_path(parse_board("ab[th]e", faces=faces_of("en")), "bathe") == ((0, 1), (0, 0), (1, 0), (1, 1))


def test_neighbours_in_eight_directions():
    board = Board(4, "abcdefghijklmnop")
    assert sorted(board.neighbours(0)) == [1, 4, 5]
    assert sorted(board.neighbours(5)) == [0, 1, 2, 4, 6, 8, 9, 10]
    assert sorted(board.neighbours(15)) == [10, 11, 14]


# -- rules ------------------------------------------------------------------


def test_official_points():
    rules = get_rules("official")
    assert rules.min_length == 3
    assert [rules.points(n) for n in range(2, 12)] == [0, 1, 1, 2, 3, 5, 11, 11, 11, 11]


def test_simple_points():
    rules = get_rules("simple")
    assert rules.min_length == 4
    assert [rules.points(n) for n in range(3, 10)] == [0, 1, 2, 3, 4, 5, 6]


def test_min_length_override_and_default():
    assert get_rules().name == "official"
    assert get_rules(None, default="simple").name == "simple"
    rules = get_rules("simple", 3)
    assert rules.min_length == 3 and rules.points(3) == 1 and rules.points(2) == 0
    assert get_rules("OFFICIAL", 5).points(4) == 0


@pytest.mark.parametrize("name, length", [("bogus", None), ("official", 0), ("simple", 64)])
def test_bad_rules_are_refused(name, length):
    with pytest.raises(RulesError):
        get_rules(name, length)


# -- dice ---------------------------------------------------------------------


@pytest.mark.parametrize("name, size", [("classic", 4), ("new", 4), ("big", 5), ("superbig", 6)])
def test_dice_sets_have_one_cube_per_cell(name, size):
    dice = DICE_SETS[name]
    assert dice.size == size
    assert len(dice.cubes) == size * size
    assert all(len(cube) == 6 for cube in dice.cubes)
    assert dice.source


def test_cs106b_cubes_are_the_new_set():
    cubes = {"".join("q" if face == "qu" else face for face in c).upper() for c in DICE_SETS["new"].cubes}
    assert {"AAEEGN", "ABBJOO", "HLNNRZ", "HIMNQU"} <= cubes


@pytest.mark.parametrize("name", sorted(DICE_SETS))
@pytest.mark.parametrize("seed", range(5))
def test_shake_uses_each_cube_once_with_one_of_its_faces(name, seed):
    dice = DICE_SETS[name]
    placed = shake_cubes(dice, random.Random(seed))
    assert sorted(cube for cube, _ in placed) == list(range(len(dice.cubes)))
    for cube, face in placed:
        assert face in dice.cubes[cube]
        assert face != "#"  # a blank is rolled again
    board = shake(dice, random.Random(seed))
    assert board.faces == tuple(face for _, face in placed)


def test_shake_is_reproducible_and_random():
    dice = DICE_SETS["new"]
    assert shake(dice, random.Random(7)) == shake(dice, random.Random(7))
    boards = {shake(dice, random.Random(seed)).faces for seed in range(50)}
    assert len(boards) == 50


def test_shake_spreads_cubes_and_faces():
    dice = DICE_SETS["new"]
    rng = random.Random(1)
    where = Counter()
    faces = Counter()
    for _ in range(3000):
        for cell, (cube, face) in enumerate(shake_cubes(dice, rng)):
            if cube == 0:  # AAEEGN
                where[cell] += 1
                faces[face] += 1
    assert len(where) == 16 and min(where.values()) > 120  # 187.5 expected per cell
    assert set(faces) == {"a", "e", "g", "n"}
    assert faces["a"] > faces["g"] * 1.5  # A on 2 faces, G on 1


def test_superbig_two_letter_faces_are_played_and_blanks_rolled_again():
    """Super Big Boggle's Qu/In/Th/Er/He/An cube shows each face (they were rolled again before
    boards could hold several letters in a cell); its EIO### cube never shows a blank."""
    dice = DICE_SETS["superbig"]
    special = next(i for i, cube in enumerate(dice.cubes) if "th" in cube)
    blank = next(i for i, cube in enumerate(dice.cubes) if "#" in cube)
    shown = set()
    for seed in range(60):
        placed = dict(shake_cubes(dice, random.Random(seed)))
        shown.add(placed[special])
        assert placed[blank] in ("e", "i", "o")
    assert shown == {"qu", "in", "th", "er", "he", "an"}
    board = shake(dice, random.Random(3))
    assert parse_board(board.text) == board


def test_get_dice_checks_name_and_size():
    assert get_dice(None, 5).name == "big"
    assert get_dice("Classic", 4).name == "classic"
    with pytest.raises(BoardError, match="unknown dice set 'huge'"):
        get_dice("huge", 4)
    with pytest.raises(BoardError, match="the big dice make 5×5 boards, not 4×4"):
        get_dice("big", 4)
    with pytest.raises(BoardError, match="not 3×3"):
        get_dice(None, 3)


def test_a_boards_key_is_the_same_turned_or_mirrored_and_names_its_language():
    from wordindex.boggle.board import board_key, parse_board

    rows = ["abc", "def", "ghi"]
    forms = []
    grid = rows
    for _ in range(4):
        grid = ["".join(row[c] for row in reversed(grid)) for c in range(3)]  # a quarter turn
        forms += [grid, [row[::-1] for row in grid]]
    keys = {board_key(parse_board("".join(form)), "en") for form in forms}
    assert keys == {"en:a,b,c,d,e,f,g,h,i"}
    assert board_key(parse_board("abcdefgih"), "en") != "en:a,b,c,d,e,f,g,h,i"
    assert board_key(parse_board("qbcd"), "fr") == "fr:b,d,qu,c"  # the Qu cube is one face
