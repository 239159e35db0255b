"""Spanish: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="es",
    name="Spanish",
    native_name="español",
    alphabet=Alphabet(
        "abcdefghijklmnñopqrstuvwxyz",
        {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ü": "u"},
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="es.txt",
        licence="Public domain (Debian wspanish)",
        bundled=True,
    ),
    vowels="aeiou",
    tile_values={},  # to research: the letter values of the Spanish Scrabble edition
    dice=(),  # to research: the Spanish Boggle edition's cubes, else a letter-frequency set
)
