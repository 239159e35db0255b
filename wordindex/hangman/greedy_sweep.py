"""The exact greedy-chooser value by a breadth-first sweep over the sets of missed letters.

Against the greedy chooser every answer is fixed, so the value is the fewest misses over the
guesser's lines. The chooser keeps every word consistent with its answers, so between two hits the
position is the family of the last hit less the words holding a missed letter: it is a function of
the *set* of letters missed since then, whatever their order. A line is therefore a chain of phases:
from the position after a hit (the whole list at first), a set ``M`` of misses reached one greedy miss
at a time, then either one word is left (the line costs ``|M|``) or a hit leaves a smaller family,
searched the same way with the misses left. ``greedy_kernel.solve`` sweeps the sets ``M`` by size,
so when it has finished the sets of ``k`` misses every line with at most ``k`` misses before its next
hit has been tried; at the root that proves the value is at least ``k + 1`` or found it (a proven
lower bound at every moment, and an exact value at the end, with no estimate to trust).

Why it is fast enough: a set of misses is expanded once (at most 2^26 at the root for English, far
fewer in practice: only sets of fewer misses than the best line found so far); a miss costs one
popcount per letter; hits are rare (a letter must be held by more than half the words), and each hit family is
searched once per budget (a table keyed on its bitset). The search runs compiled (numba) in a worker
thread without the GIL, so the caller reports progress and can stop it (time, positions, Ctrl-C).

The letters are those of an alphabet (``wordindex.languages.alphabet.Alphabet``, English by default): each is
its slot in the kernel, so a set of misses is a mask of up to 32 bits, and a line's letters are read
back through the alphabet. Ties between lines go the alphabet's way, as everywhere in hangman.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordindex.languages.alphabet import ENGLISH, Alphabet

from .families import pattern_rank

#: Bytes of table keys (bitsets of the families searched after a hit) kept before the table restarts.
TABLE_BYTES = 512 * 2**20
#: How often (seconds) the caller's thread looks at the search (progress, limits).
POLL_SECONDS = 0.25


@dataclass
class SweepResult:
    """What the sweep proved: ``lower <= value <= upper`` (equal when it finished) and a best line."""

    lower: int
    upper: int
    line: list[str]  # the letters of a line achieving ``upper`` (empty when not known)
    first: str | None  # the first letter of a line achieving ``upper`` (None when not known)
    steps: int  # sets of misses expanded, all workers together

    @property
    def exact(self) -> bool:
        return self.lower == self.upper


_warm = False


def warm_up() -> float:
    """Load the compiled kernel (compiling it the first time on an installation: about 6 s; numba
    caches the machine code beside the module) by searching two words; the seconds it took, 0 once
    done in this process. Callers with a time limit start it after this."""
    global _warm
    if _warm:
        return 0.0
    started = time.monotonic()
    GreedySweep(["ab", "ac"], table_bytes=1024).value(1, line_known=False)
    _warm = True
    return time.monotonic() - started


class GreedySweep:
    """The bitsets of one list of words of one length, and the search over them."""

    def __init__(
        self, words: Sequence[str], table_bytes: int | None = None, jobs: int = 1, alphabet: Alphabet = ENGLISH
    ) -> None:
        import numpy as np

        from . import greedy_kernel

        self._np = np
        self._kernel = greedy_kernel
        self.alphabet = alphabet
        self.words = list(words)
        n = len(self.words)
        self.length = len(self.words[0]) if self.words else 0
        self.width = max(1, (n + 63) // 64)
        letters = alphabet.size
        masks = np.zeros((letters, n), dtype=np.int64)
        slot = alphabet.slot
        for i, word in enumerate(self.words):
            for p, ch in enumerate(word):
                masks[slot[ch], i] |= 1 << p
        self.holders = np.stack([self._bits(masks[j] != 0) for j in range(letters)])
        starts, bits, ranks = [0], [], []
        for j in range(letters):
            for mask in np.unique(masks[j]).tolist():
                if mask:
                    bits.append(self._bits(masks[j] == mask))
                    ranks.append(pattern_rank(mask, self.length))
            starts.append(len(bits))
        self.fam_start = np.array(starts, dtype=np.int64)
        self.fam_bits = np.stack(bits) if bits else np.zeros((0, self.width), dtype=np.uint64)
        self.fam_rank = np.array(ranks, dtype=np.int64)
        self.lists = greedy_kernel.Lists(self.holders, self.fam_start, self.fam_bits, self.fam_rank)
        jobs = max(1, jobs)
        share = (TABLE_BYTES if table_bytes is None else table_bytes) // jobs
        self.workers = [_Worker(greedy_kernel, max(1, share // (8 * self.width)), self.width) for _ in range(jobs)]
        self.shared = np.zeros(1, dtype=np.int64)  # the best line any worker has found
        #: How the root remembers its sets of misses (``greedy_kernel``); tests lower them to reach the table.
        self.bitmap_letters = greedy_kernel.BITMAP_LETTERS
        self.root_slots = greedy_kernel.ROOT_SLOTS

    def _bits(self, selected: Any) -> Any:
        np = self._np
        padded = np.zeros(self.width * 64, dtype=np.uint8)
        padded[: len(selected)] = selected
        return np.packbits(padded, bitorder="little").view(np.uint64).copy()

    def root(self) -> Any:
        return self._bits(self._np.ones(len(self.words), dtype=bool))

    def _solve(self, worker: _Worker, position: Any, cap: int, share: int = 0, shares: int = 1) -> int:
        """The kernel's search of the root ``position`` by ``worker`` (its ``share`` of ``shares``)."""
        sharing = self._kernel.Sharing(share, shares, self.shared, self.bitmap_letters, self.root_slots)
        return int(self._kernel.solve(position, cap, self.lists, worker.memory, sharing))

    def child(self, position: Any, letter: int) -> tuple[bool, Any] | None:
        """(missed, the position the greedy chooser leaves) after ``letter``; None if it does not split."""
        size = int(self._kernel.count(position))
        k = self._kernel
        got = int(k.answer(position, size, letter, self.lists))
        if got == -2:
            return None
        if got == -1:
            return True, position & ~self.holders[letter]
        return False, position & self.fam_bits[got]

    def value(
        self,
        upper: int,
        line_known: bool = True,
        deadline: float | None = None,
        steps: int | None = None,
        cancel: Callable[[], bool] | None = None,
        on_progress: Callable[[str], None] | None = None,
        progress_every: float = 2.0,
    ) -> SweepResult:
        """The value of the whole list, given a line of ``upper`` misses (a heuristic's; ``line_known``
        False: ``upper`` is only a bound, and a line within it is searched for too): exact unless
        ``deadline`` (monotonic seconds), ``steps`` (sets of misses expanded, per worker) or ``cancel``
        stops it, then the bounds proven. Ctrl-C stops the workers and is raised again."""
        if len(self.words) <= 1:
            return SweepResult(0, 0, [], None, 0)
        cap = upper - 1 if line_known else upper
        self.shared[0] = cap + 1
        for worker in self.workers:
            worker.reset(cap + 1, steps)
        root = self.root()
        outcome = self._sweep(root, cap, deadline, cancel, on_progress, progress_every)
        return self._result(root, upper, cap, outcome, on_progress)

    def _sweep(
        self,
        root: Any,
        cap: int,
        deadline: float | None,
        cancel: Callable[[], bool] | None,
        on_progress: Callable[[str], None] | None,
        progress_every: float,
    ) -> dict[int, int]:
        """Every worker's search of ``root`` in a thread of its own, while this thread looks at them every
        ``POLL_SECONDS`` (stops them on a limit, shows progress); each worker's answer by its share.
        Ctrl-C (or any error here) stops the workers and is raised again; a worker's error is raised."""
        shares = len(self.workers)
        outcome: dict[int, int] = {}
        failure: list[BaseException] = []

        def search(share: int) -> None:
            try:
                outcome[share] = self._solve(self.workers[share], root, cap, share, shares)
            except BaseException as error:  # pragma: no cover - re-raised in the caller's thread
                failure.append(error)

        threads = [threading.Thread(target=search, args=(i,), name=f"greedy-sweep-{i}") for i in range(shares)]
        for thread in threads:
            thread.start()
        try:
            self._watch(threads, deadline, cancel, on_progress, progress_every)
        except BaseException:
            self._stop()
            for thread in threads:
                thread.join()
            raise
        for thread in threads:
            thread.join()
        if failure:
            raise failure[0]
        return outcome

    def _watch(
        self,
        threads: list[threading.Thread],
        deadline: float | None,
        cancel: Callable[[], bool] | None,
        on_progress: Callable[[str], None] | None,
        progress_every: float,
    ) -> None:
        """Until the workers end: stop them past ``deadline``, on ``cancel`` or when a root's table of sets
        is full (the others would fill theirs too); a progress line every ``progress_every`` seconds."""
        k = self._kernel
        shown = time.monotonic()  # the last progress line
        while alive := [thread for thread in threads if thread.is_alive()]:
            alive[0].join(POLL_SECONDS)
            now = time.monotonic()
            full = any(w.counters[k.FULL] for w in self.workers)
            if (deadline is not None and now > deadline) or (cancel is not None and cancel()) or full:
                self._stop()
            if on_progress is not None and now - shown >= progress_every:
                shown = now
                on_progress(self._progress_text())

    def _result(
        self, root: Any, upper: int, cap: int, outcome: dict[int, int], on_progress: Callable[[str], None] | None
    ) -> SweepResult:
        """What the workers proved: the bounds when any was stopped, else the value and its line."""
        k = self._kernel
        best = min(upper, int(self.shared[0]))
        steps_taken = sum(int(w.counters[k.STEPS]) for w in self.workers)
        winner = min(self.workers, key=lambda w: int(w.counters[k.ROOT_BEST]))
        first = self.alphabet.letter(int(winner.traced[1])) if winner.traced[0] else None  # the best line's
        if any(outcome.get(i, k.STOPPED) == k.STOPPED for i in range(len(self.workers))):
            lower = min([best] + [int(w.counters[k.ROOT_LAYERS]) for w in self.workers])
            if on_progress is not None and any(w.counters[k.FULL] for w in self.workers):
                on_progress(f"the root's table of sets of misses is full ({self.root_slots:,} slots): bounds only")
            return SweepResult(lower, best, [], first, steps_taken)
        found = min(outcome.values())
        value = min(found, upper)
        line = self._follow(winner, root, value) if found <= cap else []
        return SweepResult(value, value, line, first, steps_taken)

    def _stop(self) -> None:
        for worker in self.workers:
            worker.counters[self._kernel.STOP] = 1

    def _progress_text(self) -> str:
        k = self._kernel
        layers = min(int(w.counters[k.ROOT_LAYERS]) for w in self.workers)
        steps = sum(int(w.counters[k.STEPS]) for w in self.workers)
        best = int(self.shared[0])
        return (
            f"every line of fewer than {layers} misses before its first hit searched; "
            f"best line {best} {'miss' if best == 1 else 'misses'} ({steps:,} sets of misses)"
        )

    def _follow(self, worker: _Worker, position: Any, value: int) -> list[str]:
        """The letters of the best line from ``position`` (of ``value`` misses), whose first phase the
        ``worker`` traced: play it, then trace the family its hit leaves (a root search of its own, its
        hit families answered from that worker's table), until one word is left."""
        letters: list[str] = []
        while True:
            traced = worker.traced
            for j in traced[1 : 1 + int(traced[0])].tolist():
                step = self.child(position, j)
                assert step is not None, "a traced letter splits its position"
                missed, position = step
                letters.append(self.alphabet.letter(j))
                value -= missed
            if not traced[self._kernel.LINE_HIT] or int(self._kernel.count(position)) <= 1:
                return letters
            self.shared[0] = value + 1
            worker.counters[self._kernel.BUDGET] = 2**62
            found = self._solve(worker, position, value)
            assert found == value, "the family a best line's hit leaves has the value left"


class _Worker:
    """One thread's table (fingerprint -> slot; the slots' bitsets and bounds), counters and line."""

    def __init__(self, kernel: Any, capacity: int, width: int) -> None:
        import numpy as np

        self.table = kernel.new_table()
        self.keys = np.zeros((capacity, width), dtype=np.uint64)
        self.entries = np.zeros((capacity, 2), dtype=np.int64)
        self.counters = np.zeros(kernel.COUNTERS, dtype=np.int64)
        self.traced = np.zeros(kernel.LINE, dtype=np.int64)
        self.memory = kernel.Memory(self.table, self.keys, self.entries, self.counters, self.traced)
        self._kernel = kernel

    def reset(self, best: int, steps: int | None) -> None:
        k = self._kernel
        used = int(self.counters[k.USED])
        self.counters[:] = 0
        self.counters[k.USED] = used  # the table is kept: its entries stay true
        self.counters[k.ROOT_BEST] = best
        self.counters[k.BUDGET] = 2**62 if steps is None else steps
        self.traced[:] = 0
