"""The game as state machines, replayed against the problem set's transcripts."""

import pytest
from wordgame_transcripts import PROBLEM_6, PROBLEM_6_ANSWERS, WORDS, PicksA, TranscriptDeal

from wordindex.errors import UsageError
from wordindex.index.core import open_index
from wordindex.wordgame import (
    BadEntryError,
    HandPlay,
    Phase,
    WordGame,
    best_word,
    deal_hand,
    display_hand,
    parse_hand,
    play_game,
    play_hand,
)
from wordindex.wordgame.game import hand_rng


@pytest.fixture(scope="module")
def index(index_factory):
    with open_index(index_factory("wordgame-game", WORDS)) as ix:
        yield ix


def _problem_6_game(words):
    deal = TranscriptDeal("a c i * p r t", "d d * l o u t")
    return play_game(words, PROBLEM_6_ANSWERS, rng=PicksA(0), deal=deal)


@pytest.mark.parametrize("words_kind", ["index", "set"])
def test_problem_6_transcript_line_for_line(index, words_kind):
    game = _problem_6_game(index if words_kind == "index" else set(WORDS))
    assert game.over and game.total == 288
    shown = [line for line in game.transcript if not line.startswith("Best word for this hand: ")]
    assert shown == PROBLEM_6
    assert [r.scores for r in game.records] == [[198], [27, 90]]
    assert [r.score for r in game.records] == [198, 90]


def test_best_word_shown_after_each_hand_for_the_hand_as_played(index):
    game = _problem_6_game(index)
    best_lines = [i for i, line in enumerate(game.transcript) if line.startswith("Best word for this hand: ")]
    assert len(best_lines) == 2
    # after the first hand's replay question, and after the second hand's replay
    assert game.transcript[best_lines[0] - 1] == "Would you like to replay the hand? no"
    assert game.transcript[best_lines[1] - 1] == "Total score for this hand: 90"
    # tapir: (1+1+3+1+1) * (35 - 6) = 203, ahead of pita/trap/part
    assert game.transcript[best_lines[0]] == 'Best word for this hand: "tapir" for 203 points'
    assert game.records[1].hand == parse_hand("dd*aout")  # the substituted hand
    assert game.records[1].best == best_word(parse_hand("dd*aout"), index)
    # dodo needs the wildcard for its second o; it ties with toad at 95 and wins alphabetically
    assert game.transcript[best_lines[1]] == 'Best word for this hand: "d*do" (dodo) for 95 points'


def test_problem_6_transcript_with_the_mit_word_list(index_factory, wordlist):
    mit = index_factory("wordgame-mit", path=wordlist("mit_words.txt"))
    with open_index(mit) as ix:
        game = _problem_6_game(ix)
    assert [line for line in game.transcript if not line.startswith("Best word")] == PROBLEM_6


# Problem 5's examples: play_hand with the prompt/score lines of that problem.
@pytest.mark.parametrize(
    ("hand", "entries", "results", "total"),
    [
        (
            "ajef*rx",
            ["jar", "f*x", "!!"],
            [("scored", 90, 90, "* f x e"), ("scored", 216, 306, "e"), ("stopped", 0, 306, "e")],
            306,
        ),
        (
            "acfi*tx",
            ["fix", "ac", "*t"],
            [("scored", 117, 117, "a c t *"), ("invalid", 0, 117, "t *"), ("scored", 14, 131, "")],
            131,
        ),
        ("cows*z", ["cows", "!!"], [("scored", 198, 198, "* z"), ("stopped", 0, 198, "* z")], 198),
        ("cows*z", ["c*ws", "!!"], [("scored", 176, 176, "o z"), ("stopped", 0, 176, "o z")], 176),
        ("cows*z", ["c*wz", "!!"], [("invalid", 0, 0, "o s"), ("stopped", 0, 0, "o s")], 0),
        ("cows*z", ["*ows", "!!"], [("invalid", 0, 0, "c z"), ("stopped", 0, 0, "c z")], 0),
    ],
)
def test_problem_5_and_wildcard_examples(index, hand, entries, results, total):
    # the handout's display order of "a j e f * r x" after "jar" is "* f x e"; ours keeps the hand's order
    start = parse_hand(hand)
    play = HandPlay(start, index)
    got = []
    for entry in entries:
        result = play.play(entry)
        got.append((result.kind, result.points, result.total, sorted(display_hand(result.hand).split())))
    assert got == [(k, p, t, sorted(h.split())) for k, p, t, h in results]
    assert play.over
    assert play.ran_out == (entries[-1] != "!!")
    assert play_hand(start, index, entries) == total
    assert start == parse_hand(hand)


def test_hand_play_refuses_bad_entries_without_spending_letters(index):
    play = HandPlay(parse_hand("cows*z"), index)
    for bad in ["", "  ", "c0ws", "c w", "!"]:
        with pytest.raises(BadEntryError):
            play.play(bad)
    assert play.hand == parse_hand("cows*z") and play.entries == []
    play.play("COWS")
    assert play.total == 198
    play.play("!!")
    with pytest.raises(UsageError, match="over"):
        play.play("z")


def test_one_substitution_and_one_replay_per_game(index):
    game = WordGame(index, hands=3, rng=11)
    game.start()
    game.answer("yes")
    game.answer(next(c for c in game.hand if c != "*"))
    for answer in ["!!", "yes", "!!", "!!", "!!"]:
        game.answer(answer)
    text = "\n".join(game.transcript)
    assert text.count("Would you like to substitute a letter?") == 1
    assert text.count("Would you like to replay the hand?") == 1
    assert game.over and len(game.records) == 3
    assert game.transcript[-1] == "Total score over all hands: 0"


def test_retry_lines_keep_the_question(index):
    game = WordGame(index, hand_size=4, rng=3)
    assert game.start() == []
    assert game.phase is Phase.HANDS and game.prompt == "Enter total number of hands: "
    for bad in ["", "two", "-1", "0", "1.5", "٣"]:
        (line,) = game.answer(bad)
        assert line.kind == "retry" and line.text == "Please enter a whole number of hands, 1 or more."
        assert game.phase is Phase.HANDS
    lines = game.answer(" 1 ")
    assert [line.kind for line in lines] == ["hand"] and game.phase is Phase.SUBSTITUTE
    assert game.answer("perhaps")[0].text == "Please answer yes or no."
    game.answer("Y")
    assert game.phase is Phase.LETTER
    assert game.answer("*")[0].text == "The wildcard * cannot be replaced; choose a letter of the hand."
    assert game.answer("ab")[0].text == "Please enter one letter of the hand."
    missing = next(c for c in "zqxjkvbw" if c not in game.hand)
    assert game.answer(missing)[0].text == f"The hand holds no '{missing}'; choose a letter of the hand."
    assert game.phase is Phase.LETTER
    held = next(c for c in game.hand if c != "*")
    before = dict(game.hand)
    game.answer(held)
    assert game.phase is Phase.PLAY and held not in game.hand and sum(game.hand.values()) == sum(before.values())
    assert game.answer("12")[0].kind == "retry"
    game.answer("!!")
    assert game.phase is Phase.REPLAY
    assert game.answer("sure")[0].kind == "retry"
    lines = game.answer("n")
    assert [line.kind for line in lines] == ["best", "separator", "total"]
    assert game.over and game.prompt == ""
    with pytest.raises(UsageError):
        game.answer("x")


def test_hands_given_skip_the_question_and_deals_are_seeded(index):
    a = WordGame(index, hands=2, hand_size=7, rng=99)
    b = WordGame(index, hands=2, hand_size=7, rng=99)
    assert a.start() == b.start()
    assert a.phase is Phase.SUBSTITUTE
    assert a.hand == deal_hand(7, rng=hand_rng(99, 1, "deal"))  # each deal: its own seeded source


def test_hand_that_runs_out_ends_by_itself(index):
    game = play_game(index, ["no", "at", "no"], hands=1, deal=TranscriptDeal("a t"), hand_size=2)
    assert game.transcript == [
        "Current hand: a t",
        "Would you like to substitute a letter? no",
        "Current hand: a t",
        "Please enter a word or '!!' to indicate you are done: at",
        '"at" earned 28 points. Total: 28 points',
        "Ran out of letters",
        "Total score for this hand: 28",
        "Would you like to replay the hand? no",
        'Best word for this hand: "at" for 28 points',
        "-----",
        "Total score over all hands: 28",
    ]


@pytest.mark.parametrize("kwargs", [{"hands": 0}, {"hand_size": 0}, {"hands": -3}])
def test_game_refuses_sizes_below_one(index, kwargs):
    with pytest.raises(UsageError):
        WordGame(index, **kwargs)
