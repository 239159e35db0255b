"""Ctrl-C at any moment: one line, ``Interrupted.``, and exit 130, never a traceback.

A command spends its first tens of milliseconds importing (typer, click, then its own module and the
library). A ``KeyboardInterrupt`` raised in the middle of an import cannot be caught anywhere useful,
so until the command itself runs, SIGINT gets a handler of its own (``install``, called by the console
script's entry point before its first heavy import) that writes the line and ends the process at once:
nothing has begun that needs undoing. While the command runs (``raising``, around the click group's
work) SIGINT raises ``KeyboardInterrupt`` as usual, so a build removes its partial file and a game
shows its end, and the group turns it into the same line; once the command is over the at-once
handler is back, so the exit path cannot print a traceback either.

A SIGINT that is ignored when the process starts stays ignored: a job started in the background
(``nohup``, ``cmd &`` in a script) is meant to be out of the terminal's Ctrl-C reach.

The moments before the first line of ``wordindex`` runs (the interpreter starting, ``site``) are the
interpreter's: a SIGINT then ends the process as the signal does, or as Python handles it.

This module imports nothing but the standard library's ``os``, ``signal`` and ``contextlib``, so the
handler is in place within a millisecond of the entry point.
"""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager

TYPE_CHECKING = False  # ``typing`` and ``collections.abc`` are not imported before the handler is in place
if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import FrameType

#: The exit status after Ctrl-C (128 + SIGINT, what a shell reports for a process SIGINT ended).
EXIT_INTERRUPTED = 130


def _interrupted_at_once(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C outside a command's own work: the line and exit 130 now (no cleanup to do, none to print)."""
    try:
        os.write(2, b"Interrupted.\n")
    finally:
        os._exit(EXIT_INTERRUPTED)


def install() -> None:
    """Make SIGINT end the process with one line from now on, unless it is ignored (a background job)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted_at_once)


@contextmanager
def raising() -> Iterator[None]:
    """While the command runs, SIGINT raises ``KeyboardInterrupt`` (the command cleans up, the group says
    ``Interrupted.``); the at-once handler is back afterwards. Nothing changes unless ``install`` ran
    (the CLI called in-process, by tests, keeps its caller's handler)."""
    ours = signal.getsignal(signal.SIGINT) is _interrupted_at_once
    if ours:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGINT, _interrupted_at_once)
