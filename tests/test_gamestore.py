"""The game store: its own file or schema, serialised moves, cleanup, and survival of an index rebuild."""

from __future__ import annotations

import threading

import pytest

from wordindex.build.builder import build_index
from wordindex.errors import DatabaseError
from wordindex.gamestore import GAMES_SCHEMA, GameNotFoundError, GameStore, game_store_location
from wordindex.index.location import parse_location, sqlite_location

from .conftest import end_server_processes


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_location(request, tmp_path):
    """An index location on each backend whose game store starts empty."""
    if request.param == "sqlite":
        return sqlite_location(tmp_path / "wordindex.db")
    url = request.getfixturevalue("pg_index_factory")("gamestore", ["cat", "dog"])
    location = parse_location(url)
    from sqlalchemy import create_engine, text

    engine = create_engine(location.url)
    with engine.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {GAMES_SCHEMA} CASCADE"))
    engine.dispose()
    return location


@pytest.fixture
def store(store_location):
    store = GameStore(game_store_location(store_location))
    store.migrate()
    store.migrate()  # idempotent: every worker may run it at start-up
    yield store
    store.close()


def test_default_places_beside_the_index(tmp_path):
    games = game_store_location(sqlite_location(tmp_path / "words.db"))
    assert games.sqlite_path == tmp_path / "words-games.db"
    pg = parse_location("postgresql://u@h/db")
    assert game_store_location(pg) == pg  # same database, schema wordindex_games


def test_create_get_update(store):
    record = store.create("boggle", {"n": 0}, now=100.0)
    assert len(record.id) >= 16 and record.version == 0
    again = store.get(record.id)
    assert (again.kind, again.state, again.version, again.created_at, again.finished_at) == (
        "boggle",
        {"n": 0},
        0,
        100.0,
        None,
    )
    updated, result = store.update(record.id, lambda r: ({"n": r.state["n"] + 1}, True, "moved"), now=150.0)
    assert (updated.state, updated.version, updated.finished_at, result) == ({"n": 1}, 1, 150.0, "moved")
    assert store.get(record.id).state == {"n": 1}
    with pytest.raises(GameNotFoundError):
        store.get("no-such-game")


def test_versions_and_records_of_many_games_at_once_leave_out_the_unknown(store, monkeypatch):
    monkeypatch.setattr("wordindex.gamestore.BATCH", 2)  # three games: two queries each
    games = [store.create("boggle", {"n": n}, now=100.0) for n in range(3)]
    store.update(games[1].id, lambda r: ({"n": 10}, False, None), now=101.0)
    ids = [g.id for g in games] + ["nosuchgame"]
    assert store.versions(ids) == {games[0].id: 0, games[1].id: 1, games[2].id: 0}
    records = store.get_many(ids)
    assert {i: (r.state, r.version) for i, r in records.items()} == {
        games[0].id: ({"n": 0}, 0),
        games[1].id: ({"n": 10}, 1),
        games[2].id: ({"n": 2}, 0),
    }
    assert store.versions([]) == {} and store.get_many([]) == {}


def test_a_move_given_a_stale_read_is_computed_again_on_the_stored_game(store):
    # The server passes the record it read to find the game's index (saving a second read); when
    # another move was committed since, the compare-and-swap fails and the move runs on a new read.
    game = store.create("boggle", {"moves": []}, now=100.0)
    stale = store.get(game.id)
    store.update(game.id, lambda r: ({"moves": [*r.state["moves"], "first"]}, False, None))
    seen = []

    def add_second(record):
        seen.append(record.version)
        return {"moves": [*record.state["moves"], "second"]}, False, None

    record, _ = store.update(game.id, add_second, read=stale)
    assert seen == [0, 1]  # computed on the stale read, refused, computed again on the stored game
    assert (record.version, record.state) == (2, {"moves": ["first", "second"]})
    assert store.get(game.id).state == {"moves": ["first", "second"]}
    fresh = store.get(game.id)
    seen.clear()
    store.update(game.id, add_second, read=fresh)
    assert seen == [2]  # a current read is used as is: no second read


def test_a_failed_move_writes_nothing(store):
    record = store.create("boggle", {"n": 0})

    def refuse(r):
        raise ValueError("refused")

    with pytest.raises(ValueError):
        store.update(record.id, refuse)
    assert store.get(record.id).version == 0


def test_concurrent_moves_on_one_game_are_serialised(store_location):
    """Eight threads (each its own store, like eight workers) add 1 five times: no move lost or doubled."""
    first = GameStore(game_store_location(store_location))
    first.migrate()
    game = first.create("boggle", {"n": 0, "seen": []})
    stores = [GameStore(game_store_location(store_location)) for _ in range(8)]
    errors = []

    def worker(store, k):
        try:
            for i in range(5):

                def apply(record, tag=f"{k}.{i}"):
                    state = record.state
                    return {"n": state["n"] + 1, "seen": [*state["seen"], tag]}, False, None

                store.update(game.id, apply)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(s, k)) for k, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    final = first.get(game.id)
    assert final.version == 40 and final.state["n"] == 40
    assert sorted(final.state["seen"]) == sorted(f"{k}.{i}" for k in range(8) for i in range(5))
    for s in [first, *stores]:
        s.close()


def test_hidden_boards_are_the_running_rounds_boards_until_their_time(store):
    running = store.create("boggle", {}, now=100.0, hidden_board=("en:a,b,c,d", 400.0))
    store.create("boggle", {}, now=100.0, hidden_board=("en:a,b,c,d", 300.0))  # the same board, sooner
    store.create("boggle", {}, now=100.0, hidden_board=("en:e,f,g,h", 150.0))  # over at 150
    ended = store.create("boggle", {}, now=100.0, hidden_board=("en:i,j,k,l", 400.0))
    store.create("hangman", {}, now=100.0)
    store.update(ended.id, lambda record: ({}, True, None), now=120.0)  # finished before its clock
    assert store.hidden_boards(now=200.0) == {"en:a,b,c,d": 400.0}
    store.update(running.id, lambda record: ({}, True, None), now=210.0)
    assert store.hidden_boards(now=220.0) == {"en:a,b,c,d": 300.0}
    assert store.hidden_boards(now=300.0) == {}


def test_cleanup_removes_old_finished_and_idle_games(store):
    old_finished = store.create("boggle", {}, finished=True, now=1_000.0)
    recent_finished = store.create("boggle", {}, finished=True, now=90_000.0)
    idle = store.create("boggle", {}, now=1_000.0)
    active = store.create("boggle", {}, now=90_000.0)
    removed = store.cleanup(keep_finished=10_000, keep_idle=86_400, now=95_000.0)
    assert removed == 2
    for gone in (old_finished, idle):
        with pytest.raises(GameNotFoundError):
            store.get(gone.id)
    assert store.get(recent_finished.id) and store.get(active.id)


def test_games_survive_an_index_rebuild(store_location, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    build_index(store_location, words)
    store = GameStore(game_store_location(store_location))
    store.migrate()
    game = store.create("boggle", {"n": 1})
    words.write_text("cat\ndog\nemu\n")
    build_index(store_location, words)  # SQLite: a new file renamed over; PostgreSQL: a schema swap
    assert store.get(game.id).state == {"n": 1}
    store.update(game.id, lambda r: ({"n": 2}, False, None))
    assert store.get(game.id).state == {"n": 2}
    store.close()


def test_an_unreachable_store_is_a_database_error(tmp_path):
    folder = tmp_path / "a-directory.db"
    folder.mkdir()
    store = GameStore(sqlite_location(folder))
    with pytest.raises(DatabaseError, match="game store"):
        store.migrate()


def test_a_move_is_computed_outside_the_store_lock_and_retried_when_another_committed_first(store_location):
    """While one move's computation runs, another move on the same game commits (no lock held across
    the computation); the first move then runs again on the newer state, so both count (issue 24 item 3)."""
    stores = [GameStore(game_store_location(store_location)) for _ in range(2)]
    stores[0].migrate()
    game = stores[0].create("boggle", {"seen": []})
    computing, other_committed = threading.Event(), threading.Event()
    calls: list[list[str]] = []

    def slow(record):
        calls.append(list(record.state["seen"]))
        computing.set()
        other_committed.wait(10)  # the other move must get through while this one computes
        return {"seen": [*record.state["seen"], "slow"]}, False, None

    slow_move = threading.Thread(target=lambda: stores[0].update(game.id, slow))
    slow_move.start()
    assert computing.wait(10)
    quick, _ = stores[1].update(game.id, lambda r: ({"seen": [*r.state["seen"], "quick"]}, False, None))
    committed_meanwhile = slow_move.is_alive()
    other_committed.set()
    slow_move.join(20)
    assert committed_meanwhile and quick.version == 1
    assert calls == [[], ["quick"]]  # computed twice: first on version 0, then on the quick move's state
    final = stores[0].get(game.id)
    assert (final.version, final.state) == (2, {"seen": ["quick", "slow"]})
    for s in stores:
        s.close()


def test_a_move_that_keeps_losing_its_race_is_refused_as_busy(store, monkeypatch):
    import wordindex.gamestore as gamestore

    record = store.create("boggle", {"n": 0})
    monkeypatch.setattr(gamestore, "MAX_ATTEMPTS", 3)
    attempts = []

    def racing(r):
        attempts.append(r.version)
        store.update(record.id, lambda other: ({"n": other.state["n"] + 1}, False, None))  # someone else wins
        return {"n": -1}, False, None

    with pytest.raises(gamestore.GameBusyError, match="taking too many moves at once"):
        store.update(record.id, racing)
    assert attempts == [0, 1, 2] and store.get(record.id).state == {"n": 3}


def test_a_state_past_the_stored_ceiling_is_refused_and_nothing_is_written(store):
    from wordindex.gamestore import MAX_STATE_BYTES, GameTooLargeError

    record = store.create("boggle", {"n": 0})
    huge = {"words": ["é" * 1000] * (MAX_STATE_BYTES // 2000 + 1)}  # few characters, more bytes than allowed
    with pytest.raises(GameTooLargeError, match="a game is at most 1,048,576 bytes stored"):
        store.update(record.id, lambda r: (huge, False, None))
    if store.backend == "postgresql":  # the pool's connections are in autocommit, and a transaction is one
        pooled = store.engine.raw_connection()
        try:
            assert pooled.driver_connection.autocommit is True
        finally:
            pooled.close()
        with store._transaction() as connection:
            assert connection.connection.driver_connection.autocommit is False
    with pytest.raises(GameTooLargeError):
        store.create("boggle", huge)
    assert store.get(record.id).state == {"n": 0} and store.get(record.id).version == 0


@pytest.mark.parametrize("replaced", [False, True])
def test_a_store_whose_file_is_deleted_or_replaced_says_so_instead_of_writing_to_a_ghost(tmp_path, replaced):
    from wordindex.gamestore import GameStoreGoneError

    path = tmp_path / "games.db"
    store = GameStore(sqlite_location(path))
    store.migrate()
    record = store.create("boggle", {"n": 0})
    for name in ("games.db", "games.db-wal", "games.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    if replaced:
        other = GameStore(sqlite_location(path))
        other.migrate()
        other.close()
    gone = "the game store's file was deleted or replaced"
    with pytest.raises(GameStoreGoneError, match=gone):
        store.ping()
    with pytest.raises(GameStoreGoneError, match=gone):
        store.get(record.id)
    with pytest.raises(GameStoreGoneError, match=gone):
        store.create("boggle", {})
    store.close()


def _end_other_connections(store: GameStore) -> int:
    """End every other client of the store's database: here, the store's pooled connections."""
    return end_server_processes(store.location.url)


def _counting(tag: str, calls: list[int]):
    """A move adding ``tag`` to the game's list, recording the version it was computed on."""

    def apply(record):
        calls.append(record.version)
        return {"moves": [*record.state["moves"], tag]}, False, None

    return apply


@pytest.mark.postgres
@pytest.mark.parametrize("store_location", ["postgresql"], indirect=True)
def test_pooled_connections_the_server_ended_are_replaced_and_the_move_applied_once(store, monkeypatch):
    """No ping before each statement: a pooled connection whose server process ended while it
    rested in the pool is noticed when taken (its socket is readable) and replaced before anything
    is sent on it. (Only one that rested ``RESTED_SECONDS``: here every one.)"""
    import wordindex.gamestore as gamestore

    monkeypatch.setattr(gamestore, "RESTED_SECONDS", 0.0)
    game = store.create("boggle", {"moves": []})
    store.update(game.id, _counting("first", []))  # the pool now holds connections
    assert _end_other_connections(store) >= 1
    failed: list[object] = []
    real_drop = gamestore._Held.drop
    monkeypatch.setattr(gamestore._Held, "drop", lambda held: failed.append(held) or real_drop(held))
    calls: list[int] = []
    record, _ = store.update(game.id, _counting("second", calls))
    assert calls == [1] and record.version == 2
    assert failed == []  # no statement was sent on an ended connection
    assert store.get(game.id).state == {"moves": ["first", "second"]}


@pytest.mark.postgres
@pytest.mark.parametrize("store_location", ["postgresql"], indirect=True)
def test_a_connection_that_drops_during_a_statement_is_replaced_and_no_move_is_written_twice(store, monkeypatch):
    """When the connection drops only once a statement is sent (here the check when it is taken is
    switched off): a read is run again on a new connection; the compare-and-swap is run again only
    once the game still has the version it was sent for and the server process that had it is gone
    (it cannot have written it, nor write it later)."""
    import wordindex.gamestore as gamestore

    game = store.create("boggle", {"moves": []})
    store.update(game.id, _counting("first", []))
    read = store.get(game.id)
    monkeypatch.setattr(gamestore, "_readable", lambda fd: False)
    assert _end_other_connections(store) >= 1
    calls: list[int] = []
    record, _ = store.update(game.id, _counting("second", calls), read=read)  # the UPDATE is sent first
    assert calls == [1, 1]  # its connection dropped: computed again on a new read, still version 1
    assert record.version == 2 and store.get(game.id).state == {"moves": ["first", "second"]}
    assert _end_other_connections(store) >= 1
    assert store.get(game.id).version == 2  # a read on a dropped connection is simply run again


@pytest.mark.postgres
@pytest.mark.parametrize("store_location", ["postgresql"], indirect=True)
def test_a_write_whose_fate_is_unknown_is_not_sent_again(store, monkeypatch):
    """The compare-and-swap committed, then its connection dropped before the answer (or its server
    process may still commit it): the move is refused as a database error, never computed and written
    a second time."""
    import wordindex.gamestore as gamestore

    game = store.create("boggle", {"moves": []})
    real_run = gamestore._Held.run

    def committed_then_lost(held, sql, params, *, again=True):
        cursor = real_run(held, sql, params, again=again)
        if sql == gamestore._SWAP:
            raise gamestore._ConnectionLost(None)
        return cursor

    monkeypatch.setattr(gamestore._Held, "run", committed_then_lost)
    calls: list[int] = []
    with pytest.raises(DatabaseError, match="whether it was applied is not known"):
        store.update(game.id, _counting("once", calls))
    assert calls == [0]
    with store.engine.connect() as connection:
        alive = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()

    def unwritten_but_alive(held, sql, params, *, again=True):
        if sql == gamestore._SWAP:
            raise gamestore._ConnectionLost(alive)  # its server process still runs: it may yet commit
        return real_run(held, sql, params, again=again)

    monkeypatch.setattr(gamestore._Held, "run", unwritten_but_alive)
    with pytest.raises(DatabaseError, match="whether it was applied is not known"):
        store.update(game.id, _counting("twice", calls))
    monkeypatch.undo()
    stored = store.get(game.id)
    assert (stored.version, stored.state) == (1, {"moves": ["once"]})
