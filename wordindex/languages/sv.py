"""Swedish: the 29 letters A to Z and Å Ä Ö, the accents of loanwords folded (``armé`` is A R M E).

Å, Ä and Ö are letters of their own, after Z, with their tiles in Swedish Scrabble. Q and W are
letters of the alphabet (W since the Swedish Academy's word list of 2006) without a tile in the
Swedish set; they are worth the set's highest value (10) here. No Swedish Boggle edition's cubes
could be found, so the cubes are a letter-frequency set and, the default 4×4 set, one tuned from
it for boards as rich as English's. Debian's list is Latin-1.
docs/languages.md gives the sources.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice, tuned_dice
from .folds import folds
from .model import Capitals, Language, WordList

ALPHABET = Alphabet("abcdefghijklmnopqrstuvwxyzåäö", folds("éè:e à:a ü:u ç:c"))

VOWELS = "aeiouyåäö"

#: Per 10,000 letters of the distinct words kept from /usr/share/dict/swedish (wswedish 1.4.5-3),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 1032, "b": 161, "c": 61, "d": 378, "e": 947, "f": 195, "g": 368, "h": 102, "i": 557, "j": 62,
    "k": 376, "l": 496, "m": 248, "n": 970, "o": 341, "p": 198, "q": 0, "r": 956, "s": 926, "t": 754,
    "u": 188, "v": 187, "w": 1, "x": 14, "y": 74, "z": 1, "å": 76, "ä": 183, "ö": 147,
}  # fmt: skip

#: Swedish Scrabble (Mattel): 100 tiles, no Q or W (worth 10 here, the set's highest value).
TILE_VALUES = {
    "a": 1, "b": 4, "c": 8, "d": 1, "e": 1, "f": 3, "g": 2, "h": 2, "i": 1, "j": 7, "k": 2, "l": 1, "m": 2,
    "n": 1, "o": 2, "p": 4, "q": 10, "r": 1, "s": 1, "t": 1, "u": 4, "v": 3, "w": 10, "x": 8, "y": 7, "z": 10,
    "å": 4, "ä": 3, "ö": 4,
}  # fmt: skip
TILE_COUNTS = {
    "a": 8, "b": 2, "c": 1, "d": 5, "e": 7, "f": 2, "g": 3, "h": 2, "i": 5, "j": 1, "k": 3, "l": 5, "m": 3,
    "n": 6, "o": 5, "p": 2, "q": 0, "r": 8, "s": 8, "t": 8, "u": 3, "v": 2, "w": 0, "x": 1, "y": 1, "z": 1,
    "å": 2, "ä": 2, "ö": 2,
}  # fmt: skip

#: The tuned 4×4 set (the default), derived from the frequency-4x4 set by benchmarks/tune_dice.py
#: on /usr/share/dict/swedish (Debian wswedish 1.4.5-3); benchmarks/results/tuned_dice.json records it
#: and docs/languages.md gives its figures.
TUNED = tuned_dice(
    "AABCNT",
    "AAEGHS",
    "AAESSU",
    "AAESTÄ",
    "AAFNRS",
    "AAIINY",
    "AARRSÖ",
    "ADKSST",
    "ADLLTT",
    "AELTTZ",
    "AJNRRV",
    "DEKORS",
    "EEMPSS",
    "ENRTTW",
    "KKTTXÅ",
    "LLNRRU",
    qu=False,
    start="frequency-4x4",
    list_name="/usr/share/dict/swedish",
)

LANGUAGE = Language(
    code="sv",
    name="Swedish",
    native_name="svenska",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="/usr/share/dict/swedish",
        licence="GPL-2+ (Debian wswedish)",
        package="wswedish",
        encoding="latin-1",
        source="https://packages.debian.org/bookworm/wswedish (Debian wswedish 1.4.5-3)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(TUNED, *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=True, list_name="/usr/share/dict/swedish")),
    sources=(
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Swedish",
        "https://github.com/cdot/Xanado editions/Svenska_Scrabble.json (commit 6d927f1a3e41)",
        "https://sv.wikipedia.org/wiki/W (a letter of its own since SAOL 13, 2006)",
    ),
    tile_counts=TILE_COUNTS,
)
