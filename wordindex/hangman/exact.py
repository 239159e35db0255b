"""Exact evil-hangman values of a list of words, and the answers the optimal guesser and chooser take
from them.

The **value** of a list of words of one length is the fewest misses a perfect guesser needs before
one word remains, against the ``greedy`` (CS106L) chooser or the ``optimal`` one (see
``exact_search``). Against ``greedy`` every answer is fixed and the value is a shortest line:
``greedy_sweep`` finds it exactly, compiled, by a breadth-first sweep over the sets of letters missed
between two hits. Against ``optimal``, ``value`` runs the proof search of ``exact_search`` by iterative
deepening (its root's letters over processes with ``jobs``, ``exact_pool``).

Limits (``wordindex.limits.Limits``: seconds, positions) stop either search with the bounds proven so
far: the lower bound from the last refutation, the upper bound from a heuristic line (greedy) or
decision tree (optimal) played to the end.

The game pieces ask three things (``optimal.py`` reads the words from the index): ``value`` (a
length's value, ``hangman-value``), ``best_letter`` (the optimal guesser) and ``optimal_family`` (the
optimal chooser), with ``greedy_family`` as the chooser's fallback. Nothing here reads the index.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from wordindex.languages.alphabet import ENGLISH, Alphabet

from ..limits import Limits
from .exact_search import Family, SearchStopped, ValueResult, ValueSearch, size
from .families import largest_family, positions_mask
from .opponent import Opponent, check_opponent


def value(
    words: Sequence[str],
    chooser: Opponent | str,
    limits: Limits | None = None,
    jobs: int = 1,
    on_progress: Callable[[str], None] | None = None,
    alphabet: Alphabet = ENGLISH,
) -> ValueResult:
    """The value of the list ``words`` (one length, letters of ``alphabet``) against ``chooser``, or bounds
    within ``limits``."""
    search = ValueSearch(list(words), check_opponent(chooser), limits or Limits(), on_progress, alphabet)
    return search_value(search, jobs=jobs)


def _misses(count: int) -> str:
    """``1 miss``, ``2 misses``: the progress notes are shown as they are (the CLI prints them in a terminal)."""
    return f"{count} miss" if count == 1 else f"{count} misses"


def search_value(
    search: ValueSearch, family: Family | None = None, jobs: int = 1, heuristic: bool = True
) -> ValueResult:
    """The value of ``family`` (the whole list by default), or bounds when a limit stops the search.

    The upper bound starts as the heuristic guesser's (``heuristic``; else the trivial one: a miss per
    word but one, and at most the alphabet's size less one, every letter but one of the word missed). Against
    greedy the sweep
    takes it from there. Against optimal, with no limit the lower bound rises with each refutation from
    0 until a proof meets it; with limits, half of what is left after the heuristic goes to that, and
    the other half proves from the upper bound down (a proof at ``upper - 1`` lowers the upper bound, a
    refutation there makes it exact).
    """
    family = search.root() if family is None else family
    if size(family) <= 1:
        return search.result(family, 0, 0, None)
    lower, upper, letter = search.lower(family), min(size(family) - 1, search.letters - 1), None
    disjoint = search.disjoint_value(family)
    if disjoint is not None:
        held = search.held[search.ids(family)[0]]  # a letter of one word: it isolates that word, a miss
        return search.result(family, disjoint, disjoint, search.letter((held & -held).bit_length() - 1))
    pool = None
    full = (search.deadline, search.position_cap)
    try:
        if heuristic:
            upper, letter = search.heuristic_bound(family)
            search.say(f"{size(family):,} words: a heuristic guesser needs {_misses(upper)}")
        limited = full != (None, None)
        if search.chooser is Opponent.GREEDY:
            return _greedy_value(search, family, lower, upper, letter if heuristic else None, jobs)
        if jobs > 1:
            from .exact_pool import RootPool

            pool = RootPool(search, family, jobs)
        if limited:
            _limit_share(search, 0.5)
        try:
            while lower < upper:
                search.say(f"can the guesser finish with {_misses(lower)}? ({search.positions:,} positions so far)")
                found = pool.best_letter(lower) if pool else search.best_moves(family, lower)
                if found is None:
                    lower += 1
                else:
                    upper, letter = lower, found
        except SearchStopped:
            if not limited:
                raise
            search.deadline, search.position_cap = full
            search.say(f"{lower} to {upper} misses; now proving from the upper bound down")
        search.deadline, search.position_cap = full
        while lower < upper:
            k = upper - 1
            search.say(f"can the guesser finish with {_misses(k)}? ({search.positions:,} positions so far)")
            found = pool.best_letter(k) if pool else search.best_moves(family, k)
            if found is None:
                lower = upper
            else:
                upper, letter = k, found
        if letter is None:  # the trivial upper bound was reached: a letter achieving it
            letter = search.best_moves(family, upper)
    except SearchStopped as stop:
        search.say(f"stopped ({stop}): {lower} to {upper} misses")
    finally:
        search.deadline, search.position_cap = full
        if pool:
            search.positions += pool.close()
    return search.result(family, lower, upper, letter)


def _greedy_value(
    search: ValueSearch, family: Family, lower: int, upper: int, letter: str | None, jobs: int
) -> ValueResult:
    """Against greedy: the compiled sweep over the sets of missed letters (``greedy_sweep``; ``jobs``
    threads), given a line of ``upper`` misses starting with ``letter`` (None: no line known, ``upper``
    is trivial)."""
    from .greedy_sweep import GreedySweep, warm_up

    compiling = warm_up()  # the first search of a process loads (or, once, compiles) the kernel
    if search.deadline is not None:
        search.deadline += compiling  # the time limit is the search's, not the compiler's
    sweep = GreedySweep([search.words[i] for i in search.ids(family)], jobs=jobs, alphabet=search.alphabet)
    steps = None if search.position_cap is None else max(0, search.position_cap - search.positions)
    found = sweep.value(
        upper, line_known=letter is not None, deadline=search.deadline, steps=steps, cancel=search.cancel,
        on_progress=search.say,
    )  # fmt: skip
    search.positions += found.steps
    if found.first is not None:
        letter = found.first
    if not found.exact:
        search.say(f"stopped: {max(lower, found.lower)} to {found.upper} misses")
    return search.result(family, max(lower, found.lower), found.upper, letter)


def _limit_share(search: ValueSearch, share: float) -> None:
    """Limit the search to ``share`` of the time and positions left."""
    if search.deadline is not None:
        now = time.monotonic()
        search.deadline = now + share * max(0.0, search.deadline - now)
    if search.position_cap is not None:
        search.position_cap = search.positions + int(share * max(0, search.position_cap - search.positions))


@dataclass(frozen=True)
class LetterChoice:
    """The optimal guesser's answer: a letter and whether it is proven value-achieving."""

    letter: str | None
    exact: bool
    lower: int
    upper: int


def best_letter(
    words: Sequence[str],
    chooser: Opponent | str,
    guessed: Collection[str] = (),
    limits: Limits | None = None,
    alphabet: Alphabet = ENGLISH,
) -> LetterChoice:
    """A letter achieving the value of ``words`` against ``chooser`` (``exact``), or, when ``limits``
    stop the search first, None with the bounds (the caller falls back to a heuristic).

    With one word left the letter is its first letter not yet guessed (no miss is possible).
    """
    words = list(words)
    if len(words) == 1:
        rest = [ch for ch in words[0] if ch not in guessed]
        return LetterChoice(rest[0] if rest else None, True, 0, 0)
    if not words:
        return LetterChoice(None, True, 0, 0)
    search = ValueSearch(words, check_opponent(chooser), limits or Limits(), alphabet=alphabet)
    result = search_value(search, heuristic=False)
    return LetterChoice(result.letter if result.exact else None, result.exact, result.lower, result.upper)


@dataclass(frozen=True)
class FamilyChoice:
    """The optimal chooser's answer to a guess: the positions mask kept, its family's words, and
    ``exact`` (False: the search did not finish within its limits and the greedy family was kept)."""

    mask: int
    words: list[str]
    exact: bool
    misses: int | None  # misses the guesser still needs from here (guess included), when exact


def greedy_family(words: Sequence[str], letter: str) -> FamilyChoice:
    """The greedy (CS106L) chooser's family of ``words`` after ``letter``, without any search."""
    split: dict[int, list[str]] = {}
    for word in words:
        split.setdefault(positions_mask(word, letter), []).append(word)
    length = len(words[0]) if words else 0
    mask, _ = largest_family(length, {m: len(family) for m, family in split.items()})
    return FamilyChoice(mask, split[mask], False, None)


def optimal_family(
    words: Sequence[str], letter: str, limits: Limits | None = None, alphabet: Alphabet = ENGLISH
) -> FamilyChoice:
    """The family of ``words`` split by ``letter`` that forces the most misses (the guess's own miss
    included) against a perfect guesser; ties → the greedy choice among them (largest family, then the
    pattern that sorts first). When ``limits`` stop the search, the greedy family (documented fallback)."""
    words = list(words)
    search = ValueSearch(words, Opponent.OPTIMAL, limits or Limits(), alphabet=alphabet)
    j = search.slot(letter)
    split = search.split(search.root(), j)
    try:
        scored = [(int(m == 0) + search.exact_value(f), m, f) for m, f in split]
    except SearchStopped:
        m, f = search.greedy_family(split)
        return FamilyChoice(m, [words[i] for i in search.ids(f)], False, None)
    top = max(score for score, _, _ in scored)
    m, f = search.greedy_family([(m, f) for score, m, f in scored if score == top])
    return FamilyChoice(m, [words[i] for i in search.ids(f)], True, top)
