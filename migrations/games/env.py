"""Alembic environment of the game store.

The game store is not part of the index: it lives in a database of its own
(a SQLite file beside the index, or the ``wordindex_games`` schema on
PostgreSQL) that ``wordindex build`` never replaces, so its migrations are a
lineage of their own with their own version table. ``wordindex.gamestore``
builds the Config in code and hands over an open connection.
"""

from alembic import context

config = context.config
VERSION_TABLE = "games_alembic_version"


def _configure_and_run(connection) -> None:
    context.configure(
        connection=connection,
        version_table=VERSION_TABLE,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is None:
    raise SystemExit("the game store's migrations run through wordindex (wordindex.gamestore)")
_configure_and_run(connection)
