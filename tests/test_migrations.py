"""Migrations: one head, the chain the read path knows, up/down/up, models match."""

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from wordindex.migrate import alembic_config
from wordindex.revisions import HEAD, REVISIONS
from wordindex.schema import metadata

TABLES = {"words", "prefixes", "index_info", "letter_totals", "boggle_lexicon", "alembic_version"}


def test_single_head_matches_read_path():
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_heads() == [HEAD]
    assert script.get_current_head() == HEAD
    chain = [rev.revision for rev in script.walk_revisions("base", "heads")]
    assert tuple(reversed(chain)) == REVISIONS


def up_down_up(connection):
    config = alembic_config(connection)
    command.upgrade(config, "head")
    assert TABLES <= set(inspect(connection).get_table_names())
    command.downgrade(config, "0001_words_prefixes")
    assert "letter_totals" not in inspect(connection).get_table_names()
    command.downgrade(config, "base")
    assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    command.upgrade(config, "head")
    assert MigrationContext.configure(connection).get_current_revision() == HEAD
    assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_sqlite_up_down_up_and_models_match(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'm.db'}")
    with engine.begin() as connection:
        up_down_up(connection)
    engine.dispose()


def test_postgres_up_down_up_and_models_match(pg_empty_database):
    engine = create_engine(pg_empty_database)
    with engine.begin() as connection:
        up_down_up(connection)
    engine.dispose()
