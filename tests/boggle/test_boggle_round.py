"""The timed Boggle round session: the clock, joining, verdicts, the results and their strike-out rule."""

from __future__ import annotations

import pytest

from wordindex.boggle.round import (
    GRACE_SECONDS,
    BoggleRound,
    PlayerError,
    RoundOverError,
    RoundRunningError,
    RoundSettings,
)
from wordindex.errors import UsageError
from wordindex.index.core import open_index

WORDS = ["cat", "cats", "coat", "coats", "act", "acts", "taco", "tacos", "tea", "eat", "seat", "east"]
BOARD = "catsoeabtseqibxl"


@pytest.fixture(scope="module")
def index(index_factory):
    with open_index(index_factory("round", WORDS)) as index:
        yield index


def test_the_clock_ends_the_round(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, seconds=60), now=1000.0)
    player = game.move({"join": "Ann"}, index, now=1000.0)["joined"]
    assert game.seconds_left(1030.0) == 30.0 and not game.over(1059.9)
    assert game.move({"player": player, "word": "coat"}, index, now=1059.0)["verdict"] == "accepted"
    assert game.over(1060.0)
    # a word sent just before the end and arriving within the grace still counts
    assert game.move({"player": player, "word": "cats"}, index, now=1060.0 + GRACE_SECONDS / 2)["verdict"] == "accepted"
    with pytest.raises(RoundOverError):
        game.move({"player": player, "word": "taco"}, index, now=1060.0 + GRACE_SECONDS + 0.1)
    with pytest.raises(RoundOverError):
        game.move({"join": "Bob"}, index, now=1061.0)


def test_state_round_trips_and_views_hide_what_they_should(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    ann = game.move({"join": "Ann"}, index, now=1.0)["joined"]
    bob = game.move({"join": "Bob"}, index, now=1.0)["joined"]
    game.move({"player": ann, "word": "coats"}, index, now=2.0)
    again = BoggleRound.resume(game.state())
    assert again.state() == game.state()
    bob_view = again.view(now=3.0, player_id=bob)
    assert bob_view["you"] == {"name": "Bob", "words": [], "score": 0, "hints": {"starts": 0, "letters": 0}}
    assert bob_view["players"][0] == {"name": "Ann", "words": 1, "done": False}
    assert ann not in str(bob_view) and "results" not in bob_view


def test_results_strike_shared_words_only_with_several_players(index):
    solo = BoggleRound.new(RoundSettings(board=BOARD), now=0.0)
    me = solo.move({"join": "Me"}, index, now=0.0)["joined"]
    solo.move({"player": me, "word": "coats"}, index, now=1.0)
    solution = solve_board(index, solo)
    assert solo.results(solution)["players"][0]["score"] == 2
    duo = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    a = duo.move({"join": "A"}, index, now=0.0)["joined"]
    b = duo.move({"join": "B"}, index, now=0.0)["joined"]
    for player in (a, b):
        duo.move({"player": player, "word": "coats"}, index, now=1.0)
    duo.move({"player": a, "word": "cat"}, index, now=1.0)
    results = duo.results(solve_board(index, duo))
    assert [p["score"] for p in results["players"]] == [1, 0]
    assert results["players"][1]["words"] == [{"word": "coats", "score": 0, "shared": True}]


def test_two_players_sharing_a_word_are_told_one_score_everywhere(index):
    """Issue 34 item 1: the end screen ("you scored") read a sum of the player's words while the
    scoreboard struck the shared one; both now read ``BoggleRound.scores``."""
    duo = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True, seconds=60), now=0.0)
    ana = duo.move({"join": "Ana"}, index, now=0.0)["joined"]
    ben = duo.move({"join": "Ben"}, index, now=0.0)["joined"]
    for player, words in ((ana, ["coats", "cat", "tea"]), (ben, ["coats", "tacos"])):
        for word in words:
            assert duo.move({"player": player, "word": word}, index, now=1.0)["verdict"] == "accepted"
    # while the round is on, a player's own score counts every word: sharing is not known (nor told) yet
    assert duo.view(now=2.0, player_id=ana)["you"] == {
        "name": "Ana",
        "words": [{"word": "coats", "score": 2}, {"word": "cat", "score": 1}, {"word": "tea", "score": 1}],
        "score": 4,
        "hints": {"starts": 0, "letters": 0},
    }
    closed = 60.0 + GRACE_SECONDS
    solution = solve_board(index, duo)
    board = duo.results(solution)["players"]
    assert board == [
        {
            "name": "Ana",
            "words": [
                {"word": "coats", "score": 0, "shared": True},
                {"word": "cat", "score": 1, "shared": False},
                {"word": "tea", "score": 1, "shared": False},
            ],
            "score": 2,
            "hints": {"starts": 0, "letters": 0},
        },
        {
            "name": "Ben",
            "words": [{"word": "coats", "score": 0, "shared": True}, {"word": "tacos", "score": 2, "shared": False}],
            "score": 2,
            "hints": {"starts": 0, "letters": 0},
        },
    ]
    for player, row in ((ana, board[0]), (ben, board[1])):
        view = duo.view(now=closed, player_id=player, solution=solution)
        assert view["you"] == row == view["results"]["players"][[ana, ben].index(player)]
    assert [(p.name, p.score) for p in duo.scores()] == [("Ana", 2), ("Ben", 2)]


def test_final_scores_strike_shared_words_under_either_rule_set():
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.scores import final_scores, running_score

    players = [("Ana", ["coats", "tacos"]), ("Ben", ["coats"]), ("Cy", [])]
    for rules, points in (("official", 2), ("simple", 2)):
        scored = final_scores(get_rules(rules), players)
        assert [(p.name, p.score) for p in scored] == [("Ana", points), ("Ben", 0), ("Cy", 0)]
        assert [(w.word, w.points, w.shared, w.score) for w in scored[0].words] == [
            ("coats", points, True, 0),
            ("tacos", points, False, points),
        ]
    alone = final_scores(get_rules("official"), [("Ana", ["coats", "cat"])])
    assert alone[0].score == 3 and not any(w.shared for w in alone[0].words)
    assert running_score(get_rules("official"), "Ana", ["coats", "cat"]).to_json() == {
        "name": "Ana",
        "words": [{"word": "coats", "score": 2}, {"word": "cat", "score": 1}],
        "score": 3,
    }


def solve_board(index, game):
    from wordindex.boggle import engine
    from wordindex.boggle.store import load_trie

    return engine.solve_board(load_trie(index), game.board, game.rules)


def test_bad_rounds_and_moves(index):
    with pytest.raises(UsageError, match="a round lasts 10 to 3600 seconds, not 5"):
        BoggleRound.new(RoundSettings(seconds=5), now=0.0)
    with pytest.raises(UsageError, match="boards up to 4×4 are allowed here, not 5×5"):
        BoggleRound.new(RoundSettings(size=5), now=0.0, max_size=4)
    game = BoggleRound.new(RoundSettings(seed=7), now=0.0)
    assert game.board.text == "kndeevtcsdbnzras"
    with pytest.raises(PlayerError, match="unknown player"):
        game.move({"player": "x", "word": "cat"}, index, now=1.0)
    with pytest.raises(PlayerError, match="a player's name is 1 to 24 characters"):
        game.move({"join": "x" * 25}, index, now=1.0)
    group = BoggleRound.new(RoundSettings(multiplayer=True), now=0.0)
    ann = group.move({"join": "Ann"}, index, now=0.0)["joined"]
    with pytest.raises(UsageError, match="a multiplayer round ends with its clock"):
        group.move({"player": ann, "end": True}, index, now=1.0)


# -- whoever has the link (issue 23): moves that change the round for others name a joined player --


def test_ending_a_one_player_round_needs_its_player(index):
    game = BoggleRound.new(RoundSettings(board=BOARD), now=0.0)
    with pytest.raises(PlayerError, match="unknown player"):
        game.move({"end": True}, index, now=1.0)
    me = game.move({"join": "Me"}, index, now=1.0)["joined"]
    for stranger in (None, "not-me"):
        with pytest.raises(PlayerError, match="unknown player"):
            game.move({"player": stranger, "end": True}, index, now=2.0)
    assert not game.over(2.0)
    assert game.move({"player": me, "end": True}, index, now=2.0) == {"ended": True}
    assert game.over(2.0)


def test_done_is_final(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    ann = game.move({"join": "Ann"}, index, now=0.0)["joined"]
    game.move({"join": "Bob"}, index, now=0.0)
    assert game.move({"player": ann, "word": "cat"}, index, now=1.0)["verdict"] == "accepted"
    game.move({"player": ann, "done": True}, index, now=2.0)
    with pytest.raises(RoundOverError, match="you are done in this round: no more words"):
        game.move({"player": ann, "word": "coats"}, index, now=3.0)
    assert game.state()["players"][0]["words"] == ["cat"]


def test_a_round_that_is_over_takes_no_more_done_or_end(index):
    """Issue 32 item 6: once over (by the clock, by everyone done, or ended), ``done`` and ``end`` are
    refused as late words are, and leave the state as it was."""
    solo = BoggleRound.new(RoundSettings(board=BOARD, seconds=60), now=0.0)
    me = solo.move({"join": "Me"}, index, now=0.0)["joined"]
    assert solo.move({"player": me, "end": True}, index, now=1.0) == {"ended": True}
    for late in ({"player": me, "end": True}, {"player": me, "done": True}):
        with pytest.raises(RoundOverError, match="^the round is over already$"):
            solo.move(late, index, now=2.0)
    group = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True, seconds=60), now=0.0)
    ann = group.move({"join": "Ann"}, index, now=0.0)["joined"]
    bob = group.move({"join": "Bob"}, index, now=0.0)["joined"]
    before = group.state()
    with pytest.raises(RoundOverError, match="^the round is over already$"):  # the clock ran out
        group.move({"player": ann, "done": True}, index, now=61.0)
    assert group.state() == before
    group.move({"player": ann, "done": True}, index, now=1.0)
    assert group.move({"player": bob, "done": True}, index, now=2.0) == {"done": True}  # the last one ends it
    with pytest.raises(RoundOverError, match="^the round is over already$"):
        group.move({"player": bob, "done": True}, index, now=3.0)


def test_the_next_round_is_asked_for_by_a_player_once_the_round_is_over_and_linked_by_the_server(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True, seconds=60), now=0.0)
    ann = game.move({"join": "Ann"}, index, now=0.0)["joined"]
    with pytest.raises(UsageError, match="ask for the next round with"):
        game.move({"next": "a-round-of-my-choosing"}, index, now=1.0)
    with pytest.raises(PlayerError, match="unknown player"):
        game.ask_next(None, now=61.0)
    with pytest.raises(RoundRunningError, match="the round is still on"):
        game.ask_next(ann, now=59.0)
    assert game.ask_next(ann, now=60.0) is None
    assert game.link_next("made-by-the-server") == "made-by-the-server"
    assert game.link_next("a-second-one") == "made-by-the-server"  # the first link wins
    assert game.ask_next(ann, now=61.0) == "made-by-the-server"


def test_the_results_wait_until_no_late_word_can_count(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, seconds=60), now=0.0)
    me = game.move({"join": "Me"}, index, now=0.0)["joined"]
    solution = solve_board(index, game)
    at_the_bell = game.view(now=60.0, player_id=me, solution=solution)
    assert at_the_bell["over"] is True and "results" not in at_the_bell and not game.closed(60.0)
    # a word still on its way counts, so the solution must not be out yet
    assert game.move({"player": me, "word": "coats"}, index, now=60.0 + GRACE_SECONDS / 2)["verdict"] == "accepted"
    after = game.view(now=60.0 + GRACE_SECONDS, player_id=me, solution=solution)
    assert game.closed(60.0 + GRACE_SECONDS) and after["results"]["players"][0]["score"] == 2


@pytest.mark.parametrize(
    "name",
    ["Ann\u200b", "\u202eAnn", "A\x00nn", "Ann\u2060", "\ufeffAnn", "A\udb40\udc01nn", "\U000e0041nn"],
)
def test_names_with_control_or_format_characters_are_refused(index, name):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    with pytest.raises(PlayerError, match="a player's name has no control, format or unassigned characters"):
        game.move({"join": name}, index, now=0.0)


def test_names_are_normalised_and_told_apart_without_case(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    shown = [
        game.move({"join": name}, index, now=0.0)["name"]
        for name in ("Ann", "ann", " ANN\u00a0", "Ann (2)", "Ren\u0065\u0301e", "  Ann   Lee ", "Ann\tLee")
    ]
    assert shown == ["Ann", "ann (2)", "ANN (3)", "Ann (2) (2)", "Ren\u00e9e", "Ann Lee", "Ann Lee (2)"]


def test_names_that_look_alike_are_told_apart(index):
    """Issue 32 item 7: names whose UTS #39 skeletons meet are one name, as names equal without case are."""
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    typed = [
        "Ana",
        "\u0410na",  # Cyrillic capital A
        "\u0430NA",  # Cyrillic small a
        "Ana\u034f",  # and a combining grapheme joiner, which shows nothing
        "\uff21na",  # fullwidth A
        "AI",  # capital i ...
        "Al",  # ... and a small L
        "ai",  # lower case: these two look different
        "al",
        "Anna",
    ]
    shown = [game.move({"join": name}, index, now=0.0)["name"] for name in typed]
    assert shown == [
        "Ana",
        "\u0410na (2)",
        "\u0430NA (3)",
        "Ana\u034f (4)",
        "\uff21na (5)",
        "AI",
        "Al (2)",
        "ai (2)",
        "al (3)",
        "Anna",
    ]


NAMES = ["Ann", 'Zoë "Z"', "back\\slash", "tab\there", "Ann"]


@pytest.mark.parametrize("engine_name", ["compiled", "python"])
@pytest.mark.parametrize("players", [1, 2, 5])
def test_the_results_text_is_the_results_encoded(index, engine_name, players):
    """``results_text`` writes the board's words straight from the solution: the same characters as
    ``json.dumps(results)``, names needing escapes, words found by one, several or nobody included."""
    import json
    import random

    from wordindex.boggle import engine
    from wordindex.boggle.store import load_trie

    rng = random.Random(players)
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=players > 1), now=0.0)
    solution = engine.solve_board(load_trie(index), game.board, game.rules, engine.Engine(engine_name))
    ids = [game.move({"join": NAMES[n]}, index, now=0.0)["joined"] for n in range(players)]
    for player in ids:
        for word in rng.sample(list(solution.texts), 4):
            game.move({"player": player, "word": word}, index, now=1.0)
    results = game.results(solution)
    assert {w["word"] for w in results["words"] if len(w["found_by"]) > 1} or players == 1
    assert game.results_text(solution) == json.dumps(results, ensure_ascii=False)


def test_the_results_text_of_a_board_with_no_word(index):
    import json

    from wordindex.boggle import engine
    from wordindex.boggle.store import load_trie

    game = BoggleRound.new(RoundSettings(board="x" * 16), now=0.0)
    game.move({"join": "Ann"}, index, now=0.0)
    solution = engine.solve_board(load_trie(index), game.board, game.rules, engine.Engine.COMPILED)
    assert game.results_text(solution) == json.dumps(game.results(solution), ensure_ascii=False)
    assert json.loads(game.results_text(solution))["words"] == []


# -- hints ----------------------------------------------------------------------------------------
#
#   c a t s     The words on BOARD: cat cats coat coats east eat seat taco tacos tea ("act" is not:
#   o e a b     no t touches the c). "eat" and "east" start at both e's (row 1 and row 2), "tea" at
#   t s e q     the t of row 0 and of row 2, "seat" at the s of row 2 only (no e touches the s of
#   i b x l     row 0): 13 starts for 10 words.


def test_the_starts_hint_counts_the_unfound_words_starting_at_each_cell(index):
    game = BoggleRound.new(RoundSettings(board=BOARD), now=0.0)
    me = game.move({"join": "Me"}, index, now=0.0)["joined"]
    solution = solve_board(index, game)
    hint = game.move({"player": me, "hint": "starts"}, index, now=1.0, solution=solution)
    assert hint == {"hint": "starts", "starts": [[4, 0, 3, 0], [0, 2, 0, 0], [1, 1, 2, 0], [0, 0, 0, 0]]}
    for word in ("cat", "cats", "coat", "coats", "eat"):
        game.move({"player": me, "word": word}, index, now=2.0)
    hint = game.move({"player": me, "hint": "starts"}, index, now=3.0, solution=solution)
    assert hint["starts"] == [[0, 0, 3, 0], [0, 1, 0, 0], [1, 1, 1, 0], [0, 0, 0, 0]]
    assert game.view(now=3.0, player_id=me)["you"]["hints"] == {"starts": 2, "letters": 0}


def test_the_letters_hint_grows_one_letter_at_a_time_never_to_the_whole_word(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, multiplayer=True), now=0.0)
    ann = game.move({"join": "Ann"}, index, now=0.0)["joined"]
    bob = game.move({"join": "Bob"}, index, now=0.0)["joined"]
    solution = solve_board(index, game)

    def letters(player):
        return game.move({"player": player, "hint": "letters"}, index, now=1.0, solution=solution)["letters"]

    # shortest first, then alphabetically: cat eat tea cats coat east seat taco coats tacos
    assert [letters(ann) for _ in range(4)] == ["c", "ca", "e", "ea"]  # never "cat": then the next word
    game.move({"player": ann, "word": "eat"}, index, now=2.0)
    assert letters(ann) == "t"  # the word told of is found: the next one, "tea"
    assert letters(bob) == "c"  # each player's hints are their own
    views = game.view(now=3.0, player_id=ann), game.view(now=3.0, player_id=bob)
    assert [v["you"]["hints"] for v in views] == [{"starts": 0, "letters": 5}, {"starts": 0, "letters": 1}]
    results = game.results(solution)
    assert [p["hints"] for p in results["players"]] == [{"starts": 0, "letters": 5}, {"starts": 0, "letters": 1}]


def test_hints_are_for_joined_players_while_the_round_is_on(index):
    game = BoggleRound.new(RoundSettings(board=BOARD, seconds=60), now=0.0)
    me = game.move({"join": "Me"}, index, now=0.0)["joined"]
    solution = solve_board(index, game)
    with pytest.raises(PlayerError):
        game.move({"player": "someone-else", "hint": "starts"}, index, now=1.0, solution=solution)
    with pytest.raises(UsageError):
        game.move({"player": me, "hint": "answer"}, index, now=1.0, solution=solution)
    with pytest.raises(RoundOverError):
        game.move({"player": me, "hint": "starts"}, index, now=60.0, solution=solution)
    assert game.view(now=61.0, player_id=me)["you"]["hints"] == {"starts": 0, "letters": 0}


def test_the_letters_hint_says_when_every_word_is_found(index):
    game = BoggleRound.new(RoundSettings(board=BOARD), now=0.0)
    me = game.move({"join": "Me"}, index, now=0.0)["joined"]
    solution = solve_board(index, game)
    for word in solution.texts:
        game.move({"player": me, "word": word}, index, now=1.0)
    hint = game.move({"player": me, "hint": "letters"}, index, now=2.0, solution=solution)
    assert hint == {"hint": "letters", "letters": None}
    assert game.move({"player": me, "hint": "starts"}, index, now=2.0, solution=solution)["starts"] == [[0] * 4] * 4
    assert game.view(now=2.0, player_id=me)["you"]["hints"] == {"starts": 1, "letters": 0}
