"""The top-level click group: one place that turns every failure into one line.

Library errors, click usage errors, a closed stdin and Ctrl-C all end here,
so no command needs its own try/except and no user ever sees a traceback.
"""

from __future__ import annotations

import sys

import click
from typer.core import TyperGroup

from wordindex.errors import WordIndexError

#: Exit status after Ctrl-C (128 + SIGINT), as shells report it.
INTERRUPTED = 130


def fail(message: str, code: int) -> NoReturn:  # noqa: F821 - typing only
    """Write ``Error: message`` on stderr and exit with ``code``."""
    click.echo(f"Error: {message}", err=True)
    sys.exit(code)


class WordIndexGroup(TyperGroup):
    """TyperGroup whose ``main`` reports errors in one line (sqlite-utils style)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            result = super().main(
                args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra
            )
        except WordIndexError as exc:
            fail(str(exc), exc.exit_code)
        except click.UsageError as exc:
            if not exc.format_message():  # no arguments: the help was shown, nothing went wrong
                sys.exit(0)
            command = exc.ctx.command_path if exc.ctx else "wordindex"
            fail(f"{exc.format_message()} (see `{command} --help`)", exc.exit_code)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except (click.Abort, KeyboardInterrupt, EOFError):
            click.echo("Interrupted.", err=True)
            sys.exit(INTERRUPTED)
        except BrokenPipeError:
            sys.stderr.close()
            sys.exit(1)
        if result == INTERRUPTED:  # typer turns Ctrl-C inside a command into Exit(130), returned here
            click.echo("Interrupted.", err=True)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)
