"""The games API: Boggle rounds through POST /api/games, moves, reads, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from ..conftest import end_server_processes
from .apihelp import create, move
from .conftest import BOARD

BOARD_WORDS = 30  # every word of WEB_WORDS that BOARD holds (official rules), checked against the solver below


def new_round(api, **options):
    return create(api, game="boggle", board=BOARD, **options)


def join(api, game_id, name):
    return move(api, game_id, {"join": name})["event"]["joined"]


def test_a_one_player_round_from_start_to_results(api):
    created = new_round(api)
    game_id, state = created["id"], created["state"]
    assert created["version"] == 0
    assert state["board"] == BOARD and state["rows"] == ["cats", "oeab", "tseq", "ibxl"]
    assert (state["rules"], state["min_length"], state["seconds"], state["over"]) == ("official", 3, 180, False)
    player = join(api, game_id, "Ann")

    verdicts = {}
    for word in ("coats", "at", "zzz", "coats", "quit", "tacos"):
        answer = move(api, game_id, {"player": player, "word": word})
        verdicts.setdefault(word, []).append(answer["event"]["verdict"])
    assert verdicts == {
        "coats": ["accepted", "already_found"],
        "at": ["too_short"],
        "zzz": ["not_on_board"],
        "quit": ["not_on_board"],
        "tacos": ["accepted"],
    }
    accepted = move(api, game_id, {"player": player, "word": " Beets "})
    assert accepted["event"] == {
        "word": "beets",
        "verdict": "accepted",
        "score": 2,
        "path": [[1, 3], [2, 2], [1, 1], [0, 2], [0, 3]],
    }
    assert accepted["version"] == 8  # the join, six words, beets
    you = accepted["state"]["you"]
    assert (you["name"], you["score"]) == ("Ann", 6)
    assert [w["word"] for w in you["words"]] == ["coats", "tacos", "beets"]
    assert "results" not in accepted["state"]

    ended = move(api, game_id, {"player": player, "end": True})
    assert ended["state"]["over"] is True
    results = ended["state"]["results"]
    assert results["count"] == BOARD_WORDS and results["missed"] == BOARD_WORDS - 3
    assert results["players"] == [
        {
            "name": "Ann",
            "score": 6,
            "words": [
                {"word": "coats", "score": 2, "shared": False},
                {"word": "tacos", "score": 2, "shared": False},
                {"word": "beets", "score": 2, "shared": False},
            ],
            "hints": {"starts": 0, "letters": 0},
        }
    ]
    by_word = {w["word"]: w for w in results["words"]}
    assert by_word["coats"]["found_by"] == ["Ann"] and by_word["cat"]["found_by"] == []
    assert by_word["stab"]["path"] == [[0, 3], [0, 2], [1, 2], [1, 3]]

    late = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": player, "word": "cat"}})
    assert late.status_code == 409
    assert late.json() == {"error": "the round is over: no more words", "type": "RoundOverError"}
    read = api.get(f"/api/games/{game_id}").json()
    assert read["version"] == ended["version"] and read["state"]["results"] == results


def test_the_board_solution_matches_the_boggle_command(api, run_cli, sqlite_web_index):
    import json

    game_id = new_round(api)["id"]
    results = move(api, game_id, {"player": join(api, game_id, "Ann"), "end": True})["state"]["results"]
    cli = json.loads(run_cli(["boggle", BOARD, "--json"], db=sqlite_web_index.url).stdout)
    assert [(w["word"], w["score"]) for w in results["words"]] == [(w["word"], w["score"]) for w in cli["words"]]
    assert results["count"] == cli["count"] == BOARD_WORDS


def test_results_come_from_the_compiled_search_even_before_it_was_compiled(api, monkeypatch):
    # A worker that has not compiled the kernel yet must not fall back to the plain-Python search
    # for a round's results (issue 24 item 4): the results stay exact with that search broken.
    from wordindex.boggle import dfs_llvm, dfs_python

    def refuse(*args, **kwargs):
        raise AssertionError("the plain-Python search served a web round")

    monkeypatch.setattr(dfs_llvm, "compiled", lambda: False)
    monkeypatch.setattr(dfs_python, "find_words", refuse)
    game_id = new_round(api)["id"]
    results = move(api, game_id, {"player": join(api, game_id, "Ann"), "end": True})["state"]["results"]
    assert results["count"] == BOARD_WORDS
    assert api.get(f"/api/games/{game_id}").json()["state"]["results"] == results


def test_multiplayer_round_hides_others_words_then_strikes_shared_ones(api):
    game_id = new_round(api, multiplayer=True, seconds=60)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    assert join(api, game_id, "Ann") != ann  # a second Ann is told apart
    for player, words in ((ann, ["coats", "cat", "tea"]), (bob, ["coats", "beets"])):
        for word in words:
            assert move(api, game_id, {"player": player, "word": word})["event"]["verdict"] == "accepted"

    during = api.get(f"/api/games/{game_id}", params={"player": bob}).json()["state"]
    assert [w["word"] for w in during["you"]["words"]] == ["coats", "beets"]
    assert during["players"] == [
        {"name": "Ann", "words": 3, "done": False},
        {"name": "Bob", "words": 2, "done": False},
        {"name": "Ann (2)", "words": 0, "done": False},
    ]
    assert "tea" not in str(during) and ann not in str(during)  # Ann's words and id stay hidden from Bob
    refused = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": ann, "end": True}})
    assert refused.status_code == 400 and "a multiplayer round ends with its clock" in refused.json()["error"]

    for player in (ann, bob):
        move(api, game_id, {"player": player, "done": True})
    state = api.get(f"/api/games/{game_id}").json()["state"]
    assert state["over"] is False  # "Ann (2)" has not said done yet, and the clock runs
    assert [p["done"] for p in state["players"]] == [True, True, False]


def test_both_players_views_and_the_scoreboard_agree_number_for_number(api):
    """Issue 34 item 1: a player's own score (``you``), read by the end screen, and the scoreboard
    (``results.players``) are one value: a word both found scores for neither in both."""
    game_id = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    for player, words in ((ann, ["coats", "cat", "tea"]), (bob, ["coats", "beets"])):
        for word in words:
            move(api, game_id, {"player": player, "word": word})
    running = api.get(f"/api/games/{game_id}", params={"player": ann}).json()["state"]["you"]
    assert running == {
        "name": "Ann",
        "words": [{"word": "coats", "score": 2}, {"word": "cat", "score": 1}, {"word": "tea", "score": 1}],
        "score": 4,  # while the round is on: whether Bob has coats too is not told
        "hints": {"starts": 0, "letters": 0},
    }
    move(api, game_id, {"player": ann, "done": True})
    move(api, game_id, {"player": bob, "done": True})
    views = {
        name: api.get(f"/api/games/{game_id}", params={"player": pid}).json()["state"]
        for name, pid in (("Ann", ann), ("Bob", bob))
    }
    watcher = api.get(f"/api/games/{game_id}").json()["state"]
    assert "you" not in watcher
    board = watcher["results"]["players"]
    assert [(p["name"], p["score"]) for p in board] == [("Ann", 2), ("Bob", 2)]
    for row, (name, view) in zip(board, views.items(), strict=True):
        assert view["you"]["name"] == row["name"] == name
        assert view["results"]["players"] == board  # everyone sees the same scoreboard
        assert view["you"] == row  # and their own panel is exactly their row of it
        assert view["you"]["score"] == sum(w["score"] for w in row["words"])
        assert [w["word"] for w in view["you"]["words"] if w["shared"]] == ["coats"]


def test_multiplayer_results_strike_shared_words(api):
    game_id = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    for player, words in ((ann, ["coats", "cat", "tea"]), (bob, ["coats", "beets"])):
        for word in words:
            move(api, game_id, {"player": player, "word": word})
    move(api, game_id, {"player": ann, "done": True})
    final = move(api, game_id, {"player": bob, "done": True})["state"]
    assert final["over"] is True
    assert final["results"]["players"] == [
        {
            "name": "Ann",
            "score": 2,
            "words": [
                {"word": "coats", "score": 0, "shared": True},
                {"word": "cat", "score": 1, "shared": False},
                {"word": "tea", "score": 1, "shared": False},
            ],
            "hints": {"starts": 0, "letters": 0},
        },
        {
            "name": "Bob",
            "score": 2,
            "words": [{"word": "coats", "score": 0, "shared": True}, {"word": "beets", "score": 2, "shared": False}],
            "hints": {"starts": 0, "letters": 0},
        },
    ]
    by_word = {w["word"]: w["found_by"] for w in final["results"]["words"]}
    assert by_word["coats"] == ["Ann", "Bob"]

    first = move(api, game_id, {"player": ann, "next": True})["event"]["next"]
    again = move(api, game_id, {"player": bob, "next": True})["event"]["next"]
    assert first == again  # everyone who presses "next round" lands in the same round
    nxt = api.get(f"/api/games/{first}").json()["state"]
    assert (nxt["multiplayer"], nxt["size"], nxt["seconds"], nxt["over"], nxt["players"]) == (True, 4, 180, False, [])
    assert api.get(f"/api/games/{game_id}").json()["state"]["next"] == first


def test_done_and_end_after_the_round_is_over_are_409_and_leave_the_version(api):
    """Issue 32 item 6: each was a 200 that bumped the version (and made every view's results again)."""
    solo = new_round(api)["id"]
    me = join(api, solo, "Me")
    ended = move(api, solo, {"player": me, "end": True})
    group = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, group, "Ann"), join(api, group, "Bob")
    move(api, group, {"player": ann, "done": True})
    over = move(api, group, {"player": bob, "done": True})
    assert over["state"]["over"] is True
    for game_id, late, version in (
        (solo, {"player": me, "end": True}, ended["version"]),
        (solo, {"player": me, "done": True}, ended["version"]),
        (group, {"player": bob, "done": True}, over["version"]),
        (group, {"player": ann, "done": True}, over["version"]),
    ):
        answer = api.post(f"/api/games/{game_id}/moves", json={"move": late})
        assert answer.status_code == 409
        assert answer.json() == {"error": "the round is over already", "type": "RoundOverError"}
        assert api.get(f"/api/games/{game_id}").json()["version"] == version


def test_a_next_round_counts_against_the_new_games_limit(web_index, make_app):
    """Issue 32 item 4: join, end, next made new rounds without end from an address whose limit was
    spent. A new round takes a token as ``POST /api/games`` does; joining a round already linked does not."""
    with TestClient(make_app(web_index, new_games_per_minute=2)) as api:
        first = new_round(api, multiplayer=True)["id"]  # the first token
        ann, bob = join(api, first, "Ann"), join(api, first, "Bob")
        move(api, first, {"player": ann, "done": True})
        move(api, first, {"player": bob, "done": True})
        second = move(api, first, {"player": ann, "next": True})["event"]["next"]  # the second
        assert move(api, first, {"player": bob, "next": True})["event"]["next"] == second  # no token: linked
        me = join(api, second, "Ann")
        move(api, second, {"player": me, "done": True})
        refused = api.post(f"/api/games/{second}/moves", json={"move": {"player": me, "next": True}})
        assert refused.status_code == 429 and refused.headers["retry-after"]
        assert refused.json()["error"].startswith("at most 2 new games a minute from one address")
        assert api.get(f"/api/games/{second}").json()["state"]["next"] is None
        assert api.post("/api/games", json={"game": "boggle"}).status_code == 429


def test_a_next_round_that_loses_the_race_to_be_linked_is_deleted(api, monkeypatch):
    """Issue 31 item 4: two players ask for the next round at once; both find none linked and make
    one; the first link wins, and the other round (which nobody can reach) is deleted, not kept 24 h."""
    from wordindex.web.games import BoggleKind

    from wordindex.gamestore import GameStore

    game_id = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    move(api, game_id, {"player": ann, "done": True})
    move(api, game_id, {"player": bob, "done": True})
    first = move(api, game_id, {"player": ann, "next": True})["event"]["next"]
    made: list[str] = []
    create = GameStore.create

    def counted(self, *args, **kwargs):
        record = create(self, *args, **kwargs)
        made.append(record.id)
        return record

    monkeypatch.setattr(GameStore, "create", counted)
    # Bob read the round before Ann's link was written: he finds none and makes a round of his own.
    monkeypatch.setattr(BoggleKind, "ask_next", lambda self, state, player, now: None)
    assert move(api, game_id, {"player": bob, "next": True})["event"]["next"] == first
    assert len(made) == 1 and made[0] != first
    gone = api.get(f"/api/games/{made[0]}")
    assert gone.status_code == 404 and gone.json()["type"] == "GameNotFoundError"
    assert api.get(f"/api/games/{first}").status_code == 200


def test_a_seed_deals_the_same_board_and_the_qu_cube_survives(api):
    a = api.post("/api/games", json={"game": "boggle", "seed": 7}).json()["state"]
    b = api.post("/api/games", json={"game": "boggle", "seed": 7, "size": 4}).json()["state"]
    assert a["board"] == b["board"] == "kndeevtcsdbnzras" and a["seed"] == 7
    qu = api.post("/api/games", json={"game": "boggle", "board": "QUatsoeabtseqibxl"}).json()["state"]
    assert qu["board"] == "qatsoeabtseqibxl" and qu["seed"] is None


def test_a_round_resumes_on_a_second_app_instance(web_index, make_app):
    with TestClient(make_app(web_index)) as first:
        game_id = new_round(first)["id"]
        player = join(first, game_id, "Ann")
        move(first, game_id, {"player": player, "word": "coats"})
    with TestClient(make_app(web_index)) as second:
        state = second.get(f"/api/games/{game_id}", params={"player": player}).json()
        assert state["version"] == 2 and [w["word"] for w in state["state"]["you"]["words"]] == ["coats"]
        answer = move(second, game_id, {"player": player, "word": "tacos"})
        assert answer["version"] == 3 and answer["state"]["you"]["score"] == 4


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"game": "chess"}, 400, "unknown game 'chess': choose boggle"),
        ({}, 400, "unknown game None"),
        ({"game": "boggle", "board": "abc"}, 400, "a board needs 4, 9, 16, 25 or 36 letters (2×2 to 6×6), got 3"),
        ({"game": "boggle", "board": "ab1d"}, 400, "a board holds only the letters a-z (q for the Qu cube), not '1'"),
        ({"game": "boggle", "size": 9}, 400, "boards up to 6×6 are allowed here, not 9×9"),
        ({"game": "boggle", "rules": "house"}, 400, "unknown rules 'house': choose simple or official"),
        ({"game": "boggle", "seconds": 5}, 400, "a round lasts 10 to 3600 seconds, not 5"),
        ({"game": "boggle", "seconds": "x"}, 400, "option 'seconds' must be a whole number, not 'x'"),
        ({"game": "boggle", "colour": "red"}, 400, "unknown option 'colour'"),
        ({"game": "boggle", "dice": "loaded"}, 400, "unknown dice set 'loaded'"),
    ],
)
def test_bad_new_games_get_4xx_json_with_the_message(api, body, status, message):
    response = api.post("/api/games", json=body)
    assert response.status_code == status
    assert message in response.json()["error"]


def test_bad_board_message_is_the_clis(api, run_cli, sqlite_web_index):
    cli = run_cli(["boggle", "abc"], db=sqlite_web_index.url)
    assert cli.exit_code == 2
    api_message = api.post("/api/games", json={"game": "boggle", "board": "abc"}).json()["error"]
    assert cli.stderr.strip() == f"Error: {api_message}"


def test_bad_moves_and_unknown_games(api):
    game_id = new_round(api)["id"]
    cases = [
        ({"move": {"word": "cat"}}, 400, "unknown player: join the round first"),
        ({"move": "cat"}, 400, "a Boggle move is an object"),
        ({"move": {"join": ""}}, 400, "a player's name is 1 to 24 characters"),
        ({"nothing": 1}, 400, 'a move is {"move": ...}'),
    ]
    for body, status, message in cases:
        response = api.post(f"/api/games/{game_id}/moves", json=body)
        assert response.status_code == status, body
        assert message in response.json()["error"]
    join(api, game_id, "Ann")
    full = api.post(f"/api/games/{game_id}/moves", json={"move": {"join": "Bob"}})
    assert full.status_code == 400 and full.json()["error"] == "this is a one-player round"
    for response in (api.get("/api/games/nope"), api.post("/api/games/nope/moves", json={"move": {"end": True}})):
        assert response.status_code == 404
        assert response.json()["type"] == "GameNotFoundError"


def test_bodies_that_are_not_json_objects(api):
    for raw in (b"not json", b"[1, 2]", b"\xff\xfe"):
        response = api.post("/api/games", content=raw)
        assert response.status_code == 400
        assert response.json()["type"] == "UsageError"
    # curl's default content type is a form; the body is still read as JSON
    plain = api.post("/api/games", content=b'{"game": "boggle", "seed": 1}', headers={"content-type": "text/plain"})
    assert plain.status_code == 201


def test_a_closed_rounds_results_are_made_once_for_all_its_players(api, monkeypatch):
    # Every player of a round reads the same results (a stream each, or polls): the worker solves the
    # board and encodes its words once per game version (issue 20 item 3), and each answer is still
    # the plain encoding of its JSON, the player's own view first.
    from wordindex.web.games import BoggleKind

    solved = []
    solution = BoggleKind._solution
    monkeypatch.setattr(BoggleKind, "_solution", staticmethod(lambda *a: solved.append(1) or solution(*a)))
    game_id = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    move(api, game_id, {"player": ann, "word": "coats"})
    move(api, game_id, {"player": ann, "done": True})
    final = move(api, game_id, {"player": bob, "done": True})
    assert len(solved) == 1
    texts = [api.get(f"/api/games/{game_id}", params={"player": p}).text for p in (ann, bob, None)]
    assert len(solved) == 1  # the three reads reuse the results the last move made
    answers = [json.loads(text) for text in texts]
    assert [text == json.dumps(answer, ensure_ascii=False) for text, answer in zip(texts, answers, strict=True)] == [
        True,
        True,
        True,
    ]
    assert [a["state"].get("you", {}).get("name") for a in answers] == ["Ann", "Bob", None]
    assert [a["state"]["results"] for a in answers] == [final["state"]["results"]] * 3
    assert answers[0]["state"]["results"]["players"][0]["words"] == [{"word": "coats", "score": 2, "shared": False}]


@pytest.mark.postgres
@pytest.mark.parametrize("web_index", ["postgresql"], indirect=True)
def test_moves_go_on_once_each_after_the_database_server_ended_every_connection(api, web_index):
    """A restart of PostgreSQL (here: every connection ended) between two moves: the next move is
    played on new connections, the game store's and the index's, and counted once."""
    game_id = new_round(api)["id"]
    player = join(api, game_id, "Ann")
    assert move(api, game_id, {"player": player, "word": "coats"})["event"]["verdict"] == "accepted"
    assert end_server_processes(web_index.url) >= 2  # the index's and the store's
    answer = move(api, game_id, {"player": player, "word": "tacos"})
    assert (answer["event"]["verdict"], answer["version"]) == ("accepted", 3)
    assert [w["word"] for w in answer["state"]["you"]["words"]] == ["coats", "tacos"]


def test_moves_take_at_most_half_the_request_threads_at_once(sqlite_web_index, make_app, monkeypatch):
    """A move waits its turn on the event loop when half the worker's threads are computing moves
    (fewer threads taking turns on the interpreter lock; the other half stay free)."""
    import threading

    from wordindex.web.games import BoggleKind

    app = make_app(sqlite_web_index, threads=4)
    running, most, lock = [0], [0], threading.Lock()
    real_move = BoggleKind.move

    def counted(self, *args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            threading.Event().wait(0.05)  # long enough for the other moves to arrive meanwhile
            return real_move(self, *args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(BoggleKind, "move", counted)
    with TestClient(app) as client:
        assert app.state.move_threads.total_tokens == 2
        game_id = new_round(client, multiplayer=True)["id"]
        players = [join(client, game_id, f"P{n}") for n in range(6)]
        most[0] = 0
        answers: list[int] = []

        def play(player):
            body = {"move": {"player": player, "word": "coats"}}
            answers.append(client.post(f"/api/games/{game_id}/moves", json=body).status_code)

        threads = [threading.Thread(target=play, args=(p,)) for p in players]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert answers == [200] * 6 and 1 <= most[0] <= 2


def test_hints_are_a_players_own_moves_counted_in_the_results(api, monkeypatch):
    """Issue 34 item 4: a hint is asked with the player's own id (a secret given at join, in no view),
    answered to that player only, counted per player, shown in the results; the board is solved once
    for the round's hints and its results; after the round a hint is a 409."""
    from wordindex.web.games import BoggleKind

    solved = []
    solution = BoggleKind._solution
    monkeypatch.setattr(BoggleKind, "_solution", staticmethod(lambda *a: solved.append(1) or solution(*a)))
    game_id = new_round(api, multiplayer=True)["id"]
    ann, bob = join(api, game_id, "Ann"), join(api, game_id, "Bob")
    starts = move(api, game_id, {"player": ann, "hint": "starts"})
    assert starts["event"]["hint"] == "starts" and len(starts["event"]["starts"]) == 4
    assert sum(map(sum, starts["event"]["starts"])) >= BOARD_WORDS  # every word counts where it can start
    assert [move(api, game_id, {"player": bob, "hint": "letters"})["event"]["letters"] for _ in range(2)] == [
        "a",
        "ac",
    ]
    assert len(solved) == 1  # the round's hints read one solve
    # another player's id is a secret: no view holds one, and a made-up id is refused, changing nothing
    for view in (starts["state"], api.get(f"/api/games/{game_id}", params={"player": bob}).json()["state"]):
        assert ann not in json.dumps(view) and bob not in json.dumps(view)
    version = api.get(f"/api/games/{game_id}").json()["version"]
    stranger = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": "Ann", "hint": "starts"}})
    assert (stranger.status_code, stranger.json()["error"]) == (400, "unknown player: join the round first")
    wrong = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": ann, "hint": "answer"}})
    assert wrong.status_code == 400
    assert api.get(f"/api/games/{game_id}").json()["version"] == version
    assert api.get(f"/api/games/{game_id}", params={"player": ann}).json()["state"]["you"]["hints"] == {
        "starts": 1,
        "letters": 0,
    }
    move(api, game_id, {"player": ann, "done": True})
    final = move(api, game_id, {"player": bob, "done": True})["state"]
    assert [(p["name"], p["hints"]) for p in final["results"]["players"]] == [
        ("Ann", {"starts": 1, "letters": 0}),
        ("Bob", {"starts": 0, "letters": 2}),
    ]
    assert len(solved) == 1  # the results reuse it
    late = api.post(f"/api/games/{game_id}/moves", json={"move": {"player": ann, "hint": "letters"}})
    assert (late.status_code, late.json()["error"]) == (409, "the round is over: no more hints")
