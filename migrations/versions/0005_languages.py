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
* The Boggle lexicon moves to format 2 (letters of any alphabet of up to 32, each node's shortest
  completion packed beside its first child): an existing index's lexicon is remade from its words
  (English, a-z). A downgrade deletes it; the older reader then makes it from the words.

Imports nothing from the wordindex package: the lexicon builder is copied here (format 2).
"""

import struct

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
    bind = op.get_bind()
    if bind.execute(sa.text("SELECT COUNT(*) FROM boggle_lexicon")).scalar():
        data = _trie_bytes(row[0] for row in bind.execute(sa.text("SELECT word FROM words")))
        words = _HEADER.unpack_from(data)[3]
        bind.execute(
            sa.text("UPDATE boggle_lexicon SET format = 2, data = :data, word_count = :words WHERE id = 1"),
            {"data": data, "words": words},
        )
    op.execute(f"UPDATE index_info SET schema_revision = '{revision}'")


_MAGIC = b"WIBT"
_HEADER = struct.Struct("<4sIII")
_ROOT = 1
_SHIFT = 25
_WORD = 1 << 31
_FAR = 63


def _trie_bytes(words):
    """The lexicon bytes of a-z words (a copy of wordindex.boggle.trie.trie_bytes, format version 2)."""
    import numpy as np

    ordered = sorted({(w.encode("ascii")) for w in words if w})
    n = len(ordered)
    if n == 0:
        body = np.array([0, 0, _FAR << _SHIFT, _FAR << _SHIFT], dtype="<u4")
        return _HEADER.pack(_MAGIC, 2, 2, 0) + body.tobytes()
    lengths = np.fromiter(map(len, ordered), dtype=np.int64, count=n)
    width = int(lengths.max())
    letters = np.array(ordered, dtype=f"S{width}").view(np.uint8).reshape(n, width)
    lcp = np.zeros(n, dtype=np.int64)
    if n > 1:
        same = np.cumprod(letters[1:] == letters[:-1], axis=1, dtype=np.int8).sum(axis=1, dtype=np.int64)
        lcp[1:] = np.minimum(same, np.minimum(lengths[1:], lengths[:-1]))
    added = lengths - lcp
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
    mask = np.bincount(parent, weights=np.ldexp(1.0, letter), minlength=size).astype(np.int64)
    word = np.zeros(size, dtype=bool)
    word[node[starts + added - 1]] = True
    first = np.zeros(size, dtype=np.int64)
    child_parent = np.empty(size, dtype=np.int64)
    child_parent[node] = parent
    with_children, first_child = np.unique(child_parent[2:], return_index=True)
    first[with_children] = first_child + 2
    children = np.array([bin(int(m)).count("1") for m in mask], dtype=np.int64)
    shortest = np.full(size, _FAR, dtype=np.int64)
    shortest[word] = 0
    bounds = [_ROOT, *[min(int(b), size) for b in level_first[1:]], size]
    for level in range(len(bounds) - 3, -1, -1):
        lo, hi, next_hi = bounds[level], bounds[level + 1], bounds[level + 2]
        inner = np.flatnonzero(children[lo:hi] > 0) + lo
        if len(inner):
            best = np.minimum.reduceat(shortest[hi:next_hi], first[inner] - hi)
            shortest[inner] = np.where(word[inner], 0, np.minimum(best + 1, _FAR))
    shortest[0] = _FAR
    packed = first | (shortest << _SHIFT) | np.where(word, _WORD, 0)
    body = mask.astype("<u4").tobytes() + packed.astype("<u4").tobytes()
    return _HEADER.pack(_MAGIC, 2, size, n) + body


def downgrade() -> None:
    op.execute("DELETE FROM boggle_lexicon")
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
