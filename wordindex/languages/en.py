"""English: the letters a-z, nothing folded, the bundled SCOWL-based list (data/README.md).

The Boggle cubes are the real sets, from the letter distributions collected in the BoardGameGeek
thread "Letter distribution" (https://boardgamegeek.com/thread/300883), the 1987 set
cross-checked with the Stanford CS106B Boggle handout. The ``Q`` face prints ``Qu``. Super Big
Boggle has one cube with the two-letter faces Qu, In, Th, Er, He, An, and one with three blank
faces (EIO###): a blank cannot be played, so that cube is rolled again when it shows one.
"""

from wordindex.languages.alphabet import ENGLISH

from .model import Capitals, Dice, Language, WordList

#: Faces given by a digit or ``#`` in ``_cubes``: the multi-letter faces of Super Big Boggle, a blank.
_SPECIAL = {"Q": "qu", "2": "in", "3": "th", "4": "er", "5": "he", "6": "an", "#": "#"}


def _cubes(*specs: str) -> tuple[tuple[str, ...], ...]:
    """Cubes from compact specs: one letter per face, ``Q`` = Qu, ``2``-``6`` two-letter faces, ``#`` blank."""
    return tuple(tuple(_SPECIAL.get(ch, ch.lower()) for ch in spec) for spec in specs)


CLASSIC = Dice(
    "classic",
    4,
    "Boggle, original 1976 set (BoardGameGeek thread 300883)",
    _cubes(
        "AACIOT",
        "ABILTY",
        "ABJMOQ",
        "ACDEMP",
        "ACELRS",
        "ADENVZ",
        "AHMORS",
        "BIFORX",
        "DENOSW",
        "DKNOTU",
        "EEFHIY",
        "EGKLUY",
        "EGINTV",
        "EHINPS",
        "ELPSTU",
        "GILRUW",
    ),
)

NEW = Dice(
    "new",
    4,
    "Boggle, 1987 revision (BoardGameGeek thread 300883; the Stanford CS106B Boggle handout)",
    _cubes(
        "AAEEGN",
        "ABBJOO",
        "ACHOPS",
        "AFFKPS",
        "AOOTTW",
        "CIMOTU",
        "DEILRX",
        "DELRVY",
        "DISTTY",
        "EEGHNW",
        "EEINSU",
        "EHRTVW",
        "EIOSST",
        "ELRTTY",
        "HIMNQU",
        "HLNNRZ",
    ),
)

BIG = Dice(
    "big",
    5,
    "Big Boggle, original 5×5 set (BoardGameGeek thread 300883)",
    _cubes(
        "AAAFRS",
        "AAEEEE",
        "AAFIRS",
        "ADENNN",
        "AEEEEM",
        "AEEGMU",
        "AEGMNN",
        "AFIRSY",
        "BJKQXZ",
        "CCENST",
        "CEIILT",
        "CEIPST",
        "DDHNOT",
        "DHHLOR",
        "DHHLOR",
        "DHLNOR",
        "EIIITT",
        "CEILPT",
        "EMOTTT",
        "ENSSSU",
        "FIPRSY",
        "GORRVW",
        "IPRRRY",
        "NOOTUW",
        "OOOTTU",
    ),
)

SUPER_BIG = Dice(
    "superbig",
    6,
    "Super Big Boggle, 6×6 set (BoardGameGeek thread 300883)",
    _cubes(
        "AAAFRS",
        "AAEEEE",
        "AAEEOO",
        "AAFIRS",
        "ABDEIO",
        "ADENNN",
        "AEEEEM",
        "AEEGMU",
        "AEGMNN",
        "AEILMN",
        "AEINOU",
        "AFIRSY",
        "Q23456",
        "BBJKXZ",
        "CCENST",
        "CDDLNN",
        "CEIITT",
        "CEIPST",
        "CFGNUY",
        "DDHNOT",
        "DHHLOR",
        "DHHNOW",
        "DHLNOR",
        "EHILRS",
        "EIILST",
        "EILPST",
        "EIO###",
        "EMTTTO",
        "ENSSSU",
        "GORRVW",
        "HIRSTV",
        "HOPRST",
        "IPRSYY",
        "JKQWXZ",
        "NOOTUW",
        "OOOTTU",
    ),
)


LANGUAGE = Language(
    code="en",
    name="English",
    native_name="English",
    alphabet=ENGLISH,
    capitals=Capitals.FOLD,
    default_list=WordList(
        path="dictionary.txt",
        bundled=True,
        licence="SCOWL (MIT-like; data/COPYING.scowl), with ENABLE-derived levels; see data/SOURCES.md",
        source="http://wordlist.aspell.net/ (SCOWL 2020.12.07)",
    ),
    vowels="aeiou",
    tile_values={
        "a": 1,
        "b": 3,
        "c": 3,
        "d": 2,
        "e": 1,
        "f": 4,
        "g": 2,
        "h": 4,
        "i": 1,
        "j": 8,
        "k": 5,
        "l": 1,
        "m": 3,
        "n": 1,
        "o": 1,
        "p": 3,
        "q": 10,
        "r": 1,
        "s": 1,
        "t": 1,
        "u": 1,
        "v": 4,
        "w": 4,
        "x": 8,
        "y": 4,
        "z": 10,
    },  # fmt: skip
    dice=(NEW, BIG, SUPER_BIG, CLASSIC),
    sources=(
        "MIT 6.0001 problem set 3 (SCRABBLE_LETTER_VALUES)",
        "BoardGameGeek thread 300883 (Boggle letter distributions); Stanford CS106B Boggle handout",
    ),
)
