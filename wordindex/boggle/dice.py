"""The letter cubes of a language's Boggle sets, and shaking them onto a board.

Each language module lists its sets (``Language.dice``, ``wordindex.languages``), the default one
for each board size first: English has the original Boggle (``classic``, 1976), its revision
(``new``, 1987, the Stanford CS106B set), ``big`` (5×5) and ``superbig`` (6×6); French and Italian
have their editions' cubes; other languages sets made from their letter frequencies; and where
those give boards poorer than English's, a ``tuned-4x4`` set derived from them is the default
4×4 set (``benchmarks/tune_dice.py``, docs/languages.md). A face spells one letter or several
(``qu``, ``th``); a face no board can hold (Super Big Boggle's blank ``#``) makes the cube roll
again, so that cube always shows a letter.
"""

from __future__ import annotations

import random

from ..languages import Dice, Language, language
from .board import Board, BoardError
from .faces import FaceSet, faces_of

__all__ = ["Dice", "DiceSet", "default_dice_name", "dice_names", "get_dice", "roll", "shake", "shake_cubes"]

#: The name the game state and ``--dice`` use (kept for the library's callers).
DiceSet = Dice


def dice_names(found: Language | None = None) -> list[str]:
    """The names of a language's dice sets (English when none is given)."""
    return [dice.name for dice in (found or language("en")).dice]


def default_dice_name(size: int, found: Language | None = None) -> str | None:
    """The first set of ``size`` in the language's list, or None when it has none."""
    return next((dice.name for dice in (found or language("en")).dice if dice.size == size), None)


def get_dice(name: str | None, size: int, found: Language | None = None) -> Dice:
    """The named dice set of the language (or its default for ``size``), checked against the size."""
    found = found or language("en")
    if name is None:
        name = default_dice_name(size, found)
        if name is None:
            sizes = sorted({f"{d.size}×{d.size}" for d in found.dice})
            raise BoardError(f"there are {found.name} Boggle dice for {', '.join(sizes)} boards, not {size}×{size}")
    key = name.strip().lower()
    chosen = next((dice for dice in found.dice if dice.name == key), None)
    if chosen is None:
        raise BoardError(f"unknown dice set {name!r}: choose {', '.join(dice_names(found))}")
    if chosen.size != size:
        raise BoardError(f"the {chosen.name} dice make {chosen.size}×{chosen.size} boards, not {size}×{size}")
    return chosen


def roll(cube: tuple[str, ...], rng: random.Random, faces: FaceSet | None = None) -> str:
    """A random face of one cube that a board can hold (others are rolled again)."""
    faces = faces or faces_of("en")
    playable = [face for face in cube if len(face) == 1 and face in faces.alphabet.letter_set or face in faces.multi]
    return playable[rng.randrange(len(playable))]


def shake_cubes(dice: Dice, rng: random.Random, faces: FaceSet | None = None) -> list[tuple[int, str]]:
    """Shake: ``(cube index, face)`` for each cell in row-major order.

    Every cube lands on a random cell (a uniform shuffle) with a random face.
    """
    order = list(range(len(dice.cubes)))
    rng.shuffle(order)
    return [(cube, roll(dice.cubes[cube], rng, faces)) for cube in order]


def shake(dice: Dice, rng: random.Random, faces: FaceSet | None = None) -> Board:
    """A random board from the dice set (in the language whose faces ``faces`` are; English by default)."""
    faces = faces or faces_of("en")
    return Board(dice.size, tuple(face for _, face in shake_cubes(dice, rng, faces)), faces)
