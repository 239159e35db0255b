"""The two questions every hangman piece asks the index, each as one query.

* ``letter_counts``: how many candidate words, and per letter the number of
  occurrences (``SUM(cnt_x)``) and of words containing it, in one aggregate
  query over the candidate set; unconstrained questions read the
  precomputed ``letter_totals`` table instead of scanning.
* ``split_families``: the family split, ``GROUP BY pos_x`` over the
  candidates, one statement however many letters are split.

The candidate set of a Position is ``pattern.candidate_condition`` (exclusive:
guessed letters stand only where shown, which is exactly the family the
guesses so far leave).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..alphabet import COUNT_COLUMN, LETTERS, MAX_WORD_LENGTH, POSITION_COLUMN
from ..index import Index
from ..levels import WordPool, restrict
from ..pattern import candidate_condition
from .state import NoSuchLengthError, Position, check_length


@dataclass(frozen=True)
class LetterCounts:
    """Candidates, and per letter its occurrences and the words holding it."""

    candidates: int
    occurrences: dict  # letter -> int (all 26)
    containing: dict  # letter -> int (all 26)


_OCCURRENCES = ", ".join(f"SUM({COUNT_COLUMN[x]})" for x in LETTERS)
_CONTAINING = ", ".join(f"SUM(CASE WHEN {COUNT_COLUMN[x]} > 0 THEN 1 ELSE 0 END)" for x in LETTERS)


def _as_counts(candidates, occurrences, containing) -> LetterCounts:
    return LetterCounts(
        candidates=int(candidates or 0),
        occurrences={x: int(v or 0) for x, v in zip(LETTERS, occurrences)},
        containing={x: int(v or 0) for x, v in zip(LETTERS, containing)},
    )


def is_unconstrained(position: Position) -> bool:
    return not position.guessed and not position.pattern.revealed


def totals_counts(index: Index, length: int | None) -> LetterCounts:
    """Counts from ``letter_totals``: one length, or (None) the whole dictionary."""
    if length is None:
        rows = index.rows("SELECT letter, SUM(occurrences), SUM(words) FROM letter_totals GROUP BY letter")
        total = index.scalar("SELECT COUNT(*) FROM words")
    else:
        rows = index.rows("SELECT letter, occurrences, words FROM letter_totals WHERE length = :n", {"n": length})
        total = index.scalar("SELECT COUNT(*) FROM words WHERE length = :n", {"n": length}) if rows else 0
    by_letter = {letter: (occ, cont) for letter, occ, cont in rows}
    return _as_counts(
        total,
        [by_letter.get(x, (0, 0))[0] for x in LETTERS],
        [by_letter.get(x, (0, 0))[1] for x in LETTERS],
    )


def letter_counts(index: Index, position: Position, *, exclusive: bool = True, containing: bool = True) -> LetterCounts:
    """Letter counts over the candidates of ``position`` in ONE query.

    ``exclusive=False`` gives the ``pattern`` guesser's candidates (a blank
    may hold any letter). ``containing=False`` skips the words-containing
    sums (the occurrence-only guessers do not need them).
    """
    if is_unconstrained(position) or (not exclusive and not position.pattern.revealed):
        return totals_counts(index, position.pattern.length)
    where, params = candidate_condition(position.pattern, position.guessed, exclusive=exclusive)
    columns = f"COUNT(*), {_OCCURRENCES}" + (f", {_CONTAINING}" if containing else "")
    row = index.rows(f"SELECT {columns} FROM words WHERE {where}", params)[0]
    count, occurrences = row[0], row[1:27]
    return _as_counts(count, occurrences, row[27:53] if containing else [0] * 26)


def _renamed(where: str, params: dict, prefix: str) -> tuple[str, dict]:
    """The same condition with its parameters renamed (``:length`` → ``:p3_length``) for UNION ALL parts."""
    for name in sorted(params, key=len, reverse=True):
        where = re.sub(rf":{name}\b", f":{prefix}{name}", where)
    return where, {f"{prefix}{name}": value for name, value in params.items()}


def letter_counts_many(index: Index, positions: list) -> list:
    """``letter_counts`` (exclusive, with containing) of several families in one statement."""
    if not positions:
        return []
    parts, params = [], {}
    for i, position in enumerate(positions):
        where, own = _renamed(*candidate_condition(position.pattern, position.guessed, exclusive=True), f"p{i}_")
        parts.append(f"SELECT {i} AS k, COUNT(*) AS n, {_OCCURRENCES}, {_CONTAINING} FROM words WHERE {where}")
        params.update(own)
    result: list = [None] * len(positions)
    for row in _union_rows(index, parts, params):
        result[int(row[0])] = _as_counts(row[1], row[2:28], row[28:54])
    return result


#: SQLite refuses compound SELECTs of more than 500 terms; longer unions run in chunks.
UNION_CHUNK = 400


def _union_rows(index: Index, parts: list, params: dict) -> list:
    rows: list = []
    for start in range(0, len(parts), UNION_CHUNK):
        rows.extend(index.rows(" UNION ALL ".join(parts[start : start + UNION_CHUNK]), params))
    return rows


def split_families_many(index: Index, requests: list) -> list:
    """``split_families`` for several ``(position, letters)`` at once: one UNION ALL statement."""
    parts, params = [], {}
    results: list = [{x: {} for x in letters} for _, letters in requests]
    for i, (position, letters) in enumerate(requests):
        where, own = _renamed(*candidate_condition(position.pattern, position.guessed, exclusive=True), f"p{i}_")
        params.update(own)
        for x in letters:
            column = POSITION_COLUMN[x]
            parts.append(
                f"SELECT {i} AS r, {LETTERS.index(x)} AS k, {column} AS m, COUNT(*) AS n FROM words WHERE {where} GROUP BY {column}"
            )
    if parts:
        for r, k, mask, size in _union_rows(index, parts, params):
            results[int(r)][LETTERS[int(k)]][int(mask)] = int(size)
    return results


def family_condition(position: Position, pool: WordPool | None = None) -> tuple[str, dict]:
    """The words of a family (exclusive candidates), restricted to a chooser's pool when it has one."""
    return restrict(*candidate_condition(position.pattern, position.guessed, exclusive=True), pool)


def split_families(index: Index, position: Position, letters, pool: WordPool | None = None) -> dict:
    """``{letter: {mask: family size}}``: the family split of each letter, one statement.

    For one letter it is ``SELECT pos_x, COUNT(*) FROM words WHERE <family>
    GROUP BY pos_x``; several letters are UNION ALL of the same query. A
    ``pool`` (the evil chooser's) keeps only the words it may pick.
    """
    letters = list(letters)
    if not letters:
        return {}
    where, params = family_condition(position, pool)
    parts = [
        f"SELECT {LETTERS.index(x)} AS k, {POSITION_COLUMN[x]} AS m, COUNT(*) AS n FROM words WHERE {where} GROUP BY {POSITION_COLUMN[x]}"
        for x in letters
    ]
    result: dict = {x: {} for x in letters}
    for k, mask, size in index.rows(" UNION ALL ".join(parts), params):
        result[LETTERS[int(k)]][int(mask)] = int(size)
    return result


_FAMILY_FROM = re.compile(r"FROM words WHERE length = :(\w*length)\b")


class FamilyIndex(Index):
    """The index seen from one family: family queries read ``table`` (a temporary copy) instead of ``words``.

    Every family query (``candidate_condition``: ``FROM words WHERE length = :length AND ...``) of a
    family or of one of its sub-families gives the same answer on the copy, but scans only the family.
    """

    def __init__(self, base: Index, table: str):
        super().__init__(base.location, base.backend)
        self.base = base
        self.revision = base.revision
        self.table = table

    def rows(self, sql, params=None):
        return self.base.rows(_FAMILY_FROM.sub(rf"FROM {self.table} WHERE length = :\1", sql), params)

    def table_names(self):
        return self.base.table_names()


def count_words_of_length(index: Index, length: int, pool: WordPool | None = None) -> int:
    """Number of words of ``length`` (in ``pool``); BadLengthError / NoSuchLengthError when none can be."""
    check_length(length)
    where, params = restrict("length = :n", {"n": length}, pool)
    fits = length <= MAX_WORD_LENGTH
    count = int(index.scalar(f"SELECT COUNT(*) FROM words WHERE {where}", params) or 0) if fits else 0
    if count == 0:
        low, high = index.rows("SELECT MIN(length), MAX(length) FROM words")[0]
        lengths = f"lengths run from {low} to {high}" if low is not None else "the index is empty"
        if pool is not None and fits and index.scalar("SELECT COUNT(*) FROM words WHERE length = :n", {"n": length}):
            raise NoSuchLengthError(f"no word of length {length} at {pool.describe()} in the index")
        raise NoSuchLengthError(f"no word of length {length} in the index ({lengths}, not all present)")
    return count


def family_words(index: Index, position: Position, pool: WordPool | None = None) -> list[str]:
    """The words of a family, sorted (in Python, so every backend agrees)."""
    where, params = family_condition(position, pool)
    return sorted(row[0] for row in index.rows(f"SELECT word FROM words WHERE {where}", params))


def family_size(index: Index, position: Position, pool: WordPool | None = None) -> int:
    where, params = family_condition(position, pool)
    return int(index.scalar(f"SELECT COUNT(*) FROM words WHERE {where}", params) or 0)


def nth_word(index: Index, position: Position, offset: int, pool: WordPool | None = None) -> str:
    """The word at ``offset`` (0-based) of a family (in ``pool``) in dictionary order (ORDER BY id)."""
    where, params = family_condition(position, pool)
    params["offset"] = offset
    return index.scalar(f"SELECT word FROM words WHERE {where} ORDER BY id LIMIT 1 OFFSET :offset", params)
