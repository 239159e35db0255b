"""The letter cubes of real Boggle sets, and shaking them onto a board.

Each face is one letter, ``q`` meaning the face printed "Qu". Sources:

* ``classic``: the 16 cubes of the original Boggle (1976).
* ``new``: the 16 cubes of the revised Boggle (1987), the set the Stanford
  CS106B Boggle handout lists as "the original Boggle" (AAEEGN ... HLNNRZ).
* ``big``: the 25 cubes of the original Big Boggle (5×5).
* ``superbig``: the 36 cubes of Super Big Boggle (6×6).

The letter distributions are the ones collected in the BoardGameGeek thread
"Letter distribution" (https://boardgamegeek.com/thread/300883), cross-checked
with the CS106B handout for the 1987 set.

Super Big Boggle has one cube with the two-letter faces Qu, In, Th, Er, He,
An and one cube with three blank faces (EIO###). A board string holds one
letter per cell (``q`` for Qu), so those faces cannot be shown: when a cube
lands on a face a board cannot hold, it is rolled again. That cube thus
always shows Qu, and the EIO### cube shows E, I or O.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from .board import Board, BoardError

#: Faces a board cannot hold (Super Big Boggle): rolled again when they come up.
UNPLAYABLE = ("#", "in", "th", "er", "he", "an")


class DiceName(StrEnum):
    """The dice sets, by the name ``--dice`` and the game state use."""

    CLASSIC = "classic"
    NEW = "new"
    BIG = "big"
    SUPERBIG = "superbig"


@dataclass(frozen=True)
class DiceSet:
    """A named set of cubes; each cube is a tuple of six faces."""

    name: DiceName
    size: int
    source: str
    cubes: tuple[tuple[str, ...], ...]


def _cubes(*specs: str) -> tuple[tuple[str, ...], ...]:
    """Cubes from compact specs: one letter per face, ``Q`` = Qu; ``1``-``6``/``#`` special faces."""
    special = {"1": "q", "2": "in", "3": "th", "4": "er", "5": "he", "6": "an", "#": "#"}
    return tuple(tuple(special.get(ch, ch.lower()) for ch in spec) for spec in specs)


CLASSIC = DiceSet(
    DiceName.CLASSIC,
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

NEW = DiceSet(
    DiceName.NEW,
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

BIG = DiceSet(
    DiceName.BIG,
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

SUPER_BIG = DiceSet(
    DiceName.SUPERBIG,
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
        "123456",
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

DICE_SETS: dict[str, DiceSet] = {d.name: d for d in (CLASSIC, NEW, BIG, SUPER_BIG)}
#: The set used for each board size when none is named.
DEFAULT_DICE = {4: DiceName.NEW, 5: DiceName.BIG, 6: DiceName.SUPERBIG}


def get_dice(name: str | None, size: int) -> DiceSet:
    """The named dice set (or the default one for ``size``), checked against the size."""
    if name is None:
        if size not in DEFAULT_DICE:
            raise BoardError(f"there are Boggle dice for 4×4, 5×5 and 6×6 boards, not {size}×{size}")
        name = DEFAULT_DICE[size]
    key = name.strip().lower()
    if key not in DICE_SETS:
        raise BoardError(f"unknown dice set {name!r}: choose {', '.join(DICE_SETS)}")
    dice = DICE_SETS[key]
    if dice.size != size:
        raise BoardError(f"the {dice.name} dice make {dice.size}×{dice.size} boards, not {size}×{size}")
    return dice


def roll(cube: tuple[str, ...], rng: random.Random) -> str:
    """A random face of one cube that a board can hold (others are rolled again)."""
    playable = [face for face in cube if face not in UNPLAYABLE]
    return playable[rng.randrange(len(playable))]


def shake_cubes(dice: DiceSet, rng: random.Random) -> list[tuple[int, str]]:
    """Shake: ``(cube index, face)`` for each cell in row-major order.

    Every cube lands on a random cell (a uniform shuffle) with a random face.
    """
    order = list(range(len(dice.cubes)))
    rng.shuffle(order)
    return [(cube, roll(dice.cubes[cube], rng)) for cube in order]


def shake(dice: DiceSet, rng: random.Random) -> Board:
    """A random board from the dice set."""
    return Board(dice.size, "".join(face for _, face in shake_cubes(dice, rng)))
