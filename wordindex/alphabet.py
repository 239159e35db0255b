"""The alphabet and the per-letter column names of the ``words`` table.

Column names are looked up here, never formatted from user text: a query that
needs "the positions of letter x" asks ``POSITION_COLUMN[x]``, which only
exists for the 26 letters.
"""

import string

LETTERS = string.ascii_lowercase
LETTER_SET = frozenset(LETTERS)
VOWELS = "aeiou"

#: ``pos_x``: bitmask of the 0-based positions where letter x stands in the word.
POSITION_COLUMN = {letter: f"pos_{letter}" for letter in LETTERS}
#: ``cnt_x``: how many times letter x occurs in the word.
COUNT_COLUMN = {letter: f"cnt_{letter}" for letter in LETTERS}

#: The only characters stripped around a word: ASCII whitespace (never U+2028, U+0085, ...).
ASCII_WHITESPACE = " \t\n\r\x0b\x0c"
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def ascii_lower(text: str) -> str:
    """``text`` with A-Z lowercased and nothing else changed.

    ``str.lower`` maps other characters onto a-z (the Kelvin sign U+212A
    becomes ``k``), which would make ``Kite`` written with it a word.
    """
    return text.translate(_ASCII_LOWER)


#: Words longer than this cannot hold their position masks in a signed 64-bit integer.
MAX_WORD_LENGTH = 63


def is_plain_word(text: str) -> bool:
    """True when ``text`` is non-empty and made only of the letters a-z."""
    return bool(text) and text.isascii() and text.isalpha() and text.islower()
