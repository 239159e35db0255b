"""Polish: the 32 letters of the Polish alphabet, nothing folded; Q, V and X make a word unplayable.

Ą Ć Ę Ł Ń Ó Ś Ź Ż are letters of their own, each with its tile in Polish Scrabble; Q, V and X are
not letters of the Polish alphabet and Polish Scrabble has no tile for them (nor may a blank stand
for them), so a word that needs one is left out, as are words with foreign accents (``Björk``).
No Polish Boggle edition's cubes could be found, so the cubes are a letter-frequency set.
docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice
from .model import Capitals, Language, WordList

ALPHABET = Alphabet("aąbcćdeęfghijklłmnńoóprsśtuwyzźż", {})

VOWELS = "aąeęioóuy"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/polish (wpolish 20220301-1),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 892, "ą": 118, "b": 178, "c": 415, "ć": 10, "d": 212, "e": 809, "ę": 56, "f": 46, "g": 130,
    "h": 117, "i": 932, "j": 187, "k": 309, "l": 236, "ł": 183, "m": 375, "n": 723, "ń": 27, "o": 824,
    "ó": 32, "p": 293, "r": 440, "s": 324, "ś": 105, "t": 283, "u": 258, "w": 467, "y": 494, "z": 467,
    "ź": 6, "ż": 52,
}  # fmt: skip

#: Polish Scrabble (Mattel; the Polska Federacja Scrabble's set): 100 tiles.
TILE_VALUES = {
    "a": 1, "ą": 5, "b": 3, "c": 2, "ć": 6, "d": 2, "e": 1, "ę": 5, "f": 5, "g": 3, "h": 3, "i": 1, "j": 3,
    "k": 2, "l": 2, "ł": 3, "m": 2, "n": 1, "ń": 7, "o": 1, "ó": 5, "p": 2, "r": 1, "s": 1, "ś": 5, "t": 2,
    "u": 3, "w": 1, "y": 2, "z": 1, "ź": 9, "ż": 5,
}  # fmt: skip
TILE_COUNTS = {
    "a": 9, "ą": 1, "b": 2, "c": 3, "ć": 1, "d": 3, "e": 7, "ę": 1, "f": 1, "g": 2, "h": 2, "i": 8, "j": 2,
    "k": 3, "l": 3, "ł": 2, "m": 3, "n": 5, "ń": 1, "o": 6, "ó": 1, "p": 3, "r": 4, "s": 4, "ś": 1, "t": 3,
    "u": 2, "w": 4, "y": 4, "z": 5, "ź": 1, "ż": 1,
}  # fmt: skip

LANGUAGE = Language(
    code="pl",
    name="Polish",
    native_name="polski",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/polish",
        licence="GPL-2, LGPL-2.1, MPL-1.1, Apache-2.0 or CC-BY-4.0 (Debian wpolish, sjp.pl)",
        package="wpolish",
        source="https://sjp.pl/slownik/en/ (Debian wpolish 20220301-1)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=False, list_name="/usr/share/dict/polish"),
    sources=(
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Polish (no Q, V, X; no blank for them)",
        "https://github.com/cdot/Xanado editions/Polski_Scrabble.json (commit 6d927f1a3e41)",
        "https://lepetitjournal.com/varsovie/comprendre-pologne/le-scrabble-polonais-288610 (32 letters)",
    ),
    tile_counts=TILE_COUNTS,
)
