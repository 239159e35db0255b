"""Which index a command uses: ``--db``, else ``WORDINDEX_DB``, else the default file.

Reading the environment and the platform's data directory happens here, in
the CLI; the library is always handed an explicit location.
"""

from __future__ import annotations

from dataclasses import dataclass

import typer

from wordindex.location import Location, parse_location, sqlite_location

DEFAULT_FILE_NAME = "wordindex.db"


def default_database_path():
    """The user's data directory by platform convention, e.g. ~/.local/share/wordindex/wordindex.db."""
    from platformdirs import user_data_path

    return user_data_path("wordindex", appauthor=False) / DEFAULT_FILE_NAME


@dataclass
class AppState:
    """Global options, stored on the click context by the app callback."""

    db: str | None = None

    def location(self) -> Location:
        if self.db:
            return parse_location(self.db)
        return sqlite_location(default_database_path())


def location(ctx: typer.Context) -> Location:
    """The Location chosen for this invocation."""
    state = ctx.find_root().obj
    return state.location() if isinstance(state, AppState) else AppState().location()


def open_index(ctx: typer.Context):
    """Open the chosen index read-only (named errors if it is missing or stale)."""
    from wordindex.index import open_index as _open

    return _open(location(ctx))
