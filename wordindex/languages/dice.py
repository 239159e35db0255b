"""Boggle cubes for a language: a published edition's, written out, or a set made from letter frequencies.

Where a language's Boggle edition publishes its cubes (French Boggle, Italian *Il Paroliere*), its
module writes them out with ``cubes``. Where none could be found, ``frequency_cubes`` makes a set
from the letter frequencies of the language's default word list (``LETTER_FREQUENCIES`` in its
module, measured by ``benchmarks/language_lists.py --letters``), always the same way:

1. every letter of the alphabet that the list uses at least once in 10,000 letters gets one face,
   so it can come up (as on the English cubes, where even Q, X and Z have a face); a letter rarer
   than that (Italian's J K W X Y, Portuguese K W Y, Swedish Q W: ``0`` in ``LETTER_FREQUENCIES``)
   gets none, as *Il Paroliere* has none of Italian's five;
2. the other faces are shared out in proportion to the frequencies, the remainders going to the
   largest fractions (ties to the earlier letter of the alphabet);
3. the faces are dealt round the cubes one by one, the vowels' first and then the consonants',
   each most frequent letter first: the cubes' vowel counts differ by one at most (two or three
   a cube in most languages, as on most English cubes), and no letter has two faces on one cube
   (a letter with more faces than there are cubes is refused);
4. a language whose ``q`` is followed by ``u`` in at least ``QU_SHARE`` of its words' ``q``s gets a
   ``qu`` face instead of a ``q`` face, as English and Italian Boggle do, unless the language's
   published cubes print a plain ``Q`` (French).

Faces are listed in the alphabet's order on each cube and the cubes in the alphabet's order of
their faces, like the published English lists.

A letter-frequency set shares its faces the way the list's letters are shared, but a word list's
letters are not a Boggle board's: long compounds and endings weigh in them, and some sets give
poor boards (German's median random board held 34 words, English's 67). Where a language's 4×4
set, published or made from frequencies, gives boards poorer than English's, the module also has
a **tuned set** (``tuned_dice``), named ``TUNED`` and listed first so that it is the default:
``benchmarks/tune_dice.py`` derived it from the other 4×4 set by a seeded local search
(``wordindex.boggle.dice_tuning``), and ``benchmarks/results/tuned_dice.json`` records the cubes,
the list and its version they were tuned on, and the figures (docs/languages.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from wordindex.languages.alphabet import Alphabet

from .model import Dice

#: The share of ``q`` followed by ``u`` from which a letter-frequency set prints ``qu`` on the face.
QU_SHARE = 0.99

FACES = 6

#: The name of a language's tuned 4×4 set.
TUNED = "tuned-4x4"


class DiceError(ValueError):
    """A dice set a language module got wrong (a programming error, caught by the tests)."""


def cubes(*specs: str, qu: bool = False) -> tuple[tuple[str, ...], ...]:
    """Cubes from compact specs, one letter per face (``"ETUKNO"``); ``qu`` prints ``q`` faces as ``qu``."""
    built = []
    for spec in specs:
        faces = tuple("qu" if qu and ch == "q" else ch for ch in spec.lower())
        if len(faces) != FACES:
            raise DiceError(f"a cube has {FACES} faces, not {spec!r}")
        built.append(faces)
    return tuple(built)


def face_counts(alphabet: Alphabet, frequencies: Mapping[str, int], size: int) -> dict[str, int]:
    """How many faces each letter in use gets on ``size``×``size`` cubes (steps 1 and 2 of the module docstring)."""
    if set(frequencies) != alphabet.letter_set:
        raise DiceError("letter frequencies must give every letter of the alphabet, and only those")
    used = [letter for letter in alphabet.letters if frequencies[letter] > 0]
    faces = size * size * FACES
    spare = faces - len(used)
    if spare < 0:
        raise DiceError(f"{size}×{size} cubes have fewer faces than the alphabet has letters in use")
    total = sum(frequencies.values())
    shares = {letter: spare * frequencies[letter] / total for letter in used}
    counts = {letter: 1 + int(share) for letter, share in shares.items()}
    left = faces - sum(counts.values())
    by_fraction = sorted(used, key=lambda letter: (-(shares[letter] % 1), alphabet.slot[letter]))
    for letter in by_fraction[:left]:
        counts[letter] += 1
    return counts


def frequency_cubes(
    alphabet: Alphabet, frequencies: Mapping[str, int], vowels: str, size: int, *, qu: bool = False
) -> tuple[tuple[str, ...], ...]:
    """A ``size``×``size`` letter-frequency set (the module docstring's four steps)."""
    counts = face_counts(alphabet, frequencies, size)
    cube_count = size * size
    slot = alphabet.slot
    dealt: list[list[str]] = [[] for _ in range(cube_count)]
    order = sorted(counts, key=lambda letter: (letter not in vowels, -counts[letter], slot[letter]))
    crowded = [letter for letter in order if counts[letter] > cube_count]
    if crowded:
        raise DiceError(f"{crowded[0]!r} has more faces than there are cubes: one cube would show it twice")
    faces = [letter for letter in order for _ in range(counts[letter])]
    for position, letter in enumerate(faces):
        dealt[position % cube_count].append(letter)
    ordered = sorted((sorted(cube, key=slot.__getitem__) for cube in dealt), key=lambda cube: [slot[f] for f in cube])
    return tuple(tuple("qu" if qu and face == "q" else face for face in cube) for cube in ordered)


def frequency_dice(
    alphabet: Alphabet,
    frequencies: Mapping[str, int],
    vowels: str,
    *,
    qu: bool,
    list_name: str,
    sizes: tuple[int, ...] = (4, 5),
) -> tuple[Dice, ...]:
    """The letter-frequency sets of a language whose edition's cubes could not be found (one per size)."""
    source = f"letter-frequency set: the letter frequencies of {list_name} (docs/languages.md)"
    return tuple(
        Dice(
            f"frequency-{size}x{size}",
            size,
            source,
            frequency_cubes(alphabet, frequencies, vowels, size, qu=qu),
            published=False,
        )
        for size in sizes
    )


def tuned_dice(*specs: str, qu: bool, start: str, list_name: str) -> Dice:
    """A language's tuned 4×4 set (the module docstring), from the cubes ``benchmarks/tune_dice.py`` printed."""
    source = (
        f"tuned set: derived from the {start} set by benchmarks/tune_dice.py on {list_name} "
        "(benchmarks/results/tuned_dice.json, docs/languages.md)"
    )
    return Dice(TUNED, 4, source, cubes(*specs, qu=qu), published=False)
