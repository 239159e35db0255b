"""Boggle boards: square grids of 2×2 to 6×6 letter cubes, written row-major.

A board string lists the N² cube faces left to right, top to bottom,
case-insensitively; spaces and line breaks are ignored. ``q`` stands for the
Qu cube (it spells "qu" and counts as two letters); ``qu`` may be typed for
it too. Anything else is refused with a ``BoardError`` that says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from ..alphabet import LETTER_SET
from ..errors import UsageError

MIN_SIZE = 2
MAX_SIZE = 6
SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))
CELL_COUNTS = {n * n: n for n in SIZES}

#: What each face letter spells: only the Qu cube spells two letters.
FACE_TEXT = {letter: letter for letter in LETTER_SET}
FACE_TEXT["q"] = "qu"


class BoardError(UsageError):
    """A board string that cannot be read as a 2×2 to 6×6 board."""


def _size_list() -> str:
    counts = [str(n * n) for n in SIZES]
    return ", ".join(counts[:-1]) + " or " + counts[-1]


@dataclass(frozen=True)
class Board:
    """A square board: ``size`` and the ``size²`` faces row-major (``q`` = Qu)."""

    size: int
    faces: str

    def __post_init__(self) -> None:
        if self.size not in SIZES or len(self.faces) != self.size * self.size:
            raise BoardError(f"a {self.size}×{self.size} board needs {self.size * self.size} letters")

    @property
    def text(self) -> str:
        """The board as one row-major string, ``q`` for the Qu cube (danvk's convention)."""
        return self.faces

    @property
    def cell_count(self) -> int:
        return self.size * self.size

    def rows(self) -> list[str]:
        """The rows as strings, e.g. ``["abcd", "efgh", "ijkl", "mnop"]``."""
        n = self.size
        return [self.faces[r * n : (r + 1) * n] for r in range(n)]

    def face(self, row: int, col: int) -> str:
        """The face letter at a cell (``q`` for Qu); IndexError outside the board."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise IndexError(f"cell ({row}, {col}) is outside a {self.size}×{self.size} board")
        return self.faces[row * self.size + col]

    def spelled(self, cell: int) -> str:
        """What the cube at a cell index spells ("qu" for the Qu cube)."""
        return FACE_TEXT[self.faces[cell]]

    def label(self, cell: int) -> str:
        """The cube's face as printed on it: ``A`` .. ``Z``, ``Qu``."""
        return "Qu" if self.faces[cell] == "q" else self.faces[cell].upper()

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """Cell indexes next to ``cell`` in the 8 directions."""
        return neighbour_lists(self.size)[cell]

    def coordinates(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)

    def spell(self, cells: Iterable[int]) -> str:
        """The word a path of cell indexes spells."""
        return "".join(self.spelled(c) for c in cells)


def positions_by_size(boards: Sequence[Board]) -> dict[int, list[int]]:
    """The positions of the boards of each size (solvers work on one size at a time)."""
    by_size: dict[int, list[int]] = {}
    for i, board in enumerate(boards):
        by_size.setdefault(board.size, []).append(i)
    return by_size


@cache
def neighbour_lists(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a size×size board, its neighbours in all 8 directions."""
    result = []
    for r in range(size):
        for c in range(size):
            result.append(
                tuple(
                    rr * size + cc
                    for rr in (r - 1, r, r + 1)
                    for cc in (c - 1, c, c + 1)
                    if (rr, cc) != (r, c) and 0 <= rr < size and 0 <= cc < size
                )
            )
    return tuple(result)


def parse_board(text: str, size: int | None = None) -> Board:
    """Read a board string; ``size`` (when given) fixes the expected side.

    ``qu`` is read as the Qu cube when the letters only make a square board
    that way (or the expected size) and would not as single cubes.
    """
    if size is not None and size not in SIZES:
        raise BoardError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {size}")
    letters = "".join((text or "").split()).lower()
    if not letters:
        raise BoardError("the board is empty: give its letters row by row, e.g. abcdefghijklmnop")
    bad = sorted({ch for ch in letters if ch not in LETTER_SET})
    if bad:
        shown = ", ".join(repr(ch) for ch in bad[:5])
        raise BoardError(f"a board holds only the letters a-z (q for the Qu cube), not {shown}")
    collapsed = letters.replace("qu", "q")
    wanted = {size * size} if size is not None else set(CELL_COUNTS)
    for candidate in (letters, collapsed):
        if len(candidate) in wanted:
            return Board(CELL_COUNTS[len(candidate)], candidate)
    if size is not None:
        raise BoardError(f"a {size}×{size} board needs exactly {size * size} letters, got {len(letters)}")
    raise BoardError(f"a board needs {_size_list()} letters (2×2 to 6×6), got {len(letters)}")


def cube_tokens(word: str) -> list[str] | None:
    """The cube faces a word needs, in order (``qu`` → the ``q`` cube).

    None when the word cannot be spelled by cubes at all (a ``q`` not
    followed by ``u``, or a character other than a-z).
    """
    tokens = []
    i = 0
    while i < len(word):
        ch = word[i]
        if ch not in LETTER_SET:
            return None
        if ch == "q":
            if word[i + 1 : i + 2] != "u":
                return None
            i += 2
        else:
            i += 1
        tokens.append(ch)
    return tokens
