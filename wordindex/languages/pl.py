"""Polish: the letters and folds its players know (docs/languages.md has the sources)."""

from ..alphabet import Alphabet
from .model import Capitals, Language, WordList

LANGUAGE = Language(
    code="pl",
    name="Polish",
    native_name="polski",
    alphabet=Alphabet(
        "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
        {},
    ),
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/polish",
        licence="GPL-2, LGPL-2.1, MPL-1.1, Apache-2.0 or CC-BY-4.0 (Debian wpolish, sjp.pl)",
        package="wpolish",
    ),
    vowels="aąeęioóuy",
    tile_values={},  # to research: the letter values of the Polish Scrabble edition
    dice=(),  # to research: the Polish Boggle edition's cubes, else a letter-frequency set
)
