"""Fixtures of the session tests: small indexes whose games are worked out by hand."""

from __future__ import annotations

import pytest

from wordindex.index import open_index

#: Hangman: nine 4-letter words (the evil chooser's families are easy to follow).
NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
#: Boggle: the 4×4 board abcdefghijklmnop holds fink, glop, knife, mink, plonk (4+ letters).
BOGGLE_WORDS = [
    "ache",
    "bad",
    "fab",
    "fink",
    "glop",
    "jinn",
    "kink",
    "knife",
    "mink",
    "plonk",
    "pony",
    "ab",
    "abc",
    "nim",
]
#: The word game: the problem set's transcript words.
WORDGAME_WORDS = ["part", "ice", "out", "dad", "did", "dud", "jar", "fix", "at", "it", "cows", "caws", "tapir", "pita"]


@pytest.fixture(scope="module")
def nine(index_factory):
    with open_index(index_factory("sessions-nine", NINE)) as index:
        yield index


@pytest.fixture(scope="module")
def boggle_index(index_factory):
    with open_index(index_factory("sessions-boggle", BOGGLE_WORDS)) as index:
        yield index


@pytest.fixture(scope="module")
def wordgame_index(index_factory):
    with open_index(index_factory("sessions-wordgame", WORDGAME_WORDS)) as index:
        yield index


@pytest.fixture
def saved():
    """``saved(session)``: its state through JSON text and back, as a store would keep it."""
    import json

    def roundtrip(session):
        return json.loads(json.dumps(session.state()))

    return roundtrip
