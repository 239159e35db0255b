"""What a hangman player knows: the pattern and the letters guessed so far.

Everything here is pure Python (no queries): parsing and checking guesses,
a pattern together with its guessed letters, and the errors for bad input.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from wordindex.languages.alphabet import ENGLISH, MAX_WORD_LENGTH, Alphabet
from wordindex.words.pattern import Pattern, letters_named, parse_pattern, play_letter, typed_characters

from ..errors import BadMoveError, NegativeAnswer, NotFoundError, UsageError


class BadGuessError(BadMoveError):
    """A guess that is not exactly one new letter of the alphabet."""


class BadLengthError(UsageError):
    """A word length below 1."""


class NoSuchLengthError(NotFoundError):
    """No word of the requested length is in the index."""


class NoCandidateError(NegativeAnswer, NotFoundError):
    """No word of the index fits the pattern and the guessed letters (a negative answer: exit 1)."""


def check_letter(text: str | None, guessed: Collection[str] = (), alphabet: Alphabet = ENGLISH) -> str:
    """The letter of the alphabet a guess stands for (any case; NFD works; a French ``é`` is ``e``), or
    BadGuessError saying why it is refused."""
    if text is None or text == "":
        raise BadGuessError("a guess must be one letter, not nothing")
    typed = typed_characters(alphabet, text)
    if len(typed) != 1:
        raise BadGuessError(f"a guess must be exactly one letter, not {text!r}")
    letter = play_letter(alphabet, typed)
    if letter is None:
        raise BadGuessError(f"a guess must be a letter {letters_named(alphabet)}, not {text!r}")
    if len(letter) != 1:  # a fold to two letters (German ß: ss)
        raise BadGuessError(f"a guess must be exactly one letter, not {text!r} (it plays as {letter!r})")
    if letter in guessed:
        raise BadGuessError(f"{letter!r} was already guessed")
    return letter


def parse_guess_sequence(text: str | None, what: str = "guesses", alphabet: Alphabet = ENGLISH) -> tuple[str, ...]:
    """Letters in the order given (``e,o t`` → e, o, t); repeats and non-letters are refused."""
    seen: list[str] = []
    for ch in typed_characters(alphabet, text or ""):
        if ch in ", ":
            continue
        try:
            seen.append(check_letter(ch, seen, alphabet))
        except BadGuessError as exc:
            played = play_letter(alphabet, ch)
            if played in seen:
                raise BadGuessError(f"{what} {text!r} repeat {played!r}: each letter can be guessed once") from None
            raise BadGuessError(
                f"{what} {text!r} include {ch!r}: only letters {letters_named(alphabet)} are allowed"
            ) from exc
    return tuple(seen)


def check_length(length: int) -> int:
    """BadLengthError for lengths below 1; no query is needed to refuse them."""
    if length < 1:
        raise BadLengthError(f"the word length must be 1 or more, not {length}")
    return length


@dataclass(frozen=True)
class Position:
    """A pattern and every letter guessed so far (revealed letters included)."""

    pattern: Pattern
    guessed: frozenset[str]

    @property
    def alphabet(self) -> Alphabet:
        return self.pattern.alphabet

    @property
    def misses(self) -> frozenset[str]:
        """Guessed letters the pattern does not show: wrong guesses."""
        return self.guessed - self.pattern.revealed_letters

    def after(self, letter: str, mask: int) -> Position:
        """The position after guessing ``letter``, shown at the bits of ``mask``."""
        return Position(self.pattern.reveal(letter, mask) if mask else self.pattern, self.guessed | {letter})


def parse_position(pattern_text: str, guessed_text: str | None = None, alphabet: Alphabet = ENGLISH) -> Position:
    """A checked Position from ``--pattern`` and ``--guessed`` text.

    Revealed letters count as guessed, so ``--guessed`` may list every
    guessed letter (``-o--`` with ``eo``) or only the wrong ones (``-o--``
    with ``e``). A list that names some revealed letters but not others
    contradicts the pattern and is refused, as is a letter listed twice.
    """
    pattern = parse_pattern(pattern_text, alphabet)
    if pattern.length > MAX_WORD_LENGTH:
        raise NoSuchLengthError(
            f"no word is {pattern.length} letters long (the index holds words up to {MAX_WORD_LENGTH} letters)"
        )
    revealed = pattern.revealed_letters
    if guessed_text is None:
        return Position(pattern, revealed)
    guessed = frozenset(parse_guess_sequence(guessed_text, "guessed letters", alphabet))
    listed, missing = sorted(revealed & guessed), sorted(revealed - guessed)
    if listed and missing:
        raise UsageError(
            f"the guessed letters {guessed_text!r} name {', '.join(map(repr, listed))} from pattern {pattern.text!r} "
            f"but not {', '.join(map(repr, missing))}: list every guessed letter, or only the wrong ones"
        )
    return Position(pattern, guessed | revealed)


def blank_position(length: int, alphabet: Alphabet = ENGLISH) -> Position:
    return Position(parse_pattern("-" * length, alphabet), frozenset())
