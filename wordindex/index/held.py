"""The words table held in memory, one length at a time: a server worker's columnar copy.

Why: a hangman question is an aggregate over one length's candidate words (``SUM(cnt_x)`` for
every letter, ``GROUP BY pos_x``). SQL runs it row by row, 26 to 52 aggregate steps a row: 0.3 to
1.2 ms for the 3,049 four-letter words of the bundled dictionary, and ``solve`` asks it once per
guess. Held as arrays, the same question is a comparison of one column per concerned letter and
a matrix-vector product: about 10 µs. A worker that answers many players pays the copy once.

The copy is exactly the table's: the same rows, the same ``pos_x``/``cnt_x`` columns, ``level``
and ``vulgar``; every question answered from it gives the answer its SQL gives (tests compare the
two on random positions, ``tests/hangman/test_held.py``). The command line does not use it: a
one-shot command asks a question or two, fewer than loading a length costs.

Bounded: a worker holds at most its ``HeldBudget`` of words, across every index it serves (a
length whose words do not fit is answered by SQL as before), and ``MAX_HELD_LENGTH_LETTERS`` per
length, under which the float32 sums are exact (every partial sum is an integer below 2**24). A
copy belongs to one generation of the index: after a rebuild the next question loads the new rows.
"""

from __future__ import annotations

import bisect
import functools
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from wordindex.languages.alphabet import MAX_WORD_LENGTH

if TYPE_CHECKING:
    from wordindex.languages.alphabet import Alphabet


class Index(Protocol):
    """What holding reads of an index (``wordindex.index.core.Index``; not imported: it holds a ``HeldWords``)."""

    @property
    def alphabet(self) -> Alphabet: ...

    def rows(self, sql: str, params: Mapping[str, object] | None = None) -> list[tuple[Any, ...]]: ...

    def scalar(self, sql: str, params: Mapping[str, object] | None = None) -> Any: ...

    def generation(self) -> Hashable: ...


class Pattern(Protocol):
    """What a family's mask reads of a pattern (``wordindex.words.pattern.Pattern``: a floor above)."""

    @property
    def alphabet(self) -> Alphabet: ...

    @property
    def revealed(self) -> Mapping[str, int]: ...


class Levels(Protocol):
    @property
    def low(self) -> int | None: ...

    @property
    def high(self) -> int: ...


class WordPool(Protocol):
    """The words a game may pick (``wordindex.words.levels.WordPool``)."""

    @property
    def levels(self) -> Levels | None: ...

    @property
    def allow_vulgar(self) -> bool: ...


#: A length whose letters number more than this in all is never held: every float32 sum of its
#: counts (a letter's occurrences in some of its words) is then an integer below 2**24, exact.
#: 500,000 words of 32 letters fit, or 266,000 of 63.
MAX_HELD_LENGTH_LETTERS = 2**24
#: ``level`` NULL in the table: no level range holds it (SQL's ``level >= :low`` is not true).
NO_LEVEL = -1
#: Words up to this long keep their letters' positions in 32 bits (``pos_x`` is a BigInteger: up to 63).
POSITIONS_IN_32_BITS = 32

Mask = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class HeldLength:
    """The words of one length, sorted by code point (SQL's ``ORDER BY word`` on every backend),
    with their columns as arrays: ``positions[slot]`` is ``pos_<slot>`` of every word, ``sums`` the
    ``cnt_<slot>`` rows then a 1/0 row per slot (the word holds the letter), as float32 for BLAS."""

    words: npt.NDArray[np.object_]  # str
    ids: npt.NDArray[np.int64]
    positions: npt.NDArray[np.unsignedinteger[Any]]  # (letters, words): uint32, uint64 past 32 letters
    sums: npt.NDArray[np.float32]  # (2 × letters, words)
    vulgar: Mask
    level: npt.NDArray[np.int32]
    spellings: npt.NDArray[np.object_]  # str, or None where the list spells the word as it plays
    letters: int
    #: The set of letters each word holds: bit ``slot`` (what a hand's letters are screened by).
    present: npt.NDArray[np.uint32]

    def __len__(self) -> int:
        return int(self.words.shape[0])

    def candidates(
        self, pattern: Pattern, guessed: frozenset[str] | None, *, exclusive: bool, pool: WordPool | None
    ) -> Mask:
        """The rows ``pattern.candidate_condition`` (and ``pool``'s condition) keep, as a mask."""
        slots = pattern.alphabet.slot
        revealed = pattern.revealed
        keep = self.in_pool(pool) if pool is not None else None
        for letter in ((guessed or frozenset()) | revealed.keys()) if exclusive else revealed:
            slot = slots.get(letter)
            if slot is None:
                continue
            mask = self.positions.dtype.type(revealed.get(letter, 0))
            column = self.positions[slot]
            kept = (column == mask) if exclusive else ((column & mask) == mask)
            if keep is None:
                keep = kept
            else:
                keep &= kept
        return keep if keep is not None else self.in_pool(None)

    def in_pool(self, pool: WordPool | None) -> Mask:
        """The rows ``pool``'s condition keeps (``levels.WordPool.condition``; None: every row), a new mask."""
        keep: Mask = np.ones(len(self), dtype=np.bool_) if pool is None or pool.allow_vulgar else ~self.vulgar
        if pool is not None and pool.levels is not None:
            if pool.levels.low is not None:
                keep &= self.level >= pool.levels.low
            keep &= (self.level <= pool.levels.high) & (self.level != NO_LEVEL)
        return keep

    @staticmethod
    def size(keep: Mask) -> int:
        return int(np.count_nonzero(keep))

    @functools.cached_property
    def every_sum(self) -> tuple[int, list[int], list[int]]:
        """``letter_sums`` of every word of the length (the ``letter_totals`` row), worked out once:
        the first question of every game asks it."""
        return self.letter_sums(self.in_pool(None))

    def letter_sums(self, keep: Mask) -> tuple[int, list[int], list[int]]:
        """Candidates, and per slot the occurrences and the words holding it: one matrix product."""
        sums = (self.sums @ keep.astype(np.float32)).astype(np.int64).tolist()
        return self.size(keep), sums[: self.letters], sums[self.letters :]

    def playable(self, hand: HandScreen, pool: WordPool | None) -> list[str]:
        """The words (in ``pool``) a word-game hand can play (``HandScreen``).

        As ``SqlWords._playable_by_counts`` asks SQL (``wordindex.words.source``): no more of a consonant than the
        hand has, and the vowels the hand lacks no more than its wildcards. The words whose letters
        the hand (with its wildcards) does not all have are screened out first, by their letter sets.
        """
        rows = np.flatnonzero(((self.present & hand.refused) == 0) & self.in_pool(pool))
        short = np.maximum(self.sums[: self.letters, rows] - hand.counts, 0)
        fits = ~short[hand.consonants].any(axis=0) & (short[hand.vowels].sum(axis=0) <= hand.wildcards)
        found: list[str] = self.words[rows[fits]].tolist()
        return found

    def split(self, keep: Mask, slot: int) -> dict[int, int]:
        """``{pos_<slot>: words}`` over the candidates (``GROUP BY pos_x``), in ascending mask order."""
        masks, sizes = np.unique(self.positions[slot][keep], return_counts=True)
        return dict(zip(masks.tolist(), sizes.tolist(), strict=True))

    def row_of(self, word: str) -> int | None:
        """The row of ``word`` (``WHERE word = :word``), None when it is not a word: a binary search
        of the sorted words."""
        row = bisect.bisect_left(self.words, word)
        return row if row < len(self) and self.words[row] == word else None

    def facts(self, word: str) -> tuple[int | None, bool, str | None] | None:
        """``word``'s level, vulgar flag and ``spelling`` column (``SELECT level, vulgar, spelling``),
        None when it is not a word."""
        row = self.row_of(word)
        if row is None:
            return None
        level = int(self.level[row])
        return (None if level == NO_LEVEL else level), bool(self.vulgar[row]), self.spellings[row]

    def words_of(self, keep: Mask, limit: int | None = None) -> list[str]:
        """The candidates' words in code-point order (the first ``limit``)."""
        rows = np.flatnonzero(keep)
        found: list[str] = self.words[rows if limit is None else rows[:limit]].tolist()
        return found

    def nth_by_id(self, keep: Mask, offset: int) -> str | None:
        """The candidate at ``offset`` in table order (``ORDER BY id LIMIT 1 OFFSET``), None past the end."""
        rows = np.flatnonzero(keep)
        if not 0 <= offset < len(rows):
            return None
        nth = int(np.argpartition(self.ids[rows], offset)[offset])
        return str(self.words[int(rows[nth])])


@dataclass(frozen=True)
class HandScreen:
    """A word-game hand as ``HeldLength.playable`` screens words with it, worked out once per hand."""

    counts: npt.NDArray[np.float32]  # (letters, 1): the hand's copies of each letter
    refused: np.uint32  # the letters the hand cannot play (no copy, and no wildcard for a vowel)
    vowels: Mask
    consonants: Mask
    wildcards: int

    @classmethod
    def of(cls, counts: list[int], vowels: list[int], wildcards: int) -> HandScreen:
        """``counts[slot]`` copies of each letter, ``wildcards`` tiles for any vowel (``vowels``: slots)."""
        playable = sum(1 << slot for slot, count in enumerate(counts) if count > 0)
        if wildcards > 0:
            playable |= sum(1 << slot for slot in vowels)
        is_vowel = np.zeros(len(counts), dtype=np.bool_)
        is_vowel[vowels] = True
        return cls(
            counts=np.array(counts, dtype=np.float32)[:, None],
            refused=np.uint32(~playable & 0xFFFFFFFF),
            vowels=is_vowel,
            consonants=~is_vowel,
            wildcards=wildcards,
        )


class Holds(Protocol):
    """What a held words source asks for a length's held words (``wordindex.words.held_source.HeldSource``)."""

    def length(self, index: Index, length: int, generation: Hashable = None) -> HeldLength | None: ...

    def step(self, words: int = 0) -> None:
        """Before each step of a question that may take a while: one letter's split, one length of a
        hand's screen, or listing ``words`` words as Python strings. ``NotHeldNow`` when the answer
        may not take it here (``HeldOnly``: out of time, or more words than it may list)."""


class NotHeldNow(Exception):
    """An answer tried from the held words alone needs more than they give now: a length not
    loaded or not held (SQL would answer it), or more time than the answer was given."""


#: The most words one step of an answer tried on the event loop may list (``HeldOnly.step``): listing
#: makes a Python string per word and the answer's JSON holds them all (16,711 words, ``words
#: --pattern --------`` on the bundled dictionary, held the loop 5 ms in a server), and an index may
#: hold more of one length than that. More are listed in a request thread.
MOST_LISTED_ON_THE_LOOP = 2000


class HeldOnly:
    """The held words as an answer tried on a server's event loop sees them: only lengths already
    loaded, and only until ``seconds`` have passed (checked at every question and at every step of
    one: ``step``), listing at most ``most_listed`` words at a time, else ``NotHeldNow``.

    Why: held, a hangman answer takes tens of microseconds, less than the hop to a request thread
    and back; but the loop must never wait for a scan or a load, and never run long. Every question
    of an answer asks its length here, so one that needs a scan or runs late stops at its next
    question, for the caller to answer again in a thread with the plain ``HeldWords``.
    """

    def __init__(
        self,
        held: HeldWords,
        seconds: float,
        clock: Callable[[], float] = time.monotonic,
        most_listed: int | None = None,
    ):
        self.held = held
        self.clock = clock
        self.deadline = clock() + seconds
        self.most_listed = MOST_LISTED_ON_THE_LOOP if most_listed is None else most_listed

    def step(self, words: int = 0) -> None:
        if self.clock() > self.deadline:
            raise NotHeldNow("out of time")
        if words > self.most_listed:
            raise NotHeldNow(f"{words} words to list, more than {self.most_listed} on the loop")

    def length(self, index: Index, length: int, generation: Hashable = None) -> HeldLength:
        self.step()
        found = self.held.loaded(index, length, generation)
        if found is None:
            raise NotHeldNow(f"length {length} is not held now")
        return found


class HeldBudget:
    """The words one worker may hold in all, shared by the ``HeldWords`` of every index it serves,
    so the memory they take is bounded however many languages a server answers in."""

    def __init__(self, words: int):
        self.words = words
        self.used = 0
        self._lock = threading.Lock()

    def take(self, words: int) -> bool:
        """Count ``words`` more as held, if they fit."""
        with self._lock:
            if self.used + words > self.words:
                return False
            self.used += words
            return True

    def give_back(self, words: int) -> None:
        with self._lock:
            self.used -= words


class HeldWords:
    """The held lengths of one index for one worker, loaded on first use, reloaded after a rebuild.

    Shared by the worker's threads: the arrays are never written after loading, and loading is
    under a lock. ``budget`` bounds the words held (a number: a budget of this index's own; 0: none).
    """

    def __init__(self, budget: HeldBudget | int):
        self.budget = budget if isinstance(budget, HeldBudget) else HeldBudget(budget)
        self._lock = threading.Lock()
        #: The generation held and its lengths, replaced together (read without the lock).
        self._state: tuple[Hashable, dict[int, HeldLength | None]] = (None, {})
        self._held = 0

    def length(self, index: Index, length: int, generation: Hashable = None) -> HeldLength | None:
        """The held words of ``length`` (loaded now if need be), None when they are not held."""
        if self.budget.words <= 0 or not 0 < length <= MAX_WORD_LENGTH:
            return None
        generation = index.generation() if generation is None else generation
        held_generation, lengths = self._state
        if generation == held_generation and length in lengths:
            return lengths[length]
        with self._lock:
            if generation != self._state[0]:  # a rebuild: what was held goes, and its share of the budget
                self.budget.give_back(self._held)
                self._state, self._held = (generation, {}), 0
            lengths = self._state[1]
            if length not in lengths:
                lengths[length] = self._load(index, length)
            return lengths[length]

    def step(self, words: int = 0) -> None:
        """A request thread's answer takes every step (its time is bounded by the request's sizes)."""

    def loaded(self, index: Index, length: int, generation: Hashable = None) -> HeldLength | None:
        """The held words of ``length`` if they are loaded for the index as it is now, else None
        (without loading them, and without telling a length SQL answers from one not yet loaded)."""
        generation = index.generation() if generation is None else generation
        held_generation, lengths = self._state
        return lengths.get(length) if generation == held_generation else None

    def warm(self, index: Index) -> int:
        """Load every length that fits, most words first, then the lengths no word has (held empty,
        so a question about one needs no SQL either); the words held."""
        counts = index.rows("SELECT length, COUNT(*) FROM words GROUP BY length ORDER BY COUNT(*) DESC, length")
        generation = index.generation()
        lengths = [int(length) for length, _ in counts]
        for length in [*lengths, *(n for n in range(1, MAX_WORD_LENGTH + 1) if n not in lengths)]:
            self.length(index, length, generation)
        return self._held

    def _load(self, index: Index, length: int) -> HeldLength | None:
        size = int(index.scalar("SELECT COUNT(*) FROM words WHERE length = :n", {"n": length}) or 0)
        if size * length > MAX_HELD_LENGTH_LETTERS or not self.budget.take(size):
            return None  # held nowhere: SQL answers (a length with no word is held, empty)
        try:
            held = self._read(index, length, size)
        except BaseException:
            self.budget.give_back(size)
            raise
        self._held += size
        return held

    def _read(self, index: Index, length: int, size: int) -> HeldLength:
        alphabet = index.alphabet
        letters = alphabet.size
        columns = ", ".join([*(f"pos_{slot}" for slot in range(letters)), *alphabet.count_columns])
        rows = (
            index.rows(
                f"SELECT word, id, vulgar, level, {columns}, spelling FROM words WHERE length = :n", {"n": length}
            )
            if size
            else []
        )
        rows.sort(key=lambda row: row[0])
        table = np.array(
            [(row[1], row[2], NO_LEVEL if row[3] is None else row[3], *row[4:-1]) for row in rows], dtype=np.int64
        ).reshape(len(rows), 3 + 2 * letters)
        counts = table[:, 3 + letters :].T
        bits = np.left_shift(np.uint32(1), np.arange(letters, dtype=np.uint32))
        return HeldLength(
            words=np.array([str(row[0]) for row in rows], dtype=object),
            ids=np.ascontiguousarray(table[:, 0]),
            positions=np.ascontiguousarray(
                table[:, 3 : 3 + letters].T, dtype=np.uint32 if length <= POSITIONS_IN_32_BITS else np.uint64
            ),
            sums=np.ascontiguousarray(np.concatenate([counts, counts > 0]), dtype=np.float32),
            vulgar=np.ascontiguousarray(table[:, 1] != 0),
            level=np.ascontiguousarray(table[:, 2], dtype=np.int32),
            spellings=np.array([row[-1] for row in rows], dtype=object),
            letters=letters,
            present=np.ascontiguousarray(
                np.bitwise_or.reduce(np.where(counts > 0, bits[:, None], 0), axis=0), dtype=np.uint32
            ),
        )
