"""A round's hints: where the words a player has not found begin, and the first letters of one of them.

Both are read from the board's solution (every word on it, which the server solves once per round for
the results) and the player's own words, and each gives only what it names: a count per cell, or a
prefix that is never the whole word. A word counts at every cell a path spelling it can start from
(a player looking at a cell wants to know what begins there, whichever path they would trace).

The letters hint grows: asked again, it gives one more letter of the same word, up to all but its
last letter; then (or once that word is found) the next word. The words are taken shortest first,
then alphabetically, so the same board and the same words always give the same hints (and tests are
exact).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache

from .board import Board, route_from

#: The hints a player may ask for (``{"player": ID, "hint": KIND}``).
HINT_KINDS = ("starts", "letters")


def unfound(texts: Iterable[str], found: Collection[str]) -> list[str]:
    """The board's words the player has not found, in the order the letters hint takes them."""
    return sorted((word for word in texts if word not in found), key=lambda word: (len(word), word))


def start_counts(board: Board, words: Iterable[str], on_board: tuple[str, ...] | None = None) -> list[list[int]]:
    """How many of ``words`` (in play form, each on the board) start at each cell, row by row.

    ``on_board``: every word of the board (its solution's ``texts``), whose start cells are then
    traced once per board (``word_starts``, kept for a few boards: a dense 6×6 board's 1,277 words
    take about 30 ms to trace, each later hint on it well under one)."""
    words = list(words)
    starts = word_starts(board, tuple(words) if on_board is None else on_board)
    counts = [0] * board.cell_count
    for word in words:
        for cell in starts.get(word, ()):
            counts[cell] += 1
    return [counts[row * board.size : (row + 1) * board.size] for row in range(board.size)]


@lru_cache(maxsize=32)
def word_starts(board: Board, words: tuple[str, ...]) -> dict[str, tuple[int, ...]]:
    """Each of ``words`` (in play form) with the cells a path spelling it starts from (read only)."""
    return {
        word: tuple(
            cell
            for cell in range(board.cell_count)
            if word.startswith(board.faces[cell]) and route_from(board, word, cell) is not None
        )
        for word in words
    }


def next_letters(words: list[str], current: tuple[str, int] | None) -> tuple[str, int] | None:
    """The word the letters hint tells of and how many of its first letters it shows, after ``current``
    (the last one told, if any): one more letter of the same word while it is unfound and its last
    letter would stay hidden, else the first letter of the next unfound word after it (after the last,
    the first again). None: every word is found (``words`` is ``unfound``'s list)."""
    if not words:
        return None
    if current is None:
        return words[0], 1
    word, shown = current
    if word in words and shown + 1 < len(word):
        return word, shown + 1
    later = [w for w in words if (len(w), w) > (len(word), word)]
    return (later or words)[0], 1
