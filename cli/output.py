"""Output helpers: results on stdout, diagnostics on stderr, rich only in a terminal.

rich is imported lazily: a piped query command prints plain text and never
pays for it.
"""

from __future__ import annotations

import json
import sys

import click


def emit_json(value) -> None:
    """Print one JSON document on stdout."""
    click.echo(json.dumps(value, ensure_ascii=False))


def out(line: str = "") -> None:
    """Print one plain result line on stdout."""
    click.echo(line)


def printable(text: str) -> str:
    """``text`` as is when every character prints, else its escaped repr (``'co\\nol'``).

    A word holding a newline or another control character must not break
    the one-line-per-result output, nor be mistaken for two results.
    """
    return text if text.isprintable() else repr(text)


def note(line: str) -> None:
    """Print a diagnostic line on stderr."""
    click.echo(line, err=True)


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def console(stderr: bool = False):
    """A rich Console on stdout (or stderr); import rich only when drawing."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)
