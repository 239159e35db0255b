"""The query parameters an ``/api`` route takes: any other is a 422 naming it, and answers are kept by these alone.

FastAPI drops a query parameter a route does not declare without a word, so a client that sent one
(``/api/words?level=easy`` before ``level`` was a parameter) got an answer to another question and
could not tell. Every ``/api`` route therefore depends on ``known_query`` (``app.py``): the names a
route takes are the query parameters it declares, its dependencies' included (``language``, declared
once by ``served.get_served`` for every query endpoint), read once per route; any other name is
refused before the endpoint runs.

The answer cache (``routers/queries.py``) keys an answer by ``answer_key``: the route's parameters as
FastAPI validates them, defaults filled in, by name. So the order of the parameters in the URL, the
spelling of a value (``all=1``, ``all=true``) or a value equal to its default (``all=false``) makes no
second answer, and nothing outside the route's parameters (a cache-buster ``&_=N``: a 422 anyway)
can make a request a miss. ``language`` is left out: the served index's location, in the key beside
it, is what it chose.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from fastapi import Request
from fastapi.exceptions import RequestValidationError

#: The parameter that picks the served index: in the key as the index's location, not as its spelling.
LANGUAGE = "language"
#: Query strings whose keys a route remembers (then it forgets them all and starts again): FastAPI's reading
#: of a query costs 40 to 90 µs, what a kept answer costs in all; a query string asked again costs a lookup.
KEYS_KEPT = 1024


class Taken:
    """One route's query parameters: FastAPI's fields (to validate them as the route does) and their names."""

    def __init__(self, fields: Sequence[Any]):
        self.fields = list(fields)
        self.names = tuple(field.alias for field in self.fields)
        self._keys: dict[bytes, Hashable] = {}

    def key(self, request: Request) -> Hashable:
        """``answer_key`` of a request to this route, read once per query string (``KEYS_KEPT``)."""
        from fastapi.dependencies.utils import request_params_to_args

        query: bytes = request.scope.get("query_string", b"")
        known = self._keys.get(query)
        if known is None:
            values, errors = request_params_to_args(self.fields, request.query_params)
            if errors:  # never reached: the route refused the request before answering
                raise RequestValidationError(errors)
            known = tuple((name, _hashable(values[name])) for name in sorted(values) if name != LANGUAGE)
            if len(self._keys) >= KEYS_KEPT:
                self._keys.clear()
            self._keys[query] = known
        return known

    def refusal(self, path: str, unknown: Sequence[tuple[str, str]]) -> RequestValidationError:
        """The 422 for the names not taken (each with a value sent), saying which ones the route at ``path`` takes."""
        takes = f"{path} takes {', '.join(self.names)}" if self.names else f"{path} takes no query parameters"
        return RequestValidationError(
            [
                {"type": "unknown_parameter", "loc": ("query", name), "msg": takes, "input": value}
                for name, value in unknown
            ]
        )


#: Each route's parameters, read from its dependency tree on its first request, by its endpoint function
#: (routes compare equal by value, so they cannot be keys; a route's HEAD twin, and its copy in every app,
#: share its endpoint and its parameters: ``known_query`` itself declares none).
_TAKEN: WeakKeyDictionary[Any, Taken] = WeakKeyDictionary()


def _query_fields(dependant: Any) -> list[Any]:
    """The query fields of a route's ``Dependant`` and of its dependencies', depth first, each name once."""
    found: dict[str, Any] = {}
    stack = [dependant]
    while stack:
        current = stack.pop(0)
        for field in current.query_params:
            found.setdefault(field.alias, field)
        stack[:0] = current.dependencies
    return list(found.values())


def taken(request: Request) -> Taken | None:
    """The parameters of the route that matched ``request`` (None outside a FastAPI route)."""
    route = request.scope.get("route")
    dependant, endpoint = getattr(route, "dependant", None), getattr(route, "endpoint", None)
    if dependant is None or endpoint is None:
        return None
    found = _TAKEN.get(endpoint)
    if found is None:
        found = _TAKEN[endpoint] = Taken(_query_fields(dependant))
    return found


async def known_query(request: Request) -> None:
    """Refuse (422, ``RequestValidationError``) a query parameter the route does not take, naming it.

    A coroutine: FastAPI would run a plain function in a request thread, a hop per request."""
    if not request.query_params:
        return
    route = taken(request)
    if route is None:
        return
    unknown = [(name, value) for name, value in request.query_params.multi_items() if name not in route.names]
    if unknown:
        path = getattr(request.scope.get("route"), "path", request.url.path)
        raise route.refusal(path, list(dict(unknown).items()))


def _hashable(value: Any) -> Hashable:
    return tuple(value) if isinstance(value, list) else value


def answer_key(request: Request) -> Hashable:
    """The request's parameters as the route reads them (validated, defaults filled in), by name, without
    ``language``: what an answer is kept under beside the index and the path (see the module's docstring)."""
    route = taken(request)
    if route is None:  # not a FastAPI route: the query as sent
        return request.url.query
    return route.key(request)
