"""A commonness level and a vulgar flag per word; whether the index has levels.

Revision ID: 0003_word_levels
Revises: 0002_letter_totals

``words.level`` (SMALLINT, NULL when unknown: lower = more common) and
``words.vulgar`` (a valid word never picked as a secret word, answered by
``best-word`` or used in an example unless allowed). ``index_info.has_levels``
says whether the build had levels. Upgrading an existing index cannot know
them: every level stays NULL, no word is flagged and ``has_levels`` is false,
which ``wordindex info`` reports (rebuild from a list with levels to get them).
Imports nothing from the wordindex package.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_word_levels"
down_revision = "0002_letter_totals"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("words", sa.Column("level", sa.SmallInteger, nullable=True))
    op.add_column("words", sa.Column("vulgar", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_words_length_level", "words", ["length", "level"])
    op.add_column("index_info", sa.Column("has_levels", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


def downgrade() -> None:
    op.drop_index("ix_words_length_level", table_name="words")
    with op.batch_alter_table("index_info") as batch:
        batch.drop_column("has_levels")
    with op.batch_alter_table("words") as batch:
        batch.drop_column("vulgar")
        batch.drop_column("level")
    op.execute(f"UPDATE index_info SET schema_revision = '{down_revision}'")
