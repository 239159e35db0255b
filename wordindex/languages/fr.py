"""French: 26 letters, every accent and ligature folded, as French Scrabble and Boggle play them.

French Scrabble has no accented tiles (``été`` is played E T E) and splits the ligatures (``œuvre``
is O E U V R E); French Boggle's cubes carry only A to Z. The Boggle cubes are the French
edition's; the tile values are French Scrabble's. docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import cubes, frequency_dice
from .folds import folds
from .model import Capitals, Dice, Language, WordList

ALPHABET = Alphabet("abcdefghijklmnopqrstuvwxyz", folds("àâä:a ç:c éèêë:e îï:i ôö:o ùûü:u ÿ:y æ:ae œ:oe"))

VOWELS = "aeiouy"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/french (wfrench 1.2.7-2),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 990, "b": 141, "c": 339, "d": 236, "e": 1469, "f": 131, "g": 158, "h": 113, "i": 956, "j": 19,
    "k": 5, "l": 398, "m": 246, "n": 749, "o": 589, "p": 229, "q": 50, "r": 871, "s": 999, "t": 687,
    "u": 356, "v": 99, "w": 2, "x": 24, "y": 34, "z": 113,
}  # fmt: skip

#: French Scrabble (Mattel; the Fédération Internationale de Scrabble Francophone's set): 102 tiles (2 blanks).
TILE_VALUES = {
    "a": 1, "b": 3, "c": 3, "d": 2, "e": 1, "f": 4, "g": 2, "h": 4, "i": 1, "j": 8, "k": 10, "l": 1, "m": 2,
    "n": 1, "o": 1, "p": 3, "q": 8, "r": 1, "s": 1, "t": 1, "u": 1, "v": 4, "w": 10, "x": 10, "y": 10, "z": 10,
}  # fmt: skip
TILE_COUNTS = {
    "a": 9, "b": 2, "c": 2, "d": 3, "e": 15, "f": 2, "g": 2, "h": 2, "i": 8, "j": 1, "k": 1, "l": 5, "m": 3,
    "n": 6, "o": 6, "p": 2, "q": 1, "r": 6, "s": 6, "t": 6, "u": 6, "v": 2, "w": 1, "x": 1, "y": 1, "z": 1,
}  # fmt: skip

#: The 16 cubes of French Boggle (Parker, then Hasbro). The Q face is a plain Q in both sources.
BOGGLE = Dice(
    "boggle",
    4,
    "Boggle, French edition: the 16 cubes as B@ggle lists them (github.com/inouire/baggle, "
    "baggle-solver/src/inouire/baggle/solver/GameBoard.java, dices_fr_4) and a French course's "
    "Boggle assignment (github.com/castooc/Boggle, boggle.py)",
    cubes(
        "ETUKNO",
        "EVGTIN",
        "DECAMP",
        "IELRUW",
        "EHIFSE",
        "RECALS",
        "ENTDOS",
        "OFXRIA",
        "NAVEDZ",
        "EIOATA",
        "GLENYU",
        "BMAQJO",
        "TLIBRA",
        "SPULTE",
        "AIMSOR",
        "ENHRIS",
    ),
)

LANGUAGE = Language(
    code="fr",
    name="French",
    native_name="français",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/french",
        licence="GPL-2+ (Debian wfrench)",
        package="wfrench",
        source="https://gitlab.com/gpernot/wfrench (Debian wfrench 1.2.7-2)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(
        BOGGLE,
        *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=False, list_name="/usr/share/dict/french", sizes=(5,)),
    ),
    sources=(
        "https://fr.wikipedia.org/wiki/Lettres_du_Scrabble (Français)",
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#French",
        "https://github.com/cdot/Xanado editions/Français_Scrabble.json (commit 6d927f1a3e41)",
        "https://github.com/inouire/baggle baggle-solver GameBoard.java (commit dcb527169d50)",
    ),
    tile_counts=TILE_COUNTS,
)
