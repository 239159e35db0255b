"""The worker's bounded answer memory (``web/cache.py``) and the splice of a round's results text."""

from __future__ import annotations

import json

import pytest
from wordindex.web.answers import ResultsText, game_text
from wordindex.web.cache import AnswerCache


def test_the_least_recently_used_goes_first_past_the_entries_bound():
    cache = AnswerCache(max_entries=2, max_bytes=100)
    cache.put("a", "A", 1)
    cache.put("b", "B", 1)
    assert cache.get("a") == "A"  # now the most recently used
    cache.put("c", "C", 1)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache), cache.bytes) == ("A", None, "C", 2, 2)


def test_the_bytes_bound_drops_as_many_as_it_takes_and_refuses_one_too_large():
    cache = AnswerCache(max_entries=10, max_bytes=10)
    for key in "abcd":
        cache.put(key, key.upper(), 3)
    assert ([cache.get(k) for k in "abcd"], cache.bytes) == ([None, "B", "C", "D"], 9)
    cache.put("e", "E", 7)
    assert ([cache.get(k) for k in "bcde"], cache.bytes) == ([None, None, "D", "E"], 10)
    cache.put("huge", "H", 11)
    assert (cache.get("huge"), len(cache), cache.bytes) == (None, 2, 10)


def test_a_key_put_again_replaces_its_value_and_size():
    cache = AnswerCache(max_entries=10, max_bytes=10)
    cache.put("a", "old", 8)
    cache.put("a", "new", 2)
    assert (cache.get("a"), len(cache), cache.bytes) == ("new", 1, 2)


def test_zero_entries_keeps_nothing():
    cache = AnswerCache(max_entries=0, max_bytes=10)
    cache.put("a", "A", 1)
    assert (cache.get("a"), len(cache)) == (None, 0)


def test_a_results_text_put_in_is_the_plain_encoding():
    results = {"words": [{"word": "été", "path": [[0, 1]]}], "count": 1}
    text = json.dumps(results, ensure_ascii=False)
    answer = {"id": "x", "version": 3, "language": "fr", "state": {"over": True, "results": results}}
    kept = {**answer, "state": {"over": True, "results": ResultsText(text)}}
    assert game_text(kept) == json.dumps(answer, ensure_ascii=False)
    # results not last in the state, and keys after the state (a move's event), come out the same too
    moved = {"id": "x", "state": {"results": results, "over": True}, "event": {"said": '"done"'}}
    kept = {**moved, "state": {"results": ResultsText(text), "over": True}}
    assert game_text(kept) == json.dumps(moved, ensure_ascii=False)


def test_a_results_text_is_put_in_once_and_only_for_the_results():
    text = '{"count": 2}'
    answer = {"id": "x", "state": {"players": ["x", "results"], "results": ResultsText(text)}, "event": "results"}
    assert json.loads(game_text(answer)) == {
        "id": "x",
        "state": {"players": ["x", "results"], "results": {"count": 2}},
        "event": "results",
    }
    assert game_text({"state": {"over": True}}) == '{"state": {"over": true}}'


def test_a_view_holding_results_text_cannot_be_encoded_by_accident():
    with pytest.raises(TypeError):
        json.dumps({"state": {"results": ResultsText("{}")}})


def _counting(monkeypatch, command):
    """Count the calls of a query's report function (the work a kept answer saves)."""
    from wordindex.reports import QUERY_REPORTS

    calls = []
    report = QUERY_REPORTS[command]
    monkeypatch.setitem(QUERY_REPORTS, command, lambda *a, **k: calls.append(a[1:]) or report(*a, **k))
    return calls


def test_a_query_asked_again_is_answered_from_the_kept_text(web_index, make_app, monkeypatch):
    from fastapi.testclient import TestClient

    calls = _counting(monkeypatch, "words")
    with TestClient(make_app(web_index)) as api:
        first = api.get("/api/words?pattern=-o--&limit=2")
        computed = len(calls)  # once, or twice when a try on the event loop ran out of time (the first request)
        again = api.get("/api/words?pattern=-o--&limit=2")
        repeated = len(calls) - computed
        other = api.get("/api/words?pattern=c---&limit=2")
        kept = len(api.app.state.answers)
    assert first.content == again.content and first.headers["content-type"] == again.headers["content-type"]
    assert json.loads(first.content)["count"] == json.loads(again.content)["count"]
    assert repeated == 0  # the repeated request was not computed again
    assert set(calls) == {("-o--",), ("c---",)}
    assert kept == 2 and other.content != first.content


def test_an_error_is_not_kept_and_no_cache_computes_every_time(sqlite_web_index, make_app, monkeypatch):
    from fastapi.testclient import TestClient

    calls = _counting(monkeypatch, "words")
    with TestClient(make_app(sqlite_web_index, answer_cache_entries=0)) as api:
        statuses = [api.get("/api/words?pattern=-o--").status_code for _ in range(2)]
        bad = [api.get("/api/words?pattern=c0ol").status_code for _ in range(2)]
        kept = len(api.app.state.answers)
    assert (statuses, bad, kept) == ([200, 200], [400, 400], 0)
    # every request computed (a good one maybe twice: on the event loop, then in a thread); an error once
    assert calls.count(("-o--",)) >= 2 and calls[-2:] == [("c0ol",), ("c0ol",)]
