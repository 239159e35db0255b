"""Manners (issue 23 item 5): HEAD answers wherever GET does, every answer says nosniff and no framing,
pages carry a Content-Security-Policy, and the OpenAPI document lists the errors the API gives."""

from __future__ import annotations

import pytest

from .conftest import BOARD

#: A GET of every kind the server answers: pages, static files, health, queries, a game, errors.
GETS = [
    "/",
    "/boggle",
    "/hangman",
    "/wordgame",
    "/static/common.js",
    "/static/common.css",
    "/healthz",
    "/readyz",
    "/openapi.json",
    "/docs",
    "/api/info",
    "/api/check?word=cool",
    "/api/words?pattern=c--l",
    "/api/guess?pattern=c--l",
    "/api/evil?length=4&guessed=e",
    "/api/solve?word=cool",
    f"/api/boggle?board={BOARD}",
    "/api/best-word?hand=cows",
    "/api/words?pattern=c-?-",  # a 400
    "/api/games/no-such-game",  # a 404
]
PAGES = ["/", "/boggle", "/hangman", "/wordgame"]


@pytest.mark.parametrize("url", GETS)
def test_head_answers_as_get_does_without_a_body(client, url):
    got = client.get(url)
    head = client.head(url)
    assert head.status_code == got.status_code != 405
    assert head.content == b""
    assert head.headers["content-length"] == got.headers["content-length"]
    assert head.headers["content-type"] == got.headers["content-type"]


def test_head_of_a_game_answers_too(client):
    game_id = client.post("/api/games", json={"game": "hangman", "length": 4}).json()["id"]
    assert client.head(f"/api/games/{game_id}").status_code == 200


def test_every_answer_forbids_sniffing_and_framing(live_server):
    import httpx

    with httpx.Client(base_url=live_server) as http:
        for url in GETS:
            headers = http.get(url).headers
            assert headers.get_list("x-content-type-options") == ["nosniff"], url
            assert headers.get_list("x-frame-options") == ["DENY"], url


@pytest.mark.parametrize("url", PAGES)
def test_pages_allow_only_this_servers_scripts_and_no_framing(client, url):
    policy = client.get(url).headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self';" in policy  # no inline script, no other host
    assert "frame-ancestors 'none'" in policy
    assert "object-src 'none'" in policy


def test_the_openapi_document_lists_the_errors_each_route_gives(client):
    paths = client.get("/openapi.json").json()["paths"]
    listed = {
        (method.upper(), path): sorted(int(s) for s in operation["responses"])
        for path, operations in paths.items()
        for method, operation in operations.items()
    }
    for path in ("/api/check", "/api/words", "/api/guess", "/api/evil", "/api/solve", "/api/best-word"):
        assert listed[("GET", path)] == [200, 400, 422, 503]
    assert listed[("GET", "/api/boggle")] == [200, 400, 409, 422, 503]  # 409: a running round's board
    assert listed[("POST", "/api/games")] == [201, 400, 413, 422, 429, 503]  # 422: a query parameter it does not take
    assert listed[("GET", "/api/languages")] == [200, 422]
    assert listed[("GET", "/api/games/{game_id}")] == [200, 404, 422, 503]
    assert listed[("POST", "/api/games/{game_id}/moves")] == [200, 400, 404, 409, 413, 422, 429, 503]  # a next round
    assert listed[("GET", "/api/games/{game_id}/events")] == [200, 404, 422, 429, 503]
    assert listed[("GET", "/readyz")] == [200, 503]
    error = paths["/api/words"]["get"]["responses"]["400"]["content"]["application/json"]["schema"]
    assert error == {"$ref": "#/components/schemas/ErrorBody"}


@pytest.mark.parametrize(
    "path, name",
    [("/api/words", "pattern"), ("/api/guess", "pattern"), ("/api/solve", "word"), ("/api/boggle", "board")],
)
def test_the_openapi_document_refuses_an_empty_required_text_as_the_server_does(client, path, name):
    parameters = client.get("/openapi.json").json()["paths"][path]["get"]["parameters"]
    schema = next(p["schema"] for p in parameters if p["name"] == name)
    assert schema["minLength"] == 1
    assert client.get(path, params={name: ""}).status_code == 422
