"""A running Boggle round's board, so the API does not answer its solution while the round runs.

Revision ID: 0007_round_boards
Revises: 0006_games

``board`` is the round's board as a key equal for every board with the same words (its language and
its letters, up to rotation and reflection: ``wordindex.boggle.board.board_key``), and ``board_until``
when its words become everyone's (the clock plus the grace for late words). Null for every other
game. Each worker reads the boards still hidden (``board_until`` after now, by its index) about once
a second, and ``/api/boggle`` refuses them (``web/boards.py``).
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_round_boards"
down_revision = "0006_games"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("board", sa.Text, nullable=True))
    op.add_column("games", sa.Column("board_until", sa.Float, nullable=True))
    op.create_index("games_board_until", "games", ["board_until"])


def downgrade() -> None:
    op.drop_index("games_board_until", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("board_until")
        batch.drop_column("board")
