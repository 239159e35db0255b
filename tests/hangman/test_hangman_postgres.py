"""SQLite and PostgreSQL give the same hangman answers (the same SQL text runs on both)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordindex.errors import WordIndexError
from wordindex.hangman.choosers import EvilChooser, RandomChooser
from wordindex.hangman.guessers import STRATEGIES, next_guess
from wordindex.hangman.solver import solve
from wordindex.hangman.state import parse_position
from wordindex.index.core import open_index

pytestmark = pytest.mark.postgres

NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
POSITIONS = [
    ("----", None),
    ("----", "e"),
    ("-o--", "o"),
    ("-oo-", "eo"),
    ("---", "a"),
    ("--t", "et"),
    ("-a--", "ae"),
    ("--", None),
]


def answers(db) -> dict:
    with open_index(db) as index:
        result: dict = {"backend": index.backend, "guesses": [], "evil": [], "solve": [], "random": []}
        for pattern, guessed in POSITIONS:
            for strategy in STRATEGIES:
                try:
                    guess = next_guess(index, parse_position(pattern, guessed), strategy)
                    result["guesses"].append(
                        (pattern, guessed, strategy, guess.letter, guess.candidates, guess.frequencies)
                    )
                except WordIndexError as exc:  # the same named error on both is part of the answer
                    result["guesses"].append((pattern, guessed, strategy, type(exc).__name__))
        for length, letters in [(4, "eotdc"), (3, "aetsc"), (4, "ealso"), (5, "seat")]:
            try:
                evil = EvilChooser(index, length)
                for letter in letters:
                    evil.guess(letter)
                steps = [(s.letter, s.occurrences, s.pattern, s.family_size) for s in evil.steps]
                result["evil"].append((steps, evil.words(), evil.final_word() if evil.family_size == 1 else None))
            except WordIndexError as exc:
                result["evil"].append(type(exc).__name__)
        for word in ["cool", "ibex", "seat", "coats"]:
            for strategy in STRATEGIES:
                try:
                    solved = solve(index, word, strategy)
                    result["solve"].append((word, strategy, solved.won, solved.guesses, solved.wrong))
                except WordIndexError as exc:
                    result["solve"].append((word, type(exc).__name__))
        for seed in range(5):
            result["random"].append(RandomChooser(index, 4, seed=seed).word)
    return result


@pytest.mark.parametrize("name", ["nine", "small"])
@pytest.mark.sqlite_only  # compares the SQLite backend with PostgreSQL
def test_sqlite_and_postgresql_agree(index_factory, pg_index_factory, small_index, name):
    if name == "nine":
        sqlite_db = index_factory("hangman_nine", words=NINE)
        pg_db = pg_index_factory("hangman_nine", words=NINE)
    else:
        source = Path(__file__).parent.parent / "data" / "small_words.txt"
        sqlite_db = small_index
        pg_db = pg_index_factory("hangman_small", path=source)
    on_sqlite = answers(sqlite_db)
    on_pg = answers(pg_db)
    assert (on_sqlite.pop("backend"), on_pg.pop("backend")) == ("sqlite", "postgresql")
    assert json.loads(json.dumps(on_sqlite)) == json.loads(json.dumps(on_pg))


def test_cli_guess_on_postgresql(run_cli, pg_index_factory):
    db = pg_index_factory("hangman_nine", words=NINE)
    result = run_cli(["guess", "--pattern", "----", "--guessed", "e", "--json"], db=db)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["guess"] == "o"
    evil = run_cli(["evil", "--length", "4", "--guesses", "eotdc", "--json"], db=db)
    assert json.loads(evil.stdout)["words"] == ["cool"]
