"""Hangman and the word game through the games API (the library's sessions), on SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .apihelp import create, move


def stored_state(app, game_id):
    return app.state.store.get(game_id).state


def test_a_fair_hangman_word_never_reaches_the_client_before_the_end(api):
    game = create(api, game="hangman", chooser="random", length=4, lives=6, seed=3)
    secret = stored_state(api.app, game["id"])["word"]
    assert isinstance(secret, str) and len(secret) == 4
    state = game["state"]
    assert (state["pattern"], state["word"], state["status"], state["lives_left"]) == ("----", None, "playing", 6)

    answers = []
    for letter in dict.fromkeys(secret):  # guess the word's own letters: a win with no miss
        answer = move(api, game["id"], {"letter": letter})
        answers.append(answer)
    for answer in answers[:-1]:
        assert secret not in str(answer) or answer["state"]["pattern"] == secret
        assert answer["state"]["word"] is None
    read = api.get(f"/api/games/{game['id']}").json()
    assert read["state"]["status"] == "won" and read["state"]["word"] == secret == read["state"]["pattern"]
    assert read["version"] == len(answers)


def test_a_fair_game_read_mid_way_shows_no_secret(api):
    game = create(api, game="hangman", chooser="random", length=5, lives=6, seed=11)
    secret = stored_state(api.app, game["id"])["word"]
    missing = next(ch for ch in "zqxjkvwyfbghmpcdulnotsriae" if ch not in secret)
    answer = move(api, game["id"], missing)  # a string move is hangman's usual one
    assert answer["event"]["occurrences"] == 0 and answer["state"]["lives_left"] == 5
    body = api.get(f"/api/games/{game['id']}").text
    assert secret not in body and '"word":null' in body.replace(" ", "")


def test_an_evil_game_names_a_consistent_word_and_how_many_were_possible(api):
    game = create(api, game="hangman", chooser="evil", length=4, lives=2, seed=1)
    state = game["state"]
    for letter in "zqxjkvwy":
        if state["status"] != "playing":
            break
        state = move(api, game["id"], {"letter": letter})["state"]
    assert state["status"] == "lost"
    word = state["word"]
    assert len(word) == 4 and not set(word) & set(state["missed_letters"])
    assert isinstance(state["candidates"], int) and state["candidates"] >= 1


def test_bad_hangman_games_and_moves(api):
    for body, message in (
        ({"game": "hangman", "chooser": "evil", "length": 99}, "option 'length' must be 1 to 63 here, not 99"),
        ({"game": "hangman", "chooser": "psychic", "length": 4}, "psychic"),
        ({"game": "hangman", "chooser": "evil", "length": 4, "lives": "six"}, "option 'lives' must be a whole number"),
    ):
        response = api.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert message in response.json()["error"]
    game = create(api, game="hangman", chooser="evil", length=4)
    move(api, game["id"], {"letter": "e"})
    for bad in ({"letter": "e"}, {"letter": "1"}, {"letter": "ab"}, {"action": "fly"}):
        response = api.post(f"/api/games/{game['id']}/moves", json={"move": bad})
        assert response.status_code == 400, bad
        assert response.json()["type"] in ("BadGuessError", "BadMoveError")
    assert api.get(f"/api/games/{game['id']}").json()["version"] == 1


def test_giving_up_names_the_word(api):
    game = create(api, game="hangman", chooser="random", length=4, seed=5)
    secret = stored_state(api.app, game["id"])["word"]
    answer = move(api, game["id"], {"action": "end"})
    assert answer["state"]["status"] == "lost" and answer["state"]["word"] == secret


def test_a_hangman_game_resumes_on_a_second_app(web_index, make_app):
    with TestClient(make_app(web_index)) as first:
        game = create(first, game="hangman", chooser="evil", length=4, seed=2)
        move(first, game["id"], {"letter": "e"})
    with TestClient(make_app(web_index)) as second:
        answer = move(second, game["id"], {"letter": "o"})
        assert answer["version"] == 2 and answer["state"]["guessed"] == "eo"


def test_a_word_game_hand_from_deal_to_total(api):
    game = create(api, game="wordgame", hands=1, hand_size=7, seed=4)
    state = game["state"]
    assert (state["phase"], state["hands"], state["hand_number"], state["total"]) == ("substitute", 1, 1, 0)
    assert len(state["hand"]) == 7 and "*" in state["hand"]
    hand = state["hand"]
    best = api.get("/api/best-word", params={"hand": hand}).json()
    kept = move(api, game["id"], {"action": "keep"})
    assert kept["state"]["phase"] == "play"
    invalid = move(api, game["id"], {"action": "play", "word": "zzzzz"})
    assert [line["kind"] for line in invalid["event"]["lines"]][0] == "invalid"
    stopped = move(api, game["id"], {"action": "stop"})
    assert stopped["state"]["phase"] == "replay"
    replayed = move(api, game["id"], {"action": "replay"})
    assert replayed["state"]["phase"] == "play" and replayed["state"]["hand"] == hand
    if best["word"]:
        scored = move(api, game["id"], {"action": "play", "word": best["word"]})
        assert scored["event"]["lines"][0]["kind"] == "scored"
        assert scored["state"]["hand_score"] == best["score"]
    final = move(api, game["id"], {"action": "stop"})["state"]
    assert final["over"] is True and final["total"] == (best["score"] if best["word"] else 0)
    assert final["records"][0]["scores"] == [0, final["total"]]


def test_word_game_substitution_and_bad_moves(api):
    game = create(api, game="wordgame", hands=2, seed=9)
    hand = game["state"]["hand"]
    letter = next(ch for ch in hand if ch != "*")
    substituted = move(api, game["id"], {"action": "substitute", "letter": letter})
    assert substituted["state"]["phase"] == "play" and substituted["state"]["substitution_used"] is True
    refused = api.post(f"/api/games/{game['id']}/moves", json={"move": {"action": "replay"}})
    assert refused.status_code == 400 and "not a move now" in refused.json()["error"]
    too_big = api.post("/api/games", json={"game": "wordgame", "hand_size": 500})
    assert too_big.status_code == 400
    assert too_big.json()["error"] == "option 'hand_size' must be 1 to 20 here, not 500"


def test_hangman_difficulty_picks_by_word_level(index_factory, make_app, tmp_path):
    from wordindex.index.location import parse_location

    source = tmp_path / "levels.txt"
    source.write_text(
        "".join(f"{w}\t{level}\n" for w, level in [("cool", 10), ("good", 10), ("oryx", 70), ("ibex", 70)])
    )
    levels = parse_location(str(index_factory("web-levels", path=source)))
    with TestClient(make_app(levels)) as client:
        for seed in range(12):
            game = create(client, game="hangman", chooser="random", length=4, seed=seed, difficulty="hard")
            assert stored_state(client.app, game["id"])["word"] in {"oryx", "ibex"}
            assert game["state"]["word"] is None


def test_hangman_difficulty_on_an_index_without_levels_and_the_optimal_chooser_are_refused(api):
    response = api.post("/api/games", json={"game": "hangman", "chooser": "evil", "length": 4, "difficulty": "easy"})
    assert response.status_code == 400 and "has no word levels" in response.json()["error"]
    response = api.post("/api/games", json={"game": "hangman", "chooser": "optimal", "length": 4})
    assert response.status_code == 400 and "optimal chooser is not served" in response.json()["error"]
