"""Fixtures of the web tests: an app on a test index (SQLite or PostgreSQL), its TestClient, a live server.

* ``web_index(backend)``: the Location of a test index on ``sqlite`` or
  ``postgresql`` (skips without a server), built from ``WEB_WORDS``.
* ``make_app(location, **settings)``: a new app (a new "server instance")
  on that index; several apps on one index share its game store.
* ``client``: a TestClient on a SQLite app, started (lifespan run).
* ``live_server``: uvicorn on 127.0.0.1 and a free port in a thread, for the
  browser tests; yields the base URL.
* ``watching(app)``: wait until a started app's PostgreSQL indexes are watched
  (their generation known without a query) and the event loop's own index is open.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from wordindex.index.location import Location, parse_location  # noqa: E402

from ..prerequisites import missing  # noqa: E402

#: A small dictionary for the games: the words of BOARD and of a few hangman lengths.
WEB_WORDS = (
    "cat cats coat coats cot cots act acts tea teas eat eats seat east sate tee tees bee bees beet beets "
    "set sets best bet bets cast coast ace aces sac taco tacos tab tabs scab stab cab cabs "
    "cool coal cola loco quit quiet quite quote suit "
    "ally beta deal else flew good hope ibex bead beds bell belt bold bolt bone book "
    "apple mango lemon melon grape peach"
).split()
#: A 4×4 board on which several WEB_WORDS can be traced (rows: cats / oeab / tseq / ibxl).
BOARD = "catsoeabtseqibxl"


@pytest.fixture(scope="session")
def sqlite_web_index(index_factory) -> Location:
    """The test index on the suite's backend (SQLite unless ``pytest --backend postgresql``)."""
    return parse_location(str(index_factory("web", WEB_WORDS)))


@pytest.fixture(scope="session")
def pg_web_index(pg_index_factory) -> Location:
    return parse_location(pg_index_factory("web", WEB_WORDS))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def web_index(request) -> Location:
    """The test index on each backend (PostgreSQL skips without WORDINDEX_TEST_PG_URL)."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_web_index")
    return request.getfixturevalue("pg_web_index")


@pytest.fixture
def make_app() -> Callable[..., FastAPI]:
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    def make(location: Location, **settings) -> FastAPI:
        return create_app(Settings(index=location, **settings))

    return make


@pytest.fixture
def api(web_index, make_app) -> Iterator[TestClient]:
    """A started TestClient on the test index, for each backend."""
    with TestClient(make_app(web_index)) as client:
        yield client


@pytest.fixture
def client(sqlite_web_index, make_app) -> Iterator[TestClient]:
    """A started TestClient on the SQLite test index."""
    with TestClient(make_app(sqlite_web_index)) as client:
        yield client


def watching(app: FastAPI) -> None:
    """Wait until each PostgreSQL index of a started app has its generation read by the worker's watch,
    and check that the event loop's own index is open (a worker a moment after start-up); no-op on SQLite."""
    for served in app.state.served.all:
        watch = served.indexes.watch
        if watch is not None:
            assert watch.wait_for(lambda known: known is not None, 30), watch.last_error
            assert served.indexes.answers_on_the_loop()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """Run ``app`` under uvicorn on 127.0.0.1 and a free port, in a thread; yields the base URL."""
    import uvicorn
    from wordindex.web.protocol import server_options

    port = free_port()
    options = server_options(app.state.settings)  # as `wordindex serve` runs it
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def live_server(index_factory) -> Iterator[str]:
    """A real server on the SQLite test index, for the browser tests; its base URL."""
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    location = parse_location(str(index_factory("web", WEB_WORDS)))
    with serving(create_app(Settings(index=location))) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium under Playwright; the browser tests skip without it."""
    from .browser import ARGS, CHROMIUM

    if not Path(CHROMIUM).exists():
        missing(f"no Chromium at {CHROMIUM} (apt-get install -y chromium; .ci/chromium.sh)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()
