"""Indexes in other languages: the build reads each list by its language's rules, and the index answers in them.

Each list here is small enough to check by hand: what is kept, what is left out and why, how the
list's spellings come back. The same tests run on PostgreSQL (``pytest --backend postgresql``).
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.build.builder import build_index
from wordindex.build.rows import word_features
from wordindex.errors import DatabaseError, DictionaryError
from wordindex.index.core import open_index
from wordindex.languages import Capitals, Language, WordList, language
from wordindex.languages.alphabet import ENGLISH, Alphabet
from wordindex.languages.lists import default_list_path
from wordindex.words.lookup import check_words, describe_words, words_matching
from wordindex.words.pattern import parse_pattern

FRENCH = ["été", "pêche", "péché", "peche", "Paris", "etc.", "aujourd'hui", "œuvre", "ÉTÉ", "cœur", "été"]
GERMAN = ["Größe", "groß", "Straße", "essen", "Essen", "LKW", "GmbH", "Ähre", "café"]
POLISH = ["żab", "zab", "ząb", "źab", "quiz", "Kraków", "żółć"]


@pytest.fixture(scope="module")
def french(index_factory):
    return index_factory("french", FRENCH, language="fr")


@pytest.fixture(scope="module")
def german(index_factory):
    return index_factory("german", GERMAN, language="de")


@pytest.fixture(scope="module")
def polish(index_factory):
    return index_factory("polish", POLISH, language="pl")


def test_french_build_keeps_words_folds_accents_and_counts_what_it_leaves_out(run_cli, french):
    facts = json.loads(run_cli(["info", "--json"], db=french).stdout)
    assert facts["language"] == "fr"
    assert facts["word_count"] == 4  # ete, peche, oeuvre, coeur
    assert facts["skipped"] == {
        "outside_the_alphabet": 1,  # aujourd'hui
        "proper_name": 1,  # Paris
        "abbreviation": 2,  # etc. and ÉTÉ
        "duplicate": 3,  # été's second line, and two of peche's three spellings
        "too_long": 0,
    }


def test_french_check_takes_what_a_player_types_and_answers_with_the_list_spelling(run_cli, french):
    nfd = unicodedata.normalize("NFD", "été")
    result = run_cli(["check", "été", "ete", "Été", nfd, "pêche", "oeuvre"], db=french)
    assert (result.exit_code, result.stdout) == (
        0,
        "été: a word\nété: a word\nété: a word\nété: a word\npêche, péché, peche: a word\nœuvre: a word\n",
    )
    result = run_cli(["check", "xyzé", "ete", "--json"], db=french)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == [
        {"word": "xyzé", "valid": False, "level": None, "vulgar": False, "spellings": []},
        {"word": "ete", "valid": True, "level": None, "vulgar": False, "spellings": ["été"]},
    ]


def test_french_prefixes_are_in_play_letters(run_cli, french):
    result = run_cli(["check", "--prefix", "pe", "pê", "œu", "x"], db=french)
    assert (result.exit_code, result.stdout) == (
        1,
        "pe: begins a word\npe: begins a word\noeu: begins a word\nx: begins no word\n",
    )


def test_german_keeps_capitalised_nouns_folds_sharp_s_and_leaves_out_abbreviations(run_cli, german):
    facts = json.loads(run_cli(["info", "--json"], db=german).stdout)
    assert (facts["language"], facts["word_count"]) == ("de", 6)  # grösse gross strasse essen ähre cafe
    assert facts["skipped"]["abbreviation"] == 2  # LKW, GmbH
    assert facts["skipped"]["duplicate"] == 1  # Essen after essen
    result = run_cli(["check", "größe", "GRÖSSE", "grösse", "essen", "Strasse", "ähre", "Café"], db=german)
    assert result.stdout == (
        "Größe: a word\nGröße: a word\nGröße: a word\nessen, Essen: a word\nStraße: a word\nÄhre: a word\n"
        "café: a word\n"
    )


def test_polish_has_32_letters_and_lists_words_in_its_own_order(run_cli, polish):
    with open_index(polish) as index:
        assert index.alphabet.size == 32
        assert index.language.code == "pl"
    facts = json.loads(run_cli(["info", "--json"], db=polish).stdout)
    assert facts["skipped"]["outside_the_alphabet"] == 1  # quiz: Polish has no q
    assert facts["skipped"]["proper_name"] == 1  # Kraków
    result = run_cli(["words", "--pattern", "---"], db=polish)
    assert result.stdout == "zab\nząb\nźab\nżab\n"  # ą after a, then ź and ż after z
    result = run_cli(["words", "--pattern", "---", "--limit", "2", "--json"], db=polish)
    assert json.loads(result.stdout) == {"count": 4, "words": ["zab", "ząb"], "spellings": {}}


def test_latin1_list_is_refused_without_its_encoding_and_read_with_it(run_cli, tmp_path):
    source = tmp_path / "svenska.txt"
    source.write_bytes("åska\nsjö\nStockholm\n".encode("latin-1"))
    db = tmp_path / "sv.db"
    result = run_cli(["build", "--language", "sv", source], db=db)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: line 1 of {source} is not valid utf-8: give the list's encoding with --encoding "
        "(for example --encoding latin-1)\n"
    )
    assert not db.exists()
    result = run_cli(["build", "--language", "sv", "--encoding", "latin-1", source, "--json"], db=db)
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert (summary["language"], summary["word_count"], summary["skipped"]) == ("sv", 2, {"proper_name": 1})
    assert run_cli(["check", "åska", "sjö"], db=db).stdout == "åska: a word\nsjö: a word\n"


def test_a_rebuild_keeps_the_language_unless_told(run_cli, tmp_path):
    db = tmp_path / "x.db"
    first = tmp_path / "one.txt"
    first.write_text("été\ncool\n", encoding="utf-8")
    assert run_cli(["build", "--language", "fr", first], db=db).stdout.startswith("Built 2 French words from one.txt")
    second = tmp_path / "two.txt"
    second.write_text("pêche\n", encoding="utf-8")
    assert run_cli(["build", second], db=db).stdout.startswith("Built 1 French word from two.txt")
    assert run_cli(["build", "--language", "en", first], db=db).stdout.startswith("Built 1 English word from one.txt")
    assert json.loads(run_cli(["info", "--json"], db=db).stdout)["language"] == "en"


def test_bad_language_and_encoding_are_one_line_errors(run_cli, tmp_path):
    source = tmp_path / "w.txt"
    source.write_text("cool\n")
    result = run_cli(["build", "--language", "xx", source], db=tmp_path / "a.db")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: unknown language 'xx': choose one of en, fr, de, es, it, pt, nl, pl, sv\n",
    )
    result = run_cli(["build", "--language", "fr", "--encoding", "klingon", source], db=tmp_path / "a.db")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: unknown encoding 'klingon' (for example utf-8, latin-1, cp1252)\n",
    )


def test_a_missing_distribution_list_names_the_package_to_install():
    missing = Language(
        code="fr",
        name="French",
        native_name="français",
        alphabet=ENGLISH,
        capitals=Capitals.NAMES,
        default_list=WordList(path="/nonexistent/french", licence="GPL", package="wfrench"),
        vowels="aeiou",
        tile_values={},
    )
    with pytest.raises(DictionaryError) as caught:
        default_list_path(missing)
    assert str(caught.value) == (
        "the French word list /nonexistent/french is not installed: install it with `sudo apt-get install wfrench` "
        "(Debian, Ubuntu), or give a list: wordindex build --language fr FILE"
    )


def test_the_english_default_list_is_the_bundled_one(tmp_path):
    path = default_list_path(language("en"))
    assert path.name == "dictionary.txt" and path.is_file()


def test_languages_lists_every_language(run_cli):
    listed = json.loads(run_cli(["languages", "--json"]).stdout)
    assert [item["code"] for item in listed] == ["en", "fr", "de", "es", "it", "pt", "nl", "pl", "sv"]
    polish = listed[7]
    assert (polish["alphabet"], polish["letter_count"], polish["bundled"], polish["package"]) == (
        "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
        32,
        False,
        "wpolish",
    )
    text = run_cli(["languages"]).stdout.splitlines()
    assert text[0] == "en  English (English): abcdefghijklmnopqrstuvwxyz"


def test_a_failing_build_helper_names_its_cause(tmp_path, monkeypatch):
    """The helper that derives the prefixes sends its error back (it used to say only its exit code)."""
    from wordindex.words import prefix_walk

    def broken(self, word, rows):
        raise ValueError(f"cannot walk to {word}")

    monkeypatch.setattr(prefix_walk.PrefixWalk, "add", broken)
    source = tmp_path / "w.txt"
    source.write_text("cool\n")
    with pytest.raises(DatabaseError) as caught:
        build_index(tmp_path / "x.db", source)
    assert str(caught.value) == "building the prefixes failed: ValueError: cannot walk to cool"
    assert not (tmp_path / "x.db").exists()


# --- the same list in another alphabet ---------------------------------------------------------------

POLISH_ALPHABET = language("pl").alphabet


def _respell(word: str, source: Alphabet, target: Alphabet) -> str:
    return "".join(target.letters[source.slot[ch]] for ch in word)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8), min_size=1, max_size=30))
def test_features_are_the_same_for_a_list_in_another_alphabet(words):
    """Slot i of English holds what slot i of Polish holds when every letter is replaced by its slot twin."""
    ordered = sorted(set(words), key=len)
    english = word_features(ordered)
    polish = word_features([_respell(w, ENGLISH, POLISH_ALPHABET) for w in ordered], alphabet=POLISH_ALPHABET)
    assert (english.positions == polish.positions[:, :26]).all()
    assert (english.counts == polish.counts[:, :26]).all()
    assert not polish.positions[:, 26:].any()
    assert [_respell(s, ENGLISH, POLISH_ALPHABET) for s in english.signatures] == polish.signatures


def test_checks_and_matches_are_the_same_for_a_list_in_another_alphabet(index_factory):
    words = ["cab", "abc", "bad", "dab", "ace", "zebra", "quiz", "a"]
    mapped = [_respell(w, ENGLISH, POLISH_ALPHABET) for w in words]
    english = index_factory("respell_en", words)
    polish = index_factory("respell_pl", mapped, language="pl")
    with open_index(english) as en, open_index(polish) as pl:
        asked = ["cab", "cabs", "zebra", "q"]
        assert [ok for _, ok in check_words(en, asked)] == [
            ok for _, ok in check_words(pl, [_respell(w, ENGLISH, POLISH_ALPHABET) for w in asked])
        ]
        assert [f.valid for f in describe_words(en, asked)] == [True, False, True, False]
        for length in (1, 3, 5):
            pattern = parse_pattern("-" * length)
            found_en = words_matching(en, pattern).words
            found_pl = words_matching(pl, pattern).words
            assert [_respell(w, ENGLISH, POLISH_ALPHABET) for w in found_en] == found_pl


def test_an_english_list_in_another_encoding_reads_with_the_option(run_cli, tmp_path):
    source = tmp_path / "utf16.txt"
    source.write_text("Cool\nnaïve\ngood\n", encoding="utf-16")
    result = run_cli(["build", source], db=tmp_path / "a.db")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: dictionary file looks binary, not a text word list: {source}\n",
    )
    result = run_cli(["build", "--encoding", "utf-16", source], db=tmp_path / "a.db")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: encoding 'utf-16' does not write ASCII as ASCII, so its lines cannot be read: "
        "convert the list to UTF-8 first (iconv -f utf-16 -t utf-8)\n",
    )
    source = tmp_path / "latin1.txt"
    source.write_text("Cool\nnaïve\ngood\n", encoding="latin-1")
    result = run_cli(["build", "--encoding", "latin-1", source, "--json"], db=tmp_path / "a.db")
    summary = json.loads(result.stdout)
    assert (summary["language"], summary["word_count"], summary["skipped"]) == ("en", 2, {"not_a_z_only": 1})
    assert run_cli(["check", "cool", "good"], db=tmp_path / "a.db").stdout == "cool: a word\ngood: a word\n"
