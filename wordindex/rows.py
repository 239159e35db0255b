"""Turn words into the rows of the index tables.

Kept apart from the loaders so SQLite and PostgreSQL load exactly the same
rows, and so tests can check the representation without a database.
"""

from __future__ import annotations

from collections.abc import Iterator

from .alphabet import LETTERS

_LETTER_INDEX = {c: i for i, c in enumerate(LETTERS)}


def order_words(words: list[str]) -> list[str]:
    """Words in id order: by length, then dictionary (file) order.

    Grouping by length keeps every length's words contiguous on disk, which
    the per-length hangman queries scan.
    """
    return sorted(words, key=len)  # sorted() is stable: file order within a length


def word_row(word_id: int, word: str) -> tuple:
    """One ``words`` row: id, word, length, signature, 26 position masks, 26 counts."""
    positions = [0] * 26
    counts = [0] * 26
    for i, ch in enumerate(word):
        k = _LETTER_INDEX[ch]
        positions[k] |= 1 << i
        counts[k] += 1
    return (word_id, word, len(word), "".join(sorted(word)), *positions, *counts)


def word_rows(ordered_words: list[str]) -> Iterator[tuple]:
    """Rows for ``words``; ids start at 1 in the given order."""
    for word_id, word in enumerate(ordered_words, start=1):
        yield word_row(word_id, word)


def prefix_rows(words: list[str]) -> Iterator[tuple[str, bool, bool]]:
    """``(prefix, is_word, has_longer)`` for every distinct prefix, in sorted order.

    Walking the sorted word list, a word adds only the prefixes longer than
    what it shares with the previous word; those are new, and none but the
    word itself can be a word (a shorter word would sort in between). A word
    has a longer word when the next word in sorted order starts with it.
    """
    ordered = sorted(words)
    previous = ""
    for i, word in enumerate(ordered):
        shared = 0
        limit = min(len(previous), len(word))
        while shared < limit and previous[shared] == word[shared]:
            shared += 1
        for k in range(shared + 1, len(word)):
            yield word[:k], False, True
        following = ordered[i + 1] if i + 1 < len(ordered) else ""
        yield word, True, following.startswith(word)
        previous = word


def letter_total_rows(ordered_words: list[str]) -> list[tuple[int, str, int, int]]:
    """``(length, letter, occurrences, words containing it)`` for every length and letter."""
    totals: dict[int, list[list[int]]] = {}
    for word in ordered_words:
        per_letter = totals.setdefault(len(word), [[0, 0] for _ in LETTERS])
        for ch in set(word):
            entry = per_letter[_LETTER_INDEX[ch]]
            entry[0] += word.count(ch)
            entry[1] += 1
    return [
        (length, letter, per_letter[i][0], per_letter[i][1])
        for length, per_letter in sorted(totals.items())
        for i, letter in enumerate(LETTERS)
    ]
