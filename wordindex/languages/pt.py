"""Portuguese: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="pt",
    name="Portuguese",
    native_name="português",
    alphabet=Alphabet(
        "abcçdefghijklmnopqrstuvwxyz",
        {
            "á": "a",
            "à": "a",
            "â": "a",
            "ã": "a",
            "é": "e",
            "ê": "e",
            "è": "e",
            "í": "i",
            "î": "i",
            "ó": "o",
            "ô": "o",
            "õ": "o",
            "ú": "u",
            "ü": "u",
        },
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/portuguese",
        licence="GPL-2+, LGPL-2.1+ or MPL-1.1 (Debian wportuguese, Natura)",
        package="wportuguese",
    ),
    vowels="aeiou",
    tile_values={},  # to research: the letter values of the Portuguese Scrabble edition
    dice=(),  # to research: the Portuguese Boggle edition's cubes, else a letter-frequency set
)
