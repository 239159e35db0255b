"""Unknown query parameters (issue 31 item 11, issue 32 item 9): every /api route refuses a parameter it does not
take with a 422 naming it, and the answer cache keys an answer by the parameters taken, normalised, and nothing else."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

#: A board no test plays a round on (a running round's board is refused: 409, issue 32 item 8).
BOARD = "perslatgsineters"

GETS = [
    "/api/info",
    "/api/check?word=cool",
    "/api/words?pattern=c--l",
    "/api/guess?pattern=c--l",
    "/api/evil?length=4&guessed=e",
    "/api/solve?word=cool",
    f"/api/boggle?board={BOARD}",
    "/api/best-word?hand=cows",
    "/api/languages",
]


@pytest.mark.parametrize("url", GETS)
def test_an_unknown_parameter_is_a_422_naming_it(client, url):
    response = client.get(url + ("&" if "?" in url else "?") + "_=17&level=easy&Pattern=x")
    path = url.partition("?")[0]
    if path == "/api/words":  # words takes level: only the other two are unknown
        unknown = ["_", "Pattern"]
    else:
        unknown = ["_", "level", "Pattern"]
    assert response.status_code == 422, response.text
    assert response.json()["type"] == "UsageError"
    message = response.json()["error"]
    assert [part.split(":")[0] for part in message.split("; ")] == [f"unknown parameter {name!r}" for name in unknown]
    assert f"{path} takes " in message
    assert client.get(url).status_code == 200  # and without them it answers


def test_the_refusal_lists_what_the_endpoint_takes(client):
    response = client.get("/api/words?pattern=c--l&limt=1")
    assert response.json() == {
        "error": "unknown parameter 'limt': /api/words takes pattern, guessed, limit, level, language",
        "type": "UsageError",
    }
    assert client.get("/api/languages?x=1").json()["error"] == (
        "unknown parameter 'x': /api/languages takes no query parameters"
    )


def test_game_routes_refuse_unknown_parameters_too(client):
    created = client.post("/api/games?seed=7", json={"game": "hangman", "length": 4})
    assert created.status_code == 422 and "unknown parameter 'seed'" in created.json()["error"]
    game = client.post("/api/games", json={"game": "hangman", "length": 4}).json()["id"]
    assert client.get(f"/api/games/{game}", params={"player": "x"}).status_code == 200
    refused = client.get(f"/api/games/{game}", params={"playr": "x"})
    assert refused.status_code == 422
    assert refused.json()["error"] == "unknown parameter 'playr': /api/games/{game_id} takes player"
    moved = client.post(f"/api/games/{game}/moves?letter=e", json={"move": {"letter": "e"}})
    assert moved.status_code == 422


def test_language_is_taken_by_every_query_endpoint(client):
    for url in GETS[:-1]:
        response = client.get(url + ("&" if "?" in url else "?") + "language=en")
        assert response.status_code == 200, (url, response.text)


def test_the_head_of_a_query_refuses_the_same(client):
    assert client.head("/api/words?pattern=c--l&_=1").status_code == 422


# -- the answer cache (issue 32 item 9) ----------------------------------------------------------------------


def _counting(monkeypatch, command):
    from wordindex.reports import QUERY_REPORTS

    calls = []
    report = QUERY_REPORTS[command]
    monkeypatch.setitem(QUERY_REPORTS, command, lambda *a, **k: calls.append(a[1:]) or report(*a, **k))
    return calls


def test_parameters_in_another_order_or_spelling_are_one_kept_answer(web_index, make_app, monkeypatch):
    calls = _counting(monkeypatch, "words")
    urls = [
        "/api/words?pattern=-o--&guessed=o&limit=2",
        "/api/words?limit=2&pattern=-o--&guessed=o",
        "/api/words?guessed=o&limit=2&pattern=-o--&language=en",
        "/api/words?guessed=o&limit=02&pattern=-o--",
    ]
    with TestClient(make_app(web_index)) as api:
        answers = [api.get(url) for url in urls]
        first = len(calls)  # once, or twice when the first try on the event loop ran out of time
        kept = len(api.app.state.answers)
        best = [api.get(url).content for url in ("/api/best-word?hand=cows", "/api/best-word?hand=cows&all=false")]
    assert {a.status_code for a in answers} == {200} and len({a.content for a in answers}) == 1
    assert first <= 2 and set(calls) == {("-o--",)}
    assert kept == 1
    assert best[0] == best[1] and len(api.app.state.answers) == 2


def test_a_cache_buster_cannot_make_a_miss(sqlite_web_index, make_app, monkeypatch):
    calls = _counting(monkeypatch, "words")
    with TestClient(make_app(sqlite_web_index)) as api:
        api.get("/api/words?pattern=-o--")
        done = len(calls)
        busted = [api.get(f"/api/words?pattern=-o--&_={n}") for n in range(5)]
        kept = len(api.app.state.answers)
    assert [r.status_code for r in busted] == [422] * 5
    assert busted[0].json()["error"].startswith("unknown parameter '_': /api/words takes ")
    assert (len(calls), kept) == (done, 1)


def test_different_questions_are_different_answers(client):
    one = client.get("/api/words?pattern=-o--&limit=1").json()
    two = client.get("/api/words?pattern=-o--&limit=2").json()
    assert len(one["words"]) == 1 and len(two["words"]) == 2
    words = [client.get("/api/check?word=cool&word=zzzz").json(), client.get("/api/check?word=zzzz&word=cool").json()]
    assert [w["word"] for w in words[0]] == ["cool", "zzzz"] and [w["word"] for w in words[1]] == ["zzzz", "cool"]


def test_the_keys_a_route_remembers_are_bounded(sqlite_web_index, make_app, monkeypatch):
    """A key is read once per query string, and at most ``KEYS_KEPT`` of them are remembered per route."""
    from wordindex.web import query_params

    monkeypatch.setattr(query_params, "KEYS_KEPT", 3)
    with TestClient(make_app(sqlite_web_index)) as api:
        answers = [api.get(f"/api/words?pattern=-o--&limit={n}").json()["words"] for n in range(6)]
        again = api.get("/api/words?limit=0002&pattern=-o--").json()["words"]
        route = next(t for f, t in query_params._TAKEN.items() if f.__name__ == "words")
    assert [len(words) for words in answers] == [0, 1, 2, 3, 4, 5] and again == answers[2]
    assert 1 <= len(route._keys) <= 3
