"""Hangman and word-game answers from the worker's held words (``wordindex.index.held``), on the event loop
when they can be (issue 20 item 1): the answer is the CLI's ``--json`` either way; what needs a scan,
a load or more time than ``INLINE_SECONDS`` is made again in a request thread."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from wordindex.errors import UsageError
from wordindex.index.core import open_index
from wordindex.reports import QUERY_REPORTS

from .conftest import WEB_WORDS, watching

#: Each question, as an API path and as the report function the CLI's ``--json`` prints.
QUESTIONS = [
    ("/api/words?pattern=-o--&limit=3", "words", ("-o--",), {"limit": 3}),
    ("/api/guess?pattern=-e--&guessed=e", "guess", ("-e--",), {"guessed": "e"}),
    ("/api/guess?pattern=c--l&guessed=clx&strategy=split", "guess", ("c--l",), {"guessed": "clx", "strategy": "split"}),
    ("/api/evil?length=4&guessed=eao", "evil", (4, "eao"), {}),
    ("/api/solve?word=cool", "solve", ("cool",), {}),
    ("/api/best-word?hand=cowsxz*", "best-word", ("cowsxz*",), {}),
    ("/api/check?word=cool&word=zzzz&word=Coats", "check", (["cool", "zzzz", "Coats"],), {}),
]


def cli_json(location, command, args, options) -> str:
    with open_index(location) as index:
        return json.dumps(QUERY_REPORTS[command](index, *args, **options), ensure_ascii=False)


@pytest.fixture
def hops(monkeypatch) -> list[object]:
    """The calls handed to a request thread."""
    import starlette.concurrency

    real = starlette.concurrency.run_in_threadpool
    calls: list[object] = []

    async def counting(function, *args, **kwargs):
        calls.append(function)
        return await real(function, *args, **kwargs)

    monkeypatch.setattr(starlette.concurrency, "run_in_threadpool", counting)
    return calls


def uncached(make_app, location, **settings) -> TestClient:
    return TestClient(make_app(location, answer_cache_entries=0, **settings))


@pytest.mark.parametrize(("path", "command", "args", "options"), QUESTIONS)
def test_a_held_answer_is_made_on_the_event_loop(web_index, make_app, hops, monkeypatch, path, command, args, options):
    """No hop to a thread, on either backend: every question, a word's lookup included, is answered
    from the held words (on PostgreSQL the loop's own index never asks the server)."""
    from wordindex.web.routers import queries

    monkeypatch.setattr(queries, "INLINE_SECONDS", 60.0)  # what is tested is where, not how fast
    with uncached(make_app, web_index) as api:
        watching(api.app)
        answer = api.get(path)
    assert answer.status_code == 200, answer.text[:300]
    assert answer.text == cli_json(web_index, command, args, options)
    assert len(hops) == 0


@pytest.mark.sqlite_only  # a PostgreSQL answer goes to a thread at once
@pytest.mark.parametrize(("path", "command", "args", "options"), QUESTIONS)
def test_an_answer_out_of_time_on_the_loop_is_made_again_in_a_thread(
    sqlite_web_index, make_app, hops, monkeypatch, path, command, args, options
):
    """Here every try on the loop is out of time at its first question: the thread's answer is the same."""
    from wordindex.web.routers import queries

    monkeypatch.setattr(queries, "INLINE_SECONDS", -1.0)
    with uncached(make_app, sqlite_web_index) as api:
        answer = api.get(path)
    assert answer.status_code == 200, answer.text[:300]
    assert answer.text == cli_json(sqlite_web_index, command, args, options)
    assert len(hops) == 1


@pytest.mark.sqlite_only
@pytest.mark.parametrize("held_words", [0, 1])
def test_lengths_not_held_are_answered_by_sql_in_a_thread(sqlite_web_index, make_app, hops, held_words):
    """``WORDINDEX_HELD_WORDS`` 0 holds nothing; 1 holds no length of more than one word (they do
    not fit): either way SQL answers, in a request thread, the same text."""
    path, command, args, options = QUESTIONS[1]
    with uncached(make_app, sqlite_web_index, held_words=held_words) as api:
        answer = api.get(path)
        held = api.app.state.served.default.indexes.held
    assert answer.text == cli_json(sqlite_web_index, command, args, options)
    assert len(hops) == 1
    assert (held is None) == (held_words == 0)


@pytest.mark.sqlite_only
def test_every_play_of_a_hand_is_scored_in_a_thread(client, sqlite_web_index, hops):
    """``all=true`` (thousands of words scored in Python for a large hand) never runs on the loop."""
    answer = client.get("/api/best-word", params={"hand": "aecdtso*", "all": "true"})
    assert answer.text == cli_json(sqlite_web_index, "best-word", ("aecdtso*",), {"all_words": True})
    assert len(hops) == 1


def test_the_held_words_are_a_setting_from_the_environment():
    from wordindex.web.settings import settings_from_environment

    assert settings_from_environment({"WORDINDEX_DB": "x.db"}).held_words == 250_000
    assert settings_from_environment({"WORDINDEX_DB": "x.db", "WORDINDEX_HELD_WORDS": "0"}).held_words == 0
    with pytest.raises(UsageError, match="^WORDINDEX_HELD_WORDS must be 0 to 100,000,000, not -5$"):
        settings_from_environment({"WORDINDEX_DB": "x.db", "WORDINDEX_HELD_WORDS": "-5"})


def test_a_workers_indexes_share_one_budget(sqlite_web_index, index_factory):
    """``WORDINDEX_HELD_WORDS`` is the worker's, across the languages it serves, the default one first."""
    from wordindex.web.served import ServedIndexes

    from wordindex.index.location import parse_location

    french = parse_location(str(index_factory("held-fr-web", ["été", "mère", "chat"], language="fr")))
    served = ServedIndexes((sqlite_web_index, french), held_words=len(WEB_WORDS) + 1)
    try:
        default, other = (each.indexes.held for each in served.all)
        assert default is not None and other is not None and default.budget is other.budget
        for each in served.all:
            each.indexes.warm_held()
        assert default.budget.used == len(WEB_WORDS) + 1  # every English word, and French "été"
        with served.all[1].indexes.use() as index:
            assert other.length(index, 3) is not None  # été (it plays as ete)
            assert other.length(index, 4) is None  # mère and chat did not fit: SQL answers them
    finally:
        served.close()
    assert ServedIndexes((sqlite_web_index,), held_words=0).default.indexes.held is None


@pytest.fixture
def slots(monkeypatch) -> list[int]:
    """Each search slot taken (the worker's ``SearchSlots.enter``)."""
    from wordindex.web.limits import SearchSlots

    taken: list[int] = []
    real = SearchSlots.enter

    async def counting(self):
        taken.append(1)
        await real(self)

    monkeypatch.setattr(SearchSlots, "enter", counting)
    return taken


@pytest.mark.sqlite_only
@pytest.mark.parametrize("kind", ["word", "prefix"])
def test_a_check_of_many_words_is_a_search_in_a_thread(sqlite_web_index, make_app, hops, slots, kind):
    """A check's time grows with its words (1,000 held the loop 26 ms, issue 32 item 3): past
    ``CHECK_ON_THE_LOOP`` it is made in a request thread, holding a search slot; a few stay on the
    loop. The answer is the CLI's either way."""
    from wordindex.web.routers import queries

    many = [WEB_WORDS[i % len(WEB_WORDS)] + ("" if i % 3 else "zz") for i in range(queries.MAX_CHECK)]
    options = {"prefix": True} if kind == "prefix" else {}
    with uncached(make_app, sqlite_web_index) as api:
        for asked, thread in ((many, 1), (many[:100], 0), (many[:101], 1)):
            hops.clear()
            slots.clear()
            answer = api.get("/api/check", params=[(kind, word) for word in asked])
            assert answer.status_code == 200
            assert answer.text == cli_json(sqlite_web_index, "check", (asked,), options)
            assert (len(hops), len(slots)) == (thread, thread)
    assert queries.CHECK_ON_THE_LOOP == 100


@pytest.mark.sqlite_only
@pytest.mark.parametrize(("hand", "on_the_loop"), [("cowsxz*", True), ("cowsxzab*", False), ("cowsxz**", False)])
def test_only_small_hands_are_played_on_the_loop(sqlite_web_index, make_app, hops, slots, hand, on_the_loop):
    """The problem set's hands (7 tiles, a wildcard) are answered on the loop; a hand of more than 8
    tiles or 1 wildcard has more words to score in Python (10 tiles, 2 wildcards: 12 to 18 ms) and is
    a search in a thread."""
    with uncached(make_app, sqlite_web_index) as api:
        answer = api.get("/api/best-word", params={"hand": hand})
    assert answer.text == cli_json(sqlite_web_index, "best-word", (hand,), {})
    assert (len(hops), len(slots)) == ((0, 0) if on_the_loop else (1, 1))


@pytest.mark.sqlite_only
@pytest.mark.parametrize(("strategy", "on_the_loop"), [(None, True), ("split", False)])
def test_a_split_game_is_solved_in_a_thread(sqlite_web_index, make_app, hops, slots, strategy, on_the_loop):
    """The split guesser weighs every letter's split at every guess: a whole game of it (26 lives) held
    the loop 8 ms on an idle machine (benchmarks/loop_stalls.py), so it is a search in a thread; the
    default guesser's game stays on the loop. The answer is the CLI's either way."""
    options = {"lives": 26} if strategy is None else {"strategy": strategy, "lives": 26}
    with uncached(make_app, sqlite_web_index) as api:
        answer = api.get("/api/solve", params={"word": "cool", **options})
    assert answer.text == cli_json(sqlite_web_index, "solve", ("cool",), options)
    assert (len(hops), len(slots)) == ((0, 0) if on_the_loop else (1, 1))


@pytest.mark.sqlite_only
def test_a_long_listing_is_made_in_a_thread(sqlite_web_index, make_app, hops, monkeypatch):
    """Listing words makes a Python string each: an answer that would list more than
    ``MOST_LISTED_ON_THE_LOOP`` at once stops on the loop and is made in a thread (here the bound is 3)."""
    import wordindex.index.held

    monkeypatch.setattr(wordindex.index.held, "MOST_LISTED_ON_THE_LOOP", 3)
    with uncached(make_app, sqlite_web_index) as api:
        for limit, thread in ((3, 0), (None, 1), (4, 1)):
            hops.clear()
            params = {"pattern": "----"} if limit is None else {"pattern": "----", "limit": limit}
            answer = api.get("/api/words", params=params)
            assert answer.text == cli_json(sqlite_web_index, "words", ("----",), {"limit": limit})
            assert len(hops) == thread


def test_each_kind_of_answer_is_made_once_at_start_up_not_on_the_loop(sqlite_web_index, monkeypatch):
    """A kind's first answer imports its modules (8 to 30 ms once per worker): a start-up thread makes
    one of each, so the loop's first never does."""
    from wordindex.web.deps import FIRST_QUESTIONS, IndexProvider

    from wordindex import reports

    asked: list[str] = []
    for name in ("check", "words", "guess", "evil", "solve", "best_word"):
        real = getattr(reports, name)
        spy = lambda *a, _real=real, _name=name, **k: asked.append(_name) or _real(*a, **k)  # noqa: E731
        monkeypatch.setattr(reports, name, spy)
    provider = IndexProvider(sqlite_web_index)
    try:
        provider.warm_answers()
    finally:
        provider.close()
    assert sorted(set(asked)) == sorted({"check", "words", "guess", "evil", "solve", "best_word"})
    assert len(asked) == len(FIRST_QUESTIONS) + 1
