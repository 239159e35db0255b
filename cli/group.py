"""The top-level click group: one place that turns every failure into one line and an exit status.

Library errors, click usage errors, a closed stdout, and Ctrl-C all end
here, so no command needs its own try/except and no user ever sees a
traceback. Exit status as grep (docs/cli.md): 0 yes, 1 no (raised by the
commands as ``typer.Exit(1)``), 2 any error, 130 Ctrl-C, 141 closed pipe.
The group also lets ``--db`` stand after the command name.
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn

import click
from typer.core import TyperGroup

from wordindex.errors import NegativeAnswer, WordIndexError

from . import interrupt
from .interrupt import EXIT_INTERRUPTED

EXIT_ERROR = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what `seq 1000000 | head -1` leaves seq with
GLOBAL_OPTIONS_WITH_VALUE = ("--db",)


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Write ``Error: message`` on stderr and exit with ``code``."""
    click.echo(f"Error: {message}", err=True)
    sys.exit(code)


def hoist_global_options(args: list[str]) -> list[str]:
    """Move ``--db URL`` / ``--db=URL`` given after the command name to the front.

    Everything after a ``--`` is left alone (it is an argument, not an option).
    """
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        name = arg.split("=", 1)[0]
        if name in GLOBAL_OPTIONS_WITH_VALUE:
            if "=" in arg:
                front.append(arg)
            else:
                front.extend(args[i : i + 2])
                i += 1
        else:
            rest.append(arg)
        i += 1
    return front + rest


def quiet_broken_pipe() -> NoReturn:
    """stdout was closed early (``| head``): stop quietly, without Python's shutdown warning."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout has no file descriptor (tests)
        pass
    sys.exit(EXIT_BROKEN_PIPE)


class WordIndexGroup(TyperGroup):
    """TyperGroup whose ``main`` reports errors in one line (sqlite-utils style).

    Its commands are loaded on demand (``commands.COMMAND_MODULES``): running one
    command imports only the module that defines it.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        from .commands import COMMAND_MODULES

        return [*COMMAND_MODULES, *(name for name in super().list_commands(ctx) if name not in COMMAND_MODULES)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None:
            from .commands import load_command

            command = load_command(cmd_name)
            if command is not None:
                self.add_command(command, cmd_name)
        return command

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if complete_var is None and os.environ.get("_WORDINDEX_COMPLETE"):
            from typer.completion import completion_init

            completion_init()  # the shell asks for completions: typer's shell classes answer
        if args is None:
            args = sys.argv[1:]
        args = hoist_global_options(list(args))
        try:
            with interrupt.raising():  # Ctrl-C raises KeyboardInterrupt only while the command runs
                result = super().main(
                    args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra
                )
        except NegativeAnswer as exc:
            click.echo(str(exc), err=True)
            sys.exit(exc.exit_code)
        except WordIndexError as exc:
            fail(str(exc), EXIT_ERROR)
        except click.UsageError as exc:
            if not exc.format_message():  # no arguments: the help was shown, nothing went wrong
                sys.exit(0)
            command = exc.ctx.command_path if exc.ctx else "wordindex"
            fail(f"{exc.format_message()} (see `{command} --help`)", EXIT_ERROR)
        except click.ClickException as exc:
            fail(exc.format_message(), EXIT_ERROR)
        except (click.Abort, KeyboardInterrupt):
            click.echo("Interrupted.", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except BrokenPipeError:
            quiet_broken_pipe()
        except SystemExit as exc:
            # typer/click turn a closed stdout (EPIPE) into exit 1 after wrapping the streams; we say 141.
            if exc.code == 1 and isinstance(sys.stdout, click.utils.PacifyFlushWrapper):
                quiet_broken_pipe()
            raise
        if result == EXIT_INTERRUPTED:  # typer turns Ctrl-C inside a command into Exit(130), returned here
            click.echo("Interrupted.", err=True)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)
