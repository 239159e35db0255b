"""The index commands through typer's CliRunner: exit codes, stdout, stderr."""

import json
import sqlite3

import pytest

from wordindex.index.revisions import HEAD


def test_build_reports_counts_and_skips(run_cli, tmp_path):
    source = tmp_path / "words.txt"
    source.write_bytes(b"\xef\xbb\xbfCool\r\ngood\r\n\r\ncool\r\ndon't\r\n")
    db = tmp_path / "x.db"
    result = run_cli(["build", source], db=db)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Built 2 English words from words.txt in ")
    assert "(5 lines read, 1 blank; skipped: 1 duplicate, 1 not a-z only)" in result.stdout
    assert run_cli(["check", "cool", "good"], db=db).exit_code == 0


def test_build_json(run_cli, tmp_path):
    source = tmp_path / "words.txt"
    source.write_text("cool\ngood\ngood\n")
    result = run_cli(["build", source, "--json"], db=tmp_path / "x.db")
    data = json.loads(result.stdout)
    assert {k: data[k] for k in ("source", "word_count", "lines_read", "skipped")} == {
        "source": "words.txt",
        "word_count": 2,
        "lines_read": 3,
        "skipped": {"duplicate": 1},
    }


def test_check_words_plain_and_json(run_cli, nine_db):
    result = run_cli(["check", "cool", "xyzzy"], db=nine_db)
    assert result.exit_code == 1
    assert result.stdout == "cool: a word\nxyzzy: not a word\n"
    result = run_cli(["check", "cool", "--json"], db=nine_db)
    assert result.exit_code == 0
    # issue 10 added the word's level (null: a plain list has none) and its vulgar flag
    assert json.loads(result.stdout) == [
        {"word": "cool", "valid": True, "level": None, "vulgar": False, "spellings": ["cool"]}
    ]


def test_check_prefix_json(run_cli, nine_db):
    result = run_cli(["check", "--prefix", "co", "xq", "--json"], db=nine_db)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [{"prefix": "co", "valid": True}, {"prefix": "xq", "valid": False}]


def test_words_json_issue_example(run_cli, nine_db):
    result = run_cli(["words", "--pattern", "----", "--guessed", "e", "--json"], db=nine_db)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"count": 3, "words": ["ally", "cool", "good"], "spellings": {}}


def test_words_plain_limit_notes_on_stderr(run_cli, nine_db):
    result = run_cli(["words", "-p", "----", "--limit", "2"], db=nine_db)
    assert result.exit_code == 0
    assert result.stdout == "ally\nbeta\n"
    assert result.stderr == "showing 2 of 9 words\n"


def test_words_none_fit_exit_1(run_cli, nine_db):
    result = run_cli(["words", "-p", "zz--"], db=nine_db)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == "no word fits zz--\n"


def test_info_json(run_cli, nine_db):
    result = run_cli(["info", "--json"], db=nine_db)
    data = json.loads(result.stdout)
    assert data["word_count"] == 9
    assert data["counts_by_length"] == [{"length": 4, "word_count": 9}]
    assert data["schema_revision"] == HEAD
    assert data["source"] == "nine.txt"
    assert data["database"] == str(nine_db)


def one_error_line(result, code, *fragments):
    """The result failed with ``code`` and exactly one 'Error: ...' line naming the fragments."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]
    assert "Traceback" not in result.stderr


def test_bad_pattern(run_cli, nine_db):
    one_error_line(run_cli(["words", "-p", "c$ol"], db=nine_db), 2, "'$'", "position 2")


def test_bad_guessed(run_cli, nine_db):
    one_error_line(run_cli(["words", "-p", "c--l", "-g", "e7"], db=nine_db), 2, "'7'")


def test_missing_option_is_usage_error(run_cli, nine_db):
    one_error_line(run_cli(["words"], db=nine_db), 2, "--pattern")


def test_no_index_names_build(run_cli, tmp_path):
    one_error_line(run_cli(["check", "cool"], db=tmp_path / "none.db"), 2, "no word index", "wordindex build")


def test_missing_dictionary(run_cli, tmp_path):
    one_error_line(run_cli(["build", tmp_path / "nope.txt"], db=tmp_path / "x.db"), 2, "not found")


@pytest.mark.sqlite_only
@pytest.mark.parametrize(
    "data, fragment", [(b"", "empty"), (b"\x00\x01\x02binary", "binary"), (b"123\n!!\n", "no valid word")]
)
def test_bad_dictionaries_change_nothing(run_cli, tmp_path, nine_db, data, fragment):
    db = tmp_path / "copy.db"
    db.write_bytes(nine_db.read_bytes())
    source = tmp_path / "bad.txt"
    source.write_bytes(data)
    one_error_line(run_cli(["build", source], db=db), 2, fragment)
    assert db.read_bytes() == nine_db.read_bytes()
    assert not list(tmp_path.glob("*.partial"))


def test_unreadable_dictionary(run_cli, tmp_path, monkeypatch):
    import os

    source = tmp_path / "locked.txt"
    source.write_text("cool\n")
    real_open = os.open

    def refuse(path, *args, **kwargs):
        if str(path) == str(source):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)  # chmod 0 does not stop root, so simulate it
    one_error_line(run_cli(["build", source], db=tmp_path / "x.db"), 2, "not readable")


@pytest.mark.parametrize(
    "url, fragment",
    [
        ("sqlite://", "in-memory"),
        ("sqlite:relative.db", "malformed SQLite URL"),
        ("mysql://u@h/db", "unsupported database 'mysql'"),
        ("postgresql://u@h:notaport/db", "malformed database URL"),
    ],
)
def test_bad_urls_are_usage_errors(run_cli, url, fragment):
    one_error_line(run_cli(["--db", url, "check", "cool"]), 2, fragment)


def test_unreachable_server(run_cli):
    result = run_cli(["--db", "postgresql://nobody@127.0.0.1:1/none", "check", "cool"])
    one_error_line(result, 2, "cannot connect to postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_file_that_is_not_sqlite(run_cli, tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("just some text, not a database\n" * 100)
    one_error_line(run_cli(["check", "cool"], db=path), 2, "not a SQLite database")


def test_sqlite_database_of_another_program(run_cli, tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE customers (id INTEGER)")
    one_error_line(run_cli(["check", "cool"], db=path), 2, "is not a wordindex index")


@pytest.mark.sqlite_only
def test_newer_schema_is_refused(run_cli, tmp_path, nine_db):
    db = tmp_path / "newer.db"
    db.write_bytes(nine_db.read_bytes())
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    one_error_line(run_cli(["check", "cool"], db=db), 2, "9999_from_the_future", "newer than this wordindex")


@pytest.mark.sqlite_only
def test_older_schema_names_db_upgrade_and_upgrade_fixes_it(run_cli, tmp_path, nine_db):
    db = tmp_path / "older.db"
    db.write_bytes(nine_db.read_bytes())
    result = run_cli(["db", "downgrade", "0001_words_prefixes"], db=db)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"schema {HEAD} -> 0001_words_prefixes\n"
    one_error_line(run_cli(["check", "cool"], db=db), 2, "older schema", "wordindex db upgrade")
    result = run_cli(["db", "upgrade"], db=db)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"schema 0001_words_prefixes -> {HEAD}\n"
    assert run_cli(["check", "cool"], db=db).exit_code == 0
    assert json.loads(run_cli(["db", "current", "--json"], db=db).stdout) == {
        "revision": HEAD,
        "head": HEAD,
        "current": True,
    }


def test_db_upgrade_without_index(run_cli, tmp_path):
    one_error_line(run_cli(["db", "upgrade"], db=tmp_path / "none.db"), 2, "wordindex build")


def test_unknown_revision(run_cli, nine_db):
    one_error_line(run_cli(["db", "downgrade", "banana"], db=nine_db), 2, "unknown schema revision")


def test_default_database_comes_from_data_dir(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    source = tmp_path / "w.txt"
    source.write_text("cool\n")
    result = run_cli(["build", source])
    assert result.exit_code == 0, result.stderr
    assert str(tmp_path / "data" / "wordindex" / "wordindex.db") in result.stdout


def test_db_option_beats_environment(run_cli, tmp_path, nine_db, monkeypatch):
    result = run_cli(["--db", nine_db, "check", "cool"], db=tmp_path / "none.db")
    assert result.exit_code == 0


def test_version(run_cli):
    result = run_cli(["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("wordindex ")
