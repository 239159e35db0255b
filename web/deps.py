"""Dependencies the routers receive: an index's connections (one per request thread) and the game store.

Which index a request uses (its ``language``) is ``served.py``'s.

An index connection is kept per thread and reused. On SQLite a rebuild
renames a new file over the old one; a connection opened before keeps
reading the old file, so each request first compares the file's identity
(inode and modification time, one ``stat``) with the one it opened and
reopens when it changed. On PostgreSQL a rebuild swaps schemas and every
query resolves the tables by name again, so the same connection sees the new
index. A request in flight finishes on the index it started with.

On PostgreSQL the index's generation (what the caches compare) is kept by the
worker's ``GenerationWatch`` (one listening connection, told of each rebuild),
so an answer from a cache costs no round trip; while the watch cannot vouch for
it, each request asks the server, as before. The event loop gets an index of
its own, opened by a request thread and never waiting on the server
(``ServerIndex.may_wait``): what needs the server raises ``WouldWait`` there,
and the request moves to a thread.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from fastapi import Request

from wordindex.errors import DatabaseError, WordIndexError
from wordindex.gamestore import GameStore
from wordindex.index.core import Index, ServerIndex, WouldWait, file_identity, open_index
from wordindex.index.generation_watch import GenerationWatch
from wordindex.index.location import Location

if TYPE_CHECKING:
    from wordindex.index.held import HeldBudget, HeldWords


#: One small question of each kind the event loop answers (``IndexProvider.warm_answers``), by the name
#: of its function in ``wordindex.reports``.
FIRST_QUESTIONS: tuple[tuple[str, tuple[Any, ...], dict[str, Any]], ...] = (
    ("check", (["a"],), {}),
    ("check", (["a"],), {"prefix": True}),
    ("words", ("---",), {}),
    ("guess", ("---",), {}),
    ("guess", ("---",), {"strategy": "split"}),
    ("evil", (3, "e"), {}),
    ("best_word", ("ab*",), {}),
)


class IndexProvider:
    """One open index per thread, reopened after a SQLite rebuild; on PostgreSQL, the generation watch
    and the event loop's own index.

    Every connection it hands out is opened with the worker's ``HeldWords`` of the index as its words
    source (words held as arrays, ``wordindex.words.held_source``, within the worker's ``held`` budget;
    None: none, SQL), so hangman and pattern questions read the arrays instead of scanning rows."""

    def __init__(self, location: Location, held: HeldBudget | None = None):
        self.location = location
        self.held: HeldWords | None = None
        if held is not None:
            from wordindex.index.held import HeldWords

            self.held = HeldWords(held)
        self._local = threading.local()
        self._lock = threading.Lock()
        #: Every open index, with the thread it belongs to (None: the event loop's PostgreSQL one).
        self._all: dict[Index, threading.Thread | None] = {}
        #: PostgreSQL: the worker's watch of the index's generation, once ``start`` has run.
        self.watch: GenerationWatch | None = None
        self._loop_thread: int | None = None
        self._loop_index: Index | None = None

    def start(self) -> None:
        """Called on the event loop at start-up: this thread is the loop's; on PostgreSQL, the watch starts
        (it connects in its own thread: until it has read the generation, requests ask the server)."""
        self._loop_thread = threading.get_ident()
        if self.location.sqlite_path is None and self.watch is None:
            self.watch = GenerationWatch(self.location)
            self.watch.start()

    def get(self) -> Index:
        if self._loop_thread == threading.get_ident() and self.location.sqlite_path is None:
            loop_index = self._loop_index  # the event loop never connects to a server, nor waits on it
            if loop_index is None:
                raise WouldWait("the event loop's index is not open yet")
            return loop_index
        index: Index | None = getattr(self._local, "index", None)
        path = self.location.sqlite_path
        if index is not None and path is not None and index.generation() != file_identity(path):
            self._forget(index)
            index = None
        if index is None:
            self._close_orphans()
            index = self._watched(self._open())
            self._local.index = index
            with self._lock:
                self._all[index] = threading.current_thread()
        return index

    def _close_orphans(self) -> None:
        """Close the indexes of request threads that have ended. The thread pool ends a thread idle
        for a while and starts another when requests come back: without this, every burst would
        leave its threads' connections open (on PostgreSQL, server connections) until shutdown."""
        with self._lock:
            orphans = [index for index, owner in self._all.items() if owner is not None and not owner.is_alive()]
            for index in orphans:
                del self._all[index]
        for index in orphans:
            try:
                index.close()
            except Exception:  # SQLite refuses a close from another thread: it closes when collected
                pass

    @property
    def open_indexes(self) -> int:
        """How many index connections this provider holds now."""
        return len(self._all)

    def _open(self) -> Index:
        """A new connection, its words source chosen now: the worker's held words (``wordindex.words.held_source``,
        SQL for the lengths they do not hold), or SQL when the worker holds none."""
        if self.held is None:
            return open_index(self.location)
        from wordindex.words.held_source import holding

        return open_index(self.location, words=holding(self.held))

    def _watched(self, index: Index) -> Index:
        """A new connection, given (PostgreSQL) the worker's generation watch."""
        if isinstance(index, ServerIndex) and self.watch is not None:
            index.watch = self.watch.known
        return index

    def answers_on_the_loop(self) -> bool:
        """Whether the event loop may try a request itself: always on SQLite (its checks are a ``stat``),
        on PostgreSQL once the loop's own index is open."""
        return self.location.sqlite_path is not None or self._loop_index is not None

    def ready_the_loop(self) -> None:
        """Open the event loop's own index, from a request thread (PostgreSQL; at most once): its language
        read now, and from then on it never asks the server (``WouldWait`` instead). Quiet on failure:
        the loop then leaves every request to a thread, as before."""
        if self.location.sqlite_path is not None or self._loop_index is not None or self.watch is None:
            return
        try:
            index = self._watched(self._open())
        except WordIndexError:
            return
        try:
            index.language  # noqa: B018 - read once, here, where waiting is allowed
        except WordIndexError:
            index.close()
            return
        assert isinstance(index, ServerIndex)
        index.may_wait = False
        with self._lock:
            if self._loop_index is None:
                self._loop_index = index
                self._all[index] = None
                return
        index.close()

    def _forget(self, index: Index) -> None:
        self._local.index = None
        with self._lock:
            self._all.pop(index, None)
            if self._loop_index is index:
                self._loop_index = None
        index.close()

    @contextmanager
    def use(self) -> Iterator[Index]:
        """This thread's index; after a database error the connection is dropped and the next use reconnects."""
        index = self.get()
        try:
            yield index
        except DatabaseError:
            self._forget(index)
            raise

    def warm_held(self) -> None:
        """Load the held words now, at start-up, so no player's first question waits for them."""
        if self.held is not None:
            with self.use() as index:
                self.held.warm(index)

    def warm_answers(self) -> None:
        """Answer one small question of each kind the event loop answers, now, in a start-up thread.

        Why: the first answer of a kind imports its modules (the hangman guessers, the word game) and
        runs numpy's first calls; made on the event loop, that held it 8 to 30 ms once per worker. A
        question that has no answer on this index (no word of that length) has still imported them."""
        from wordindex import reports

        with self.use() as index:
            word = index.scalar("SELECT word FROM words ORDER BY id LIMIT 1")
            for name, args, options in (*FIRST_QUESTIONS, ("solve", (word or "a",), {})):
                try:
                    getattr(reports, name)(index, *args, **options)
                except WordIndexError:
                    pass

    def close(self) -> None:
        if self.watch is not None:
            self.watch.stop(timeout=1.0)  # at once, unless its thread is in a connect or a query
            self.watch = None
        with self._lock:
            indexes, self._all = list(self._all), {}
            self._loop_index = None
        for index in indexes:
            try:
                index.close()
            except Exception:  # closing from another thread may be refused; the process is ending
                pass


class LexiconCache:
    """The index's stored Boggle lexicon, loaded once per worker and again after a rebuild.

    ``build`` stores the lexicon with the index (``wordindex.boggle.store``), so
    loading it is one query; keeping it saves that query on every solve.
    """

    def __init__(self, indexes: IndexProvider):
        self.indexes = indexes
        self._lock = threading.Lock()
        #: (the generation, its lexicon), replaced whole: ``current`` reads it without the lock, which a
        #: thread loading a new lexicon holds for a second (the event loop must not wait for it).
        self._held: tuple[Any, Any] | None = None

    def warm(self) -> None:
        """Load the lexicon and compile the search for letter and Qu boards now, at start-up, so the
        first board solve or round result is not the one that waits for them (about a second)."""
        from wordindex.boggle.board import parse_board
        from wordindex.boggle.engine import Engine, solve_board
        from wordindex.boggle.faces import faces_of
        from wordindex.boggle.rules import get_rules

        with self.indexes.use() as index:
            trie = self.get(index)
            faces = faces_of(index.language.code)
            letters = index.alphabet.letters
            for text in (letters[:4], "q" + letters[1:4]) if faces.q_is_qu else (letters[:4],):
                solve_board(trie, parse_board(text, faces=faces), get_rules("official"), Engine.COMPILED)

    def current(self, index: Index, generation: Any = None) -> Any:
        """The lexicon if it is loaded for the index as it is now, else None (without loading it: the
        event loop's first try at a board must not spend a second reading a new lexicon).
        ``generation``: the index's, when the caller has just read it (a query on PostgreSQL)."""
        generation = index.generation() if generation is None else generation
        held = self._held
        return held[1] if held is not None and held[0] == generation else None

    def get(self, index: Index, generation: Any = None) -> Any:
        from wordindex.boggle.store import load_trie

        generation = index.generation() if generation is None else generation
        held = self._held
        if held is not None and held[0] == generation:
            return held[1]
        with self._lock:
            held = self._held
            if held is None or held[0] != generation:
                held = (generation, load_trie(index))
                self._held = held
            return held[1]


async def get_store(request: Request) -> GameStore:
    """The worker's game store (a coroutine: FastAPI runs a plain function dependency in a thread,
    a hop per game request for an attribute read)."""
    store: GameStore = request.app.state.store
    return store


async def json_object(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, whatever Content-Type says (curl's default is a form)."""
    from .bodies import parse_json_object

    return parse_json_object(await request.body())
