"""Portuguese: A to Z with Ç a letter of its own (as Portuguese Scrabble's Ç tiles), accents folded.

Portuguese Scrabble has Ç tiles (a C does not stand for Ç) and no accented vowels (``não`` is
N A O). K, W and Y are letters of the alphabet since the 1990 Orthographic Agreement but have no
tile; they are worth the set's highest value (8) here. No Portuguese Boggle edition's cubes could
be found, so the cubes are a letter-frequency set and, the default 4×4 set, one tuned from it for
boards as rich as English's. docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice, tuned_dice
from .folds import folds
from .model import Capitals, Language, WordList

ALPHABET = Alphabet("abcçdefghijklmnopqrstuvwxyz", folds("áàâã:a éêè:e íî:i óôõ:o úü:u"))

VOWELS = "aeiou"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/portuguese (wportuguese
#: 20220621-1), measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 1545, "b": 127, "c": 375, "ç": 34, "d": 383, "e": 1154, "f": 121, "g": 135, "h": 85, "i": 891,
    "j": 33, "k": 0, "l": 293, "m": 468, "n": 455, "o": 698, "p": 205, "q": 32, "r": 924, "s": 1056,
    "t": 427, "u": 258, "v": 180, "w": 0, "x": 26, "y": 0, "z": 93,
}  # fmt: skip

#: Portuguese Scrabble: 120 tiles (3 blanks), no K, W or Y (worth 8 here, the set's highest value).
TILE_VALUES = {
    "a": 1, "b": 3, "c": 2, "ç": 3, "d": 2, "e": 1, "f": 4, "g": 4, "h": 4, "i": 1, "j": 5, "k": 8, "l": 2,
    "m": 1, "n": 3, "o": 1, "p": 2, "q": 6, "r": 1, "s": 1, "t": 1, "u": 1, "v": 4, "w": 8, "x": 8, "y": 8,
    "z": 8,
}  # fmt: skip
TILE_COUNTS = {
    "a": 14, "b": 3, "c": 4, "ç": 2, "d": 5, "e": 11, "f": 2, "g": 2, "h": 2, "i": 10, "j": 2, "k": 0, "l": 5,
    "m": 6, "n": 4, "o": 10, "p": 4, "q": 1, "r": 6, "s": 8, "t": 5, "u": 7, "v": 2, "w": 0, "x": 1, "y": 0,
    "z": 1,
}  # fmt: skip

#: The tuned 4×4 set (the default), derived from the frequency-4x4 set by benchmarks/tune_dice.py
#: on /usr/share/dict/portuguese (Debian wportuguese 20220621-1); benchmarks/results/tuned_dice.json records it
#: and docs/languages.md gives its figures.
TUNED = tuned_dice(
    "AADNOO",
    "AAEEOS",
    "ABÇHRS",
    "ABEORS",
    "ACEEST",
    "ACINSS",
    "ACIOTZ",
    "ACIPPS",
    "AEFRUV",
    "AEGMPT",
    "AEIMQR",
    "AEMOPS",
    "AINPRS",
    "DEIILR",
    "EJLRRS",
    "IIRRUX",
    qu=True,
    start="frequency-4x4",
    list_name="/usr/share/dict/portuguese",
)

LANGUAGE = Language(
    code="pt",
    name="Portuguese",
    native_name="português",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/portuguese",
        licence="GPL-2+, LGPL-2.1+ or MPL-1.1 (Debian wportuguese, Natura)",
        package="wportuguese",
        source="http://natura.di.uminho.pt/download/sources/Dictionaries/ispell/ (Debian wportuguese 20220621-1)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(
        TUNED,
        *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=True, list_name="/usr/share/dict/portuguese"),
    ),
    sources=(
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Portuguese",
        "https://github.com/cdot/Xanado editions/Português_Scrabble.json (commit 6d927f1a3e41)",
    ),
    tile_counts=TILE_COUNTS,
)
