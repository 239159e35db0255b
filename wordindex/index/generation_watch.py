"""The generation of a PostgreSQL index kept in memory, told of each rebuild by the build's ``NOTIFY``.

A long-running reader (a server's worker) compares the index's generation (``Index.generation``)
before every answer it keeps or gives again. On PostgreSQL reading it is a query, a round trip per
answer. ``GenerationWatch`` holds one connection of its own that ``LISTEN``s on ``REBUILT_CHANNEL``
(a build sends ``NOTIFY`` in the transaction that swaps the new index in: the notice is delivered
as the swap commits, never before) and a daemon thread that reads the generation when it connects,
when anything arrives on that connection, and every ``recheck_seconds``. The readings are made on a
second connection: a query on the listening one would take off its socket whatever had arrived
with the answer (a rebuild's notice perhaps), and the watch would have to vouch for nothing during
every reading, once a second; on the second connection a periodic reading leaves the reading held
standing, and a notice that arrives meanwhile stays on the socket, where ``known()`` sees it.

``known()`` gives the generation it read, or None whenever the watch cannot vouch for it, and then
the caller asks the server as before:

* the connection is not up (not yet connected, dropped, the server down): correctness never
  depends on the watch;
* anything has arrived on the connection that the thread has not read yet (``known()`` looks at
  the socket itself, one ``poll`` without waiting): a rebuild is seen by the first request that
  starts after its notice reached the worker, not when the thread next gets its turn;
* the thread is taking a notice off the socket: the reading it held is forgotten first (once the
  socket is empty, ``known()`` could no longer tell that it was overtaken), and nothing is vouched
  for until the generation is read again;
* the last reading is older than ``trust_seconds`` (a thread that cannot read, a connection that
  died without a word).

A rebuild that sends no notice (made by a wordindex older than this one) is seen at the thread's
next reading: within ``recheck_seconds``, at most ``trust_seconds``.

The module prints nothing and reads no environment; the caller starts and stops the watch.
"""

from __future__ import annotations

import os
import select
import selectors
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any

from wordindex.index.core import GENERATION_SQL, REBUILT_CHANNEL, server_connect_args
from wordindex.index.location import Location
from wordindex.index.revisions import PG_SCHEMA

#: Seconds between two readings of the generation while no notice arrives (a rebuild by an older
#: wordindex, which sends none, is seen within this).
RECHECK_SECONDS = 1.0
#: Seconds a reading is trusted without a newer one (the thread stuck, the connection silently dead).
TRUST_SECONDS = 3.0
#: Seconds between two tries to connect while the server cannot be reached.
RETRY_SECONDS = 1.0


class GenerationWatch:
    """One listening connection and its thread; ``known()`` is the generation, or None (ask the server)."""

    def __init__(
        self,
        location: Location,
        recheck_seconds: float = RECHECK_SECONDS,
        trust_seconds: float = TRUST_SECONDS,
        retry_seconds: float = RETRY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.location = location
        self.recheck_seconds = recheck_seconds
        self.trust_seconds = max(trust_seconds, recheck_seconds)
        self.retry_seconds = retry_seconds
        self.clock = clock
        #: (generation, the connection's socket, trusted until), or None: nothing vouched for now.
        self._state: tuple[Hashable, int, float] | None = None
        #: The last error that dropped or refused the connection (for logs and tests), None once connected.
        self.last_error: BaseException | None = None
        #: The listening connection's server process id (``pg_backend_pid()``), None while not connected.
        self.backend_pid: int | None = None
        #: Readings made so far (each a query on the watch's reading connection).
        self.readings = 0
        self._stopping = threading.Event()
        self._wake_read, self._wake_write = os.pipe()
        self._thread: threading.Thread | None = None
        self._changed = threading.Condition()

    # -- the readers' side -----------------------------------------------------

    def known(self) -> Hashable | None:
        """The index's generation if the watch vouches for it now, else None. Never waits."""
        state = self._state
        if state is None:
            return None
        generation, socket, trusted_until = state
        if self.clock() > trusted_until or _readable(socket):
            return None
        # The thread forgets its reading before it reads the socket: a reading still held after the
        # look at the socket was not overtaken by anything that had arrived on it.
        return generation if self._state is state else None

    def wait_for(self, test: Callable[[Hashable | None], bool], timeout: float) -> bool:
        """Wait until ``test(known())`` holds (for tests and start-up); False if it does not within ``timeout``."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not test(self.known()):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(min(left, 0.05))
        return True

    # -- starting and stopping -------------------------------------------------

    def start(self) -> None:
        """Start the thread (it connects in the background; ``known()`` is None until it has read once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="wordindex-generation-watch", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread and close its connection (waits for it at most ``timeout`` seconds)."""
        self._publish(None)
        self._stopping.set()
        try:
            os.write(self._wake_write, b"x")
        except OSError:
            pass
        if self._thread is not None:
            self._thread.join(timeout)
        if self._thread is None or not self._thread.is_alive():
            for fd in (self._wake_read, self._wake_write):
                try:
                    os.close(fd)
                except OSError:
                    pass

    # -- the thread ------------------------------------------------------------

    def _publish(self, state: tuple[Hashable, int, float] | None) -> None:
        with self._changed:
            self._state = state
            self._changed.notify_all()

    def _run(self) -> None:
        while not self._stopping.is_set():
            opened: list[tuple[Any, Any]] = []
            try:
                opened.append(self._connect())  # the listening connection
                opened.append(self._connect())  # the readings'
                self._listen(opened[0][1].driver_connection, opened[1][1].driver_connection)
            except Exception as exc:  # dropped, refused, timed out: readers ask the server meanwhile
                self.last_error = exc
            finally:
                self._publish(None)  # before the socket is closed (and its number perhaps reused)
                self.backend_pid = None
                for engine, raw in opened:
                    _close(raw, engine)
            self._pause(self.retry_seconds)

    def _connect(self) -> tuple[Any, Any]:
        from sqlalchemy import create_engine
        from sqlalchemy.pool import NullPool

        engine = create_engine(
            self.location.url,
            connect_args=server_connect_args(self.location, PG_SCHEMA),
            isolation_level="AUTOCOMMIT",
            poolclass=NullPool,
        )
        try:
            raw = engine.raw_connection()
        except BaseException:
            engine.dispose()
            raise
        return engine, raw

    def _listen(self, connection: Any, reader: Any) -> None:
        """Listen on ``connection``, then read the generation on ``reader`` at once, whenever anything
        arrives on the listening connection, and every ``recheck_seconds``."""
        connection.autocommit = True
        reader.autocommit = True
        connection.add_notify_handler(self._on_notice)
        connection.execute(f"LISTEN {REBUILT_CHANNEL}")  # before the first reading: no rebuild falls between
        self.backend_pid = connection.info.backend_pid
        self.last_error = None
        socket = connection.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(socket, selectors.EVENT_READ, "connection")
            selector.register(self._wake_read, selectors.EVENT_READ, "wake")
            while not self._stopping.is_set():
                if _readable(socket):
                    # Forgotten before the socket is read: once it looks empty, ``known()`` could no
                    # longer tell that the reading held was overtaken by what it brought.
                    self._publish(None)
                    self._take_notices(connection)
                generation = self._read(reader)  # the reading held stands meanwhile: nothing is taken off the socket
                if _readable(socket):
                    continue  # a notice arrived during the reading: taken, then read again
                self._publish((generation, socket, self.clock() + self.trust_seconds))
                selector.select(self.recheck_seconds)
                if self._stopping.is_set():
                    return

    def _take_notices(self, connection: Any) -> None:
        """Take whatever has arrived off the listening connection (a rebuild's notices), without waiting."""
        pgconn = connection.pgconn
        pgconn.consume_input()
        while pgconn.notifies() is not None:
            self._on_notice(None)

    def _read(self, connection: Any) -> Hashable:
        """The generation, as the reading connection sees it now (it listens to nothing)."""
        generation = int(connection.execute(GENERATION_SQL).fetchone()[0])
        self.readings += 1
        return generation

    def _on_notice(self, notice: Any) -> None:
        """A rebuild's notice taken off the socket: nothing is vouched for until the generation is read again."""
        self._publish(None)  # already forgotten before the socket was read; said again where a notice is seen

    def _pause(self, seconds: float) -> None:
        """Sleep ``seconds`` unless ``stop()`` wakes the thread first."""
        if not self._stopping.is_set():
            try:
                select.select([self._wake_read], [], [], seconds)
            except (OSError, ValueError):
                self._stopping.wait(seconds)


def _readable(socket: int) -> bool:
    """Whether anything waits to be read on ``socket`` (True when it cannot be looked at: unknown)."""
    try:
        if hasattr(select, "poll"):
            poller = select.poll()
            poller.register(socket, select.POLLIN)
            return bool(poller.poll(0))
        return bool(select.select([socket], [], [], 0)[0])
    except (OSError, ValueError):
        return True


def _close(raw: Any, engine: Any) -> None:
    for release in (raw.close if raw is not None else None, engine.dispose if engine is not None else None):
        if release is not None:
            try:
                release()
            except Exception:
                pass
