"""Ctrl-C at any moment of a command (issue 31 item 5): one line ``Interrupted.`` and exit 130.

A command spends its first tens of milliseconds importing (typer, click, its own module, the library);
interrupted then, it used to print a ``KeyboardInterrupt`` traceback (10 to 43 lines) and die of the
signal (exit -2). The console script's entry point (``wordindex.cli.app.main``) puts its handler in
place before its first heavy import. The moments here are counted from that import: the child runs
with ``PYTHONPROFILEIMPORTTIME`` and the test waits for the first module of typer or click it reports
(they were imported while the entry point's own module loaded, before any handler: interrupted in
the next 30 ms or so, the command printed a traceback). Not covered, because no program can handle
them: the interpreter's own start (``site``), and the millisecond in which the console script imports
``wordindex.cli.app`` and its few standard modules.

The command is ``boggle --batch -`` with its stdin left open: it would wait for boards forever, so
every moment, from the first import to the wait itself, finds it still running.

Each case runs twice: as the suite normally runs, and with the test run's SIGINT ignored (what
``nohup`` does to a suite): its children still get SIGINT's default action (``tests/interrupting.py``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .interrupting import sigint_default

EXE = Path(sys.executable).with_name("wordindex")
#: Milliseconds after the entry point took over (typer's import, the command's, the library's, the wait).
MOMENTS_MS = [0, 1, 2, 5, 10, 20, 35, 50, 75, 100, 150, 200, 300]
IMPORT_REPORT = "import time:"
#: The first heavy imports: the handler must be in place before either begins.
HEAVY = ("typer", "click")

pytestmark = pytest.mark.skipif(not EXE.exists(), reason="the wordindex script is not installed beside this Python")


@contextmanager
def sigint_ignored(ignored: bool) -> Iterator[None]:
    """The test run's own SIGINT ignored for the block (as under ``nohup``), if ``ignored``."""
    if not ignored:
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def reported_module(line: str) -> str:
    """The module an ``import time:`` line reports ("" for any other line)."""
    return line.rpartition("|")[2].strip() if line.startswith(IMPORT_REPORT) else ""


def interrupt_at(moment_ms: float, db: object) -> tuple[int, list[str]]:
    """Start ``wordindex boggle --batch -``, send SIGINT ``moment_ms`` after its first heavy import; (exit, stderr)."""
    env = {**os.environ, "WORDINDEX_DB": str(db), "PYTHONPROFILEIMPORTTIME": "1"}
    process = subprocess.Popen(
        [str(EXE), "boggle", "--batch", "-"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_default,
    )
    try:
        assert process.stderr is not None
        seen: list[str] = []
        while not (seen and reported_module(seen[-1]).startswith(HEAVY)):  # the first heavy import, done
            line = process.stderr.readline()
            assert line, f"the command ended before it imported {HEAVY}: {seen[-5:]}"
            seen.append(line)
        if moment_ms:
            import time

            time.sleep(moment_ms / 1000)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, [line for line in stderr.splitlines() if not line.startswith(IMPORT_REPORT)]


@pytest.mark.parametrize("parent_ignores_sigint", [False, True], ids=["foreground", "sigint-ignored"])
def test_ctrl_c_at_any_moment_is_one_line_and_exit_130(nine_db, parent_ignores_sigint):
    with sigint_ignored(parent_ignores_sigint):
        outcomes = {moment: interrupt_at(moment, nine_db) for moment in MOMENTS_MS}
    assert {moment: (code, said[-1:]) for moment, (code, said) in outcomes.items()} == {
        moment: (130, ["Interrupted."]) for moment in MOMENTS_MS
    }
    # Nothing else but a piece of the child's own import report: the handler's line can cut one of
    # ``PYTHONPROFILEIMPORTTIME``'s lines in two (written in pieces by C), leaving its tail ("r") alone.
    told = [line for _, said in outcomes.values() for line in said[:-1]]
    assert not [line for line in told if "Traceback" in line or "Interrupt" in line or "Error" in line], told
