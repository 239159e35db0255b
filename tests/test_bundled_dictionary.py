"""The bundled data/dictionary.txt: reproduced by its recipe, and a game-grade list.

The recipe test needs Debian's ``scowl`` package (``/usr/share/dict/scowl``)
and ENABLE2K from the shared word lists; it skips without them (``.ci/run``
installs scowl and sets WORDINDEX_WORDLISTS, so CI runs it).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from wordindex.hangman.choosers import EvilChooser
from wordindex.hangman.session import word_pool
from wordindex.index.core import open_index
from wordindex.words.levels import Difficulty

from .prerequisites import missing

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SOURCES = DATA / "sources"
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


# --- issue 21: the slurs the Surge AI and LDNOOBW lists missed ---------------------------------------
# Found with NASPA's list of the words it removed in 2020 (sources/naspa-nwl2020-removed.txt) and
# Wikipedia's lists of ethnic and religious slurs; each word has its line in sources/decisions.tsv.

#: Words left out in issue 21 (the forms of one word share a key), and why.
LEFT_OUT = {
    "blackamoor blackamoors": "archaic term for a Black person, now offensive",
    "bohunk": "slur for an immigrant from central or eastern Europe",
    "buckra": "disparaging term for a white person",
    "coloreds": "the noun, a dated and offensive term for Black people",
    "giaour": "contemptuous term for a non-Muslim",
    "greaseball greaseballs": "slur for a person of Italian or Latin American descent",
    "gypped gypper gyppers gypping": "forms of gyp, left out before as a slur",
    "honky honkies": "slur for a white person",
    "jew": "the verb, an antisemitic slur",
    "nance nancy": "slur for an effeminate or gay man",
    "ofay": "slur for a white person",
    "papist papists papistry popery poperies popish": "contemptuous terms for Roman Catholics",
    "pickaninny pickaninnies": "slur for a Black child",
    "poofter poofters": "slur for a gay man",
    "shaveling": "contemptuous term for a tonsured priest",
    "shiksa shiksas": "disparaging term for a woman who is not Jewish",
    "squaw squaws": "slur for a Native American woman",
    "whitey whiteys": "slur for a white person",
    "wog wogs": "slur for a dark-skinned person",
    "yid yids": "slur for a Jew",
}

#: Words kept and flagged in issue 21 (never a secret word, never suggested), and why.
FLAGGED = {
    "golliwog golliwogs": "a racist caricature doll, and a slur",
    "goy goyim goyish goys": "a non-Jew: neutral as well as disparaging use",
    "gringo gringos": "a foreigner in Latin America: casual as well as disparaging use",
    "gypsy gypsies gypsyish": "an exonym many Romani people find offensive; also a traveller",
    "haole": "a non-Hawaiian: neutral as well as disparaging use",
    "kafir kafirs": "a slur; also a grain sorghum",
    "kraut krauts": "slur for a German; also sauerkraut",
    "limey limeys": "a British person, more often jocular than contemptuous",
    "mick micks": "slur for an Irish person; also take the mick",
    "mongol mongols mongolism": "offensive words for Down syndrome (mongoloid is left out)",
    "mulatto mulattoes octoroon quadroon": "historical terms for mixed descent, now offensive",
    "nooky": "sexual slang",
    "pommy pommies": "a British person, more often jocular than contemptuous",
    "redneck rednecks": "a rural white working-class person, also said of oneself",
    "sheeny": "slur for a Jew; also an archaic adjective, shiny",
}


def _forms(reasons: dict[str, str]) -> set[str]:
    return {word for forms in reasons for word in forms.split()}


def _naspa_removed() -> set[str]:
    text = (SOURCES / "naspa-nwl2020-removed.txt").read_text(encoding="utf-8")
    return {line for line in text.splitlines() if line and not line.startswith("#")}


def _decisions() -> dict[str, str]:
    text = (SOURCES / "decisions.tsv").read_text(encoding="utf-8")
    return {line.split("\t")[0]: line.split("\t")[1] for line in text.splitlines() if line and line[0] != "#"}


def _recipe() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_dictionary", DATA / "make_dictionary.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_counts_of_words_and_flags(bundled_entries):
    assert len(bundled_entries) == 102_283
    assert sum(vulgar for _, vulgar in bundled_entries.values()) == 291


def test_the_slurs_of_issue_21_are_left_out(words):
    assert len(_forms(LEFT_OUT)) == 39
    assert _forms(LEFT_OUT) & set(words) == set()


def test_the_words_flagged_in_issue_21_stay_valid_and_flagged(bundled_entries):
    flagged = _forms(FLAGGED)
    assert len(flagged) == 33
    assert {word for word in flagged if bundled_entries[word][1]} == flagged


def test_the_naspa_list_has_its_259_words():
    removed = _naspa_removed()
    assert len(removed) == 259
    assert {"wog", "yid", "honky", "mick", "pommy", "poofter", "whiteys", "papist"} <= removed
    assert all(re.fullmatch(r"[a-z]+", word) for word in removed)


def test_no_word_naspa_removed_is_in_the_dictionary_unflagged_unless_reviewed_clean(bundled_entries):
    decisions = _decisions()
    kept = {word for word in _naspa_removed() if word in bundled_entries and not bundled_entries[word][1]}
    assert kept == {"gynecocracy"}  # government by women: no slur
    assert decisions["gynecocracy"] == "clean"


def test_every_word_naspa_removed_that_the_recipe_could_keep_has_its_own_decision(wordlist):
    if not (SCOWL / "english-words.10").exists():
        missing("SCOWL's lists not installed (apt-get install scowl)")
    recipe = _recipe()
    levels = recipe.scowl_levels(SCOWL)
    candidates = set(levels) & recipe.enable_words(wordlist("enable2k.txt"))
    reviewed = _naspa_removed() & candidates
    assert len(reviewed) == 78
    assert reviewed - set(_decisions()) == set()


@pytest.mark.parametrize("difficulty", [None, *(d.value for d in Difficulty)])
def test_no_reviewed_slur_can_be_a_hangman_secret_word(bundled_index, difficulty):
    """What the issue saw: ``wog`` (level 55) was a possible secret word of a hard game."""
    slurs = _naspa_removed() - {"gynecocracy"}  # the one word of NASPA's list reviewed clean (above)
    reviewed = slurs | _forms(LEFT_OUT) | _forms(FLAGGED) | {"chink", "coon", "gook", "spic"}
    pool = word_pool(difficulty, allow_vulgar=False)
    with open_index(bundled_index) as index:
        for length in sorted({len(word) for word in reviewed}):
            words = set(EvilChooser(index, length, pool=pool).words())
            assert words, length
            assert words & reviewed == set(), (difficulty, length)


def test_the_word_graph_reader_that_made_the_naspa_list(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("naspa_removals", DATA / "naspa_removals.py")
    assert spec is not None and spec.loader is not None
    reader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reader)
    eow, last = 1 << 23, 1 << 22

    def graph(*nodes: int) -> bytes:
        return b"".join(node.to_bytes(4, "little") for node in (len(nodes), *nodes))

    def node(letter: str, flags: int = 0, child: int = 0) -> int:
        return ord(letter) << 24 | flags | child

    # root: A -> {B (word), D (word)}, B (word); children start at node 1, node 0 is the count
    old = graph(node("A", child=3), node("B", eow | last), node("B", eow), node("D", eow | last))
    new = graph(node("A", last, child=2), node("D", eow | last))
    assert reader.graph_words(old) == {"ab", "ad", "b"}
    assert reader.graph_words(new) == {"ad"}
    (tmp_path / "old.dwg").write_bytes(old)
    (tmp_path / "new.dwg").write_bytes(new)
    assert reader.main([str(tmp_path / "old.dwg"), str(tmp_path / "new.dwg")]) == 0
    out, err = capsys.readouterr()
    assert out == "ab\nb\n"
    assert err == "2 words removed, 0 added\n"
