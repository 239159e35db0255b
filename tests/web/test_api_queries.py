"""GET /api/<command> answers exactly what `wordindex <command> ... --json` prints, errors included."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from wordindex.index.location import parse_location

from .conftest import WEB_WORDS

#: The issue's examples need a few more words: quiz, words on perslatgsineters, a hand of cows*z.
QUERY_WORDS = [
    *WEB_WORDS,
    "quiz",
    "cows",
    "caws",
    "vows",
    "slat",
    "pert",
    "pest",
    "rest",
    "nest",
    "sine",
    "tine",
    "tines",
    "late",
    "rate",
]

EXAMPLES = [
    ("/api/check?word=cool&word=zzzz", ["check", "cool", "zzzz"]),
    ("/api/check?prefix=co", ["check", "--prefix", "co"]),
    ("/api/words?pattern=-o--", ["words", "--pattern", "-o--"]),
    ("/api/guess?pattern=-e--&guessed=e", ["guess", "--pattern", "-e--", "--guessed", "e"]),
    ("/api/evil?length=4&guesses=eo", ["evil", "--length", "4", "--guesses", "eo"]),
    ("/api/evil?length=4&guessed=eo", ["evil", "--length", "4", "--guesses", "eo"]),
    ("/api/solve?word=quiz", ["solve", "quiz"]),
    ("/api/boggle?board=perslatgsineters", ["boggle", "perslatgsineters"]),
    ("/api/best-word?hand=cows*z", ["best-word", "cows*z"]),
    ("/api/best-word?hand=cows*z&all=true", ["best-word", "cows*z", "--all"]),
    ("/api/words?pattern=c--l&guessed=aei&limit=1", ["words", "--pattern", "c--l", "--guessed", "aei", "--limit", "1"]),
    (
        "/api/boggle?board=perslatgsineters&rules=simple&show=pest",
        ["boggle", "perslatgsineters", "--rules", "simple", "--show", "pest"],
    ),
    ("/api/info", ["info"]),
]

ERRORS = [
    ("/api/words?pattern=c0ol", ["words", "--pattern", "c0ol"]),
    ("/api/guess?pattern=----&strategy=psychic", ["guess", "--pattern", "----", "--strategy", "psychic"]),
    ("/api/guess?pattern=-o--&guessed=oo", ["guess", "--pattern", "-o--", "--guessed", "oo"]),
    ("/api/evil?length=0&guessed=e", ["evil", "--length", "0", "--guesses", "e"]),
    ("/api/evil?length=4&guessed=e1", ["evil", "--length", "4", "--guesses", "e1"]),
    ("/api/solve?word=zzzz", ["solve", "zzzz"]),
    ("/api/boggle?board=abc", ["boggle", "abc"]),
    ("/api/boggle?board=perslatgsineters&rules=house", ["boggle", "perslatgsineters", "--rules", "house"]),
    ("/api/best-word?hand=c0ws", ["best-word", "c0ws"]),
]


@pytest.fixture(scope="module")
def query_db(index_factory):
    return index_factory("web-queries", QUERY_WORDS)


@pytest.fixture(scope="module")
def queries(query_db):
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    with TestClient(create_app(Settings(index=parse_location(str(query_db))))) as client:
        yield client


@pytest.mark.parametrize(("url", "args"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_api_json_is_the_cli_json(queries, run_cli, query_db, url, args):
    cli = run_cli([*args, "--json"], db=query_db)
    assert cli.exit_code in (0, 1), cli.stderr
    response = queries.get(url)
    assert response.status_code == 200
    assert response.json() == json.loads(cli.stdout)


@pytest.mark.parametrize(("url", "args"), ERRORS, ids=[e[0] for e in ERRORS])
def test_api_errors_are_the_cli_errors(queries, run_cli, query_db, url, args):
    cli = run_cli([*args, "--json"], db=query_db)
    assert cli.exit_code != 0 and cli.stderr.startswith("Error: ")
    response = queries.get(url)
    assert 400 <= response.status_code < 500
    assert response.json()["error"] == cli.stderr.strip().removeprefix("Error: ")


@pytest.mark.parametrize(
    ("url", "status", "message"),
    [
        ("/api/check", 400, "give at least one word=... (or prefix=...)"),
        ("/api/check?word=a&prefix=b", 400, "give words (word=...) or prefixes (prefix=...), not both"),
        ("/api/evil?length=4", 400, "give the letters guessed, in order: guessed=..."),
        ("/api/evil?length=four&guessed=e", 422, "invalid value for 'length'"),
        ("/api/words", 422, "invalid value for 'pattern': Field required"),
        ("/api/words?pattern=" + "-" * 300, 422, "invalid value for 'pattern'"),
        ("/api/boggle?board=" + "a" * 49, 400, "a board needs 4, 9, 16, 25 or 36 letters"),
        ("/api/boggle-best", 404, "Not Found"),
    ],
)
def test_bad_queries_get_4xx_json(queries, url, status, message):
    response = queries.get(url)
    assert response.status_code == status
    assert message in response.json()["error"]


def test_board_size_bound_applies_to_solving(query_db):
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    with TestClient(create_app(Settings(index=parse_location(str(query_db)), max_board_size=4))) as client:
        response = client.get("/api/boggle", params={"board": "a" * 25})
        assert response.status_code == 400
        assert response.json()["error"] == "boards up to 4×4 are allowed here, not 5×5"


@pytest.mark.parametrize(("url", "args"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_api_answers_are_the_bytes_the_cli_prints(queries, run_cli, query_db, url, args):
    """Issue 20 item 1: the server sends the CLI's ``--json`` text itself (without its newline),
    encoded once by the same ``json.dumps`` (a board's words by ``boggle.answer_text``)."""
    cli = run_cli([*args, "--json"], db=query_db)
    response = queries.get(url)
    assert response.headers["content-type"] == "application/json"
    assert response.content == cli.stdout.removesuffix("\n").encode()
