"""Dependencies the routers receive: an index's connections (one per request thread) and the game store.

Which index a request uses (its ``language``) is ``served.py``'s.

An index connection is kept per thread and reused. On SQLite a rebuild
renames a new file over the old one; a connection opened before keeps
reading the old file, so each request first compares the file's identity
(inode and modification time, one ``stat``) with the one it opened and
reopens when it changed. On PostgreSQL a rebuild swaps schemas and every
query resolves the tables by name again, so the same connection sees the new
index. A request in flight finishes on the index it started with.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from fastapi import Request

from wordindex.errors import DatabaseError
from wordindex.gamestore import GameStore
from wordindex.index import Index, file_identity, open_index
from wordindex.location import Location

if TYPE_CHECKING:
    from wordindex.held import HeldWords


class IndexProvider:
    """One open index per thread, reopened after a SQLite rebuild.

    Every connection it hands out shares the worker's ``HeldWords`` (``held_words`` words of the
    index held as arrays, ``wordindex.held``; 0: none), so hangman and pattern questions read
    the arrays instead of scanning rows."""

    def __init__(self, location: Location, held_words: int = 0):
        self.location = location
        self.held: HeldWords | None = None
        if held_words > 0:
            from wordindex.held import HeldWords

            self.held = HeldWords(held_words)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._all: list[Index] = []

    def get(self) -> Index:
        index: Index | None = getattr(self._local, "index", None)
        path = self.location.sqlite_path
        if index is not None and path is not None and index.generation() != file_identity(path):
            self._forget(index)
            index = None
        if index is None:
            index = open_index(self.location)
            index.held = self.held
            self._local.index = index
            with self._lock:
                self._all.append(index)
        return index

    def _forget(self, index: Index) -> None:
        self._local.index = None
        with self._lock:
            if index in self._all:
                self._all.remove(index)
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

    def close(self) -> None:
        with self._lock:
            indexes, self._all = self._all, []
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
        self._generation: Any = None
        self._table: Any = None

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
        with self._lock:
            return self._table if self._table is not None and generation == self._generation else None

    def get(self, index: Index, generation: Any = None) -> Any:
        from wordindex.boggle.store import load_trie

        generation = index.generation() if generation is None else generation
        with self._lock:
            if self._table is None or generation != self._generation:
                self._table = load_trie(index)
                self._generation = generation
            return self._table


async def get_store(request: Request) -> GameStore:
    """The worker's game store (a coroutine: FastAPI runs a plain function dependency in a thread,
    a hop per game request for an attribute read)."""
    store: GameStore = request.app.state.store
    return store


async def json_object(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, whatever Content-Type says (curl's default is a form)."""
    from .bodies import parse_json_object

    return parse_json_object(await request.body())
