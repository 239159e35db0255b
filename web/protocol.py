"""uvicorn's HTTP/1.1 protocols (httptools, else h11) with deadlines on each request's head and body,
and a cap on the connections one client address holds open.

uvicorn closes a keep-alive connection that stays silent (``timeout_keep_alive``) but not one that
sends a byte now and then and never finishes its headers, nor a new connection that sends nothing:
500 such sockets held a server's connections for minutes. Here a connection must complete each
request head within ``header_seconds`` of opening or of its previous answer; if it has not, it is
closed. A request whose head announces a body must then send all of it within ``body_seconds``
(a slow or never-sent body held connections as long as a slow head did), or it is closed too (the
app, waiting for the body, sees the client gone: ``errors.install`` answers that quietly). A request
whose whole body has arrived is the app's to answer (its time budget bounds it).

The deadlines bound how long each connection is held, not how many: thousands of connections from
one address filled a worker's ``limit_concurrency``, and ``/healthz`` answered 503 to everyone. So a
worker holds at most ``max_connections_per_address`` connections from one address (an IPv6 /64 counts
as one, as one host has them all); one beyond is closed as soon as it opens, before it costs a task.

On SIGTERM, uvicorn's graceful shutdown waits for every connection to finish its answer, and a live
stream lasts as long as its game: the protocol tells the app to end its streams (``DRAIN``), and
``timeout_graceful_shutdown`` (``WORDINDEX_DRAIN_SECONDS``) cuts whatever is still going after that.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .live import DRAIN
from .settings import body_seconds, header_seconds, max_connections_per_address


@dataclass
class ConnectionBounds:
    """One server's deadlines and per-address cap (read from the environment once, at its first
    connection), and its open connections by address."""

    header_seconds: float
    body_seconds: float
    per_address: int
    open: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, server_state: Any) -> ConnectionBounds:
        """The bounds kept on uvicorn's per-server state (each test server, each worker has its own)."""
        bounds: ConnectionBounds | None = getattr(server_state, "wordindex_bounds", None)
        if bounds is None:
            env = os.environ
            bounds = cls(header_seconds(env), body_seconds(env), max_connections_per_address(env))
            server_state.wordindex_bounds = bounds
        return bounds


def address_key(client: tuple[str, int] | None) -> str | None:
    """What the per-address cap counts for a peer: its IPv4 address, or its IPv6 /64 (an IPv4 address
    mapped into IPv6 is the IPv4 one); None for a peer without an IP address (a Unix socket)."""
    if not client:
        return None
    try:
        address = ipaddress.ip_address(client[0])
    except ValueError:
        return client[0]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


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
    connection whose next request head, or whose request's body, is overdue, and one beyond its
    address's cap."""

    _deadline: asyncio.TimerHandle | None = None
    _bounds: ConnectionBounds | None = None
    _address: str | None = None
    _body_cycle: Any = None
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    cycle: Any
    client: tuple[str, int] | None
    server_state: Any
    app_state: dict[str, Any]

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        bounds = self._bounds = ConnectionBounds.of(self.server_state)
        address = address_key(self.client)
        if address is not None:
            held = bounds.open.get(address, 0)
            if held >= bounds.per_address:
                transport.close()  # no task, no timer; connection_lost follows
                return
            bounds.open[address] = held + 1
            self._address = address
        self._arm(bounds.header_seconds)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        cycle = self.cycle
        if cycle is not None and cycle is not self._body_cycle and cycle.more_body and not cycle.response_complete:
            # A head has just arrived and its body has not: the body's deadline runs from now.
            self._body_cycle = cycle
            if self._bounds is not None:
                self._arm(self._bounds.body_seconds)

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.transport.is_closing() and self._bounds is not None:
            self._arm(self._bounds.header_seconds)

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
        if self._address is not None and self._bounds is not None:
            left = self._bounds.open.get(self._address, 1) - 1
            if left > 0:
                self._bounds.open[self._address] = left
            else:
                self._bounds.open.pop(self._address, None)
            self._address = None
        super().connection_lost(exc)  # type: ignore[misc]

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._overdue)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _overdue(self) -> None:
        self._deadline = None
        cycle = self.cycle
        waiting_for_a_head = cycle is None or cycle.response_complete
        waiting_for_a_body = not waiting_for_a_head and cycle.more_body and not cycle.disconnected
        if (waiting_for_a_head or waiting_for_a_body) and not self.transport.is_closing():
            self.transport.close()


class HeadDeadlineProtocol(HeadDeadline, H11Protocol):
    """uvicorn's pure-Python HTTP/1.1 protocol (h11) with the deadlines and the per-address cap."""


def _fast_protocol() -> str:
    """The httptools protocol with the deadlines when httptools is installed (the ``serve`` extra
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
