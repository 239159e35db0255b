"""The exact search (``exact``) on the index: a length's value, the optimal guesser's letter.

Each piece reads the candidate words with one query (the words of a length, or the family of a
position) and searches in memory.

* ``length_value``: the value of the words of one length against a chooser (``hangman-value``),
  exact or, when its limits stop it, proven bounds.
* ``optimal_letter``: the ``optimal`` strategy's letter: one achieving the value of the position
  against the chooser it is told about. The search gets a small budget (``ANSWER_LIMITS``); when it
  does not finish within it there is no letter and ``guessers.next_guess`` plays ``split``'s.
* The optimal chooser (``choosers.OptimalChooser``) answers each guess with ``exact.optimal_family``
  within the same budget; beyond it it keeps the greedy (CS106L) family.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wordindex.index.core import Index

from ..limits import Limits
from .exact import best_letter, value
from .exact_search import ValueResult
from .opponent import Opponent, check_opponent
from .queries import count_words_of_length, family_words
from .state import Position

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
    return LengthValue(length, value(words, opponent, limits, jobs, on_progress, index.alphabet))


@dataclass(frozen=True)
class OptimalLetter:
    """The optimal guesser's answer: ``exact`` when the search finished within its budget, then a letter
    achieving the position's value (None: every letter of the one word left is guessed) and the value."""

    exact: bool
    letter: str | None
    misses: int | None


def optimal_letter(
    index: Index, position: Position, chooser: Opponent | str = Opponent.GREEDY, limits: Limits | None = None
) -> OptimalLetter:
    """A value-achieving letter for ``position`` against ``chooser``; not ``exact`` past the budget or for
    a family of more than ``ANSWER_MAX_WORDS`` words (the caller falls back to a heuristic)."""
    opponent = check_opponent(chooser)
    words = family_words(index, position)
    if limits is None and len(words) > ANSWER_MAX_WORDS:
        return OptimalLetter(False, None, None)
    budget = limits or (GREEDY_ANSWER_LIMITS if opponent is Opponent.GREEDY else ANSWER_LIMITS)
    choice = best_letter(words, opponent, position.guessed, budget, index.alphabet)
    return OptimalLetter(True, choice.letter, choice.upper) if choice.exact else OptimalLetter(False, None, None)
