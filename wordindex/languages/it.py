"""Italian: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="it",
    name="Italian",
    native_name="italiano",
    alphabet=Alphabet(
        "abcdefghijklmnopqrstuvwxyz",
        {"à": "a", "á": "a", "è": "e", "é": "e", "ì": "i", "í": "i", "î": "i", "ò": "o", "ó": "o", "ù": "u", "ú": "u"},
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/italian",
        licence="GPL-3+ (Debian witalian)",
        package="witalian",
    ),
    vowels="aeiou",
    tile_values={},  # to research: the letter values of the Italian Scrabble edition
    dice=(),  # to research: the Italian Boggle edition's cubes, else a letter-frequency set
)
