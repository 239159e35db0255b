"""SQLAlchemy models of the index tables: what the migrations must produce.

Only ``build`` and the migration tests import this (it imports SQLAlchemy);
query commands run plain SQL text and never load it. A test compares these
models with the schema the migrations create, so the two cannot drift.

Representation choices, made for the queries the games run:

* ``words`` carries, per letter of the index's alphabet, a bitmask of the
  positions where the letter stands (``pos_0`` .. ``pos_31``: slot *i* is the
  alphabet's *i*-th letter, ``wordindex.languages.alphabet``) and its number of
  occurrences (``cnt_0`` .. ``cnt_31``); slots past the alphabet's size are 0.
  A hangman pattern becomes a handful of integer comparisons on one row,
  letter frequencies become ``SUM(cnt_x)``, and the evil chooser's family
  split becomes ``GROUP BY pos_x``.
* Word ids follow (length, dictionary order), so all words of one length are
  one contiguous rowid range in SQLite.
* ``word`` is the letters the word plays as (folded: French ``ete``);
  ``spelling`` is how the list spells it when that differs (``été``), NULL
  otherwise. ``index_info.language`` names the alphabet.
* ``signature`` is the word's letters sorted, for anagram / hand look-ups.
* ``level`` is the word's commonness level (lower = more common; NULL when
  the dictionary gave none) and ``vulgar`` flags words that stay valid but
  are never picked or suggested by default; ``index_info.has_levels`` says
  whether the index has levels at all (a plain list, or an index upgraded
  from 0002, has none).
* ``prefixes`` holds every prefix of every word (words included) with
  whether it is a word and whether any longer word starts with it, which is
  what a Boggle search needs to prune.
"""

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    false,
    text,
)

from wordindex.languages.alphabet import COUNT_COLUMNS, POSITION_COLUMNS

metadata = MetaData()

words = Table(
    "words",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("word", String(63), nullable=False),
    Column("length", SmallInteger, nullable=False),
    Column("signature", String(63), nullable=False),
    *[Column(name, BigInteger, nullable=False, server_default="0") for name in POSITION_COLUMNS],
    *[Column(name, SmallInteger, nullable=False, server_default="0") for name in COUNT_COLUMNS],
    Column("level", SmallInteger, nullable=True),
    Column("vulgar", Boolean, nullable=False, server_default=false()),
    Column("spelling", Text, nullable=True),
    Index("ix_words_word", "word", unique=True),
    Index("ix_words_length_id", "length", "id"),
    Index("ix_words_signature", "signature"),
    # Only the words that have a level: the level options' conditions imply it (0006_partial_level_index).
    Index(
        "ix_words_length_level",
        "length",
        "level",
        sqlite_where=text("level IS NOT NULL"),
        postgresql_where=text("level IS NOT NULL"),
    ),
)

prefixes = Table(
    "prefixes",
    metadata,
    Column("prefix", String(63), primary_key=True),
    Column("is_word", Boolean, nullable=False),
    Column("has_longer", Boolean, nullable=False),
    sqlite_with_rowid=False,
)

index_info = Table(
    "index_info",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("source_name", String(255), nullable=False),
    Column("source_sha256", String(64), nullable=False),
    Column("word_count", Integer, nullable=False),
    Column("lines_read", Integer, nullable=False),
    Column("blank_lines", Integer, nullable=False),
    Column("skipped_not_az", Integer, nullable=False),
    Column("skipped_duplicate", Integer, nullable=False),
    Column("skipped_too_long", Integer, nullable=False),
    Column("built_at", String(32), nullable=False),
    Column("build_seconds", Float, nullable=False),
    Column("wordindex_version", String(32), nullable=False),
    Column("schema_revision", String(64), nullable=False),
    Column("has_levels", Boolean, nullable=False, server_default=false()),
    Column("language", String(16), nullable=False, server_default="en"),
    Column("skipped_proper_name", Integer, nullable=False, server_default="0"),
    Column("skipped_abbreviation", Integer, nullable=False, server_default="0"),
)

letter_totals = Table(
    "letter_totals",
    metadata,
    Column("length", SmallInteger, primary_key=True, autoincrement=False),
    Column("letter", String(1), primary_key=True),
    Column("occurrences", BigInteger, nullable=False),
    Column("words", Integer, nullable=False),
)

#: The Boggle lexicon (``wordindex.boggle.trie``), computed by ``build`` from the words. The row
#: records which build it belongs to (index_info's source_sha256, built_at, word_count): a
#: reader uses it only when those match, so a lexicon is never stale.
boggle_lexicon = Table(
    "boggle_lexicon",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("format", Integer, nullable=False),
    Column("source_sha256", String(64), nullable=False),
    Column("built_at", String(32), nullable=False),
    Column("word_count", Integer, nullable=False),
    Column("data", LargeBinary, nullable=False),
)
