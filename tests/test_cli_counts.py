"""Counts the CLI prints agree in number: "1 word", "2 words", "1 occurrence", "1 line read".

The CLI's counts go through ``cli/output.py``'s ``plural``; these pin the ones that read "1 words"
or "1 occurrences" before (issue 33, item 7).
"""

from __future__ import annotations


def test_boggle_counts_agree_in_number(run_cli, index_factory):
    db = index_factory("counts", ["knife", "fink", "beta"])
    result = run_cli(["boggle", "finkelowabcdseta", "--min-length", "1", "--rules", "simple"], db=db)
    assert result.output.endswith("(simple rules, min 1 letter)\n")
    batch = run_cli(["boggle", "--batch", "-"], db=db, input="xyz\n")
    assert batch.exit_code == 2
    assert "1 of 1 line was not a board" in batch.output


def test_guess_notes_agree_in_number(run_cli, index_factory):
    db = index_factory("counts_one", ["abcd"])
    result = run_cli(["guess", "-p", "----", "--strategy", "pattern"], db=db)
    assert result.stderr == "pattern: a (1 occurrence over 1 candidate word)\n"
    result = run_cli(["guess", "-p", "----", "--strategy", "containing"], db=db)
    assert result.stderr == "containing: a (1 word contains it over 1 candidate word)\n"


def test_build_hangman_value_and_boggle_best_counts_agree_in_number(run_cli, index_factory, tmp_path):
    listing = tmp_path / "one.txt"
    listing.write_text("abcd\n", encoding="utf-8")
    built = run_cli(["build", listing], db=tmp_path / "one.db")
    assert "Built 1 English word from " in built.output and "(1 line read, 0 blank; " in built.output
    db = index_factory("counts_one", ["abcd"])
    value = run_cli(["hangman-value", "--length", "4"], db=db)
    assert value.stdout.startswith("length 4: 1 word, 0 misses (exact) against the greedy chooser (0 positions, ")
    best = run_cli(["boggle-best", "--size", "2", "--steps", "3", "--seed", "1", "--top", "1"], db=db)
    assert best.stdout == "1 abcd (1 word)\n"
    assert "seed 1: 3 steps, " in best.stderr


def test_a_position_worth_one_miss_says_miss(run_cli, index_factory):
    db = index_factory("counts_two", ["ab", "ac"])
    result = run_cli(["guess", "-p", "--", "--strategy", "optimal"], db=db)
    assert result.stderr == "optimal: b (the position's value against greedy: 1 miss)\n"


def test_info_and_play_boggle_counts_agree_in_number(run_cli, tmp_path):
    listing = tmp_path / "flagged.txt"
    listing.write_text("cool\t20\nknife\t30\tvulgar\nfink\t30\n", encoding="utf-8")
    db = tmp_path / "flagged.db"
    assert run_cli(["build", listing], db=db).exit_code == 0
    info = run_cli(["info"], db=db)
    assert "vulgar:    1 word flagged (valid, never picked or suggested by default)\n" in info.output
    game = run_cli(["play", "boggle", "--board", "finkelowabcdseta", "--min-length", "1"], db=db, input="\n\nn\n")
    assert "Words need at least 1 letter (" in game.output
