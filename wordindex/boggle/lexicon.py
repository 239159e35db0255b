"""The prefix oracle a Boggle search asks: "which of these extensions are live?".

Both oracles answer from the index's ``prefixes`` table (prefix, is_word,
has_longer) and speak the same language: a *node* is a prefix (an int), and
``children(nodes, codes)`` maps arrays of (prefix node, cube code) pairs to
the child prefix node, or ``DEAD`` (0) when no word starts that way. Cube
codes are 0-25 for a-z, 26 for the Qu cube (two letters at once) and 27 for
"no cube" (padding). After each call ``is_word``, ``has_longer`` and
``length`` (in letters, Qu = 2) are numpy arrays indexed by node.

* ``QueryOracle`` asks the index, one set-based query per search depth: the
  distinct candidate strings of the whole depth are looked up together by
  the table's primary key (``prefix_query``). It loads nothing up front, so
  it suits one board.
* ``PrefixTable`` reads the whole prefixes table in one query and turns it
  into a transition table (node × cube code → child node); every later
  lookup is a numpy gather. It suits many boards (``--batch``, ``boggle-best``).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from ..index import Index

DEAD = 0
ROOT = 1
QU = 26
PAD = 27
CODES = 28
#: What each cube code spells.
CODE_TEXT = [chr(97 + i) for i in range(26)] + ["qu", ""]

#: Candidate strings packed into one bound parameter (see ``prefix_query``).
PER_GROUP = 16


class PrefixOracle(Protocol):
    """What the set-based search (``solver._search``) asks of a lexicon."""

    batched_gather: bool
    is_word: np.ndarray
    has_longer: np.ndarray
    length: np.ndarray

    def children(self, nodes: np.ndarray, codes: np.ndarray) -> np.ndarray: ...

    def text(self, node: int) -> str: ...


def prefix_query(strings: list[str]) -> tuple[str, dict[str, object]]:
    """One portable query that looks up all ``strings`` in the prefixes table.

    A plain ``IN (:p_0, :p_1, ...)`` list costs SQLite time quadratic in the
    number of named parameters, and a search depth of a dense board has
    thousands of candidates. So the strings are padded with spaces to one
    width and packed, ``PER_GROUP`` at a time, into a few text parameters; a
    recursive CTE cuts them apart again with ``substr`` / ``rtrim`` (plain
    SQL on SQLite and PostgreSQL alike), and the prefixes table is probed by
    its primary key once per string. No user text is formatted into the SQL:
    the statement only numbers its parameters.
    """
    width = max(map(len, strings))
    params: dict[str, object] = {"width": width, "per_group": PER_GROUP}
    values = []
    for k, start in enumerate(range(0, len(strings), PER_GROUP)):
        params[f"g{k}"] = "".join(s.ljust(width) for s in strings[start : start + PER_GROUP])
        values.append(f"(:g{k})")
    sql = (
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < CAST(:per_group AS INTEGER)), "
        f"g(packed) AS (VALUES {', '.join(values)}), "
        "c(candidate) AS (SELECT rtrim(substr(g.packed, n.i * CAST(:width AS INTEGER) + 1, CAST(:width AS INTEGER))) "
        "FROM g JOIN n ON n.i * CAST(:width AS INTEGER) < length(g.packed)) "
        "SELECT p.prefix, p.is_word, p.has_longer FROM c JOIN prefixes p ON p.prefix = c.candidate"
    )
    return sql, params


#: Prefixes asked about in one ``viable`` query (two bound parameters each).
VIABLE_CHUNK = 400


def _after_prefix(prefix: str) -> str:
    """The least a-z string above every word that starts with ``prefix`` (an exclusive bound)."""
    stem = prefix.rstrip("z")
    if not stem:
        return "z" * 64  # above every word (words have at most 63 letters)
    return stem[:-1] + chr(ord(stem[-1]) + 1)


def viable_query(prefixes: list[str], letters: int) -> tuple[str, dict[str, object]]:
    """The prefixes some word of at most ``letters`` letters extends (one range probe each).

    Words are a-z only, so the words starting with ``p`` are the range
    ``p < word < _after_prefix(p)`` of the words index, in any collation.
    """
    params: dict[str, object] = {"letters": letters}
    values = []
    for i, prefix in enumerate(prefixes):
        params[f"p{i}"] = prefix
        params[f"h{i}"] = _after_prefix(prefix)
        values.append(f"(CAST(:p{i} AS VARCHAR(64)), CAST(:h{i} AS VARCHAR(64)))")
    sql = (
        f"WITH c(p, hi) AS (VALUES {', '.join(values)}) SELECT c.p FROM c WHERE EXISTS "
        "(SELECT 1 FROM words AS w WHERE w.word > c.p AND w.word < c.hi AND w.length <= :letters)"
    )
    return sql, params


class QueryOracle:
    """Prefix checks answered by the index, one query per search depth."""

    #: Each lookup is a query: the search should ask only for real candidates.
    batched_gather = False

    def __init__(self, index: Index):
        self.index = index
        self.texts: list[str] = ["", ""]
        self.is_word = np.zeros(2, dtype=bool)
        self.has_longer = np.array([False, True])
        self.length = np.zeros(2, dtype=np.int64)
        self.queries = 0
        self._node_of: dict[str, int] = {}
        self._viable: dict[tuple[int, int], bool] = {}

    def viable(self, nodes: np.ndarray, letters: int) -> np.ndarray:
        """For each node: does a word of at most ``letters`` letters extend it? (cached per node)."""
        unique, inverse = np.unique(nodes, return_inverse=True)
        unknown = [node for node in unique.tolist() if (node, letters) not in self._viable]
        for start in range(0, len(unknown), VIABLE_CHUNK):
            part = unknown[start : start + VIABLE_CHUNK]
            sql, params = viable_query([self.texts[node] for node in part], letters)
            self.queries += 1
            yes = {row[0] for row in self.index.rows(sql, params)}
            self._viable.update(((node, letters), self.texts[node] in yes) for node in part)
        answer = np.array([self._viable[(node, letters)] for node in unique.tolist()], dtype=bool)
        return answer[inverse.reshape(-1)]

    def text(self, node: int) -> str:
        """The prefix a node stands for."""
        return self.texts[node]

    def children(self, nodes: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """Child nodes of (node, code) pairs: one query for all the distinct candidate strings.

        A string fixes its cubes (``q`` only ever comes as ``qu``), so within
        one call the candidates are distinct. A search that extends its
        frontier in pieces meets a prefix again in a later piece: it gets the
        node it already has (one node per prefix), and is not asked for again.
        """
        keys = nodes.astype(np.int64) * CODES + codes
        unique, inverse = np.unique(keys, return_inverse=True)
        texts = self.texts
        known = self._node_of
        strings = [texts[k // CODES] + CODE_TEXT[k % CODES] for k in unique.tolist()]
        wanted = [s for s in strings if s and s not in known]
        rows = []
        if wanted:
            sql, params = prefix_query(wanted)
            self.queries += 1
            rows = self.index.rows(sql, params)
        first = len(texts)
        known.update((row[0], first + i) for i, row in enumerate(rows))
        texts.extend(row[0] for row in rows)
        self.is_word = np.concatenate([self.is_word, np.array([bool(r[1]) for r in rows], dtype=bool)])
        self.has_longer = np.concatenate([self.has_longer, np.array([bool(r[2]) for r in rows], dtype=bool)])
        self.length = np.concatenate([self.length, np.array([len(r[0]) for r in rows], dtype=np.int64)])
        result = np.fromiter((known.get(s, DEAD) for s in strings), dtype=np.int64, count=len(strings))
        return result[inverse.reshape(-1)]


class PrefixTable:
    """The whole prefixes table as an in-memory transition table (one query to load).

    Nodes are numbered by (length, prefix), so the short prefixes every
    search touches first sit together at the start of the table.
    """

    #: A lookup is one gather: the search may look up every neighbour slot at once.
    batched_gather = True

    def __init__(self, index: Index):
        rows = index.rows(
            "SELECT prefix, CASE WHEN is_word THEN 1 ELSE 0 END + CASE WHEN has_longer THEN 2 ELSE 0 END FROM prefixes"
        )
        total = len(rows)
        count = total + 2
        strings = np.array([row[0] for row in rows], dtype="S")
        flags = np.fromiter((row[1] for row in rows), dtype=np.int8, count=total)
        del rows
        width = strings.dtype.itemsize
        raw = strings.view(np.uint8).reshape(total, width)
        lengths = np.count_nonzero(raw, axis=1)
        everyone = np.arange(total)
        last = raw[everyone, lengths - 1].astype(np.int64) - 97
        parent_raw = raw.copy()
        parent_raw[everyone, lengths - 1] = 0
        parent_strings = parent_raw.view(strings.dtype).reshape(total)
        alphabetical = np.argsort(strings, kind="stable")
        found = np.searchsorted(strings[alphabetical], parent_strings)
        parent = alphabetical[np.minimum(found, total - 1)]
        node_order = np.lexsort((strings, lengths))
        node_of = np.empty(total, dtype=np.int64)
        node_of[node_order] = np.arange(2, count)
        parent_node = np.where(lengths == 1, ROOT, node_of[parent])
        parent_node[(lengths > 1) & (strings[parent] != parent_strings)] = DEAD

        trans = np.zeros(count * CODES, dtype=np.int32)
        trans[parent_node * CODES + last] = node_of
        trans[DEAD * CODES : DEAD * CODES + CODES] = DEAD
        nodes = np.arange(count, dtype=np.int64)
        after_q = trans[nodes * CODES + 16].astype(np.int64)
        trans[nodes * CODES + QU] = trans[after_q * CODES + 20]
        trans[DEAD * CODES : DEAD * CODES + CODES] = DEAD
        self.trans = trans

        self._strings = np.empty(count, dtype=strings.dtype)
        self._strings[node_of] = strings
        self._strings[:2] = b""
        self.is_word = np.zeros(count, dtype=bool)
        self.is_word[node_of] = (flags & 1) != 0
        self.has_longer = np.zeros(count, dtype=bool)
        self.has_longer[node_of] = (flags & 2) != 0
        self.has_longer[ROOT] = True
        self.length = np.zeros(count, dtype=np.int64)
        self.length[node_of] = lengths
        self.queries = 1
        self._parent = np.full(count, DEAD, dtype=np.int64)
        self._parent[node_of] = parent_node
        self._shortest_longer: np.ndarray | None = None

    def viable(self, nodes: np.ndarray, letters: int) -> np.ndarray:
        """For each node: does a word of at most ``letters`` letters extend it?"""
        if self._shortest_longer is None:
            self._shortest_longer = self._shortest_longer_words()
        viable: np.ndarray = self._shortest_longer[nodes] <= letters
        return viable

    def _shortest_longer_words(self) -> np.ndarray:
        """Per node, the length of the shortest word strictly longer that starts with it.

        Nodes are numbered by length, so one pass per length from the longest
        down carries each subtree's shortest word up to its parent.
        """
        never = np.iinfo(np.int64).max
        at_or_below = np.where(self.is_word, self.length, never)
        longer = np.full(len(self.length), never, dtype=np.int64)
        nodes = np.arange(len(self.length))
        for level in range(int(self.length.max(initial=0)), 0, -1):
            here = nodes[(self.length == level) & (self._parent != DEAD)]
            np.minimum.at(longer, self._parent[here], at_or_below[here])
            parents = np.unique(self._parent[here])
            at_or_below[parents] = np.minimum(at_or_below[parents], longer[parents])
        return longer

    def __len__(self) -> int:
        return len(self._strings)

    def text(self, node: int) -> str:
        """The prefix a node stands for."""
        return str(self._strings[node].decode("ascii"))

    def children(self, nodes: np.ndarray, codes: np.ndarray) -> np.ndarray:
        found: np.ndarray = self.trans[nodes * CODES + codes]
        return found
