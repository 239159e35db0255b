"""The foundation's queries: check words, check prefixes, words fitting a pattern."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.errors import BadPatternError, UsageError
from wordindex.index.core import open_index
from wordindex.words.lookup import check_prefixes, check_words, index_info, words_matching
from wordindex.words.pattern import parse_letters, parse_pattern

SMALL_WORDS = Path(__file__).parent / "data" / "small_words.txt"

SMALL = SMALL_WORDS.read_text().split()


@pytest.fixture(scope="module")
def small(small_index):
    with open_index(small_index) as index:
        yield index


def test_check_words(small):
    assert check_words(small, ["cool", "Coder", "xyzzy", "coo"]) == [
        ("cool", True),
        ("coder", True),
        ("xyzzy", False),
        ("coo", False),
    ]


def test_check_prefixes(small):
    assert check_prefixes(small, ["co", "coo", "cool", "xq", "zooms"]) == [
        ("co", True),
        ("coo", True),
        ("cool", True),
        ("xq", False),
        ("zooms", True),
    ]


def test_empty_word_is_a_usage_error(small):
    with pytest.raises(UsageError):
        check_words(small, [" "])


def test_issue_example_blank_with_e_guessed(nine):
    matches = words_matching(nine, parse_pattern("----"), parse_letters("e"))
    assert (matches.count, matches.words) == (3, ["ally", "cool", "good"])


def test_pattern_without_guessed_lets_blanks_hold_anything(nine):
    assert words_matching(nine, parse_pattern("-e--")).words == ["beta", "deal"]
    assert words_matching(nine, parse_pattern("-o--")).words == ["cool", "good", "hope"]
    # revealed o counts as guessed: "-o--" with guessing on excludes words with another o
    assert words_matching(nine, parse_pattern("-o--"), frozenset()).words == ["hope"]


def test_underscore_blanks_and_case(nine):
    assert words_matching(nine, parse_pattern("_O__"), frozenset()).words == ["hope"]


def test_limit_keeps_total_count(small):
    matches = words_matching(small, parse_pattern("----"), limit=2)
    assert matches.count == sum(len(w) == 4 for w in SMALL)
    assert matches.words == sorted(w for w in SMALL if len(w) == 4)[:2]
    assert words_matching(small, parse_pattern("----"), limit=0).words == []
    assert words_matching(small, parse_pattern("----"), limit=0).count == matches.count


def test_no_match(small):
    matches = words_matching(small, parse_pattern("q-----------"))
    assert (matches.count, matches.words) == (0, [])


@pytest.mark.parametrize("bad", ["", "  ", "a$b", "c0ol", "co ol", "é--"])
def test_bad_patterns(bad):
    with pytest.raises(BadPatternError):
        parse_pattern(bad)


def test_bad_guessed_letters():
    with pytest.raises(UsageError, match="only letters"):
        parse_letters("e1")


def test_info(small):
    facts = index_info(small)
    assert facts.word_count == len(SMALL)
    assert facts.source_name == "small_words.txt"
    assert dict(facts.counts_by_length)[4] == sum(len(w) == 4 for w in SMALL)
    assert sum(n for _, n in facts.counts_by_length) == len(SMALL)


def _brute_force(pattern: str, guessed: set[str] | None) -> list[str]:
    shown = {c for c in pattern if c != "-"}
    result = []
    for word in SMALL:
        if len(word) != len(pattern):
            continue
        if any(p != "-" and p != w for p, w in zip(pattern, word)):
            continue
        if guessed is not None:
            banned = guessed | shown
            if any(p == "-" and w in banned for p, w in zip(pattern, word)):
                continue
        result.append(word)
    return sorted(result)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SMALL).flatmap(
        lambda word: st.tuples(
            st.just(word),
            st.lists(st.booleans(), min_size=len(word), max_size=len(word)),
            st.one_of(st.none(), st.sets(st.sampled_from("abcdeilnorstu"), max_size=4)),
        )
    )
)
def test_words_matching_equals_brute_force(small, case):
    word, shown, guessed = case
    pattern = "".join(c if keep else "-" for c, keep in zip(word, shown))
    got = words_matching(small, parse_pattern(pattern), frozenset(guessed) if guessed is not None else None)
    assert got.words == _brute_force(pattern, guessed)
    assert got.count == len(got.words)


def test_info_is_read_once_per_build_of_the_index(small, monkeypatch):
    """A server asks ``info`` again and again: its whole-table counts are read once per generation
    of the index (``Index.remembered``), and again once a rebuild changes the generation."""
    queries: list[str] = []
    real_rows = small.rows
    monkeypatch.setattr(small, "rows", lambda sql, params=None: queries.append(sql) or real_rows(sql, params))
    monkeypatch.setattr(small, "generation", lambda: "built")
    first = index_info(small)
    read = len(queries)
    assert read >= 3 and index_info(small) == first and len(queries) == read
    monkeypatch.setattr(small, "generation", lambda: "rebuilt")
    assert index_info(small) == first and len(queries) == 2 * read
