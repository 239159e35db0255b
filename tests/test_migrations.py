"""Migrations: one head, the chain the read path knows, up/down/up, models match."""

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from wordindex.index.migrate import alembic_config
from wordindex.index.revisions import HEAD, REVISIONS
from wordindex.index.schema import metadata

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


LEVELLED = "cool\t10\ncold\t20\ncord\t40\ncore\t60\nzebra\t20\nzebu\t70\tvulgar\nabc\n"
LEVEL_QUERY = "SELECT word FROM words WHERE length = 4 AND level <= 40 ORDER BY id"


def _level_index_sql(location):
    """The definition of ix_words_length_level, as the backend's catalog gives it (normalised spaces)."""
    from wordindex.index.core import open_index

    with open_index(location, check_schema=False) as index:
        if index.location.backend == "sqlite":
            sql = index.scalar("SELECT sql FROM sqlite_master WHERE name = 'ix_words_length_level'")
        else:
            sql = index.scalar("SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_words_length_level'")
        answers = [row[0] for row in index.rows(LEVEL_QUERY, {})]
        words = index.rows("SELECT * FROM words ORDER BY id", {})
    return " ".join(str(sql).replace("(", " ").replace(")", " ").split()), answers, words


def _carries_an_index_through_0006(location):
    from wordindex.index.migrate import downgrade_index, upgrade_index

    partial, answers, words = _level_index_sql(location)
    assert partial.endswith("WHERE level IS NOT NULL")
    assert answers == ["cool", "cold", "cord"]
    assert downgrade_index(location, "0005_languages") == (HEAD, "0005_languages")
    full, before, rows_before = _level_index_sql(location)
    assert "WHERE" not in full and before == answers and rows_before == words
    assert upgrade_index(location) == ("0005_languages", HEAD)
    assert _level_index_sql(location) == (partial, answers, words)


def test_0006_carries_a_sqlite_index_and_keeps_its_answers(tmp_path):
    from wordindex.build.builder import build_index

    (tmp_path / "levels.txt").write_text(LEVELLED)
    build_index(tmp_path / "w.db", tmp_path / "levels.txt")
    _carries_an_index_through_0006(tmp_path / "w.db")


def test_0006_carries_a_postgres_index_and_keeps_its_answers(pg_database, tmp_path):
    from wordindex.build.builder import build_index

    (tmp_path / "levels.txt").write_text(LEVELLED)
    build_index(pg_database, tmp_path / "levels.txt")
    _carries_an_index_through_0006(pg_database)
