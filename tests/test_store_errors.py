"""Every bad input to the store is one clean line, and none hangs (issue 9, points 5, 8-11, 14, 15)."""

from __future__ import annotations

import ast
import os
import socket
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from wordindex.errors import (
    DatabaseError,
    DictionaryError,
    NotAnIndexError,
    SchemaTooNewError,
    UsageError,
)

from .test_cli_index import one_error_line

PACKAGE = Path(__file__).resolve().parent.parent / "wordindex"
MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations" / "versions"


@pytest.fixture(scope="module")
def nine(index_factory):
    return index_factory("nine-safety", ["cool", "good", "zebra", "kite", "coder", "cooler", "code", "dog", "cat"])


def copy_of(index: Path, folder: Path, name: str = "copy.db") -> Path:
    target = folder / name
    target.write_bytes(index.read_bytes())
    return target


def run_in_subprocess(args: list[str], timeout: float = 60, **env: str) -> subprocess.CompletedProcess:
    """The real CLI in a child process (for what could hang: a test times out instead)."""
    code = "from wordindex.cli.app import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **env},
    )


def assert_one_error(result: subprocess.CompletedProcess, code: int, *fragments: str) -> None:
    lines = result.stderr.splitlines()
    assert result.returncode == code, result.stderr
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


# -- 5. db commands on what is not an index ----------------------------------------------------


def damaged_databases(folder: Path, index: Path) -> dict[str, Path]:
    text = folder / "text.txt"
    text.write_text("cool\ngood\n")
    truncated = folder / "truncated.db"
    truncated.write_bytes(index.read_bytes()[:5000])
    empty_alembic = copy_of(index, folder, "empty_alembic.db")
    unknown = copy_of(index, folder, "unknown.db")
    other = folder / "other.db"
    with sqlite3.connect(empty_alembic) as c1, sqlite3.connect(unknown) as c2, sqlite3.connect(other) as c3:
        c1.execute("DELETE FROM alembic_version")
        c2.execute("UPDATE alembic_version SET version_num = '9999_later'")
        c3.execute("CREATE TABLE people (name TEXT)")
    for connection in (c1, c2, c3):
        connection.close()
    return {"text": text, "truncated": truncated, "empty_alembic": empty_alembic, "unknown": unknown, "other": other}


EXPECTED = {
    "text": (NotAnIndexError, "not a SQLite database"),
    "truncated": (NotAnIndexError, "not a SQLite database"),
    "empty_alembic": (NotAnIndexError, "alembic_version table is empty"),
    "other": (NotAnIndexError, "another program's SQLite database"),
}


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
@pytest.mark.parametrize("command", [["current"], ["upgrade"], ["downgrade", "0001_words_prefixes"]])
@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_db_commands_on_what_is_not_an_index(run_cli, tmp_path, nine, command, kind):
    path = damaged_databases(tmp_path, nine)[kind]
    before = path.read_bytes()
    error, fragment = EXPECTED[kind]
    one_error_line(run_cli(["db", *command], db=path), error.exit_code, fragment)
    assert path.read_bytes() == before, "a refused db command must not change the file"


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
@pytest.mark.parametrize("command", [["upgrade"], ["downgrade", "0001_words_prefixes"]])
def test_db_migrations_refuse_an_unknown_revision(run_cli, tmp_path, nine, command):
    path = damaged_databases(tmp_path, nine)["unknown"]
    one_error_line(run_cli(["db", *command], db=path), SchemaTooNewError.exit_code, "9999_later", "newer")
    assert run_cli(["db", "current"], db=path).stdout.startswith("9999_later ")


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
def test_db_upgrade_adds_nothing_to_another_programs_database(run_cli, tmp_path, nine):
    other = damaged_databases(tmp_path, nine)["other"]
    run_cli(["db", "upgrade"], db=other)
    with sqlite3.connect(other) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    connection.close()
    assert tables == {"people"}


def test_db_upgrade_refuses_a_postgres_schema_that_is_not_an_index(run_cli, pg_url):
    from .test_build_safety import pg_run

    url = pg_url.replace("postgresql://", "postgresql+psycopg://", 1)
    pg_run(
        url, "DROP SCHEMA IF EXISTS wordindex CASCADE", "CREATE SCHEMA wordindex", "CREATE TABLE wordindex.t (x int)"
    )
    try:
        one_error_line(run_cli(["db", "upgrade"], db=pg_url), NotAnIndexError.exit_code, "not a wordindex index")
        tables = pg_run(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'wordindex'")
        assert tables == [("t",)]
    finally:
        pg_run(url, "DROP SCHEMA wordindex CASCADE")


# -- 8. overflow: long patterns, huge limits, endless searches ---------------------------------


def test_pattern_longer_than_any_word_is_a_clean_no(run_cli, nine):
    result = run_cli(["words", "--pattern", "-" * 62 + "a"], db=nine)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "", "no word fits " + "-" * 62 + "a\n")
    result = run_cli(["words", "--pattern", "-" * 64 + "a"], db=nine)
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "no word is 65 letters long (the longest possible has 63)\n"
    result = run_cli(["words", "--pattern", "-" * 70, "--guessed", "e", "--json"], db=nine)
    assert (result.exit_code, result.stdout) == (1, '{"count": 0, "words": [], "spellings": {}}\n')


def test_pattern_longer_than_any_word_on_postgres(run_cli, pg_index_factory):
    url = pg_index_factory("overflow", ["cool", "good"])
    result = run_cli(["words", "--pattern", "-" * 64 + "a", "--json"], db=url)
    assert (result.exit_code, result.stdout, result.stderr) == (1, '{"count": 0, "words": [], "spellings": {}}\n', "")


@pytest.mark.parametrize("limit", [str(2**63), str(10**30), "-1"])
def test_limit_out_of_range_is_a_usage_error(run_cli, nine, limit):
    result = run_cli(["words", "--pattern", "----", "--limit", limit], db=nine)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "--limit" in result.stderr


def test_largest_limit_works(run_cli, nine):
    result = run_cli(["words", "--pattern", "c--l", "--limit", str(2**63 - 1)], db=nine)
    assert (result.exit_code, result.stdout) == (0, "cool\n")


def test_words_matching_rejects_an_impossible_limit(nine):
    from wordindex.index.core import open_index
    from wordindex.words.lookup import words_matching
    from wordindex.words.pattern import parse_pattern

    with open_index(nine) as index, pytest.raises(UsageError):
        words_matching(index, parse_pattern("----"), limit=2**63)


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "0"])
def test_boggle_best_seconds_must_be_finite_and_positive(run_cli, nine, seconds):
    one_error_line(run_cli(["boggle-best", "--seconds", seconds], db=nine), 2, "--seconds")


# -- 9. a server that never answers: a timeout that names it --------------------------------------


@pytest.fixture
def silent_server():
    """A TCP port that accepts connections and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    listener.close()


@pytest.mark.parametrize("command", [["check", "cool"], ["db", "current"], ["build", "WORDS"]])
def test_silent_server_times_out_with_a_line_naming_it(tmp_path, silent_server, command):
    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    url = f"postgresql://nobody@127.0.0.1:{silent_server}/nothing?connect_timeout=1"
    args = [str(words) if a == "WORDS" else a for a in command]
    result = run_in_subprocess(["--db", url, *args], timeout=60)
    assert_one_error(result, DatabaseError.exit_code, f"127.0.0.1:{silent_server}/nothing", "did not answer within 1 s")


def test_default_connect_timeout(silent_server):
    from wordindex.index.core import DEFAULT_CONNECT_TIMEOUT, server_connect_args
    from wordindex.index.location import parse_location

    assert 1 <= DEFAULT_CONNECT_TIMEOUT <= 10
    result = run_in_subprocess(["--db", f"postgresql://nobody@127.0.0.1:{silent_server}/x", "check", "cool"], 60)
    assert_one_error(result, DatabaseError.exit_code, f"did not answer within {DEFAULT_CONNECT_TIMEOUT} s")
    chosen = server_connect_args(parse_location("postgresql://u@h/db?connect_timeout=30"))
    assert "connect_timeout" not in chosen  # the URL's own value is passed by the driver


# -- 10. FIFOs, over-long names, folders without permission ------------------------------------


def test_fifo_as_db_does_not_hang(tmp_path):
    fifo = tmp_path / "index.db"
    os.mkfifo(fifo)
    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    assert_one_error(run_in_subprocess(["--db", str(fifo), "check", "cool"], 60), 2, "not a regular file")
    assert_one_error(run_in_subprocess(["--db", str(fifo), "build", str(words)], 60), 2, "not a regular file")
    assert_one_error(run_in_subprocess(["--db", str(fifo), "db", "current"], 60), 2, "not a regular file")


def test_build_from_a_fifo_without_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "words.fifo"
    os.mkfifo(fifo)
    result = run_in_subprocess(["--db", str(tmp_path / "w.db"), "build", str(fifo)], 60)
    assert_one_error(result, DictionaryError.exit_code, "empty")


def test_build_from_a_pipe_still_works(tmp_path):
    code = "from wordindex.cli.app import main; main()"
    db = tmp_path / "w.db"
    result = subprocess.run(
        ["bash", "-c", f'"{sys.executable}" -c "{code}" --db "{db}" build <(printf "cool\\ngood\\n")'],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Built 2 English words" in result.stdout


def test_over_long_path_component(run_cli, tmp_path, nine):
    long = tmp_path / ("x" * 300) / "w.db"
    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    for args in (["check", "cool"], ["build", words], ["db", "current"], ["info"]):
        result = run_cli(["--db", long, *args])
        assert result.exit_code != 0 and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.splitlines()) == 1 and "too long" in result.stderr.lower(), result.stderr
    one_error_line(run_cli(["--db", tmp_path / "w.db", "build", tmp_path / ("y" * 300)]), 2, "too long")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root ignores permissions")
def test_folder_without_permission(run_cli, tmp_path, nine):
    locked = tmp_path / "locked"
    locked.mkdir()
    copy_of(nine, locked, "w.db")
    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    locked.chmod(0)
    try:
        for args in (["check", "cool"], ["build", words], ["db", "current"]):
            one_error_line(run_cli(["--db", locked / "w.db", *args]), DatabaseError.exit_code, "ermission denied")
    finally:
        locked.chmod(0o755)


# -- 11. check with any number of words --------------------------------------------------------


def many_words(count: int) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = []
    for i in range(count):
        word = ""
        n = i
        for _ in range(5):
            word += letters[n % 26]
            n //= 26
        words.append(word)
    return words


def test_check_many_words_on_sqlite_binds_few_parameters_per_query(nine, monkeypatch):
    from wordindex.index.core import SQLiteIndex, open_index
    from wordindex.words.lookup import check_prefixes, check_words

    biggest = [0]
    real_rows = SQLiteIndex.rows

    def counting_rows(self, sql, params=None):
        biggest[0] = max(biggest[0], len(params or {}))
        return real_rows(self, sql, params)

    monkeypatch.setattr(SQLiteIndex, "rows", counting_rows)
    words = [*many_words(70_000), "cool", "zebra"]
    with open_index(nine) as index:
        results = check_words(index, words)
        prefixes = check_prefixes(index, ["co", *words])
    assert len(results) == 70_002
    assert [w for w, ok in results if ok] == ["cool", "zebra"]
    assert [w for w, ok in prefixes if ok] == ["co", "cool", "zebra"]
    assert biggest[0] <= 999  # SQLite's historical limit: far from the quadratic regime


def test_check_70000_words_on_postgres(pg_index_factory):
    from wordindex.index.core import open_index
    from wordindex.words.lookup import check_words

    url = pg_index_factory("manywords", ["cool", "good", "zebra"])
    words = [*many_words(70_000), "cool", "zebra"]
    with open_index(url) as index:
        results = check_words(index, words)
    assert len(results) == 70_002
    assert [w for w, ok in results if ok] == ["cool", "zebra"]


# -- 14. only ASCII letters are letters; lines end at \n ------------------------------------------


def test_kelvin_sign_is_not_a_k(run_cli, nine):
    result = run_cli(["check", "\u212aite", "Kite"], db=nine)
    assert (result.exit_code, result.stdout) == (1, "\u212aite: not a word\nkite: a word\n")
    result = run_cli(["words", "--pattern", "\u212a---"], db=nine)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    result = run_cli(["words", "--pattern", "----", "--guessed", "\u212a"], db=nine)
    assert result.exit_code == 2


def test_control_characters_are_printed_escaped(run_cli, nine):
    result = run_cli(["check", "co\nol", "cool", "a\x1bb"], db=nine)
    assert result.exit_code == 1
    assert result.stdout == "'co\\nol': not a word\ncool: a word\n'a\\x1bb': not a word\n"


def test_dictionary_lines_end_at_newline_only(tmp_path):
    from wordindex.build.dictionary import SKIP_NOT_AZ, read_dictionary

    path = tmp_path / "w.txt"
    path.write_bytes("\ufeffcool\r\ngood\nkit\u2028e\nab\x0bcd\nef\x1cgh\nij\x85kl\nmn\rop\n\u212aite\nzebra".encode())
    dictionary = read_dictionary(path)
    assert dictionary.words == ["cool", "good", "zebra"]
    assert dictionary.stats.lines_read == 9
    assert dictionary.stats.skipped == {SKIP_NOT_AZ: 6}


# -- 15. the whole schema is checked on open -------------------------------------------------------


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
@pytest.mark.parametrize(
    "damage, missing",
    [
        ("DROP TABLE prefixes", "table prefixes"),
        ("DROP TABLE letter_totals", "table letter_totals"),
        ("ALTER TABLE words DROP COLUMN signature", "column words.signature"),
    ],
)
def test_partial_schema_is_refused_on_open(run_cli, tmp_path, nine, damage, missing):
    db = copy_of(nine, tmp_path)
    with sqlite3.connect(db) as connection:
        connection.execute("DROP INDEX IF EXISTS ix_words_signature")
        connection.execute(damage)
    connection.close()
    for args in (["check", "cool"], ["info"], ["words", "--pattern", "----"]):
        one_error_line(run_cli(args, db=db), NotAnIndexError.exit_code, missing, "wordindex build")


def test_partial_schema_is_refused_on_postgres(run_cli, pg_database, tmp_path):
    from wordindex.build.builder import build_index

    from .test_build_safety import pg_run

    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    build_index(pg_database, words)
    pg_run(pg_database, "DROP TABLE wordindex.prefixes")
    one_error_line(run_cli(["check", "cool"], db=pg_database), NotAnIndexError.exit_code, "table prefixes")


def test_head_columns_are_what_the_models_declare():
    from wordindex.index.revisions import HEAD_COLUMNS
    from wordindex.index.schema import metadata

    declared = {name: frozenset(c.name for c in table.columns) for name, table in metadata.tables.items()}
    assert {k: v for k, v in HEAD_COLUMNS.items() if k != "alembic_version"} == declared


# -- issue 11's share: no import cycle in the store, migrations import nothing of the package -------


def imported_modules(path: Path) -> set[str]:
    """The ``wordindex`` modules a file imports, anywhere in it (lazy imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("wordindex."):
                found.add(node.module.split(".")[1])
    return found


def test_store_modules_have_no_import_cycle():
    modules = {path.stem: imported_modules(path) for path in PACKAGE.glob("*.py")}
    modules = {name: {m for m in deps if m in modules} for name, deps in modules.items()}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in modules[start]:
            if nxt == goal or (nxt not in seen and (seen.add(nxt) or reaches(nxt, goal, seen))):
                return True
        return False

    cycles = sorted(name for name in modules if reaches(name, name, set()))
    assert cycles == []


@pytest.mark.parametrize("revision", ["0001_words_prefixes", "0002_letter_totals"])
def test_migrations_import_nothing_from_the_package(revision):
    tree = ast.parse((MIGRATIONS / f"{revision}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("wordindex"), ast.dump(node)
        if isinstance(node, ast.Import):
            assert not any(alias.name.startswith("wordindex") for alias in node.names)


@pytest.mark.sqlite_only  # reads or edits the SQLite file itself
def test_permission_denied_on_the_index_path(run_cli, tmp_path, nine, monkeypatch):
    """What a folder without permission gives (simulated: root ignores chmod)."""
    db = copy_of(nine, tmp_path, "w.db")
    words = tmp_path / "w.txt"
    words.write_text("cool\n")
    real_stat = os.stat

    def refuse(path, *args, **kwargs):
        if str(path) == str(db):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", refuse)
    for args in (["check", "cool"], ["build", words], ["db", "current"]):
        one_error_line(run_cli(["--db", db, *args]), DatabaseError.exit_code, "Permission denied", str(db))
