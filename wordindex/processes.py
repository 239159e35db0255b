"""Which way to start a helper process: fork only where it is safe, spawn elsewhere.

A forked child gets a copy of every lock as it was at the fork, but only the
forking thread. If another thread held one (SQLite's own mutexes while it
ran a query, the allocator's, an import lock), the child waits for it forever
and the parent waits for the child. The CLI is single-threaded and forks
(cheap: nothing is imported again); a program that builds an index or
searches hangman values while its other threads work (the web server's
tests rebuild under traffic) gets ``spawn``, a fresh interpreter.
"""

from __future__ import annotations

import multiprocessing
import threading
from typing import Any


def fork_is_safe() -> bool:
    """True when ``fork`` exists here and no other Python thread runs (so none can hold a lock)."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


def helper_context() -> Any:
    """The multiprocessing context for a helper: ``fork`` when safe, else ``spawn``."""
    return multiprocessing.get_context("fork" if fork_is_safe() else "spawn")
