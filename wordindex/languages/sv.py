"""Swedish: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="sv",
    name="Swedish",
    native_name="svenska",
    alphabet=Alphabet(
        "abcdefghijklmnopqrstuvwxyzåäö",
        {"é": "e", "è": "e", "à": "a", "ü": "u", "ç": "c"},
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/swedish",
        licence="GPL-2+ (Debian wswedish)",
        package="wswedish",
        encoding="latin-1",
    ),
    vowels="aeiouyåäö",
    tile_values={},  # to research: the letter values of the Swedish Scrabble edition
    dice=(),  # to research: the Swedish Boggle edition's cubes, else a letter-frequency set
)
