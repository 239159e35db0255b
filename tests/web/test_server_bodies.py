"""Request bodies and connections per address (issue 32 item 1): a body that is sent slowly, or never
after its head, is cut off after ``WORDINDEX_BODY_SECONDS``; one address cannot hold more than
``WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS`` connections, so others are still answered; a client that drops
its body halfway leaves nothing in the server's log.

The protocols are tried in a thread (both of them, on a small ASGI app); the rest on ``wordindex serve``
itself, a real process whose log is its standard error. Client addresses are 127.0.0.2 and 127.0.0.3
(any 127.x reaches a server listening on 127.0.0.1)."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import WEB_WORDS, free_port
from .test_server_timeouts import PROTOCOLS, closed_within


async def body_app(scope, receive, send):
    """Reads the whole body, then answers its length after 1 s (longer than the body deadline, which
    must not cut an answer whose body has arrived)."""
    import asyncio

    if scope["type"] != "http":
        return
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        size += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    await asyncio.sleep(1)
    body = str(size).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(body))]})
    await send({"type": "http.response.body", "body": body})


@contextlib.contextmanager
def thread_server(monkeypatch, protocol: str) -> Iterator[int]:
    import uvicorn

    monkeypatch.setenv("WORDINDEX_HEADER_SECONDS", "30")
    monkeypatch.setenv("WORDINDEX_BODY_SECONDS", "0.5")
    port = free_port()
    config = uvicorn.Config(body_app, host="127.0.0.1", port=port, log_level="warning", http=protocol)
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


def connect(port: int, source: str = "127.0.0.2") -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def trickle(sock: socket.socket, stop: threading.Event) -> None:
    """Send a byte of body every 0.1 s until told to stop or the server closes the connection."""
    while not stop.wait(0.1):
        try:
            sock.sendall(b"x")
        except OSError:
            return


def read_reply(sock: socket.socket) -> bytes:
    sock.settimeout(30)
    reply = b""
    while b"\r\n\r\n" not in reply or not reply.split(b"\r\n\r\n", 1)[1]:
        chunk = sock.recv(4096)
        if not chunk:
            break
        reply += chunk
    return reply


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_body_sent_slowly_or_never_is_cut_off_and_a_whole_one_is_answered(monkeypatch, protocol):
    if "fast" in protocol:
        pytest.importorskip("httptools")
    with thread_server(monkeypatch, protocol) as port:
        never = connect(port)
        never.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")  # and no more
        slow = connect(port)
        slow.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        stop = threading.Event()
        trickler = threading.Thread(target=trickle, args=(slow, stop), daemon=True)
        trickler.start()
        try:
            assert closed_within(never, 30)  # the head deadline (30 s) would not have closed it yet
            assert closed_within(slow, 30)
        finally:
            stop.set()
            trickler.join(10)
        whole = connect(port)
        whole.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab")
        time.sleep(0.1)
        whole.sendall(b"cde")
        reply = read_reply(whole)
        assert reply.startswith(b"HTTP/1.1 200") and reply.endswith(b"\r\n\r\n5"), reply
        for sock in (never, slow, whole):
            sock.close()


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_connections_beyond_an_addresss_cap_are_closed_as_they_open(monkeypatch, protocol):
    if "fast" in protocol:
        pytest.importorskip("httptools")
    monkeypatch.setenv("WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS", "2")
    with thread_server(monkeypatch, protocol) as port:
        held = [connect(port), connect(port)]
        beyond = connect(port)
        assert closed_within(beyond, 30)
        other = connect(port, "127.0.0.3")
        other.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nab")
        assert read_reply(other).endswith(b"\r\n\r\n2")
        held[0].close()  # a place for the address again, once the server has seen it closed
        deadline = time.monotonic() + 10
        while not get(port, "/", "127.0.0.2").endswith(b"\r\n\r\n0"):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        for sock in (held[1], beyond, other):
            sock.close()


@pytest.fixture
def serve_process(index_factory, tmp_path) -> Iterator[tuple[int, Path]]:
    """``wordindex serve`` with short bounds on a free port; yields the port and its log (its stderr),
    complete once the test has stopped it with ``stop_server``."""
    port = free_port()
    log = tmp_path / "serve.log"
    env = {
        **os.environ,
        "WORDINDEX_HEADER_SECONDS": "30",
        "WORDINDEX_BODY_SECONDS": "1",
        "WORDINDEX_MAX_CONNECTIONS": "24",
        "WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS": "8",
    }
    env.pop("WORDINDEX_INDEXES", None)
    command = [sys.executable, "-c", "from wordindex.cli.app import main; main()"]
    db = str(index_factory("web", WEB_WORDS))
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [*command, "--db", db, "serve", "--port", str(port), "--games-db", str(tmp_path / "games.db")],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 60
        while not get(port, "/healthz", "127.0.0.1").startswith(b"HTTP/1.1 200"):
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield port, log
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def get(port: int, path: str, source: str) -> bytes:
    """The reply to a GET from ``source``; b"" when refused or closed without one."""
    try:
        sock = connect(port, source)
    except OSError:
        return b""
    with sock:
        try:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            return read_reply(sock)
        except OSError:
            return b""


def closed_of(socks: list[socket.socket], expected: int) -> set[socket.socket]:
    """The sockets the server has closed, once ``expected`` of them are (or 20 s have passed), and
    half a second more for any further one."""
    closed: set[socket.socket] = set()
    deadline = time.monotonic() + 20
    settle = None
    while time.monotonic() < (settle or deadline):
        readable, _, _ = select.select([s for s in socks if s not in closed], [], [], 0.1)
        for sock in readable:
            try:
                if sock.recv(1024) == b"":
                    closed.add(sock)
            except OSError:
                closed.add(sock)
        if settle is None and len(closed) >= expected:
            settle = time.monotonic() + 0.5
    return closed


def test_a_real_server_cuts_off_a_body_that_never_comes(serve_process):
    port, _ = serve_process
    sock = connect(port)
    sock.sendall(b'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"game": ')
    assert closed_within(sock, 20)  # after WORDINDEX_BODY_SECONDS (1 s); the head deadline is 30 s
    sock.close()


def test_one_address_cannot_take_the_connections_of_everyone_else(serve_process):
    port, _ = serve_process
    flood = [connect(port, "127.0.0.2") for _ in range(30)]  # more than WORDINDEX_MAX_CONNECTIONS (24)
    try:
        assert len(closed_of(flood, 30 - 8)) == 30 - 8  # WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS
        assert get(port, "/healthz", "127.0.0.3").startswith(b"HTTP/1.1 200")
        assert get(port, "/healthz", "127.0.0.2") == b""  # still at its cap
    finally:
        for sock in flood:
            sock.close()
    deadline = time.monotonic() + 10  # once its connections are closed, the address is served again
    while not get(port, "/healthz", "127.0.0.2").startswith(b"HTTP/1.1 200"):
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_a_body_dropped_halfway_leaves_no_traceback_in_the_log(serve_process):
    port, log = serve_process
    for _ in range(3):
        sock = connect(port)
        sock.sendall(b'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"game": "bo')
        time.sleep(0.2)  # the app is waiting for the rest
        sock.close()
    cut = connect(port)  # and one the body deadline closes
    cut.sendall(b'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"game": "bo')
    assert closed_within(cut, 20)
    cut.close()
    assert get(port, "/healthz", "127.0.0.3").startswith(b"HTTP/1.1 200")
    time.sleep(0.5)  # let the server write whatever it would
    text = log.read_text()
    assert "Traceback" not in text and "ClientDisconnect" not in text and "Exception" not in text, text


def test_the_bounds_come_from_the_environment(tmp_path):
    from wordindex.web.settings import settings_from_environment

    from wordindex.index.location import parse_location

    where = parse_location(str(tmp_path / "wordindex.db"))
    settings = settings_from_environment({}, where)
    assert (settings.body_seconds, settings.max_connections_per_address) == (10.0, 256)
    env = {"WORDINDEX_BODY_SECONDS": "2.5", "WORDINDEX_MAX_CONNECTIONS_PER_ADDRESS": "16"}
    settings = settings_from_environment(env, where)
    assert (settings.body_seconds, settings.max_connections_per_address) == (2.5, 16)


@pytest.mark.parametrize(
    "client, key",
    [
        (("203.0.113.7", 5000), "203.0.113.7"),
        (("::ffff:203.0.113.7", 5000), "203.0.113.7"),
        (("2001:db8:1:2:aaaa::1", 5000), "2001:db8:1:2::/64"),
        (("2001:db8:1:2:bbbb::9", 5000), "2001:db8:1:2::/64"),  # the same host's other address
        (None, None),
    ],
)
def test_an_ipv6_host_counts_as_its_64_prefix(client, key):
    from wordindex.web.protocol import address_key

    assert address_key(client) == key
