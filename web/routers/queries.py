"""The query commands as ``GET /api/<command>`` (filled in from wordindex.reports)."""

from fastapi import APIRouter

router = APIRouter(prefix="/api", tags=["queries"])
