"""The ``wordindex`` command's root: the typer app and its global options.

The commands themselves are loaded on demand (``commands.py``: running one
imports only its module), and every command module keeps its imports light
(the library is imported inside each command), so ``wordindex check`` starts
fast. The console script's entry point is ``app.main``, which puts the Ctrl-C
handler in place before this module (typer, click) is imported. The
conventions every command follows are in docs/cli.md.
"""

from __future__ import annotations

import typer

from wordindex import __version__

from . import environment
from .context import AppState
from .group import WordIndexGroup

#: ``-h`` works everywhere (click passes context settings down to every subcommand).
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=WordIndexGroup,
    name="wordindex",
    no_args_is_help=True,
    add_completion=False,  # our own --install-completion / --show-completion import typer.completion lazily
    context_settings=CONTEXT_SETTINGS,
    help="Word games on one precomputed word index: build it once, then query it.\n\n"
    "Start with: wordindex build data/dictionary.txt",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"wordindex {__version__}")
        raise typer.Exit()


def _completion(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> None:
    """typer's --install-completion / --show-completion, imported only when asked for (it costs start-up time)."""
    if not value or ctx.resilient_parsing:
        return
    from typer import completion

    completion.completion_init()
    callback = completion.install_callback if param.name == "install_completion" else completion.show_callback
    callback(ctx, param, value)


@app.callback()
def main_options(
    ctx: typer.Context,
    db: str = typer.Option(
        None,
        "--db",
        envvar="WORDINDEX_DB",
        metavar="URL",
        help="Index database: a SQLAlchemy URL (sqlite:///words.db, postgresql://user@host/db) "
        "or a SQLite file path; before or after the command. Default: wordindex.db in your user data directory.",
        show_default=False,
    ),
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    install_completion: bool = typer.Option(
        False,
        "--install-completion",
        callback=_completion,
        is_eager=True,
        expose_value=False,
        help="Install shell completion for your shell (bash, zsh, fish, PowerShell).",
    ),
    show_completion: bool = typer.Option(
        False,
        "--show-completion",
        callback=_completion,
        is_eager=True,
        expose_value=False,
        help="Show the shell completion script, to copy or customise it.",
    ),
) -> None:
    """Word games on one precomputed word index."""
    environment.begin()
    import os

    from click.core import ParameterSource

    source = "WORDINDEX_DB" if ctx.get_parameter_source("db") is ParameterSource.ENVIRONMENT else "--db"
    if db is None and os.environ.get("WORDINDEX_DB") == "":
        db, source = "", "WORDINDEX_DB"  # click treats an empty variable as unset; wordindex refuses it
    ctx.obj = AppState(db=db, db_source=source)
