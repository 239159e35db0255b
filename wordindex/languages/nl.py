"""Dutch: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="nl",
    name="Dutch",
    native_name="Nederlands",
    alphabet=Alphabet(
        "abcdefghijklmnopqrstuvwxyz",
        {
            "à": "a",
            "á": "a",
            "â": "a",
            "ä": "a",
            "å": "a",
            "ç": "c",
            "è": "e",
            "é": "e",
            "ê": "e",
            "ë": "e",
            "í": "i",
            "î": "i",
            "ï": "i",
            "ñ": "n",
            "ó": "o",
            "ô": "o",
            "ö": "o",
            "ú": "u",
            "û": "u",
            "ü": "u",
            "ĳ": "ij",
        },
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/dutch",
        licence="BSD-3-Clause or CC-BY-3.0 (Debian wdutch, OpenTaal)",
        package="wdutch",
    ),
    vowels="aeiou",
    tile_values={},  # to research: the letter values of the Dutch Scrabble edition
    dice=(),  # to research: the Dutch Boggle edition's cubes, else a letter-frequency set
)
