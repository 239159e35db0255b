"""Which index a command uses: ``--db``, else ``WORDINDEX_DB``, else the default file.

Reading the environment and the platform's data directory happens here, in
the CLI; the library is always handed an explicit location.
"""

from __future__ import annotations

from dataclasses import dataclass

import typer

from wordindex.errors import DatabaseURLError
from wordindex.index.location import Location, default_location, parse_location


@dataclass
class AppState:
    """Global options, stored on the click context by the app callback."""

    db: str | None = None
    #: Where ``db`` came from, for the message when it is empty.
    db_source: str = "--db"

    def location(self) -> Location:
        if self.db is None:
            return default_location()
        if not self.db.strip():
            # An unset variable in a script must not silently mean the user's own index.
            raise DatabaseURLError(
                f"{self.db_source} is empty: give a database path or URL, or leave it unset for the default index"
            )
        return parse_location(self.db)


def location(ctx: typer.Context) -> Location:
    """The Location chosen for this invocation."""
    state = ctx.find_root().obj
    return state.location() if isinstance(state, AppState) else AppState().location()


def db_given(ctx: typer.Context) -> bool:
    """Whether ``--db`` or ``WORDINDEX_DB`` named an index (rather than the default file)."""
    state = ctx.find_root().obj
    return isinstance(state, AppState) and state.db is not None


def open_index(ctx: typer.Context):
    """Open the chosen index read-only (named errors if it is missing or stale)."""
    from wordindex.index.core import open_index as _open

    return _open(location(ctx))
