"""The ``wordindex`` command: global options and the list of command modules.

Every command module keeps its imports light at load time (the library is
imported inside each command), so ``wordindex check`` starts fast. The
conventions every command follows are in docs/cli.md.
"""

from __future__ import annotations

import typer

from wordindex import __version__

from . import boggle, db_commands, environment, hangman, index_commands, play, serve, wordgame
from .context import AppState
from .group import WordIndexGroup

#: ``-h`` works everywhere (click passes context settings down to every subcommand).
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=WordIndexGroup,
    name="wordindex",
    no_args_is_help=True,
    add_completion=True,
    context_settings=CONTEXT_SETTINGS,
    help="Word games on one precomputed word index: build it once, then query it.\n\n"
    "Start with: wordindex build data/dictionary.txt",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"wordindex {__version__}")
        raise typer.Exit()


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
) -> None:
    """Word games on one precomputed word index."""
    environment.begin()
    ctx.obj = AppState(db=db)


for module in (index_commands, db_commands, play, hangman, boggle, wordgame, serve):
    module.register(app)


def main() -> None:
    """Console-script entry point."""
    app()
