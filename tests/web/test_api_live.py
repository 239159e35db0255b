"""Live rounds (issue 20 item 3): ``GET /api/games/{id}/events`` pushes every player's view after
anyone's move, at the end and with the results, through the game store (so any worker can serve
any player); on SQLite and PostgreSQL, over a real HTTP connection."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest

from .conftest import BOARD, serving


@pytest.fixture
def base(web_index, make_app):
    with serving(make_app(web_index, live_poll_seconds=0.05)) as url:
        yield url


def test_a_player_sees_the_others_words_the_end_and_the_results_pushed(base):
    with httpx.Client(base_url=base, timeout=20) as http:
        game = http.post("/api/games", json={"game": "boggle", "board": BOARD, "multiplayer": True}).json()["id"]

        def play(move: dict) -> dict:
            answer = http.post(f"/api/games/{game}/moves", json={"move": move})
            assert answer.status_code == 200, answer.text
            return answer.json()

        ann = play({"join": "Ann"})["event"]["joined"]
        bob = play({"join": "Bob"})["event"]["joined"]
        seen: list[dict] = []
        first, pushed = threading.Event(), threading.Event()

        def listen() -> None:
            with (
                httpx.Client(base_url=base, timeout=20) as own,
                own.stream("GET", f"/api/games/{game}/events", params={"player": bob}) as response,
            ):
                assert response.status_code == 200
                assert response.headers["content-type"].startswith("text/event-stream")
                for event in _stream(response):
                    seen.append(event)
                    first.set()
                    if event["state"]["players"][0]["words"] == 2:
                        pushed.set()

        listener = threading.Thread(target=listen)
        listener.start()
        assert first.wait(10)
        for word in ("coats", "cat"):
            play({"player": ann, "word": word})
        assert pushed.wait(10)  # Bob's stream shows Ann's two words, though Bob asked nothing
        play({"player": ann, "done": True})
        play({"player": bob, "done": True})
        listener.join(20)
        assert not listener.is_alive()  # the stream ended by itself, with the results

    counts = [[(p["name"], p["words"]) for p in e["state"]["players"]] for e in seen]
    assert counts[0] == [("Ann", 0), ("Bob", 0)]
    during = [c for c, e in zip(counts, seen, strict=True) if not e["state"]["over"]]
    assert [("Ann", 2), ("Bob", 0)] in during  # Ann's words reached Bob during the round, unasked
    assert all(e["state"]["you"]["name"] == "Bob" for e in seen)  # his own view, not Ann's
    assert "coats" not in json.dumps([e for e in seen if not e["state"]["over"]])  # her words stay hidden
    last = seen[-1]["state"]
    assert last["over"] and last["results"]["players"][0]["name"] == "Ann"
    assert [e["version"] for e in seen] == sorted(e["version"] for e in seen)


def _stream(response):
    """The ``event: state`` messages of a stream, until it ends."""
    kind = None
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line.removeprefix("event: ")
        elif line.startswith("data: "):
            assert kind == "state", line
            yield json.loads(line.removeprefix("data: "))


def test_an_unknown_game_is_a_404_before_any_stream(base):
    response = httpx.get(f"{base}/api/games/nosuchgame/events", timeout=10)
    assert response.status_code == 404 and response.json()["type"] == "GameNotFoundError"


def test_a_worker_full_of_streams_says_503(web_index, make_app):
    with serving(make_app(web_index, max_streams=0)) as url:
        game = httpx.post(f"{url}/api/games", json={"game": "boggle", "board": BOARD}, timeout=10).json()["id"]
        response = httpx.get(f"{url}/api/games/{game}/events", timeout=10)
    assert response.status_code == 503 and "poll the game instead" in response.json()["error"]


def test_a_game_removed_while_watched_ends_its_streams_with_a_404_error_event(web_index, make_app):
    app = make_app(web_index, live_poll_seconds=0.05)
    with serving(app) as url, httpx.Client(base_url=url, timeout=20) as http:
        game = http.post("/api/games", json={"game": "boggle", "board": BOARD, "multiplayer": True}).json()["id"]
        other = http.post("/api/games", json={"game": "boggle", "board": BOARD, "multiplayer": True}).json()["id"]
        events = []
        with (
            http.stream("GET", f"/api/games/{game}/events") as response,
            httpx.Client(base_url=url, timeout=20).stream("GET", f"/api/games/{other}/events") as watching_other,
        ):
            lines = response.iter_lines()
            for line in lines:
                events.append(line)
                if line.startswith("data: "):
                    break
            next(watching_other.iter_lines())  # both games are watched by the one poller now
            app.state.store.delete(game)  # as the cleanup does
            events.extend(lines)  # until the stream ends
            assert http.get(f"/api/games/{other}").status_code == 200
    kinds = [line for line in events if line.startswith("event: ")]
    assert kinds == ["event: state", "event: error"]
    error = json.loads(next(line for line in reversed(events) if line.startswith("data: ")).removeprefix("data: "))
    assert error["type"] == "GameNotFoundError" and game in error["error"]


def test_a_move_made_while_a_view_is_being_built_reaches_every_stream_at_once(web_index, make_app, monkeypatch):
    """Issue 31 item 1: a move told to the streams while one of them makes its view in a thread is not
    lost (it was: that stream slept until its next keep-alive, 15 s later)."""
    from wordindex.web.games import BoggleKind

    quick, view = BoggleKind.quick_view, BoggleKind.view
    armed, building, release = threading.Event(), threading.Event(), threading.Event()
    slow: list[str] = []  # the player whose next view is slow

    def slow_view(self, state, index, now, player, lexicon=None, shared=None):
        if player in slow and armed.is_set():  # the next view of Bob's stream waits for the test
            armed.clear()
            building.set()
            assert release.wait(20)
        return quick(self, state, now, player, shared) or view(self, state, index, now, player, lexicon, shared)

    # Every stream's view is made in a thread (as when it reads the index), slowly when armed.
    monkeypatch.setattr(BoggleKind, "quick_view", lambda self, state, now, player, shared: None)
    monkeypatch.setattr(BoggleKind, "view", slow_view)
    with serving(make_app(web_index, live_poll_seconds=0.05)) as url, httpx.Client(base_url=url, timeout=20) as http:
        game = http.post("/api/games", json={"game": "boggle", "board": BOARD, "multiplayer": True}).json()["id"]

        def play(move: dict) -> dict:
            answer = http.post(f"/api/games/{game}/moves", json={"move": move})
            assert answer.status_code == 200, answer.text
            return answer.json()

        ann, bob, carol = (play({"join": name})["event"]["joined"] for name in ("Ann", "Bob", "Carol"))
        slow.append(bob)
        started = {bob: threading.Event(), carol: threading.Event()}
        saw_two = {bob: threading.Event(), carol: threading.Event()}

        def listen(player: str) -> None:
            with (
                httpx.Client(base_url=url, timeout=30) as own,
                own.stream("GET", f"/api/games/{game}/events", params={"player": player}) as response,
            ):
                for event in _stream(response):
                    started[player].set()
                    if event["state"]["players"][0]["words"] == 2:
                        saw_two[player].set()
                        return

        listeners = [threading.Thread(target=listen, args=(p,), daemon=True) for p in (bob, carol)]
        for listener in listeners:
            listener.start()
        assert all(started[p].wait(10) for p in (bob, carol))
        armed.set()
        play({"player": ann, "word": "cat"})  # Bob's stream makes its view of this move, slowly ...
        assert building.wait(10)
        play({"player": ann, "word": "coats"})  # ... while this one is told to every stream
        time.sleep(0.3)  # several polls: the move is told while Bob's view of the first is still being made
        release.set()
        assert saw_two[carol].wait(0.5)
        assert saw_two[bob].wait(0.5)  # not 15 s later, at the next keep-alive
        for listener in listeners:
            listener.join(5)
