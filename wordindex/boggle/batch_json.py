"""The JSON lines of ``wordindex boggle --batch``, written for a whole chunk of boards at once.

A batch of 100,000 boards has a 2-second budget; formatting each line in
Python took a quarter of it. For a chunk of good boards of one size every
line has the same shape, so the lines are laid out as one byte matrix (one
row per board: the fixed text, the board's letters copied in, the two
numbers as digits of a fixed width) and a keep-mask drops the numbers'
leading zeros; the bytes of the kept cells, row after row, are the output.
The text is exactly what the per-line formatting of ``cli/boggle.py``
gives: ``{"board": "...", "rows": ["...", ...], "count": N, "score": S}``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Letters = npt.NDArray[np.uint8]
    Numbers = npt.NDArray[np.int64]


@cache
def _pieces(size: int) -> tuple[bytes, ...]:
    """The fixed text of a line, cut where the letters go: before the board, before each row, after the last."""
    between_rows = [b'", "rows": ["'] + [b'", "'] * (size - 1)
    return (b'{"board": "', *between_rows, b'"], "count": ')


def _digits(values: Numbers) -> tuple[Letters, npt.NDArray[np.bool_]]:
    """Each value as ASCII digits, as wide as the largest, and which to keep (no leading zeros; 0 keeps one)."""
    import numpy as np

    width = len(str(int(values.max()))) if len(values) else 1
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    digits = ((values[:, None] // powers) % 10 + 48).astype(np.uint8)
    keep = (values[:, None] >= powers) | (powers == 1)
    return digits, keep


def board_lines(text: Letters, size: int, counts: Numbers, scores: Numbers) -> bytes:
    """The JSON lines (each ending in a newline) of boards given as rows of their ASCII letters, with their totals."""
    import numpy as np

    n, cells = text.shape
    count_digits, count_keep = _digits(counts)
    score_digits, score_keep = _digits(scores)
    pieces = _pieces(size)
    # (bytes, keep) column blocks in line order: fixed text, board, each row, the two numbers.
    blocks: list[tuple[object, object]] = [(pieces[0], True), (text, True)]
    for row in range(size):
        blocks += [(pieces[1 + row], True), (text[:, row * size : (row + 1) * size], True)]
    blocks += [
        (pieces[-1], True),
        (count_digits, count_keep),
        (b', "score": ', True),
        (score_digits, score_keep),
        (b"}\n", True),
    ]
    widths = [len(part) if isinstance(part, bytes) else part.shape[1] for part, _ in blocks]  # type: ignore[attr-defined]
    matrix = np.empty((n, sum(widths)), dtype=np.uint8)
    keep = np.ones((n, sum(widths)), dtype=np.bool_)
    at = 0
    for (part, kept), width in zip(blocks, widths, strict=True):
        matrix[:, at : at + width] = np.frombuffer(part, dtype=np.uint8) if isinstance(part, bytes) else part
        if kept is not True:
            keep[:, at : at + width] = kept
        at += width
    return matrix[keep].tobytes()
