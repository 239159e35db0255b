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
