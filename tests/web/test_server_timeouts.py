"""The server's connection bounds (issue 23 item 5): a request head that never completes is cut off
after ``WORDINDEX_HEADER_SECONDS``; a request whose head arrived is answered however long it takes;
``wordindex serve`` hands uvicorn the keep-alive timeout and the connection limit."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from .conftest import free_port


async def slow_app(scope, receive, send):
    """Answers after 1.5 s: longer than the head deadline, which must not cut it."""
    if scope["type"] != "http":
        return
    await asyncio.sleep(1.5)
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


PROTOCOLS = ["wordindex.web.protocol:HeadDeadlineProtocol", "wordindex.web.fast_protocol:FastHeadDeadlineProtocol"]


@contextlib.contextmanager
def protocol_server(monkeypatch, protocol: str) -> Iterator[int]:
    import uvicorn

    monkeypatch.setenv("WORDINDEX_HEADER_SECONDS", "0.5")
    port = free_port()
    config = uvicorn.Config(slow_app, host="127.0.0.1", port=port, log_level="warning", http=protocol)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True when the server closes ``sock`` (EOF) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_head_that_never_completes_is_cut_off_and_a_slow_answer_is_not(monkeypatch, protocol):
    if "fast" in protocol:
        pytest.importorskip("httptools")
    with protocol_server(monkeypatch, protocol) as port:
        silent = socket.create_connection(("127.0.0.1", port))
        trickling = socket.create_connection(("127.0.0.1", port))
        trickling.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        assert closed_within(silent, 30)
        assert closed_within(trickling, 30)
        answered = socket.create_connection(("127.0.0.1", port))
        answered.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        answered.settimeout(30)
        reply = b""
        while not reply.endswith(b"ok"):
            chunk = answered.recv(1024)
            assert chunk, reply
            reply += chunk
        assert reply.startswith(b"HTTP/1.1 200")
        answered.sendall(b"GET / HTTP/1.1\r\n")  # a second request on the connection that stalls
        assert closed_within(answered, 30)
        for sock in (silent, trickling, answered):
            sock.close()


def test_serve_hands_uvicorn_the_timeouts_and_the_connection_limit(tmp_path, monkeypatch):
    from wordindex.web.protocol import server_options
    from wordindex.web.settings import settings_from_environment

    from wordindex.index.location import parse_location

    where = parse_location(str(tmp_path / "wordindex.db"))
    assert server_options(settings_from_environment({}, where)) == {
        "http": "wordindex.web.fast_protocol:FastHeadDeadlineProtocol",  # httptools, as the serve extra has
        "timeout_keep_alive": 5,
        "limit_concurrency": 4000,
        "timeout_graceful_shutdown": 5.0,
        "headers": [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")],
    }
    env = {"WORDINDEX_KEEP_ALIVE_SECONDS": "2", "WORDINDEX_MAX_CONNECTIONS": "50", "WORDINDEX_HEADER_SECONDS": "3"}
    settings = settings_from_environment(env, where)
    assert (settings.keep_alive_seconds, settings.max_connections, settings.header_seconds) == (2, 50, 3.0)
    assert server_options(settings)["limit_concurrency"] == 50
    drain = settings_from_environment({"WORDINDEX_DRAIN_SECONDS": "2"}, where)
    assert server_options(drain)["timeout_graceful_shutdown"] == 2.0


@pytest.mark.parametrize(
    "name", ["WORDINDEX_MAX_CONNECTIONS", "WORDINDEX_KEEP_ALIVE_SECONDS", "WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS"]
)
def test_serve_refuses_a_bad_bound_in_one_line(index_factory, name, monkeypatch):
    from typer.testing import CliRunner
    from wordindex.cli.app import app

    from .conftest import WEB_WORDS

    monkeypatch.setenv(name, "0")
    result = CliRunner().invoke(app, ["--db", str(index_factory("web", WEB_WORDS)), "serve"])
    assert result.exit_code == 2
    assert f"{name} must be 1 to" in result.output
