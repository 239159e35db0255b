"""The indexes one server serves, one per language, and which one answers a request.

``wordindex serve`` may serve several indexes (``--index fr=PATH``, docs/serve.md); each is
named by the language its build recorded (``index_info.language``). A request names one with
``language`` (a query parameter, or a key of a new game's body); without it the default index,
the first one served, answers. Picking one is a dict lookup: every index keeps its own
per-thread connections (``IndexProvider``) and its own Boggle lexicon (``LexiconCache``), opened
once, never per request.

An index's language is read when the server starts. An index that cannot be opened then (not
built yet, database down) is read again on the next request that names a language the others do
not hold, so a server started before its index was built answers once it is.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import Depends, Query, Request

from wordindex.errors import NotFoundError, UsageError, WordIndexError
from wordindex.index.location import Location
from wordindex.languages import Language, language

from .deps import IndexProvider, LexiconCache

if TYPE_CHECKING:
    from wordindex.index.held import HeldBudget

log = logging.getLogger("wordindex.web")

#: Longest ``language`` value looked at (codes are two or three letters).
MAX_CODE = 16


@dataclass
class ServedIndex:
    """One served index: where it is, its connections and lexicon, and its language once read."""

    location: Location
    indexes: IndexProvider
    lexicons: LexiconCache
    language: Language | None = None

    @classmethod
    def at(cls, location: Location, held: HeldBudget | None = None) -> ServedIndex:
        indexes = IndexProvider(location, held)
        return cls(location, indexes, LexiconCache(indexes))


class ServedIndexes:
    """Every index of the server, by language; the first is the default."""

    def __init__(self, locations: tuple[Location, ...], held_words: int = 0):
        if not locations:
            raise ValueError("a server serves at least one index")
        # One budget for the worker, shared by its indexes, the default one's words held first.
        budget = None
        if held_words > 0:
            from wordindex.index import held

            budget = held.HeldBudget(held_words)
        self.all = [ServedIndex.at(location, budget) for location in locations]
        self.default = self.all[0]
        self._by_code: dict[str, ServedIndex] = {}
        self._lock = threading.Lock()

    def resolve(self) -> None:
        """Read the language of every index not read yet; the first error is raised after trying all."""
        with self._lock:
            failure: WordIndexError | None = None
            for served in self.all:
                if served.language is not None:
                    continue
                try:
                    with served.indexes.use() as index:
                        found = index.language
                except WordIndexError as exc:
                    failure = failure or exc
                    continue
                served.language = found
                if found.code in self._by_code:
                    log.warning(
                        "%s and %s are both %s indexes: %s answers for %s",
                        self._by_code[found.code].location.display,
                        served.location.display,
                        found.name,
                        self._by_code[found.code].location.display,
                        found.code,
                    )
                else:
                    self._by_code[found.code] = served
            if failure is not None:
                raise failure

    def resolve_quietly(self) -> None:
        """``resolve`` at start-up: an index that cannot be opened yet is logged and read later."""
        try:
            self.resolve()
        except WordIndexError as exc:
            log.warning("an index could not be opened at start-up: %s", exc)

    def _unresolved(self) -> bool:
        return any(served.language is None for served in self.all)

    def get(self, code: Any = None) -> ServedIndex:
        """The index of language ``code`` (None or "": the default); UsageError naming the served ones."""
        if code is None or code == "":
            return self.default
        if not isinstance(code, str):
            raise UsageError(f"'language' is a language code such as {self._example()}, not {code!r}")
        key = code.strip().lower()[:MAX_CODE]
        served = self._by_code.get(key)
        if served is None and self._unresolved():
            self.resolve()
            served = self._by_code.get(key)
        if served is None:
            raise UsageError(f"language {code[:MAX_CODE]!r} is not served here: choose {self.codes_text()}")
        return served

    def answers_at_once(self, code: Any) -> bool:
        """Whether ``get(code)`` answers without opening an index (always, once every language is read)."""
        if not code or not isinstance(code, str) or not self._unresolved():
            return True
        return code.strip().lower()[:MAX_CODE] in self._by_code

    def for_game(self, state: Any) -> ServedIndex:
        """The index a stored game is played on: its recorded language, else the default (games made before)."""
        code = state.get("language") if isinstance(state, dict) else None
        if not code:
            return self.default
        try:
            return self.get(code)
        except UsageError:
            name = _name_of(code)
            raise NotFoundError(
                f"this game is in {name}, which this server does not serve now (it serves {self.codes_text()})"
            ) from None

    def languages(self) -> Iterator[ServedIndex]:
        """The served indexes whose language is known, default first (reads any not read yet; one that
        cannot be opened is left out, and ``/readyz`` says why)."""
        if self._unresolved():
            self.resolve_quietly()
        seen = set()
        for served in self.all:
            if served.language is not None and served.language.code not in seen:
                seen.add(served.language.code)
                yield served

    def codes_text(self) -> str:
        codes = [s.language.code for s in self.all if s.language is not None]
        return ", ".join(dict.fromkeys(codes)) or "(none can be opened now)"

    def _example(self) -> str:
        return repr(self.default.language.code) if self.default.language is not None else "'en'"

    def start(self) -> None:
        """At start-up, on the event loop: each index's provider learns the loop, and a PostgreSQL one
        starts watching its generation (``IndexProvider.start``)."""
        for served in self.all:
            served.indexes.start()

    def close(self) -> None:
        for served in self.all:
            served.indexes.close()


def _name_of(code: str) -> str:
    try:
        return f"{language(code).name} ({code})"
    except WordIndexError:
        return repr(code)


# The dependencies are coroutines: each is a dict lookup, and a plain function would cost a hop
# through the thread pool per request (FastAPI runs those in threads).


async def get_served(
    request: Request,
    language: str | None = Query(
        None,
        max_length=MAX_CODE,
        description="The language's code (GET /api/languages lists the served ones); default: the server's first index",
    ),
) -> ServedIndex:
    """The index a query names with ``?language=``; the default one without it."""
    served: ServedIndexes = request.app.state.served
    if served.answers_at_once(language):
        return served.get(language)
    return await asyncio.to_thread(served.get, language)  # an index not read yet is opened first


async def get_indexes(served: ServedIndex = Depends(get_served)) -> IndexProvider:
    """The chosen index's provider; endpoints call ``with indexes.use() as index`` in their own thread."""
    return served.indexes


async def get_lexicons(served: ServedIndex = Depends(get_served)) -> LexiconCache:
    return served.lexicons


async def get_served_indexes(request: Request) -> ServedIndexes:
    """All the served indexes (games pick theirs from the body or from the stored game)."""
    indexes: ServedIndexes = request.app.state.served
    return indexes
