"""The solver: a guesser plays against a known word (the Ruby Quiz database guesser).

Each step asks the guesser (one or two queries) and reveals the letter in
the known word. The game ends when the word is complete (won) or when the
wrong guesses reach ``lives`` (lost: the same rule as the game, where
``guesses`` wrong guesses use up all the guesses).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..alphabet import is_plain_word
from ..errors import NotFoundError, UsageError
from ..index import Index
from .choosers import RandomChooser
from .guessers import DEFAULT_STRATEGY, check_strategy, next_guess

DEFAULT_LIVES = 6


@dataclass(frozen=True)
class SolveStep:
    letter: str
    occurrences: int
    pattern: str


@dataclass(frozen=True)
class SolveResult:
    word: str
    strategy: str
    lives: int
    won: bool
    steps: list  # of SolveStep
    wrong: int

    @property
    def guesses(self) -> list[str]:
        return [step.letter for step in self.steps]


def check_lives(lives: int) -> int:
    if lives < 1:
        raise UsageError(f"lives must be 1 or more, not {lives}")
    return lives


def solve(
    index: Index, word: str, strategy: str = DEFAULT_STRATEGY, lives: int = DEFAULT_LIVES, against: str = "greedy"
) -> SolveResult:
    """Play ``strategy`` against ``word`` with ``lives`` wrong guesses to lose (``against``: the chooser
    the ``optimal`` strategy assumes)."""
    strategy = check_strategy(strategy)
    check_lives(lives)
    word = (word or "").strip().lower()
    if not is_plain_word(word):
        raise UsageError(f"{word!r} is not a word of letters a-z")
    if not index.rows("SELECT 1 FROM words WHERE word = :word", {"word": word}):
        raise NotFoundError(f"{word!r} is not in the index, so no guesser can find it")
    chooser = RandomChooser.with_word(index, word)
    steps: list[SolveStep] = []
    wrong = 0
    while not chooser.is_complete and wrong < lives:
        guess = next_guess(index, chooser.position, strategy, against)
        if not guess.found:
            break
        occurrences = chooser.guess(guess.letter)
        wrong += occurrences == 0
        steps.append(SolveStep(guess.letter, occurrences, chooser.pattern))
    return SolveResult(word, strategy, lives, chooser.is_complete, steps, wrong)
