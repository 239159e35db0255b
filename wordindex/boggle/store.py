"""The Boggle lexicon in the index: written by ``build``, read with one query.

The build computes the lexicon from the sorted words a level at a time
(``wordindex.build.derive``) and the loaders stream its bytes into the
``boggle_lexicon`` row (``lexicon_values`` gives the rest of the row), with
the rest of the index (into the SQLite ``.partial`` file, or the PostgreSQL
build schema), so it is swapped in atomically with the words it was made
from.

``load_trie`` reads it back. The row records the build it belongs to
(``index_info``'s dictionary sha256, build time and word count) and the
query only returns it when they match, so a lexicon left from another build
is never used; a missing, stale or unreadable one is rebuilt in memory from
the ``words`` table (correct, only slower), and ``wordindex db upgrade`` or a
rebuild stores a fresh one.
"""

from __future__ import annotations

from typing import Any

from wordindex.index.core import Index

from .trie import FORMAT_VERSION, Trie, TrieFormatError, build_trie

LEXICON_TABLE = "boggle_lexicon"

FRESH_LEXICON_SQL = (
    "SELECT l.format, l.data FROM boggle_lexicon l JOIN index_info i ON i.id = 1 "
    "WHERE l.id = 1 AND l.source_sha256 = i.source_sha256 AND l.built_at = i.built_at "
    "AND l.word_count = i.word_count"
)


#: The largest lexicon a build stores (512 MiB: 67 million nodes, far beyond any real word list).
#: PostgreSQL's ``bytea`` and SQLite's blobs stop at 1 GB, and a reader loads the lexicon whole;
#: an index whose lexicon would be bigger stores none, and a solver builds it from the words.
MAX_LEXICON_BYTES = 1 << 29


def lexicon_fits(size: int) -> bool:
    """Whether a lexicon of ``size`` bytes is stored with the index."""
    return size <= MAX_LEXICON_BYTES


def lexicon_values(word_count: int, source_sha256: str, built_at: str) -> dict[str, Any]:
    """The ``boggle_lexicon`` row but its ``data`` (which the loaders stream in), for the build's index_info."""
    return {
        "id": 1,
        "format": FORMAT_VERSION,
        "source_sha256": source_sha256,
        "built_at": built_at,
        "word_count": word_count,
    }


def stored_trie(index: Index) -> Trie | None:
    """The index's own lexicon, or None when it is missing, stale or of another format."""
    if LEXICON_TABLE not in index.table_names():
        return None
    rows = index.rows(FRESH_LEXICON_SQL)
    if not rows or rows[0][0] != FORMAT_VERSION:
        return None
    try:
        return Trie.from_bytes(bytes(rows[0][1]), index.alphabet)
    except TrieFormatError:
        return None


def load_trie(index: Index) -> Trie:
    """The lexicon of the index: the stored one when fresh, else computed from its words."""
    trie = stored_trie(index)
    if trie is not None:
        return trie
    return build_trie((row[0] for row in index.rows("SELECT word FROM words")), index.alphabet)
