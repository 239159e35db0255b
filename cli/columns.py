"""Lists of words laid out like ``ls``: column-major, as many columns as the terminal's width holds.

A long list (``evil`` keeps 2,165 words of length 6) on one line does not
read, and one word per line scrolls off the screen; ``ls`` solved this long
ago. The layout is pure (items and a width in, lines out) so every command
that prints a list shares it through ``output.word_list`` and tests pin it
at any width without a terminal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

#: Spaces between two columns (as ``ls``).
GAP = 2


def cell_width(text: str) -> int:
    """Terminal cells ``text`` takes: combining marks take none, wide (CJK) characters two.

    ``len`` would misalign a column holding NFD accents (``e`` + U+0301 is one cell).
    """
    if text.isascii():  # the common case, and 100,000 words must lay out at once
        return len(text)
    cells = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        cells += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return cells


def columns(items: Sequence[str], width: int) -> list[str]:
    """``items`` in column-major order, in as many columns as fit ``width`` cells; no trailing spaces.

    Down the first column, then the next, like ``ls``: every column but the
    last is as wide as its widest item plus ``GAP``. An item wider than the
    whole width gets a line of its own (one column).
    """
    if not items:
        return []
    widths = [cell_width(item) for item in items]
    count = len(items)
    # Each column takes at least 1 cell and every one but the last GAP more: no more than this fit.
    most = max(1, min(count, (width + GAP) // (1 + GAP)))
    for wanted in range(most, 0, -1):
        rows = -(-count // wanted)
        used = -(-count // rows)  # column-major: fewer columns may be needed than asked for
        spans = [max(widths[c * rows : (c + 1) * rows]) for c in range(used)]
        if sum(spans) + GAP * (used - 1) <= width or used == 1:
            break
    lines = []
    for r in range(rows):
        cells = []
        for c in range(used):
            i = c * rows + r
            if i >= count:
                break
            last = c == used - 1 or (c + 1) * rows + r >= count
            pad = "" if last else " " * (spans[c] - widths[i] + GAP)
            cells.append(items[i] + pad)
        lines.append("".join(cells))
    return lines
