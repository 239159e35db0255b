"""The row representation: position masks, counts, signatures, prefixes."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordindex.boggle.trie import lexicon_chunks, trie_bytes
from wordindex.build.dictionary import read_dictionary
from wordindex.build.rows import LetterTotals, word_features, word_rows
from wordindex.words.prefix_walk import PrefixWalk, prefix_rows

BUNDLED = Path(__file__).resolve().parent.parent / "data" / "dictionary.txt"
LETTER_INDEX = {c: i for i, c in enumerate("abcdefghijklmnopqrstuvwxyz")}


def order_words(words):
    """Words in id order, as the build's scratch file gives them: by length, then file order."""
    return sorted(words, key=len)


def letter_total_rows(features):
    totals = LetterTotals()
    totals.add(features)
    return totals.rows()


def test_word_row_for_secret():
    (row,) = list(word_rows(word_features(["secret"])))
    assert row[:4] == (1, "secret", 6, "ceerst")
    positions, counts = row[4:30], row[30:56]  # the alphabet's 26 slots (the others keep their default, 0)
    assert row[56:] == (None, False)  # no level, not vulgar (and no spelling column: English spells as it plays)
    assert positions[LETTER_INDEX["e"]] == 0b010010  # positions 1 and 4
    assert positions[LETTER_INDEX["s"]] == 0b000001
    assert positions[LETTER_INDEX["t"]] == 0b100000
    assert counts[LETTER_INDEX["e"]] == 2
    assert sum(counts) == 6


def test_word_rows_carry_levels_and_vulgar_flags():
    rows = list(word_rows(word_features(["cool", "damn", "ibex"], [20, 35, None], [False, True, False])))
    assert [(row[1], row[-2], row[-1]) for row in rows] == [
        ("cool", 20, False),
        ("damn", 35, True),
        ("ibex", None, False),
    ]


def test_ids_follow_length_then_file_order():
    assert order_words(["cool", "a", "be", "ally", "it"]) == ["a", "be", "it", "cool", "ally"]


def test_prefix_rows_small():
    assert list(prefix_rows(["ab", "abc", "b"])) == [
        ("a", False, True),
        ("ab", True, True),
        ("abc", True, False),
        ("b", True, False),
    ]


def test_letter_totals():
    rows = letter_total_rows(word_features(order_words(["bee", "eat", "be"])))
    as_dict = {(length, letter): (occ, n) for length, letter, occ, n in rows}
    assert as_dict[(3, "e")] == (3, 2)
    assert as_dict[(3, "b")] == (1, 1)
    assert as_dict[(2, "e")] == (1, 1)
    assert as_dict[(3, "z")] == (0, 0)
    assert len(rows) == 2 * 26


words_strategy = st.lists(st.text(alphabet="abcde", min_size=1, max_size=6), min_size=1, max_size=40, unique=True)


@settings(max_examples=60, deadline=None)
@given(words_strategy)
def test_prefix_rows_equal_brute_force(words):
    expected = {}
    for word in words:
        for k in range(1, len(word) + 1):
            expected[word[:k]] = (word[:k] in words, any(w != word[:k] and w.startswith(word[:k]) for w in words))
    got = {prefix: (is_word, longer) for prefix, is_word, longer in prefix_rows(words)}
    assert got == expected
    assert len(list(prefix_rows(words))) == len(expected)


@settings(max_examples=60, deadline=None)
@given(words_strategy)
def test_features_equal_brute_force(words):
    ordered = order_words(words)
    for row in word_rows(word_features(ordered)):
        word = row[1]
        for letter, k in LETTER_INDEX.items():
            assert row[4 + k] == sum(1 << i for i, ch in enumerate(word) if ch == letter)
            assert row[30 + k] == word.count(letter)


class _Levels:
    """An in-memory ``LevelSink``: what the build's side file stores, kept in a dict."""

    def __init__(self):
        self.chunks = {}

    def write(self, level, masks, firsts):
        self.chunks.setdefault(level, []).append((masks.tobytes(), firsts.tobytes()))


def streamed_lexicon(words, chunk):
    sink = _Levels()
    walk = PrefixWalk(sink, chunk=chunk)
    rows = []
    for word in sorted(set(words)):
        walk.add(word, rows)
    level_nodes = walk.finish(rows)
    return b"".join(lexicon_chunks(level_nodes, walk.word_count, lambda level: sink.chunks.get(level, [])))


@settings(max_examples=80, deadline=None)
@given(words_strategy, st.integers(min_value=1, max_value=5))
def test_streamed_lexicon_equals_the_in_memory_one(words, chunk):
    # The build's walk (a level chunk at a time, any chunk size) gives the very bytes of trie_bytes.
    assert streamed_lexicon(words, chunk) == trie_bytes(words)


def test_streamed_lexicon_of_the_bundled_list():
    words = read_dictionary(BUNDLED).words
    assert streamed_lexicon(words, 1000) == trie_bytes(words)


def test_walk_refuses_words_out_of_order():
    walk = PrefixWalk(_Levels())
    walk.add("cool", [])
    with pytest.raises(ValueError, match="increasing"):
        walk.add("boo", [])


@settings(max_examples=60, deadline=None)
@given(words_strategy)
def test_the_helpers_prefixes_table_equals_prefix_rows(words):
    """The helper writes one step per word and expands them in SQL (``derive._EXPAND_STEPS``): the very
    rows, in the same order, as one row per prefix from the walk."""
    import sqlite3
    import tempfile

    from wordindex.build.derive import derive_tables
    from wordindex.build.dictionary import WordLines
    from wordindex.build.scratch import WordScratch
    from wordindex.index.head_schema import prefixes_table

    with tempfile.TemporaryDirectory() as folder:
        with WordScratch(Path(folder) / "words") as scratch:
            scratch.add(WordLines(list(words), None, None))
            scratch.finish()
            derive_tables(scratch.path, Path(folder) / "side", prefixes_table())
        connection = sqlite3.connect(Path(folder) / "side")
        try:
            got = connection.execute("SELECT prefix, is_word, has_longer FROM prefixes").fetchall()
            order = connection.execute("SELECT prefix FROM prefixes ORDER BY prefix").fetchall()
        finally:
            connection.close()
    assert [(prefix, bool(w), bool(longer)) for prefix, w, longer in got] == prefix_rows(words)
    assert got == [(p, int(w), int(longer)) for p, w, longer in prefix_rows(words)]
    assert [p for (p,) in order] == [p for p, _, _ in prefix_rows(words)]


def test_a_walk_with_steps_settles_one_step_per_word():
    walk = PrefixWalk(_Levels(), steps=True)
    steps = []
    for word in ["ab", "abc", "b"]:
        walk.add(word, steps)
    walk.finish(steps)
    assert steps == [("ab", 0, True), ("abc", 2, False), ("b", 0, False)]
