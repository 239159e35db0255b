"""The compiled search behind the exact greedy-chooser value (see ``greedy_sweep``).

Positions are bitsets over the list's word ids (``W`` uint64 words). A position reached after a
hit is searched (the root by ``solve``) breadth first over the sets ``M`` of letters missed since that hit
(a mask over the letters that split it: at most 32, an alphabet's size; the position after ``M`` is
the family less the words holding a letter of ``M``:
the greedy chooser keeps every word consistent with its answers), layer ``k`` holding the sets of
``k`` misses, one at most per set, each expanded once. A letter's answer at a position takes one
popcount of its holders: when at most half the words hold it no hit family can outnumber the miss
family (ties go to the miss: its pattern sorts first), so only the rare dominant letters count their
families. A hit's family is searched again (``_family``, recursion; a word has at most ``length``
hits), with the misses left, and remembered in a table keyed on its bitset (compared whole: a hash collision only
loses an entry). Steps are counted (``counters``) so a caller can stop the search: a stopped
search stores nothing it has not finished.

The letters are the alphabet's slots (``holders`` has one row per letter: 26 for English, up to 32).
The root remembers the sets it has queued, and the last miss of each (for its best line), in a bitmap
over every set when at most ``bitmap_letters`` (26) letters split it: 2^26 bits and 2^26 bytes at
most, as for any English list. With more letters (an alphabet of 27 to 32) a bitmap would take up to
4.5 GB, so the sets queued go into an open-addressing table instead, grown as needed up to
``root_slots`` slots (at most half of them used); a root that would need more stops like a limit
(``counters[FULL]``), with the bounds proven so far.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit, types

from ..popcount import popcount as _popcount

#: ``solve``'s answer when it was asked to stop (nothing was stored for the unfinished positions).
STOPPED = -1
#: ``counters`` slots: steps taken (sets of misses expanded), the stop flag (set by another thread),
#: table entries used, the root's layers finished (every line with fewer
#: misses is searched), the root's best value so far (``cap + 1``: none within the cap yet) and the
#: step budget (the search stops past it: a limit that gives the same answer on every machine).
#: ``FULL``: set when the root's table of sets (more than ``bitmap_letters`` letters) was full.
STEPS, STOP, USED, ROOT_LAYERS, ROOT_BEST, BUDGET, FULL = 0, 1, 2, 3, 4, 5, 6
COUNTERS = 7
#: ``line`` slots: the root's best line so far is ``line[1 : 1 + line[0]]``, its letters (slots) in
#: the order guessed: the misses, then the hit (``line[LINE_HIT]``: 1 when the last letter is a hit
#: whose family still needs a search of its own, 0 when the misses alone leave one word).
LINE_HIT = 40
LINE = 41
#: The root keeps a bitmap of every set of misses when at most this many letters split it.
BITMAP_LETTERS = 26
#: The most slots of the root's table of sets beyond ``BITMAP_LETTERS`` (9 bytes each: 576 MiB), and the
#: slots it starts with.
ROOT_SLOTS = 1 << 26
ROOT_SLOTS_START = 1 << 16
#: ``_remembered``'s answer when the table does not settle a position, and ``_table_add``'s when the
#: root's table is full.
UNKNOWN = -2
NO_ROOM = -1


class Lists(NamedTuple):
    """The list's bitsets: the words holding each letter (``holders``, one row per alphabet slot), and
    each letter's hit families (``fam_bits[fam_start[j]:fam_start[j + 1]]``, with their patterns' ranks)."""

    holders: Any
    fam_start: Any
    fam_bits: Any
    fam_rank: Any


class Memory(NamedTuple):
    """One worker's own arrays: its table of families searched (fingerprint -> slot; the slots' bitsets
    and bounds), its ``counters`` and its best ``line``."""

    table: Any
    keys: Any
    entries: Any
    counters: Any
    line: Any


class Sharing(NamedTuple):
    """The root's sweep: this worker's ``share`` of ``shares``, the best line any worker has found
    (``shared[0]``), and how the root remembers its sets (``bitmap_letters``, ``root_slots``)."""

    share: int
    shares: int
    shared: Any
    bitmap_letters: int
    root_slots: int


def new_table() -> Any:
    """The table from a family's fingerprint to its slot in ``keys`` / ``entries``."""
    from numba.typed import Dict

    return Dict.empty(key_type=types.int64, value_type=types.int64)


@njit(cache=True, nogil=True)
def count(bits: Any) -> int:
    total = 0
    for w in range(bits.shape[0]):
        total += _popcount(bits[w])
    return total


@njit(cache=True, nogil=True)
def _count_and(a: Any, b: Any) -> int:
    total = 0
    for w in range(a.shape[0]):
        total += _popcount(a[w] & b[w])
    return total


@njit(cache=True, nogil=True)
def _fingerprint(bits: Any) -> Any:
    h = np.uint64(0xCBF29CE484222325)
    for w in range(bits.shape[0]):
        h = (h ^ bits[w]) * np.uint64(0x100000001B3)
        h ^= h >> np.uint64(29)
    return np.int64(h >> np.uint64(1))


@njit(cache=True, nogil=True)
def answer(position: Any, size: int, letter: int, lists: Lists) -> int:
    """The greedy chooser's answer to ``letter``: -2 the letter does not split the position (held by
    no word, or by every word at the same places), -1 a miss, else the index of the hit family kept
    (largest; ties to the pattern that sorts first, the miss first of all)."""
    held = _count_and(position, lists.holders[letter])
    return _answer(position, size, held, letter, lists.fam_start, lists.fam_bits, lists.fam_rank)


@njit(cache=True, nogil=True)
def _answer(position: Any, size: int, held: int, letter: int, fam_start: Any, fam_bits: Any, fam_rank: Any) -> int:
    """``answer`` given the number of words holding the letter (the arrays one by one: this runs per
    letter and per set of misses, and a tuple of arrays passed in costs a reference count for each)."""
    if held == 0:
        return -2
    missing = size - held
    if held <= missing:
        return -1
    best_count, best_family, best_rank = 0, -1, 1 << 62
    for f in range(fam_start[letter], fam_start[letter + 1]):
        c = _count_and(position, fam_bits[f])
        if c > best_count or (c == best_count and c > 0 and fam_rank[f] < best_rank):
            best_count, best_family, best_rank = c, f, fam_rank[f]
    if best_count == size:
        return -2
    if best_count > missing:
        return best_family
    return -1


@njit(cache=True, nogil=True)
def _lookup(position: Any, table: Any, keys: Any) -> Any:
    """The table slot holding ``position``, or -1."""
    fingerprint = _fingerprint(position)
    if fingerprint not in table:
        return -1
    slot = table[fingerprint]
    for w in range(position.shape[0]):
        if keys[slot, w] != position[w]:
            return -1
    return slot


@njit(cache=True, nogil=True)
def _remembered(position: Any, cap: int, memory: Memory) -> int:
    """What the table settles of ``position`` within ``cap``: its value, ``cap + 1`` (more than
    ``cap``), or ``UNKNOWN`` (not in the table, or only a lower bound within ``cap``: search it)."""
    slot = _lookup(position, memory.table, memory.keys)
    if slot < 0:
        return UNKNOWN
    if memory.entries[slot, 1] == 1:
        return memory.entries[slot, 0] if memory.entries[slot, 0] <= cap else cap + 1
    if memory.entries[slot, 0] > cap:
        return cap + 1
    return UNKNOWN


@njit(cache=True, nogil=True)
def _store(position: Any, lower: int, exact: bool, memory: Memory) -> None:
    table, keys, entries, counters = memory.table, memory.keys, memory.entries, memory.counters
    fingerprint = _fingerprint(position)
    slot = table[fingerprint] if fingerprint in table else -1
    if slot >= 0:
        same = True
        for w in range(position.shape[0]):
            if keys[slot, w] != position[w]:
                same = False
                break
        if not same:
            return  # a collision: keep the older entry (the table only saves work)
    else:
        if counters[USED] >= keys.shape[0]:
            table.clear()
            counters[USED] = 0
        slot = counters[USED]
        counters[USED] += 1
        table[fingerprint] = slot
        keys[slot, :] = position
    entries[slot, 0] = lower
    entries[slot, 1] = 1 if exact else 0


@njit(cache=True, nogil=True)
def _choose(n: int, k: int) -> int:
    total = 1
    for i in range(k):
        total = total * (n - i) // (i + 1)
    return total


@njit(cache=True, nogil=True)
def misses_before_hit(held: Any, n: int, left: int, scratch: Any) -> int:
    """A lower bound of the misses any line from a position of ``left`` words needs before its next
    hit (or before one word is left), given ``held[:n]``, the words holding each letter that can still
    be guessed (the letters that split the position the search started from, less those missed).

    A hit on ``c`` keeps a family Y of at most ``held[c]`` words only when it outnumbers the words
    without ``c`` (ties go to the miss): the misses before it must remove at least
    ``left - 2 held[c] + 1`` of those, and a miss on ``d`` (not ``c``) removes at most ``held[d]``. A
    line that ends by misses alone ends on one word w: take for ``c`` a letter of w that splits the
    position; every word without ``c`` is gone and w is left, the same count. So the bound is the
    fewest letters whose counts reach ``left - 2 max(held) + 1`` (the smallest gap; letting ``c``
    count too only weakens it). ``scratch`` holds at least ``n`` values (no allocation per call). When no
    misses can make a hit or end the line, the most misses any line can make: every letter of the
    alphabet but one (``held``'s length less one)."""
    top = 0
    for i in range(n):
        scratch[i] = held[i]
        if held[i] > top:
            top = held[i]
    gap = left - 2 * top + 1
    taken = 0
    while gap > 0:
        best_i, best_v = -1, 0
        for i in range(n):
            if scratch[i] > best_v:
                best_i, best_v = i, scratch[i]
        if best_i < 0:
            return int(held.shape[0]) - 1
        gap -= best_v
        scratch[best_i] = 0
        taken += 1
    return taken


@njit(cache=True, nogil=True)
def _find(keys: Any, key: Any) -> Any:
    """The slot of ``key`` in an open-addressing table (-1: empty), or the empty slot where it goes."""
    mask = keys.shape[0] - 1
    i = int((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & mask
    while keys[i] != -1 and keys[i] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True, nogil=True)
def _grown(keys: Any, parents: Any) -> Any:
    """The table of sets with twice the slots, every entry moved over."""
    bigger = np.full(2 * keys.shape[0], -1, np.int64)
    bigger_parents = np.zeros(2 * keys.shape[0], np.uint8)
    for i in range(keys.shape[0]):
        if keys[i] != -1:
            slot = _find(bigger, keys[i])
            bigger[slot] = keys[i]
            bigger_parents[slot] = parents[i]
    return bigger, bigger_parents


@njit(cache=True, nogil=True)
def _last_miss(m: Any, parent: Any, keys: Any, parents: Any, sparse: bool) -> Any:
    """The index (in ``letters``) of the miss by which the root's set ``m`` was first reached."""
    if sparse:
        return parents[_find(keys, m)] - 1
    return parent[m] - 1


@njit(cache=True, nogil=True)
def _trace(m: Any, hit: Any, parent: Any, keys: Any, parents: Any, sparse: bool, letters: Any, line: Any) -> None:
    """Write the root's line: the misses of ``m`` in the order they were reached, then ``hit``."""
    n = 0
    while m:
        i = _last_miss(m, parent, keys, parents, sparse)
        line[1 + n] = letters[i]
        n += 1
        m &= ~(1 << i)
    line[1 : 1 + n] = line[1 : 1 + n][::-1].copy()
    if hit >= 0:
        line[1 + n] = hit
        n += 1
    line[0] = n
    line[LINE_HIT] = 1 if hit >= 0 else 0


@njit(cache=True, nogil=True)
def _splitting_letters(position: Any, size: int, lists: Lists) -> Any:
    """The alphabet slots of the letters that split ``position`` (the only ones worth guessing)."""
    alphabet = lists.holders.shape[0]
    letters = np.empty(alphabet, np.int64)
    n_letters = 0
    for j in range(alphabet):
        if answer(position, size, j, lists) != -2:
            letters[n_letters] = j
            n_letters += 1
    return letters[:n_letters]


@njit(cache=True, nogil=True)
def _misses_made(position: Any, m: Any, letters: Any, holders: Any, here: Any) -> int:
    """``here``: the position after the misses of ``m``; the words left."""
    here[:] = position
    for i in range(letters.shape[0]):
        if (m >> i) & 1:
            for w in range(here.shape[0]):
                here[w] &= ~holders[letters[i], w]
    return count(here)


@njit(cache=True, nogil=True)
def _misses_before_hit_after(m: Any, here: Any, letters: Any, holders: Any, held: Any, left: int, scratch: Any) -> int:
    """``held``: the words of ``here`` holding each letter not in ``m``; ``misses_before_hit`` of them."""
    n_letters = letters.shape[0]
    for i in range(n_letters):
        held[i] = 0 if (m >> i) & 1 else _count_and(here, holders[letters[i]])
    return misses_before_hit(held, n_letters, left, scratch)


@njit(cache=True, nogil=True)
def _family(position: Any, cap: int, lists: Lists, memory: Memory) -> int:
    """The greedy value of a family a hit leaves when it is at most ``cap``, else ``cap + 1``;
    ``STOPPED`` when asked to stop first. Searched millions of times, most of them small: it sorts its
    next layer instead of marking its sets, and its result is remembered in the worker's table.

    The one recursion of the search (numba caches no calls that recurse through another function).
    Its steps per set of misses are functions of their own (``_misses_made``,
    ``_misses_before_hit_after``, ``_answer``), called with arrays one by one: a step inlined, or
    given a tuple of arrays, costs two atomic reference counts per array per set, which took the
    search from 1.0 to 1.4-2.5 times the time."""
    size = count(position)
    if size <= 1:
        return 0
    if cap < 0:
        return cap + 1
    known = _remembered(position, cap, memory)
    if known != UNKNOWN:
        return known
    holders, fam_start, fam_bits, fam_rank = lists.holders, lists.fam_start, lists.fam_bits, lists.fam_rank
    counters = memory.counters
    letters = _splitting_letters(position, size, lists)
    n_letters = letters.shape[0]
    width = position.shape[0]
    here = np.empty(width, np.uint64)
    family = np.empty(width, np.uint64)
    held = np.zeros(n_letters + 1, np.int64)
    scratch = np.zeros(n_letters + 1, np.int64)
    best = limit = cap + 1
    layer = np.zeros(1, np.int64)
    k = 0
    while k < limit and layer.shape[0] > 0:
        following = np.empty(layer.shape[0] * n_letters, np.int64)
        n_following = 0
        for m in layer:
            counters[STEPS] += 1
            if counters[STOP] != 0 or counters[STEPS] > counters[BUDGET]:
                return STOPPED
            left = _misses_made(position, m, letters, holders, here)
            if left == 1:
                best = limit = k
                break
            if k + _misses_before_hit_after(m, here, letters, holders, held, left, scratch) >= limit:
                continue  # every line through this set needs the best line's misses or more
            for i in range(n_letters):
                if (m >> i) & 1:
                    continue
                got = _answer(here, left, held[i], letters[i], fam_start, fam_bits, fam_rank)
                if got == -2:
                    continue
                if got == -1:
                    if k + 1 < limit:
                        following[n_following] = m | (1 << i)
                        n_following += 1
                    continue
                for w in range(width):
                    family[w] = here[w] & fam_bits[got, w]
                found = _family(family, limit - 1 - k, lists, memory)
                if found == STOPPED:
                    return STOPPED
                if found <= limit - 1 - k and k + found < best:
                    best = k + found
                    limit = min(limit, best)
        layer = np.unique(following[:n_following])
        k += 1
    _store(position, best, best <= cap, memory)
    return best


@njit(cache=True, nogil=True)
def _table_add(after: Any, i: int, keys: Any, parents: Any, kept: int, root_slots: int) -> Any:
    """Put the root's set ``after``, first reached by the miss ``letters[i]``, in its table of ``kept``
    sets (grown first when half full): (1 added, or 0 already there, or ``NO_ROOM`` when the table has
    ``root_slots`` slots already; the table, perhaps a new one)."""
    slot = _find(keys, after)
    if keys[slot] == after:
        return 0, keys, parents
    if 2 * (kept + 1) > keys.shape[0]:
        if keys.shape[0] >= root_slots:
            return NO_ROOM, keys, parents
        keys, parents = _grown(keys, parents)
        slot = _find(keys, after)
    keys[slot] = after
    parents[slot] = i + 1
    return 1, keys, parents


@njit(cache=True, nogil=True)
def _line_found(misses: int, m: Any, hit: Any, marks: Any, letters: Any, memory: Memory, sharing: Sharing) -> None:
    """The root's best line so far, of ``misses``: a bound for every worker, and traced (``marks``: the
    root's ``parent``, ``keys``, ``parents`` and ``sparse``, where each set's last miss is)."""
    memory.counters[ROOT_BEST] = misses
    sharing.shared[0] = min(sharing.shared[0], misses)
    parent, keys, parents, sparse = marks
    _trace(m, hit, parent, keys, parents, sparse, letters, memory.line)


@njit(cache=True, nogil=True)
def solve(position: Any, cap: int, lists: Lists, memory: Memory, sharing: Sharing) -> int:
    """The greedy value of the root ``position`` (searched whatever the table holds) when it is at
    most ``cap``, else ``cap + 1``; ``STOPPED`` when asked to stop first. Its layers and best value go
    to ``counters``, its best line's first phase to ``line``; each hit's family is a ``_family`` search.

    Two cores: ``shares`` workers (threads, each with its own table, counters and line) sweep the
    same root; each searches only the hit families whose fingerprint is its ``share`` modulo
    ``shares`` (every line has a first hit in one worker's share, or ends by misses, which every
    worker sees). ``shared[0]`` is the best line any worker has found: a bound for all of them (a
    stale read only prunes less). The root's value is the least of the workers' answers.

    The root marks the sets of misses it queues in a bitmap with their last miss, for its line, or
    beyond ``bitmap_letters`` letters in a table grown up to ``root_slots`` (``_table_add``); a line
    found is recorded by ``_line_found``, the rest as in ``_family``."""
    size = count(position)
    if size <= 1:
        return 0
    if cap < 0:
        return cap + 1
    holders, fam_start, fam_bits, fam_rank = lists.holders, lists.fam_start, lists.fam_bits, lists.fam_rank
    counters = memory.counters
    letters = _splitting_letters(position, size, lists)
    n_letters = letters.shape[0]
    width = position.shape[0]
    here = np.empty(width, np.uint64)
    family = np.empty(width, np.uint64)
    held = np.zeros(n_letters + 1, np.int64)
    scratch = np.zeros(n_letters + 1, np.int64)
    sparse = n_letters > sharing.bitmap_letters
    bitmap = np.zeros(1 if sparse else max(1, (1 << n_letters) >> 6), np.uint64)
    parent = np.zeros(1 if sparse else 1 << n_letters, np.uint8)  # the last miss of each set, + 1
    keys = np.full(min(ROOT_SLOTS_START, sharing.root_slots) if sparse else 1, -1, np.int64)
    parents = np.zeros(keys.shape[0], np.uint8)
    kept = 0  # sets in ``keys``
    best = limit = cap + 1  # lines of ``limit`` misses or more need no search
    layer = np.zeros(1, np.int64)
    k = 0
    while k < limit and layer.shape[0] > 0:
        room = min(layer.shape[0] * n_letters, _choose(n_letters, k + 1))
        following = np.empty(max(0, min(room, sharing.root_slots // 2 - kept) if sparse else room), np.int64)
        n_following = 0
        for m in layer:
            counters[STEPS] += 1
            if counters[STOP] != 0 or counters[STEPS] > counters[BUDGET]:
                return STOPPED
            limit = min(best, sharing.shared[0])  # this worker's best line, or any worker's
            left = _misses_made(position, m, letters, holders, here)
            if left == 1:  # the misses alone leave one word
                best = limit = k
                _line_found(best, m, -1, (parent, keys, parents, sparse), letters, memory, sharing)
                break
            if k + _misses_before_hit_after(m, here, letters, holders, held, left, scratch) >= limit:
                continue  # every line through this set needs the best line's misses or more
            for i in range(n_letters):
                if (m >> i) & 1:
                    continue
                got = _answer(here, left, held[i], letters[i], fam_start, fam_bits, fam_rank)
                if got == -2:
                    continue
                if got == -1:
                    after = m | (1 << i)
                    if k + 1 >= limit:
                        continue
                    if not sparse:  # marked in the bitmap, inline: this runs for most misses
                        if (bitmap[after >> 6] >> np.uint64(after & 63)) & np.uint64(1):
                            continue
                        bitmap[after >> 6] |= np.uint64(1) << np.uint64(after & 63)
                        parent[after] = i + 1
                    else:
                        marked, keys, parents = _table_add(after, i, keys, parents, kept, sharing.root_slots)
                        if marked == NO_ROOM:
                            counters[FULL] = 1
                            return STOPPED
                        if marked == 0:
                            continue
                        kept += 1
                    following[n_following] = after
                    n_following += 1
                    continue
                for w in range(width):
                    family[w] = here[w] & fam_bits[got, w]
                if sharing.shares > 1 and _fingerprint(family) % sharing.shares != sharing.share:
                    continue  # another worker's family
                found = _family(family, limit - 1 - k, lists, memory)
                if found == STOPPED:
                    return STOPPED
                # more than ``limit - 1 - k`` is a refutation, not a line (``limit`` may be another
                # worker's best, below this one's: its ``cap + 1`` would pass for a line of that length)
                if found <= limit - 1 - k and k + found < best:
                    best = k + found
                    limit = min(limit, best)
                    _line_found(best, m, letters[i], (parent, keys, parents, sparse), letters, memory, sharing)
        layer = following[:n_following]
        k += 1
        counters[ROOT_LAYERS] = k
    if sharing.shares == 1:  # a root worker's answer covers its share only
        _store(position, best, best <= cap, memory)
    return best
