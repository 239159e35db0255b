"""The game store: one row per game session, its serialisable state and a row version.

Revision ID: 0006_games
Revises: (none: the game store is its own lineage, in its own database or schema)

A game's state is the session's JSON (small: a board and words, a pattern and
guesses, a hand). ``version`` grows by one with every applied move, so a
client can tell a stale view and a test can count the moves applied.
``finished_at`` is set when a game ends; the cleanup deletes finished games
(and games untouched for long) by these timestamps, hence the index on them.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_games"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("games_finished_at", "games", ["finished_at"])
    op.create_index("games_updated_at", "games", ["updated_at"])


def downgrade() -> None:
    op.drop_index("games_updated_at", table_name="games")
    op.drop_index("games_finished_at", table_name="games")
    op.drop_table("games")
