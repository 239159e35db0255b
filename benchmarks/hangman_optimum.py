"""The most honest games any guesser can win at a word length (exhaustive search).

Used to show that the ties between strategies at lengths 1 and 2 are forced:
no guesser wins more than 6 of the 26 one-letter words or 48 of the 228
two-letter words of the bundled dictionary with 6 wrong guesses allowed
(the sixth miss loses). Pure Python over the word list, no index needed;
practical only for short lengths.

    python benchmarks/hangman_optimum.py 2          # -> 228 words, at most 48 won
    python benchmarks/hangman_optimum.py 1 --dictionary data/dictionary.txt
"""

from __future__ import annotations

import argparse
from functools import cache
from pathlib import Path

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def most_wins(words: list[str], lives: int = 6) -> int:
    """Maximum number of words won over all guessing strategies (a decision tree per family)."""

    @cache
    def best(family: frozenset, misses_left: int) -> int:
        if len(family) == 1:
            return 1  # its remaining letters are guessed without a miss
        top = 0
        for letter in LETTERS:
            groups: dict[tuple, list[str]] = {}
            for word in family:
                groups.setdefault(tuple(i for i, c in enumerate(word) if c == letter), []).append(word)
            if len(groups) == 1:
                continue  # the letter tells nothing: guessing it can only cost a miss
            value = 0
            for positions, members in groups.items():
                if not positions:
                    value += best(frozenset(members), misses_left - 1) if misses_left > 1 else 0
                else:
                    value += best(frozenset(members), misses_left)
            top = max(top, value)
        return top

    return best(frozenset(words), lives) if words else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("length", type=int)
    parser.add_argument("--dictionary", default=str(Path(__file__).resolve().parent.parent / "data" / "dictionary.txt"))
    parser.add_argument("--lives", type=int, default=6)
    options = parser.parse_args()
    from wordindex.build.dictionary import read_dictionary  # the word column of a list with levels

    words = sorted({w for w in read_dictionary(options.dictionary).words if len(w) == options.length})
    print(f"{len(words)} words, at most {most_wins(words, options.lives)} won")


if __name__ == "__main__":
    main()
