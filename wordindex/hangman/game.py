"""The game as a state machine (CS106L Evil Hangman's flow), driven by the CLI.

``HangmanGame(chooser, guesses)``: ``guess(text)`` checks the input (exactly
one letter not guessed before, any case), asks the chooser, and returns a
``Turn``. A guess that reveals nothing costs one of the guesses; the game is
lost when none is left and won when the word is complete; ``answer`` is then
the word the chooser names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..index import Index
from .choosers import Chooser, EvilChooser, RandomChooser
from .guessers import Guess, next_guess
from .state import check_letter

CHOOSERS = ("evil", "random", "optimal")
PLAYING, WON, LOST = "playing", "won", "lost"


@dataclass(frozen=True)
class Turn:
    """What one guess did."""

    letter: str
    occurrences: int
    pattern: str
    guesses_left: int
    status: str


def check_guesses_allowed(guesses: int) -> int:
    if guesses < 1:
        raise UsageError(f"the number of guesses must be 1 or more, not {guesses}")
    return guesses


def make_chooser(index: Index, kind: str, length: int, seed: int | None = None) -> Chooser:
    """An ``evil``, ``random`` or ``optimal`` chooser for words of ``length`` (named errors for bad lengths)."""
    if kind not in CHOOSERS:
        raise UsageError(f"unknown chooser {kind!r}: choose evil, random or optimal")
    if kind == "optimal":
        from .optimal import OptimalChooser

        return OptimalChooser(index, length, seed)
    return EvilChooser(index, length, seed) if kind == "evil" else RandomChooser(index, length, seed)


class HangmanGame:
    """One game: a chooser, a number of guesses, and the letters guessed in order."""

    def __init__(self, chooser: Chooser, guesses: int):
        self.chooser = chooser
        self.guesses_allowed = check_guesses_allowed(guesses)
        self.guesses_left = guesses
        self.turns: list[Turn] = []

    @property
    def pattern(self) -> str:
        return self.chooser.pattern

    @property
    def guessed(self) -> list[str]:
        """Letters guessed so far, in order."""
        return list(self.chooser.guesses)

    @property
    def words_left(self) -> int:
        return self.chooser.family_size

    @property
    def status(self) -> str:
        if self.chooser.is_complete:
            return WON
        if self.guesses_left <= 0:
            return LOST
        return PLAYING

    @property
    def over(self) -> bool:
        return self.status != PLAYING

    @property
    def answer(self) -> str:
        """The word the chooser names (only once the game is over)."""
        if not self.over:
            raise UsageError("the word is only named once the game is over")
        return self.chooser.final_word()

    def check(self, text: str) -> str:
        """The letter ``text`` stands for, or BadGuessError saying why it is refused."""
        return check_letter(text.strip() if text is not None else text, self.chooser.guessed)

    def guess(self, text: str) -> Turn:
        if self.over:
            raise UsageError(f"the game is over ({self.status})")
        letter = self.check(text)
        occurrences = self.chooser.guess(letter)
        if occurrences == 0:
            self.guesses_left -= 1
        turn = Turn(letter, occurrences, self.pattern, self.guesses_left, self.status)
        self.turns.append(turn)
        return turn

    def suggestion(self, strategy: str) -> Guess:
        """What a guesser would play now (the AI player's move); ``optimal`` assumes the optimal
        chooser when it plays one, else the greedy (evil) chooser."""
        from .optimal import OptimalChooser

        against = "optimal" if isinstance(self.chooser, OptimalChooser) else "greedy"
        return next_guess(self.chooser.index, self.chooser.position, strategy, against)
