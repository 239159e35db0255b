"""Stopping a Boggle search from outside: the hook a server's time budget needs (issue 20 item 4).

Pruning by shortest completion (``trie``) keeps a long run of one letter from keeping a search
busy, but a list with words of every length up to the board's size (``b`` × 3 .. ``b`` × 36) still
keeps every path of a board of b's alive, and a 6×6 board has more paths than anyone can wait
for: that is the answer's own size, and only a budget bounds it. The compiled search runs without
the GIL inside one ``ctypes`` call, so nothing in Python can interrupt it; instead both forms read
a flag, the compiled one on each step deeper (one load and one branch), the plain one on each node
it visits, and give up when it is set.

``solve_board(..., stop=stop)`` raises ``SearchStopped`` once ``stop.set()`` has been called, from
any thread (a server's time budget sets it).
"""

from __future__ import annotations

from array import array

from ..errors import TimeLimitError


class SearchStopped(TimeLimitError):
    """A search given a ``SearchStop`` was stopped before it finished (a time budget ran out)."""


class SearchStop:
    """A flag a running search reads: set it (from any thread) and the search stops."""

    def __init__(self) -> None:
        # One C int the compiled kernel reads through its address (an array keeps it in place).
        self.flag = array("i", [0])

    def set(self) -> None:
        self.flag[0] = 1

    def is_set(self) -> bool:
        return bool(self.flag[0])

    @property
    def address(self) -> int:
        """Where the flag is, for the compiled kernel."""
        address: int = self.flag.buffer_info()[0]
        return address


class _Never(SearchStop):
    """The flag of a search nobody stops: shared by every such search, so it cannot be set."""

    def set(self) -> None:
        raise TypeError("stop.NEVER is shared by every search and is never set: make a SearchStop")


NEVER = _Never()
