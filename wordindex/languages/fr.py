"""French: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="fr",
    name="French",
    native_name="français",
    alphabet=Alphabet(
        "abcdefghijklmnopqrstuvwxyz",
        {
            "à": "a",
            "â": "a",
            "ä": "a",
            "ç": "c",
            "é": "e",
            "è": "e",
            "ê": "e",
            "ë": "e",
            "î": "i",
            "ï": "i",
            "ô": "o",
            "ö": "o",
            "ù": "u",
            "û": "u",
            "ü": "u",
            "ÿ": "y",
            "æ": "ae",
            "œ": "oe",
        },
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/french",
        licence="GPL-2+ (Debian wfrench, from the DICO word list)",
        package="wfrench",
    ),
    vowels="aeiouy",
    tile_values={},  # to research: the letter values of the French Scrabble edition
    dice=(),  # to research: the French Boggle edition's cubes, else a letter-frequency set
)
