"""A worker's bounded memory of answers already made: least recently used out first.

Every query endpoint is a pure function of (the served index's generation, its language, the
request's parameters): a class that opens the results of one board at once, or a round's players
each reading its results, ask one answer many times. ``AnswerCache`` keeps the answers' texts,
bounded both by how many and by their total size; a key holds the index's generation, so a rebuild
makes every answer before it unreachable (they age out). Thread-safe: request threads share it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any


class AnswerCache:
    """Values by key, at most ``max_entries`` of them and ``max_bytes`` of their sizes together.

    A value's size is given with it (an answer's byte length). One larger than ``max_bytes`` alone is
    not kept; ``max_entries`` 0 keeps nothing (the cache is off).
    """

    def __init__(self, max_entries: int, max_bytes: int):
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self._lock = threading.Lock()
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> Any:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:
        """Keep ``value`` (``size`` bytes), dropping the least recently used past either bound."""
        if self.max_entries <= 0 or size > self.max_bytes:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._entries[key] = (value, size)
            self.bytes += size
            while len(self._entries) > self.max_entries or self.bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self.bytes -= dropped
