"""Today's puzzle (issue 35 item 1): ``wordindex.boggle.daily``, ``wordindex daily`` and ``GET /api/daily``.

The board of a date is the same in every process and on both backends (a SHA-256 seed, not the salted
``hash()``), passes the quality filter, and both front ends answer with ``reports.daily``'s JSON.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import pytest

from wordindex.boggle import daily as daily_module
from wordindex.boggle.daily import (
    EPOCH,
    LONG_WORD,
    MAX_MAIN_WORDS,
    MIN_MAIN_WORDS,
    DateError,
    check_date,
    daily,
    day_number,
    seed_of,
)
from wordindex.index.core import open_index

DAY = dt.date(2026, 11, 27)
#: The bundled dictionary's puzzle of DAY: the 20th board shaken (attempt 19) is the first to pass.
BOARD = "hiemtrsteataeewe"
TODAY_TEXT = """\
Daily puzzle #331, 2026-11-27 (English)
 H   I   E   M
 T   R   S   T
 E   A   T   A
 E   E   W   E
152 main words (345 points), 44 bonus words (159 points); find every main word to complete the day
"""


@pytest.fixture(scope="module")
def bundled(bundled_index):
    with open_index(bundled_index) as index:
        yield index


def test_the_seed_is_a_hash_of_the_date_and_language_the_same_in_another_process():
    here = seed_of(DAY, "en", 0)
    code = (
        "import datetime as dt; from wordindex.boggle.daily import seed_of; "
        "print(seed_of(dt.date(2026, 11, 27), 'en', 0))"
    )
    # another interpreter has another hash() salt: the seed must not depend on it
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(there) == here
    assert seed_of(DAY, "fr", 0) != here != seed_of(DAY, "en", 1)
    assert seed_of(DAY + dt.timedelta(days=1), "en", 0) != here


def test_exact_puzzle_of_a_fixed_date_on_the_bundled_dictionary(bundled):
    day = daily(bundled, DAY)
    assert (day.board.text, day.day, day.language, day.attempt, day.passed, day.levelled) == (
        BOARD,
        331,
        "en",
        19,
        True,
        True,
    )
    assert (len(day.main), day.main_score, len(day.bonus), day.bonus_score) == (152, 345, 44, 159)
    assert [w.word for w in day.main[:3]] == ["earthiest", "eateries", "teariest"]
    assert [w.word for w in day.bonus[:3]] == ["ariettas", "aristate", "erethism"]


def test_main_words_are_the_easy_and_medium_levels_and_bonus_words_the_rest(bundled):
    from wordindex.words.lookup import describe_words

    day = daily(bundled, DAY)
    main = {f.word: f for f in describe_words(bundled, [w.word for w in day.main])}
    bonus = {f.word: f for f in describe_words(bundled, [w.word for w in day.bonus])}
    assert all(f.level is not None and f.level <= 50 and not f.vulgar for f in main.values())
    assert all(f.vulgar or f.level is None or f.level > 50 for f in bonus.values())
    assert not set(main) & set(bonus)


@pytest.mark.parametrize("offset", range(7))
def test_every_day_of_a_week_passes_the_quality_filter(bundled, offset):
    day = daily(bundled, DAY + dt.timedelta(days=offset))
    assert day.passed
    assert MIN_MAIN_WORDS <= len(day.main) <= MAX_MAIN_WORDS
    assert max(len(w.word) for w in day.main) >= LONG_WORD


def test_two_indexes_opened_apart_give_the_same_board(bundled_index, index_factory):
    from tests.conftest import BUNDLED_DICTIONARY

    other = index_factory("bundled_again", path=BUNDLED_DICTIONARY)
    with open_index(bundled_index) as first, open_index(other) as second:
        for offset in range(3):
            date = DAY - dt.timedelta(days=offset)
            one, two = daily(first, date), daily(second, date)
            assert (one.board, one.main, one.bonus) == (two.board, two.main, two.bonus)


def test_sqlite_and_postgresql_give_the_same_puzzle(pg_index_factory, tmp_path):
    from tests.conftest import BUNDLED_DICTIONARY
    from wordindex.build.builder import build_index

    sqlite = tmp_path / "bundled.db"
    build_index(str(sqlite), BUNDLED_DICTIONARY)
    url = pg_index_factory("daily_bundled", path=BUNDLED_DICTIONARY)
    with open_index(str(sqlite)) as lite, open_index(url) as pg:
        one, two = daily(lite, DAY), daily(pg, DAY)
    assert one.board.text == two.board.text == BOARD
    assert (one.main, one.bonus) == (two.main, two.bonus)


def test_an_index_without_levels_makes_every_word_a_main_word(small_index):
    with open_index(small_index) as index:
        day = daily(index, DAY)
    assert not day.levelled
    assert day.bonus == ()
    # 58 words cannot fill a board: no attempt passes, and the nearest miss is kept (the same one each time)
    assert not day.passed
    with open_index(small_index) as index:
        assert daily(index, DAY).board == day.board


def test_dates_are_checked():
    assert check_date(None, DAY) == DAY
    assert check_date("2026-01-01", DAY) == EPOCH
    assert day_number(EPOCH) == 1
    with pytest.raises(DateError, match=r"--date '27/11/2026' is not a date written YYYY-MM-DD"):
        check_date("27/11/2026", DAY)
    with pytest.raises(DateError, match=r"not a date"):
        check_date("2026-02-30", DAY)
    with pytest.raises(DateError, match=r"--date 2026-11-28 is in the future: today \(UTC\) is 2026-11-27"):
        check_date("2026-11-28", DAY)
    with pytest.raises(DateError, match=r"before the first daily puzzle, 2026-01-01"):
        check_date("2025-12-31", DAY)


# -- wordindex daily ----------------------------------------------------------------


@pytest.fixture
def on_the_day(monkeypatch):
    """The CLI's and the server's clock read DAY."""
    from wordindex.cli import daily as cli_daily
    from wordindex.web.routers import daily as web_daily

    monkeypatch.setattr(cli_daily, "today", lambda: DAY)
    monkeypatch.setattr(web_daily, "today", lambda: DAY)


def test_cli_prints_the_board_and_counts_exactly(run_cli, bundled_index, on_the_day):
    result = run_cli(["daily"], db=bundled_index)
    assert result.exit_code == 0, result.output
    assert result.stdout == TODAY_TEXT
    assert run_cli(["daily", "--date", "2026-11-27", "--language", "en"], db=bundled_index).stdout == TODAY_TEXT


def test_cli_solve_lists_main_then_bonus_words(run_cli, bundled_index, on_the_day):
    lines = run_cli(["daily", "--solve"], db=bundled_index).stdout.splitlines()
    assert "\n".join(lines[:6]) + "\n" == TODAY_TEXT
    assert lines[6:9] == ["main words (152):", " 11 earthiest", " 11 eateries"]
    assert lines[6 + 1 + 152] == "bonus words (44):"
    assert lines[6 + 2 + 152 :][:2] == [" 11 ariettas", " 11 aristate"]
    assert len(lines) == 6 + 2 + 152 + 44


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2026-11-28"], "Error: --date 2026-11-28 is in the future: today (UTC) is 2026-11-27\n"),
        (["--date", "tomorrow"], "Error: --date 'tomorrow' is not a date written YYYY-MM-DD, e.g. 2026-11-27\n"),
        (["--date", "2025-06-01"], "Error: --date 2025-06-01 is before the first daily puzzle, 2026-01-01\n"),
    ],
)
def test_cli_refuses_bad_dates_in_one_line(run_cli, bundled_index, on_the_day, args, message):
    result = run_cli(["daily", *args], db=bundled_index)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message


def test_cli_language_other_than_the_index_is_one_line_naming_the_fix(run_cli, bundled_index, on_the_day):
    result = run_cli(["daily", "--language", "fr"], db=bundled_index)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "is English (en); name an index built in fr with --db (wordindex --db FILE build --language fr)" in (
        result.stderr
    )


# -- GET /api/daily -------------------------------------------------------------------


@pytest.fixture
def client(bundled_index, on_the_day):
    from fastapi.testclient import TestClient
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    from wordindex.index.location import parse_location

    with TestClient(create_app(Settings(index=parse_location(str(bundled_index))))) as test_client:
        yield test_client


@pytest.mark.parametrize("solve", [False, True])
def test_api_answers_the_cli_json(client, run_cli, bundled_index, solve):
    flag = ["--solve"] if solve else []
    cli = json.loads(run_cli(["daily", "--json", *flag], db=bundled_index).stdout)
    params = {"solve": "true"} if solve else {}
    api = client.get("/api/daily", params=params)
    assert api.status_code == 200
    assert api.json() == cli
    assert client.get("/api/daily", params={**params, "date": "2026-11-27"}).json() == cli
    assert cli["board"] == BOARD and cli["rows"] == ["hiem", "trst", "eata", "eewe"]
    assert ("main_words" in cli, "bonus_words" in cli) == (solve, solve)
    if solve:
        assert len(cli["main_words"]) == cli["main_count"] == 152
        assert cli["main_words"][0] == {"word": "earthiest", "score": 11, "path": cli["main_words"][0]["path"]}


def test_api_refuses_bad_dates_with_a_400(client):
    future = client.get("/api/daily", params={"date": "2026-11-28"})
    assert future.status_code == 400
    assert future.json()["error"] == "--date 2026-11-28 is in the future: today (UTC) is 2026-11-27"
    assert client.get("/api/daily", params={"date": "x"}).status_code == 400
    assert client.get("/api/daily", params={"day": "1"}).status_code == 422


def test_api_keeps_an_answer_under_its_date_not_its_parameters(client, monkeypatch):
    """Asked without a date at 23:59 and again at 00:01, the API answers the new day's board."""
    from wordindex.web.routers import daily as web_daily

    first = client.get("/api/daily").json()
    monkeypatch.setattr(web_daily, "today", lambda: DAY - dt.timedelta(days=1))
    before = client.get("/api/daily").json()
    assert (first["date"], before["date"]) == ("2026-11-27", "2026-11-26")
    assert before["board"] != first["board"]


def test_the_module_reads_no_clock():
    import inspect

    assert "now(" not in inspect.getsource(daily_module)
