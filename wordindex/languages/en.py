"""English: the letters a-z, nothing folded, the bundled SCOWL-based list (data/README.md)."""

from ..alphabet import ENGLISH
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="en",
    name="English",
    native_name="English",
    alphabet=ENGLISH,
    capitals=Capitals.FOLD,
    default_list=WordList(
        path="dictionary.txt",
        bundled=True,
        licence="SCOWL (MIT-like; data/COPYING.scowl), with ENABLE-derived levels; see data/SOURCES.md",
        source="http://wordlist.aspell.net/ (SCOWL 2020.12.07)",
    ),
    vowels="aeiou",
    tile_values={
        "a": 1,
        "b": 3,
        "c": 3,
        "d": 2,
        "e": 1,
        "f": 4,
        "g": 2,
        "h": 4,
        "i": 1,
        "j": 8,
        "k": 5,
        "l": 1,
        "m": 3,
        "n": 1,
        "o": 1,
        "p": 3,
        "q": 10,
        "r": 1,
        "s": 1,
        "t": 1,
        "u": 1,
        "v": 4,
        "w": 4,
        "x": 8,
        "y": 4,
        "z": 10,
    },  # fmt: skip
    dice=(),  # the English sets live in wordindex.boggle.dice until the Boggle engine reads them from here
    sources=("MIT 6.0001 problem set 3 (SCRABBLE_LETTER_VALUES)",),
)
