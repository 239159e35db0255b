"""``wordindex best-word`` and ``wordindex play wordgame`` through the CLI runner."""

import json

import pytest
from wordgame_transcripts import PROBLEM_6, PROBLEM_6_ANSWERS, WORDS, PicksA, TranscriptDeal

import wordindex.wordgame.session as wordgame
from wordindex.index.core import open_index
from wordindex.wordgame import best_word, deal_hand, display_hand, get_word_score
from wordindex.wordgame.game import hand_rng

DICTIONARY = sorted(set(WORDS) | {"cozes", "zoic", "zoos", "scow", "coz", "wiz"})


@pytest.fixture(scope="module")
def db(index_factory):
    return index_factory("wordgame-cli", DICTIONARY)


def lines(result):
    """The game's lines after the short rules screen (its first paragraph)."""
    shown = result.stdout.splitlines()
    assert shown[0].startswith("The word game (MIT 6.0001 problem set 3).")
    return shown[shown.index("") + 1 :]


# -- best-word ------------------------------------------------------------------


def test_best_word_text(run_cli, db):
    result = run_cli(["best-word", "cows*z"], db=db)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "coz*s 480 (cozes)\n"
    assert result.stderr == ""
    assert run_cli(["best-word", "COWS"], db=db).stdout == "cows 252\n"  # n = 4: 9 * 28


def test_best_word_json(run_cli, db):
    result = run_cli(["best-word", "cows*z", "--json"], db=db)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "hand": "cows*z",
        "word": "coz*s",
        "spelled": "cozes",
        "score": 480,
        "spellings": {},
    }


def test_best_word_all(run_cli, db):
    result = run_cli(["best-word", "cows*z", "--all", "--json"], db=db)
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["hand"] == "cows*z"
    words = data["words"]
    assert words[0] == {"word": "coz*s", "spelled": "cozes", "score": 480}
    assert {"word": "c*ws", "spelled": "caws", "score": 176} in words
    assert {"word": "cows", "spelled": "cows", "score": 198} in words
    assert [w["score"] for w in words] == sorted((w["score"] for w in words), reverse=True)
    text = run_cli(["best-word", "cows*z", "--all"], db=db)
    assert text.stdout.splitlines()[:4] == ["coz*s 480 (cozes)", "zo*c 308 (zoic)", "z*os 264 (zoos)", "cows 198"]
    assert len(text.stdout.splitlines()) == len(words)


def test_best_word_nothing_playable_exits_1(run_cli, db):
    result = run_cli(["best-word", "qzx"], db=db)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == "no word can be made from the hand qzx\n"
    result = run_cli(["best-word", "qzx", "--json"], db=db)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"hand": "qzx", "word": None, "spelled": None, "score": 0, "spellings": {}}
    result = run_cli(["best-word", "qzx", "--all", "--json"], db=db)
    assert result.exit_code == 1 and json.loads(result.stdout) == {"hand": "qzx", "words": [], "spellings": {}}


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("ab1", "Error: the hand 'ab1' has '1': use only letters a-z and * for the wildcard\n"),
        ("co?s", "Error: the hand 'co?s' has '?': use only letters a-z and * for the wildcard\n"),
        ("", "Error: the hand is empty: give its letters, with * for the wildcard (e.g. cows*z)\n"),
        ("  ", "Error: the hand is empty: give its letters, with * for the wildcard (e.g. cows*z)\n"),
    ],
)
def test_best_word_bad_hands(run_cli, db, hand, message):
    result = run_cli(["best-word", hand], db=db)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message


def test_best_word_without_index(run_cli, tmp_path):
    result = run_cli(["best-word", "cows"], db=tmp_path / "none.db")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: no word index at ") and result.stderr.count("\n") == 1


@pytest.mark.postgres
def test_best_word_same_on_postgresql(run_cli, db, pg_index_factory):
    url = pg_index_factory("wordgame_cli", words=DICTIONARY)
    for args in (["cows*z", "--all", "--json"], ["acip*rt", "--json"], ["dd*aout"], ["qzx"]):
        pg = run_cli(["best-word", *args], db=url)
        lite = run_cli(["best-word", *args], db=db)
        assert (pg.exit_code, pg.stdout, pg.stderr) == (lite.exit_code, lite.stdout, lite.stderr)


# -- play wordgame ------------------------------------------------------------------


@pytest.fixture
def transcript_game(monkeypatch):
    """Make the CLI deal the transcript's hands (its session builds ``wordindex.wordgame.game.WordGame``)."""
    real = wordgame.WordGame

    def scripted(words, hands=None, hand_size=7, rng=None):
        return real(
            words,
            hands=hands,
            hand_size=hand_size,
            rng=PicksA(0),
            deal=TranscriptDeal("a c i * p r t", "d d * l o u t"),
        )

    monkeypatch.setattr(wordgame, "WordGame", scripted)


def test_problem_6_transcript_through_stdin(run_cli, db, transcript_game):
    result = run_cli(["play", "wordgame"], db=db, input="\n".join(PROBLEM_6_ANSWERS) + "\n")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    shown = lines(result)
    assert [line for line in shown if not line.startswith("Best word for this hand: ")] == PROBLEM_6
    assert 'Best word for this hand: "tapir" for 203 points' in shown
    assert 'Best word for this hand: "d*do" (dodo) for 95 points' in shown


def test_seeded_game_scores_the_best_word(run_cli, db):
    seed = next(s for s in range(200) if best_word(deal_hand(7, hand_rng(s, 1, "deal")), set(DICTIONARY)))
    hand = deal_hand(7, hand_rng(seed, 1, "deal"))
    best = best_word(hand, set(DICTIONARY))
    answers = ["no", best.word, "!!", "no"]
    result = run_cli(["play", "wordgame", "--hands", "1", "--seed", seed], db=db, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    shown = lines(result)
    assert shown[0] == f"Current hand: {display_hand(hand)}"
    assert shown[1] == "Would you like to substitute a letter? no"
    assert shown[3] == f"Please enter a word or '!!' to indicate you are done: {best.word}"
    assert shown[4] == f'"{best.word}" earned {best.score} points. Total: {best.score} points'
    assert best.score == get_word_score(best.word, 7)
    assert shown[-1] == f"Total score over all hands: {best.score}"
    assert "Enter total number of hands" not in result.stdout
    again = run_cli(["play", "wordgame", "--hands", "1", "--seed", seed], db=db, input="\n".join(answers) + "\n")
    assert again.stdout == result.stdout


def test_invalid_word_costs_its_letters(run_cli, db, transcript_game):
    result = run_cli(["play", "wordgame", "--hands", "1"], db=db, input="no\npac\n!!\nno\n")
    shown = lines(result)
    assert shown[3:7] == [
        "Please enter a word or '!!' to indicate you are done: pac",
        "That is not a valid word. Please choose another word.",
        "Current hand: i * r t",
        "Please enter a word or '!!' to indicate you are done: !!",
    ]
    assert "Total score for this hand: 0" in shown
    assert shown[-1] == "Total score over all hands: 0"


def test_bad_answers_are_asked_again(run_cli, db, transcript_game):
    answers = ["two", "", "0", "1", "maybe", "yes", "*", "zz", "q", "c", "c0w", "!!", "perhaps", "nope"]
    result = run_cli(["play", "wordgame"], db=db, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.stderr
    shown = lines(result)
    assert shown.count("Please enter a whole number of hands, 1 or more.") == 3
    assert shown.count("Please answer yes or no.") == 2
    assert "The wildcard * cannot be replaced; choose a letter of the hand." in shown
    assert "Please enter one letter of the hand." in shown
    assert "The hand holds no 'q'; choose a letter of the hand." in shown
    assert "Please enter a word of letters (* for the wildcard), or '!!' to finish." in shown
    assert shown[-1] == "Total score over all hands: 0"
    assert "Traceback" not in result.stdout + result.stderr


def test_end_of_input_ends_cleanly(run_cli, db):
    result = run_cli(["play", "wordgame", "--seed", "3"], db=db, input="2\nno\n!!\n")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert lines(result)[-1] == "Game ended early. Total score over the 1 hand played: 0"
    result = run_cli(["play", "wordgame"], db=db, input="")
    assert result.exit_code == 0
    assert lines(result) == [
        "Enter total number of hands: ",
        "Game ended early. Total score over the 0 hands played: 0",
    ]


def test_end_of_input_in_the_middle_of_a_hand_counts_its_points(run_cli, db, transcript_game):
    result = run_cli(["play", "wordgame", "--hands", "2"], db=db, input="no\npart\n")
    assert result.exit_code == 0
    assert lines(result)[-2:] == [
        "Total score for this hand: 114",
        "Game ended early. Total score over the 1 hand played: 114",
    ]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hand-size", "0"], "Invalid value for '--hand-size': 0 is not in the range 1<=x<=100."),
        (["--hands", "0"], "Invalid value for '--hands': 0 is not in the range x>=1."),
        (["--hands", "x"], "Invalid value for '--hands': 'x' is not a valid integer"),
        (["--seed", "s"], "Invalid value for '--seed': 's' is not a valid integer."),
    ],
)
def test_bad_options_exit_2_with_one_line(run_cli, db, args, fragment):
    result = run_cli(["play", "wordgame", *args], db=db, input="1\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"Error: {fragment}") and result.stderr.count("\n") == 1


def test_hand_sizes(run_cli, db):
    for size in (1, 3, 10):
        result = run_cli(
            ["play", "wordgame", "--hands", "1", "--hand-size", size, "--seed", "1"], db=db, input="no\n!!\nno\n"
        )
        assert result.exit_code == 0, result.stderr
        hand_line = lines(result)[0]
        assert hand_line.startswith("Current hand: ") and len(hand_line.split()) - 2 == size


def test_game_on_the_mit_list(run_cli, index_factory, wordlist, transcript_game):
    mit = index_factory("wordgame-mit", path=wordlist("mit_words.txt"))
    with open_index(mit) as ix:
        assert best_word("cows*z", ix).score == 480
    result = run_cli(["play", "wordgame"], db=mit, input="\n".join(PROBLEM_6_ANSWERS) + "\n")
    assert [line for line in lines(result) if not line.startswith("Best word")] == PROBLEM_6
