"""A board's words as JSON text, written straight from the solution's cell numbers.

The definition of the answer is ``json.dumps`` of the report's dict (what ``wordindex boggle
--json`` printed first): a list of ``{"word", "score", "path"}`` objects, a path a list of
``[row, column]`` pairs. Building those objects for a dense board (about 800 words, 5,000 pairs)
costs ten times the compiled search itself, and a server answers such boards all day. So the same
characters (``json.dumps(..., ensure_ascii=False)`` with its default separators) are written here
without an object per word:

* the paths, from the compiled search's matrix of cell numbers: each cell's ``"[r, c], "`` is 8
  bytes, one ``uint64``, so a gather makes every path at once, the last cell of each path takes
  its form without the comma and with a word-end byte, padding cells are zero bytes; dropping the
  zeros and splitting at the word ends gives every path's text;
* the objects, with one ``%`` format of a template made once per word count.

Solutions of the plain-Python search (no matrix) take the same route through one f-string per
word. The tests compare both with ``json.dumps`` on random boards of several alphabets and sizes;
the CLI and the server both print this text, so their answers are the same bytes.

Words are letters of an alphabet (never a quote, backslash or control character), so they need no
escaping.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from .solution import Solution

#: One word's object; ``%`` fills in its word, score and the path's pairs.
WORD = '{"word": "%s", "score": %d, "path": [%s]}'
#: One word of a round's results: also who found it (a JSON list of names, already encoded).
FOUND_WORD = '{"word": "%s", "score": %d, "path": [%s], "found_by": %s}'
#: Ends a path in the gathered bytes (never in the text: JSON has no raw control characters).
WORD_END = "\x01"
#: Bytes of one cell's ``"[r, c], "`` (boards up to 10 × 10 have one-digit rows and columns).
CELL_BYTES = 8


def words_text(solution: Solution, found_by: Mapping[str, list[str]] | None = None) -> str:
    """``json.dumps([{"word": w, "score": s, "path": [[r, c], ...]}, ...], ensure_ascii=False)``.

    With ``found_by`` (a round's results: who found each word) each object ends with
    ``"found_by": [names]`` too, ``[]`` for a word nobody found."""
    found = solution.count
    if found == 0:
        return "[]"
    if solution.cell_matrix is not None and solution.board.size <= 10:
        paths = _gathered_paths(solution.board.size, *solution.cell_matrix)
    else:
        cells = cell_texts(solution.board.size)
        paths = [", ".join([cells[c] for c in route]) for route in solution.routes()]
    fields = 3 if found_by is None else 4
    values: list[Any] = [None] * (fields * found)
    values[0::fields] = solution.texts
    values[1::fields] = solution.scores
    values[2::fields] = paths
    if found_by is not None:  # names are anyone's text: encoded by json (quotes, controls, non-ASCII as is)
        values[3::fields] = [
            json.dumps(found_by[word], ensure_ascii=False) if word in found_by else "[]" for word in solution.texts
        ]
    return _template(found, FOUND_WORD if found_by is not None else WORD) % tuple(values)


@cache
def cell_texts(size: int) -> tuple[str, ...]:
    """``"[row, column]"`` of each cell of a board of ``size`` × ``size``, by cell number."""
    return tuple(f"[{row}, {column}]" for row, column in (divmod(cell, size) for cell in range(size * size)))


@cache
def _template(found: int, word: str) -> str:
    return "[" + ", ".join([word] * found) + "]"


def _gathered_paths(size: int, routes: Any, counts: Any) -> list[str]:
    """Every path's ``"[r, c], [r, c]"`` from the search's cell matrix, without a loop per word."""
    import numpy as np

    inner, last = _cell_words(size)
    found = len(counts)
    gathered = inner[routes]  # padding cells (number size * size) gather zeros
    ends = counts.astype(np.intp) - 1
    rows = np.arange(found)
    gathered[rows, ends] = last[routes[rows, ends]]
    data = gathered.view(np.uint8)
    text: str = data[data != 0].tobytes().decode("ascii")
    return text.split(WORD_END)[:found]


@cache
def _cell_words(size: int) -> tuple[Any, Any]:
    """Per cell number (and a zero for padding): ``"[r, c], "`` and ``"[r, c]"`` + word end, 8 bytes each."""
    import numpy as np

    def table(suffix: str) -> Any:
        texts = [(text + suffix).encode().ljust(CELL_BYTES, b"\0") for text in cell_texts(size)]
        return np.frombuffer(b"".join(texts) + bytes(CELL_BYTES), dtype=np.uint64)

    return table(", "), table(WORD_END)
