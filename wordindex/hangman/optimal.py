"""The exact search (``exact``) on the index: a length's value, the optimal guesser, the optimal chooser.

Each piece reads the candidate words with one query (the words of a length,
or the family of a position) and searches in memory.

* ``length_value``: the value of the words of one length against a chooser
  (``hangman-value``), exact or, when its limits stop it, proven bounds.
* ``optimal_guess``: the ``optimal`` strategy: a letter achieving the value of
  the position against the chooser it is told about. The search gets a
  small budget (``ANSWER_LIMITS``); when it does not finish within it the
  letter is ``split``'s and the answer says ``exact=False``.
* ``OptimalChooser``: answers each guess with a family that forces the most
  misses against a perfect guesser (ties: the greedy chooser's rule among
  them); beyond the budget it keeps the greedy (CS106L) family and marks the
  step ``exact=False``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..index import Index
from ..levels import DEFAULT_POOL, WordPool
from .choosers import ChooserKind, EvilChooser, EvilStep
from .exact import (
    Limits,
    ValueResult,
    best_letter,
    greedy_family,
    optimal_family,
    value,
)
from .opponent import Opponent, check_opponent
from .queries import count_words_of_length, family_words, letter_counts
from .state import NoCandidateError, Position

#: The optimal guesser's and chooser's budget per answer: positions searched (deterministic) and a
#: wall-clock cap (only a slow or loaded machine reaches it first). Past it they fall back to a heuristic.
ANSWER_LIMITS = Limits(seconds=10.0, positions=10_000)
#: The same against the greedy chooser, whose sweep counts sets of misses (each a few hundred
#: instructions, where a position of the optimal search costs a split and a table entry): about half a
#: second here.
GREEDY_ANSWER_LIMITS = Limits(seconds=10.0, positions=1_000_000)
#: Families larger than this are not searched at all (none of them is solved within the budget).
ANSWER_MAX_WORDS = 5_000


def length_words(index: Index, length: int) -> list[str]:
    """The words of ``length`` in dictionary order: one query (named errors when there are none)."""
    count_words_of_length(index, length)
    return [row[0] for row in index.rows("SELECT word FROM words WHERE length = :n ORDER BY id", {"n": length})]


@dataclass(frozen=True)
class LengthValue:
    """The value of one word length (``hangman-value``)."""

    length: int
    result: ValueResult

    def report(self) -> dict[str, object]:
        """The JSON of ``hangman-value``: bounds only when not exact."""
        r = self.result
        report: dict[str, object] = {
            "length": self.length,
            "words": r.words,
            "chooser": r.chooser.value,
            "misses": r.misses,
            "exact": r.exact,
        }
        if not r.exact:
            report["lower"] = r.lower
            report["upper"] = r.upper
        report["first_guess"] = r.letter
        report["positions"] = r.positions
        report["seconds"] = round(r.seconds, 3)
        return report


def length_value(
    index: Index,
    length: int,
    chooser: Opponent | str = Opponent.GREEDY,
    limits: Limits | None = None,
    jobs: int = 1,
    on_progress: Callable[[str], None] | None = None,
) -> LengthValue:
    """The value of the words of ``length`` against ``chooser`` (bounds when ``limits`` stop it)."""
    opponent = check_opponent(chooser)
    words = length_words(index, length)
    return LengthValue(length, value(words, opponent, limits, jobs=jobs, on_progress=on_progress))


@dataclass(frozen=True)
class OptimalGuess:
    """The optimal guesser's letter; ``exact`` False when it is ``split``'s (budget exceeded)."""

    letter: str
    candidates: int
    frequencies: dict[str, int]
    exact: bool
    misses: int | None  # the position's value when exact
    chooser: Opponent


def optimal_guess(
    index: Index, position: Position, chooser: Opponent | str = Opponent.GREEDY, limits: Limits | None = None
) -> OptimalGuess:
    """A value-achieving letter for ``position`` against ``chooser``, or ``split``'s past the budget."""
    from .guessers import NO_GUESS, next_guess, unguessed_weights

    opponent = check_opponent(chooser)
    counts = letter_counts(index, position, containing=False)
    if counts.candidates == 0:
        raise NoCandidateError(f"no word of the index fits the pattern {position.pattern.text}")
    frequencies = unguessed_weights(counts.occurrences, position.guessed)
    words = family_words(index, position)
    searched = limits is not None or len(words) <= ANSWER_MAX_WORDS
    budget = limits or (GREEDY_ANSWER_LIMITS if opponent is Opponent.GREEDY else ANSWER_LIMITS)
    choice = best_letter(words, opponent, position.guessed, budget) if searched else None
    if choice is not None and choice.exact:
        letter = choice.letter or NO_GUESS
        return OptimalGuess(letter, counts.candidates, frequencies, True, choice.upper, opponent)
    letter = next_guess(index, position, "split").letter
    return OptimalGuess(letter, counts.candidates, frequencies, False, None, opponent)


class OptimalChooser(EvilChooser):
    """The truly evil chooser: each guess keeps a family forcing the most misses (see module doc)."""

    kind = ChooserKind.OPTIMAL
    limits: Limits = ANSWER_LIMITS

    def __init__(
        self,
        index: Index,
        length: int,
        seed: int | None = None,
        position: Position | None = None,
        pool: WordPool | None = DEFAULT_POOL,
        limits: Limits | None = None,
    ):
        super().__init__(index, length, seed, position, pool)
        if limits is not None:
            self.limits = limits
        self.exact_steps: list[bool] = []

    def guess(self, letter: str) -> int:
        """Split the family by ``letter`` and keep the family worth the most misses; its occurrences."""
        letter = self._check(letter)
        words = family_words(self.index, self.position, self.pool)
        if len(words) <= ANSWER_MAX_WORDS:
            choice = optimal_family(words, letter, self.limits)
        else:
            choice = greedy_family(words, letter)
        self.position = self.position.after(letter, choice.mask)
        self._family_size = len(choice.words)
        self.guesses.append(letter)
        occurrences = bin(choice.mask).count("1")
        self.steps.append(EvilStep(letter, occurrences, self.pattern, len(choice.words)))
        self.exact_steps.append(choice.exact)
        return occurrences
