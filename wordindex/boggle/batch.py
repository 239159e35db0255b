"""Score boards in bulk, line by line: what ``wordindex boggle --batch`` runs.

Lines come in chunks; each line is a board (scored) or a mistake (its
reason kept, the batch goes on). A plain line of N² lowercase letters is
taken as it is, without the general board parser, and the boards of a chunk
are scored together by the compiled scorer (``engine.BoardScorer``) on every
core. A batch that is small and complete (fewer than ``SMALL_BATCH`` boards,
nothing more to come) is solved by the plain-Python search instead: for a
handful of boards compiling the kernel would cost more than the search.
Boards are read in the index's language (its letters, Qu where its dice
print Qu, ``[th]`` for a multi-letter face).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import CELL_COUNTS, Board, BoardError, parse_board
from .engine import MAX_LETTERS, BoardScorer
from .faces import FaceSet, faces_of
from .rules import Rules
from .trie import Trie

#: Below this many boards in a whole batch, the plain-Python search is quicker than compiling the kernel.
SMALL_BATCH = 64
#: In ``ascii_codes``, a byte that is no face of the language.
NOT_A_FACE = 255


@dataclass
class ChunkResult:
    """The answers for one chunk of lines, in line order.

    ``boards[i]`` is the normalised board of line i (None when the line was
    bad), ``counts[i]`` / ``scores[i]`` its totals, ``errors[i]`` the reason
    a bad line was refused.
    """

    lines: Sequence[str]
    boards: list[str | None]
    counts: list[int]
    scores: list[int]
    errors: dict[int, str] = field(default_factory=dict)
    #: When every line was a plain board of one size: its JSON lines, formatted in one go.
    json_lines: bytes | None = None


def ascii_codes(faces: FaceSet) -> bytes:
    """A 256-byte table: the face number of each ASCII lowercase letter in a board line (``q``: the
    Qu cube where the language's dice print Qu), ``NOT_A_FACE`` for every other byte."""
    table = bytearray([NOT_A_FACE]) * 256
    for letter in faces.alphabet.letters:
        if letter.isascii():
            table[ord(letter)] = faces.code("qu" if letter == "q" and faces.q_is_qu else letter)
    return bytes(table)


class BatchScorer:
    """Scores batch lines chunk by chunk; remembers the bad lines for the final report."""

    def __init__(self, trie: Trie, rules: Rules, faces: FaceSet | None = None):
        self.trie = trie
        self.rules = rules
        self.faces = faces or faces_of("en")
        self.lines = 0
        self.bad: list[tuple[int, str]] = []
        self._scorer: BoardScorer | None = None
        self._table = ascii_codes(self.faces)

    def prepare(self) -> None:
        """Compile the scoring kernel on another thread while the caller reads the first lines."""
        from .dfs_llvm import compile_in_background

        compile_in_background()

    def score_chunk(self, lines: Sequence[str], more_to_come: bool = False) -> ChunkResult:
        """Score one chunk of lines (line numbers continue from the previous chunk)."""
        total = len(lines)
        if total and (more_to_come or total >= SMALL_BATCH):
            uniform = self._score_uniform(lines)
            if uniform is not None:
                self.lines += total
                return uniform
        result = ChunkResult(lines, [None] * len(lines), [0] * len(lines), [0] * len(lines))
        by_size: dict[int, tuple[list[int], list[Board]]] = {}
        for i, line in enumerate(lines):
            try:
                if not line.strip():
                    raise BoardError("empty line")
                board = parse_board(line, faces=self.faces)
            except BoardError as exc:
                result.errors[i] = str(exc)
                self.bad.append((self.lines + i + 1, str(exc)))
                continue
            slots, boards = by_size.setdefault(board.size, ([], []))
            slots.append(i)
            boards.append(board)
        self.lines += len(lines)
        total = sum(len(slots) for slots, _ in by_size.values())
        for slots, boards in by_size.values():
            counts, scores = self._score(boards, more_to_come or total >= SMALL_BATCH)
            for i, board, count, score in zip(slots, boards, counts, scores, strict=True):
                result.boards[i] = board.text
                result.counts[i] = count
                result.scores[i] = score
        return result

    def _score_uniform(self, lines: Sequence[str]) -> ChunkResult | None:
        """The fast path: a chunk whose lines are all N² lowercase ASCII letters of the alphabet, one N,
        checked and scored at once.

        None when some line is anything else (then each line is read on its own).
        """
        widths = set(map(len, lines))
        if len(widths) != 1:
            return None
        cells = widths.pop()
        text = "".join(lines)
        if cells not in CELL_COUNTS or not (text.isascii() and text.isalpha() and text.islower()):
            return None
        import numpy as np

        from .batch_json import board_lines

        size = CELL_COUNTS[cells]
        raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8).reshape(len(lines), cells)
        codes = np.frombuffer(self._table, dtype=np.uint8)[raw]
        if (codes == NOT_A_FACE).any():
            return None
        counts, scores = self._scorer_of().score_codes(codes, size)
        return ChunkResult(
            lines, list(lines), counts.tolist(), scores.tolist(), json_lines=board_lines(raw, size, counts, scores)
        )

    def _scorer_of(self) -> BoardScorer:
        if self._scorer is None:
            self._scorer = BoardScorer(self.trie, self.rules, faces=self.faces)
        return self._scorer

    def _score(self, boards: list[Board], many: bool) -> tuple[list[int], list[int]]:
        """(counts, scores) of boards of one size."""
        if self._scorer is None and not many:
            from .dfs_python import find_words

            table = self.rules.score_table(MAX_LETTERS + 1)
            counts, scores = [], []
            for board in boards:
                words = find_words(self.trie, board, self.rules.min_length)
                counts.append(len(words))
                scores.append(sum(table[len(word)] for word, _ in words.values()))
            return counts, scores
        counts_array, scores_array = self._scorer_of().score_boards(boards)
        return counts_array.tolist(), scores_array.tolist()
