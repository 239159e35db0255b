"""How strong is a guesser? The numbers behind the README's strength tables.

* ``honest_tree``: the share of the words of one length a strategy wins with
  ``lives`` wrong guesses allowed, the chooser honest (every word of the
  length is the secret once). It is evaluated as a decision tree, not one
  game per word: at a family, the guesser is asked once (``next_guess``) and
  the family-split query (``split_families``, GROUP BY pos_x) gives every
  branch with its size. A family of one word is won if lives are left (the
  exclusive guessers then only guess its letters); the ``pattern`` and
  ``naive`` guessers, which look beyond the family, play it out.
* ``evil_misses``: the wrong guesses a strategy needs to finish against the
  evil chooser (one deterministic game).

The tree runs the library's own queries, unchanged, on SQLite: each family
of the tree is copied into a temporary table (``hm_fam_<depth>``, in the
connection's temp schema; the index itself stays read-only) and the queries
for that family read it instead of ``words``, so a family deep in the tree
costs its own size, not the size of its length.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordindex.index.core import Index

from ..errors import UsageError
from .families import positions_mask
from .guessers import Strategy, check_strategy, next_guess
from .queries import FamilyIndex, count_words_of_length, split_families
from .state import Position, blank_position

#: Strategies whose candidates are exactly the family (a blank never holds a guessed letter).
FAMILY_STRATEGIES = frozenset({Strategy.PAGA, Strategy.CONTAINING, Strategy.SPLIT})


@dataclass(frozen=True)
class TreeResult:
    length: int
    strategy: str
    lives: int
    words: int
    wins: int
    families: int  # nodes of the decision tree that asked the guesser

    @property
    def share(self) -> float:
        return self.wins / self.words if self.words else 0.0


def honest_tree(index: Index, length: int, strategy: str, lives: int = 6) -> TreeResult:
    """Wins of ``strategy`` over every word of ``length`` with ``lives`` wrong guesses to lose."""
    strategy = check_strategy(strategy)
    if index.backend != "sqlite":
        raise UsageError("the strength tables run on a SQLite index (they use temporary tables)")
    total = count_words_of_length(index, length)
    alphabet = index.alphabet
    family_only = strategy in FAMILY_STRATEGIES
    wins = 0
    asked = 0

    def table(depth: int) -> str:
        return f"hm_fam_{depth}"

    def play_out(depth: int, position: Position, misses: int) -> int:
        """A one-word family for a guesser that looks beyond it: play the game to its end."""
        nonlocal asked
        word = index.rows(f"SELECT word FROM {table(depth)} WHERE length = :n", {"n": length})[0][0]
        while not position.pattern.is_complete:
            asked += 1
            guess = next_guess(index, position, strategy)
            if not guess.found:
                return 0
            mask = positions_mask(word, guess.letter)
            misses += mask == 0
            if misses >= lives:
                return 0
            position = position.after(guess.letter, mask)
        return 1

    def visit(depth: int, position: Position, misses: int, size: int) -> int:
        nonlocal asked
        if position.pattern.is_complete:
            return 1
        if size == 1:
            return 1 if family_only else play_out(depth, position, misses)
        asked += 1
        family = FamilyIndex(index, table(depth))
        guess = next_guess(family if family_only else index, position, strategy)
        if not guess.found:
            return 0
        won = 0
        branches = split_families(family, position, [guess.letter])[guess.letter]
        for mask, branch_size in sorted(branches.items()):
            left = misses + (mask == 0)
            if left >= lives:
                continue
            child = position.after(guess.letter, mask)
            if branch_size == 1 and family_only:
                won += 1
                continue
            column = alphabet.position_column(guess.letter)  # a letter of the alphabet, from the guesser
            index.rows(f"DROP TABLE IF EXISTS temp.{table(depth + 1)}")
            index.rows(
                f"CREATE TEMP TABLE {table(depth + 1)} AS SELECT * FROM {table(depth)} WHERE {column} = :mask",
                {"mask": mask},
            )
            won += visit(depth + 1, child, left, branch_size)
        return won

    index.rows(f"DROP TABLE IF EXISTS temp.{table(0)}")
    index.rows(f"CREATE TEMP TABLE {table(0)} AS SELECT * FROM main.words WHERE length = :n", {"n": length})
    try:
        wins = visit(0, blank_position(length, alphabet), 0, total)
    finally:
        for depth in range(0, 30):
            index.rows(f"DROP TABLE IF EXISTS temp.{table(depth)}")
    return TreeResult(length, strategy, lives, total, wins, asked)


def evil_misses(index: Index, length: int, strategy: str | Strategy) -> int:
    """Wrong guesses ``strategy`` makes before it completes the word against the evil chooser."""
    from .session import HangmanSession

    chosen = check_strategy(strategy)
    # The whole dictionary (vulgar words too), as the honest tree counts it.
    session = HangmanSession.create(
        index, chooser="evil", length=length, lives=index.alphabet.size + 1, seed=0, allow_vulgar=True
    )
    for event in session.autoplay(chosen):
        if event.kind == "stuck":
            raise UsageError(f"{chosen} ran out of letters against the evil chooser at {session.pattern}")
    return session.misses
