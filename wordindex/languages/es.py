"""Spanish: the 27 letters of the Spanish alphabet (Ñ its own letter), accents folded.

Spanish Scrabble has an Ñ tile and no accented tiles (``canción`` is C A N C I O N); its CH, LL
and RR tiles are recorded in ``MULTI_LETTER_TILES`` and played here letter by letter (CH as C
then H). K and W are letters of the alphabet (Real Academia Española) that the international
Scrabble set has no tile for; their values are the North American Spanish edition's. No Spanish
Boggle edition's cubes could be found, so the cubes are a letter-frequency set and, the default
4×4 set, one tuned from it for boards as rich as English's.
docs/languages.md gives the sources and the reasons.
"""

from wordindex.languages.alphabet import Alphabet

from .dice import frequency_dice, tuned_dice
from .folds import folds
from .model import Capitals, Language, MultiLetterTile, WordList

ALPHABET = Alphabet("abcdefghijklmnñopqrstuvwxyz", folds("á:a é:e í:i ó:o úü:u"))

VOWELS = "aeiou"

#: Per 10,000 letters of the distinct words kept from data/es.txt (Debian wspanish 1.0.30),
#: measured by ``benchmarks/language_lists.py --letters``.
LETTER_FREQUENCIES = {
    "a": 1565, "b": 185, "c": 549, "d": 423, "e": 984, "f": 109, "g": 172, "h": 94, "i": 821, "j": 64,
    "k": 1, "l": 473, "m": 310, "n": 624, "ñ": 27, "o": 923, "p": 231, "q": 37, "r": 931, "s": 418,
    "t": 536, "u": 314, "v": 101, "w": 0, "x": 16, "y": 15, "z": 78,
}  # fmt: skip

#: Spanish Scrabble (Mattel; the Federación Internacional de Léxico en Español's set): 100 tiles,
#: with K and W (no tile in it) at the North American "Scrabble Edición en Español"'s 8.
TILE_VALUES = {
    "a": 1, "b": 3, "c": 3, "d": 2, "e": 1, "f": 4, "g": 2, "h": 4, "i": 1, "j": 8, "k": 8, "l": 1, "m": 3,
    "n": 1, "ñ": 8, "o": 1, "p": 3, "q": 5, "r": 1, "s": 1, "t": 1, "u": 1, "v": 4, "w": 8, "x": 8, "y": 4,
    "z": 10,
}  # fmt: skip
TILE_COUNTS = {
    "a": 12, "b": 2, "c": 4, "d": 5, "e": 12, "f": 1, "g": 2, "h": 2, "i": 6, "j": 1, "k": 0, "l": 4, "m": 2,
    "n": 5, "ñ": 1, "o": 9, "p": 2, "q": 1, "r": 5, "s": 6, "t": 4, "u": 5, "v": 1, "w": 0, "x": 1, "y": 1,
    "z": 1,
}  # fmt: skip
MULTI_LETTER_TILES = (
    MultiLetterTile("ch", 5, 1),
    MultiLetterTile("ll", 8, 1),
    MultiLetterTile("rr", 8, 1),
)

#: The tuned 4×4 set (the default), derived from the frequency-4x4 set by benchmarks/tune_dice.py
#: on data/es.txt (Debian wspanish 1.0.30); benchmarks/results/tuned_dice.json records it
#: and docs/languages.md gives its figures.
TUNED = tuned_dice(
    "AACCEE",
    "AACEET",
    "AACEIO",
    "AACGIR",
    "AACHIO",
    "AAEORX",
    "AAILNZ",
    "ABPQSS",
    "ACKORR",
    "ADEORR",
    "ADLOOY",
    "AELLOO",
    "AFÑTTZ",
    "DORRSV",
    "IJMPRT",
    "NPRRTU",
    qu=True,
    start="frequency-4x4",
    list_name="data/es.txt",
)

LANGUAGE = Language(
    code="es",
    name="Spanish",
    native_name="español",
    alphabet=ALPHABET,
    capitals=Capitals.NAMES,
    default_list=WordList(
        path="es.txt",
        licence="Public domain (Debian wspanish 1.0.30; data/SOURCES.md)",
        bundled=True,
        source="https://packages.debian.org/bookworm/wspanish (/usr/share/dict/spanish, copied unchanged)",
    ),
    vowels=VOWELS,
    tile_values=TILE_VALUES,
    dice=(TUNED, *frequency_dice(ALPHABET, LETTER_FREQUENCIES, VOWELS, qu=True, list_name="data/es.txt")),
    sources=(
        "https://es.wikipedia.org/wiki/Scrabble (fichas: no K or W, no blank for them; CH, LL, RR tiles)",
        "https://en.wikipedia.org/wiki/Scrabble_letter_distributions#Spanish (and the North American set)",
        "https://github.com/cdot/Xanado editions/Español_Scrabble.json (commit 6d927f1a3e41)",
        "https://www.rae.es/ortografía/el-abecedario (27 letters since 2010; ch and ll are digraphs)",
    ),
    tile_counts=TILE_COUNTS,
    multi_letter_tiles=MULTI_LETTER_TILES,
)
