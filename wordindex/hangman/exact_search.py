"""The exact search against the optimal chooser: ``proves(S, k)``, the table, the moves.

A position is a set of candidate words of one length. A guess splits it into families by the positions
of the letter (the index's ``pos_x`` mask); the family without the letter is a miss. The **value** of a
position is the number of misses the guesser must make before one word remains (it then finishes
without missing), when the guesser plays best and the chooser plays ``greedy`` (the CS106L chooser:
the largest family, ``families.largest_family``) or ``optimal`` (any family; the chooser maximises the
misses: minimax). How a value is asked for, under limits, and how the greedy one is found by the
compiled sweep instead, is ``exact.py``.

``ValueSearch`` is an iterative-deepening proof search: ``proves(S, k)`` answers "can the guesser finish
``S`` with at most ``k`` misses?" by finding one letter all of whose families are proven with the misses
left, or by refuting every letter. Both answers are stored in a transposition table keyed on the
candidate set (a sorted tuple of word ids, or a bitset of them) as a lower bound (a refutation at ``k``
proves value > k) or an upper bound, so each deeper iteration reuses the last. Only letters that split
the position are tried (a letter in no candidate is a pure miss; a letter standing at the same places
in every candidate reveals nothing); letters that split it into the same families are tried once; with
no miss left only letters held by every candidate are tried. A position's first visit also stores its
group bound (``exact_bounds``), which refutes most hopeless moves without a search. Guesser moves are
ordered by their worst family (misses proven so far, then size); the chooser's refutation tries the miss
family first, then the families with the highest proven lower bound, then the largest.

``heuristic_bound`` plays a heuristic guesser (each move: the smallest worst family): its line (greedy)
or the worst case of its decision tree (optimal) is a proven upper bound. Limits (``deadline``,
``position_cap``) stop the search with ``SearchStopped``. Nothing here reads the index: callers pass
the words (one query, see ``queries.family_words``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wordindex.languages.alphabet import ENGLISH, Alphabet

from ..limits import Limits
from .exact_bounds import GroupBound, disjoint_value
from .families import pattern_rank
from .opponent import Opponent, check_opponent

#: Transposition-table entries kept before the table is cleared (bounds only make it faster).
TABLE_LIMIT = 2_000_000
#: Families of at least this many words keep their moves (splitting them is what costs) ...
CACHE_MOVES_FROM = 256
#: ... up to this many families.
CACHE_MOVES_LIMIT = 4096
#: Families of at least this many words are split as bitsets over the word ids (an int; a split is a
#: few ANDs with precomputed per-letter, per-mask bitsets); smaller ones as sorted tuples of ids. A
#: family split from a bitset stays a bitset (its table key) until it is itself split.
BITSET_FROM = 256
#: How often (positions) the cancel flag and the table's size are checked.
CHECK_EVERY = 512


class SearchStopped(Exception):
    """A limit was reached (or another worker finished the iteration)."""


@dataclass
class ValueResult:
    """What a search proved: the value's bounds, a letter achieving the upper bound, search figures."""

    chooser: Opponent
    words: int
    lower: int
    upper: int
    letter: str | None  # a first guess achieving ``upper`` (None: one word or none)
    positions: int = 0
    seconds: float = 0.0
    table: int = 0

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def misses(self) -> int | None:
        return self.upper if self.exact else None


Family = tuple[int, ...] | int  # sorted word ids, or (BITSET_FROM words or more) a bitset of them
Split = list[tuple[int, Family]]  # (positions mask, family) per family of a letter


@dataclass
class Move:
    """A guess at a position: the letter's slot and the families it leaves."""

    letter: int
    families: Split  # greedy: only the family the chooser keeps


def size(family: Family) -> int:
    """Words in a family (either representation)."""
    return family.bit_count() if isinstance(family, int) else len(family)


@dataclass
class ValueSearch:
    """The search over one list of words of one length (see the module docstring), whose letters are
    ``alphabet``'s: a move is a letter's slot, and moves are tried and ties broken in the alphabet's order."""

    words: Sequence[str]
    chooser: Opponent
    limits: Limits = field(default_factory=Limits)
    on_progress: Callable[[str], None] | None = None
    alphabet: Alphabet = ENGLISH

    def __post_init__(self) -> None:
        self.chooser = check_opponent(self.chooser)
        lengths = {len(w) for w in self.words}
        if len(lengths) > 1:
            from ..errors import UsageError

            raise UsageError(f"hangman values need words of one length, not {sorted(lengths)}")
        self.length = lengths.pop() if lengths else 0
        n = len(self.words)
        self.letters = self.alphabet.size
        self.masks = [[0] * n for _ in range(self.letters)]
        self.held = [0] * n  # bit j: the word holds letter j
        for i, word in enumerate(self.words):
            for p, ch in enumerate(word):
                j = self.slot(ch)
                self.masks[j][i] |= 1 << p
                self.held[i] |= 1 << j
        self._rank: dict[int, int] = {}
        self.groups = GroupBound(self.words)
        self._bitsets: list[list[tuple[int, int]] | None] = [None] * self.letters
        self._moves_cache: dict[tuple[Family, bool], list[Move]] = {}
        self.table: dict[Family, list[int]] = {}  # family -> [lower, upper]
        self.positions = 0
        self.started = time.monotonic()
        self.deadline = None if self.limits.seconds is None else self.started + self.limits.seconds
        self.position_cap = self.limits.positions
        self.cancel: Callable[[], bool] | None = None

    # ---- positions and moves -------------------------------------------------------------
    def letter(self, slot: int) -> str:
        """The letter of a slot (moves name their letter by slot)."""
        return self.alphabet.letters[slot]

    def slot(self, letter: str) -> int:
        """The slot of a letter."""
        return self.alphabet.slot[letter]

    def root(self) -> Family:
        n = len(self.words)
        return (1 << n) - 1 if n >= BITSET_FROM else tuple(range(n))

    def ids(self, family: Family) -> tuple[int, ...]:
        """The word ids of a family, ascending."""
        if isinstance(family, tuple):
            return family
        if family.bit_count() <= 64:
            found = []
            while family:
                low = family & -family
                found.append(low.bit_length() - 1)
                family ^= low
            return tuple(found)
        import numpy as np

        raw = np.frombuffer(family.to_bytes((len(self.words) + 7) // 8, "little"), dtype=np.uint8)
        return tuple(np.flatnonzero(np.unpackbits(raw, bitorder="little")).tolist())

    def _tie_rank(self, mask: int) -> int:
        """Greedy tie-break: the pattern that sorts first ('-' before letters) has the smaller rank."""
        rank = self._rank.get(mask)
        if rank is None:
            rank = self._rank[mask] = pattern_rank(mask, self.length)
        return rank

    def _by_mask(self, letter: int) -> list[tuple[int, int]]:
        """(mask, bitset of the words with ``letter`` at exactly those positions), largest first."""
        table = self._bitsets[letter]
        if table is None:
            groups: dict[int, list[int]] = {}
            for w, m in enumerate(self.masks[letter]):
                groups.setdefault(m, []).append(w)
            table = self._bitsets[letter] = sorted(
                ((m, self._bitset(ids)) for m, ids in groups.items()), key=lambda item: -item[1].bit_count()
            )
        return table

    def _bitset(self, ids: list[int]) -> int:
        """The bitset of word ids (built in a bytearray: OR-ing big ints one by one is quadratic)."""
        raw = bytearray((len(self.words) + 7) // 8)
        for w in ids:
            raw[w >> 3] |= 1 << (w & 7)
        return int.from_bytes(raw, "little")

    def _bit_split(self, family: int, letter: int) -> list[tuple[int, int, int]]:
        """(size, mask, bitset) of the non-empty families of a bitset family."""
        left = family.bit_count()
        parts = []
        for m, bits in self._by_mask(letter):
            part = family & bits
            if part:
                count = part.bit_count()
                parts.append((count, m, part))
                left -= count
                if not left:
                    break
        return parts

    def split(self, family: Family, letter: int) -> Split:
        """The families ``letter`` splits ``family`` into, as (mask, family)."""
        if isinstance(family, int):
            return [(m, part) for _, m, part in self._bit_split(family, letter)]
        column = self.masks[letter]
        groups: dict[int, list[int]] = {}
        for w in family:
            m = column[w]
            group = groups.get(m)
            if group is None:
                groups[m] = [w]
            else:
                group.append(w)
        return [(m, tuple(g)) for m, g in groups.items()]

    def greedy_split(self, family: Family, letter: int) -> tuple[int, Family] | None:
        """The family the greedy chooser keeps after ``letter`` (None: the letter does not split)."""
        if isinstance(family, int):
            parts = self._bit_split(family, letter)
            if len(parts) < 2:
                return None
            largest = max(count for count, _, _ in parts)
            m, part = min(
                ((m, part) for count, m, part in parts if count == largest), key=lambda mp: self._tie_rank(mp[0])
            )
            return m, part
        column = self.masks[letter]
        sizes: dict[int, int] = {}
        for w in family:
            m = column[w]
            sizes[m] = sizes.get(m, 0) + 1
        if len(sizes) < 2:
            return None
        mask = min(sizes, key=lambda m: (-sizes[m], self._tie_rank(m)))
        return mask, tuple(w for w in family if column[w] == mask)

    def greedy_family(self, split: Split) -> tuple[int, Family]:
        """The family the greedy chooser keeps: largest; tie → the pattern that sorts first."""
        return min(split, key=lambda item: (-size(item[1]), self._tie_rank(item[0])))

    def moves(self, family: Family, hits_only: bool = False) -> list[Move]:
        """Letters that split ``family`` (one per distinct split), each with its families.

        ``hits_only``: only letters every candidate holds (no miss family).
        """
        cached = self._moves_cache.get((family, hits_only)) if size(family) >= CACHE_MOVES_FROM else None
        if cached is not None:
            return cached
        if isinstance(family, int) and family.bit_count() < BITSET_FROM:
            family = self.ids(family)  # a small family found from a large one: split it word by word
        if isinstance(family, int):
            wanted = (1 << self.letters) - 1
        else:
            present, common = 0, -1
            for w in family:
                present |= self.held[w]
                common &= self.held[w]
            wanted = common if hits_only else present
        moves: list[Move] = []
        seen: set[frozenset[tuple[bool, Family]]] = set()
        greedy = self.chooser is Opponent.GREEDY
        for j in range(self.letters):
            if not wanted >> j & 1:
                continue
            if greedy:
                kept = self.greedy_split(family, j)
                if kept is None:
                    continue
                families = [kept]
            else:
                families = self.split(family, j)
                if len(families) < 2:
                    continue
            signature = frozenset((m == 0, f) for m, f in families)
            if signature in seen:
                continue
            seen.add(signature)
            moves.append(Move(j, families))
        if size(family) >= CACHE_MOVES_FROM:
            if len(self._moves_cache) >= CACHE_MOVES_LIMIT:
                self._moves_cache.clear()
            self._moves_cache[(family, hits_only)] = moves
        return moves

    def disjoint_value(self, family: Family) -> int | None:
        """``exact_bounds.disjoint_value`` of a family of ids (a bitset family is never small enough)."""
        return None if isinstance(family, int) else disjoint_value(self.held, family, self.letters)

    # ---- bounds ----------------------------------------------------------------------------
    def lower(self, family: Family) -> int:
        """The lower bound proven so far; on a first visit the group bound (optimal; greedy: 0), stored."""
        if size(family) <= 1:
            return 0
        entry = self.table.get(family)
        if entry is not None:
            return entry[0]
        bound = self.group_bound(family) if self.chooser is Opponent.OPTIMAL else 0  # greedy: the sweep's
        self.store(family, lower=bound)
        return bound

    def group_bound(self, family: Family) -> int:
        """The group bound of ``family`` (``exact_bounds.GroupBound``): valid against the optimal chooser only."""
        return self.groups.bound(self.ids(family))

    def worst(self, move: Move) -> tuple[int, int]:
        """A move's worst family: most misses proven so far, then the largest (misses weigh first)."""
        return max(((m == 0) + self.lower(f), size(f)) for m, f in move.families)

    def tick(self) -> None:
        self.positions += 1
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchStopped("time limit")
        if self.position_cap is not None and self.positions > self.position_cap:
            raise SearchStopped("position limit")
        if self.positions % CHECK_EVERY == 0:
            if self.cancel is not None and self.cancel():
                raise SearchStopped("cancelled")
            if len(self.table) > TABLE_LIMIT:
                self.table.clear()

    # ---- the proof search ------------------------------------------------------------------
    def proves(self, family: Family, k: int) -> bool:
        """True when the guesser can finish ``family`` with at most ``k`` misses."""
        if k < 0:
            return False
        if size(family) <= 1:
            return True
        if self.lower(family) > k:
            return False
        entry = self.table.get(family)
        if entry is not None and entry[1] <= k:
            return True
        disjoint = self.disjoint_value(family)
        if disjoint is not None:
            return disjoint <= k
        self.tick()
        hits_only = k == 0 and self.chooser is Opponent.OPTIMAL
        moves = self.moves(family, hits_only)
        moves.sort(key=self.worst)
        for move in moves:
            if self.move_proves(move, k):
                self.store(family, upper=k)
                return True
        self.store(family, lower=k + 1)
        return False

    def move_proves(self, move: Move, k: int) -> bool:
        """Every family of ``move`` finishes within the misses left (refutations tried first)."""
        families = sorted(move.families, key=lambda mf: (-(mf[0] == 0) - self.lower(mf[1]), -size(mf[1])))
        return all(self.proves(f, k - (m == 0)) for m, f in families)

    def store(self, family: Family, lower: int | None = None, upper: int | None = None) -> None:
        entry = self.table.get(family)
        if entry is None:
            entry = self.table[family] = [0, 1 << 30]
        if lower is not None and lower > entry[0]:
            entry[0] = lower
        if upper is not None and upper < entry[1]:
            entry[1] = upper

    # ---- heuristic upper bounds ------------------------------------------------------------
    def heuristic_bound(self, family: Family) -> tuple[int, str | None]:
        """Misses of a heuristic guesser (each move: the smallest worst family), and its first letter.

        Greedy: the one line it plays; optimal: the most misses over its whole decision tree. A
        proven upper bound (stored in the table for every position on the way), cheap: one letter
        per position.
        """
        if size(family) <= 1:
            return 0, None
        self.tick()
        best = min(self.moves(family), key=self._heuristic_key)
        bound = max((m == 0) + self.heuristic_bound(f)[0] for m, f in best.families)
        self.store(family, upper=bound)
        return bound, self.letter(best.letter)

    def _heuristic_key(self, move: Move) -> tuple[int, int, int]:
        """The smallest worst family; against the optimal chooser first the fewest misses its families
        are proven to need (the group bounds: a move into a large one-letter group costs its misses)."""
        miss = max(size(f) for m, f in move.families if m == 0) if any(m == 0 for m, _ in move.families) else 0
        proven = max((m == 0) + self.lower(f) for m, f in move.families) if self.chooser is Opponent.OPTIMAL else 0
        return (proven, max(size(f) for _, f in move.families), miss)

    # ---- the proof search's answers ------------------------------------------------------------
    def best_moves(self, family: Family, k: int) -> str | None:
        """A letter proving ``family`` within ``k`` misses, or None (value > k)."""
        for move in sorted(self.moves(family), key=self.worst):
            if self.move_proves(move, k):
                self.store(family, upper=k)
                return self.letter(move.letter)
        self.store(family, lower=k + 1)
        return None

    def exact_value(self, family: Family) -> int:
        """The value of ``family`` by iterative deepening (limits apply: SearchStopped)."""
        k = self.lower(family)
        while not self.proves(family, k):
            k += 1
        return k

    def say(self, text: str) -> None:
        """Report progress to the caller (``on_progress``), if it listens."""
        if self.on_progress is not None:
            self.on_progress(text)

    def result(self, family: Family, lower: int, upper: int, letter: str | None) -> ValueResult:
        """What the search proved of ``family``, with its figures so far."""
        return ValueResult(
            chooser=self.chooser,
            words=size(family),
            lower=lower,
            upper=upper,
            letter=letter,
            positions=self.positions,
            seconds=time.monotonic() - self.started,
            table=len(self.table),
        )
