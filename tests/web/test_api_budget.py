"""A request's time budget (issue 20 item 4, issue 23 item 1): a board whose every path is a word's
prefix is stopped after ``request_seconds`` with a 503, in a query and in a round's results alike."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from .apihelp import create, every_try_on_the_loop_stopped, move
from .conftest import watching

#: Every run of b's from 3 to 36 letters is a word: every path of a 6×6 board of b's is a prefix and
#: a word, more paths than any budget. A 63-letter word of a's needs more cells than any board has.
ONE_LETTER_WORDS = ["b" * n for n in range(3, 37)] + ["a" * 63, "cool"]
BUDGET = 0.3


@pytest.fixture(scope="module")
def one_letter_index(index_factory):
    from wordindex.index.location import parse_location

    return parse_location(str(index_factory("one-letter-runs", ONE_LETTER_WORDS)))


@pytest.fixture
def budgeted(one_letter_index, make_app):
    with TestClient(make_app(one_letter_index, request_seconds=BUDGET)) as client:
        yield client


def stopped(response) -> None:
    assert response.status_code == 503, response.text[:300]
    assert response.json() == {
        "error": f"the board's search took longer than this server's {BUDGET:g} s per request and was stopped",
        "type": "TimeLimitError",
    }


def test_a_board_of_one_letter_whose_paths_are_all_words_is_stopped_at_the_budget(budgeted):
    started = time.monotonic()
    stopped(budgeted.get("/api/boggle", params={"board": "b" * 36}))
    assert time.monotonic() - started < 60  # not a timing claim: the unbounded search runs for hours
    assert budgeted.app.state.searches.busy == 0  # the stopped search gave its slot back
    assert budgeted.get("/healthz").status_code == 200


def test_a_63_letter_word_of_one_letter_costs_a_board_of_that_letter_nothing(budgeted):
    answer = budgeted.get("/api/boggle", params={"board": "a" * 36})
    assert answer.status_code == 200, answer.text[:300]
    assert answer.json()["count"] == 0


def test_a_rounds_results_on_such_a_board_are_stopped_at_the_budget_too(budgeted):
    game_id = create(budgeted, game="boggle", board="b" * 36, seconds=10)["id"]
    player = move(budgeted, game_id, {"join": "Ann"})["event"]["joined"]
    stopped(budgeted.post(f"/api/games/{game_id}/moves", json={"move": {"player": player, "done": True}}))
    stopped(budgeted.get(f"/api/games/{game_id}"))
    store = budgeted.app.state.store
    assert store.get(game_id).state["players"][0]["done"] is True  # the move itself was kept


def test_the_budget_is_a_setting_from_the_environment(tmp_path):
    from wordindex.web.settings import settings_from_environment

    from wordindex.errors import UsageError
    from wordindex.index.location import parse_location

    where = parse_location(str(tmp_path / "wordindex.db"))
    assert settings_from_environment({}, where).request_seconds == 2.0
    assert settings_from_environment({"WORDINDEX_REQUEST_SECONDS": "0.5"}, where).request_seconds == 0.5
    with pytest.raises(UsageError, match="WORDINDEX_REQUEST_SECONDS must be 0.01 to 600, not 0"):
        settings_from_environment({"WORDINDEX_REQUEST_SECONDS": "0"}, where)


def _cli_json(location, board: str) -> str:
    from wordindex import reports
    from wordindex.index.core import open_index

    with open_index(location) as index:
        return reports.boggle_text(index, board)


def _counting_hops(monkeypatch) -> list:
    """The functions sent to a request thread (``run_in_threadpool``) from now on."""
    import starlette.concurrency

    hops = []
    real = starlette.concurrency.run_in_threadpool

    async def counting(function, *args, **kwargs):
        hops.append(function)
        return await real(function, *args, **kwargs)

    monkeypatch.setattr(starlette.concurrency, "run_in_threadpool", counting)
    return hops


def test_a_board_solve_tried_on_the_event_loop_answers_there_without_a_thread(api, web_index, monkeypatch):
    """A board solve runs on the event loop first: no hop to a request thread when it finishes within
    ``INLINE_SECONDS``. On PostgreSQL too, once the worker's watch knows the index's generation (no
    query on the loop). The answer is the CLI's ``--json`` text either way."""
    watching(api.app)
    hops = _counting_hops(monkeypatch)
    answer = api.get("/api/boggle", params={"board": "perslatgsineters"})
    assert answer.status_code == 200
    assert len(hops) == 0
    assert answer.text == _cli_json(web_index, "perslatgsineters")


@pytest.mark.postgres
def test_a_postgresql_board_goes_to_a_thread_while_the_generation_is_not_known(pg_web_index, make_app, monkeypatch):
    """With the watch stopped (as while it is down) the event loop would have to ask the server for the
    generation: it does not, the board is solved in a request thread, and the answer is the same."""
    with TestClient(make_app(pg_web_index)) as api:
        watching(api.app)
        api.app.state.served.default.indexes.watch.stop()
        hops = _counting_hops(monkeypatch)
        answer = api.get("/api/boggle", params={"board": "perslatgsineters"})
        assert answer.status_code == 200
        assert len(hops) == 1
        assert answer.text == _cli_json(pg_web_index, "perslatgsineters")


def test_a_board_solve_stopped_on_the_event_loop_is_solved_again_in_a_thread(api, web_index, monkeypatch):
    """Past ``INLINE_SECONDS`` the event loop's try is stopped and a request thread solves the board
    again under the request's budget: the same answer (here every try is stopped at once)."""
    tries = every_try_on_the_loop_stopped(monkeypatch)
    watching(api.app)
    hops = _counting_hops(monkeypatch)
    answer = api.get("/api/boggle", params={"board": "perslatgsineters"})
    assert answer.status_code == 200, answer.text[:300]
    assert len(tries) == 1 and len(hops) == 1
    assert answer.text == _cli_json(web_index, "perslatgsineters")
