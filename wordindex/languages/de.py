"""German: A to Z and Ä Ö Ü, ß played as SS, nouns kept with their capital, as German Scrabble plays.

German Scrabble has Ä, Ö and Ü tiles (never AE, OE, UE), no ß tile (``Straße`` is played
S T R A S S E, as German writes it in capitals), and ignores the other accents of loanwords
(``Café`` is C A F E, ``Œuvre`` is O E U V R E). No German Boggle edition's cubes could be found,
so the cubes are a letter-frequency set and, the default 4×4 set, one tuned from it (on Debian's
list its boards still hold fewer words than English's: docs/languages.md). docs/languages.md
gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice, tuned_dice
from .folds import folds
from .model import Capitals, Language, WordList

ALPHABET = Alphabet("abcdefghijklmnopqrstuvwxyzäöü", folds("ß:ss àáâã:a ç:c èéêë:e íîï:i ñ:n óôõ:o úû:u ÿ:y æ:ae œ:oe"))

VOWELS = "aeiouäöü"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/ngerman (wngerman 20161207-11),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 506, "b": 236, "c": 293, "d": 295, "e": 1759, "f": 201, "g": 360, "h": 417, "i": 616, "j": 8,
    "k": 184, "l": 408, "m": 271, "n": 869, "o": 218, "p": 137, "q": 4, "r": 824, "s": 778, "t": 736,
    "u": 359, "v": 94, "w": 98, "x": 8, "y": 9, "z": 133, "ä": 77, "ö": 27, "ü": 72,
}  # fmt: skip

#: German Scrabble (Mattel, since 1990): 102 tiles.
TILE_VALUES = {
    "a": 1, "b": 3, "c": 4, "d": 1, "e": 1, "f": 4, "g": 2, "h": 2, "i": 1, "j": 6, "k": 4, "l": 2, "m": 3,
    "n": 1, "o": 2, "p": 4, "q": 10, "r": 1, "s": 1, "t": 1, "u": 1, "v": 6, "w": 3, "x": 8, "y": 10, "z": 3,
    "ä": 6, "ö": 8, "ü": 6,
}  # fmt: skip
TILE_COUNTS = {
    "a": 5, "b": 2, "c": 2, "d": 4, "e": 15, "f": 2, "g": 3, "h": 4, "i": 6, "j": 1, "k": 2, "l": 3, "m": 4,
    "n": 9, "o": 3, "p": 1, "q": 1, "r": 6, "s": 7, "t": 6, "u": 6, "v": 1, "w": 1, "x": 1, "y": 1, "z": 1,
    "ä": 1, "ö": 1, "ü": 1,
}  # fmt: skip

#: The tuned 4×4 set (the default), derived from the frequency-4x4 set by benchmarks/tune_dice.py
#: on /usr/share/dict/ngerman (Debian wngerman 20161207-11); benchmarks/results/tuned_dice.json records it
#: and docs/languages.md gives its figures.
TUNED = tuned_dice(
    "AAEERR",
    "ACEEII",
    "AIIJTT",
    "BBKSSÄ",
    "BEFTTV",
    "DGGSXÖ",
    "EEIITT",
    "EEITTU",
    "EEMSSW",
    "EENOSÜ",
    "EERRSS",
    "EERRYZ",
    "EHINTT",
    "ELLNNT",
    "ELNNPT",
    "EQRRSS",
    qu=True,
    start="frequency-4x4",
    list_name="/usr/share/dict/ngerman",
)

LANGUAGE = Language(
    code="de",
    name="German",
    native_name="Deutsch",
    alphabet=ALPHABET,
    capitals=Capitals.NOUNS,
    default_list=WordList(
        path="/usr/share/dict/ngerman",
        licence="GPL-2+ (Debian wngerman, igerman98)",
        package="wngerman",
        source="https://www.j3e.de/ispell/igerman98/ (Debian wngerman 20161207-11)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(TUNED, *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=True, list_name="/usr/share/dict/ngerman")),
    sources=(
        "https://fr.wikipedia.org/wiki/Lettres_du_Scrabble (Allemand: ß as SS, Ä Ö Ü tiles, other accents ignored)",
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#German",
        "https://github.com/cdot/Xanado editions/Deutsch_Scrabble.json (commit 6d927f1a3e41)",
    ),
    tile_counts=TILE_COUNTS,
)
