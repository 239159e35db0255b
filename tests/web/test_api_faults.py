"""Faults under a running server (issue 23 item 5): a game store deleted, replaced or read-only, a
missing index; each answers a 503 JSON error that names no server path, and ``/readyz`` says so."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from wordindex.index.location import sqlite_location

GONE = (
    "the game store's file was deleted or replaced while the server was running: "
    "restart the server to use the file now there"
)


@pytest.fixture
def own_store(sqlite_web_index, make_app, tmp_path):
    """A client whose games live in a file of its own (so it can be deleted)."""
    with TestClient(make_app(sqlite_web_index, games=sqlite_location(tmp_path / "games.db"))) as client:
        yield client


def shows_no_path(response, tmp_path) -> None:
    assert str(tmp_path) not in response.text and "/tmp" not in response.text, response.text


def test_deleting_the_game_store_under_the_server_gets_503s_and_readyz_says_so(own_store, tmp_path):
    game_id = own_store.post("/api/games", json={"game": "hangman", "length": 4}).json()["id"]
    for name in ("games.db", "games.db-wal", "games.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    for response in (
        own_store.post("/api/games", json={"game": "hangman", "length": 4}),
        own_store.post(f"/api/games/{game_id}/moves", json={"move": {"letter": "e"}}),
        own_store.get(f"/api/games/{game_id}"),
    ):
        assert response.status_code == 503
        assert response.json() == {"error": GONE, "type": "GameStoreGoneError"}
    ready = own_store.get("/readyz")
    assert ready.status_code == 503
    assert ready.json() == {"status": "unavailable", "index": "ok", "games": GONE}
    assert own_store.get("/healthz").status_code == 200
    assert own_store.get("/api/words", params={"pattern": "c--l"}).status_code == 200  # the index still serves


def test_a_read_only_game_store_gets_503s_without_a_path_and_reads_go_on(own_store, tmp_path):
    from sqlalchemy import event

    game_id = own_store.post("/api/games", json={"game": "hangman", "length": 4}).json()["id"]
    engine = own_store.app.state.store.engine
    engine.dispose()
    event.listen(engine, "connect", lambda connection, _record: connection.execute("PRAGMA query_only = ON"))
    for response in (
        own_store.post("/api/games", json={"game": "hangman", "length": 4}),
        own_store.post(f"/api/games/{game_id}/moves", json={"move": {"letter": "e"}}),
    ):
        assert response.status_code == 503
        assert response.json()["type"] == "DatabaseError"
        assert "attempt to write a readonly database" in response.json()["error"]
        shows_no_path(response, tmp_path)
    assert own_store.get(f"/api/games/{game_id}").status_code == 200
    assert own_store.get("/healthz").status_code == 200


def test_a_worker_whose_game_store_cannot_be_prepared_still_starts(sqlite_web_index, make_app, monkeypatch, tmp_path):
    from wordindex.errors import DatabaseError
    from wordindex.gamestore import GameStore

    def refuse(self):
        raise DatabaseError(
            f"cannot prepare the game store at {tmp_path}/games.db: attempt to write a readonly database"
        )

    monkeypatch.setattr(GameStore, "migrate", refuse)
    with TestClient(make_app(sqlite_web_index, games=sqlite_location(tmp_path / "games.db"))) as client:
        assert client.get("/healthz").status_code == 200
        assert client.get("/api/words", params={"pattern": "c--l"}).status_code == 200


def test_a_missing_index_gets_503s_that_name_no_server_path(make_app, tmp_path):
    from wordindex.index.location import parse_location

    app = make_app(parse_location(str(tmp_path / "nowhere" / "wordindex.db")), games=sqlite_location(tmp_path / "g.db"))
    with TestClient(app) as client:
        for response in (client.get("/api/words", params={"pattern": "c--l"}), client.get("/readyz")):
            assert response.status_code == 503
            shows_no_path(response, tmp_path)
        assert "wordindex.db" in client.get("/readyz").json()["index"]
