"""Where the words table's questions are answered: one interface (``WordsSource``), two implementations.

Every hangman, pattern, ``check`` and word-game question about the words of an index is asked of
``Index.words``, one object chosen when the index is opened (``open_index(..., words=...)``):

* ``SqlWords`` (here): each question as one set-based SQL statement with bound parameters. The
  reference, and what every command line uses: a one-shot command asks a question or two.
* ``HeldSource`` (``wordindex.words.held_source``): a server worker's copy of the table held as arrays
  (``wordindex.index.held``); a length it does not hold is answered by its ``SqlWords``. Given the loop's
  ``HeldOnly``, it is the source of an answer tried on the event loop (``Index.with_words``).

So the choice between the two is made once, where the index is opened, not at every question; and
the differential tests (``tests/hangman/test_held.py``) ask every question of both.

This module sits low in the package (it imports neither ``index`` nor ``levels``): the index makes
its default ``SqlWords`` itself. What it reads of an index and of a pool are the protocols below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from wordindex.index.sql_text import chunks, in_list, restrict
from wordindex.languages.alphabet import MAX_WORD_LENGTH, Alphabet
from wordindex.words.pattern import Pattern, candidate_condition

#: The table every family question reads unless the source says otherwise (a family's temporary copy).
WORDS_TABLE = "words"
#: SQLite refuses compound SELECTs of more than 500 terms; longer unions run in chunks.
UNION_CHUNK = 400

Splits = dict[str, dict[int, int]]  # letter -> {positions mask: family size}
Facts = tuple[int | None, bool, str | None]  # a word's level, vulgar flag and ``spelling`` column


class Rows(Protocol):
    """What ``SqlWords`` reads of an index (``wordindex.index.core.Index``)."""

    @property
    def alphabet(self) -> Alphabet: ...

    @property
    def binary_collation(self) -> str: ...

    def rows(self, sql: str, params: Mapping[str, object] | None = None) -> list[tuple[Any, ...]]: ...

    def scalar(self, sql: str, params: Mapping[str, object] | None = None) -> Any: ...


class Levels(Protocol):
    @property
    def low(self) -> int | None: ...

    @property
    def high(self) -> int: ...


class Pool(Protocol):
    """The words a game may pick (``wordindex.words.levels.WordPool``): a level range, vulgar words or not."""

    @property
    def levels(self) -> Levels | None: ...

    @property
    def allow_vulgar(self) -> bool: ...

    def condition(self) -> tuple[str, dict[str, int]]: ...


@dataclass(frozen=True)
class LetterCounts:
    """Candidates, and per letter its occurrences and the words holding it (every letter of the
    alphabet, in its order)."""

    candidates: int
    occurrences: dict[str, int]  # letter -> int
    containing: dict[str, int]  # letter -> int
    alphabet: Alphabet


@dataclass(frozen=True)
class HandQuestion:
    """A word-game hand as a words source is asked about it: which words (up to ``size`` letters)
    it can play, a wildcard standing for any vowel (``wordgame.best``).

    ``counts[slot]`` is the hand's copies of each letter of ``alphabet``; ``vowels`` the vowels'
    slots. ``signatures`` gives the signatures of every sub-multiset of the hand, or None when
    there are too many to list (SQL then reads the count columns); ``signature`` is a word's."""

    alphabet: Alphabet
    counts: tuple[int, ...]
    vowels: tuple[int, ...]
    wildcards: int
    size: int
    allow_vulgar: bool
    signatures: Callable[[], list[str] | None]
    signature: Callable[[str], str]

    @property
    def levels(self) -> None:
        """Any level (a hand is asked of every word, as ``WordPool(allow_vulgar=...)`` is)."""
        return None

    def condition(self) -> tuple[str, dict[str, int]]:
        """The vulgar words left out unless allowed (as ``WordPool(allow_vulgar=...)`` says)."""
        return ("", {}) if self.allow_vulgar else ("NOT vulgar", {})


class WordsSource(Protocol):
    """The questions asked of the words table, each answered the same by every implementation.

    Positions are a pattern and the letters guessed (``exclusive``: a guessed letter stands only
    where the pattern shows it; else a blank may hold any letter). ``pool`` keeps only the words
    a game may pick (None: every word)."""

    def totals(self, length: int | None) -> LetterCounts:
        """The letter counts of every word of ``length`` (None: of the whole dictionary)."""

    def letter_counts(
        self, pattern: Pattern, guessed: frozenset[str], *, exclusive: bool, containing: bool
    ) -> LetterCounts:
        """Candidates and per letter the occurrences and (``containing``) the words holding it."""

    def letter_counts_many(self, positions: Sequence[tuple[Pattern, frozenset[str]]]) -> list[LetterCounts]:
        """``letter_counts`` (exclusive, with containing) of several families at once."""

    def split_families(
        self, pattern: Pattern, guessed: frozenset[str], letters: Sequence[str], pool: Pool | None
    ) -> Splits:
        """``{letter: {mask: family size}}`` over the family (exclusive) in ``pool``."""

    def split_families_many(self, requests: Sequence[tuple[Pattern, frozenset[str], Sequence[str]]]) -> list[Splits]:
        """``split_families`` (no pool) of several families at once."""

    def length_size(self, length: int, pool: Pool | None) -> int:
        """The words of ``length`` in ``pool`` (0 for none, or for a length no word can have)."""

    def family_words(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> list[str]:
        """The family's words in the alphabet's order."""

    def family_size(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> int: ...

    def nth_word(self, pattern: Pattern, guessed: frozenset[str], offset: int, pool: Pool | None) -> str:
        """The family's word at ``offset`` in dictionary order (``ORDER BY id``)."""

    def matching(
        self, pattern: Pattern, guessed: frozenset[str] | None, limit: int | None, pool: Pool | None
    ) -> tuple[int, list[str]]:
        """How many words fit (``guessed`` None: not exclusive) and the first ``limit`` of them, sorted."""

    def facts(self, plays: Sequence[str]) -> dict[str, Facts]:
        """Each of ``plays`` (distinct, sorted) that is a word, with its level, vulgar flag and spelling."""

    def is_word(self, play: str) -> bool: ...

    def playable(self, hand: HandQuestion) -> list[tuple[str, str]]:
        """``(word, signature)`` of every word the hand can play (vulgar ones only if allowed), unsorted."""


@dataclass(frozen=True)
class Family:
    """The query builder of the family questions: one candidate set as SQL pieces.

    ``where`` is ``candidate_condition``'s clause over ``table`` (``words``, or a family's
    temporary copy); its parameters are named with ``prefix`` from the start, so several families
    can stand side by side in one UNION ALL statement. Every family query is
    ``family.select(columns, tail)``: the text is only ever put together here, from column names
    of the alphabet and the condition's own placeholders, never edited afterwards.
    """

    where: str
    params: dict[str, Any]
    table: str = WORDS_TABLE

    def select(self, columns: str, tail: str = "") -> str:
        return f"SELECT {columns} FROM {self.table} WHERE {self.where}{tail}"


@cache
def _sums(alphabet: Alphabet) -> tuple[str, str]:
    """The select list of the occurrences of each letter, and of the words holding it: only the
    alphabet's own count columns (an English index reads 26 of the 32 slots)."""
    occurrences = ", ".join(f"SUM({column})" for column in alphabet.count_columns)
    containing = ", ".join(f"SUM(CASE WHEN {column} > 0 THEN 1 ELSE 0 END)" for column in alphabet.count_columns)
    return occurrences, containing


def as_counts(
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


def reads_totals(pattern: Pattern, guessed: frozenset[str], exclusive: bool) -> bool:
    """Whether the candidates are every word of the length (``letter_totals`` has their counts)."""
    return (not guessed and not pattern.revealed) or (not exclusive and not pattern.revealed)


class SqlWords:
    """Every question as SQL on ``index``; the family questions read ``table`` (``words``, or a
    family's temporary copy: ``hangman.queries.FamilyIndex``)."""

    def __init__(self, index: Rows, table: str = WORDS_TABLE):
        self.index = index
        self.table = table

    def family(
        self, pattern: Pattern, guessed: frozenset[str], *, exclusive: bool = True, prefix: str = "", pool: Pool | None
    ) -> Family:
        """The candidate set of a position (exclusive: exactly the family its guesses leave), within ``pool``."""
        where, params = restrict(*candidate_condition(pattern, guessed, exclusive=exclusive, prefix=prefix), pool)
        return Family(where, params, self.table)

    def totals(self, length: int | None) -> LetterCounts:
        index = self.index
        if length is None:
            rows = index.rows("SELECT letter, SUM(occurrences), SUM(words) FROM letter_totals GROUP BY letter")
            total = index.scalar("SELECT COUNT(*) FROM words")
        else:
            rows = index.rows("SELECT letter, occurrences, words FROM letter_totals WHERE length = :n", {"n": length})
            total = index.scalar("SELECT COUNT(*) FROM words WHERE length = :n", {"n": length}) if rows else 0
        by_letter = {letter: (occ, cont) for letter, occ, cont in rows}
        letters = index.alphabet.letters
        return as_counts(
            index.alphabet,
            total,
            [by_letter.get(x, (0, 0))[0] for x in letters],
            [by_letter.get(x, (0, 0))[1] for x in letters],
        )

    def letter_counts(
        self, pattern: Pattern, guessed: frozenset[str], *, exclusive: bool, containing: bool
    ) -> LetterCounts:
        if reads_totals(pattern, guessed, exclusive):  # the letter_totals table has both sums
            return self.totals(pattern.length)
        alphabet = self.index.alphabet
        candidates = self.family(pattern, guessed, exclusive=exclusive, pool=None)
        occurrences, holding = _sums(alphabet)
        columns = f"COUNT(*), {occurrences}" + (f", {holding}" if containing else "")
        row = self.index.rows(candidates.select(columns), candidates.params)[0]
        size = alphabet.size
        return as_counts(alphabet, row[0], row[1 : 1 + size], row[1 + size : 1 + 2 * size] if containing else None)

    def letter_counts_many(self, positions: Sequence[tuple[Pattern, frozenset[str]]]) -> list[LetterCounts]:
        if not positions:
            return []
        parts: list[str] = []
        params: dict[str, int] = {}
        alphabet = self.index.alphabet
        occurrences, holding = _sums(alphabet)
        for i, (pattern, guessed) in enumerate(positions):
            candidates = self.family(pattern, guessed, prefix=f"p{i}_", pool=None)
            parts.append(candidates.select(f"{i} AS k, COUNT(*) AS n, {occurrences}, {holding}"))
            params.update(candidates.params)
        result: list[LetterCounts | None] = [None] * len(positions)
        size = alphabet.size
        for row in self._union_rows(parts, params):
            result[int(row[0])] = as_counts(alphabet, row[1], row[2 : 2 + size], row[2 + size : 2 + 2 * size])
        empty = as_counts(alphabet, 0, [0] * size, None)  # never needed: an aggregate always gives its row
        return [counts if counts is not None else empty for counts in result]

    def _union_rows(self, parts: list[str], params: dict[str, int]) -> list[tuple[Any, ...]]:
        rows: list[tuple[Any, ...]] = []
        for start in range(0, len(parts), UNION_CHUNK):
            rows.extend(self.index.rows(" UNION ALL ".join(parts[start : start + UNION_CHUNK]), params))
        return rows

    def _split_part(self, candidates: Family, key: str, letter: str) -> str:
        """One letter's family split: ``GROUP BY pos_x`` over the candidates (``key``: the selected tags)."""
        alphabet = self.index.alphabet
        column = alphabet.position_column(letter)
        slot = alphabet.slot[letter]
        return candidates.select(f"{key}{slot} AS k, {column} AS m, COUNT(*) AS n", f" GROUP BY {column}")

    def split_families(
        self, pattern: Pattern, guessed: frozenset[str], letters: Sequence[str], pool: Pool | None
    ) -> Splits:
        if not letters:
            return {}
        alphabet = self.index.alphabet
        candidates = self.family(pattern, guessed, pool=pool)
        parts = [self._split_part(candidates, "", x) for x in letters]
        result: Splits = {x: {} for x in letters}
        for k, mask, size in self.index.rows(" UNION ALL ".join(parts), candidates.params):
            result[alphabet.letters[int(k)]][int(mask)] = int(size)
        return result

    def split_families_many(self, requests: Sequence[tuple[Pattern, frozenset[str], Sequence[str]]]) -> list[Splits]:
        parts: list[str] = []
        params: dict[str, int] = {}
        results: list[Splits] = [{x: {} for x in letters} for _, _, letters in requests]
        alphabet = self.index.alphabet
        for i, (pattern, guessed, letters) in enumerate(requests):
            candidates = self.family(pattern, guessed, prefix=f"p{i}_", pool=None)
            params.update(candidates.params)
            parts.extend(self._split_part(candidates, f"{i} AS r, ", x) for x in letters)
        if parts:
            for r, k, mask, size in self._union_rows(parts, params):
                results[int(r)][alphabet.letters[int(k)]][int(mask)] = int(size)
        return results

    def length_size(self, length: int, pool: Pool | None) -> int:
        if length > MAX_WORD_LENGTH:
            return 0
        where, params = restrict("length = :n", {"n": length}, pool)
        return int(self.index.scalar(f"SELECT COUNT(*) FROM words WHERE {where}", params) or 0)

    def family_words(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> list[str]:
        """Sorted in Python, so every backend agrees."""
        alphabet = self.index.alphabet
        candidates = self.family(pattern, guessed, pool=pool)
        words = [str(row[0]) for row in self.index.rows(candidates.select("word"), candidates.params)]
        return sorted(words) if alphabet.code_point_order else sorted(words, key=alphabet.sort_key)

    def family_size(self, pattern: Pattern, guessed: frozenset[str], pool: Pool | None) -> int:
        candidates = self.family(pattern, guessed, pool=pool)
        return int(self.index.scalar(candidates.select("COUNT(*)"), candidates.params) or 0)

    def nth_word(self, pattern: Pattern, guessed: frozenset[str], offset: int, pool: Pool | None) -> str:
        candidates = self.family(pattern, guessed, pool=pool)
        params = {**candidates.params, "offset": offset}
        return str(self.index.scalar(candidates.select("word", " ORDER BY id LIMIT 1 OFFSET :offset"), params))

    def matching(
        self, pattern: Pattern, guessed: frozenset[str] | None, limit: int | None, pool: Pool | None
    ) -> tuple[int, list[str]]:
        index = self.index
        alphabet = index.alphabet
        where, params = restrict(*candidate_condition(pattern, guessed, exclusive=guessed is not None), pool)
        if not alphabet.code_point_order:
            # The database cannot sort in this alphabet's order (Spanish ñ after n): sort here.
            words = sorted(
                (row[0] for row in index.rows(f"SELECT word FROM words WHERE {where}", params)), key=alphabet.sort_key
            )
            return len(words), words if limit is None else words[:limit]
        sql = f"SELECT word, COUNT(*) OVER () FROM words WHERE {where} ORDER BY word {index.binary_collation}"
        if limit is not None:
            sql += " LIMIT :limit"
            params["limit"] = limit
            if limit == 0:
                count = index.scalar(f"SELECT COUNT(*) FROM words WHERE {where}", params)
                return count, []
        rows = index.rows(sql, params)
        return (rows[0][1] if rows else 0), [row[0] for row in rows]

    def facts(self, plays: Sequence[str]) -> dict[str, Facts]:
        found: dict[str, Facts] = {}
        for chunk in chunks(plays):  # one IN-list query per chunk: linear in the words
            placeholders, params = in_list("v", chunk)
            sql = f"SELECT word, level, vulgar, spelling FROM words WHERE word IN ({placeholders})"
            found.update(
                (word, (level, bool(vulgar), spelling))
                for word, level, vulgar, spelling in self.index.rows(sql, params)
            )
        return found

    def is_word(self, play: str) -> bool:
        return bool(self.index.rows("SELECT 1 FROM words WHERE word = :word", {"word": play}))

    def playable(self, hand: HandQuestion) -> list[tuple[str, str]]:
        signatures = hand.signatures()
        if signatures is not None:
            return self._playable_by_signature(hand, signatures)
        return self._playable_by_counts(hand)

    def _playable_by_signature(self, hand: HandQuestion, signatures: list[str]) -> list[tuple[str, str]]:
        """Words whose sorted letters are one of the hand's signatures: one IN-list query per chunk."""
        rows: list[tuple[str, str]] = []
        for chunk in chunks(signatures):
            placeholders, in_params = in_list("s", chunk)
            where, params = restrict(f"signature IN ({placeholders})", in_params, hand)
            rows.extend(
                (str(w), str(sig))
                for w, sig in self.index.rows(f"SELECT word, signature FROM words WHERE {where}", params)
            )
        return rows

    def _playable_by_counts(self, hand: HandQuestion) -> list[tuple[str, str]]:
        """One scan of the count columns: no more of a consonant than the hand has, and the vowels the
        hand lacks no more than its wildcards."""
        params: dict[str, Any] = {"n": hand.size, "wild": hand.wildcards}
        conditions = ["length <= :n"]
        alphabet = hand.alphabet
        vowels = set(hand.vowels)
        for slot in range(alphabet.size):  # parameters are named by slot: letters need not be ASCII
            if slot not in vowels:
                params[f"h_{slot}"] = hand.counts[slot]
                conditions.append(f"{alphabet.count_columns[slot]} <= :h_{slot}")
        extra = []
        for slot in hand.vowels:
            name = f"h_{slot}"
            params[name] = hand.counts[slot]
            column = alphabet.count_columns[slot]
            extra.append(f"CASE WHEN {column} > :{name} THEN {column} - :{name} ELSE 0 END")
        conditions.append(f"({' + '.join(extra)}) <= :wild")
        where, params = restrict(" AND ".join(conditions), params, hand)
        rows = self.index.rows(f"SELECT word, signature FROM words WHERE {where}", params)
        return [(str(word), str(signature)) for word, signature in rows]
