"""Levels and the vulgar flag: the reader, the index, the pools, and every command that uses them."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from wordindex.build.dictionary import read_dictionary
from wordindex.errors import DictionaryError, NoLevelsError, UsageError
from wordindex.hangman.choosers import EvilChooser, RandomChooser, make_chooser
from wordindex.hangman.session import HangmanSession
from wordindex.index.core import open_index
from wordindex.wordgame import best_word, playable_words
from wordindex.words.levels import Difficulty, LevelRange, WordPool, parse_levels
from wordindex.words.lookup import describe_words, index_info, words_matching
from wordindex.words.pattern import parse_pattern

# Four-letter words, most of them flagged: a chooser that ignored the flag would soon pick one.
LEVELLED = """\
cool\t10
good\t10
hope\t20
damn\t35\tvulgar
crap\t35\tvulgar
piss\t40\tvulgar
arse\t50\tvulgar
shit\t40\tvulgar
ibex\t55
oryx\t70
zebu\t-
"""
VULGAR = {"damn", "crap", "piss", "arse", "shit"}


@pytest.fixture(scope="module")
def levelled(tmp_path_factory, index_factory):
    source = tmp_path_factory.mktemp("levelled") / "levelled.txt"
    source.write_text(LEVELLED)
    return index_factory("levelled", path=source)


@pytest.fixture(scope="module")
def plain(index_factory):
    return index_factory("plain_levels", words=["cool", "good", "hope", "damn"])


# --- the reader -------------------------------------------------------------------------------


def test_reader_takes_levels_and_flags_from_tab_columns(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("Cool\t10\ndamn\t35\tvulgar\nibex\t-\nzebu\t\t\ncool\t70\nplain\n")
    result = read_dictionary(path)
    assert result.words == ["cool", "damn", "ibex", "zebu", "plain"]
    assert result.levels == {"cool": 10, "damn": 35}  # the first line of a word wins
    assert result.vulgar == {"damn"}
    assert result.has_levels
    assert result.stats.skipped == {"duplicate": 1}


@pytest.mark.sqlite_only
def test_a_repeated_word_keeps_its_first_place_its_first_level_and_any_vulgar_flag(tmp_path):
    # The build deduplicates on disk; whatever the pieces the file is read in, the same rule holds.
    from wordindex.build.builder import build_index

    source = tmp_path / "w.txt"
    source.write_text("ibex\t-\nCool\t10\ndamn\nibex\t40\ncool\t70\ndamn\t\tvulgar\nibex\t55\n")
    build_index(tmp_path / "w.db", source)
    connection = sqlite3.connect(tmp_path / "w.db")
    rows = connection.execute("SELECT id, word, level, vulgar FROM words ORDER BY id").fetchall()
    connection.close()
    assert rows == [(1, "ibex", 40, 0), (2, "cool", 10, 0), (3, "damn", None, 1)]
    assert read_dictionary(source).levels == {"ibex": 40, "cool": 10}
    assert read_dictionary(source).vulgar == {"damn"}


def test_a_plain_list_has_no_levels(tmp_path):
    path = tmp_path / "w.txt"
    path.write_text("cool\ngood\n")
    result = read_dictionary(path)
    assert (result.levels, result.vulgar, result.has_levels) == ({}, frozenset(), False)


@pytest.mark.parametrize(
    "line, fragment",
    [
        ("cool\tten", "level 'ten' is not a whole number"),
        ("cool\t0", "level '0'"),
        ("cool\t10\trude", "unknown flag 'rude'"),
        ("cool\t10\tvulgar\textra", "more than three"),
    ],
)
def test_malformed_columns_name_the_line(tmp_path, line, fragment):
    path = tmp_path / "w.txt"
    path.write_text(f"good\t10\n{line}\n")
    with pytest.raises(DictionaryError, match=f"line 2: .*{fragment}"):
        read_dictionary(path)


# --- parsing level options ----------------------------------------------------------------------


def test_parse_levels():
    assert parse_levels("easy") == Difficulty.EASY.levels == LevelRange(10, 20)
    assert parse_levels(" Medium ") == LevelRange(35, 50)
    assert parse_levels("hard") == LevelRange(55, 70)
    assert parse_levels("35") == LevelRange(None, 35)
    assert parse_levels("40-60") == LevelRange(40, 60)
    for bad in ("", "easiest", "-3", "60-40", "1.5"):
        with pytest.raises(UsageError):
            parse_levels(bad)


# --- the index ----------------------------------------------------------------------------------


def test_index_keeps_levels_and_flags(levelled):
    with open_index(levelled) as index:
        facts = describe_words(index, ["cool", "damn", "zebu", "nope"])
        info = index_info(index)
    assert [(f.word, f.valid, f.level, f.vulgar) for f in facts] == [
        ("cool", True, 10, False),
        ("damn", True, 35, True),
        ("zebu", True, None, False),
        ("nope", False, None, False),
    ]
    assert info.has_levels and info.vulgar_words == 5
    assert info.counts_by_level == [(10, 2), (20, 1), (35, 2), (40, 2), (50, 1), (55, 1), (70, 1), (None, 1)]


def test_words_by_level(levelled, plain):
    with open_index(levelled) as index:
        assert words_matching(index, parse_pattern("----"), levels=parse_levels("easy")).words == [
            "cool",
            "good",
            "hope",
        ]
        # vulgar words are valid words: a listing shows them
        assert words_matching(index, parse_pattern("----"), levels=LevelRange(35, 40)).words == [
            "crap",
            "damn",
            "piss",
            "shit",
        ]
    with open_index(plain) as index, pytest.raises(NoLevelsError, match="no word levels"):
        words_matching(index, parse_pattern("----"), levels=parse_levels("easy"))


# --- choosers: the test -----------------------------------------------------------------


def test_random_chooser_never_picks_a_vulgar_word_unless_allowed(levelled):
    with open_index(levelled) as index:
        picked = {RandomChooser(index, 4, seed=seed).word for seed in range(200)}
        allowed = {RandomChooser(index, 4, seed=seed, pool=WordPool(allow_vulgar=True)).word for seed in range(200)}
    assert picked == {"cool", "good", "hope", "ibex", "oryx", "zebu"}
    assert VULGAR <= allowed


def test_evil_chooser_keeps_its_families_inside_the_pool(levelled):
    with open_index(levelled) as index:
        evil = EvilChooser(index, 4, pool=WordPool(parse_levels("easy")))
        assert evil.family_size == 3
        evil.guess("e")  # cool good (no e) against hope: the evil chooser keeps cool good
        assert evil.words() == ["cool", "good"]
        everything = EvilChooser(index, 4, pool=None)
        everything.guess("e")
        assert everything.words() == ["cool", "crap", "damn", "good", "oryx", "piss", "shit"]


def test_a_level_asked_of_an_index_without_levels_is_a_usage_error(plain):
    with open_index(plain) as index:
        with pytest.raises(NoLevelsError) as raised:
            make_chooser(index, "random", 4, seed=1, pool=WordPool(parse_levels("easy")))
        with pytest.raises(NoLevelsError):
            HangmanSession.create(index, chooser="evil", length=4, seed=1, difficulty="easy")
        assert raised.value.exit_code == 2
        # without a level option the plain index plays as before
        assert RandomChooser(index, 4, seed=1).word in {"cool", "good", "hope", "damn"}


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.parametrize("kind", ["random", "evil"])
def test_secret_words_over_many_seeded_games_come_from_the_level(bundled_index, bundled_entries, difficulty, kind):
    low, high = difficulty.levels.low, difficulty.levels.high
    rng = random.Random(f"{kind}-{difficulty.value}")
    seen = set()
    with open_index(bundled_index) as index:
        for seed in range(60):
            length = rng.choice([3, 4, 5, 6, 7, 8])
            game = HangmanSession.create(
                index, chooser=kind, length=length, lives=6, seed=seed, difficulty=difficulty.value
            )
            letters = list("etaoinshrdlucmfwypvbgkjqxz")
            rng.shuffle(letters)
            while not game.over:
                game.move(letters.pop())
            seen.add(game.answer())
    for word in seen:
        level, vulgar = bundled_entries[word]
        assert low <= level <= high, (word, level)
        assert not vulgar, word
    assert len(seen) > 20


def test_vulgar_words_of_the_bundled_list_are_never_secret_words(bundled_index, bundled_entries):
    vulgar_four = {w for w, (_, v) in bundled_entries.items() if v and len(w) == 4}
    assert len(vulgar_four) >= 20
    with open_index(bundled_index) as index:
        picked = {RandomChooser(index, 4, seed=seed).word for seed in range(500)}
        evil = EvilChooser(index, 4)
        for letter in "eaiou":  # the evil chooser ends in a large family: still no vulgar word
            evil.guess(letter)
        family = set(evil.words())
    assert picked and not picked & vulgar_four
    assert family and not family & vulgar_four


# --- best-word ------------------------------------------------------------------------------------


def test_best_word_skips_vulgar_words_unless_allowed(levelled):
    with open_index(levelled) as index:
        assert best_word("shitz", index) is None
        assert best_word("shitz", index, allow_vulgar=True).spelled == "shit"
        assert [p.spelled for p in playable_words("hopecrad", index)] == ["hope"]
        assert {p.spelled for p in playable_words("hopecrad", index, allow_vulgar=True)} == {"hope", "crap"}


# --- the CLI --------------------------------------------------------------------------------------


def test_check_json_shows_level_and_flag(run_cli, levelled):
    result = run_cli(["check", "cool", "damn", "nope", "--json"], db=levelled)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"word": "cool", "valid": True, "level": 10, "vulgar": False, "spellings": ["cool"]},
        {"word": "damn", "valid": True, "level": 35, "vulgar": True, "spellings": ["damn"]},
        {"word": "nope", "valid": False, "level": None, "vulgar": False, "spellings": []},
    ]


def test_info_shows_levels(run_cli, levelled, plain):
    data = json.loads(run_cli(["info", "--json"], db=levelled).stdout)
    assert data["has_levels"] is True
    assert data["vulgar_word_count"] == 5
    assert data["counts_by_level"][0] == {"level": 10, "word_count": 2}
    assert data["counts_by_level"][-1] == {"level": None, "word_count": 1}
    text = run_cli(["info"], db=plain).stdout
    assert "levels:    none (built from a plain word list" in text


def test_words_level_option(run_cli, levelled, plain):
    result = run_cli(["words", "-p", "----", "--level", "20", "--json"], db=levelled)
    assert json.loads(result.stdout) == {"count": 3, "words": ["cool", "good", "hope"], "spellings": {}}
    result = run_cli(["words", "-p", "----", "--level", "easy"], db=plain)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ") and "no word levels" in result.stderr


def test_play_hangman_difficulty(run_cli, levelled, plain):
    args = ["play", "hangman", "--chooser", "random", "--length", "4", "--guesses", "1", "--hide-count"]
    for seed in range(12):
        result = run_cli([*args, "--seed", seed, "--difficulty", "easy"], db=levelled, input="z\nn\n")
        word = result.stdout.split("The word was: ")[1].split()[0]
        assert word in {"cool", "good", "hope"}
    result = run_cli([*args, "--difficulty", "easy"], db=plain, input="z\nn\n")
    assert result.exit_code == 2 and "no word levels" in result.stderr
    result = run_cli([*args, "--difficulty", "impossible"], db=levelled)
    assert result.exit_code == 2 and "--difficulty 'impossible'" in result.stderr


def test_best_word_allow_vulgar_option(run_cli, levelled):
    result = run_cli(["best-word", "shitz"], db=levelled)
    assert result.exit_code == 1
    result = run_cli(["best-word", "shitz", "--allow-vulgar"], db=levelled)
    assert result.exit_code == 0 and result.stdout.startswith("shit ")


# --- upgrading an index of schema 0002 ----------------------------------------------------------


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
def test_upgrade_from_0002_leaves_levels_null_and_says_so(run_cli, tmp_path, levelled):
    db = tmp_path / "old.db"
    db.write_bytes(levelled.read_bytes())
    assert run_cli(["db", "downgrade", "0002_letter_totals"], db=db).exit_code == 0
    with sqlite3.connect(db) as connection:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(words)")}
    assert "level" not in columns and "vulgar" not in columns
    assert run_cli(["db", "upgrade"], db=db).exit_code == 0
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT COUNT(*) FROM words WHERE level IS NOT NULL OR vulgar").fetchone() == (0,)
    data = json.loads(run_cli(["info", "--json"], db=db).stdout)
    assert data["has_levels"] is False
    assert "levels:    none" in run_cli(["info"], db=db).stdout
    assert run_cli(["words", "-p", "----", "--level", "easy"], db=db).exit_code == 2


# --- PostgreSQL gives the same answers ----------------------------------------------------------


def test_postgres_keeps_levels_and_pools_alike(tmp_path, pg_index_factory, levelled):
    source = tmp_path / "levelled.txt"
    source.write_text(LEVELLED)
    url = pg_index_factory("levelled", path=source)

    def answers(db):
        with open_index(db) as index:
            info = index_info(index)
            return (
                [(f.word, f.valid, f.level, f.vulgar) for f in describe_words(index, ["cool", "damn", "zebu"])],
                info.has_levels,
                info.counts_by_level,
                info.vulgar_words,
                words_matching(index, parse_pattern("----"), levels=parse_levels("35-40")).words,
                sorted({RandomChooser(index, 4, seed=seed).word for seed in range(40)}),
                EvilChooser(index, 4, pool=WordPool(parse_levels("easy"))).family_size,
                [p.spelled for p in playable_words("shitzhope", index)],
            )

    assert answers(url) == answers(levelled)
