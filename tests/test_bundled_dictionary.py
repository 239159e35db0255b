"""The bundled data/dictionary.txt: reproduced by its recipe, and a game-grade list.

The recipe test needs Debian's ``scowl`` package (``/usr/share/dict/scowl``)
and ENABLE2K from the shared word lists; it skips without them (``.ci/run``
installs scowl and sets WORDINDEX_WORDLISTS, so CI runs it).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .prerequisites import missing

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SCOWL = Path("/usr/share/dict/scowl")


def _abbreviations() -> set[str]:
    """Abbreviations of the previous spell-checker list (the issue's examples and more); none is a word."""
    words = """
    abb abl abr acc acct adj adv approx assn asst attn ave bldg blvd cf cmdr corp dept dist
    doz encl esp etc govt hdqrs hwy incl jr kg km lb lbs ltd mfg mgr misc mkay mr mrs natl
    orig oz pkg prox pt qt rd recd secy sgt sq sr std supt tbsp tsp univ vs wk yd yr
    """
    return set(words.split())


def _roman(n: int) -> str:
    out = ""
    for value, letters in (
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ):
        while n >= value:
            out += letters
            n -= value
    return out


#: Roman numerals that are also English words (i: the pronoun; mi: the note; mix; xi: the Greek letter).
ROMAN_WORDS = {"i", "mi", "mix", "xi"}


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return (DATA / "dictionary.txt").read_text(encoding="ascii").split("\n")


@pytest.fixture(scope="module")
def words(lines) -> list[str]:
    assert lines[-1] == ""  # the file ends with a newline
    return [line.split("\t")[0] for line in lines[:-1]]


def test_recipe_reproduces_the_file_byte_for_byte(wordlist):
    if not (SCOWL / "english-words.10").exists():
        missing("SCOWL's lists not installed (apt-get install scowl)")
    result = subprocess.run(
        [sys.executable, str(DATA / "make_dictionary.py"), "--check", "--enable", str(wordlist("enable2k.txt"))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "reproduced byte for byte" in result.stdout


def test_lines_are_word_level_and_flag(lines):
    pattern = re.compile(r"[a-z]+\t(10|20|35|40|50|55|60|70)(\tvulgar)?")
    bad = [line for line in lines[:-1] if not pattern.fullmatch(line)]
    assert bad == []


def test_sorted_unique_a_to_z(words):
    assert words == sorted(set(words))
    assert all(re.fullmatch(r"[a-z]+", w) for w in words)
    assert 100_000 < len(words) < 105_000


def test_no_one_letter_words_but_a_and_i(words):
    assert [w for w in words if len(w) == 1] == ["a", "i"]


def test_no_abbreviations_or_roman_numerals(words):
    present = set(words)
    assert _abbreviations() & present == set()
    numerals = {_roman(n) for n in range(1, 4000)} - ROMAN_WORDS
    assert numerals & present == set()
    assert {"xcii", "lxiv", "xiv", "mcm"} <= numerals


def test_no_slurs(words):
    slurs = {"coon", "dago", "gook", "kike", "nigger", "spic", "wetback", "wop", "faggot", "dyke", "redskin"}
    assert slurs & set(words) == set()


def test_everyday_words_are_there_with_low_levels(lines):
    levels = dict(line.split("\t")[:2] for line in lines[:-1])
    assert levels["the"] == "10" and levels["cool"] == "20"
    assert {"queue", "quizzing", "rhythm", "zebra", "aardvark"} <= set(levels)
