"""Reading a player's answers, shared by the interactive games.

In a terminal the prompt goes through ``input()`` (line editing works). When
stdin is piped, the answer read is echoed after its prompt, so a scripted
game's output reads as a transcript. A closed stdin raises ``EndOfInput``,
which each game turns into a clean goodbye.
"""

from __future__ import annotations

import sys

import click


class EndOfInput(Exception):
    """stdin closed in the middle of a game."""


def ask(prompt: str) -> str:
    """One line from the player, without its line ending."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        try:
            return input(prompt)
        except EOFError:
            raise EndOfInput from None
        except UnicodeDecodeError:
            return "\ufffd"  # not UTF-8: refused like any other bad answer
    click.echo(prompt, nl=False)
    binary = getattr(sys.stdin, "buffer", None)
    line = binary.readline().decode("utf-8", errors="replace") if binary is not None else sys.stdin.readline()
    if not line:
        raise EndOfInput
    answer = line.rstrip("\r\n")
    click.echo(answer)
    return answer
