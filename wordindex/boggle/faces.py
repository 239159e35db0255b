"""What a Boggle cube's face may show in one language, and the numbers the searches know faces by.

A face spells one letter of the alphabet, or several (English ``Qu``; Super Big Boggle's
``In``, ``Th``, ``Er``, ``He``, ``An``; a Dutch ``IJ``). A ``FaceSet`` is a language's faces:
its letters and the multi-letter faces its dice print. The searches number faces:

* a single letter is its alphabet slot (0-31);
* the ``i``-th multi-letter face is ``MULTI + i`` (``MULTI`` = 32), and the kernels follow its
  letters one after the other (``letter_table``).

In a board string a letter is itself and a multi-letter face is written in brackets (``[th]``),
except Qu: where the language's dice print ``Qu`` a lone ``q`` is the Qu cube, as it always was
in English (``q`` and ``qu`` may both be typed). A word scores by its letters, so a two-letter
face counts two, as Qu always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from wordindex.languages.alphabet import Alphabet

from ..languages import Language, language

#: The first number of a multi-letter face (single letters are 0-31).
MULTI = 32
#: Letters a face may spell.
MAX_FACE_LETTERS = 4
QU = "qu"


@dataclass(frozen=True)
class FaceSet:
    """The faces of one language's boards (see the module docstring)."""

    alphabet: Alphabet
    #: Faces of two or more letters, in the order they are numbered.
    multi: tuple[str, ...]
    #: The language's name, for messages.
    name: str = "English"

    @property
    def q_is_qu(self) -> bool:
        """A lone ``q`` in a board string is the Qu cube (the language's dice print ``Qu``)."""
        return QU in self.multi

    @property
    def max_letters(self) -> int:
        """The most letters one face spells (1 when every face is a letter)."""
        return max((len(face) for face in self.multi), default=1)

    def code(self, face: str) -> int:
        """The number of a face (KeyError for one this language's boards cannot show)."""
        if len(face) == 1:
            return self.alphabet.slot[face]
        if face not in self.multi:
            raise KeyError(face)
        return MULTI + self.multi.index(face)

    def face(self, code: int) -> str:
        """The face a number stands for (the letters it spells)."""
        return self.multi[code - MULTI] if code >= MULTI else self.alphabet.letters[code]

    def written(self, face: str) -> str:
        """How a face is written in a board string: ``a``, ``q`` for Qu where q is Qu, ``[th]``."""
        if len(face) == 1:
            return face
        if face == QU and self.q_is_qu:
            return "q"
        return f"[{face}]"

    def label(self, face: str) -> str:
        """How the cube prints it: ``A``, ``Qu``, ``Th``."""
        return face[:1].upper() + face[1:]

    def letter_table(self) -> tuple[list[int], list[int]]:
        """For the kernels: per multi-letter face, ``MAX_FACE_LETTERS`` letter slots and its length."""
        letters: list[int] = []
        lengths: list[int] = []
        for face in self.multi:
            slots = [self.alphabet.slot[ch] for ch in face]
            letters.extend(slots + [0] * (MAX_FACE_LETTERS - len(slots)))
            lengths.append(len(slots))
        return letters, lengths


@cache
def faces_of(code: str) -> FaceSet:
    """The faces of a language's boards: its letters and the multi-letter faces of its dice."""
    found = language(code)
    return make_faces(found)


def make_faces(found: Language) -> FaceSet:
    alphabet = found.alphabet
    multi: list[str] = [face for face in found.board_faces if alphabet.is_word_text(face)]
    for dice in found.dice:
        for cube in dice.cubes:
            for face in cube:
                if len(face) > 1 and alphabet.is_word_text(face) and face not in multi:
                    multi.append(face)
    if found.code == "en" and QU not in multi:
        multi.insert(0, QU)  # English boards always knew q as the Qu cube
    if QU in multi:  # numbered first: the Qu cube is MULTI in every language that has it
        multi.remove(QU)
        multi.insert(0, QU)
    return FaceSet(alphabet, tuple(multi[:MULTI]), found.name)


def english_faces() -> FaceSet:
    """English boards' faces: a-z, the Qu cube, and Super Big Boggle's In, Th, Er, He, An."""
    return faces_of("en")
