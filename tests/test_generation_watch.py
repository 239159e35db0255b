"""``GenerationWatch``: a PostgreSQL index's generation known without a query, and never wrong for long.

Each test has an index of its own (it gets rebuilt) on the test server, whatever the backend.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from wordindex.build.builder import build_index
from wordindex.index.core import GENERATION_SQL, ServerIndex, WouldWait, open_index
from wordindex.index.generation_watch import GenerationWatch
from wordindex.index.location import parse_location

from .conftest import end_server_processes

pytestmark = pytest.mark.postgres

WORDS = ["cat", "dog", "emu"]
#: Long enough that a test never sees the watch read again unless something arrives.
NEVER = 3600.0


class Clock:
    """A clock the test moves by hand (the watch's trust in its last reading runs on it)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def target(request, pg_index_factory, tmp_path) -> tuple[str, Path]:
    """A PostgreSQL index of its own (the test's name) and the word list to rebuild it from."""
    url = pg_index_factory(f"watch_{request.node.name[5:40]}", WORDS)
    source = tmp_path / "words.txt"
    source.write_text("\n".join(WORDS) + "\n")
    return url, source


def rebuild(url: str, source: Path) -> None:
    build_index(parse_location(url), source)


def queried(url: str) -> int:
    """The generation read by a query of its own."""
    with open_index(url) as index:
        return int(index.scalar(GENERATION_SQL))


@contextmanager
def running(watch: GenerationWatch) -> Iterator[GenerationWatch]:
    """The watch started and its first reading made; stopped afterwards."""
    watch.start()
    try:
        assert watch.wait_for(lambda known: known is not None, 30), watch.last_error
        yield watch
    finally:
        watch.stop()


def rebuild_without_notice(url: str, source: Path, monkeypatch) -> None:
    """A rebuild as an older wordindex makes it: its NOTIFY goes to a channel nobody listens on."""
    import wordindex.build.load_postgres

    monkeypatch.setattr(wordindex.build.load_postgres, "REBUILT_CHANNEL", "some_other_channel")
    rebuild(url, source)


@pytest.fixture
def watched(target) -> Iterator[tuple[GenerationWatch, ServerIndex]]:
    """A started watch (it has read the generation) and an open index that asks it first."""
    url, _ = target
    with running(GenerationWatch(parse_location(url), recheck_seconds=NEVER, trust_seconds=NEVER)) as watch:
        with open_index(url) as index:
            assert isinstance(index, ServerIndex)
            index.watch = watch.known
            yield watch, index


def statements(index: ServerIndex) -> list[str]:
    """Every statement the index's connections send from now on (a SQLAlchemy event)."""
    from sqlalchemy import event

    sent: list[str] = []
    event.listen(index.engine, "before_cursor_execute", lambda *args: sent.append(args[2]))
    return sent


def test_the_generation_is_known_without_a_query(watched, target):
    watch, index = watched
    sent = statements(index)
    readings = watch.readings
    generations = {index.generation() for _ in range(1000)}
    assert sent == []  # not one round trip for a thousand answers
    assert watch.readings == readings  # nor on the watch's own connection
    assert generations == {queried(target[0])}


def test_a_rebuild_is_seen_by_the_next_reader(watched, target):
    watch, index = watched
    url, source = target
    before = index.generation()
    rebuild(url, source)
    sent = statements(index)
    after = index.generation()  # the notice has arrived: the watch vouches for nothing older, at once
    assert after != before and after == queried(url)
    assert watch.wait_for(lambda known: known == after, 30)  # and reads the new one itself
    assert index.generation() == after
    assert len(sent) <= 1  # one query at most, while the watch had not read it yet


def test_a_killed_listener_costs_queries_not_answers(watched, target):
    watch, index = watched
    url, source = target
    before = index.generation()
    killed = watch.backend_pid
    assert killed is not None and end_server_processes(url, [killed]) == 1
    rebuild(url, source)  # while the watch may still be reconnecting
    assert index.generation() == queried(url) != before
    assert watch.wait_for(lambda known: known == queried(url), 30)  # connected again (a new process)
    assert watch.backend_pid not in (None, killed)
    sent = statements(index)
    assert index.generation() == queried(url)
    assert sent == []


def test_a_rebuild_during_a_recheck_is_never_vouched_for(target):
    """The thread rereads on its own while a rebuild's notice waits on the socket: the reading takes the
    notice off the socket, and until the thread has read the new generation it vouches for nothing (it
    once vouched for the old one: the socket looked empty and the old reading still stood)."""
    url, source = target
    watch = GenerationWatch(parse_location(url), recheck_seconds=0.05, trust_seconds=NEVER)
    read, on_notice = watch._read, watch._on_notice
    rebuilt = threading.Event()
    during: list[tuple[str, object]] = []

    def read_after_a_rebuild(connection):
        if watch.readings == 0:
            during.append(("first reading", read(connection)))
            return during[0][1]
        if not rebuilt.is_set():  # a recheck
            rebuild(url, source)  # committed: its notice now waits on the watch's socket
            rebuilt.set()
            generation = read(connection)
            during.append(("read", watch.known()))  # notice and answer read, the new reading not yet published
            return generation
        return read(connection)

    def on_notice_looked_at(notice):
        on_notice(notice)
        during.append(("notice", watch.known()))  # the notice just taken off the socket

    watch._read = read_after_a_rebuild  # type: ignore[method-assign]
    watch._on_notice = on_notice_looked_at  # type: ignore[method-assign]
    with running(watch):
        assert rebuilt.wait(30), watch.last_error
        after = queried(url)
        assert watch.wait_for(lambda known: known == after, 30)
    assert during[0][1] != after
    assert ("notice", None) in during
    assert during[1:] and all(known is None for _, known in during[1:]), during


def test_a_rebuild_that_sends_no_notice_is_seen_once_the_reading_is_too_old(target, monkeypatch):
    """An older wordindex's build sends no NOTIFY: the watch trusts a reading ``trust_seconds`` at most."""
    url, source = target
    clock = Clock()
    location = parse_location(url)
    with running(GenerationWatch(location, recheck_seconds=10, trust_seconds=10, clock=clock)) as watch:
        before = watch.known()
        rebuild_without_notice(url, source, monkeypatch)
        assert watch.known() == before  # no notice: the old reading stands while it is trusted
        clock.now = 10.5
        assert watch.known() is None  # too old: readers ask the server
        with open_index(url) as index:
            index.watch = watch.known
            assert index.generation() == queried(url) != before


def test_the_watch_reads_again_every_recheck_seconds(target, monkeypatch):
    url, source = target
    with running(GenerationWatch(parse_location(url), recheck_seconds=0.05)) as watch:
        before = watch.known()
        rebuild_without_notice(url, source, monkeypatch)
        assert watch.wait_for(lambda known: known not in (None, before), 30)
        assert watch.known() == queried(url)


def test_a_stopped_watch_vouches_for_nothing(watched):
    watch, index = watched
    watch.stop()
    assert watch.known() is None
    assert watch._thread is not None and not watch._thread.is_alive()
    sent = statements(index)
    index.generation()
    assert len(sent) == 1  # asked the server


def test_an_index_that_may_not_wait_never_asks_the_server(watched):
    watch, index = watched
    index.language  # read while it may wait  # noqa: B018
    index.may_wait = False
    sent = statements(index)
    assert index.generation() == watch.known()
    assert index.language.code == "en"
    with pytest.raises(WouldWait):
        index.scalar("SELECT 1")
    watch.stop()
    with pytest.raises(WouldWait):
        index.generation()
    assert sent == []


def test_a_server_that_cannot_be_reached_leaves_the_watch_unknown():
    location = parse_location("postgresql://nobody@127.0.0.1:9/none?connect_timeout=1")
    watch = GenerationWatch(location, retry_seconds=NEVER)
    watch.start()
    try:
        assert watch.wait_for(lambda _: watch.last_error is not None, 30)
        assert watch.known() is None
    finally:
        watch.stop()
