"""A build creates the head schema directly (``wordindex.index.head_schema``): it must be exactly what the migrations
make.

The migrations own the schema; a build skips replaying them only because these
tests prove the result is the same, catalog entry by catalog entry, on SQLite
(``sqlite_master``) and PostgreSQL (``information_schema`` and ``pg_indexes``).
A new migration that changes the schema fails here until ``head_schema`` follows.
"""

import sqlite3

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from wordindex.build.builder import build_index
from wordindex.index import head_schema
from wordindex.index.migrate import alembic_config
from wordindex.index.revisions import HEAD, HEAD_COLUMNS, PG_SCHEMA
from wordindex.index.schema import metadata


def sqlite_catalog(path):
    """Every schema object with its SQL text (``sqlite_stat1`` is ANALYZE's, not the schema's), and the stamp."""
    connection = sqlite3.connect(path)
    try:
        objects = set(connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        objects = {row for row in objects if row[1] != "sqlite_stat1"}
        stamp = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        without_rowid = {
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if connection.execute("SELECT wr FROM pragma_table_list WHERE name = ?", (name,)).fetchone()[0]
        }
    finally:
        connection.close()
    return objects, stamp, without_rowid


def migrated_sqlite(path):
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "head")
    engine.dispose()
    return path


def direct_sqlite(path, *, defer_added):
    """What the SQLite loader runs, with no rows: tables, stamp, the deferred columns, the indexes."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        for create in head_schema.tables("sqlite", words_added=not defer_added):
            connection.execute(create)
        connection.execute(head_schema.STAMP)
        if defer_added:
            for add in head_schema.words_added_columns():
                connection.execute(add)
        for _, create in head_schema.SECONDARY_INDEXES:
            connection.execute(create)
    finally:
        connection.close()
    return path


@pytest.mark.parametrize("defer_added", [False, True])
def test_sqlite_head_schema_is_what_the_migrations_make(tmp_path, defer_added):
    migrated = sqlite_catalog(migrated_sqlite(tmp_path / "migrated.db"))
    direct = sqlite_catalog(direct_sqlite(tmp_path / "direct.db", defer_added=defer_added))
    assert direct == migrated
    assert migrated[1] == [(HEAD,)]
    assert migrated[2] == {"prefixes"}  # the prefixes table has no rowid: its key is the prefix


@pytest.mark.parametrize(
    ("words", "language"),
    [(["cool", "coal", "a"], "en"), (["été", "pêche", "peche"], "fr"), (["żab", "ząb", "quiz"], "pl")],
)
def test_a_built_index_has_the_migrations_schema(tmp_path, words, language):
    """English leaves the columns 0005 added at their defaults (added after the load); French has
    spellings and Polish 32 letters (added before it): the same schema every time."""
    source = tmp_path / "words.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    build_index(tmp_path / "built.db", source, language_code=language)
    assert sqlite_catalog(tmp_path / "built.db") == sqlite_catalog(migrated_sqlite(tmp_path / "migrated.db"))


def _payload(path, table):
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT SUM(payload), SUM(unused), SUM(pgsize) FROM dbstat WHERE name = ?", (table,)
        ).fetchone()
    finally:
        connection.close()


def test_english_rows_store_none_of_the_columns_0005_added(tmp_path, monkeypatch):
    """The point of adding them after the load: an English row holds 13 values fewer and reads them as defaults."""
    source = tmp_path / "words.txt"
    source.write_text("cool\nzebra\n", encoding="utf-8")
    build_index(tmp_path / "built.db", source)
    connection = sqlite3.connect(tmp_path / "built.db")
    try:
        rows = connection.execute("SELECT word, pos_26, cnt_31, spelling, pos_14, cnt_14 FROM words ORDER BY id")
        assert rows.fetchall() == [("cool", 0, 0, None, 0b0110, 2), ("zebra", 0, 0, None, 0, 0)]
        assert connection.execute("SELECT COUNT(*) FROM words WHERE pos_31 = 0 AND spelling IS NULL").fetchone() == (2,)
    finally:
        connection.close()
    monkeypatch.setattr("wordindex.build.load_sqlite._defers_added", lambda columns: False)
    build_index(tmp_path / "full.db", source)
    added = len(head_schema.WORDS_ADDED)
    assert _payload(tmp_path / "full.db", "words")[0] - _payload(tmp_path / "built.db", "words")[0] == 2 * added


def test_prefixes_pages_are_filled(tmp_path):
    """The prefixes are copied record by record into the empty table (SQLite's transfer), which fills
    its pages: a row-by-row insert in key order left 12-15% of them empty."""
    letters = "abcdefghij"
    source = tmp_path / "words.txt"
    source.write_text("".join(a + b + c + d + "\n" for a in letters for b in letters for c in letters for d in letters))
    build_index(tmp_path / "built.db", source)
    _, unused, size = _payload(tmp_path / "built.db", "prefixes")
    assert unused / size < 0.06  # 15% before, on this list


def test_head_schema_columns_are_the_models_and_the_read_path():
    for table, columns in {
        "index_info": head_schema.INDEX_INFO_COLUMNS,
        "letter_totals": head_schema.LETTER_TOTALS_COLUMNS,
        "boggle_lexicon": head_schema.BOGGLE_LEXICON_COLUMNS,
        "prefixes": head_schema.PREFIXES_COLUMNS,
    }.items():
        assert list(columns) == [column.name for column in metadata.tables[table].columns]
        assert set(columns) == HEAD_COLUMNS[table]
    words = [column.name for column in (*head_schema.WORDS_CREATED, *head_schema.WORDS_ADDED)]
    assert set(words) == HEAD_COLUMNS["words"] == {column.name for column in metadata.tables["words"].columns}
    assert {name for name, _ in head_schema.SECONDARY_INDEXES} == {
        str(index.name) for index in metadata.tables["words"].indexes
    }


def postgres_catalog(connection, schema):
    """Columns, constraints and indexes of ``schema``, with the schema's name taken out of the index definitions."""
    columns = connection.execute(
        text(
            "SELECT table_name, column_name, ordinal_position, data_type, character_maximum_length, "
            "numeric_precision, is_nullable, column_default FROM information_schema.columns WHERE table_schema = :s"
        ),
        {"s": schema},
    )
    constraints = connection.execute(
        text(
            "SELECT tc.table_name, tc.constraint_name, tc.constraint_type, k.column_name, k.ordinal_position "
            "FROM information_schema.table_constraints tc JOIN information_schema.key_column_usage k "
            "ON k.constraint_name = tc.constraint_name AND k.constraint_schema = tc.constraint_schema "
            "WHERE tc.table_schema = :s"
        ),
        {"s": schema},
    )
    indexes = connection.execute(
        text("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = :s"), {"s": schema}
    )
    stamp = connection.execute(text(f"SELECT version_num FROM {schema}.alembic_version")).fetchall()
    return (
        set(map(tuple, columns)),
        set(map(tuple, constraints)),
        {(table, name, definition.replace(f"{schema}.", "")) for table, name, definition in indexes},
        [tuple(row) for row in stamp],
    )


def test_postgres_head_schema_is_what_the_migrations_make(pg_empty_database):
    engine = create_engine(pg_empty_database)
    try:
        with engine.begin() as connection:
            connection.execute(text("CREATE SCHEMA migrated"))
            connection.execute(text("SET search_path TO migrated"))
            command.upgrade(alembic_config(connection), "head")
            connection.execute(text("CREATE SCHEMA direct"))
            connection.execute(text("SET search_path TO direct"))
            for create in head_schema.tables("postgresql"):
                connection.execute(text(create))
            connection.execute(text(head_schema.STAMP))
            for _, create in head_schema.SECONDARY_INDEXES:
                connection.execute(text(create))
            migrated = postgres_catalog(connection, "migrated")
            direct = postgres_catalog(connection, "direct")
    finally:
        engine.dispose()
    assert direct == migrated
    assert migrated[3] == [(HEAD,)]
    assert {row[0] for row in migrated[0]} == set(HEAD_COLUMNS)


def test_a_postgres_build_has_the_migrations_schema(pg_empty_database, tmp_path):
    url = pg_empty_database.render_as_string(hide_password=False)
    source = tmp_path / "words.txt"
    source.write_text("cool\ncoal\na\n", encoding="utf-8")
    build_index(url, source)
    engine = create_engine(pg_empty_database)
    try:
        with engine.begin() as connection:
            connection.execute(text("CREATE SCHEMA migrated"))
            connection.execute(text("SET search_path TO migrated"))
            command.upgrade(alembic_config(connection), "head")
            assert postgres_catalog(connection, PG_SCHEMA) == postgres_catalog(connection, "migrated")
    finally:
        engine.dispose()


def test_copy_types_name_each_columns_postgres_type():
    assert head_schema.copy_types("words", ["id", "word", "length", "pos_0", "cnt_31", "vulgar", "spelling"]) == [
        "int4",
        "varchar",
        "int2",
        "int8",
        "int2",
        "bool",
        "text",
    ]
    assert head_schema.copy_types("prefixes", head_schema.PREFIXES_COLUMNS) == ["varchar", "bool", "bool"]
    assert head_schema.copy_types("letter_totals", head_schema.LETTER_TOTALS_COLUMNS) == [
        "int2",
        "varchar",
        "int8",
        "int4",
    ]
