"""Per-length letter totals, so an unconstrained guess is a lookup, not a scan.

Revision ID: 0002_letter_totals
Revises: 0001_words_prefixes

Upgrading an existing index fills the table from ``words`` in SQL; a fresh
build fills it from the rows it loads. The stored schema revision in
``index_info`` moves along with the upgrade.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_letter_totals"
down_revision = "0001_words_prefixes"
branch_labels = None
depends_on = None

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def upgrade() -> None:
    op.create_table(
        "letter_totals",
        sa.Column("length", sa.SmallInteger, primary_key=True, autoincrement=False),
        sa.Column("letter", sa.String(1), primary_key=True),
        sa.Column("occurrences", sa.BigInteger, nullable=False),
        sa.Column("words", sa.Integer, nullable=False),
    )
    per_letter = " UNION ALL ".join(
        f"SELECT length, '{c}', SUM(cnt_{c}), SUM(CASE WHEN cnt_{c} > 0 THEN 1 ELSE 0 END) FROM words GROUP BY length"
        for c in _LETTERS
    )
    op.execute(f"INSERT INTO letter_totals (length, letter, occurrences, words) {per_letter}")
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


def downgrade() -> None:
    op.drop_table("letter_totals")
    op.execute(f"UPDATE index_info SET schema_revision = '{down_revision}'")
