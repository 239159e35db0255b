"""Alembic scripts of the game store (its own lineage, its own version table)."""
