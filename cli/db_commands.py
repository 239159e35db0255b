"""``wordindex db``: schema migrations of an existing index (alembic, in code)."""

from __future__ import annotations

import typer

from . import context
from .output import emit_json, out

db_app = typer.Typer(no_args_is_help=True, help="Inspect and migrate the index's database schema.")


@db_app.command()
def upgrade(
    ctx: typer.Context,
    revision: str = typer.Argument("head", help="Target revision (default: the newest)."),
) -> None:
    """Bring an index built by an older wordindex up to date.

    Example: wordindex db upgrade
    """
    from wordindex.index.migrate import upgrade_index

    before, after = upgrade_index(context.location(ctx), revision)
    out(f"schema {before or 'none'} -> {after}" if before != after else f"schema already at {after}")


@db_app.command()
def downgrade(
    ctx: typer.Context,
    revision: str = typer.Argument(..., help="Target revision, or 'base' to remove every table."),
) -> None:
    """Take the schema back to an older revision (for developers).

    Example: wordindex db downgrade 0001_words_prefixes
    """
    from wordindex.index.migrate import downgrade_index

    before, after = downgrade_index(context.location(ctx), revision)
    out(f"schema {before or 'none'} -> {after or 'base'}")


@db_app.command()
def current(ctx: typer.Context, json_output: bool = typer.Option(False, "--json", help="Print as JSON.")) -> None:
    """Show the index's schema revision and the newest this wordindex knows.

    Example: wordindex db current
    """
    from wordindex.index.migrate import current_revision
    from wordindex.index.revisions import HEAD

    revision = current_revision(context.location(ctx))
    if json_output:
        emit_json({"revision": revision, "head": HEAD, "current": revision == HEAD})
    else:
        out(f"{revision or 'none'} (newest known: {HEAD})")


def register(app: typer.Typer) -> None:
    """Add ``wordindex db ...`` to the app."""
    app.add_typer(db_app, name="db")
