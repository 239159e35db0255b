"""Tune a language's 4×4 Boggle dice so its random boards are worth playing, by a seeded local search.

Where a language has no published cubes, or its edition's cubes give poor boards on its word list,
``benchmarks/tune_dice.py`` derives a set: it starts from the language's other 4×4 set (the
letter-frequency set, or the edition's cubes) and changes it one move at a time, each move either
swapping two faces between two cubes or printing another face on one face (half the time a face
the set already prints, so common letters are tried most, else any face of the language's
palette), and keeps a move when the boards it gives are no worse (``shortfall``). Boards are
judged the way a player meets them: random boards shaken from the set and solved by the compiled
scorer, by their word counts and by how many have fewer than ``POOR`` words. The search stops as
soon as the set reaches its target (a median above the English dice's, few poor boards), so the
tuned set stays as close to its start as the target allows.

The sample uses common random numbers: each board is a fixed shuffle of the cubes and a fixed
face number for each cell, drawn once from the seed, so two sets are compared on the same throws
and a seed gives the same set on every run. Keeping every move that is no worse on one sample
fits the sample's throws as well as the dice (a first search on 1,000 throws reached a median of
77 words that fell to 68 on other boards), so a set must also reach a target on held-out throws
(``HeldOut``) before the search stops. Both samples are drawn from the search's own seed, not the
benchmark's, so the benchmark's figures are measured on boards the search never saw.

Every set the search visits obeys ``DiceRules`` (``dice_problems``): six faces a cube, faces only
from the language's palette (its letters in use, Qu only where its dice print Qu), every letter of
the palette on at least one cube, no face more than twice on a cube, a vowel on every cube and a
vowel share of all faces within bounds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..languages import Language

if TYPE_CHECKING:
    import numpy.typing as npt

    CodeArray = npt.NDArray[np.uint8]
    CountArray = npt.NDArray[np.int64]

#: A board with fewer words than this is a poor board (the issue's measure).
POOR = 10
#: Boards a search judges each set on.
SAMPLE = 1000
FACES = 6

Cubes = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class BoardQuality:
    """How many words random boards of a set hold: the median, the 10th percentile, the share of poor boards."""

    boards: int
    median: float
    p10: float
    poor_share: float

    @classmethod
    def of(cls, counts: Sequence[int] | CountArray) -> BoardQuality:
        values = np.asarray(counts, dtype=np.int64)
        return cls(
            boards=len(values),
            median=float(np.median(values)),
            p10=float(np.percentile(values, 10)),
            poor_share=float((values < POOR).mean()),
        )


@dataclass(frozen=True)
class DiceRules:
    """What a derived set may be (the module docstring): its palette, vowels and bounds."""

    #: The faces a cube may print (single letters, ``qu`` where the language's dice print Qu).
    palette: tuple[str, ...]
    vowels: str
    min_vowel_share: float = 0.30
    max_vowel_share: float = 0.50
    #: The most times one face may appear on one cube.
    max_repeats: int = 2

    def is_vowel(self, face: str) -> bool:
        return face[0] in self.vowels


def rules_for(found: Language) -> DiceRules:
    """A language's rules: its palette is the faces of its 5×5 letter-frequency set, which prints every
    letter its list uses at least once in 10,000 letters, and Qu instead of Q where its dice print Qu."""
    palette_set = next(dice for dice in found.dice if dice.name == "frequency-5x5")
    faces = {face for cube in palette_set.cubes for face in cube}
    return DiceRules(tuple(sorted(faces, key=lambda face: found.alphabet.slot[face[0]])), found.vowels)


def dice_problems(cubes: Cubes, rules: DiceRules, size: int = 4) -> list[str]:
    """What is wrong with a derived set (empty when it obeys ``rules``)."""
    problems: list[str] = []
    if len(cubes) != size * size:
        problems.append(f"{len(cubes)} cubes, not {size * size}")
    faces = [face for cube in cubes for face in cube]
    for number, cube in enumerate(cubes, 1):
        if len(cube) != FACES:
            problems.append(f"cube {number} has {len(cube)} faces, not {FACES}")
        outside = sorted(set(cube) - set(rules.palette))
        if outside:
            problems.append(f"cube {number} prints {', '.join(outside)}, not in the palette")
        repeated = sorted(face for face in set(cube) if cube.count(face) > rules.max_repeats)
        if repeated:
            problems.append(f"cube {number} prints {', '.join(repeated)} more than {rules.max_repeats} times")
        if not any(rules.is_vowel(face) for face in cube):
            problems.append(f"cube {number} has no vowel")
    missing = [face for face in rules.palette if face not in faces]
    if missing:
        problems.append(f"no cube prints {', '.join(missing)}")
    if faces:
        share = sum(rules.is_vowel(face) for face in faces) / len(faces)
        if not rules.min_vowel_share <= share <= rules.max_vowel_share:
            problems.append(
                f"vowels are {share:.0%} of the faces, not {rules.min_vowel_share:.0%} to {rules.max_vowel_share:.0%}"
            )
    return problems


class ThrowSample:
    """Fixed throws of ``size``×``size`` cubes: per board a shuffle of the cubes and a face number per cell."""

    def __init__(self, seed: int, boards: int = SAMPLE, size: int = 4):
        generator = np.random.default_rng(seed)
        cells = size * size
        self.size = size
        self.order = np.argsort(generator.random((boards, cells)), axis=1)
        self.face = generator.integers(0, FACES, size=(boards, cells))

    def boards(self, face_codes: npt.NDArray[np.int64]) -> CodeArray:
        """The sample's boards (rows of face numbers) for cubes given as a (cubes, 6) array of face numbers."""
        return np.ascontiguousarray(face_codes[self.order, self.face], dtype=np.uint8)


@dataclass(frozen=True)
class Target:
    """What a tuned set must reach on the search's sample."""

    median: float
    poor_share: float

    def reached(self, quality: BoardQuality) -> bool:
        return quality.median >= self.median and quality.poor_share <= self.poor_share


@dataclass(frozen=True)
class TuneResult:
    cubes: Cubes
    quality: BoardQuality
    steps: int
    kept: int
    reached: bool
    #: Faces that differ from the start, cube by cube (the cubes compared as multisets).
    changed_faces: int
    #: The set's figures on the held-out throws (None when the search had none).
    held_out: BoardQuality | None = None


def shortfall(counts: CountArray, target: Target) -> float:
    """How far a sample's boards are from the target, smooth enough to climb (lower is better).

    The boards' mean word count short of the target median (the mean of every board moves less by
    chance than a median or a band of middle boards, so a search fits its sample's throws less;
    it is not capped at the target, so the search keeps climbing until the median and the poor
    boards are where they must be), plus the poor boards, each counted by how far it falls short
    of ``POOR + 5`` words so that lifting a 3-word board to 8 counts too.
    """
    mean = float(np.mean(counts))
    median_gap = 1.0 - mean / target.median if target.median > 0 else 0.0
    floor = POOR + 5
    tail = float(np.clip((floor - counts) / floor, 0.0, 1.0).mean())
    return median_gap + 4.0 * tail


def changed_faces(start: Cubes, cubes: Cubes) -> int:
    """Faces of ``cubes`` not on the matching cube of ``start`` (cubes matched in order)."""
    changed = 0
    for before, after in zip(start, cubes, strict=True):
        left = list(before)
        for face in after:
            if face in left:
                left.remove(face)
            else:
                changed += 1
    return changed


@dataclass(frozen=True)
class HeldOut:
    """Throws the search does not climb on: a set that reaches the target must reach ``target`` on them too.

    A search that keeps every move that is no worse on its sample learns the sample's throws as well
    as the dice; the held-out throws are only looked at when the sample's target is reached, and
    the search goes on while they disagree.
    """

    score: Callable[[Cubes], CountArray]
    target: Target


def tune(
    start: Cubes,
    rules: DiceRules,
    score: Callable[[Cubes], CountArray],
    target: Target,
    seed: int,
    max_steps: int,
    on_step: Callable[[int, BoardQuality, float], None] | None = None,
    held_out: HeldOut | None = None,
    temperature: float = 0.0,
) -> TuneResult:
    """The local search of the module docstring, from ``start``; ``score`` gives a set's sample word counts.

    ``temperature`` > 0 anneals: a worse move is kept with probability ``exp(-worsening / t)``, ``t``
    falling from ``temperature`` to 0 over ``max_steps``, so the search can leave a set no single
    move improves; the least short set met is returned when the target is not reached.
    """
    problems = dice_problems(start, rules)
    if problems:
        raise ValueError(f"the start set breaks the rules: {'; '.join(problems)}")
    rng = random.Random(seed)
    current = [list(cube) for cube in start]
    counts = score(start)
    best = shortfall(counts, target)
    lowest = (best, [list(cube) for cube in current], counts)
    kept = 0
    step = 0
    checked: dict[Cubes, BoardQuality] = {}

    def done() -> bool:
        if not target.reached(BoardQuality.of(counts)):
            return False
        if held_out is None:
            return True
        cubes = tuple(tuple(cube) for cube in current)
        if cubes not in checked:
            checked[cubes] = BoardQuality.of(held_out.score(cubes))
        return held_out.target.reached(checked[cubes])

    while not done() and step < max_steps:
        step += 1
        trial = [list(cube) for cube in current]
        a = rng.randrange(len(trial))
        i = rng.randrange(FACES)
        move = rng.random()
        if move < 0.5:  # swap two faces of two cubes
            b = rng.randrange(len(trial) - 1)
            b += b >= a
            j = rng.randrange(FACES)
            trial[a][i], trial[b][j] = trial[b][j], trial[a][i]
        elif move < 0.85:  # print a face the set already has (common letters are tried most)
            trial[a][i] = current[rng.randrange(len(current))][rng.randrange(FACES)]
        else:  # print any face of the palette
            trial[a][i] = rules.palette[rng.randrange(len(rules.palette))]
        cubes = tuple(tuple(cube) for cube in trial)
        if trial == current or dice_problems(cubes, rules):
            continue
        trial_counts = score(cubes)
        gap = shortfall(trial_counts, target)
        heat = temperature * (1 - step / max_steps)
        if gap <= best or (heat > 0 and rng.random() < math.exp((best - gap) / heat)):
            current, counts, best = trial, trial_counts, gap
            kept += 1
            if gap < lowest[0]:
                lowest = (gap, current, counts)
        if on_step:
            on_step(step, BoardQuality.of(counts), best)
    reached = done()
    if not reached and temperature > 0:
        _, current, counts = lowest
        reached = done()
    final = tuple(tuple(cube) for cube in current)
    quality = BoardQuality.of(counts)
    outside = None if held_out is None else checked.get(final) or BoardQuality.of(held_out.score(final))
    return TuneResult(final, quality, step, kept, reached, changed_faces(start, final), outside)
