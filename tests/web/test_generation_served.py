"""A served PostgreSQL index: its generation is the worker's watch's, so an answer from the cache costs
no query; a rebuild is seen by the next request; with the watch's connection ended, answers stay right."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from wordindex.build.builder import build_index
from wordindex.index.location import Location, parse_location

from ..conftest import end_server_processes
from .conftest import BOARD, WEB_WORDS, watching

pytestmark = pytest.mark.postgres

BEFORE = [w for w in WEB_WORDS if w != "stab"]
#: Requests answered from the cache after their first answer (the same text each time).
REPEATED = [
    ("/api/boggle", {"board": BOARD}),
    ("/api/boggle", {"board": BOARD, "show": "stab"}),
    ("/api/words", {"pattern": "st-b"}),
    ("/api/check", {"word": "stab"}),
    ("/api/info", {}),
]


@pytest.fixture
def rebuilt(request, pg_index_factory, tmp_path) -> tuple[Location, list]:
    """A PostgreSQL index of its own without "stab", and the number of rebuilds made (each adds it)."""
    location = parse_location(pg_index_factory(f"served_{request.node.name[5:40]}", BEFORE))
    source = tmp_path / "words.txt"
    source.write_text("\n".join([*BEFORE, "stab"]) + "\n")
    return location, [source]


def rebuild(rebuilt) -> None:
    location, (source,) = rebuilt
    build_index(location, source)


@pytest.fixture
def api(rebuilt, make_app) -> Iterator[TestClient]:
    with TestClient(make_app(rebuilt[0])) as client:
        watching(client.app)
        yield client


@pytest.fixture
def index_statements(api) -> Iterator[Callable[[], list[str]]]:
    """``since()``: the statements sent on the app's index connections (not the game store's) since the
    last call."""
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    provider = api.app.state.served.default.indexes
    sent: list[tuple[object, str]] = []

    def record(connection, cursor, statement, *args):
        sent.append((connection.engine, statement))

    def since() -> list[str]:
        engines = {getattr(index, "engine", None) for index in provider._all}
        found = [statement for engine, statement in sent if engine in engines]
        sent.clear()
        return found

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield since
    finally:
        event.remove(Engine, "before_cursor_execute", record)


def test_answers_from_the_cache_cost_no_query(api, index_statements):
    firsts = {(path, tuple(params.items())): api.get(path, params=params).text for path, params in REPEATED}
    index_statements()
    for _ in range(20):
        for path, params in REPEATED:
            answer = api.get(path, params=params)
            assert answer.status_code == 200
            assert answer.text == firsts[(path, tuple(params.items()))]
    assert index_statements() == []  # 100 answers, not one round trip (before: one generation query each)


def test_a_rebuild_is_answered_by_the_next_request(api, rebuilt):
    shown = {"board": BOARD, "show": "stab"}
    assert api.get("/api/boggle", params=shown).json()["found"] is False
    assert api.get("/api/words", params={"pattern": "st-b"}).json()["words"] == []
    assert api.get("/api/check", params={"word": "stab"}).json()[0]["valid"] is False
    rebuild(rebuilt)
    assert api.get("/api/boggle", params=shown).json()["found"] is True
    assert api.get("/api/words", params={"pattern": "st-b"}).json()["words"] == ["stab"]
    assert api.get("/api/check", params={"word": "stab"}).json()[0]["valid"] is True


def test_with_the_watch_ended_by_the_server_answers_stay_right(api, rebuilt, index_statements):
    """An administrator ends the watch's connection and the index is rebuilt before it is back:
    requests ask the server meanwhile (what is cached is never answered for the new index)."""
    provider = api.app.state.served.default.indexes
    watch = provider.watch
    shown = {"board": BOARD, "show": "stab"}
    assert api.get("/api/boggle", params=shown).json()["found"] is False
    killed = watch.backend_pid
    assert killed is not None and end_server_processes(rebuilt[0].url, [killed]) == 1
    rebuild(rebuilt)
    assert api.get("/api/boggle", params=shown).json()["found"] is True
    assert api.get("/api/check", params={"word": "stab"}).json()[0]["valid"] is True
    assert watch.wait_for(lambda known: known is not None, 30)  # connected again
    assert watch.backend_pid != killed
    index_statements()
    assert api.get("/api/boggle", params=shown).json()["found"] is True
    assert index_statements() == []
