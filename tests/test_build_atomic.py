"""A rebuild replaces the index atomically; a failed or killed build changes nothing."""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from wordindex.build import rows as rows_module
from wordindex.build.builder import build_index
from wordindex.errors import DictionaryError
from wordindex.index.core import open_index
from wordindex.words.lookup import check_words


def write_words(path, words):
    path.write_text("\n".join(words) + "\n")
    return path


def answers(db, words=("cool", "good", "zebra")):
    with open_index(db) as index:
        return check_words(index, list(words))


@pytest.fixture
def built(tmp_path):
    db = tmp_path / "w.db"
    build_index(db, write_words(tmp_path / "a.txt", ["cool", "good"]))
    return db


def test_rebuild_replaces_contents(tmp_path, built):
    build_index(built, write_words(tmp_path / "b.txt", ["zebra"]))
    assert answers(built) == [("cool", False), ("good", False), ("zebra", True)]


def test_open_reader_keeps_old_index_during_and_after_rebuild(tmp_path, built):
    with open_index(built) as reader:
        build_index(built, write_words(tmp_path / "b.txt", ["zebra"]))
        assert check_words(reader, ["cool", "zebra"]) == [("cool", True), ("zebra", False)]
    assert answers(built)[2] == ("zebra", True)


def test_progress_reports_every_stage(tmp_path):
    stages = []
    build_index(tmp_path / "p.db", write_words(tmp_path / "a.txt", ["cool"]), lambda s, d, t: stages.append(s))
    assert list(dict.fromkeys(stages)) == [
        "reading dictionary",
        "sorting words",
        "loading words",
        "loading prefixes",
        "creating indexes",
        "analyzing",
    ]


@pytest.mark.parametrize("failure", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_failure_mid_load_leaves_previous_index(tmp_path, built, monkeypatch, failure):
    before = built.read_bytes()
    real_rows = rows_module.word_rows

    def failing_rows(features):
        for i, row in enumerate(real_rows(features)):
            if i == 1:
                raise failure
            yield row

    monkeypatch.setattr("wordindex.build.load_sqlite.word_rows", failing_rows)
    with pytest.raises(type(failure)):
        build_index(built, write_words(tmp_path / "b.txt", ["zebra", "yak", "xylophone"]))
    assert built.read_bytes() == before
    assert answers(built)[:2] == [("cool", True), ("good", True)]
    assert not list(tmp_path.glob("*.partial"))


def test_file_without_valid_words_changes_nothing(tmp_path, built):
    before = built.read_bytes()
    with pytest.raises(DictionaryError):
        build_index(built, write_words(tmp_path / "bad.txt", ["123", "o'clock"]))
    assert built.read_bytes() == before


def test_kill_9_mid_build_leaves_previous_index_and_next_build_cleans_up(tmp_path, built):
    rng = random.Random(7)
    big = {"".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 12))) for _ in range(250_000)}
    source = write_words(tmp_path / "big.txt", sorted(big))
    code = "import sys; from wordindex.build.builder import build_index; build_index(sys.argv[1], sys.argv[2])"
    process = subprocess.Popen([sys.executable, "-c", code, str(built), str(source)])
    try:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob("w.db.*.partial")) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert process.poll() is None, "the build finished before it could be killed"
        time.sleep(0.3)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    finally:
        if process.poll() is None:
            process.kill()
    assert answers(built)[:2] == [("cool", True), ("good", True)]
    assert list(tmp_path.glob("w.db.*.partial")), "the killed build should have left its partial file"
    build_index(built, write_words(tmp_path / "c.txt", ["zebra"]))
    assert not list(tmp_path.glob("w.db.*.partial"))
    assert answers(built)[2] == ("zebra", True)


def test_postgres_failed_build_leaves_previous_index(pg_index_factory, tmp_path, monkeypatch):
    url = pg_index_factory("atomic", ["cool", "good"])
    real_rows = rows_module.word_rows

    def failing_rows(features):
        for i, row in enumerate(real_rows(features)):
            if i == 1:
                raise RuntimeError("disk on fire")
            yield row

    monkeypatch.setattr("wordindex.build.load_postgres.word_rows", failing_rows)
    with pytest.raises(RuntimeError):
        build_index(url, write_words(tmp_path / "b.txt", ["zebra", "yak"]))
    assert answers(url) == [("cool", True), ("good", True), ("zebra", False)]
    monkeypatch.undo()
    with open_index(url) as reader:
        build_index(url, write_words(tmp_path / "c.txt", ["zebra"]))
        assert check_words(reader, ["zebra"]) == [("zebra", True)]
    assert answers(url) == [("cool", False), ("good", False), ("zebra", True)]


def test_full_disk_while_reading_into_the_scratch_file_is_one_clean_error(tmp_path, built, monkeypatch):
    import sqlite3

    from wordindex.build.scratch import WordScratch
    from wordindex.errors import DatabaseError

    def full(self, piece):
        raise sqlite3.OperationalError("database or disk is full")

    before = built.read_bytes()
    monkeypatch.setattr(WordScratch, "add", full)
    with pytest.raises(DatabaseError, match="scratch files .* database or disk is full"):
        build_index(built, write_words(tmp_path / "b.txt", ["zebra"]))
    assert built.read_bytes() == before
    assert not list(tmp_path.glob("*.partial"))


def test_a_build_beside_a_thread_holding_a_lock_does_not_hang(tmp_path, built, monkeypatch):
    """A forked child inherits every lock as it was, held ones included, but not the thread that
    would release it. A build in a program whose other threads work (the web server rebuilt under
    traffic: SQLite's own mutexes) must not fork its helper then, or the helper can wait forever."""
    import threading

    from wordindex.build import derive

    held = threading.Lock()
    original = derive.sorted_words

    def sorted_words_under_the_lock(path):
        with held:  # what the helper needs, as SQLite needs its mutexes
            yield from original(path)

    monkeypatch.setattr(derive, "sorted_words", sorted_words_under_the_lock)
    taken, release = threading.Event(), threading.Event()

    def other_thread():
        with held:
            taken.set()
            release.wait(60)

    holder = threading.Thread(target=other_thread, daemon=True)
    holder.start()
    taken.wait(10)
    outcome: list[object] = []
    builder = threading.Thread(
        target=lambda: outcome.append(build_index(built, write_words(tmp_path / "b.txt", ["zebra"]))), daemon=True
    )
    try:
        builder.start()
        builder.join(60)
        assert not builder.is_alive(), "the build hung on a lock another thread held when its helper started"
    finally:
        release.set()
        holder.join(10)
    assert outcome and answers(built) == [("cool", False), ("good", False), ("zebra", True)]
