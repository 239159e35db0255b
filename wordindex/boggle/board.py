"""Boggle boards: square grids of 2×2 to 6×6 letter cubes, written row-major.

A board string lists the N² cube faces left to right, top to bottom,
case-insensitively; spaces and line breaks are ignored. A face is a letter of
the index's alphabet (typed as its language writes it: NFC or NFD, any case,
its folds), or several letters in brackets (``[th]``) where the language's
dice have such faces (``wordindex.boggle.faces``). ``q`` stands for the Qu
cube wherever the dice print ``Qu`` (English: it spells "qu" and counts as two
letters); ``qu`` may be typed for it too. Anything else is refused with a
``BoardError`` that says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from ..errors import UsageError
from .faces import FaceSet, english_faces

MIN_SIZE = 2
MAX_SIZE = 6
SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1))
CELL_COUNTS = {n * n: n for n in SIZES}


class BoardError(UsageError):
    """A board string that cannot be read as a 2×2 to 6×6 board."""


def _size_list() -> str:
    counts = [str(n * n) for n in SIZES]
    return ", ".join(counts[:-1]) + " or " + counts[-1]


@dataclass(frozen=True)
class Board:
    """A square board: ``size`` and what each of its ``size²`` cubes spells, row-major (``"qu"``, ``"th"``).

    ``faces`` may be given as a string of one character per cube, ``q`` for Qu (English, as boards
    were always written). ``face_set`` is the language the board is read and written in.
    """

    size: int
    faces: tuple[str, ...]
    face_set: FaceSet = field(default_factory=english_faces, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.faces, str):
            object.__setattr__(self, "faces", tuple("qu" if ch == "q" else ch for ch in self.faces))
        if self.size not in SIZES or len(self.faces) != self.size * self.size:
            raise BoardError(f"a {self.size}×{self.size} board needs {self.size * self.size} letters")

    @property
    def text(self) -> str:
        """The board as one row-major string: ``q`` for the Qu cube (danvk's convention), ``[th]`` for Th."""
        return "".join(map(self.face_set.written, self.faces))

    @property
    def cell_count(self) -> int:
        return self.size * self.size

    def rows(self) -> list[str]:
        """The rows as strings, e.g. ``["abcd", "efgh", "ijkl", "mnop"]``."""
        n = self.size
        written = [self.face_set.written(face) for face in self.faces]
        return ["".join(written[r * n : (r + 1) * n]) for r in range(n)]

    def face(self, row: int, col: int) -> str:
        """The face at a cell as a board string writes it (``q`` for Qu); IndexError outside the board."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise IndexError(f"cell ({row}, {col}) is outside a {self.size}×{self.size} board")
        return self.face_set.written(self.faces[row * self.size + col])

    def spelled(self, cell: int) -> str:
        """What the cube at a cell index spells ("qu" for the Qu cube)."""
        return self.faces[cell]

    def label(self, cell: int) -> str:
        """The cube's face as printed on it: ``A`` .. ``Z``, ``Qu``, ``Th``."""
        return self.face_set.label(self.faces[cell])

    @cached_property
    def _codes(self) -> bytes:
        return bytes(self.face_set.code(face) for face in self.faces)

    def codes(self) -> bytes:
        """The face number of every cube (``FaceSet.code``), one byte each: what the searches read."""
        return self._codes

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """Cell indexes next to ``cell`` in the 8 directions."""
        return neighbour_lists(self.size)[cell]

    def coordinates(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)


def board_key(board: Board, language: str) -> str:
    """A key equal for every board with the same words: the language, then the faces of the least of
    the board's eight turns and mirror images (each has the same paths, so the same words), e.g.
    ``en:a,b,c,d`` for ``abcd``, ``cadb`` or ``badc``. A running round's board is hidden by it."""
    n = board.size
    grid = [list(board.faces[r * n : (r + 1) * n]) for r in range(n)]
    forms = []
    for _ in range(4):
        grid = [list(row) for row in zip(*grid[::-1])]  # a quarter turn
        forms.append(grid)
        forms.append([row[::-1] for row in grid])
    return f"{language}:" + min(",".join(face for row in form for face in row) for form in forms)


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


def parse_board(text: str, size: int | None = None, faces: FaceSet | None = None) -> Board:
    """Read a board string in a language's faces (English by default); ``size`` (when given) fixes the side.

    ``qu`` is read as the Qu cube when the letters only make a square board
    that way (or the expected size) and would not as single cubes.
    """
    faces = faces or english_faces()
    if size is not None and size not in SIZES:
        raise BoardError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {size}")
    squeezed = "".join((text or "").split())
    if not squeezed:
        raise BoardError("the board is empty: give its letters row by row, e.g. abcdefghijklmnop")
    tokens = _tokens(squeezed, faces)
    candidates = [tokens]
    if faces.q_is_qu:
        candidates = [[_QU_CUBE if t == "q" else t for t in tokens], _collapse_qu(tokens)]
    wanted = {size * size} if size is not None else set(CELL_COUNTS)
    for candidate in candidates:
        if len(candidate) in wanted:
            return Board(CELL_COUNTS[len(candidate)], tuple(candidate), faces)
    if size is not None:
        raise BoardError(f"a {size}×{size} board needs exactly {size * size} letters, got {len(tokens)}")
    raise BoardError(f"a board needs {_size_list()} letters (2×2 to 6×6), got {len(tokens)}")


_QU_CUBE = "qu"


def _tokens(text: str, faces: FaceSet) -> list[str]:
    """The faces a board string names, in order: letters one by one, ``[..]`` as one face."""
    tokens: list[str] = []
    bad: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "[":
            end = text.find("]", i)
            inner = faces.alphabet.play(text[i + 1 : end]) if end > i else None
            if inner is None or inner not in faces.multi:
                bad.append(text[i : end + 1] if end > i else text[i:])
                i = end + 1 if end > i else len(text)
                continue
            tokens.append(inner)
            i = end + 1
            continue
        j = i + 1
        while j < len(text) and text[j] != "[" and _combining(text[j]):
            j += 1  # a letter and its combining marks (NFD input) are one face
        letter = faces.alphabet.play(text[i:j])
        if letter is None or len(letter) != 1:
            bad.append(faces.alphabet.lower(text[i:j]))
        else:
            tokens.append(letter)
        i = j
    if bad:
        unique = sorted(set(bad), key=bad.index)
        raise BoardError(_refusal(faces, ", ".join(repr(b) for b in unique[:5])))
    return tokens


def _combining(ch: str) -> bool:
    import unicodedata

    return unicodedata.combining(ch) != 0


def _refusal(faces: FaceSet, shown: str) -> str:
    """Why a board string was refused, naming what a board may hold (as English always said it)."""
    if faces.name == "English":
        return f"a board holds only the letters a-z (q for the Qu cube), not {shown}"
    multi = " ".join(f"[{face}]" for face in faces.multi if face != "qu")
    extra = (", q for the Qu cube" if faces.q_is_qu else "") + (f", {multi}" if multi else "")
    return f"a board holds only {faces.name} letters ({faces.alphabet.letters}{extra}), not {shown}"


def _collapse_qu(tokens: list[str]) -> list[str]:
    """``q`` then ``u`` read as one Qu cube (and a lone ``q`` as the Qu cube too)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] == "q":
            out.append(_QU_CUBE)
            i += 2 if tokens[i + 1 : i + 2] == ["u"] else 1
        else:
            out.append(tokens[i])
            i += 1
    return out


def find_path(board: Board, word: str) -> tuple[tuple[int, int], ...] | None:
    """One path of adjacent, distinct cells spelling ``word`` (as typed: any case, the language's folds), or None.

    A recursive backtracking search for a single word (the human's check in
    the game), separate from the all-words search as CS106B asks. A cube
    spells its whole face: ``qu`` from a Qu cube, ``th`` from a Th cube.
    """
    word = board.face_set.alphabet.play(word) or ""
    if not word:
        return None
    for start in range(board.cell_count):
        route = route_from(board, word, start)
        if route is not None:
            return tuple(board.coordinates(c) for c in route)
    return None


def route_from(board: Board, word: str, start: int) -> list[int] | None:
    """The cell numbers of one path spelling ``word`` (already in the language's play form) that begins
    at cell ``start``, or None: ``find_path``'s search from one cell, and a round's hint of where the
    words a player has not found begin (``wordindex.boggle.hints``)."""
    faces = board.faces
    used = [False] * board.cell_count

    def extend(cell: int, at: int, route: list[int]) -> list[int] | None:
        face = faces[cell]
        if used[cell] or not word.startswith(face, at):
            return None
        route.append(cell)
        if at + len(face) == len(word):
            return route
        used[cell] = True
        for near in board.neighbours(cell):
            if extend(near, at + len(face), route) is not None:
                return route
        used[cell] = False
        route.pop()
        return None

    return extend(start, 0, []) if word else None
