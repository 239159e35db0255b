"""Dutch: 26 letters, IJ played as I then J (the ligature ĳ too), accents and diaereses folded.

Dutch Scrabble has no IJ tile (``ijs`` is I J S, and Y never stands for IJ) and no accented tiles
(``café`` is C A F E, ``coëfficiënt`` C O E F F I C I E N T). No Dutch Boggle edition's cubes could
be found, so the cubes are a letter-frequency set. docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice
from .folds import folds
from .model import Capitals, Language, WordList

ALPHABET = Alphabet("abcdefghijklmnopqrstuvwxyz", folds("àáâäå:a ç:c èéêë:e íîï:i ñ:n óôö:o úûü:u ĳ:ij"))

VOWELS = "aeiou"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/dutch (wdutch 2.20.19-2),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 675, "b": 205, "c": 215, "d": 420, "e": 1662, "f": 120, "g": 371, "h": 197, "i": 701, "j": 131,
    "k": 293, "l": 456, "m": 235, "n": 799, "o": 581, "p": 246, "q": 2, "r": 766, "s": 610, "t": 664,
    "u": 254, "v": 184, "w": 113, "x": 8, "y": 15, "z": 77,
}  # fmt: skip

#: Dutch Scrabble (Mattel): 102 tiles.
TILE_VALUES = {
    "a": 1, "b": 3, "c": 5, "d": 2, "e": 1, "f": 4, "g": 3, "h": 4, "i": 1, "j": 4, "k": 3, "l": 3, "m": 3,
    "n": 1, "o": 1, "p": 3, "q": 10, "r": 2, "s": 2, "t": 2, "u": 4, "v": 4, "w": 5, "x": 8, "y": 8, "z": 4,
}  # fmt: skip
TILE_COUNTS = {
    "a": 6, "b": 2, "c": 2, "d": 5, "e": 18, "f": 2, "g": 3, "h": 2, "i": 4, "j": 2, "k": 3, "l": 3, "m": 3,
    "n": 10, "o": 6, "p": 2, "q": 1, "r": 5, "s": 5, "t": 5, "u": 3, "v": 2, "w": 2, "x": 1, "y": 1, "z": 2,
}  # fmt: skip

LANGUAGE = Language(
    code="nl",
    name="Dutch",
    native_name="Nederlands",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/dutch",
        licence="BSD-3-Clause or CC-BY-3.0 (Debian wdutch, OpenTaal)",
        package="wdutch",
        source="https://github.com/OpenTaal/opentaal-wordlist (Debian wdutch 1:2.20.19-2)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=False, list_name="/usr/share/dict/dutch"),
    board_faces=("ij",),  # Dutch crosswords give IJ one cell: a board may hold an IJ cube ([ij])
    sources=(
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Dutch",
        "https://github.com/cdot/Xanado editions/Nederlands_Scrabble.json (commit 6d927f1a3e41)",
        "https://www.digibron.nl/viewer/collectie/Digibron/id/Eilanden-Nieuws_20220708_015_ART_S002_CID001 "
        "(no IJ tile in Dutch Scrabble)",
    ),
    tile_counts=TILE_COUNTS,
)
