"""``/healthz`` (the process answers) and ``/readyz`` (every index and the game store answer)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from wordindex.errors import WordIndexError
from wordindex.gamestore import GameStore

from ..deps import get_store
from ..errors import public_message
from ..served import ServedIndexes, get_served_indexes

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz() -> dict[str, Any]:
    """Liveness: the process is up (touches no database)."""
    return {"status": "ok"}


@router.get("/readyz", responses={503: {"description": "An index or the game store cannot be used (which, and why)"}})
def readyz(indexes: ServedIndexes = Depends(get_served_indexes), store: GameStore = Depends(get_store)) -> JSONResponse:
    """Readiness: every served index opens at the current schema and the game store answers; 503 otherwise."""
    checks: dict[str, str] = {"index": "ok"}
    for served in indexes.all:
        try:
            with served.indexes.use() as index:
                index.ping()
        except WordIndexError as exc:
            checks["index"] = public_message(str(exc))
            break
    try:
        store.ping()
        checks["games"] = "ok"
    except WordIndexError as exc:
        checks["games"] = public_message(str(exc))
    ready = all(v == "ok" for v in checks.values())
    return JSONResponse({"status": "ok" if ready else "unavailable", **checks}, status_code=200 if ready else 503)
