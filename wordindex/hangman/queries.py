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

A server worker holds the words in memory (``wordindex.held``, ``Index.held``): every question
here is then answered from the arrays, the same answer as its SQL, which stays the reference
and answers whatever is not held.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from ..alphabet import MAX_WORD_LENGTH, Alphabet
from ..index import Index
from ..levels import WordPool, restrict
from ..pattern import candidate_condition
from .state import NoSuchLengthError, Position, check_length

if TYPE_CHECKING:
    from ..held import HeldLength, Mask
    from ..languages import Language


@dataclass(frozen=True)
class LetterCounts:
    """Candidates, and per letter its occurrences and the words holding it (every letter of the
    alphabet, in its order)."""

    candidates: int
    occurrences: dict[str, int]  # letter -> int
    containing: dict[str, int]  # letter -> int
    alphabet: Alphabet


@cache
def _sums(alphabet: Alphabet) -> tuple[str, str]:
    """The select list of the occurrences of each letter, and of the words holding it: only the
    alphabet's own count columns (an English index reads 26 of the 32 slots)."""
    occurrences = ", ".join(f"SUM({column})" for column in alphabet.count_columns)
    containing = ", ".join(f"SUM(CASE WHEN {column} > 0 THEN 1 ELSE 0 END)" for column in alphabet.count_columns)
    return occurrences, containing


#: The table every family question reads unless the index says otherwise (``FamilyIndex``).
WORDS_TABLE = "words"


@dataclass(frozen=True)
class Family:
    """The query builder of the hangman questions: one candidate set as SQL pieces.

    ``where`` is ``candidate_condition``'s clause over ``table`` (``words``, or
    a family's temporary copy); its parameters are named with ``prefix`` from
    the start, so several families can stand side by side in one UNION ALL
    statement. Every hangman query is ``family.select(columns, tail)``: the
    text is only ever put together here, from column names of ``alphabet``
    and the condition's own placeholders, never edited afterwards.
    """

    where: str
    params: dict[str, Any]
    table: str = WORDS_TABLE

    def select(self, columns: str, tail: str = "") -> str:
        return f"SELECT {columns} FROM {self.table} WHERE {self.where}{tail}"


def family(
    index: Index, position: Position, *, exclusive: bool = True, prefix: str = "", pool: WordPool | None = None
) -> Family:
    """The candidate set of ``position`` (exclusive: exactly the family its guesses leave), within ``pool``."""
    where, params = restrict(
        *candidate_condition(position.pattern, position.guessed, exclusive=exclusive, prefix=prefix), pool
    )
    return Family(where, params, words_table(index))


def words_table(index: Index) -> str:
    """The table holding the words the family questions read (``words`` unless narrowed to a family)."""
    return index.table if isinstance(index, FamilyIndex) else WORDS_TABLE


def _as_counts(
    alphabet: Alphabet, candidates: object, occurrences: Sequence[object], containing: Sequence[object] | None
) -> LetterCounts:
    letters = alphabet.letters
    return LetterCounts(
        candidates=int(candidates or 0),  # type: ignore[call-overload]
        occurrences={x: int(v or 0) for x, v in zip(letters, occurrences, strict=True)},  # type: ignore[call-overload]
        containing={x: int(v or 0) for x, v in zip(letters, containing, strict=True)}  # type: ignore[call-overload]
        if containing is not None
        else dict.fromkeys(letters, 0),
        alphabet=alphabet,
    )


def _held_family(index: Index, position: Position, pool: WordPool | None) -> tuple[HeldLength, Mask] | None:
    """The held words of the position's length and the mask of its family (exclusive, in ``pool``),
    None when that length is not held (``Index.held``): the caller then asks its SQL."""
    held = index.held_length(position.pattern.length)
    if held is None:
        return None
    return held, held.candidates(position.pattern, position.guessed, exclusive=True, pool=pool)


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
    letters = index.alphabet.letters
    return _as_counts(
        index.alphabet,
        total,
        [by_letter.get(x, (0, 0))[0] for x in letters],
        [by_letter.get(x, (0, 0))[1] for x in letters],
    )


def letter_counts(index: Index, position: Position, *, exclusive: bool = True, containing: bool = True) -> LetterCounts:
    """Letter counts over the candidates of ``position`` in ONE query.

    ``exclusive=False`` gives the ``pattern`` guesser's candidates (a blank
    may hold any letter). ``containing=False`` skips the words-containing
    sums (the occurrence-only guessers do not need them).
    """
    alphabet = index.alphabet
    totals = is_unconstrained(position) or (not exclusive and not position.pattern.revealed)
    held = index.held_length(position.pattern.length)
    if held is not None:
        if totals:
            count, occurrences_, holding_ = held.every_sum
        else:
            keep = held.candidates(position.pattern, position.guessed, exclusive=exclusive, pool=None)
            count, occurrences_, holding_ = held.letter_sums(keep)
        letters = alphabet.letters
        return LetterCounts(  # the sums are ints already: no _as_counts conversion
            candidates=count,
            occurrences=dict(zip(letters, occurrences_, strict=True)),
            containing=dict(zip(letters, holding_, strict=True)) if containing or totals else dict.fromkeys(letters, 0),
            alphabet=alphabet,
        )
    if totals:  # the letter_totals table has both sums
        return totals_counts(index, position.pattern.length)
    candidates = family(index, position, exclusive=exclusive)
    occurrences, holding = _sums(alphabet)
    columns = f"COUNT(*), {occurrences}" + (f", {holding}" if containing else "")
    row = index.rows(candidates.select(columns), candidates.params)[0]
    size = alphabet.size
    return _as_counts(alphabet, row[0], row[1 : 1 + size], row[1 + size : 1 + 2 * size] if containing else None)


def letter_counts_many(index: Index, positions: Sequence[Position]) -> list[LetterCounts]:
    """``letter_counts`` (exclusive, with containing) of several families in one statement."""
    if not positions:
        return []
    if all(index.held_length(p.pattern.length) is not None for p in positions):
        return [letter_counts(index, p) for p in positions]
    parts: list[str] = []
    params: dict[str, int] = {}
    alphabet = index.alphabet
    occurrences, holding = _sums(alphabet)
    for i, position in enumerate(positions):
        candidates = family(index, position, prefix=f"p{i}_")
        parts.append(candidates.select(f"{i} AS k, COUNT(*) AS n, {occurrences}, {holding}"))
        params.update(candidates.params)
    result: list[LetterCounts | None] = [None] * len(positions)
    size = alphabet.size
    for row in _union_rows(index, parts, params):
        result[int(row[0])] = _as_counts(alphabet, row[1], row[2 : 2 + size], row[2 + size : 2 + 2 * size])
    empty = _as_counts(alphabet, 0, [0] * size, None)  # never needed: an aggregate always gives its row
    return [counts if counts is not None else empty for counts in result]


#: SQLite refuses compound SELECTs of more than 500 terms; longer unions run in chunks.
UNION_CHUNK = 400


def _union_rows(index: Index, parts: list[str], params: dict[str, int]) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for start in range(0, len(parts), UNION_CHUNK):
        rows.extend(index.rows(" UNION ALL ".join(parts[start : start + UNION_CHUNK]), params))
    return rows


def _split_part(candidates: Family, key: str, alphabet: Alphabet, letter: str) -> str:
    """One letter's family split: ``GROUP BY pos_x`` over the candidates (``key``: the selected tags)."""
    column = alphabet.position_column(letter)
    slot = alphabet.slot[letter]
    return candidates.select(f"{key}{slot} AS k, {column} AS m, COUNT(*) AS n", f" GROUP BY {column}")


Splits = dict[str, dict[int, int]]


def split_families_many(index: Index, requests: Sequence[tuple[Position, Sequence[str]]]) -> list[Splits]:
    """``split_families`` for several ``(position, letters)`` at once: one UNION ALL statement."""
    parts: list[str] = []
    params: dict[str, int] = {}
    results: list[Splits] = [{x: {} for x in letters} for _, letters in requests]
    alphabet = index.alphabet
    if all(index.held_length(p.pattern.length) is not None for p, _ in requests):
        return [split_families(index, p, letters) for p, letters in requests]
    for i, (position, letters) in enumerate(requests):
        candidates = family(index, position, prefix=f"p{i}_")
        params.update(candidates.params)
        parts.extend(_split_part(candidates, f"{i} AS r, ", alphabet, x) for x in letters)
    if parts:
        for r, k, mask, size in _union_rows(index, parts, params):
            results[int(r)][alphabet.letters[int(k)]][int(mask)] = int(size)
    return results


def split_families(index: Index, position: Position, letters: Iterable[str], pool: WordPool | None = None) -> Splits:
    """``{letter: {mask: family size}}``: the family split of each letter, one statement.

    For one letter it is ``SELECT pos_x, COUNT(*) FROM words WHERE <family>
    GROUP BY pos_x``; several letters are UNION ALL of the same query. A
    ``pool`` (the evil chooser's) keeps only the words it may pick.
    """
    letters = list(letters)
    if not letters:
        return {}
    alphabet = index.alphabet
    held = _held_family(index, position, pool)
    if held is not None:
        words, keep = held
        return {x: words.split(keep, alphabet.slot[x]) for x in letters}
    candidates = family(index, position, pool=pool)
    parts = [_split_part(candidates, "", alphabet, x) for x in letters]
    result: Splits = {x: {} for x in letters}
    for k, mask, size in index.rows(" UNION ALL ".join(parts), candidates.params):
        result[alphabet.letters[int(k)]][int(mask)] = int(size)
    return result


class FamilyIndex(Index):
    """The index seen from one family: the family questions read ``table`` (a temporary copy) instead of ``words``.

    ``family()`` asks ``words_table(index)``, so every family query of a family
    or of one of its sub-families gives the same answer on the copy, but scans
    only the family. Other queries (``letter_totals``) still read the index.
    """

    def __init__(self, base: Index, table: str):
        super().__init__(base.location, base.backend)
        self.base = base
        self.revision = base.revision
        self.table = table
        self.binary_collation = base.binary_collation

    @property
    def language(self) -> Language:
        return self.base.language

    def rows(self, sql: str, params: Mapping[str, Any] | None = None) -> list[tuple[Any, ...]]:
        return self.base.rows(sql, params)

    def table_columns(self) -> dict[str, set[str]]:
        return self.base.table_columns()

    def table_names(self) -> set[str]:
        return self.base.table_names()

    def generation(self) -> Hashable:
        return self.base.generation()


def count_words_of_length(index: Index, length: int, pool: WordPool | None = None) -> int:
    """Number of words of ``length`` (in ``pool``); BadLengthError / NoSuchLengthError when none can be."""
    check_length(length)
    held = index.held_length(length)
    if held is not None:
        count = held.size(held.in_pool(pool))
        if count:  # none: the SQL below says why
            return count
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
    """The words of a family, sorted in the alphabet's order (in Python, so every backend agrees)."""
    alphabet = index.alphabet
    held = _held_family(index, position, pool)
    if held is not None:
        words = held[0].words_of(held[1])
        return words if alphabet.code_point_order else sorted(words, key=alphabet.sort_key)
    candidates = family(index, position, pool=pool)
    words = [str(row[0]) for row in index.rows(candidates.select("word"), candidates.params)]
    return sorted(words) if alphabet.code_point_order else sorted(words, key=alphabet.sort_key)


def family_size(index: Index, position: Position, pool: WordPool | None = None) -> int:
    held = _held_family(index, position, pool)
    if held is not None:
        return held[0].size(held[1])
    candidates = family(index, position, pool=pool)
    return int(index.scalar(candidates.select("COUNT(*)"), candidates.params) or 0)


def nth_word(index: Index, position: Position, offset: int, pool: WordPool | None = None) -> str:
    """The word at ``offset`` (0-based) of a family (in ``pool``) in dictionary order (ORDER BY id)."""
    held = _held_family(index, position, pool)
    if held is not None:
        found = held[0].nth_by_id(held[1], offset)
        if found is not None:
            return found
    candidates = family(index, position, pool=pool)
    params = {**candidates.params, "offset": offset}
    return str(index.scalar(candidates.select("word", " ORDER BY id LIMIT 1 OFFSET :offset"), params))
