"""SIGTERM drains (issue 32 item 2): a real ``wordindex serve`` process told to stop ends its live
streams at once, answers the requests in flight, cuts one still unfinished after
``WORDINDEX_DRAIN_SECONDS`` (one line in the log, no traceback) and exits; with any stream open it
used to stay up (its port closed) until killed."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx
import pytest

from .conftest import BOARD, free_port


@pytest.fixture
def server(web_index, tmp_path):
    """``wordindex serve`` in a process of its own on a free port; its base URL and the process."""
    port = free_port()
    env = {
        **os.environ,
        "WORDINDEX_DB": web_index.url,
        "WORDINDEX_GAMES_DB": str(tmp_path / "games.db"),
        "WORDINDEX_LIVE_POLL_SECONDS": "0.05",
        "WORDINDEX_DRAIN_SECONDS": "3",
    }
    command = [sys.executable, "-c", "from wordindex.cli.app import main; main()", "serve", "--port", str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the server did not start: {process.communicate()[1][-2000:]}")
        time.sleep(0.1)
    try:
        yield url, port, process
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_sigterm_ends_the_streams_answers_what_is_in_flight_and_exits(server):
    url, port, process = server
    game = httpx.post(f"{url}/api/games", json={"game": "boggle", "board": BOARD, "multiplayer": True}, timeout=10)
    game_id = game.json()["id"]
    started = [threading.Event(), threading.Event()]
    ended: list[float] = []

    def listen(first: threading.Event) -> None:
        with httpx.stream("GET", f"{url}/api/games/{game_id}/events", timeout=30) as response:
            assert response.status_code == 200
            for _line in response.iter_lines():
                first.set()
            ended.append(time.monotonic())  # the server ended the stream (a clean end: no error raised)

    listeners = [threading.Thread(target=listen, args=(first,), daemon=True) for first in started]
    for listener in listeners:
        listener.start()
    assert all(first.wait(20) for first in started)
    body = json.dumps({"game": "boggle", "board": BOARD}).encode()
    in_flight = socket.create_connection(("127.0.0.1", port))
    head = f"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    head += "\r\n"
    in_flight.sendall(head.encode() + body[:10])  # a request in flight: its body still on the way
    stalled = socket.create_connection(("127.0.0.1", port))
    stalled.sendall(head.encode() + body[:10])  # and never the rest: cut when the drain time is up
    time.sleep(0.3)

    stopped = time.monotonic()
    process.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    in_flight.sendall(body[10:])
    in_flight.settimeout(10)
    answer = b""
    while chunk := in_flight.recv(65536):
        answer += chunk
    in_flight.close()
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]  # answered, then the connection closed
    for listener in listeners:
        listener.join(10)
    assert len(ended) == 2 and all(at - stopped < 2 for at in ended)  # the streams ended at once
    try:
        code = process.wait(10)
    except subprocess.TimeoutExpired:
        pytest.fail("the server was still running 10 s after SIGTERM")
    assert 3 <= time.monotonic() - stopped < 6  # the stalled request had its 3 s, no more
    assert code in (0, -signal.SIGTERM)  # uvicorn raises the signal again once it has shut down
    log = process.communicate()[1]
    assert "timeout graceful shutdown exceeded" in log and "Traceback" not in log  # one line, no traceback
    stalled.close()


def test_the_stream_and_drain_bounds_come_from_the_environment_and_are_documented():
    from pathlib import Path

    from wordindex.web.settings import ENV, settings_from_environment

    from wordindex.errors import UsageError

    defaults = settings_from_environment({"WORDINDEX_DB": "w.db"})
    names = ("max_streams_per_address", "max_streams_per_game", "stream_idle_seconds", "drain_seconds")
    assert [getattr(defaults, name) for name in names] == [32, 64, 300.0, 5.0]
    given = settings_from_environment({"WORDINDEX_DB": "w.db", **{ENV[name]: "7" for name in names}})
    assert [getattr(given, name) for name in names] == [7, 7, 7.0, 7.0]
    with pytest.raises(UsageError, match="^WORDINDEX_MAX_STREAMS_PER_ADDRESS must be 1 to 100,000, not 0$"):
        settings_from_environment({"WORDINDEX_DB": "w.db", "WORDINDEX_MAX_STREAMS_PER_ADDRESS": "0"})
    documented = (Path(__file__).parents[2] / "docs" / "serve.md").read_text()
    assert all(f"`{ENV[name]}`" in documented for name in names)
