"""The Boggle lexicon, computed once from the words and stored with the index.

Revision ID: 0004_boggle_lexicon
Revises: 0003_word_levels

Upgrading an existing index creates the table and fills it from ``words``,
stamped with the ``index_info`` values of the build it belongs to (readers
only use a lexicon whose stamp matches, so it is never stale). A fresh build
writes the row itself. This file imports nothing from the ``wordindex``
package: the constants and the builder are copied here (format version 1),
so the migration keeps doing what it did whatever the package becomes.
"""

import struct

import sqlalchemy as sa
from alembic import op

revision = "0004_boggle_lexicon"
down_revision = "0003_word_levels"
branch_labels = None
depends_on = None

_MAGIC = b"WIBT"
_FORMAT_VERSION = 1
_HEADER = struct.Struct("<4sIII")
_ROOT = 1
_WORD_BIT = 1 << 26


def upgrade() -> None:
    lexicon = op.create_table(
        "boggle_lexicon",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("format", sa.Integer, nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("built_at", sa.String(32), nullable=False),
        sa.Column("word_count", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    bind = op.get_bind()
    info = bind.execute(sa.text("SELECT source_sha256, built_at FROM index_info WHERE id = 1")).first()
    if info is not None:
        words = [row[0] for row in bind.execute(sa.text("SELECT word FROM words"))]
        data = _trie_bytes(words)
        op.bulk_insert(
            lexicon,
            [
                {
                    "id": 1,
                    "format": _FORMAT_VERSION,
                    "source_sha256": info[0],
                    "built_at": info[1],
                    "word_count": _HEADER.unpack_from(data)[3],
                    "data": data,
                }
            ],
        )
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


def downgrade() -> None:
    op.drop_table("boggle_lexicon")
    op.execute(f"UPDATE index_info SET schema_revision = '{down_revision}'")


def _trie_bytes(words):
    """The lexicon bytes (a copy of wordindex.boggle.trie.trie_bytes, format version 1)."""
    import numpy as np

    ordered = sorted({w.encode("ascii") for w in words if w})
    n = len(ordered)
    if n == 0:
        body = np.zeros(4, dtype="<i4")
        return _HEADER.pack(_MAGIC, _FORMAT_VERSION, 2, 0) + body.tobytes()
    lengths = np.fromiter(map(len, ordered), dtype=np.int64, count=n)
    width = int(lengths.max())
    letters = np.array(ordered, dtype=f"S{width}").view(np.uint8).reshape(n, width)
    lcp = np.zeros(n, dtype=np.int64)
    if n > 1:
        same = np.cumprod(letters[1:] == letters[:-1], axis=1, dtype=np.int8).sum(axis=1, dtype=np.int64)
        lcp[1:] = np.minimum(same, np.minimum(lengths[1:], lengths[:-1]))
    added = lengths - lcp  # >= 1: the words are distinct and a prefix sorts before its extensions
    starts = np.cumsum(added) - added
    total = int(added.sum())
    pair_word = np.repeat(np.arange(n), added)
    pair_length = lcp[pair_word] + 1 + np.arange(total) - np.repeat(starts, added)
    node = np.empty(total, dtype=np.int64)
    node[np.argsort(pair_length, kind="stable")] = np.arange(2, total + 2)
    parent = np.empty(total, dtype=np.int64)
    parent[1:] = node[:-1]
    parent[starts[lcp == 0]] = _ROOT
    level_first = 2 + np.concatenate(([0], np.cumsum(np.bincount(pair_length, minlength=width + 1))))
    for length in np.unique(lcp[lcp > 0]).tolist():
        adders = np.flatnonzero((lcp < length) & (lengths >= length))
        who = np.flatnonzero(lcp == length)
        parent[starts[who]] = level_first[length] + np.searchsorted(adders, who, side="right") - 1
    letter = letters[pair_word, pair_length - 1].astype(np.int64) - 97
    size = total + 2
    # Each (parent, letter) pair is distinct, so a sum of powers of two is an OR.
    mask = np.bincount(parent, weights=np.ldexp(1.0, letter), minlength=size).astype(np.int64)
    mask[node[starts + added - 1]] |= _WORD_BIT
    first = np.zeros(size, dtype=np.int64)
    child_parent = np.empty(size, dtype=np.int64)
    child_parent[node] = parent
    with_children, first_child = np.unique(child_parent[2:], return_index=True)
    first[with_children] = first_child + 2
    body = np.concatenate([mask, first]).astype("<i4")
    return _HEADER.pack(_MAGIC, _FORMAT_VERSION, size, n) + body.tobytes()
