"""Languages: per-letter columns become numbered slots of the index's alphabet; the index records
its language; each word keeps its spellings.

Revision ID: 0005_languages
Revises: 0004_boggle_lexicon

* ``words.pos_a`` .. ``pos_z`` and ``cnt_a`` .. ``cnt_z`` are renamed ``pos_0`` .. ``pos_25`` and
  ``cnt_0`` .. ``cnt_25`` (slot *i* is the alphabet's *i*-th letter; English keeps a-z in order,
  so an upgraded index's values stay right), and slots 26 to 31 are added, zero for every word:
  an alphabet has at most 32 letters (Polish). Every slot defaults to 0, so a build writes only
  its alphabet's columns.
* ``words.spelling``: how the list spells the word when that differs from the letters it plays as
  (French ``été`` plays as ``ete``; several spellings that play alike are joined by spaces), NULL
  when it does not (every word of an English index).
* ``index_info.language``: the language code of the build, ``en`` for an index built before.
* ``index_info.skipped_proper_name`` and ``skipped_abbreviation``: words a list of another language
  capitalises as names, or writes in capitals, are left out and counted.

Imports nothing from the wordindex package.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_languages"
down_revision = "0004_boggle_lexicon"
branch_labels = None
depends_on = None

_ENGLISH = "abcdefghijklmnopqrstuvwxyz"
_SLOTS = 32


def upgrade() -> None:
    with op.batch_alter_table("words") as batch:
        for i, letter in enumerate(_ENGLISH):
            batch.alter_column(f"pos_{letter}", new_column_name=f"pos_{i}", server_default="0")
            batch.alter_column(f"cnt_{letter}", new_column_name=f"cnt_{i}", server_default="0")
    with op.batch_alter_table("words") as batch:
        for i in range(len(_ENGLISH), _SLOTS):
            batch.add_column(sa.Column(f"pos_{i}", sa.BigInteger, nullable=False, server_default="0"))
        for i in range(len(_ENGLISH), _SLOTS):
            batch.add_column(sa.Column(f"cnt_{i}", sa.SmallInteger, nullable=False, server_default="0"))
        batch.add_column(sa.Column("spelling", sa.Text, nullable=True))
    with op.batch_alter_table("index_info") as batch:
        batch.add_column(sa.Column("language", sa.String(16), nullable=False, server_default="en"))
        batch.add_column(sa.Column("skipped_proper_name", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("skipped_abbreviation", sa.Integer, nullable=False, server_default="0"))
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


def downgrade() -> None:
    with op.batch_alter_table("index_info") as batch:
        batch.drop_column("skipped_abbreviation")
        batch.drop_column("skipped_proper_name")
        batch.drop_column("language")
    with op.batch_alter_table("words") as batch:
        batch.drop_column("spelling")
        for i in range(len(_ENGLISH), _SLOTS):
            batch.drop_column(f"cnt_{i}")
            batch.drop_column(f"pos_{i}")
    with op.batch_alter_table("words") as batch:
        for i, letter in enumerate(_ENGLISH):
            batch.alter_column(f"pos_{i}", new_column_name=f"pos_{letter}", server_default=None)
            batch.alter_column(f"cnt_{i}", new_column_name=f"cnt_{letter}", server_default=None)
    op.execute(f"UPDATE index_info SET schema_revision = '{down_revision}'")
