"""Alembic environment for wordindex.

wordindex builds its alembic ``Config`` in code (``wordindex.index.migrate``) and
hands over an open connection in ``config.attributes["connection"]``; that is
the path every wordindex command takes. Running the ``alembic`` command from a
checkout also works: ``alembic -x url=sqlite:///some.db upgrade head``.
"""

from alembic import context
from sqlalchemy import create_engine

from wordindex.index.schema import metadata

config = context.config


def _configure_and_run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give a database: alembic -x url=sqlite:///path.db upgrade head")
    engine = create_engine(url)
    with engine.connect() as connection:
        _configure_and_run(connection)
        connection.commit()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
