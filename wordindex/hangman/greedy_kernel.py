"""The compiled search behind the exact greedy-chooser value (see ``greedy_sweep``).

Positions are bitsets over the list's word ids (``W`` uint64 words). A position reached after a
hit is searched by ``solve``: breadth first over the sets ``M`` of letters missed since that hit
(a mask over the letters that split it: at most 32, an alphabet's size; the position after ``M`` is
the family less the words holding a letter of ``M``:
the greedy chooser keeps every word consistent with its answers), layer ``k`` holding the sets of
``k`` misses, one at most per set, each expanded once. A letter's answer at a position takes one
popcount of its holders: when at most half the words hold it no hit family can outnumber the miss
family (ties go to the miss: its pattern sorts first), so only the rare dominant letters count their
families. A hit's family is searched again (recursion; a word has at most ``length`` hits), with the
misses left, and remembered in a table keyed on its bitset (compared whole: a hash collision only
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

from typing import Any

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
def answer(position: Any, size: int, letter: int, holders: Any, fam_start: Any, fam_bits: Any, fam_rank: Any) -> int:
    """The greedy chooser's answer to ``letter``: -2 the letter does not split the position (held by
    no word, or by every word at the same places), -1 a miss, else the index of the hit family kept
    (largest; ties to the pattern that sorts first, the miss first of all)."""
    return _answer(position, size, _count_and(position, holders[letter]), letter, fam_start, fam_bits, fam_rank)


@njit(cache=True, nogil=True)
def _answer(position: Any, size: int, held: int, letter: int, fam_start: Any, fam_bits: Any, fam_rank: Any) -> int:
    """``answer`` given the number of words holding the letter."""
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
def _store(position: Any, lower: int, exact: bool, table: Any, keys: Any, entries: Any, counters: Any) -> None:
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
def solve(
    position: Any,
    cap: int,
    depth: int,
    holders: Any,
    fam_start: Any,
    fam_bits: Any,
    fam_rank: Any,
    table: Any,
    keys: Any,
    entries: Any,
    counters: Any,
    line: Any,
    share: int,
    shares: int,
    shared: Any,
    bitmap_letters: int,
    root_slots: int,
) -> int:
    """The greedy value of ``position`` when it is at most ``cap``, else ``cap + 1``; ``STOPPED`` when
    asked to stop first. ``depth`` 0 (the root, searched whatever the table holds) reports its layers
    and best value in ``counters`` and its best line's first phase in ``line``.

    Two cores: ``shares`` workers (threads, each with its own table, counters and line) sweep the
    same root; each searches only the hit families whose fingerprint is its ``share`` modulo
    ``shares`` (every line has a first hit in one worker's share, or ends by misses, which every
    worker sees). ``shared[0]`` is the best line any worker has found: a bound for all of them (a
    stale read only prunes less). The root's value is the least of the workers' answers.

    ``bitmap_letters`` and ``root_slots``: how the root remembers its sets (see the module docstring)."""
    size = count(position)
    if size <= 1:
        return 0
    if cap < 0:
        return cap + 1
    slot = _lookup(position, table, keys) if depth > 0 else -1
    if slot >= 0:
        if entries[slot, 1] == 1:
            return entries[slot, 0] if entries[slot, 0] <= cap else cap + 1
        if entries[slot, 0] > cap:
            return cap + 1
    alphabet = holders.shape[0]
    letters = np.empty(alphabet, np.int64)
    n_letters = 0
    for j in range(alphabet):
        if answer(position, size, j, holders, fam_start, fam_bits, fam_rank) != -2:
            letters[n_letters] = j
            n_letters += 1
    width = position.shape[0]
    here = np.empty(width, np.uint64)
    family = np.empty(width, np.uint64)
    held = np.zeros(alphabet, np.int64)
    scratch = np.zeros(alphabet, np.int64)
    # the root marks the sets of misses queued in a bitmap (and their last miss, for its line), or with
    # more than ``bitmap_letters`` letters in a table (``sparse``); a family after a hit (searched
    # millions of times, most small) sorts its next layer instead
    sparse = depth == 0 and n_letters > bitmap_letters
    dense = depth == 0 and not sparse
    seen = np.zeros(max(1, (1 << n_letters) >> 6) if dense else 1, np.uint64)
    parent = np.zeros((1 << n_letters) if dense else 1, np.uint8)  # the root: the last miss of m, + 1
    root_keys = np.full(min(ROOT_SLOTS_START, root_slots) if sparse else 1, -1, np.int64)
    root_parents = np.zeros(root_keys.shape[0], np.uint8)
    kept = 0  # sets in ``root_keys``
    layer = np.zeros(1, np.int64)
    best = cap + 1
    limit = best  # lines of ``limit`` misses or more need no search (this one's best, or any worker's)
    k = 0
    while k < limit and layer.shape[0] > 0:
        room = layer.shape[0] * n_letters
        if sparse:
            room = min(room, _choose(n_letters, k + 1), root_slots // 2 - kept)
        elif dense:
            room = min(room, _choose(n_letters, k + 1))
        following = np.empty(max(0, room), np.int64)
        n_following = 0
        for m in layer:
            counters[STEPS] += 1
            if counters[STOP] != 0 or counters[STEPS] > counters[BUDGET]:
                return STOPPED
            if depth == 0:
                limit = min(best, shared[0])
            here[:] = position
            for i in range(n_letters):
                if (m >> i) & 1:
                    for w in range(width):
                        here[w] &= ~holders[letters[i], w]
            left = count(here)
            if left == 1:
                best = limit = k
                if depth == 0:
                    counters[ROOT_BEST] = best
                    shared[0] = min(shared[0], best)
                    _trace(m, -1, parent, root_keys, root_parents, sparse, letters, line)
                break
            for i in range(n_letters):
                held[i] = 0 if (m >> i) & 1 else _count_and(here, holders[letters[i]])
            if k + misses_before_hit(held, n_letters, left, scratch) >= limit:
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
                    if depth > 0:
                        following[n_following] = after
                        n_following += 1
                    elif sparse:
                        slot = _find(root_keys, after)
                        if root_keys[slot] != after:
                            if 2 * (kept + 1) > root_keys.shape[0]:
                                if root_keys.shape[0] >= root_slots:
                                    counters[FULL] = 1
                                    return STOPPED
                                root_keys, root_parents = _grown(root_keys, root_parents)
                                slot = _find(root_keys, after)
                            root_keys[slot] = after
                            root_parents[slot] = i + 1
                            kept += 1
                            following[n_following] = after
                            n_following += 1
                    elif not (seen[after >> 6] >> np.uint64(after & 63)) & np.uint64(1):
                        seen[after >> 6] |= np.uint64(1) << np.uint64(after & 63)
                        following[n_following] = after
                        n_following += 1
                        parent[after] = i + 1
                    continue
                for w in range(width):
                    family[w] = here[w] & fam_bits[got, w]
                if depth == 0 and shares > 1 and _fingerprint(family) % shares != share:
                    continue  # another worker's family
                misses_left = limit - 1 - k
                found = solve(
                    family,
                    misses_left,
                    depth + 1,
                    holders,
                    fam_start,
                    fam_bits,
                    fam_rank,
                    table,
                    keys,
                    entries,
                    counters,
                    line,
                    share,
                    shares,
                    shared,
                    bitmap_letters,
                    root_slots,
                )
                if found == STOPPED:
                    return STOPPED
                # found > misses_left is a refutation, not a line (at the root ``limit`` may be another
                # worker's best, below this one's: its ``cap + 1`` would pass for a line of that length)
                if found <= misses_left and k + found < best:
                    best = k + found
                    limit = min(limit, best)
                    if depth == 0:
                        counters[ROOT_BEST] = best
                        shared[0] = min(shared[0], best)
                        _trace(m, letters[i], parent, root_keys, root_parents, sparse, letters, line)
        layer = following[:n_following] if depth == 0 else np.unique(following[:n_following])
        k += 1
        if depth == 0:
            counters[ROOT_LAYERS] = k
    if depth > 0 or shares == 1:  # a root worker's answer covers its share only
        _store(position, best, best <= cap, table, keys, entries, counters)
    return best
