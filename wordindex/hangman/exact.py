"""Exact evil-hangman values: the fewest misses a perfect guesser needs against a chooser.

A position is a set of candidate words of one length. A guess splits it into
families by the positions of the letter (the index's ``pos_x`` mask); the
family without the letter is a miss. The **value** of a position is the
number of misses the guesser must make before one word remains (it then
finishes without missing), when the guesser plays best and the chooser plays

* ``greedy``: the CS106L / CS61B evil chooser: the largest family, ties to the
  pattern that sorts first ('-' before letters, so the miss family wins its
  ties), or
* ``optimal``: any family; the chooser maximises the misses (minimax).

Against ``greedy`` every answer is fixed and the value is a shortest path: ``greedy_sweep`` finds it
exactly, compiled, by a breadth-first sweep over the sets of letters missed between two hits (the
position is a function of that set; see there). Against ``optimal`` the search (``ValueSearch``) is an
iterative-deepening proof search: ``proves(S, k)`` answers "can the guesser finish ``S`` with at most
``k`` misses?" by finding one letter all of whose families are proven with the misses left, or by
refuting every letter. Both answers are stored in a transposition table keyed on the candidate set (a
sorted tuple of word ids) as a lower bound (a refutation at ``k`` proves value > k) or an upper bound,
so each deeper iteration reuses the last. Only letters that split the position are tried (a letter in
no candidate is a pure miss; a letter standing at the same places in every candidate reveals
nothing); letters that split it into the same families are tried once; with no miss left only letters
held by every candidate are tried. A position's first visit also stores its group bound
(``group_bound``: the largest set of words equal but at one position, each with its own letter there,
forces one miss per word but one; the value is monotone in the candidate set, so the whole position
needs as many), which refutes most hopeless moves without a search. Guesser moves are ordered by their
worst family (misses proven so far, then size); the chooser's refutation tries the miss family first,
then the families with the highest proven lower bound, then the largest. The root's letters can be
spread over processes (``jobs``): each worker keeps its own table across iterations.

Limits (seconds, positions) stop the search with the bounds proven so far:
the lower bound from the last refutation, the upper bound from a heuristic
line (greedy) or decision tree (optimal) played to the end. Nothing here reads
the index: callers pass the words (one query, see ``queries.family_words``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from .opponent import Opponent, check_opponent

LETTERS = "abcdefghijklmnopqrstuvwxyz"

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
#: Families of at least this many words count their one-letter groups with numpy (``group_bound``).
GROUP_NUMPY_FROM = 2048
#: How often (positions) the cancel flag and the table's size are checked.
CHECK_EVERY = 512


@dataclass(frozen=True)
class Limits:
    """When a search stops with bounds instead of a value: wall-clock seconds, positions searched."""

    seconds: float | None = None
    positions: int | None = None


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
class _Move:
    letter: int
    families: Split  # greedy: only the family the chooser keeps


def size(family: Family) -> int:
    """Words in a family (either representation)."""
    return family.bit_count() if isinstance(family, int) else len(family)


def _fewest(counts: list[int], gap: int) -> int:
    """The fewest of ``counts`` (sorted, largest first) whose sum reaches ``gap``; 25 if they cannot."""
    total = 0
    for i, count in enumerate(counts):
        total += count
        if total >= gap:
            return i + 1
    return 0 if gap <= 0 else 25


def _reverse_bits(mask: int, length: int) -> int:
    return int(format(mask, f"0{length}b")[::-1], 2) if length else 0


@dataclass
class ValueSearch:
    """The search over one list of words of one length (see the module docstring)."""

    words: Sequence[str]
    chooser: Opponent
    limits: Limits = field(default_factory=Limits)
    on_progress: Callable[[str], None] | None = None

    def __post_init__(self) -> None:
        self.chooser = check_opponent(self.chooser)
        lengths = {len(w) for w in self.words}
        if len(lengths) > 1:
            from ..errors import UsageError

            raise UsageError(f"hangman values need words of one length, not {sorted(lengths)}")
        self.length = lengths.pop() if lengths else 0
        n = len(self.words)
        self.masks = [[0] * n for _ in LETTERS]
        self.held = [0] * n  # bit j: the word holds letter j
        for i, word in enumerate(self.words):
            for p, ch in enumerate(word):
                j = ord(ch) - 97
                self.masks[j][i] |= 1 << p
                self.held[i] |= 1 << j
        self._rank: dict[int, int] = {}
        self._word_groups: list[tuple[int, ...]] | None = None
        self._group_matrix: Any = None
        self._bitsets: list[list[tuple[int, int]] | None] = [None] * 26
        self._moves_cache: dict[tuple[Family, bool], list[_Move]] = {}
        self.table: dict[Family, list[int]] = {}  # family -> [lower, upper]
        self.positions = 0
        self.started = time.monotonic()
        self.deadline = None if self.limits.seconds is None else self.started + self.limits.seconds
        self.position_cap = self.limits.positions
        self.cancel: Callable[[], bool] | None = None

    # ---- positions and moves -------------------------------------------------------------
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
            rank = self._rank[mask] = _reverse_bits(mask, self.length)
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

    def moves(self, family: Family, hits_only: bool = False) -> list[_Move]:
        """Letters that split ``family`` (one per distinct split), each with its families.

        ``hits_only``: only letters every candidate holds (no miss family).
        """
        cached = self._moves_cache.get((family, hits_only)) if size(family) >= CACHE_MOVES_FROM else None
        if cached is not None:
            return cached
        if isinstance(family, int) and family.bit_count() < BITSET_FROM:
            family = self.ids(family)  # a small family found from a large one: split it word by word
        if isinstance(family, int):
            wanted = (1 << 26) - 1
        else:
            present, common = 0, -1
            for w in family:
                present |= self.held[w]
                common &= self.held[w]
            wanted = common if hits_only else present
        moves: list[_Move] = []
        seen: set[frozenset[tuple[bool, Family]]] = set()
        greedy = self.chooser is Opponent.GREEDY
        for j in range(26):
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
            moves.append(_Move(j, families))
        if size(family) >= CACHE_MOVES_FROM:
            if len(self._moves_cache) >= CACHE_MOVES_LIMIT:
                self._moves_cache.clear()
            self._moves_cache[(family, hits_only)] = moves
        return moves

    def disjoint_value(self, family: Family) -> int | None:
        """``len - 1`` when no letter is held by two words of the family (each guess then isolates at
        most one word and the chooser, greedy or not, answers with the miss: the one-letter words), else
        None. Only small families can be so (a word holds a letter; there are 26)."""
        if isinstance(family, int) or len(family) > 26:
            return None
        seen = 0
        for w in family:
            if seen & self.held[w]:
                return None
            seen |= self.held[w]
        return len(family) - 1

    # ---- bounds ----------------------------------------------------------------------------
    def lower(self, family: Family) -> int:
        """The lower bound proven so far; on a first visit the group bound (optimal; greedy: 0), stored."""
        if size(family) <= 1:
            return 0
        entry = self.table.get(family)
        if entry is not None:
            return entry[0]
        bound = self.group_bound(family) if self.chooser is Opponent.OPTIMAL else 0  # greedy: the sweep's
        self._store(family, lower=bound)
        return bound

    def _groups(self) -> list[tuple[int, ...]]:
        """Per word, the ids of its one-letter groups of two words or more (see ``group_bound``).

        A group is the words equal to one another but at one position ``p`` whose letter at ``p``
        appears nowhere else in the word (``bills fills gills hills``: ``-ills`` at position 0)."""
        if self._word_groups is None:
            keys: dict[tuple[int, str], list[int]] = {}
            for i, word in enumerate(self.words):
                for p, ch in enumerate(word):
                    rest = word[:p] + word[p + 1 :]
                    if ch not in rest:
                        keys.setdefault((p, rest), []).append(i)
            per_word: list[list[int]] = [[] for _ in self.words]
            for g, members in enumerate(m for m in keys.values() if len(m) > 1):
                for i in members:
                    per_word[i].append(g)
            self._word_groups = [tuple(groups) for groups in per_word]
        return self._word_groups

    def group_bound(self, family: Family) -> int:
        """A proven lower bound of the optimal-chooser value: the largest one-letter group in the family,
        less one (0 when none).

        In a group of m words (equal but at one position p, each letter at p in no other place of its
        word) every letter but those at p stands at the same places in every word (it reveals nothing)
        and each letter at p is held by one word: a guess isolates at most one word, and the chooser
        answers with the miss until one word is left: the group's value is m - 1 (``disjoint_value``'s
        argument). The optimal-chooser value is monotone (a guesser's strategy for a set plays as well
        on any subset: each family of the subset lies in the family of the set with the same mask), so
        the family's value is at least the group's. Not valid against the greedy chooser (its value is
        not monotone)."""
        groups = self._groups()
        ids = self.ids(family)
        if len(ids) >= GROUP_NUMPY_FROM:
            import numpy as np

            if self._group_matrix is None:
                flat = [(i, g) for i, gs in enumerate(groups) for g in gs]
                self._group_matrix = (
                    np.array([i for i, _ in flat], dtype=np.int64),
                    np.array([g for _, g in flat], dtype=np.int64),
                )
            owners, group_ids = self._group_matrix
            member = np.zeros(len(self.words), dtype=bool)
            member[np.array(ids, dtype=np.int64)] = True
            chosen = group_ids[member[owners]]
            return max(0, int(np.bincount(chosen).max()) - 1) if len(chosen) else 0
        counts: dict[int, int] = {}
        top = 1
        for w in ids:
            for g in groups[w]:
                c = counts[g] = counts.get(g, 0) + 1
                if c > top:
                    top = c
        return top - 1

    def _worst(self, move: _Move) -> tuple[int, int]:
        """A move's worst family: most misses proven so far, then the largest (misses weigh first)."""
        return max(((m == 0) + self.lower(f), size(f)) for m, f in move.families)

    def _tick(self) -> None:
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
        self._tick()
        hits_only = k == 0 and self.chooser is Opponent.OPTIMAL
        moves = self.moves(family, hits_only)
        moves.sort(key=self._worst)
        for move in moves:
            if self.move_proves(move, k):
                self._store(family, upper=k)
                return True
        self._store(family, lower=k + 1)
        return False

    def move_proves(self, move: _Move, k: int) -> bool:
        """Every family of ``move`` finishes within the misses left (refutations tried first)."""
        families = sorted(move.families, key=lambda mf: (-(mf[0] == 0) - self.lower(mf[1]), -size(mf[1])))
        return all(self.proves(f, k - (m == 0)) for m, f in families)

    def _store(self, family: Family, lower: int | None = None, upper: int | None = None) -> None:
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
        self._tick()
        best = min(self.moves(family), key=self._heuristic_key)
        bound = max((m == 0) + self.heuristic_bound(f)[0] for m, f in best.families)
        self._store(family, upper=bound)
        return bound, LETTERS[best.letter]

    def _heuristic_key(self, move: _Move) -> tuple[int, int, int]:
        """The smallest worst family; against the optimal chooser first the fewest misses its families
        are proven to need (the group bounds: a move into a large one-letter group costs its misses)."""
        miss = max(size(f) for m, f in move.families if m == 0) if any(m == 0 for m, _ in move.families) else 0
        proven = max((m == 0) + self.lower(f) for m, f in move.families) if self.chooser is Opponent.OPTIMAL else 0
        return (proven, max(size(f) for _, f in move.families), miss)

    # ---- the value ---------------------------------------------------------------------------
    def best_moves(self, family: Family, k: int) -> str | None:
        """A letter proving ``family`` within ``k`` misses, or None (value > k)."""
        for move in sorted(self.moves(family), key=self._worst):
            if self.move_proves(move, k):
                self._store(family, upper=k)
                return LETTERS[move.letter]
        self._store(family, lower=k + 1)
        return None

    def value(self, family: Family | None = None, jobs: int = 1, heuristic: bool = True) -> ValueResult:
        """The value of ``family`` (the whole list by default), or bounds when a limit stops it.

        The upper bound starts as the heuristic guesser's (``heuristic``; else the trivial one: a miss
        per word but one, and at most 25, every letter but one of the word missed). With no limit the
        lower bound rises with each refutation from 0 until a proof meets it. With limits, half of what
        is left after the heuristic goes to that; the other half proves from the upper bound down
        (a proof at ``upper - 1`` lowers the upper bound, a refutation there makes it exact).
        """
        family = self.root() if family is None else family
        if size(family) <= 1:
            return self._result(family, 0, 0, None)
        lower, upper, letter = self.lower(family), min(size(family) - 1, 25), None
        disjoint = self.disjoint_value(family)
        if disjoint is not None:
            held = self.held[self.ids(family)[0]]  # a letter of one word: it isolates that word, a miss
            return self._result(family, disjoint, disjoint, LETTERS[(held & -held).bit_length() - 1])
        pool = None
        full = (self.deadline, self.position_cap)
        try:
            if heuristic:
                upper, letter = self.heuristic_bound(family)
                self._say(f"{size(family):,} words: a heuristic guesser needs {upper} misses")
            limited = full != (None, None)
            if self.chooser is Opponent.GREEDY:
                return self._greedy_value(family, lower, upper, letter if heuristic else None, jobs)
            parallel = jobs > 1
            pool = _RootPool(self, family, jobs) if parallel else None
            if limited:
                self._limit_share(0.5)
            try:
                while lower < upper:
                    self._say(f"can the guesser finish with {lower} misses? ({self.positions:,} positions so far)")
                    found = pool.best_letter(lower) if pool else self.best_moves(family, lower)
                    if found is None:
                        lower += 1
                    else:
                        upper, letter = lower, found
            except SearchStopped:
                if not limited:
                    raise
                self.deadline, self.position_cap = full
                self._say(f"{lower} to {upper} misses; now proving from the upper bound down")
            self.deadline, self.position_cap = full
            while lower < upper:
                k = upper - 1
                self._say(f"can the guesser finish with {k} misses? ({self.positions:,} positions so far)")
                found = pool.best_letter(k) if pool else self.best_moves(family, k)
                if found is None:
                    lower = upper
                else:
                    upper, letter = k, found
            if letter is None:  # the trivial upper bound was reached: a letter achieving it
                letter = self.best_moves(family, upper)
        except SearchStopped as stop:
            self._say(f"stopped ({stop}): {lower} to {upper} misses")
        finally:
            self.deadline, self.position_cap = full
            if pool:
                self.positions += pool.close()
        return self._result(family, lower, upper, letter)

    def _greedy_value(self, family: Family, lower: int, upper: int, letter: str | None, jobs: int) -> ValueResult:
        """Against greedy: the compiled sweep over the sets of missed letters (``greedy_sweep``; ``jobs``
        threads), given a line of ``upper`` misses starting with ``letter`` (None: no line known,
        ``upper`` is trivial)."""
        from .greedy_sweep import GreedySweep, warm_up

        compiling = warm_up()  # the first search of a process loads (or, once, compiles) the kernel
        if self.deadline is not None:
            self.deadline += compiling  # the time limit is the search's, not the compiler's
        sweep = GreedySweep([self.words[i] for i in self.ids(family)], jobs=jobs)
        steps = None if self.position_cap is None else max(0, self.position_cap - self.positions)
        found = sweep.value(
            upper, line_known=letter is not None, deadline=self.deadline, steps=steps, cancel=self.cancel,
            on_progress=self._say,
        )  # fmt: skip
        self.positions += found.steps
        if found.first is not None:
            letter = found.first
        if not found.exact:
            self._say(f"stopped: {max(lower, found.lower)} to {found.upper} misses")
        return self._result(family, max(lower, found.lower), found.upper, letter)

    def _limit_share(self, share: float) -> None:
        """Limit the search to ``share`` of the time and positions left."""
        if self.deadline is not None:
            now = time.monotonic()
            self.deadline = now + share * max(0.0, self.deadline - now)
        if self.position_cap is not None:
            self.position_cap = self.positions + int(share * max(0, self.position_cap - self.positions))

    def _result(self, family: Family, lower: int, upper: int, letter: str | None) -> ValueResult:
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

    def exact_value(self, family: Family) -> int:
        """The value of ``family`` by iterative deepening (limits apply: SearchStopped)."""
        k = self.lower(family)
        while not self.proves(family, k):
            k += 1
        return k

    def _say(self, text: str) -> None:
        if self.on_progress is not None:
            self.on_progress(text)


# ---- both cores: the root's letters spread over worker processes ------------------------------------
_WORKER: ValueSearch | None = None
_PARENT: ValueSearch | None = None  # inherited by forked workers: its table as the pool starts


def _worker_init(words: list[str], chooser: Opponent, limits: Limits, flag: Any) -> None:
    global _WORKER
    _WORKER = _PARENT if _PARENT is not None else ValueSearch(words, chooser, limits)
    _WORKER.cancel = lambda: flag.value != 0
    _WORKER.positions = 0


def _worker_task(task: tuple[int, Split, int, float | None, int | None]) -> tuple[int, bool | None, int]:
    """(letter, k) → (letter, proven?, positions searched); None when stopped."""
    letter, families, k, deadline, positions_left = task
    search = _WORKER
    assert search is not None
    before = search.positions
    search.deadline = deadline
    search.position_cap = None if positions_left is None else before + positions_left
    try:
        proven: bool | None = search.move_proves(_Move(letter, families), k)
    except SearchStopped:
        proven = None
    return letter, proven, search.positions - before


class _RootPool:
    """Worker processes proving the root's moves in parallel; each keeps its table across iterations."""

    def __init__(self, search: ValueSearch, family: Family, jobs: int):
        from ..processes import helper_context

        global _PARENT
        context = helper_context()
        forking = context.get_start_method() == "fork"
        _PARENT = search if forking else None
        self.search = search
        self.family = family
        self.flag = context.Value("i", 0)
        self.pool = context.Pool(
            jobs,
            initializer=_worker_init,
            initargs=(list(search.words), search.chooser, search.limits, self.flag),
        )
        _PARENT = None
        self.positions = 0

    def best_letter(self, k: int) -> str | None:
        search = self.search
        moves = sorted(search.moves(self.family), key=search._worst)
        self.flag.value = 0
        found: str | None = None
        stopped = False
        for letter, proven, positions in self.pool.imap_unordered(
            _worker_task, [(m.letter, m.families, k, search.deadline, self._positions_left()) for m in moves]
        ):
            self.positions += positions
            if proven and found is None:
                found = LETTERS[letter]
                self.flag.value = 1  # the others stop at their next check
            elif proven is None and found is None:
                stopped = True
        if found is not None:
            search._store(self.family, upper=k)
            return found
        if stopped:
            raise SearchStopped("limit reached in a worker")
        search._store(self.family, lower=k + 1)
        return None

    def _positions_left(self) -> int | None:
        cap = self.search.position_cap
        return None if cap is None else max(0, cap - self.search.positions - self.positions)

    def close(self) -> int:
        self.pool.terminate()
        self.pool.join()
        return self.positions


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))


# ---- the small surface the game pieces use ------------------------------------------------------------
def value(
    words: Sequence[str],
    chooser: Opponent | str,
    limits: Limits | None = None,
    jobs: int = 1,
    on_progress: Callable[[str], None] | None = None,
) -> ValueResult:
    """The value of the list ``words`` (one length) against ``chooser``, or bounds within ``limits``."""
    search = ValueSearch(list(words), check_opponent(chooser), limits or Limits(), on_progress)
    return search.value(jobs=jobs)


@dataclass(frozen=True)
class LetterChoice:
    """The optimal guesser's answer: a letter and whether it is proven value-achieving."""

    letter: str | None
    exact: bool
    lower: int
    upper: int


def best_letter(
    words: Sequence[str], chooser: Opponent | str, guessed: Collection[str] = (), limits: Limits | None = None
) -> LetterChoice:
    """A letter achieving the value of ``words`` against ``chooser`` (``exact``), or, when ``limits``
    stop the search first, None with the bounds (the caller falls back to a heuristic).

    With one word left the letter is its first letter not yet guessed (no miss is possible).
    """
    words = list(words)
    if len(words) == 1:
        rest = [ch for ch in words[0] if ch not in guessed]
        return LetterChoice(rest[0] if rest else None, True, 0, 0)
    if not words:
        return LetterChoice(None, True, 0, 0)
    search = ValueSearch(words, check_opponent(chooser), limits or Limits())
    result = search.value(heuristic=False)
    return LetterChoice(result.letter if result.exact else None, result.exact, result.lower, result.upper)


@dataclass(frozen=True)
class FamilyChoice:
    """The optimal chooser's answer to a guess: the positions mask kept, its family's words, and
    ``exact`` (False: the search did not finish within its limits and the greedy family was kept)."""

    mask: int
    words: list[str]
    exact: bool
    misses: int | None  # misses the guesser still needs from here (guess included), when exact


def greedy_family(words: Sequence[str], letter: str) -> FamilyChoice:
    """The greedy (CS106L) chooser's family of ``words`` after ``letter``, without any search."""
    split: dict[int, list[str]] = {}
    for word in words:
        split.setdefault(sum(1 << i for i, ch in enumerate(word) if ch == letter), []).append(word)
    length = len(words[0]) if words else 0
    mask = min(split, key=lambda m: (-len(split[m]), _reverse_bits(m, length)))
    return FamilyChoice(mask, split[mask], False, None)


def optimal_family(words: Sequence[str], letter: str, limits: Limits | None = None) -> FamilyChoice:
    """The family of ``words`` split by ``letter`` that forces the most misses (the guess's own miss
    included) against a perfect guesser; ties → the greedy choice among them (largest family, then the
    pattern that sorts first). When ``limits`` stop the search, the greedy family (documented fallback)."""
    words = list(words)
    search = ValueSearch(words, Opponent.OPTIMAL, limits or Limits())
    j = ord(letter) - 97
    split = search.split(search.root(), j)
    try:
        scored = [(int(m == 0) + search.exact_value(f), m, f) for m, f in split]
    except SearchStopped:
        m, f = search.greedy_family(split)
        return FamilyChoice(m, [words[i] for i in search.ids(f)], False, None)
    top = max(score for score, _, _ in scored)
    m, f = search.greedy_family([(m, f) for score, m, f in scored if score == top])
    return FamilyChoice(m, [words[i] for i in search.ids(f)], True, top)
