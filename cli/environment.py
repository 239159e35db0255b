"""The terminal, decided once: every command prints, draws and asks through one ``Environment``.

Like httpie's ``Environment``: the streams, whether each is a terminal, and
whether colour may be used (not when piped, not with ``NO_COLOR`` set, not
with ``TERM=dumb``) are looked at once per invocation; commands never ask
``sys`` themselves. Tests swap the factory (``use_environment``) for one
that records what was written.

Lists of words are laid out in columns ``width`` cells wide when stdout is
a terminal, one word per line when it is not (cli/columns.py).

Without colour every highlight is still visible (brackets, uppercase):
commands check ``env.colour`` and draw plain text when it is false.

Prompts go to stdout. In a terminal, answers are read with ``input()`` with
readline loaded (line editing and history); when stdin is piped the answer
is echoed after its prompt so a scripted game reads as a transcript. A
closed stdin raises ``EndOfInput``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any


class EndOfInput(Exception):
    """stdin closed (Ctrl-D, or the end of a piped script)."""


def colour_allowed(environ: dict[str, str] | os._Environ[str], is_terminal: bool) -> bool:
    """Colour only on a terminal, and never with NO_COLOR (any value) or TERM=dumb."""
    return is_terminal and "NO_COLOR" not in environ and environ.get("TERM", "") != "dumb"


def terminal_width() -> int:
    """The terminal's columns (``COLUMNS`` first, as ``ls``), 80 when it cannot say."""
    import shutil

    return max(1, shutil.get_terminal_size((80, 24)).columns)


@dataclass
class Environment:
    """Streams and terminal facts of one invocation."""

    stdin: IO[str] = field(default_factory=lambda: sys.stdin)
    stdout: IO[str] = field(default_factory=lambda: sys.stdout)
    stderr: IO[str] = field(default_factory=lambda: sys.stderr)
    stdin_isatty: bool = False
    stdout_isatty: bool = False
    stderr_isatty: bool = False
    colour: bool = False
    stderr_colour: bool = False
    #: The terminal's width in cells (lists of words are laid out in columns to fit it).
    width: int = 80
    _readline_loaded: bool = False

    @classmethod
    def from_system(cls) -> Environment:
        def tty(stream: Any) -> bool:
            try:
                return bool(stream.isatty())
            except (AttributeError, ValueError):
                return False

        stdin_tty, stdout_tty, stderr_tty = tty(sys.stdin), tty(sys.stdout), tty(sys.stderr)
        return cls(
            stdin_isatty=stdin_tty,
            stdout_isatty=stdout_tty,
            stderr_isatty=stderr_tty,
            colour=colour_allowed(os.environ, stdout_tty),
            stderr_colour=colour_allowed(os.environ, stderr_tty),
            width=terminal_width(),
        )

    # -- output ---------------------------------------------------------------

    def out(self, line: str = "", end: str = "\n") -> None:
        """One result line on stdout."""
        self.stdout.write(line + end)
        self.stdout.flush()

    def note(self, line: str) -> None:
        """A diagnostic line on stderr."""
        self.stderr.write(line + "\n")
        self.stderr.flush()

    def emit_json(self, value: Any) -> None:
        """One JSON document on stdout."""
        import json

        self.out(json.dumps(value, ensure_ascii=False))

    def console(self, stderr: bool = False) -> Any:
        """A rich Console on stdout (or stderr); rich is imported only when something is drawn."""
        from rich.console import Console

        return Console(
            file=self.stderr if stderr else self.stdout,
            highlight=False,
            no_color=not (self.stderr_colour if stderr else self.colour),
            force_terminal=self.stderr_isatty if stderr else self.stdout_isatty,
            width=None if stderr else self.width,  # stderr's own width: rich asks the terminal
        )

    # -- input ------------------------------------------------------------------

    @property
    def interactive(self) -> bool:
        return self.stdin_isatty and self.stdout_isatty

    def ask(self, prompt: str) -> str:
        """One line from the player (prompt on stdout), without its line ending."""
        if self.interactive:
            if not self._readline_loaded:
                try:
                    import readline  # noqa: F401 - input() gains line editing and history
                except ImportError:  # pragma: no cover - platforms without readline
                    pass
                self._readline_loaded = True
            try:
                return input(prompt)
            except EOFError:
                raise EndOfInput from None
            except UnicodeDecodeError:
                return "\ufffd"  # not UTF-8: refused like any other bad answer
        self.out(prompt, end="")
        binary = getattr(self.stdin, "buffer", None)
        line = binary.readline().decode("utf-8", errors="replace") if binary is not None else self.stdin.readline()
        if not line:
            self.out()
            raise EndOfInput
        answer = line.rstrip("\r\n")
        self.out(answer)
        return answer

    def confirm(self, question: str) -> bool:
        """The one yes/no question of every game: asked until the answer starts with y or n (any case)."""
        while True:
            answer = self.ask(f"{question} ").strip().lower()
            if answer[:1] in ("y", "n"):
                return answer[:1] == "y"
            self.out("Please answer yes or no.")


#: Builds the Environment of each invocation (tests replace it with ``use_environment``).
_factory: Callable[[], Environment] = Environment.from_system
_current: Environment | None = None


def begin() -> Environment:
    """A fresh Environment for a new invocation (called by the app callback)."""
    global _current
    _current = _factory()
    return _current


def env() -> Environment:
    """The current invocation's Environment."""
    return _current if _current is not None else begin()


@contextmanager
def use_environment(factory: Callable[[], Environment]) -> Iterator[None]:
    """Run commands with Environments from ``factory`` (tests: fake terminals, recorded output)."""
    global _factory, _current
    saved = _factory
    _factory, _current = factory, None
    try:
        yield
    finally:
        _factory, _current = saved, None
