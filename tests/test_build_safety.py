"""``build`` never destroys what is not its own, and two builds never race (issue 9, points 1-4, 12, 13)."""

from __future__ import annotations

import fcntl
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordindex.build.builder import build_index
from wordindex.errors import BuildBusyError, DatabaseURLError, RefusedError
from wordindex.index.sqlite_file import lock_path

from .interrupting import sigint_default
from .test_build_atomic import answers, write_words
from .test_cli_index import one_error_line


@pytest.fixture
def source(tmp_path):
    return write_words(tmp_path / "words.txt", ["cool", "good"])


# -- 1. only a missing path, an empty file or an index is replaced ------------------------------


@pytest.mark.parametrize(
    "name, content",
    [
        ("README.md", b"# My project\n\nDo not lose me.\n"),
        ("notes.txt", b"cool\ngood\nzebra\n"),
        ("truncated.db", b"SQLite format 3\x00" + b"\x00" * 200),
    ],
)
def test_build_refuses_a_file_that_is_not_an_index(run_cli, tmp_path, source, name, content):
    target = tmp_path / name
    target.write_bytes(content)
    result = run_cli(["--db", target, "build", source])
    one_error_line(result, RefusedError.exit_code, str(target), "not a wordindex index", "--force")
    assert target.read_bytes() == content
    assert not list(tmp_path.glob("*.partial"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, source.name])  # nothing left beside it


def test_build_refuses_the_dictionary_it_reads_even_with_force(run_cli, tmp_path, source):
    before = source.read_bytes()
    for extra in ([], ["--force"]):
        result = run_cli(["--db", source, "build", source, *extra])
        one_error_line(result, RefusedError.exit_code, "the dictionary being read")
        assert source.read_bytes() == before


def test_build_refuses_another_programs_database(run_cli, tmp_path, source):
    target = tmp_path / "shop.db"
    with sqlite3.connect(target) as connection:
        connection.execute("CREATE TABLE customers (id INTEGER, name TEXT)")
        connection.execute("INSERT INTO customers VALUES (1, 'Ada')")
    connection.close()
    one_error_line(run_cli(["--db", target, "build", source]), RefusedError.exit_code, "another program's", "--force")
    with sqlite3.connect(target) as connection:
        assert connection.execute("SELECT name FROM customers").fetchall() == [("Ada",)]
    connection.close()


def test_force_replaces_a_foreign_file(run_cli, tmp_path, source):
    target = tmp_path / "notes.txt"
    target.write_text("scratch\n")
    result = run_cli(["--db", target, "build", source, "--force"])
    assert result.exit_code == 0, result.stderr
    assert answers(target)[:2] == [("cool", True), ("good", True)]


def test_build_writes_a_missing_path_an_empty_file_and_over_an_index(tmp_path, source):
    empty = tmp_path / "empty.db"
    empty.touch()
    for target in (tmp_path / "new" / "w.db", empty, empty):
        build_index(target, source)
        assert answers(target)[:2] == [("cool", True), ("good", True)]


# -- 3. an empty --db is an error, never the default index -------------------------------------


def test_empty_db_option_and_variable_are_usage_errors(run_cli, tmp_path, source, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    one_error_line(run_cli(["--db", "", "build", source]), DatabaseURLError.exit_code, "--db is empty")
    one_error_line(run_cli(["--db", "  ", "check", "cool"]), DatabaseURLError.exit_code, "--db is empty")
    result = run_cli(["build", source], db="")
    one_error_line(result, DatabaseURLError.exit_code, "WORDINDEX_DB is empty")
    assert not (tmp_path / "data").exists(), "the default index must not be touched"


# -- 4. a symlinked --db stays a link; mode (and owner) are kept -------------------------------


def test_symlinked_db_rebuilds_the_target_and_keeps_the_link(tmp_path, source):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "index.db"
    build_index(real, write_words(tmp_path / "a.txt", ["zebra"]))
    link = tmp_path / "link.db"
    link.symlink_to(real)
    build_index(link, source)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert answers(real) == [("cool", True), ("good", True), ("zebra", False)]
    assert not list(tmp_path.glob("link.db.*")), "nothing may be built beside the link"


def test_rebuild_keeps_the_file_mode(tmp_path, source):
    target = tmp_path / "w.db"
    build_index(target, source)
    target.chmod(0o640)
    build_index(target, write_words(tmp_path / "b.txt", ["zebra"]))
    assert target.stat().st_mode & 0o777 == 0o640


# -- 12. two builds at once: the second is refused with a clear message -------------------------


def test_second_sqlite_build_is_refused_while_one_runs(run_cli, tmp_path, source):
    target = tmp_path / "w.db"
    build_index(target, source)
    before = target.read_bytes()
    with open(lock_path(target), "a+") as held:  # what a running build holds
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        result = run_cli(["--db", target, "build", write_words(tmp_path / "b.txt", ["zebra"])])
    one_error_line(result, BuildBusyError.exit_code, "another `wordindex build`", str(target))
    assert target.read_bytes() == before
    build_index(target, write_words(tmp_path / "c.txt", ["zebra"]))  # released: the next build runs
    assert answers(target)[2] == ("zebra", True)
    assert not lock_path(target).exists()  # the build that took the lock file removed it


def test_the_lock_file_is_there_only_while_a_build_runs(tmp_path, source, monkeypatch):
    from wordindex.build import builder as build_module

    target = tmp_path / "w.db"
    seen: list[bool] = []
    original = build_module.claim_target

    def claim_and_look(*args, **kwargs):
        claimed = original(*args, **kwargs)
        seen.append(lock_path(target).exists())
        return claimed

    monkeypatch.setattr(build_module, "claim_target", claim_and_look)
    build_index(target, source)
    assert seen == [True]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.db", "words.txt"]


def test_second_postgres_build_is_refused_while_one_runs(run_cli, pg_index_factory, tmp_path):
    from sqlalchemy import create_engine, text

    from wordindex.build.load_postgres import BUILD_LOCK_KEY

    url = pg_index_factory("busy", ["cool", "good"])
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as connection:
        assert connection.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": BUILD_LOCK_KEY}).scalar()
        result = run_cli(["--db", url, "build", write_words(tmp_path / "b.txt", ["zebra"])])
    engine.dispose()
    one_error_line(result, BuildBusyError.exit_code, "another `wordindex build`")
    assert answers(url) == [("cool", True), ("good", True), ("zebra", False)]


# -- 13. Ctrl-C and SIGTERM: one line (or none), no helper traceback, no .partial left -----------


def big_word_list(path: Path, count: int = 300_000) -> Path:
    import random

    rng = random.Random(9)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(3, 14))) for _ in range(count)}
    return write_words(path, sorted(words))


def start_build(db: Path, source: Path) -> subprocess.Popen:
    """``wordindex build`` in its own process group (as a shell runs it), stderr captured."""
    code = "from wordindex.cli.app import main; main()"
    return subprocess.Popen(
        [sys.executable, "-c", code, "--db", str(db), "build", str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=sigint_default,  # SIGINT reaches it even when this run ignores it (nohup, a background job)
    )


def wait_for_partial(folder: Path, process: subprocess.Popen, name: str = "w.db") -> None:
    deadline = time.monotonic() + 120
    while not list(folder.glob(f"{name}.*.partial")) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert process.poll() is None, "the build finished before it could be interrupted"
    time.sleep(0.4)


def interrupt_build(tmp_path: Path, source: Path, interrupt) -> tuple[subprocess.Popen, str, bytes, Path]:
    """Start a big build over an index, ``interrupt(process)`` it mid-load; (process, stderr, old bytes, db)."""
    db = tmp_path / "w.db"
    build_index(db, source)
    before = db.read_bytes()
    process = start_build(db, big_word_list(tmp_path / "big.txt"))
    try:
        wait_for_partial(tmp_path, process)
        interrupt(process)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process, stderr, before, db


@pytest.mark.parametrize("attempt", range(3))
def test_ctrl_c_during_build_is_one_line_exit_130_and_leaves_nothing(tmp_path, source, attempt):
    # What Ctrl-C in a terminal does: SIGINT to the whole process group, the helper included.
    process, stderr, before, db = interrupt_build(tmp_path, source, lambda p: os.killpg(p.pid, signal.SIGINT))
    assert process.returncode == 130, stderr
    assert stderr == "Interrupted.\n"
    assert db.read_bytes() == before
    assert not list(tmp_path.glob("*.partial"))


def test_a_build_in_a_terminal_draws_its_bar_and_still_forks_its_helper(run_cli, tmp_path, source, monkeypatch):
    """The progress bar must not start a thread: with one running, the helper is spawned, not forked
    (``wordindex.processes``), and a spawned helper starting up when Ctrl-C reaches the process group
    prints a traceback. So a build in a terminal forks like a piped one."""
    import io

    from wordindex.cli.environment import Environment, use_environment

    from wordindex import processes

    answers_seen: list[bool] = []
    original = processes.fork_is_safe

    def recorded() -> bool:
        answers_seen.append(original())
        return answers_seen[-1]

    monkeypatch.setattr(processes, "fork_is_safe", recorded)
    screen = io.StringIO()
    terminal = Environment(stdout=io.StringIO(), stderr=screen, stderr_isatty=True, colour=False)
    with use_environment(lambda: terminal):
        result = run_cli(["--db", tmp_path / "w.db", "build", source])
    assert result.exit_code == 0
    assert "reading" in screen.getvalue().lower()  # the bar was drawn
    assert answers_seen == [True]


def test_sigterm_during_build_removes_its_partial_files(tmp_path, source):
    process, stderr, before, db = interrupt_build(tmp_path, source, lambda p: os.kill(p.pid, signal.SIGTERM))
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    assert db.read_bytes() == before
    time.sleep(0.2)  # the helper is killed by the parent's clean-up
    assert not list(tmp_path.glob("*.partial"))


# -- 2. PostgreSQL: only schemas the build can prove are its own are ever dropped -----------------


def pg_run(url: str, *statements: str) -> list:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    rows: list = []
    with engine.begin() as connection:
        for statement in statements:
            result = connection.execute(text(statement))
            rows = list(result) if result.returns_rows else []
    engine.dispose()
    return rows


@pytest.mark.parametrize("schema", ["wordindex", "wordindex_old", "wordindex_build"])
def test_postgres_build_never_drops_a_schema_holding_other_tables(run_cli, pg_database, source, schema):
    pg_run(
        pg_database,
        f"CREATE SCHEMA {schema}",
        f"CREATE TABLE {schema}.payroll (name text)",
        f"INSERT INTO {schema}.payroll VALUES ('Ada')",
    )
    result = run_cli(["--db", pg_database, "build", source])
    one_error_line(result, RefusedError.exit_code, f"schema {schema}", "payroll", "never drops it")
    assert pg_run(pg_database, f"SELECT name FROM {schema}.payroll") == [("Ada",)]


def test_postgres_build_never_drops_a_schema_it_did_not_create(run_cli, pg_database, source):
    pg_run(pg_database, "CREATE SCHEMA wordindex")
    one_error_line(run_cli(["--db", pg_database, "build", source]), RefusedError.exit_code, "not created by")
    assert pg_run(pg_database, "SELECT count(*) FROM pg_namespace WHERE nspname = 'wordindex'") == [(1,)]


def test_postgres_build_never_drops_an_index_schema_with_extra_tables(run_cli, pg_database, source, tmp_path):
    build_index(pg_database, source)
    pg_run(pg_database, "CREATE TABLE wordindex.my_notes (note text)", "INSERT INTO wordindex.my_notes VALUES ('x')")
    result = run_cli(["--db", pg_database, "build", write_words(tmp_path / "b.txt", ["zebra"])])
    one_error_line(result, RefusedError.exit_code, "my_notes")
    assert pg_run(pg_database, "SELECT note FROM wordindex.my_notes") == [("x",)]


def test_postgres_build_marks_its_schema_and_rebuilds_its_own(pg_database, source, tmp_path):
    from wordindex.build.load_postgres import SCHEMA_MARKER

    build_index(pg_database, source)
    build_index(pg_database, write_words(tmp_path / "b.txt", ["zebra"]))
    assert answers(pg_database) == [("cool", False), ("good", False), ("zebra", True)]
    marker = "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = 'wordindex'"
    assert pg_run(pg_database, marker) == [(SCHEMA_MARKER,)]
    # An index of an older wordindex (no marker, only wordindex's tables) is still rebuilt.
    pg_run(pg_database, "COMMENT ON SCHEMA wordindex IS NULL")
    build_index(pg_database, source)
    assert answers(pg_database) == [("cool", True), ("good", True), ("zebra", False)]
    assert pg_run(pg_database, "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'wordindex%'") == [("wordindex",)]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_rebuild_as_root_keeps_the_owner(tmp_path, source):
    target = tmp_path / "w.db"
    build_index(target, source)
    os.chown(target, 4321, 4322)
    build_index(target, write_words(tmp_path / "b.txt", ["zebra"]))
    assert (target.stat().st_uid, target.stat().st_gid) == (4321, 4322)
