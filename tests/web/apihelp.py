"""Small helpers the API tests share: create a game and make a move, checking the status."""

from __future__ import annotations

from typing import Any


def create(api: Any, status: int = 201, **body: Any) -> dict:
    response = api.post("/api/games", json=body)
    assert response.status_code == status, response.text
    return response.json()


def move(api: Any, game_id: str, payload: Any, status: int = 200) -> dict:
    response = api.post(f"/api/games/{game_id}/moves", json={"move": payload})
    assert response.status_code == status, response.text
    return response.json()


def every_try_on_the_loop_stopped(monkeypatch: Any) -> list[Any]:
    """Make every answer the event loop tries (a board, held words) stop at once, so each is made
    again in a request thread; the stopped board searches, to count."""
    from contextlib import contextmanager

    from wordindex.web.limits import Overran
    from wordindex.web.routers import queries

    from wordindex.boggle.stop import SearchStop, SearchStopped

    tries: list[Any] = []

    @contextmanager
    def at_once():
        stop = SearchStop()
        stop.set()
        tries.append(stop)
        try:
            yield stop
        except SearchStopped:
            raise Overran from None

    monkeypatch.setattr(queries, "inline_budget", at_once)
    monkeypatch.setattr(queries, "INLINE_SECONDS", -1.0)
    return tries
