"""``wordindex boggle`` (one board, --json, --path, --show, --batch) and ``wordindex boggle-best``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from boggle_data import GOLDEN, HAND_WORDS


def rows(board: str) -> list[str]:
    side = int(len(board) ** 0.5)
    return [board[i : i + side] for i in range(0, len(board), side)]


def without_rows(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "rows"}


def test_json_output_is_the_issue_format(run_cli, hand_index):
    result = run_cli(["boggle", "abcdefghijklmnop", "--json"], db=hand_index)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["board"] == "abcdefghijklmnop"
    assert data["rows"] == ["abcd", "efgh", "ijkl", "mnop"]
    assert (data["rules"], data["min_length"]) == ("official", 3)
    assert (data["count"], data["score"]) == (8, 10)
    assert data["words"][0] == {"word": "knife", "score": 2, "path": [[2, 2], [3, 1], [2, 0], [1, 1], [1, 0]]}
    assert [w["word"] for w in data["words"]] == ["knife", "plonk", "abc", "fab", "fink", "glop", "mink", "nim"]
    assert list(data) == ["board", "rows", "rules", "min_length", "count", "score", "words"]


def test_board_may_be_given_in_several_arguments_and_any_case(run_cli, hand_index):
    one = run_cli(["boggle", "ABCD", "efgh", "IjKl", "mnop", "--json"], db=hand_index)
    two = run_cli(["boggle", "abcd\nefgh\nijkl\nmnop\n", "--json"], db=hand_index)
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_plain_output_lists_words_and_total(run_cli, hand_index):
    result = run_cli(["boggle", "abcdefghijklmnop", "--rules", "simple"], db=hand_index)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "  2 knife",
        "  2 plonk",
        "  1 fink",
        "  1 glop",
        "  1 mink",
        "total: 5 words, 7 points (simple rules, min 4 letters)",
    ]


def test_path_option(run_cli, hand_index):
    result = run_cli(["boggle", "qene", "--path"], db=hand_index)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "  2 queen (0,0) (0,1) (1,1) (1,0)",
        "  1 nee   (1,0) (0,1) (1,1)",
        "total: 2 words, 3 points (official rules, min 3 letters)",
    ]


def test_min_length_option(run_cli, hand_index):
    result = run_cli(["boggle", "abcdefghijklmnop", "--min-length", "2", "--json"], db=hand_index)
    assert "ab" in [w["word"] for w in json.loads(result.stdout)["words"]]


def test_show_highlights_one_word(run_cli, hand_index):
    result = run_cli(["boggle", "abcdefghijklmnop", "--show", "KNIFE"], db=hand_index)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        " A   B   C   D",
        "[E] [F]  G   H",
        "[I]  J  [K]  L",
        " M  [N]  O   P",
        "knife: 2 points, cells (2,2) (3,1) (2,0) (1,1) (1,0)",
    ]
    as_json = json.loads(run_cli(["boggle", "qene", "--show", "queen", "--json"], db=hand_index).stdout)
    assert as_json["word"] == "queen" and as_json["score"] == 2 and len(as_json["path"]) == 4


def test_show_a_word_that_is_not_there(run_cli, hand_index):
    result = run_cli(["boggle", "abcdefghijklmnop", "--show", "ache"], db=hand_index)
    assert result.exit_code == 1  # a negative answer, not an error
    assert result.stderr == "'ache' is not one of this board's 8 words under official rules\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["abc"], "Error: a board needs 4, 9, 16, 25 or 36 letters (2×2 to 6×6), got 3"),
        (["abcdefghijklmnopq"], "got 17"),
        (["a" * 49], "got 49"),
        (["abcdefghijklmno7"], "not '7'"),
        (["abcd", "--rules", "strict"], "Error: unknown rules 'strict': choose simple or official"),
        (["abcd", "--min-length", "0"], "Error: --min-length must be 1 to 63 letters, not 0"),
        ([], "give the board's letters"),
        (["abcd", "--batch", "-"], "give either BOARD or --batch FILE, not both"),
        (["--batch", "-", "--show", "ab"], "--show and --path work on one BOARD"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_cli, hand_index, args, message):
    result = run_cli(["boggle", *args], db=hand_index, input="")
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_batch_reports_each_line_and_goes_on(run_cli, hand_index):
    lines = ["abcdefghijklmnop", "", "xyz", "qene", "abcd efgh ijkl mnop", "a1cd", "tesa"]
    result = run_cli(["boggle", "--batch", "-"], db=hand_index, input="\n".join(lines) + "\n")
    assert result.exit_code == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert all(line["rows"] == rows(line["board"]) for line in out if "rows" in line)
    assert [without_rows(line) for line in out] == [
        {"board": "abcdefghijklmnop", "count": 8, "score": 10},
        {"board": "", "error": "empty line"},
        {"board": "xyz", "error": "a board needs 4, 9, 16, 25 or 36 letters (2×2 to 6×6), got 3"},
        {"board": "qene", "count": 2, "score": 3},
        {"board": "abcdefghijklmnop", "count": 8, "score": 10},
        {"board": "a1cd", "error": "a board holds only the letters a-z (q for the Qu cube), not '1'"},
        {"board": "tesa", "count": 11, "score": 11},
    ]
    assert result.stderr == "Error: 3 of 7 lines were not a board (first: line 2: empty line)\n"


def test_batch_line_that_is_not_utf8(run_cli, hand_index):
    result = run_cli(["boggle", "--batch", "-"], db=hand_index, input=b"tesa\n\xff\xfeabcd\n")
    assert result.exit_code == 2
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0] == {"board": "tesa", "rows": ["te", "sa"], "count": 11, "score": 11}
    assert "error" in lines[1] and len(lines) == 2
    assert result.stderr.startswith("Error: 1 of 2 lines was not a board (first: line 2: ")


def test_batch_file_and_rules(run_cli, hand_index, tmp_path):
    source = tmp_path / "boards.txt"
    source.write_text("tesa\r\nabcdefghijklmnop\n")
    result = run_cli(["boggle", "--batch", str(source), "--rules", "simple"], db=hand_index)
    assert result.exit_code == 0
    assert (
        result.stdout == '{"board": "tesa", "rows": ["te", "sa"], "count": 5, "score": 5}\n'
        '{"board": "abcdefghijklmnop", "rows": ["abcd", "efgh", "ijkl", "mnop"], "count": 5, "score": 7}\n'
    )


def test_batch_errors(run_cli, hand_index, tmp_path):
    missing = run_cli(["boggle", "--batch", str(tmp_path / "none.txt")], db=hand_index)
    assert missing.exit_code == 2 and missing.stderr.startswith("Error: cannot read the batch file ")
    empty = run_cli(["boggle", "--batch", "-"], db=hand_index, input="")
    assert empty.exit_code == 2 and empty.stderr == "Error: the batch on stdin has no lines\n"


def test_large_batch_uses_the_loaded_table_and_agrees(run_cli, hand_index):
    import random

    from wordindex.boggle.board import parse_board
    from wordindex.boggle.engine import Engine, solve_board
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.index.core import open_index

    rng = random.Random(3)
    boards = ["".join(rng.choice("abcefiknoplst") for _ in range(rng.choice([4, 9, 16]))) for _ in range(150)]
    result = run_cli(["boggle", "--batch", "-"], db=hand_index, input="\n".join(boards) + "\n")
    assert result.exit_code == 0
    got = [json.loads(line) for line in result.stdout.splitlines()]
    with open_index(hand_index) as index:
        for text, line in zip(boards, got):
            solution = solve_board(load_trie(index), parse_board(text), get_rules(), Engine.PYTHON)
            assert line == {"board": text, "rows": rows(text), "count": solution.count, "score": solution.score}


def test_golden_answers_through_the_cli(run_cli, enable_index, wordlist):
    for board, count, score in GOLDEN:
        data = json.loads(run_cli(["boggle", board, "--json"], db=enable_index).stdout)
        expected = set(Path(wordlist(f"boggle-answers/{board}.enable2k.txt")).read_text().split())
        assert {w["word"] for w in data["words"]} == expected
        assert (data["count"], data["score"]) == (count, score)
        keys = [(-w["score"], w["word"]) for w in data["words"]]
        assert keys == sorted(keys)
    lines = "\n".join(board for board, _, _ in GOLDEN * 20)
    batch = run_cli(["boggle", "--batch", "-"], db=enable_index, input=lines + "\n")
    assert batch.exit_code == 0
    assert [json.loads(line)["score"] for line in batch.stdout.splitlines()] == [s for _, _, s in GOLDEN] * 20


def test_postgresql_cli_matches_sqlite(run_cli, pg_index_factory, hand_index):
    url = pg_index_factory("boggle_hand", words=sorted(set(HAND_WORDS)))
    for args in (["boggle", "abcdefghijklmnop", "--json"], ["boggle", "qene", "--path"], ["boggle", "--batch", "-"]):
        lines = "tesa\nabcdefghijklmnopqrstuvwxy\nbad line\n"
        pg = run_cli(args, db=url, input=lines)
        lite = run_cli(args, db=hand_index, input=lines)
        assert (pg.exit_code, pg.stdout, pg.stderr) == (lite.exit_code, lite.stdout, lite.stderr)


# -- boggle-best ------------------------------------------------------------------------------


def test_boggle_best_is_reproducible_with_a_seed(run_cli, hand_index):
    args = ["boggle-best", "--size", "3", "--steps", "15", "--seed", "4", "--json", "--top", "3"]
    first = run_cli(args, db=hand_index)
    second = run_cli(args, db=hand_index)
    assert first.exit_code == 0, first.output
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    untimed = [[{k: v for k, v in b.items() if k != "seconds"} for b in run["boards"]] for run in (one, two)]
    assert untimed[0] == untimed[1]
    assert one["steps"] == 15 and one["seed"] == 4 and one["size"] == 3
    scores = [b["score"] for b in one["boards"]]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0
    best = one["boards"][0]
    check = json.loads(run_cli(["boggle", best["board"], "--json"], db=hand_index).stdout)
    assert (check["score"], check["count"]) == (best["score"], best["count"])


def test_boggle_best_plain_output_and_progress(run_cli, hand_index):
    result = run_cli(
        ["boggle-best", "-n", "2", "--steps", "5", "--seed", "1", "--top", "2", "--rules", "simple"], db=hand_index
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[0].split()[1].isalpha()
    assert "seed 1: 5 steps" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--size", "7"], "--size must be 2 to 6, not 7"),
        (["--size", "1"], "--size must be 2 to 6, not 1"),
        (["--rules", "nope"], "unknown rules 'nope'"),
        (["--seconds", "0"], "--seconds must be more than 0"),
        (["--steps", "0"], "--steps must be 1 or more"),
    ],
)
def test_boggle_best_bad_options(run_cli, hand_index, args, message):
    result = run_cli(["boggle-best", *args], db=hand_index)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_boggle_best_target_json(run_cli, hand_index):
    result = run_cli(["boggle-best", "--size", "4", "--target", "8", "--seed", "2", "--json"], db=hand_index)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["reached_target"] is True and data["target"] == 8
    assert data["score"] >= 8 and data["score"] == data["boards"][0]["score"]
    assert data["board"] == data["boards"][0]["board"] and data["rows"] == data["boards"][0]["rows"]
    assert 0 <= data["seconds"] <= data["elapsed"]
