"""The solver: a guesser plays against a known word (the Ruby Quiz database guesser).

Each step asks the guesser (one or two queries) and reveals the letter in
the known word. The game ends when the word is complete (won) or when the
wrong guesses reach ``lives`` (lost: the same rule as the game). The moves
are the hangman session's ``autoplay``, the one guesser-against-chooser loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordindex.index.core import Index

from ..sessions import GameStatus
from .guessers import DEFAULT_STRATEGY, Strategy, check_strategy
from .session import DEFAULT_LIVES, HangmanSession, check_lives

__all__ = ["DEFAULT_LIVES", "SolveResult", "SolveStep", "check_lives", "solve"]


@dataclass(frozen=True)
class SolveStep:
    letter: str
    occurrences: int
    pattern: str


@dataclass(frozen=True)
class SolveResult:
    word: str
    strategy: Strategy
    lives: int
    won: bool
    steps: list[SolveStep]
    wrong: int

    @property
    def guesses(self) -> list[str]:
        return [step.letter for step in self.steps]


def solve(
    index: Index,
    word: str,
    strategy: str | Strategy = DEFAULT_STRATEGY,
    lives: int = DEFAULT_LIVES,
    against: str = "greedy",
) -> SolveResult:
    """Play ``strategy`` against ``word`` with ``lives`` wrong guesses to lose.

    ``against`` is the chooser the ``optimal`` strategy assumes (greedy or optimal).
    """
    chosen = check_strategy(strategy)
    check_lives(lives)
    session = HangmanSession.create(index, chooser="random", word=word, lives=lives, seed=0)
    steps = [
        SolveStep(event["letter"], event["occurrences"], event["pattern"])
        for event in session.autoplay(chosen, against)
        if event.kind == "guess"
    ]
    won = session.status is GameStatus.WON
    # the word as it plays (typed any way: ``Été`` is French ``ete``), known to the solver from the start
    return SolveResult(session.chooser.final_word(), chosen, lives, won, steps, session.misses)
