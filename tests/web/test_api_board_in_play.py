"""``/api/boggle`` does not solve the board of a round still running (issue 32 item 8): whoever plays
could otherwise paste the board in and read every word. 409 until the round is over, for the board
as dealt, turned, mirrored or written otherwise; every other board is answered as before."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .apihelp import create, move


def turned(board: str) -> str:
    """``board`` (4×4) a quarter turn clockwise, as a player might type it."""
    rows = [board[r * 4 : (r + 1) * 4] for r in range(4)]
    return "".join("".join(row[c] for row in reversed(rows)) for c in range(4))


def dealt(api, **options) -> tuple[str, str]:
    """A new round on a board dealt from a seed (no other test plays it): its id and board."""
    game = create(api, game="boggle", size=4, **options)
    return game["id"], game["state"]["board"]


def test_a_running_rounds_board_is_refused_and_others_are_answered(api):
    game_id, board = dealt(api, seed=9101, seconds=600)
    for asked in (
        board,
        turned(board),
        board[::-1],
        " ".join([board[:4], board[4:8], board[8:12], board[12:]]).upper(),
    ):
        response = api.get("/api/boggle", params={"board": asked})
        assert response.status_code == 409, (asked, response.text)
        assert response.json()["type"] == "BoardInPlayError"
        assert "a Boggle round on this board is still running" in response.json()["error"]
    other = api.get("/api/boggle", params={"board": board[1:] + board[0]})
    assert other.status_code == 200 and other.json()["board"]


def test_the_board_is_answered_once_its_round_is_over(api, monkeypatch):
    monkeypatch.setattr("wordindex.web.boards.REFRESH_SECONDS", 0.0)  # read the store on every query
    game_id, board = dealt(api, seed=9102)
    assert api.get("/api/boggle", params={"board": board}).status_code == 409
    player = move(api, game_id, {"join": "Ann"})["event"]["joined"]
    move(api, game_id, {"player": player, "end": True})  # a one-player round ends when its player says so
    assert api.get("/api/boggle", params={"board": board}).status_code == 200


def test_every_worker_sees_the_rounds_of_the_others(web_index, make_app):
    """Two apps on one index share its game store, as the workers of one server do."""
    with TestClient(make_app(web_index)) as one, TestClient(make_app(web_index)) as other:
        _, board = dealt(one, seed=9103)
        assert other.get("/api/boggle", params={"board": board}).status_code == 409
