"""Shared fixtures: one small index per word list per test session, and the CLI runner.

* ``small_index``: built once from ``tests/data/small_words.txt`` (SQLite file).
* ``index_factory(name, words)``: build (once per session) an index from a
  list of words; later calls with the same name reuse it.
* ``wordlist(name)``: a reference list from ``../shared/wordlists`` whose
  folder is given by ``WORDINDEX_WORDLISTS``; the test skips without it.
* ``pg_url``: a PostgreSQL server URL from ``WORDINDEX_TEST_PG_URL``; the test
  skips without it (``.ci/run`` starts a server and sets it).
* ``run_cli(args, db=..., input=...)``: typer's CliRunner on the real app,
  returning the click Result (exit_code, stdout, stderr).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordindex.build import build_index

DATA = Path(__file__).parent / "data"
SMALL_WORDS = DATA / "small_words.txt"


@pytest.fixture(scope="session")
def index_factory(tmp_path_factory):
    """Build an index from words (or a file) once per session per name."""
    built: dict[str, Path] = {}

    def factory(name: str, words: list[str] | None = None, path: Path | None = None) -> Path:
        if name not in built:
            folder = tmp_path_factory.mktemp(f"index-{name}")
            source = path
            if source is None:
                source = folder / f"{name}.txt"
                source.write_text("\n".join(words) + "\n")
            target = folder / "wordindex.db"
            build_index(str(target), source)
            built[name] = target
        return built[name]

    return factory


@pytest.fixture(scope="session")
def small_index(index_factory) -> Path:
    """Path of the SQLite index of tests/data/small_words.txt."""
    return index_factory("small", path=SMALL_WORDS)


@pytest.fixture(scope="session")
def wordlists_dir() -> Path:
    folder = os.environ.get("WORDINDEX_WORDLISTS")
    if not folder or not Path(folder).is_dir():
        pytest.skip("reference word lists not available (set WORDINDEX_WORDLISTS to shared/wordlists)")
    return Path(folder)


@pytest.fixture(scope="session")
def wordlist(wordlists_dir):
    """``wordlist("enable2k.txt")``: path of a reference list (skips without them)."""

    def get(name: str) -> Path:
        path = wordlists_dir / name
        if not path.exists():
            pytest.skip(f"reference word list {name} not found in {wordlists_dir}")
        return path

    return get


@pytest.fixture(scope="session")
def pg_url() -> str:
    url = os.environ.get("WORDINDEX_TEST_PG_URL")
    if not url:
        pytest.skip("no PostgreSQL server (set WORDINDEX_TEST_PG_URL)")
    return url


@pytest.fixture
def run_cli(monkeypatch):
    """Run the wordindex CLI in-process; ``db`` sets WORDINDEX_DB for the call."""
    from wordindex.cli.app import app

    runner = CliRunner()

    def run(args, db=None, input=None):
        env = {"WORDINDEX_DB": str(db)} if db is not None else {}
        if db is None:
            monkeypatch.delenv("WORDINDEX_DB", raising=False)
        return runner.invoke(app, [str(a) for a in args], input=input, env=env, catch_exceptions=False)

    return run


@pytest.fixture(scope="session")
def pg_index_factory(pg_url, tmp_path_factory):
    """``pg_index_factory(name, words=[...] or path=...)``: URL of a PostgreSQL index.

    Each name gets its own fresh database on the test server (so parallel
    sessions never clobber each other), built once and dropped at the end.
    """
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    server = make_url(pg_url).set(drivername="postgresql+psycopg")
    admin = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    created: dict[str, str] = {}

    def factory(name: str, words: list[str] | None = None, path: Path | None = None) -> str:
        if name not in created:
            database = f"wi_{name}_{os.getpid()}".lower()
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{database}"'))
                connection.execute(text(f'CREATE DATABASE "{database}"'))
            url = server.set(database=database).render_as_string(hide_password=False)
            source = path
            if source is None:
                source = tmp_path_factory.mktemp(f"pg-{name}") / f"{name}.txt"
                source.write_text("\n".join(words) + "\n")
            build_index(url, source)
            created[name] = url
        return created[name]

    yield factory
    with admin.connect() as connection:
        for url in created.values():
            connection.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))
    admin.dispose()


BUNDLED_DICTIONARY = Path(__file__).resolve().parent.parent / "data" / "dictionary.txt"


@pytest.fixture(scope="session")
def bundled_index(index_factory) -> Path:
    """Path of the SQLite index of the bundled data/dictionary.txt (levels and vulgar flags)."""
    return index_factory("bundled", path=BUNDLED_DICTIONARY)


@pytest.fixture(scope="session")
def bundled_entries() -> dict[str, tuple[int, bool]]:
    """``word -> (level, vulgar)`` read straight from data/dictionary.txt's columns."""
    entries = {}
    for line in BUNDLED_DICTIONARY.read_text(encoding="ascii").splitlines():
        word, level, *flags = line.split("\t")
        entries[word] = (int(level), flags == ["vulgar"])
    return entries
