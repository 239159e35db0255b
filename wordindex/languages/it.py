"""Italian: 26 letters (the 21 of Italian and J K W X Y), accents folded, the cubes of *Il Paroliere*.

Italian Scrabble has no accented tiles (``città`` is C I T T A, the loanword ``würstel`` is
W U R S T E L) and no tiles for the five letters of loanwords (J, K, W, X, Y); Scarabeo, the
other Italian edition, has tiles for the whole "international alphabet", so they stay letters
here, worth the set's highest value (10). The cubes are *Il Paroliere*'s, Italy's Boggle, one
face printing Qu; on Debian's list their boards hold fewer words than English's, so the default
4×4 set is one tuned from them. docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import cubes, frequency_dice, tuned_dice
from .folds import folds
from .model import Capitals, Dice, Language, WordList

ALPHABET = Alphabet("abcdefghijklmnopqrstuvwxyz", folds("àáâä:a ç:c èéêë:e ìíîï:i ñ:n òóôö:o ùúûü:u"))

VOWELS = "aeiou"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/italian (witalian 1.10),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 1199, "b": 188, "c": 427, "d": 243, "e": 1136, "f": 129, "g": 226, "h": 62, "i": 1076, "j": 0,
    "k": 0, "l": 330, "m": 360, "n": 592, "o": 851, "p": 262, "q": 14, "r": 898, "s": 716, "t": 728,
    "u": 203, "v": 242, "w": 0, "x": 0, "y": 0, "z": 120,
}  # fmt: skip

#: Italian Scrabble (Mattel; the Federazione Italiana Gioco Scrabble's set): 120 tiles, no J K W X Y
#: (worth 10 here, the set's highest value).
TILE_VALUES = {
    "a": 1, "b": 5, "c": 2, "d": 5, "e": 1, "f": 5, "g": 8, "h": 8, "i": 1, "j": 10, "k": 10, "l": 3, "m": 3,
    "n": 3, "o": 1, "p": 5, "q": 10, "r": 2, "s": 2, "t": 2, "u": 3, "v": 5, "w": 10, "x": 10, "y": 10, "z": 8,
}  # fmt: skip
TILE_COUNTS = {
    "a": 14, "b": 3, "c": 6, "d": 3, "e": 11, "f": 3, "g": 2, "h": 2, "i": 12, "j": 0, "k": 0, "l": 5, "m": 5,
    "n": 5, "o": 15, "p": 3, "q": 1, "r": 6, "s": 6, "t": 6, "u": 5, "v": 3, "w": 0, "x": 0, "y": 0, "z": 2,
}  # fmt: skip

#: The 16 cubes of Il Paroliere (Editrice Giochi), Italy's Boggle; the Q face prints Qu.
PAROLIERE = Dice(
    "paroliere",
    4,
    "Il Paroliere (Editrice Giochi): the 16 cubes listed at "
    "https://twrh.noblogs.org/post/2013/01/04/il-paroliere-ovvero-boggle",
    cubes(
        "AAEIOT",
        "ABOOMQ",
        "ABILRT",
        "ACELRS",
        "ACDEMP",
        "ACFIOR",
        "ADENVZ",
        "AIMORS",
        "CENOTU",
        "DENOST",
        "EEFHIS",
        "EGLNOU",
        "EGINTV",
        "EHINRS",
        "EILORU",
        "ELPSTU",
        qu=True,
    ),
)

#: The tuned 4×4 set (the default), derived from the paroliere set by benchmarks/tune_dice.py
#: on /usr/share/dict/italian (Debian witalian 1.10); benchmarks/results/tuned_dice.json records it
#: and docs/languages.md gives its figures.
TUNED = tuned_dice(
    "AABITV",
    "AACRTT",
    "AAEEIM",
    "AAEOOS",
    "AAIIOR",
    "ADRRSS",
    "AEENOS",
    "AFQSTV",
    "AIOORU",
    "DEEITT",
    "EEHISZ",
    "EELOTU",
    "ELRRTT",
    "GORSTT",
    "IINRRT",
    "INPPRR",
    qu=True,
    start="paroliere",
    list_name="/usr/share/dict/italian",
)

LANGUAGE = Language(
    code="it",
    name="Italian",
    native_name="italiano",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/italian",
        licence="GPL-3+ (Debian witalian)",
        package="witalian",
        source="https://salsa.debian.org/salve/witalian (Debian witalian 1.10)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(
        TUNED,
        PAROLIERE,
        *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=True, list_name="/usr/share/dict/italian", sizes=(5,)),
    ),
    sources=(
        "https://twrh.noblogs.org/post/2013/01/04/il-paroliere-ovvero-boggle (the Paroliere cubes)",
        "http://scrabbleitalia.com (FIGS: vowels 1 but U 3, Z and H 8, Q 10)",
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Italian",
        "https://github.com/cdot/Xanado editions/Italiano_Scrabble.json (commit 6d927f1a3e41)",
        "https://gtoal.com/scrabble/details/italian (Scrabble and Scarabeo sets)",
    ),
    tile_counts=TILE_COUNTS,
)
