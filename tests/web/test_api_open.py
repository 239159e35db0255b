"""The API as a stranger with a game's link uses it (issue 23): rounds that cannot be hijacked or
copied, and bad bodies that get a 4xx JSON error and change nothing."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.round import GRACE_SECONDS

from .apihelp import create, every_try_on_the_loop_stopped, move
from .conftest import BOARD, watching


def new_round(api, **options):
    return create(api, game="boggle", board=BOARD, **options)


def join(api, game_id, name):
    return move(api, game_id, {"join": name})["event"]["joined"]


def version(api, game_id):
    return api.get(f"/api/games/{game_id}").json()["version"]


def post(api, url, body):
    """POST ``body`` as JSON with every non-ASCII character escaped, lone surrogates too (httpx's
    ``json=`` cannot send those)."""
    return api.post(url, content=json.dumps(body), headers={"content-type": "application/json"})


def snapshot(api, game_id):
    """The game as stored and shown, less the clock's seconds left."""
    game = api.get(f"/api/games/{game_id}").json()
    game["state"].pop("seconds_left", None)
    return game


def refused(api, game_id, payload, status=400):
    """Send a move that must be refused with ``status``, a JSON error, and no change to the game."""
    before = snapshot(api, game_id)
    response = post(api, f"/api/games/{game_id}/moves", {"move": payload})
    assert response.status_code == status, response.text
    assert set(response.json()) == {"error", "type"}
    assert snapshot(api, game_id) == before
    return response.json()["error"]


def set_clock(api, game_id, ends_in):
    """Move a stored round's end to ``ends_in`` seconds from now (negative: it ended that long ago)."""
    store = api.app.state.store
    store.update(game_id, lambda record: ({**record.state, "ends_at": time.time() + ends_in}, False, None))


# -- 2. rounds can be neither hijacked nor copied ------------------------------------------------


def test_only_the_server_makes_the_next_round_and_only_for_a_player_of_an_ended_round(api):
    game_id = new_round(api, multiplayer=True)["id"]
    ann = join(api, game_id, "Ann")
    assert "ask for the next round" in refused(api, game_id, {"next": "a-round-of-my-choosing"})
    assert "ask for the next round" in refused(api, game_id, {"player": ann, "next": "a-round-of-my-choosing"})
    assert "unknown player" in refused(api, game_id, {"next": True})
    assert "the round is still on" in refused(api, game_id, {"player": ann, "next": True}, status=409)
    move(api, game_id, {"player": ann, "done": True})
    assert "unknown player" in refused(api, game_id, {"player": "not-a-player", "next": True})
    linked = move(api, game_id, {"player": ann, "next": True})["event"]["next"]
    nxt = api.get(f"/api/games/{linked}").json()
    assert (nxt["version"], nxt["state"]["over"], nxt["state"]["players"]) == (0, False, [])
    assert api.get(f"/api/games/{game_id}").json()["state"]["next"] == linked


def test_the_board_solution_is_not_out_while_a_late_word_can_count(api):
    game_id = new_round(api, seconds=60)["id"]
    me = join(api, game_id, "Me")
    set_clock(api, game_id, -GRACE_SECONDS / 4)
    at_the_bell = api.get(f"/api/games/{game_id}", params={"player": me}).json()["state"]
    assert at_the_bell["over"] is True and "results" not in at_the_bell
    assert move(api, game_id, {"player": me, "word": "coats"})["event"]["verdict"] == "accepted"
    set_clock(api, game_id, -GRACE_SECONDS - 1)
    late = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": me, "word": "tacos"}})
    assert late.status_code == 409
    results = api.get(f"/api/games/{game_id}", params={"player": me}).json()["state"]["results"]
    assert results["players"] == [
        {
            "name": "Me",
            "score": 2,
            "words": [{"word": "coats", "score": 2, "shared": False}],
            "hints": {"starts": 0, "letters": 0},
        }
    ]


def test_done_is_final(api):
    game_id = new_round(api, multiplayer=True)["id"]
    ann, _bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    move(api, game_id, {"player": ann, "word": "cat"})
    move(api, game_id, {"player": ann, "done": True})
    assert refused(api, game_id, {"player": ann, "word": "coats"}, status=409) == (
        "you are done in this round: no more words"
    )


def test_a_one_player_round_is_ended_only_by_its_player(api):
    game_id = new_round(api)["id"]
    me = join(api, game_id, "Me")
    assert "unknown player" in refused(api, game_id, {"end": True})
    assert move(api, game_id, {"player": me, "end": True})["state"]["over"] is True


def test_names_are_normalised_so_nobody_passes_for_another(api):
    game_id = new_round(api, multiplayer=True)["id"]
    join(api, game_id, "Ann")
    for lookalike in ("Ann\u200b", "\u202eAnn", "Ann\u0000", "A\u2066nn"):
        assert "no control, format or unassigned characters" in refused(api, game_id, {"join": lookalike})
    for other, shown in (("ann", "ann (2)"), ("ANN\u00a0", "ANN (3)"), ("  Ann ", "Ann (4)")):
        assert move(api, game_id, {"join": other})["event"]["name"] == shown


def test_names_that_look_alike_show_apart_on_the_scoreboard(api):
    game_id = new_round(api, multiplayer=True)["id"]
    join(api, game_id, "Ana")
    assert move(api, game_id, {"join": "\u0410na"})["event"]["name"] == "\u0410na (2)"  # a Cyrillic A
    shown = [player["name"] for player in api.get(f"/api/games/{game_id}").json()["state"]["players"]]
    assert shown == ["Ana", "\u0410na (2)"]


# -- 3. bad bodies: a 4xx JSON error, nothing changed -------------------------------------------


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [17, 1500, 8000])
def test_deeply_nested_bodies_are_refused(api, depth):
    for raw in (nested(depth), '{"game": "boggle", "seed": ' + nested(depth) + "}"):
        response = api.post("/api/games", content=raw)
        assert response.status_code == 400, response.text[:200]
        assert response.json()["type"] == "UsageError"
    game_id = new_round(api)["id"]
    response = api.post(f"/api/games/{game_id}/moves", content='{"move": ' + nested(depth) + "}")
    assert response.status_code == 400 and "nested more than 16 levels" in response.json()["error"]
    assert version(api, game_id) == 0


def test_lone_surrogates_are_refused_before_anything_is_stored(api):
    game_id = new_round(api, multiplayer=True)["id"]
    ann = join(api, game_id, "Ann")
    for payload in ({"join": "\ud800"}, {"player": ann, "word": "\ud800"}, {"player": ann, "word": "ca\udfffts"}):
        assert "lone surrogate" in refused(api, game_id, payload)
    move(api, game_id, {"player": ann, "done": True})
    assert "lone surrogate" in refused(api, game_id, {"player": ann, "next": "\ud800"})
    assert version(api, game_id) == 2
    response = post(api, "/api/games", {"game": "boggle", "board": "\udc00" * 16})
    assert response.status_code == 400 and "lone surrogate" in response.json()["error"]


@pytest.mark.parametrize("letter", [1, True, 1.5, ["a"], {"a": 1}])
def test_a_hangman_letter_that_is_not_text_is_refused(api, letter):
    game_id = create(api, game="hangman", chooser="evil", length=4)["id"]
    assert refused(api, game_id, {"letter": letter}) == f"a move's 'letter' is a string, not {letter!r}"


#: Every JSON value (and values this API has tripped on: lone surrogates, huge numbers, deep nesting).
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["\ud800", "a\udfffb", "", "e", "cat", "coats", "c*ws", "3", "-1", "1e9", "play", "end"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
VALUES = JSON_VALUES | st.integers(10, 40).map(lambda depth: json.loads(nested(depth)))

#: A well-formed move of each game ("PLAYER" stands for a joined player's id) and the fields to break.
MOVES = {
    "boggle": [
        {"player": "PLAYER", "word": "coats"},
        {"join": "Zed"},
        {"player": "PLAYER", "done": True},
        {"player": "PLAYER", "end": True},
        {"player": "PLAYER", "next": True},
    ],
    "hangman": [{"letter": "e"}, {"action": "guess", "letter": "t"}, {"action": "end"}],
    "wordgame": [
        {"action": "play", "word": "c*ws"},
        {"action": "stop"},
        {"action": "substitute", "letter": "a"},
        {"action": "keep"},
        {"action": "replay"},
        {"action": "next"},
        {"action": "hands", "hands": 3},
        {"action": "reply", "text": "3"},
    ],
}
NEW_GAMES = {
    "boggle": {"game": "boggle", "board": BOARD, "multiplayer": True, "seconds": 60},
    "hangman": {"game": "hangman", "chooser": "random", "length": 5, "lives": 6, "seed": 1},
    "wordgame": {"game": "wordgame", "hand_size": 7, "seed": 3},
}


@st.composite
def broken_moves(draw):
    """A game kind and one of its moves with one field (or the whole move) replaced by any JSON value."""
    kind = draw(st.sampled_from(sorted(MOVES)))
    payload = dict(draw(st.sampled_from(MOVES[kind])))
    value = draw(VALUES)
    where = draw(st.sampled_from([*payload, "a-new-key", None]))
    if where is None:
        return kind, value
    payload[where] = value
    return kind, payload


def acceptable(response) -> bool:
    """A 2xx answer, or a 4xx JSON error with a message."""
    if response.status_code < 300:
        return True
    body = response.json()
    return 400 <= response.status_code < 500 and isinstance(body.get("error"), str) and bool(body["error"])


@pytest.fixture
def roomy(sqlite_web_index, make_app):
    """A client that may start as many games as the property tests need."""
    with TestClient(make_app(sqlite_web_index, new_games_per_minute=1_000_000)) as client:
        yield client


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=broken_moves())
def test_any_json_in_any_field_of_any_move_gets_an_answer_or_a_4xx_that_changes_nothing(roomy, case):
    client = roomy
    kind, payload = case
    game = client.post("/api/games", json=NEW_GAMES[kind]).json()
    game_id = game["id"]
    if kind == "boggle":
        player = join(client, game_id, "Ann")
        payload = json.loads(json.dumps(payload).replace('"PLAYER"', json.dumps(player)))
    before = snapshot(client, game_id)
    response = post(client, f"/api/games/{game_id}/moves", {"move": payload})
    assert acceptable(response), (response.status_code, response.text[:300])
    if response.status_code >= 400:
        assert snapshot(client, game_id) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(sorted(NEW_GAMES)), data=st.data())
def test_any_json_in_any_option_of_a_new_game_gets_a_game_or_a_4xx(roomy, kind, data):
    client = roomy
    body = dict(NEW_GAMES[kind])
    where = data.draw(st.sampled_from([*body, "a-new-key"]))
    body[where] = data.draw(VALUES)
    response = post(client, "/api/games", body)
    assert acceptable(response), (response.status_code, response.text[:300])


# -- 1. every request's work is bounded ----------------------------------------------------------


@pytest.mark.parametrize(
    "url, params",
    [
        ("/api/guess", {"pattern": "----", "strategy": "optimal"}),
        ("/api/guess", {"pattern": "----", "strategy": " Optimal "}),
        ("/api/solve", {"word": "cool", "strategy": "optimal", "lives": 26}),
    ],
)
def test_the_optimal_strategy_is_not_served(client, url, params):
    response = client.get(url, params=params)
    assert response.status_code == 400
    assert response.json()["error"] == (
        "the optimal strategy is not served (its answers search the game and can take seconds): "
        "choose another, or use the command line"
    )


#: Each search endpoint at the largest input it serves (answered) and just past it (refused).
AT_THE_LIMIT = [
    ("/api/best-word", {"hand": "etaoinshrdlucmfwyp**", "all": "true"}),
    ("/api/check", [("word", "a" * 200)] + [("word", "cool")] * 999),
    ("/api/check", [("prefix", "co")] * 1000),
    ("/api/words", {"pattern": "-" * 200}),
    ("/api/guess", {"pattern": "----", "strategy": "split"}),
    ("/api/evil", {"length": 4, "guessed": "esiarntolcdupmghbyfvkwzxqj"}),
    ("/api/solve", {"word": "cool", "strategy": "split", "lives": 26}),
    ("/api/boggle", {"board": "sertnsaeiaeltrnsetsaeiaelrstnesaeiae"}),
]
PAST_THE_LIMIT = [
    ("/api/best-word", {"hand": "etaoinshrdlucmfwyp***", "all": "true"}, "a hand of at most 20 tiles"),
    ("/api/check", [("word", "a" * 201)], "a word to check is at most 200 characters, not 201"),
    ("/api/check", [("word", "cool")] * 1001, "at most 1000 words per request, not 1001"),
    ("/api/words", {"pattern": "-" * 201}, "at most 200 characters"),
    ("/api/words", {"pattern": ""}, "at least 1 character"),
    ("/api/boggle", {"board": "a" * 49}, "a board needs 4, 9, 16, 25 or 36 letters (2×2 to 6×6), got 49"),
]


@pytest.mark.parametrize("url, params", AT_THE_LIMIT)
def test_each_search_is_answered_at_its_limit(client, url, params):
    response = client.get(url, params=params)
    assert response.status_code == 200, response.text[:300]


@pytest.mark.parametrize("url, params, message", PAST_THE_LIMIT)
def test_each_search_is_refused_past_its_limit(client, url, params, message):
    response = client.get(url, params=params)
    assert response.status_code in (400, 422), response.text[:300]
    assert message in response.json()["error"]


def test_searches_beyond_the_worker_slots_wait_then_get_a_503_and_other_requests_go_on(
    sqlite_web_index, make_app, monkeypatch
):
    """Searches made in request threads take the worker's slots (here every one is: no word is held
    and the event loop's board tries are stopped at once)."""
    every_try_on_the_loop_stopped(monkeypatch)
    with TestClient(make_app(sqlite_web_index, max_searches=2, request_seconds=0.2, held_words=0)) as client:
        slots = client.app.state.searches
        client.portal.call(slots.enter)  # two searches in flight
        client.portal.call(slots.enter)
        for url, params in AT_THE_LIMIT:  # a check of 1,000 words is a search too (issue 32 item 3)
            busy = client.get(url, params=params)
            assert busy.status_code == 503, url
            assert busy.headers["retry-after"] == "1"
            assert busy.json() == {
                "error": "the server is busy with 2 other searches: try again in a second",
                "type": "BusyError",
            }
        assert client.get("/healthz").status_code == 200
        assert client.get("/api/info").status_code == 200
        assert client.post("/api/games", json={"game": "hangman", "length": 4}).status_code == 201
        few = [("word", "cool")] * 100  # a lookup of a few words, not a search: never waits for a slot
        assert client.get("/api/check", params=few).status_code == 200
        client.portal.call(slots.leave)
        assert client.get("/api/words", params={"pattern": "c---"}).status_code == 200
        assert client.get("/api/words", params={"pattern": "c-?-"}).status_code == 400
        assert slots.busy == 1  # every search gives its slot back, answered or refused


def test_a_search_waits_for_a_slot_and_is_answered_when_one_frees(sqlite_web_index, make_app, monkeypatch):
    import threading

    every_try_on_the_loop_stopped(monkeypatch)
    with TestClient(make_app(sqlite_web_index, max_searches=1, request_seconds=60, held_words=0)) as client:
        slots = client.app.state.searches
        client.portal.call(slots.enter)
        answers: list = []
        waiting = threading.Thread(target=lambda: answers.append(client.get("/api/words", params={"pattern": "c--l"})))
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive() and answers == []  # it cannot be answered while the one slot is held
        assert client.get("/api/games/no-such-game").status_code == 404  # other requests go on meanwhile
        client.portal.call(slots.leave)
        waiting.join(60)
        assert answers[0].status_code == 200
        assert slots.busy == 0


def test_an_answer_made_on_the_event_loop_takes_no_slot(sqlite_web_index, make_app, monkeypatch):
    """With every slot held, a question the held words answer at once, and a small board, are still
    answered: on the loop, one at a time and within ``INLINE_SECONDS``, they hold no thread. One
    that needs a thread (every play of a hand) waits for a slot, then gets its 503."""
    from wordindex.web.routers import queries

    monkeypatch.setattr(queries, "INLINE_SECONDS", 60.0)  # what is tested is where, not how fast
    with TestClient(make_app(sqlite_web_index, max_searches=1, request_seconds=0.2)) as client:
        watching(client.app)
        slots = client.app.state.searches
        client.portal.call(slots.enter)
        assert client.get("/api/words", params={"pattern": "c---"}).status_code == 200
        assert client.get("/api/solve", params={"word": "cool"}).status_code == 200
        assert client.get("/api/boggle", params={"board": "perslatgsineters"}).status_code == 200
        assert client.get("/api/best-word", params={"hand": "cowsxz*", "all": "true"}).status_code == 503
        assert slots.busy == 1


# -- 4. unbounded growth --------------------------------------------------------------------------


def test_new_games_per_address_are_limited(sqlite_web_index, make_app):
    with TestClient(make_app(sqlite_web_index, new_games_per_minute=3)) as client:
        for _ in range(3):
            assert client.post("/api/games", json={"game": "hangman", "length": 4}).status_code == 201
        refused = client.post("/api/games", json={"game": "boggle"})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "20"
        assert refused.json() == {
            "error": "at most 3 new games a minute from one address: try again in 20 s",
            "type": "TooManyError",
        }


def test_the_creation_rate_refills_per_address_and_forgets_idle_ones():
    from wordindex.web.limits import CreationRate

    from wordindex.errors import TooManyError

    now = [0.0]
    rate = CreationRate(per_minute=2, clock=lambda: now[0])
    rate.take("a")
    rate.take("a")
    with pytest.raises(TooManyError) as caught:
        rate.take("a")
    assert caught.value.retry_after == 30
    rate.take("b")  # another address has its own bucket
    now[0] = 30.0
    rate.take("a")  # one token back after 60 / 2 seconds
    rate.MAX_ADDRESSES = 3
    now[0] = 100.0
    for address in ("c", "d"):
        rate.take(address)
    assert set(rate._tokens) == {"c", "d"}  # a and b had refilled: forgotten once the table grew


def test_the_word_game_number_of_hands_is_bounded_as_a_move_too(client):
    game_id = create(client, game="wordgame", seed=3)["id"]
    assert refused(client, game_id, {"action": "hands", "hands": 1_000_000_000}) == (
        "'hands' must be 1 to 20 here, not 1000000000"
    )
    assert refused(client, game_id, {"action": "reply", "text": "21"}) == "'hands' must be 1 to 20 here, not 21"
    assert move(client, game_id, {"action": "hands", "hands": 20})["state"]["phase"] == "substitute"


@pytest.mark.parametrize(
    "kind, options, payload",
    [
        ("wordgame", {"seed": 1, "hands": 2}, {"action": "play", "word": "x" * 64}),
        ("wordgame", {"seed": 1, "hands": 2}, {"action": "reply", "text": "y" * 5000}),
        ("hangman", {"length": 4}, "e" * 64),
        ("hangman", {"length": 4}, {"letter": "e" * 64}),
    ],
)
def test_a_moves_text_is_bounded_before_anything_stores_it(client, kind, options, payload):
    game_id = create(client, game=kind, **options)["id"]
    if kind == "wordgame":
        move(client, game_id, {"action": "keep"})
    message = refused(client, game_id, payload)
    assert message.startswith("a move's text is at most 63 characters here, not ")
    stored = client.app.state.store.get(game_id).state
    assert all(len(word) <= 63 for word in stored.get("played", []))


def test_the_creation_rate_is_safe_from_many_threads():
    import sys
    import threading

    from wordindex.web.limits import CreationRate

    from wordindex.errors import TooManyError

    rate = CreationRate(per_minute=50, clock=lambda: 0.0)
    rate.MAX_ADDRESSES = 5  # forgetting runs often, while other threads add
    taken: list[str] = []
    failures: list[BaseException] = []

    def client(number: int) -> None:
        for attempt in range(400):
            address = "shared" if attempt % 2 else f"{number}.{attempt}"
            try:
                rate.take(address)
                taken.append(address)
            except TooManyError:
                pass
            except Exception as exc:  # e.g. a dict changed size while being forgotten: a 500
                failures.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show
    try:
        threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert taken.count("shared") == 50  # exactly the bucket: no update lost between threads
