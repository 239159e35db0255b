"""Hangman patterns and guessed letters, and the SQL condition they stand for.

A pattern such as ``-e--`` (``_`` works as a blank too) fixes the word length
and the revealed letters. It becomes a WHERE clause on the ``words`` table's
per-letter position masks, so every candidate query (``words``, the guessers,
the evil chooser) is one indexed query with bound parameters. Column names
come from the alphabet (``Alphabet.position_column``); no user text is ever
formatted into SQL.

Letters are the index's alphabet's (``Index.alphabet``): a pattern or a run of
guessed letters is read as a player types it (any case; for an alphabet with
letters or folds beyond ASCII, Unicode NFC first, so NFD input works, then the
language's folds: French ``é`` plays as ``e``). Error messages name the
alphabet's letters (``a-z`` for English).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from wordindex.errors import BadPatternError, UsageError
from wordindex.languages.alphabet import ENGLISH, Alphabet

BLANKS = frozenset("-_")


def letters_named(alphabet: Alphabet) -> str:
    """How a message names the letters of ``alphabet``: ``a-z`` for English, else the letters themselves."""
    return "a-z" if alphabet.letters == ENGLISH.letters else alphabet.letters


def typed_characters(alphabet: Alphabet, text: str) -> str:
    """``text`` as the characters a player meant: NFC (``a`` + combining ogonek is ``ą``) when the alphabet
    can play anything beyond ASCII; an ASCII-only alphabet reads the text as it is."""
    if alphabet.all_ascii and not alphabet.folds:
        return text
    return unicodedata.normalize("NFC", text)


def play_letter(alphabet: Alphabet, character: str) -> str | None:
    """The letters one typed character plays as (``É`` → ``e`` in French, ``ß`` → ``ss`` in German), or
    None when it is not a letter of the alphabet."""
    return alphabet.play(character) or None


@dataclass(frozen=True)
class Pattern:
    """A parsed pattern: normalised text (``-`` for blanks), revealed letters, and their alphabet."""

    text: str
    revealed: dict[str, int]  # letter -> bitmask of the 0-based positions it is shown at
    alphabet: Alphabet = ENGLISH

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
        return parse_pattern("".join(chars), self.alphabet)

    @property
    def is_complete(self) -> bool:
        return "-" not in self.text


def parse_pattern(text: str, alphabet: Alphabet = ENGLISH) -> Pattern:
    """Parse a pattern; BadPatternError names the first character that is not allowed."""
    if text is None or not text.strip():
        raise BadPatternError("the pattern is empty: give one character per letter, '-' for unknown ones (e.g. -e--)")
    raw = text.strip()
    normal: list[str] = []
    revealed: dict[str, int] = {}
    for i, ch in enumerate(typed_characters(alphabet, raw)):
        if ch in BLANKS:
            normal.append("-")
            continue
        letters = play_letter(alphabet, ch)
        if letters is None:
            raise BadPatternError(
                f"pattern {raw!r} has {ch!r} at position {i + 1}: "
                f"use letters {letters_named(alphabet)} and '-' or '_' for unknown letters"
            )
        for letter in letters:  # a fold may stand for two letters (German ß: ss)
            revealed[letter] = revealed.get(letter, 0) | (1 << len(normal))
            normal.append(letter)
    return Pattern(text="".join(normal), revealed=revealed, alphabet=alphabet)


def parse_letters(text: str | None, what: str = "guessed letters", alphabet: Alphabet = ENGLISH) -> frozenset[str]:
    """Parse a run of letters such as ``eat`` (commas and spaces are ignored)."""
    if not text:
        return frozenset()
    letters: set[str] = set()
    for ch in typed_characters(alphabet, text):
        if ch in ", ":
            continue
        played = play_letter(alphabet, ch)
        if played is None:
            raise UsageError(f"{what} {text!r} include {ch!r}: only letters {letters_named(alphabet)} are allowed")
        letters.update(played)
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
    conditions can share one statement. Only the columns of the letters
    concerned appear, in the alphabet's order, each letter's parameter named
    by its slot (``:m_4``).
    """
    alphabet = pattern.alphabet
    clauses = [f"length = :{prefix}length"]
    params: dict[str, int] = {f"{prefix}length": pattern.length}
    guessed = (guessed or frozenset()) | pattern.revealed_letters
    concerned = [letter for letter in (guessed if exclusive else pattern.revealed_letters) if letter in alphabet.slot]
    for letter in sorted(concerned, key=alphabet.slot.__getitem__):
        column = alphabet.position_column(letter)
        mask = pattern.revealed.get(letter, 0)
        name = f"{prefix}m_{alphabet.slot[letter]}"
        if exclusive:
            clauses.append(f"{column} = :{name}")
        else:
            clauses.append(f"({column} & :{name}) = :{name}")
        params[name] = mask
    return " AND ".join(clauses), params
