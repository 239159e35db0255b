"""An index rebuild while the server runs: games go on, requests in flight finish, new requests see the new words."""

from __future__ import annotations

import threading

import httpx
import pytest

from wordindex.build.builder import build_index
from wordindex.index.location import parse_location

from .conftest import BOARD, WEB_WORDS, serving

BEFORE = [w for w in WEB_WORDS if w != "stab"]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def rebuilt_index(request, tmp_path):
    """An index of its own (it gets rebuilt), without "stab"; and a function that rebuilds it with it."""
    source = tmp_path / "words.txt"
    source.write_text("\n".join(BEFORE) + "\n")
    if request.param == "sqlite":
        location = parse_location(str(tmp_path / "wordindex.db"))
        build_index(location, source)
    else:
        location = parse_location(request.getfixturevalue("pg_index_factory")("rebuild", BEFORE))

    def rebuild():
        source.write_text("\n".join([*BEFORE, "stab"]) + "\n")
        build_index(location, source)

    return location, rebuild


def test_a_rebuild_breaks_neither_a_game_nor_a_request_in_flight(rebuilt_index, make_app):
    location, rebuild = rebuilt_index
    with (
        serving(make_app(location, new_games_per_minute=1_000_000)) as base,
        httpx.Client(base_url=base, timeout=30) as http,
    ):
        game = http.post("/api/games", json={"game": "boggle", "board": BOARD}).json()["id"]
        player = http.post(f"/api/games/{game}/moves", json={"move": {"join": "Ann"}}).json()["event"]["joined"]

        def play(word):
            return http.post(f"/api/games/{game}/moves", json={"move": {"player": player, "word": word}})

        assert play("stab").json()["event"]["verdict"] == "not_a_word"
        shown = {"board": "stabcdefghijklmn", "show": "stab"}  # not the round's board: that one is hidden while it runs
        assert http.get("/api/boggle", params=shown).json()["found"] is False  # loads the prefix table
        assert http.get("/api/words", params={"pattern": "st-b"}).json()["count"] == 0  # the held words
        statuses: list[int] = []
        stop = threading.Event()

        def traffic():
            with httpx.Client(base_url=base, timeout=30) as other:
                while not stop.is_set():
                    statuses.append(other.get(f"/api/games/{game}").status_code)
                    statuses.append(other.post("/api/games", json={"game": "boggle", "board": BOARD}).status_code)

        threads = [threading.Thread(target=traffic) for _ in range(3)]
        for t in threads:
            t.start()
        try:
            rebuild()
            rebuild()
        finally:
            stop.set()
            for t in threads:
                t.join()
        assert len(statuses) > 6 and set(statuses) <= {200, 201}, sorted(set(statuses))
        answer = play("stab").json()  # the same game, on the new index: the new word counts
        assert answer["event"]["verdict"] == "accepted"
        assert answer["version"] == 3
        assert http.get("/api/boggle", params=shown).json()["found"] is True  # the table was reloaded
        assert http.get("/api/words", params={"pattern": "st-b"}).json()["words"] == ["stab"]  # held again


def test_two_builds_in_the_same_second_are_two_generations(rebuilt_index, monkeypatch):
    """The lexicon cache reloads after any rebuild, even one whose build time (whole seconds) is unchanged."""
    from datetime import datetime

    from wordindex.web.deps import IndexProvider

    import wordindex.build.builder

    class FrozenClock(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 1, 1, 12, 0, 0, tzinfo=tz)

    monkeypatch.setattr(wordindex.build.builder, "datetime", FrozenClock)
    location, rebuild = rebuilt_index
    rebuild()
    provider = IndexProvider(location)
    try:
        with provider.use() as index:
            before = index.generation()
        rebuild()
        with provider.use() as index:
            after = index.generation()
    finally:
        provider.close()
    assert before != after
