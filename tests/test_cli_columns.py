"""Lists of words: in columns fitted to the terminal (column-major, as ``ls``), one a line when piped.

The layout (cli/columns.py) is pinned at fixed widths; every command that prints a list of
words (``evil``, ``words``, ``boggle``, ``best-word --all``, ``play boggle``) is run piped with
CliRunner and on a swapped ``Environment`` that says stdout is a terminal 40 or 80 cells wide.
"""

from __future__ import annotations

import io

import pytest
from wordindex.cli.columns import cell_width, columns
from wordindex.cli.environment import Environment, use_environment

# 15 words of 4 letters and 1 of 5: evil --length 4 --guessed z keeps the 15 (no z anywhere).
WORDS = [
    "ally", "beta", "cool", "deal", "else", "flew", "good", "hope",
    "ibex", "jinx", "kilo", "lamp", "mint", "nose", "knife", "fink",
]  # fmt: skip
FOURS = sorted(w for w in WORDS if len(w) == 4)


def terminal(width: int, colour: bool = False, stdin: str = "") -> Environment:
    return Environment(
        stdin=io.StringIO(stdin),
        stdout=io.StringIO(),
        stderr=io.StringIO(),
        stdout_isatty=True,
        colour=colour,
        width=width,
    )


def on_terminal(run_cli, args, db, width: int, stdin: str = "") -> tuple[str, str, int]:
    screen = terminal(width, stdin=stdin)
    with use_environment(lambda: screen):
        result = run_cli(args, db=db)
    return screen.stdout.getvalue(), screen.stderr.getvalue(), result.exit_code


@pytest.fixture(scope="module")
def db(index_factory):
    return index_factory("columns", WORDS)


# -- the layout ----------------------------------------------------------------------------------


def test_columns_fill_down_then_across_as_many_as_fit():
    items = ["alpha", "be", "gamma", "delta", "epsilon", "z", "omega"]
    assert columns(items, 80) == ["alpha  be  gamma  delta  epsilon  z  omega"]
    assert columns(items, 40) == ["alpha  gamma  epsilon  omega", "be     delta  z"]
    assert columns(items, 20) == ["alpha  epsilon", "be     z", "gamma  omega", "delta"]
    assert columns(items, 10) == items


def test_a_line_is_exactly_the_width_at_most_and_has_no_trailing_spaces():
    items = ["abcd"] * 5
    assert columns(items, 28) == ["abcd  abcd  abcd  abcd  abcd"]  # 5×4 + 4×2 = 28: fits exactly
    assert columns(items, 27) == ["abcd  abcd  abcd", "abcd  abcd"]
    assert all(line == line.rstrip() for line in columns(["a", "bbbbbb", "c"], 8))


def test_an_item_wider_than_the_terminal_gets_its_own_line():
    assert columns(["x" * 50, "a", "b"], 40) == ["x" * 50, "a", "b"]
    assert columns([], 80) == []


def test_columns_count_cells_not_code_points():
    nfd = "e\u0301te\u0301"  # été with combining accents: 3 cells, 5 code points
    assert cell_width(nfd) == 3 and cell_width("été") == 3 and cell_width("日本") == 4
    assert columns([nfd, "ab", "abc", "x"], 9) == [f"{nfd}  abc", "ab   x"]


# -- evil ----------------------------------------------------------------------------------------


def test_evil_piped_prints_one_word_a_line(run_cli, db):
    result = run_cli(["evil", "--length", "4", "--guessed", "z"], db=db)
    assert result.exit_code == 0
    assert result.output == "z  0  ----  15 words\n" + "".join(f"{w}\n" for w in FOURS)


def test_evil_on_a_terminal_prints_columns_fitted_to_its_width(run_cli, db):
    args = ["evil", "--length", "4", "--guessed", "z"]
    out80, _, code = on_terminal(run_cli, args, db, 80)
    assert code == 0
    assert out80 == (
        "z  0  ----  15 words\n"
        "ally  cool  else  flew  hope  jinx  lamp  nose\n"  # 2 rows: 15 in one would take 88 cells
        "beta  deal  fink  good  ibex  kilo  mint\n"
    )
    out40, _, _ = on_terminal(run_cli, args, db, 40)
    assert out40 == (
        "z  0  ----  15 words\n"
        "ally  deal  flew  ibex  lamp\n"  # 2 rows would take 46 cells; 3 rows need only 5 columns
        "beta  else  good  jinx  mint\n"
        "cool  fink  hope  kilo  nose\n"
    )


def test_evil_json_is_unchanged_on_a_terminal(run_cli, db):
    out, _, _ = on_terminal(run_cli, ["evil", "--length", "4", "--guessed", "z", "--json"], db, 40)
    assert out.count("\n") == 1 and '"words": ["ally", "beta"' in out


def test_one_word_left_is_one_word(run_cli, db):
    result = run_cli(["evil", "--length", "5", "--guessed", "k"], db=db)
    assert result.output == "k  1  k----  1 word\nknife\n"


# -- words, boggle, best-word --all, play boggle ---------------------------------------------------


def test_words_piped_and_on_a_terminal(run_cli, db):
    assert run_cli(["words", "-p", "----"], db=db).output == "".join(f"{w}\n" for w in FOURS)
    out, _, code = on_terminal(run_cli, ["words", "-p", "----"], db, 40)
    assert code == 0
    assert out == "ally  deal  flew  ibex  lamp\nbeta  else  good  jinx  mint\ncool  fink  hope  kilo  nose\n"


def test_boggle_words_in_columns_on_a_terminal_one_a_line_piped(run_cli, db):
    board = "finkelowabcdseta"
    piped = run_cli(["boggle", board], db=db)
    assert piped.output == "  2 knife\n  1 beta\n  1 fink\ntotal: 3 words, 4 points (official rules, min 3 letters)\n"
    out, _, code = on_terminal(run_cli, ["boggle", board], db, 40)
    assert code == 0
    assert out == (
        "  2 knife    1 beta    1 fink\n"  # each entry keeps its score right-aligned in 3 cells
        "total: 3 words, 4 points (official rules, min 3 letters)\n"
    )
    narrow, _, _ = on_terminal(run_cli, ["boggle", board], db, 20)
    assert narrow == "  2 knife    1 fink\n  1 beta\ntotal: 3 words, 4 points (official rules, min 3 letters)\n"


def test_best_word_all_in_columns_on_a_terminal(run_cli, index_factory):
    db = index_factory("columns_wordgame", ["cows", "scow", "caws", "zoos", "cozes", "coz"])
    piped = run_cli(["best-word", "cows*z", "--all"], db=db)
    assert piped.output == "coz*s 480 (cozes)\nz*os 264 (zoos)\ncows 198\nscow 198\nc*ws 176 (caws)\ncoz 168\n"
    out, _, code = on_terminal(run_cli, ["best-word", "cows*z", "--all"], db, 40)
    assert code == 0
    assert out == (
        "6 words playable from cows*z:\n"
        "coz*s 480 (cozes)  scow 198\n"
        "z*os 264 (zoos)    c*ws 176 (caws)\n"
        "cows 198           coz 168\n"
    )
    single, _, _ = on_terminal(run_cli, ["best-word", "cows*z"], db, 40)
    assert single == "coz*s 480 (cozes)\n"


def test_play_boggle_lists_the_words_in_columns_on_a_terminal(run_cli, db):
    args = ["play", "boggle", "--board", "finkelowabcdseta"]
    answers = "knife\n\n\nn\n"  # a word, end the turn, no path to see, no new game
    piped = run_cli(args, db=db, input=answers)
    assert 'Your words (1): {"KNIFE"}\nYour score: 2\n' in piped.output
    assert 'My words (2): {"BETA", "FINK"}\nMy score: 2\n' in piped.output
    out, _, code = on_terminal(run_cli, args, db, 40, stdin=answers)
    assert code == 0
    assert "Your words (1):\nKNIFE\nYour score: 2\n" in out
    assert "My words (2):\nBETA  FINK\nMy score: 2\n" in out
    assert "{" not in out
