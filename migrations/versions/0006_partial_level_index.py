"""The (length, level) index holds only the words that have a level.

Revision ID: 0006_partial_level_index
Revises: 0005_languages

``ix_words_length_level`` serves the level options (``level <= :high``, and
``level >= :low``), which never match a word without a level, so the index
now leaves those out (``WHERE level IS NOT NULL``; SQLite and PostgreSQL both
know that such a comparison implies it). An index built from a plain word
list, where no word has a level, no longer carries an entry per word for
nothing: a fifth of the secondary indexes of a 430,000-word list (4.7 MB).
A query without a level condition cannot use it and reads ``(length, id)``,
the order SQLite must pick for those (``wordindex.index.head_schema``).

Upgrading rebuilds the index from the rows (nothing else changes); a
downgrade puts the full index back. Imports nothing from the wordindex package.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_partial_level_index"
down_revision = "0005_languages"
branch_labels = None
depends_on = None

_HAS_LEVEL = sa.text("level IS NOT NULL")


def upgrade() -> None:
    op.drop_index("ix_words_length_level", table_name="words")
    op.create_index(
        "ix_words_length_level", "words", ["length", "level"], sqlite_where=_HAS_LEVEL, postgresql_where=_HAS_LEVEL
    )
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


def downgrade() -> None:
    op.drop_index("ix_words_length_level", table_name="words")
    op.create_index("ix_words_length_level", "words", ["length", "level"])
    op.execute(f"UPDATE index_info SET schema_revision = '{down_revision}'")
