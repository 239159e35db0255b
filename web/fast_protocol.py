"""uvicorn's httptools protocol with the deadlines and the per-address cap (``protocol.HeadDeadline``);
a module of its own because it imports httptools, which only the ``serve`` extra installs."""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .protocol import HeadDeadline


class FastHeadDeadlineProtocol(HeadDeadline, HttpToolsProtocol):
    """uvicorn's httptools protocol with the deadlines and the per-address cap."""
