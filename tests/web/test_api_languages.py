"""One server, several languages: every /api query and every game takes ``language``; each index answers its own.

The server here serves the English test index (the default), a French and a German one, all on
the suite's backend (``pytest --backend postgresql`` builds them on PostgreSQL).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from wordindex.index.location import Location, parse_location

from .apihelp import create, move
from .conftest import WEB_WORDS

FRENCH = "été fête café maison chat chien père mère élève fenêtre".split()
#: German nouns keep their capital in the list (they are words all the same).
GERMAN = "Größe Bär Käse Öl müde Haus Maus Brot schön Tür Äpfel Füße".split()
#: A 3×3 German board: haus and maus trace on it (h a u / m s ä / ö ü x).
GERMAN_BOARD = "haumsäöüx"


@pytest.fixture(scope="module")
def trio(index_factory) -> tuple[Location, Location, Location]:
    """The English, French and German test indexes (English first: the default)."""
    english = parse_location(str(index_factory("web", WEB_WORDS)))
    french = parse_location(str(index_factory("web-fr", FRENCH, language="fr")))
    german = parse_location(str(index_factory("web-de", GERMAN, language="de")))
    return english, french, german


@pytest.fixture
def multi(trio, make_app) -> Iterator[TestClient]:
    english, french, german = trio
    with TestClient(make_app(english, more_indexes=(french, german))) as client:
        yield client


def test_the_served_languages_are_listed_default_first(multi):
    answer = multi.get("/api/languages").json()
    assert answer["default"] == "en"
    assert [(x["code"], x["name"], x["native_name"], x["letters"]) for x in answer["languages"]] == [
        ("en", "English", "English", "abcdefghijklmnopqrstuvwxyz"),
        ("fr", "French", "français", "abcdefghijklmnopqrstuvwxyz"),
        ("de", "German", "Deutsch", "abcdefghijklmnopqrstuvwxyzäöü"),
    ]
    english, french, german = answer["languages"]
    assert english["faces"] == ["qu", "in", "th", "er", "he", "an"] and german["faces"] == ["qu"]
    assert french["faces"] == []
    assert english["folds"] == {} and (french["folds"]["é"], french["folds"]["ç"]) == ("e", "c")
    assert (german["folds"]["ß"], german["folds"]["é"]) == ("ss", "e") and "ö" not in german["folds"]
    assert (english["tile_values"]["z"], english["tile_values"]["*"]) == (10, 0)
    assert {k: german["tile_values"][k] for k in "äöüy"} == {"ä": 6, "ö": 8, "ü": 6, "y": 10}
    assert (french["tile_values"]["k"], french["tile_values"]["w"]) == (10, 10)


def test_one_index_lists_its_own_language(api):
    assert api.get("/api/languages").json()["default"] == "en"
    assert [x["code"] for x in api.get("/api/languages").json()["languages"]] == ["en"]


#: Each query endpoint in German, and the command line's --json on the German index it must equal.
GERMAN_QUERIES = [
    ("/api/check?word=größe&word=GRÖSSE&word=grosse", ["check", "größe", "GRÖSSE", "grosse"]),
    ("/api/check?prefix=kä", ["check", "--prefix", "kä"]),
    ("/api/words?pattern=-ä--", ["words", "--pattern", "-ä--"]),
    ("/api/guess?pattern=-a--&guessed=a", ["guess", "--pattern", "-a--", "--guessed", "a"]),
    ("/api/evil?length=4&guessed=äa", ["evil", "--length", "4", "--guessed", "äa"]),
    ("/api/solve?word=schön", ["solve", "schön"]),
    (f"/api/boggle?board={GERMAN_BOARD}", ["boggle", GERMAN_BOARD]),
    ("/api/best-word?hand=kase*", ["best-word", "kase*"]),
    ("/api/info", ["info"]),
]


@pytest.mark.parametrize(("path", "args"), GERMAN_QUERIES, ids=[p for p, _ in GERMAN_QUERIES])
def test_each_query_answers_from_the_named_language(multi, trio, run_cli, path, args):
    german = trio[2]
    response = multi.get(path + ("&" if "?" in path else "?") + "language=de")
    assert response.status_code == 200, response.text
    cli = run_cli([*args, "--json"], db=german.url)
    assert response.json() == json.loads(cli.stdout)


def test_german_answers_are_the_german_words(multi):
    def get(path: str, **params: str) -> object:
        response = multi.get(path, params=params)
        assert response.status_code == 200, response.text
        return response.json()

    assert get("/api/check", word="Größe", language="de") == [
        {"word": "grösse", "valid": True, "level": None, "vulgar": False, "spellings": ["Größe"]}
    ]
    assert get("/api/words", pattern="-ä--", language="DE") == {
        "count": 1,
        "words": ["käse"],
        "spellings": {"käse": ["Käse"]},
    }
    boggle = get("/api/boggle", board=GERMAN_BOARD, language="de")
    assert [w["word"] for w in boggle["words"]] == ["haus", "maus"]  # type: ignore[index]
    assert get("/api/info", language="fr")["language"] == "fr"  # type: ignore[index]
    assert get("/api/check", word="été", language="fr") == [
        {"word": "ete", "valid": True, "level": None, "vulgar": False, "spellings": ["été"]}
    ]


def test_without_a_language_the_default_index_answers(multi):
    assert multi.get("/api/info").json()["language"] == "en"
    assert multi.get("/api/check", params={"word": "cool"}).json()[0]["valid"] is True
    assert multi.get("/api/check", params={"word": "cool", "language": ""}).json()[0]["valid"] is True
    assert multi.get("/api/check", params={"word": "cool", "language": "de"}).json()[0]["valid"] is False


@pytest.mark.parametrize("code", ["xx", "pl", "english"])
def test_an_unserved_language_is_a_400_naming_the_served_ones(multi, code):
    for path in ("/api/info", "/api/check?word=cool", "/api/words?pattern=-o--", "/api/boggle?board=abcd"):
        response = multi.get(path, params={"language": code})
        assert response.status_code == 400, (path, response.text)
        assert response.json() == {
            "error": f"language {code!r} is not served here: choose en, fr, de",
            "type": "UsageError",
        }
    refused = multi.post("/api/games", json={"game": "hangman", "length": 4, "language": code})
    assert refused.status_code == 400
    assert refused.json()["error"] == f"language {code!r} is not served here: choose en, fr, de"


def test_a_language_of_the_wrong_kind_or_length_is_a_4xx(multi):
    refused = multi.post("/api/games", json={"game": "hangman", "length": 4, "language": 5})
    assert refused.status_code == 400
    assert refused.json()["error"] == "'language' is a language code such as 'en', not 5"
    too_long = multi.get("/api/info", params={"language": "x" * 17})
    assert too_long.status_code == 422 and too_long.json()["type"] == "UsageError"


def test_a_single_index_server_takes_its_own_language_only(api):
    assert api.get("/api/check", params={"word": "cool", "language": "en"}).json()[0]["valid"] is True
    refused = api.get("/api/check", params={"word": "cool", "language": "fr"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "language 'fr' is not served here: choose en"


def test_a_hangman_game_is_played_on_its_language_index(multi):
    # One German word of six letters, "größe" played as grösse: the fair chooser must pick it.
    game = create(multi, game="hangman", language="de", length=6, chooser="random", seed=1)
    assert game["language"] == "de" and game["state"]["pattern"] == "------"
    assert move(multi, game["id"], {"letter": "ö"})["state"]["pattern"] == "--ö---"
    assert move(multi, game["id"], "S")["state"]["pattern"] == "--öss-"
    again = multi.get(f"/api/games/{game['id']}").json()
    assert again["language"] == "de" and again["state"]["guessed"] == "ös"
    for letter in "gre":
        last = move(multi, game["id"], {"letter": letter})
    assert last["state"]["status"] == "won" and last["state"]["word"] == "grösse" and last["language"] == "de"


def test_an_english_game_refuses_a_letter_of_another_alphabet(multi):
    game = create(multi, game="hangman", length=4, chooser="random", seed=1)
    assert game["language"] == "en"
    refused = multi.post(f"/api/games/{game['id']}/moves", json={"move": {"letter": "ö"}})
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "a guess must be a letter a-z, not 'ö'",
        "type": "BadGuessError",
    }


def test_word_game_and_boggle_rounds_keep_their_language(multi):
    word_game = create(multi, game="wordgame", language="fr", hands=1, seed=3)
    assert word_game["language"] == "fr"
    assert set(word_game["state"]["hand"]) <= set("abcdefghijklmnopqrstuvwxyz*")
    played = move(multi, word_game["id"], {"action": "end"})
    assert played["language"] == "fr" and played["state"]["over"] is True

    round_ = create(multi, game="boggle", language="de", board=GERMAN_BOARD, seconds=60)
    assert round_["language"] == "de" and round_["state"]["board"] == GERMAN_BOARD
    player = move(multi, round_["id"], {"join": "Ann"})["event"]["joined"]
    found = move(multi, round_["id"], {"player": player, "word": "Maus"})
    assert found["event"]["verdict"] == "accepted" and found["event"]["word"] == "maus"
    assert move(multi, round_["id"], {"player": player, "word": "hau"})["event"]["verdict"] == "not_a_word"
    over = move(multi, round_["id"], {"player": player, "end": True})
    assert [w["word"] for w in over["state"]["results"]["words"]] == ["haus", "maus"]


def test_a_game_whose_language_is_no_longer_served_is_a_404(trio, make_app):
    english, _, german = trio
    with TestClient(make_app(english, more_indexes=(german,))) as both:
        game = create(both, game="hangman", language="de", length=4, seed=2)
    with TestClient(make_app(english)) as english_only:  # the same game store, beside the English index
        gone = english_only.get(f"/api/games/{game['id']}")
        assert gone.status_code == 404
        assert (
            gone.json()["error"] == "this game is in German (de), which this server does not serve now (it serves en)"
        )
        moved = english_only.post(f"/api/games/{game['id']}/moves", json={"move": "e"})
        assert moved.status_code == 404


def test_readiness_checks_every_index(trio, make_app, tmp_path):
    from wordindex.index.location import sqlite_location

    english, french, _ = trio
    with TestClient(make_app(english, more_indexes=(french,))) as client:
        assert client.get("/readyz").json() == {"status": "ok", "index": "ok", "games": "ok"}
    missing = sqlite_location(tmp_path / "missing.db")
    with TestClient(make_app(english, more_indexes=(missing,))) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["index"].startswith("no word index at missing.db: ")
        assert client.get("/api/check", params={"word": "cool"}).status_code == 200  # the default still answers
        listed = client.get("/api/languages")  # the picker lists the languages that can be played now
        assert listed.status_code == 200 and [x["code"] for x in listed.json()["languages"]] == ["en"]
        unknown = client.get("/api/check", params={"word": "cool", "language": "fr"})
        assert unknown.status_code == 503 and unknown.json()["type"] == "NoIndexError"


def test_more_indexes_from_the_environment():
    from wordindex.web.settings import settings_from_environment

    settings = settings_from_environment(
        {
            "WORDINDEX_DB": "/tmp/x/en.db",
            "WORDINDEX_INDEXES": "fr=/tmp/x/fr.db\n\npostgresql://u@h/de?sslmode=require\n",
        }
    )
    assert [(location.backend, location.display) for location in settings.indexes] == [
        ("sqlite", "/tmp/x/en.db"),
        ("sqlite", "/tmp/x/fr.db"),
        ("postgresql", "postgresql+psycopg://u@h/de?sslmode=require"),
    ]
    assert settings_from_environment({"WORDINDEX_DB": "/tmp/x/en.db"}).more_indexes == ()


def test_a_rounds_live_events_come_from_its_language_index(trio, make_app):
    import httpx

    from .conftest import serving
    from .test_api_live import _stream

    english, french, german = trio
    with (
        serving(make_app(english, more_indexes=(french, german), live_poll_seconds=0.05)) as url,
        httpx.Client(base_url=url, timeout=20) as http,
    ):
        game = http.post("/api/games", json={"game": "boggle", "language": "de", "board": GERMAN_BOARD}).json()["id"]
        player = http.post(f"/api/games/{game}/moves", json={"move": {"join": "Ann"}}).json()["event"]["joined"]
        http.post(f"/api/games/{game}/moves", json={"move": {"player": player, "word": "haus"}})
        http.post(f"/api/games/{game}/moves", json={"move": {"player": player, "end": True}})
        with http.stream("GET", f"/api/games/{game}/events", params={"player": player}) as response:
            events = list(_stream(response))
    assert [(e["language"], e["state"]["over"]) for e in events] == [("de", True)]
    results = events[0]["state"]["results"]
    assert [(w["word"], w["found_by"]) for w in results["words"]] == [("haus", ["Ann"]), ("maus", [])]
