"""Words with per-letter positions and counts, prefixes, and the build record.

Revision ID: 0001_words_prefixes
Revises:
"""

import sqlalchemy as sa
from alembic import op

# Frozen copies of the constants this revision was written with: a migration imports nothing
# from the wordindex package, so a later change there can never change what this revision does.
LETTERS = "abcdefghijklmnopqrstuvwxyz"
POSITION_COLUMN = {letter: f"pos_{letter}" for letter in LETTERS}
COUNT_COLUMN = {letter: f"cnt_{letter}" for letter in LETTERS}

revision = "0001_words_prefixes"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "words",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("word", sa.String(63), nullable=False),
        sa.Column("length", sa.SmallInteger, nullable=False),
        sa.Column("signature", sa.String(63), nullable=False),
        *[sa.Column(POSITION_COLUMN[c], sa.BigInteger, nullable=False) for c in LETTERS],
        *[sa.Column(COUNT_COLUMN[c], sa.SmallInteger, nullable=False) for c in LETTERS],
    )
    op.create_index("ix_words_word", "words", ["word"], unique=True)
    op.create_index("ix_words_length_id", "words", ["length", "id"])
    op.create_index("ix_words_signature", "words", ["signature"])
    op.create_table(
        "prefixes",
        sa.Column("prefix", sa.String(63), primary_key=True),
        sa.Column("is_word", sa.Boolean, nullable=False),
        sa.Column("has_longer", sa.Boolean, nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "index_info",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("source_name", sa.String(255), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("word_count", sa.Integer, nullable=False),
        sa.Column("lines_read", sa.Integer, nullable=False),
        sa.Column("blank_lines", sa.Integer, nullable=False),
        sa.Column("skipped_not_az", sa.Integer, nullable=False),
        sa.Column("skipped_duplicate", sa.Integer, nullable=False),
        sa.Column("skipped_too_long", sa.Integer, nullable=False),
        sa.Column("built_at", sa.String(32), nullable=False),
        sa.Column("build_seconds", sa.Float, nullable=False),
        sa.Column("wordindex_version", sa.String(32), nullable=False),
        sa.Column("schema_revision", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("index_info")
    op.drop_table("prefixes")
    op.drop_index("ix_words_signature", table_name="words")
    op.drop_index("ix_words_length_id", table_name="words")
    op.drop_index("ix_words_word", table_name="words")
    op.drop_table("words")
