"""PostgreSQL answers exactly as SQLite does, through the same commands."""

import json

import pytest

from wordindex.index.revisions import HEAD

from .conftest import end_server_processes
from .test_cli_index import one_error_line

SMALL_NAME = "small"


@pytest.fixture(scope="module")
def both(small_index, pg_index_factory):
    from pathlib import Path

    words = (Path(__file__).parent / "data" / "small_words.txt").read_text().split()
    return small_index, pg_index_factory("smallpg", words)


@pytest.mark.parametrize(
    "args",
    [
        ["check", "cool", "coder", "xyzzy", "--json"],
        ["check", "--prefix", "co", "zoo", "qx", "--json"],
        ["words", "--pattern", "----", "--json"],
        ["words", "--pattern", "c---", "--guessed", "aeiou", "--json"],
        ["words", "--pattern", "-ee-", "--guessed", "e", "--limit", "2", "--json"],
        ["words", "--pattern", "q--", "--json"],
    ],
)
def test_same_answers(run_cli, both, args):
    sqlite_db, pg_db = both
    on_sqlite = run_cli(args, db=sqlite_db)
    on_pg = run_cli(args, db=pg_db)
    assert (on_pg.exit_code, json.loads(on_pg.stdout)) == (on_sqlite.exit_code, json.loads(on_sqlite.stdout))


def test_info_same_apart_from_database_and_source(run_cli, both):
    sqlite_db, pg_db = both
    on_sqlite = json.loads(run_cli(["info", "--json"], db=sqlite_db).stdout)
    on_pg = json.loads(run_cli(["info", "--json"], db=pg_db).stdout)
    for key in ("database", "source", "built_at", "seconds"):
        on_sqlite.pop(key), on_pg.pop(key)
    assert on_pg == on_sqlite
    assert on_pg["word_count"] > 0


def test_db_commands_on_postgres(run_cli, tmp_path, pg_index_factory):
    url = pg_index_factory("migratepg", ["cool", "good"])
    assert run_cli(["db", "downgrade", "0001_words_prefixes"], db=url).exit_code == 0
    one_error_line(run_cli(["check", "cool"], db=url), 2, "older schema", "wordindex db upgrade")
    result = run_cli(["db", "upgrade"], db=url)
    assert result.stdout == f"schema 0001_words_prefixes -> {HEAD}\n"
    assert run_cli(["check", "cool"], db=url).exit_code == 0


def test_postgres_database_without_index(run_cli, pg_url):
    one_error_line(run_cli(["check", "cool"], db=pg_url.replace("/wordindex_test", "/postgres")), 2, "wordindex build")


def test_an_index_reader_whose_connection_the_server_ended_reads_on_a_new_one(both):
    """A server's index connections live long: one the database server ended (restart, administrator)
    runs its next query on a new connection instead of failing a request first."""
    from wordindex.index.core import open_index

    with open_index(both[1]) as index:
        before = index.scalar("SELECT pg_backend_pid()")
        assert end_server_processes(index.location.url, [before]) == 1
        assert index.rows("SELECT word FROM words WHERE word = :w", {"w": "cool"}) == [("cool",)]
        assert index.scalar("SELECT pg_backend_pid()") != before
