"""One place that turns every failure into a JSON answer with a 4xx status (5xx only for the server's own state).

The message is the one the CLI prints after ``Error:``, because both come
from the same named ``wordindex.errors`` exception.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

from wordindex.errors import (
    BusyError,
    DatabaseError,
    NoIndexError,
    NotAnIndexError,
    NotFoundError,
    SchemaTooNewError,
    SchemaTooOldError,
    TimeLimitError,
    TooManyError,
    UsageError,
    WordIndexError,
)

#: Failures of the server's own set-up (no index, unreachable database), too much at once, or a request
#: that ran out of its time budget: 503, the client is not at fault.
UNAVAILABLE = (
    DatabaseError,
    NoIndexError,
    NotAnIndexError,
    SchemaTooNewError,
    SchemaTooOldError,
    BusyError,
    TimeLimitError,
)


#: An absolute file path inside a message (not the path part of a URL: that follows a host or ``:``).
_ABSOLUTE_PATH = re.compile(r"(?:sqlite:///|(?<![\w:/.]))/(?:[^\s'\"/]+/)+([^\s'\"/]+)")


def public_message(message: str) -> str:
    """``message`` with each absolute file path cut to its file name: where the server keeps its files is
    nobody's business (a 503's message names the index or the game store it cannot use)."""
    return _ABSOLUTE_PATH.sub(r"\1", message)


def status_for(exc: WordIndexError) -> int:
    if isinstance(exc, TooManyError):
        return 429
    if isinstance(exc, UNAVAILABLE):
        return 503
    if isinstance(exc, NotFoundError):
        return 404
    if isinstance(exc, UsageError):
        return 400
    return 409  # a move the game's state refuses (the game is over, the round has ended)


def error_body(message: str, kind: str) -> dict[str, str]:
    return {"error": message, "type": kind}


class ErrorBody(BaseModel):
    """Every error answer: the message the command line prints after ``Error:``, and its exception's name."""

    error: str
    type: str


#: What each error status means here (the OpenAPI document lists the ones each route gives).
MEANINGS = {
    400: "Bad input: the request's values are refused (the same message as the command line's)",
    404: "No such game (never made, or cleaned up)",
    409: "A move the game no longer takes (the round is over), or a board whose round still runs",
    413: "The request body is larger than the server's limit",
    422: "A parameter of the wrong type or out of its bounds, or a query parameter the route does not take",
    429: "Too many new games (a next round too) or live streams from this address: wait Retry-After seconds",
    503: "The server cannot answer now: busy (Retry-After), over its time budget, or its index or game store "
    "cannot be used",
}


def responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route that may answer ``statuses``, each with the error body."""
    return {status: {"model": ErrorBody, "description": MEANINGS[status]} for status in statuses}


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = [str(p) for p in error.get("loc", ()) if p not in ("query", "body")]
        name = ".".join(where) or "request"
        if error.get("type") == "unknown_parameter":  # query_params.known_query: the message says what is taken
            parts.append(f"unknown parameter {name!r}: {error.get('msg')}")
            continue
        given = error.get("input")
        shown = f" (got {given!r})" if isinstance(given, str | int | float) else ""
        parts.append(f"invalid value for {name!r}: {error.get('msg', 'invalid')}{shown}")
    return "; ".join(parts) or "invalid request"


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(WordIndexError)
    async def library_error(request: Request, exc: WordIndexError) -> JSONResponse:
        status = status_for(exc)
        headers = {"retry-after": str(exc.retry_after)} if isinstance(exc, BusyError) else None
        message = public_message(str(exc)) if status == 503 else str(exc)
        return JSONResponse(error_body(message, type(exc).__name__), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body(_validation_message(exc), "UsageError"), status_code=422)

    @app.exception_handler(ClientDisconnect)
    async def client_gone(request: Request, exc: ClientDisconnect) -> JSONResponse:
        """The client closed its connection before its whole body arrived (it dropped it, or the
        protocol's body deadline closed it): nobody is left to read an answer, and the server's log
        is no place for a stranger's hang-up (starlette's traceback was 4 KB each)."""
        message = "the connection closed before the request body arrived"
        return JSONResponse(error_body(message, "UsageError"), status_code=400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(error_body(str(exc.detail), "HTTPError"), status_code=exc.status_code, headers=exc.headers)
