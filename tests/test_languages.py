"""Each language's researched rules (docs/languages.md), checked with exact values.

The tile values, the Boggle cubes and the play forms of each language's edge cases are checked
against the data *and* against docs/languages.md, so the page and the modules cannot drift apart.
"""

from __future__ import annotations

import ast
import hashlib
import json
from importlib import import_module
from pathlib import Path

import pytest

from wordindex.boggle.dice import get_dice
from wordindex.boggle.dice_tuning import dice_problems, rules_for
from wordindex.build.dictionary import read_dictionary
from wordindex.index.record import SKIP_ABBREVIATION, SKIP_DUPLICATE, SKIP_OUTSIDE, SKIP_PROPER_NAME
from wordindex.languages import CODES, Capitals, Language, MultiLetterTile, language
from wordindex.languages.alphabet import MAX_LETTERS, Alphabet
from wordindex.languages.dice import TUNED, DiceError, cubes, face_counts, frequency_cubes
from wordindex.languages.folds import folds

ROOT = Path(__file__).resolve().parent.parent
#: The tuned 4×4 sets as benchmarks/tune_dice.py recorded them, by language.
TUNED_RECORD = json.loads((ROOT / "benchmarks" / "results" / "tuned_dice.json").read_text(encoding="utf-8"))
DOC = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
OTHERS = [code for code in CODES if code != "en"]


def face_text(face: str) -> str:
    """A face as the docs print it: ``A``, ``Qu``."""
    return face.upper() if len(face) == 1 else face.capitalize()


def dice_text(set_cubes: tuple[tuple[str, ...], ...]) -> str:
    """A set as the docs print it: the cubes' faces run together, cubes apart (``ETUKNO EVGTIN ...``)."""
    return " ".join("".join(face_text(face) for face in cube) for cube in set_cubes)


def tiles_text(lang: Language) -> str:
    """The tile values and counts as the docs print them: ``A 1 ×9, ...``, then the multi-letter tiles."""
    parts = []
    for letter in lang.letters:
        count = lang.tile_counts[letter]
        parts.append(f"{letter.upper()} {lang.tile_values[letter]}" + (f" ×{count}" if count else " (no tile)"))
    parts += [f"{tile.letters.upper()} {tile.value} ×{tile.count}" for tile in lang.multi_letter_tiles]
    return ", ".join(parts)


# --- alphabets, folds, vowels --------------------------------------------------------------------

ALPHABETS = {
    "fr": "abcdefghijklmnopqrstuvwxyz",
    "de": "abcdefghijklmnopqrstuvwxyzäöü",
    "es": "abcdefghijklmnñopqrstuvwxyz",
    "it": "abcdefghijklmnopqrstuvwxyz",
    "pt": "abcçdefghijklmnopqrstuvwxyz",
    "nl": "abcdefghijklmnopqrstuvwxyz",
    "pl": "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
    "sv": "abcdefghijklmnopqrstuvwxyzåäö",
}


def test_each_language_has_its_researched_alphabet():
    assert {code: language(code).letters for code in OTHERS} == ALPHABETS
    assert max(len(letters) for letters in ALPHABETS.values()) == MAX_LETTERS == 32


@pytest.mark.parametrize("code", OTHERS)
def test_folds_map_characters_outside_the_alphabet_onto_its_letters(code):
    alphabet = language(code).alphabet
    for source, target in alphabet.folds.items():
        assert source not in alphabet.letter_set
        assert target and set(target) <= alphabet.letter_set
        assert alphabet.play(source) == target


def test_folds_are_written_as_the_docs_give_them():
    assert folds("éè:e œ:oe ĳ:ij") == {"é": "e", "è": "e", "œ": "oe", "ĳ": "ij"}


def test_polish_folds_nothing_and_letters_of_their_own_are_never_folded():
    assert dict(language("pl").alphabet.folds) == {}
    assert {"ä", "ö", "ü"}.isdisjoint(language("de").alphabet.folds)
    assert "ñ" not in language("es").alphabet.folds
    assert "ç" not in language("pt").alphabet.folds
    assert {"å", "ä", "ö"}.isdisjoint(language("sv").alphabet.folds)
    assert language("de").alphabet.folds["ß"] == "ss"
    assert language("nl").alphabet.folds["ĳ"] == "ij"


@pytest.mark.parametrize("code", OTHERS)
def test_vowels_are_letters(code):
    lang = language(code)
    assert lang.vowels and set(lang.vowels) <= lang.alphabet.letter_set


def test_capitals_rules():
    assert {code: language(code).capitals for code in OTHERS} == {
        code: Capitals.NOUNS if code == "de" else Capitals.NAMES for code in OTHERS
    }


# --- edge cases: Alphabet.play does what docs/languages.md says ----------------------------------


def edge_cases() -> list[tuple[str, str, str | None]]:
    """The rows of the docs' edge-case table: language, text (a Python literal), plays as."""
    rows = []
    in_table = False
    for line in DOC.splitlines():
        if line.startswith("| language | typed | plays as |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if in_table and not line.startswith("| ---"):
            code, typed, played = (cell.strip().strip("`") for cell in line.strip("|").split("|"))
            rows.append((code, ast.literal_eval(typed), None if played == "not a word" else played))
    return rows


EDGE_CASES = edge_cases()


def test_the_docs_edge_case_table_covers_every_language_nfd_input_and_a_stranger():
    assert len(EDGE_CASES) >= 60
    assert {code for code, _, _ in EDGE_CASES} == set(OTHERS)
    for code in OTHERS:
        rows = [(typed, played) for row_code, typed, played in EDGE_CASES if row_code == code]
        assert any(played is None for _, played in rows), code  # a letter outside the alphabet
        assert any(typed != typed.lower() for typed, _ in rows), code  # capitals
    assert any("\u0301" in typed or "\u0308" in typed for _, typed, _ in EDGE_CASES)  # NFD input


@pytest.mark.parametrize(("code", "typed", "played"), EDGE_CASES)
def test_play_forms_are_the_ones_the_docs_give(code, typed, played):
    assert language(code).alphabet.play(typed) == played


def test_exact_play_forms_the_issue_names():
    german, french, dutch, polish = (language(code).alphabet for code in ("de", "fr", "nl", "pl"))
    assert german.play("größe") == german.play("GRÖSSE") == german.play("Gro\u0308\u00dfe") == "grösse"
    assert french.play("été") == french.play("e\u0301te\u0301") == french.play("ete") == "ete"
    assert german.play("ß") == "ss" and french.play("ß") is None
    assert dutch.play("ĳs") == dutch.play("Ĳs") == dutch.play("ijs") == "ijs"
    assert polish.play("video") is None and polish.play("żółw") == "żółw"


# --- tile values ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code", OTHERS)
def test_tile_values_and_counts_cover_exactly_the_alphabet(code):
    lang = language(code)
    assert set(lang.tile_values) == set(lang.tile_counts) == lang.alphabet.letter_set
    assert all(isinstance(value, int) and value > 0 for value in lang.tile_values.values())
    assert all(isinstance(count, int) and count >= 0 for count in lang.tile_counts.values())
    for tile in lang.multi_letter_tiles:
        assert len(tile.letters) > 1 and set(tile.letters) <= lang.alphabet.letter_set


def test_tile_bags_hold_the_editions_letter_tiles():
    bags = {
        code: (sum(language(code).tile_counts.values()), sum(t.count for t in language(code).multi_letter_tiles))
        for code in OTHERS
    }
    assert bags == {
        "fr": (100, 0),
        "de": (100, 0),
        "es": (95, 3),
        "it": (118, 0),
        "pt": (117, 0),
        "nl": (100, 0),
        "pl": (98, 0),
        "sv": (98, 0),
    }


KNOWN_VALUES = [
    ("pl", "ż", 5),
    ("pl", "ź", 9),
    ("pl", "ń", 7),
    ("pl", "ą", 5),
    ("de", "ä", 6),
    ("de", "ö", 8),
    ("de", "ü", 6),
    ("de", "q", 10),
    ("fr", "k", 10),
    ("fr", "q", 8),
    ("fr", "e", 1),
    ("es", "ñ", 8),
    ("es", "q", 5),
    ("es", "z", 10),
    ("es", "k", 8),
    ("es", "w", 8),
    ("it", "q", 10),
    ("it", "u", 3),
    ("it", "h", 8),
    ("it", "j", 10),
    ("pt", "ç", 3),
    ("pt", "q", 6),
    ("pt", "k", 8),
    ("nl", "q", 10),
    ("nl", "c", 5),
    ("nl", "e", 1),
    ("sv", "z", 10),
    ("sv", "c", 8),
    ("sv", "å", 4),
    ("sv", "w", 10),
]


@pytest.mark.parametrize(("code", "letter", "value"), KNOWN_VALUES)
def test_known_tile_values(code, letter, value):
    assert language(code).tile_values[letter] == value


def test_letters_without_a_tile_in_the_edition():
    missing = {code: "".join(t for t, n in language(code).tile_counts.items() if n == 0) for code in OTHERS}
    assert missing == {"fr": "", "de": "", "es": "kw", "it": "jkwxy", "pt": "kwy", "nl": "", "pl": "", "sv": "qw"}


def test_spanish_two_letter_tiles():
    assert language("es").multi_letter_tiles == (
        MultiLetterTile("ch", 5, 1),
        MultiLetterTile("ll", 8, 1),
        MultiLetterTile("rr", 8, 1),
    )
    assert all(not language(code).multi_letter_tiles for code in OTHERS if code != "es")


@pytest.mark.parametrize("code", OTHERS)
def test_docs_give_each_languages_tile_values(code):
    assert tiles_text(language(code)) in DOC


# --- Boggle dice ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code", OTHERS)
def test_dice_sets_have_size_squared_cubes_of_six_faces_of_the_alphabets_letters(code):
    lang = language(code)
    assert [d.size for d in lang.dice] == ([4, 4, 5] if code in TUNED_RECORD else [4, 5])
    assert len({d.name for d in lang.dice}) == len(lang.dice)
    for dice in lang.dice:
        assert len(dice.cubes) == dice.size**2
        for cube in dice.cubes:
            assert len(cube) == 6
            assert all(face and set(face) <= lang.alphabet.letter_set for face in cube)


def test_which_sets_are_published_and_which_are_the_defaults():
    sets = {code: [(d.name, d.published) for d in language(code).dice] for code in OTHERS}
    frequency = [("frequency-4x4", False), ("frequency-5x5", False)]
    tuned = [("tuned-4x4", False), *frequency]
    assert sets == {
        "fr": [("boggle", True), ("frequency-5x5", False)],
        "de": tuned,
        "es": tuned,
        "it": [("tuned-4x4", False), ("paroliere", True), ("frequency-5x5", False)],
        "pt": tuned,
        "nl": frequency,
        "pl": frequency,
        "sv": tuned,
    }


def test_the_published_cubes():
    french = language("fr").dice[0]
    italian = next(dice for dice in language("it").dice if dice.name == "paroliere")
    assert (
        dice_text(french.cubes).split()
        == (
            "ETUKNO EVGTIN DECAMP IELRUW EHIFSE RECALS ENTDOS OFXRIA NAVEDZ EIOATA GLENYU BMAQJO TLIBRA SPULTE AIMSOR "
            "ENHRIS"
        ).split()
    )
    assert (
        dice_text(italian.cubes).split()
        == (
            "AAEIOT ABOOMQu ABILRT ACELRS ACDEMP ACFIOR ADENVZ AIMORS CENOTU DENOST EEFHIS EGLNOU EGINTV EHINRS EILORU "
            "ELPSTU"
        ).split()
    )


@pytest.mark.parametrize("code", OTHERS)
def test_docs_give_every_cube(code):
    for dice in language(code).dice:
        assert dice_text(dice.cubes) in DOC, dice.name


QU_FACES = {"fr": False, "de": True, "es": True, "it": True, "pt": True, "nl": False, "pl": False, "sv": True}


@pytest.mark.parametrize("code", OTHERS)
def test_letter_frequency_sets_are_the_documented_construction(code):
    lang = language(code)
    frequencies = import_module(f"wordindex.languages.{code}").LETTER_FREQUENCIES
    for dice in lang.dice:
        if dice.published or dice.name == TUNED:
            continue
        assert dice.cubes == frequency_cubes(lang.alphabet, frequencies, lang.vowels, dice.size, qu=QU_FACES[code])
        counts = face_counts(lang.alphabet, frequencies, dice.size)
        faces = [face for cube in dice.cubes for face in cube]
        for letter in lang.letters:
            shown = sum(face[0] == letter for face in faces)
            assert shown == counts.get(letter, 0), letter
            assert (shown > 0) == (frequencies[letter] > 0), letter
        assert all(len(set(cube)) == 6 for cube in dice.cubes)  # no letter twice on a cube
        vowels = [sum(face in lang.vowels for face in cube) for cube in dice.cubes]
        assert max(vowels) - min(vowels) <= 1 and min(vowels) >= 1


#: Languages whose tuned set does not reach the target on today's list (docs/languages.md, Tuned sets).
SHORT_OF_THE_TARGET = {"de"}


@pytest.mark.parametrize("code", sorted(TUNED_RECORD))
def test_tuned_sets_are_the_recorded_ones_the_default_and_valid_dice(code):
    lang = language(code)
    tuned = lang.dice[0]
    assert tuned.name == TUNED and tuned.size == 4 and not tuned.published
    assert get_dice(None, 4, lang) is tuned  # the default 4×4 set
    record = TUNED_RECORD[code]
    assert dice_text(tuned.cubes) == record["cubes"]  # what benchmarks/tune_dice.py --write recorded
    assert record["start"] == lang.dice[1].name and record["list"] == lang.default_list.path
    held_out = record["held_out"]
    assert record["reached"] == (code not in SHORT_OF_THE_TARGET)
    if record["reached"]:
        assert record["median"] >= record["target_median"] and record["poor_share"] <= record["target_poor_share"]
        assert held_out["median"] >= record["held_out_target_median"]
        assert held_out["poor_share"] <= record["held_out_target_poor_share"]
        # The issue's target on throws the search did not climb on: a median at least English's on
        # the same throws, at most 1 % of the boards under 10 words (the search's margins are above).
        assert held_out["median"] >= record["english_held_out_median"] and held_out["poor_share"] <= 0.01
    else:  # still far better than the set it was tuned from, on the held-out throws
        start = record["start_held_out"]
        assert held_out["median"] >= 1.5 * start["median"] and held_out["poor_share"] < start["poor_share"] / 4
    assert dice_problems(tuned.cubes, rules_for(lang)) == []
    assert all(len(cube) == 6 for cube in tuned.cubes)
    multi = {face for cube in tuned.cubes for face in cube if len(face) > 1}
    start_multi = {face for d in lang.dice[1:] for cube in d.cubes for face in cube if len(face) > 1}
    assert multi <= start_multi  # Qu only where the language's other sets print it


def test_languages_without_a_tuned_set_keep_their_first_set_as_the_default():
    for code in [code for code in CODES if code not in TUNED_RECORD]:
        lang = language(code)
        assert all(d.name != TUNED for d in lang.dice)
        assert get_dice(None, 4, lang) is lang.dice[0]
    assert get_dice(None, 4, language("en")).name == "new"


def test_face_counts_share_the_faces_by_frequency_with_one_face_for_every_letter_in_use():
    abc = Alphabet("abc")
    assert face_counts(abc, {"a": 3, "b": 1, "c": 0}, 1) == {"a": 4, "b": 2}
    assert face_counts(abc, {"a": 1, "b": 1, "c": 1}, 1) == {"a": 2, "b": 2, "c": 2}
    with pytest.raises(DiceError):
        face_counts(abc, {"a": 1, "b": 1}, 1)
    with pytest.raises(DiceError):
        frequency_cubes(Alphabet("ab"), {"a": 5, "b": 1}, "a", 1)  # a's faces would share a cube


def test_cube_specs_have_six_faces_and_may_print_qu():
    assert cubes("ABOOMQ", qu=True) == (("a", "b", "o", "o", "m", "qu"),)
    assert cubes("ABOOMQ") == (("a", "b", "o", "o", "m", "q"),)
    with pytest.raises(DiceError):
        cubes("ABOOM")


# --- default word lists --------------------------------------------------------------------------


def test_default_lists():
    lists = {code: (w.path, w.package, w.encoding, w.bundled) for code in OTHERS for w in [language(code).default_list]}
    assert lists == {
        "fr": ("/usr/share/dict/french", "wfrench", "utf-8", False),
        "de": ("/usr/share/dict/ngerman", "wngerman", "utf-8", False),
        "es": ("es.txt", None, "utf-8", True),
        "it": ("/usr/share/dict/italian", "witalian", "utf-8", False),
        "pt": ("/usr/share/dict/portuguese", "wportuguese", "utf-8", False),
        "nl": ("/usr/share/dict/dutch", "wdutch", "utf-8", False),
        "pl": ("/usr/share/dict/polish", "wpolish", "utf-8", False),
        "sv": ("/usr/share/dict/swedish", "wswedish", "latin-1", False),
    }


def test_the_bundled_spanish_list_is_debians_wspanish_unchanged():
    data = (ROOT / "data" / "es.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == "6b26adc955ec682e41e98d626d0ed1f778511065ee1f7f19c28e8b3cb574b9b6"
    assert data.count(b"\n") == 86016
    assert "6b26adc955ec682e41e98d626d0ed1f778511065ee1f7f19c28e8b3cb574b9b6" in (
        ROOT / "data" / "SOURCES.md"
    ).read_text(encoding="utf-8")


def test_german_keeps_capitalised_nouns_and_plays_sharp_s_as_ss(tmp_path):
    path = tmp_path / "de.txt"
    path.write_text("Größe\nStraße\nMaße\nMasse\nPKW\nGmbH\nessen\n", encoding="utf-8")
    read = read_dictionary(path, "de")
    assert read.words == ["grösse", "strasse", "masse", "essen"]
    assert read.stats.skipped == {SKIP_ABBREVIATION: 2, SKIP_DUPLICATE: 1}


def test_french_leaves_out_proper_names_and_abbreviations_and_folds_accents(tmp_path):
    path = tmp_path / "fr.txt"
    path.write_text("été\nParis\nÉTÉ\nac.\nete\nœuvre\nporte-monnaie\n", encoding="utf-8")
    read = read_dictionary(path, "fr")
    assert read.words == ["ete", "oeuvre"]
    assert read.stats.skipped == {SKIP_PROPER_NAME: 1, SKIP_ABBREVIATION: 2, SKIP_OUTSIDE: 1, SKIP_DUPLICATE: 1}


def test_the_swedish_list_is_read_as_latin_1(tmp_path):
    path = tmp_path / "sv.txt"
    path.write_bytes("åsna\nÅsa\narmé\nøre\n".encode("latin-1"))
    read = read_dictionary(path, "sv", language("sv").default_list.encoding)
    assert read.words == ["åsna", "arme"]
    assert read.stats.skipped == {SKIP_PROPER_NAME: 1, SKIP_OUTSIDE: 1}
