"""Hangman patterns and guessed letters, and the SQL condition they stand for.

A pattern such as ``-e--`` (``_`` works as a blank too) fixes the word length
and the revealed letters. It becomes a WHERE clause on the ``words`` table's
per-letter position masks, so every candidate query (``words``, the guessers,
the evil chooser) is one indexed query with bound parameters. Column names
come from ``alphabet.POSITION_COLUMN``; no user text is ever formatted into SQL.
"""

from __future__ import annotations

from dataclasses import dataclass

from .alphabet import LETTER_SET, LETTERS, POSITION_COLUMN
from .errors import BadPatternError, UsageError

BLANKS = frozenset("-_")


@dataclass(frozen=True)
class Pattern:
    """A parsed pattern: normalised text (``-`` for blanks) and revealed letters."""

    text: str
    revealed: dict[str, int]  # letter -> bitmask of the 0-based positions it is shown at

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def revealed_letters(self) -> frozenset[str]:
        return frozenset(self.revealed)

    def reveal(self, letter: str, positions_mask: int) -> Pattern:
        """The pattern with ``letter`` shown at the positions in ``positions_mask``."""
        chars = list(self.text)
        for i in range(len(chars)):
            if positions_mask >> i & 1:
                chars[i] = letter
        return parse_pattern("".join(chars))

    @property
    def is_complete(self) -> bool:
        return "-" not in self.text


def parse_pattern(text: str) -> Pattern:
    """Parse a pattern; BadPatternError names the first character that is not allowed."""
    if text is None or not text.strip():
        raise BadPatternError("the pattern is empty: give one character per letter, '-' for unknown ones (e.g. -e--)")
    raw = text.strip()
    normal = []
    revealed: dict[str, int] = {}
    for i, ch in enumerate(raw):
        low = ch.lower()
        if ch in BLANKS:
            normal.append("-")
        elif low in LETTER_SET:
            normal.append(low)
            revealed[low] = revealed.get(low, 0) | (1 << i)
        else:
            raise BadPatternError(
                f"pattern {raw!r} has {ch!r} at position {i + 1}: use letters a-z and '-' or '_' for unknown letters"
            )
    return Pattern(text="".join(normal), revealed=revealed)


def parse_letters(text: str | None, what: str = "guessed letters") -> frozenset[str]:
    """Parse a run of letters such as ``eat`` (commas and spaces are ignored)."""
    if not text:
        return frozenset()
    letters = set()
    for ch in text:
        if ch in ", ":
            continue
        low = ch.lower()
        if low not in LETTER_SET:
            raise UsageError(f"{what} {text!r} include {ch!r}: only letters a-z are allowed")
        letters.add(low)
    return frozenset(letters)


def candidate_condition(
    pattern: Pattern, guessed: frozenset[str] | None = None, *, exclusive: bool = True, prefix: str = ""
) -> tuple[str, dict[str, int]]:
    """WHERE clause and parameters for the words a pattern allows.

    ``exclusive=False`` (the ``pattern`` guesser, ``words`` without
    ``--guessed``): words of the pattern's length with each revealed letter at
    least at its shown positions; a blank may hold any letter.

    ``exclusive=True`` (``paga``, the evil chooser, ``words --guessed``): a
    guessed letter stands exactly where the pattern shows it and nowhere else;
    revealed letters count as guessed.

    ``prefix`` starts every parameter name (``:p3_length``), so several
    conditions can share one statement.
    """
    clauses = [f"length = :{prefix}length"]
    params: dict[str, int] = {f"{prefix}length": pattern.length}
    guessed = (guessed or frozenset()) | pattern.revealed_letters
    for letter in LETTERS:
        column = POSITION_COLUMN[letter]
        mask = pattern.revealed.get(letter, 0)
        name = f"{prefix}m_{letter}"
        if exclusive and letter in guessed:
            clauses.append(f"{column} = :{name}")
        elif mask:
            clauses.append(f"({column} & :{name}) = :{name}")
        else:
            continue
        params[name] = mask
    return " AND ".join(clauses), params
