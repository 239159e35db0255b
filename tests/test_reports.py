"""``wordindex.reports``: the JSON of every query command, the same value the CLI prints with --json."""

from __future__ import annotations

import json

import pytest

from wordindex import reports
from wordindex.errors import BadPatternError, UsageError


def test_words_and_check(nine):
    assert reports.words(nine, "----", "e") == {"count": 3, "words": ["ally", "cool", "good"], "spellings": {}}
    assert reports.words(nine, "----", limit=1) == {"count": 9, "words": ["ally"], "spellings": {}}
    assert reports.check(nine, ["cool", "XYZZY"]) == [
        {"word": "cool", "valid": True, "level": None, "vulgar": False, "spellings": ["cool"]},
        {"word": "xyzzy", "valid": False, "level": None, "vulgar": False, "spellings": []},
    ]
    assert reports.check(nine, ["co"], prefix=True) == [{"prefix": "co", "valid": True}]


def test_hangman_reports(nine):
    assert reports.guess(nine, "----", "e")["guess"] == "o"
    assert reports.guess(nine, "----", "e", "Pattern")["strategy"] == "pattern"
    evil = reports.evil(nine, 4, "eo")
    assert evil["words"] == ["cool", "good"] and evil["steps"][1]["family_size"] == 2
    solved = reports.solve(nine, "cool")
    assert {k: solved[k] for k in ("word", "won", "guesses", "wrong", "strategy", "lives")} == {
        "word": "cool",
        "won": True,
        "guesses": ["e", "o", "c", "l"],
        "wrong": 1,
        "strategy": "paga",
        "lives": 6,
    }


def test_info_keys_are_snake_case(nine):
    facts = reports.info(nine)
    assert facts["word_count"] == 9 and facts["counts_by_length"] == [{"length": 4, "word_count": 9}]
    assert set(facts["skipped"]) == {"not_a_z_only", "duplicate", "too_long"}
    assert "seconds" in facts and "build_seconds" not in facts
    json.dumps(facts)


def test_bad_input_raises_the_named_errors(nine):
    with pytest.raises(BadPatternError, match="'1' at position 2"):
        reports.words(nine, "-1--")
    with pytest.raises(UsageError, match="unknown strategy 'best'"):
        reports.guess(nine, "----", strategy="best")


def test_every_report_is_plain_json(nine):
    for value in (reports.guess(nine, "-o--"), reports.solve(nine, "ibex", "naive", 1), reports.evil(nine, 4, "e")):
        assert json.loads(json.dumps(value)) == value


def test_every_query_command_has_its_report():
    from wordindex.cli.commands import COMMAND_MODULES

    assert set(reports.QUERY_REPORTS) <= set(COMMAND_MODULES)


def test_boggle_best_is_built_here_with_every_key_in_order():
    """``boggle-best --json`` is a report like every other JSON answer (it was built in cli/boggle.py)."""
    from wordindex.boggle.best import ScoredBoard, SearchResult
    from wordindex.boggle.board import parse_board
    from wordindex.boggle.rules import get_rules

    boards = [ScoredBoard(parse_board("cats"), 11, 3, 0.123), ScoredBoard(parse_board("abcd"), 2, 1, 0.5)]
    result = SearchResult(boards, steps=7, boards_scored=70, seconds=1.234, interrupted=False, reached_target=True)
    assert reports.boggle_best(result, 2, get_rules("official", None), 4, 10) == {
        "size": 2,
        "rules": "official",
        "seed": 4,
        "score": 11,
        "board": "cats",
        "rows": ["ca", "ts"],
        "seconds": 0.12,
        "target": 10,
        "reached_target": True,
        "elapsed": 1.23,
        "steps": 7,
        "boards_scored": 70,
        "interrupted": False,
        "boards": [
            {"board": "cats", "rows": ["ca", "ts"], "score": 11, "count": 3, "seconds": 0.12},
            {"board": "abcd", "rows": ["ab", "cd"], "score": 2, "count": 1, "seconds": 0.5},
        ],
    }
