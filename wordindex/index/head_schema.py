"""The index's tables at the head revision, as the plain SQL a new index is created with.

The migrations own the schema: an existing index changes only through them
(``wordindex db upgrade``). A build, though, always starts from an empty file
or schema, and replaying every migration there cost a fifth of a small build
(importing alembic, and ``0005_languages`` rewriting ``words`` twice). So a
build runs these statements, the ones the migrations end with, and stamps
``alembic_version`` with ``HEAD``. ``tests/test_head_schema.py`` creates an
index both ways on each backend and compares the catalogs
(``sqlite_master``; ``information_schema`` and ``pg_indexes``): a migration
that changes the schema fails that test until this module says the same.

No SQLAlchemy here: the SQLite build runs these with the standard library's
``sqlite3``. On SQLite the texts are exactly those the migrations leave in
``sqlite_master``; the columns ``0005_languages`` added to ``words`` come as
``ALTER TABLE ... ADD COLUMN`` (``WORDS_ADDED_COLUMNS``), as they did there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordindex.index.revisions import HEAD
from wordindex.languages.alphabet import COUNT_COLUMNS, POSITION_COLUMNS

#: Letter slots ``words`` had before ``0005_languages`` added the rest (an alphabet of up to 32).
FIRST_SLOTS = 26


@dataclass(frozen=True)
class Column:
    """One column: its SQLite and PostgreSQL types, and its DEFAULT clause on each (None: none)."""

    name: str
    sqlite_type: str
    nullable: bool = False
    default: str | None = None  # the same text on both backends
    pg_type: str | None = None  # when it differs from the SQLite type
    boolean_default: bool = False  # DEFAULT false: ``0`` on SQLite, ``false`` on PostgreSQL

    def sql(self, dialect: str) -> str:
        kind = self.pg_type if dialect == "postgresql" and self.pg_type else self.sqlite_type
        text = f"{self.name} {kind}"
        if self.boolean_default:
            text += " DEFAULT false" if dialect == "postgresql" else " DEFAULT 0"
        elif self.default is not None:
            text += f" DEFAULT {self.default}"
        return text if self.nullable else f"{text} NOT NULL"


def _slots(start: int, stop: int) -> list[Column]:
    return [Column(POSITION_COLUMNS[i], "BIGINT", default="'0'") for i in range(start, stop)]


def _counts(start: int, stop: int) -> list[Column]:
    return [Column(COUNT_COLUMNS[i], "SMALLINT", default="'0'") for i in range(start, stop)]


#: ``words`` as it stands after ``0005_languages`` recreated it (before the columns it added).
WORDS_CREATED = (
    Column("id", "INTEGER"),
    Column("word", "VARCHAR(63)"),
    Column("length", "SMALLINT"),
    Column("signature", "VARCHAR(63)"),
    *_slots(0, FIRST_SLOTS),
    *_counts(0, FIRST_SLOTS),
    Column("level", "SMALLINT", nullable=True),
    Column("vulgar", "BOOLEAN", boolean_default=True),
)
#: The columns ``0005_languages`` added to ``words``, in its order: a build of an alphabet of up to
#: 26 letters without spellings leaves them all at their defaults (see ``wordindex.build.load_sqlite``).
WORDS_ADDED = (
    *_slots(FIRST_SLOTS, len(POSITION_COLUMNS)),
    *_counts(FIRST_SLOTS, len(COUNT_COLUMNS)),
    Column("spelling", "TEXT", nullable=True),
)

INDEX_INFO_CREATED = (
    Column("id", "INTEGER"),
    Column("source_name", "VARCHAR(255)"),
    Column("source_sha256", "VARCHAR(64)"),
    Column("word_count", "INTEGER"),
    Column("lines_read", "INTEGER"),
    Column("blank_lines", "INTEGER"),
    Column("skipped_not_az", "INTEGER"),
    Column("skipped_duplicate", "INTEGER"),
    Column("skipped_too_long", "INTEGER"),
    Column("built_at", "VARCHAR(32)"),
    Column("build_seconds", "FLOAT"),
    Column("wordindex_version", "VARCHAR(32)"),
    Column("schema_revision", "VARCHAR(64)"),
)
#: The columns ``0003_word_levels`` and ``0005_languages`` added to ``index_info``.
INDEX_INFO_ADDED = (
    Column("has_levels", "BOOLEAN", boolean_default=True),
    Column("language", "VARCHAR(16)", default="'en'"),
    Column("skipped_proper_name", "INTEGER", default="'0'"),
    Column("skipped_abbreviation", "INTEGER", default="'0'"),
)

PREFIXES = (Column("prefix", "VARCHAR(63)"), Column("is_word", "BOOLEAN"), Column("has_longer", "BOOLEAN"))
LETTER_TOTALS = (
    Column("length", "SMALLINT"),
    Column("letter", "VARCHAR(1)"),
    Column("occurrences", "BIGINT"),
    Column("words", "INTEGER"),
)
BOGGLE_LEXICON = (
    Column("id", "INTEGER"),
    Column("format", "INTEGER"),
    Column("source_sha256", "VARCHAR(64)"),
    Column("built_at", "VARCHAR(32)"),
    Column("word_count", "INTEGER"),
    Column("data", "BLOB", pg_type="BYTEA"),
)

#: Column names in table order, for the loaders' INSERT and COPY statements.
INDEX_INFO_COLUMNS = tuple(column.name for column in (*INDEX_INFO_CREATED, *INDEX_INFO_ADDED))
LETTER_TOTALS_COLUMNS = tuple(column.name for column in LETTER_TOTALS)
BOGGLE_LEXICON_COLUMNS = tuple(column.name for column in BOGGLE_LEXICON)
PREFIXES_COLUMNS = tuple(column.name for column in PREFIXES)


#: PostgreSQL's name of each type, for a binary ``COPY`` (``copy_types``).
_PG_COPY_TYPES = {
    "INTEGER": "int4",
    "SMALLINT": "int2",
    "BIGINT": "int8",
    "BOOLEAN": "bool",
    "TEXT": "text",
    "FLOAT": "float8",
    "BYTEA": "bytea",
}
_TABLES = {
    "words": (*WORDS_CREATED, *WORDS_ADDED),
    "index_info": (*INDEX_INFO_CREATED, *INDEX_INFO_ADDED),
    "prefixes": PREFIXES,
    "letter_totals": LETTER_TOTALS,
    "boggle_lexicon": BOGGLE_LEXICON,
}


def copy_types(table: str, names: Sequence[str]) -> list[str]:
    """The PostgreSQL types of ``table``'s columns ``names``, as a binary ``COPY`` declares them."""
    columns = {column.name: column for column in _TABLES[table]}
    kinds = [columns[name].pg_type or columns[name].sqlite_type for name in names]
    return ["varchar" if kind.startswith("VARCHAR") else _PG_COPY_TYPES[kind] for kind in kinds]


def _create(
    name: str, columns: tuple[Column, ...], key: str, dialect: str, *, quoted: bool = False, suffix: str = ""
) -> str:
    """``CREATE TABLE`` as SQLAlchemy renders it (the text the migrations leave in ``sqlite_master``)."""
    body = "".join(f"\t{column.sql(dialect)}, \n" for column in columns)
    table = f'"{name}"' if quoted else name
    return f"CREATE TABLE {table} (\n{body}\t{key}\n){suffix}"


def _with_added(create: str, added: tuple[Column, ...], dialect: str) -> str:
    """``create`` with ``added`` after its last column, as ``ALTER TABLE ... ADD COLUMN`` leaves it in SQLite."""
    cut = create.rindex(", \n\t")
    return create[:cut] + "".join(f", {column.sql(dialect)}" for column in added) + create[cut:]


def prefixes_table(dialect: str = "sqlite") -> str:
    """``CREATE TABLE prefixes`` (a WITHOUT ROWID table on SQLite: the prefix is its only key)."""
    suffix = "\n WITHOUT ROWID\n\n" if dialect == "sqlite" else ""
    return _create("prefixes", PREFIXES, "PRIMARY KEY (prefix)", dialect, suffix=suffix)


def words_table(dialect: str, *, with_added: bool = True) -> str:
    """``CREATE TABLE words``; without ``with_added``, the table before ``WORDS_ADDED`` (SQLite only)."""
    create = _create("words", WORDS_CREATED, "PRIMARY KEY (id)", dialect, quoted=dialect == "sqlite")
    return _with_added(create, WORDS_ADDED, dialect) if with_added else create


def words_added_columns() -> list[str]:
    """The ``ALTER TABLE words ADD COLUMN`` statements that complete ``words_table(with_added=False)``."""
    return [f"ALTER TABLE words ADD COLUMN {column.sql('sqlite')}" for column in WORDS_ADDED]


def tables(dialect: str, *, words_added: bool = True) -> list[str]:
    """Every table of the index at ``HEAD``, without the secondary indexes (``SECONDARY_INDEXES``)."""
    info = _create("index_info", INDEX_INFO_CREATED, "PRIMARY KEY (id)", dialect)
    return [
        "CREATE TABLE alembic_version (\n\tversion_num VARCHAR(32) NOT NULL, \n"
        "\tCONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n)",
        prefixes_table(dialect),
        _with_added(info, INDEX_INFO_ADDED, dialect),
        _create("letter_totals", LETTER_TOTALS, "PRIMARY KEY (length, letter)", dialect),
        _create("boggle_lexicon", BOGGLE_LEXICON, "PRIMARY KEY (id)", dialect),
        words_table(dialect, with_added=words_added),
    ]


#: ``alembic_version``'s one row: the schema the statements above create.
STAMP = f"INSERT INTO alembic_version (version_num) VALUES ('{HEAD}')"

#: The secondary indexes as ``(name, CREATE INDEX)``, created after the bulk load in this fixed
#: order: SQLite breaks a tie between two indexes on ``length`` (``length = :n``, ``length <= :n``)
#: in favour of the one created last. That must be ``(length, id)``, which reads a length's rows in
#: table order; ``(length, level)`` reads them scattered and made such scans about a third slower
#: on the builds that happened to get it.
SECONDARY_INDEXES = (
    ("ix_words_word", "CREATE UNIQUE INDEX ix_words_word ON words (word)"),
    ("ix_words_signature", "CREATE INDEX ix_words_signature ON words (signature)"),
    ("ix_words_length_level", "CREATE INDEX ix_words_length_level ON words (length, level) WHERE level IS NOT NULL"),
    ("ix_words_length_id", "CREATE INDEX ix_words_length_id ON words (length, id)"),
)
