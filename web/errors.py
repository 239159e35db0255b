"""One place that turns every failure into a JSON answer with a 4xx status (5xx only for the server's own state).

The message is the one the CLI prints after ``Error:``, because both come
from the same named ``wordindex.errors`` exception.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

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


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        where = [str(p) for p in error.get("loc", ()) if p not in ("query", "body")]
        name = ".".join(where) or "request"
        given = error.get("input")
        shown = f" (got {given!r})" if isinstance(given, str | int | float) else ""
        parts.append(f"invalid value for {name!r}: {error.get('msg', 'invalid')}{shown}")
    return "; ".join(parts) or "invalid request"


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(WordIndexError)
    async def library_error(request: Request, exc: WordIndexError) -> JSONResponse:
        headers = {"retry-after": str(exc.retry_after)} if isinstance(exc, BusyError) else None
        return JSONResponse(error_body(str(exc), type(exc).__name__), status_code=status_for(exc), headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body(_validation_message(exc), "UsageError"), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse(error_body(str(exc.detail), "HTTPError"), status_code=exc.status_code, headers=exc.headers)
