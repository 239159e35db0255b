"""Score boards in bulk, line by line: what ``wordindex boggle --batch`` runs.

Lines come in chunks; each line is a board (scored) or a mistake (its
reason kept, the batch goes on). A plain line of N² lowercase letters is
taken as it is, without the general board parser, and the boards of a chunk
are scored together by the compiled scorer (``engine.BoardScorer``) on every
core. A batch that is small and complete (fewer than ``SMALL_BATCH`` boards,
nothing more to come) is solved by the plain-Python search instead: for a
handful of boards numba's start-up would cost more than the search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import CELL_COUNTS, Board, BoardError, parse_board
from .engine import MAX_LETTERS, BoardScorer
from .rules import Rules
from .trie import Trie

#: Below this many boards in a whole batch, the plain-Python search is quicker than starting numba.
SMALL_BATCH = 64


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


def _board_text(line: str) -> str:
    """The board of a batch line, as N² faces (``BoardError`` says why a line is not one)."""
    if len(line) in CELL_COUNTS and line.isascii() and line.isalpha() and line.islower():
        return line
    if not line.strip():
        raise BoardError("empty line")
    return parse_board(line).text


class BatchScorer:
    """Scores batch lines chunk by chunk; remembers the bad lines for the final report."""

    def __init__(self, trie: Trie, rules: Rules):
        self.trie = trie
        self.rules = rules
        self.lines = 0
        self.bad: list[tuple[int, str]] = []
        self._scorer: BoardScorer | None = None

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
        by_size: dict[int, tuple[list[int], list[str]]] = {}
        for i, line in enumerate(lines):
            try:
                text = _board_text(line)
            except BoardError as exc:
                result.errors[i] = str(exc)
                self.bad.append((self.lines + i + 1, str(exc)))
                continue
            slots, texts = by_size.setdefault(CELL_COUNTS[len(text)], ([], []))
            slots.append(i)
            texts.append(text)
        self.lines += len(lines)
        total = sum(len(slots) for slots, _ in by_size.values())
        for size, (slots, texts) in by_size.items():
            counts, scores = self._score(size, texts, more_to_come or total >= SMALL_BATCH)
            for i, text, count, score in zip(slots, texts, counts, scores, strict=True):
                result.boards[i] = text
                result.counts[i] = count
                result.scores[i] = score
        return result

    def _score_uniform(self, lines: Sequence[str]) -> ChunkResult | None:
        """The fast path: a chunk whose lines are all N² lowercase letters a-z, one N, checked and scored at once.

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
        letters = np.frombuffer(text.encode("ascii"), dtype=np.uint8).reshape(len(lines), cells) - 97
        if self._scorer is None:
            self._scorer = BoardScorer(self.trie, self.rules)
        counts, scores = self._scorer.score_codes(letters, size)
        return ChunkResult(
            lines, list(lines), counts.tolist(), scores.tolist(), json_lines=board_lines(letters, size, counts, scores)
        )

    def _score(self, size: int, texts: list[str], many: bool) -> tuple[list[int], list[int]]:
        """(counts, scores) of boards of one size given as their faces."""
        if self._scorer is None and not many:
            from .dfs_python import find_words

            table = self.rules.score_table(MAX_LETTERS + 1)
            counts, scores = [], []
            for text in texts:
                words = find_words(self.trie, Board(size, text), self.rules.min_length)
                counts.append(len(words))
                scores.append(sum(table[len(word)] for word, _ in words.values()))
            return counts, scores
        import numpy as np

        if self._scorer is None:
            self._scorer = BoardScorer(self.trie, self.rules)
        codes = np.frombuffer("".join(texts).encode("ascii"), dtype=np.uint8).reshape(len(texts), size * size)
        counts_array, scores_array = self._scorer.score_codes(codes - 97, size)
        return counts_array.tolist(), scores_array.tolist()
