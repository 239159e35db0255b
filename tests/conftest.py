"""Shared fixtures, and the backend the whole suite runs on.

``pytest`` runs every test on SQLite; ``pytest --backend postgresql`` (sqlite-utils
style) runs the same tests again on PostgreSQL: ``index_factory`` then builds
each index in a database of its own on the server of ``WORDINDEX_TEST_PG_URL``
and returns its URL. Tests that are about SQLite files themselves are marked
``sqlite_only`` and skipped on PostgreSQL.

* ``backend``: ``"sqlite"`` or ``"postgresql"``.
* ``index_factory(name, words)`` / ``index_factory(name, path=...)``: build (once
  per session) an index on the backend; its SQLite path or PostgreSQL URL
  (``language=`` and ``encoding=`` build it in another language).
* ``small_index``: the index of ``tests/data/small_words.txt``.
* ``nine_db`` / ``nine``: the nine 4-letter words many tests work out by hand
  (``NINE``): the index's location, and the index opened for the module.
* ``wordlist(name)``: a reference list from ``WORDINDEX_WORDLISTS`` (skips without it).
* ``pg_url`` / ``pg_index_factory``: a PostgreSQL server and indexes on it,
  whatever the backend (the tests that compare both backends); skip without a server.
* ``saved(session)``: a game session's state through JSON text and back.
* ``run_cli(args, db=..., input=...)``: typer's CliRunner on the real app.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wordindex.build.builder import build_index

from .prerequisites import missing

DATA = Path(__file__).parent / "data"
SMALL_WORDS = DATA / "small_words.txt"
#: Nine 4-letter words: small enough that every family, guess and game can be worked out by hand.
NINE = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"]
BACKENDS = ("sqlite", "postgresql")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--backend",
        choices=BACKENDS,
        default="sqlite",
        help="database backend of the indexes the tests build (postgresql needs WORDINDEX_TEST_PG_URL)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test about SQLite files (skipped with --backend postgresql)")
    if config.getoption("--backend") == "postgresql" and not os.environ.get("WORDINDEX_TEST_PG_URL"):
        raise pytest.UsageError("--backend postgresql needs a server: set WORDINDEX_TEST_PG_URL")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--backend") != "postgresql":
        return
    skip = pytest.mark.skip(reason="about SQLite files; the suite runs with --backend postgresql")
    for item in items:
        if "sqlite_only" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--backend"))


def _source(folder: Path, name: str, words: list[str] | None, path: Path | None) -> Path:
    if path is not None:
        return path
    source = folder / f"{name}.txt"
    source.write_text("\n".join(words or []) + "\n", encoding="utf-8")
    return source


class PostgresIndexes:
    """Indexes on the test server, one database each (so parallel sessions never clobber each other)."""

    def __init__(self, server_url: str):
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url

        self.server = make_url(server_url).set(drivername="postgresql+psycopg")
        self.admin = create_engine(self.server.set(database="postgres"), isolation_level="AUTOCOMMIT")
        self.created: dict[str, str] = {}

    def build(self, name: str, source: Path, **options: str | None) -> str:
        from sqlalchemy import text

        if name not in self.created:
            database = f"wi_{name}_{os.getpid()}".lower().replace("-", "_")
            with self.admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{database}"'))
                connection.execute(text(f'CREATE DATABASE "{database}"'))
            url = self.server.set(database=database).render_as_string(hide_password=False)
            build_index(url, source, **options)
            self.created[name] = url
        return self.created[name]

    def drop_all(self) -> None:
        from sqlalchemy import text
        from sqlalchemy.engine import make_url

        with self.admin.connect() as connection:
            for url in self.created.values():
                connection.execute(text(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)'))
        self.admin.dispose()


@pytest.fixture(scope="session")
def pg_url() -> str:
    url = os.environ.get("WORDINDEX_TEST_PG_URL")
    if not url:
        missing("no PostgreSQL server (set WORDINDEX_TEST_PG_URL)")
    return url


@pytest.fixture(scope="session")
def _pg_indexes() -> Iterator[Callable[[], PostgresIndexes]]:
    """The session's PostgreSQL indexes, connected on first use and dropped at the end."""
    made: list[PostgresIndexes] = []

    def get() -> PostgresIndexes:
        if not made:
            url = os.environ.get("WORDINDEX_TEST_PG_URL")
            if not url:
                missing("no PostgreSQL server (set WORDINDEX_TEST_PG_URL)")
            made.append(PostgresIndexes(url))
        return made[0]

    yield get
    for indexes in made:
        indexes.drop_all()


@pytest.fixture(scope="session")
def pg_index_factory(pg_url, _pg_indexes, tmp_path_factory):
    """``pg_index_factory(name, words=[...] or path=...)``: URL of a PostgreSQL index, whatever the backend."""

    def factory(name: str, words: list[str] | None = None, path: Path | None = None) -> str:
        folder = tmp_path_factory.mktemp(f"pg-{name}")
        return _pg_indexes().build(name, _source(folder, name, words, path))

    return factory


@pytest.fixture(scope="session")
def index_factory(backend, _pg_indexes, tmp_path_factory):
    """Build (once per session per name) an index from words or a file, on the chosen backend."""
    built: dict[str, Path | str] = {}

    def factory(
        name: str,
        words: list[str] | None = None,
        path: Path | None = None,
        language: str | None = None,
        encoding: str | None = None,
    ) -> Path | str:
        if name not in built:
            folder = tmp_path_factory.mktemp(f"index-{name}")
            source = _source(folder, name, words, path)
            options = {"language_code": language, "encoding": encoding}
            if backend == "postgresql":
                built[name] = _pg_indexes().build(f"b_{name}", source, **options)
            else:
                target = folder / "wordindex.db"
                build_index(str(target), source, **options)
                built[name] = target
        return built[name]

    return factory


@pytest.fixture(scope="session")
def small_index(index_factory) -> Path | str:
    """The index of tests/data/small_words.txt (a SQLite path or a PostgreSQL URL)."""
    return index_factory("small", path=SMALL_WORDS)


@pytest.fixture(scope="session")
def nine_db(index_factory) -> Path | str:
    """The index of the nine words (``NINE``)."""
    return index_factory("nine", NINE)


@pytest.fixture(scope="module")
def nine(nine_db):
    """The nine-word index, open for one test module."""
    from wordindex.index.core import open_index

    with open_index(nine_db) as index:
        yield index


@pytest.fixture(scope="session")
def wordlists_dir() -> Path:
    folder = os.environ.get("WORDINDEX_WORDLISTS")
    if not folder or not Path(folder).is_dir():
        missing("reference word lists not available (set WORDINDEX_WORDLISTS to shared/wordlists)")
    return Path(folder)


@pytest.fixture(scope="session")
def wordlist(wordlists_dir):
    """``wordlist("enable2k.txt")``: path of a reference list (skips without them)."""

    def get(name: str) -> Path:
        path = wordlists_dir / name
        if not path.exists():
            missing(f"reference word list {name} not found in {wordlists_dir}")
        return path

    return get


@pytest.fixture
def saved():
    """``saved(session)``: a game session's state through JSON text and back, as a store keeps it."""
    import json

    def roundtrip(session):
        return json.loads(json.dumps(session.state()))

    return roundtrip


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


@pytest.fixture
def pg_empty_database(pg_url):
    """A new, empty database on the test server (dropped afterwards), as a SQLAlchemy URL."""
    import os

    from sqlalchemy import create_engine as _create_engine
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    server = make_url(pg_url).set(drivername="postgresql+psycopg")
    name = f"wi_migrations_{os.getpid()}"
    admin = _create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    yield server.set(database=name)
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def pg_database(pg_empty_database):
    """A fresh, empty database on the test server, as a URL string."""
    return pg_empty_database.render_as_string(hide_password=False)


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


def end_server_processes(url: str, pids: list[int] | None = None) -> int:
    """End the PostgreSQL server processes of ``pids`` (default: every other client of the URL's
    database), as an administrator or a server restart would, waiting until each is gone; how many.

    From a connection of its own, and the processes listed before any is ended: in one query the
    planner may call ``pg_terminate_backend`` before the filter, on any process of the server.
    """
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    engine = create_engine(url, poolclass=NullPool)
    with engine.connect() as connection:
        if pids is None:
            pids = list(
                connection.exec_driver_sql(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                ).scalars()
            )
        for pid in pids:
            connection.exec_driver_sql("SELECT pg_terminate_backend(%(pid)s, 10000)", {"pid": pid})
        connection.commit()
    engine.dispose()
    return len(pids)
