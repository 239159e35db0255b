"""German: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="de",
    name="German",
    native_name="Deutsch",
    alphabet=Alphabet(
        "abcdefghijklmnopqrstuvwxyzäöü",
        {"ß": "ss", "à": "a", "á": "a", "â": "a", "ç": "c", "é": "e", "è": "e", "ê": "e", "ñ": "n"},
    ),
    capitals=Capitals.NOUNS,
    default_list=WordList(
        path="/usr/share/dict/ngerman",
        licence="GPL-2+ (Debian wngerman, igerman98)",
        package="wngerman",
    ),
    vowels="aeiouäöü",
    tile_values={},  # to research: the letter values of the German Scrabble edition
    dice=(),  # to research: the German Boggle edition's cubes, else a letter-frequency set
)
