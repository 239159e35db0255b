"""Output helpers over the invocation's ``Environment`` (cli/environment.py).

Results on stdout, diagnostics on stderr; rich tables and colour only when
``env().colour`` (a terminal, no NO_COLOR, TERM not dumb), plain text
otherwise. rich is imported lazily: a piped query command never pays for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .environment import env


def emit_json(value: Any) -> None:
    """Print one JSON document on stdout."""
    env().emit_json(value)


def out(line: str = "") -> None:
    """Print one plain result line on stdout."""
    env().out(line)


def word_list(items: Sequence[str]) -> None:
    """Print a list of words (or of short entries such as ``  3 knife``): the one way every command does.

    On a terminal, in columns fitted to its width, column-major like ``ls``;
    piped, one per line, so ``wc -l``, ``grep`` and ``sort`` see one word a
    line. Whether colour is allowed does not matter: ``NO_COLOR`` on a
    terminal still gets columns.
    """
    from .columns import columns

    terminal = env()
    lines = columns(items, terminal.width) if terminal.stdout_isatty else list(items)
    if lines:
        terminal.out("\n".join(lines))


def printable(text: str) -> str:
    """``text`` as is when every character prints, else its escaped repr (``'co\\nol'``).

    A word holding a newline or another control character must not break
    the one-line-per-result output, nor be mistaken for two results.
    """
    return text if text.isprintable() else repr(text)


def note(line: str) -> None:
    """Print a diagnostic line on stderr."""
    env().note(line)


def rich_output() -> bool:
    """Draw with rich (tables, colour) on stdout? Only on a colour terminal."""
    return env().colour


def stdout_is_terminal() -> bool:
    """Same as ``rich_output`` (kept for the commands that ask it by this name)."""
    return env().colour


def stderr_is_terminal() -> bool:
    """Progress bars and live lines on stderr only when it is a terminal."""
    return env().stderr_isatty


def console(stderr: bool = False) -> Any:
    """A rich Console on stdout (or stderr), colour decided by the Environment."""
    return env().console(stderr=stderr)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 candidate word``, ``2 candidate words``, with thousands separators."""
    return f"{count:,} {singular if count == 1 else (plural_form or singular + 's')}"
