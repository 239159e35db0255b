"""uvicorn's HTTP/1.1 protocols (httptools, else h11) with a deadline on each request's head.

uvicorn closes a keep-alive connection that stays silent (``timeout_keep_alive``) but not one that
sends a byte now and then and never finishes its headers, nor a new connection that sends nothing:
500 such sockets held a server's connections for minutes. Here a connection must complete each
request head within ``header_seconds`` of opening or of its previous answer; if it has not, it is
closed. A request whose head has arrived is the app's to answer (its time budget bounds it).

On SIGTERM, uvicorn's graceful shutdown waits for every connection to finish its answer, and a live
stream lasts as long as its game: the protocol tells the app to end its streams (``DRAIN``), and
``timeout_graceful_shutdown`` (``WORDINDEX_DRAIN_SECONDS``) cuts whatever is still going after that.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .live import DRAIN
from .settings import header_seconds


class _QuietCut(logging.Filter):
    """Drops uvicorn's traceback for each request it cancels at the end of a graceful shutdown (one
    whose body never finished arriving): it has said so already in one line ("Cancel N running
    task(s), timeout graceful shutdown exceeded"), and a cut request is not the app's error."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not (isinstance(exc, asyncio.CancelledError) and "graceful shutdown" in str(exc))


def _quiet_cuts() -> None:
    """``_QuietCut`` on uvicorn's error log, once per process (each worker imports this module)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietCut) for f in logger.filters):
        logger.addFilter(_QuietCut())


_quiet_cuts()


class HeadDeadline:
    """Mixed into uvicorn's protocol classes (h11 and httptools share these hooks): closes a
    connection whose next request head is overdue."""

    _deadline: asyncio.TimerHandle | None = None
    _seconds = 10.0
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    cycle: Any
    app_state: dict[str, Any]

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._seconds = header_seconds(os.environ)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing():
            self._arm()

    def shutdown(self) -> None:
        """uvicorn's graceful shutdown (SIGTERM) asks each connection to close after its answer: the
        app's live streams are told first (``DRAIN`` in the app's lifespan state), so they end now and
        do not hold the server open for the rest of their games."""
        drain = self.app_state.get(DRAIN)
        if drain is not None:
            drain()
        super().shutdown()  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self._seconds, self._overdue)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _overdue(self) -> None:
        self._deadline = None
        waiting_for_a_head = self.cycle is None or self.cycle.response_complete
        if waiting_for_a_head and not self.transport.is_closing():
            self.transport.close()


class HeadDeadlineProtocol(HeadDeadline, H11Protocol):
    """uvicorn's pure-Python HTTP/1.1 protocol (h11) with the head deadline."""


def _fast_protocol() -> str:
    """The httptools protocol with the head deadline when httptools is installed (the ``serve`` extra
    installs it; uvicorn's own ``auto`` choice), else the h11 one."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        return "wordindex.web.protocol:HeadDeadlineProtocol"
    return "wordindex.web.fast_protocol:FastHeadDeadlineProtocol"


#: On every answer, written by uvicorn with its own headers: no content-type sniffing, no framing.
HEADERS = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")]


def server_options(settings: Any) -> dict[str, Any]:
    """uvicorn's options for ``settings`` (``wordindex serve`` and the tests' live server use the same)."""
    return {
        "http": _fast_protocol(),
        "timeout_keep_alive": settings.keep_alive_seconds,
        "limit_concurrency": settings.max_connections,
        # On SIGTERM: live streams end at once (``DRAIN``); answers in flight get this long, then are cut.
        "timeout_graceful_shutdown": settings.drain_seconds,
        "headers": HEADERS,
    }
