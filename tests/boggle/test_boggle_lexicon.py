"""The stored lexicon (issue 13): its layout, built with the index, never stale; the bulk scorer on it.

The words both forms of the search find on it are pinned by the golden answers and a brute-force
check in ``test_boggle_solver.py``; here, random boards of every size against a brute-force walk
of the trie, and the bulk scorer's threads against the plain search.
"""

from __future__ import annotations

import random
import sqlite3

import pytest
from boggle_data import GOLDEN, HAND_WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.batch import BatchScorer
from wordindex.boggle.board import SIZES, Board, parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie, stored_trie
from wordindex.boggle.trie import DEAD, Trie, TrieFormatError, build_trie, trie_bytes
from wordindex.build.builder import build_index
from wordindex.index.core import open_index
from wordindex.index.migrate import downgrade_index, upgrade_index
from wordindex.index.revisions import HEAD

OFFICIAL = get_rules("official")


def listing(solution):
    return [(w.word, w.score) for w in solution.words]


# -- the trie itself -----------------------------------------------------------------------------


def test_trie_layout_on_a_tiny_dictionary():
    trie = build_trie(["tea", "ten", "a", "tea", "to"])
    # nodes by (length, prefix): dead, root, a, t, te, to, tea, ten
    assert len(trie) == 8 and trie.word_count == 4
    assert [trie.find(p) for p in ["a", "t", "te", "to", "tea", "ten"]] == [2, 3, 4, 5, 6, 7]
    assert [trie.is_word(trie.find(p)) for p in ["a", "t", "te", "to", "tea", "ten"]] == [
        True,
        False,
        False,
        True,
        True,
        True,
    ]
    assert trie.find("tex") == trie.find("b") == trie.find("teas") == DEAD
    assert Trie.from_bytes(trie.data).data == trie.data


def test_empty_and_damaged_lexicons():
    empty = build_trie([])
    assert len(empty) == 2 and empty.word_count == 0 and empty.find("a") == DEAD
    data = trie_bytes(["cool"])
    for bad in (b"", b"XXXX" + data[4:], data[:-1]):
        with pytest.raises(TrieFormatError):
            Trie.from_bytes(bad)


def test_node_numbers_follow_the_prefixes_table(hand_index):
    """The trie has one node per row of the prefixes table, numbered by (length, prefix), words flagged."""
    with open_index(hand_index) as index:
        trie = load_trie(index)
        rows = index.rows("SELECT prefix, is_word FROM prefixes")
    ordered = sorted(rows, key=lambda row: (len(row[0]), row[0]))
    assert len(trie) == len(rows) + 2
    assert [trie.find(prefix) for prefix, _ in ordered] == list(range(2, len(trie)))
    assert [trie.is_word(node) for node in range(2, len(trie))] == [bool(is_word) for _, is_word in ordered]


def test_shortest_completions():
    trie = build_trie(["cat", "cats", "dog", "a", "do"])
    assert [trie.shortest(trie.find(p)) for p in ["", "c", "ca", "cat", "d", "do", "dog", "a"]] == [
        1,  # a
        2,  # c-at
        1,
        0,
        1,  # d-o
        0,
        0,
        0,
    ]


# -- stored with the index, never stale ----------------------------------------------------------


def test_build_stores_the_lexicon_of_its_words(hand_index):
    with open_index(hand_index) as index:
        trie = stored_trie(index)
    assert trie is not None
    assert trie.data == trie_bytes(HAND_WORDS)


def test_rebuild_carries_a_fresh_lexicon(tmp_path):
    db = tmp_path / "w.db"
    (tmp_path / "a.txt").write_text("tea\nseat\n")
    (tmp_path / "b.txt").write_text("eats\nsea\n")
    build_index(db, tmp_path / "a.txt")
    build_index(db, tmp_path / "b.txt")
    with open_index(db) as index:
        trie = stored_trie(index)
        assert trie is not None and trie.data == trie_bytes(["eats", "sea"])
        assert listing(solve_board(trie, parse_board("tesa"), OFFICIAL)) == [("eats", 1), ("sea", 1)]


def test_a_stale_lexicon_is_never_used(tmp_path):
    db = tmp_path / "w.db"
    (tmp_path / "a.txt").write_text("tea\nseat\n")
    build_index(db, tmp_path / "a.txt")
    with sqlite3.connect(db) as connection:  # as if the words had changed since the lexicon was made
        connection.execute("UPDATE boggle_lexicon SET data = ?", (trie_bytes(["zebra"]),))
        connection.execute("UPDATE index_info SET built_at = 'another build'")
    with open_index(db) as index:
        assert stored_trie(index) is None
        trie = load_trie(index)  # rebuilt from the words table
    assert trie.data == trie_bytes(["tea", "seat"])


def test_migrated_index_gets_a_fresh_lexicon(tmp_path):
    db = tmp_path / "w.db"
    (tmp_path / "a.txt").write_text("\n".join(HAND_WORDS) + "\n")
    build_index(db, tmp_path / "a.txt")
    downgrade_index(db, "0002_letter_totals")
    with sqlite3.connect(db) as connection:
        assert "boggle_lexicon" not in {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
        # The lexicon is computed from the words the index holds now, not copied from anywhere.
        connection.execute("DELETE FROM words WHERE word = 'zebra'")
        connection.execute("UPDATE index_info SET word_count = word_count - 1")
    assert upgrade_index(db) == ("0002_letter_totals", HEAD)
    with open_index(db) as index:
        trie = stored_trie(index)
    assert trie is not None
    assert trie.data == trie_bytes(w for w in HAND_WORDS if w != "zebra")


def test_postgresql_index_carries_the_lexicon(pg_index_factory):
    url = pg_index_factory("boggle_hand", words=sorted(set(HAND_WORDS)))
    with open_index(url) as index:
        trie = stored_trie(index)
        assert trie is not None and trie.data == trie_bytes(HAND_WORDS)
    reference = solve_board(build_trie(HAND_WORDS), parse_board("abcdefghijklmnop"), OFFICIAL, Engine.PYTHON)
    assert listing(solve_board(trie, parse_board("abcdefghijklmnop"), OFFICIAL)) == listing(reference)


# -- the same words as a brute-force walk, and in bulk --------------------------------------------


@pytest.fixture(scope="module")
def enable(enable_index):
    with open_index(enable_index) as index:
        yield index, load_trie(index)


def test_golden_boards_scored_in_bulk(enable):
    _, trie = enable
    boards = [parse_board(b) for b, _, _ in GOLDEN] * 300  # enough for both threads
    counts, scores = BoardScorer(trie, OFFICIAL).score_boards(boards)
    assert counts.tolist() == [c for _, c, _ in GOLDEN] * 300
    assert scores.tolist() == [s for _, _, s in GOLDEN] * 300


def brute_force(board, trie, rules):
    """Every word of the trie some path of adjacent distinct cubes spells, by trying every path (no lexicon
    pruning: prefixes are looked up one by one), as (word, points) sorted as a solution is."""
    found = set()
    neighbours = [board.neighbours(cell) for cell in range(board.cell_count)]

    def extend(cell, text, used):
        text += board.faces[cell]
        node = trie.find(text)
        if not node:
            return
        if trie.is_word(node) and len(text) >= rules.min_length:
            found.add(text)
        for near in neighbours[cell]:
            if near not in used:
                extend(near, text, used | {near})

    for start in range(board.cell_count):
        extend(start, "", {start})
    return sorted(((word, rules.points(len(word))) for word in found), key=lambda item: (-item[1], item[0]))


#: Letters weighted like English text, so random boards hold many words.
ENGLISH = "eeeeeeaaaaaiiiiooootttnnnssrrrlllddcuupmghbyfkvwqxjz"


@st.composite
def english_boards(draw, sizes=SIZES):
    size = draw(st.sampled_from(sizes))
    return Board(size, "".join(draw(st.lists(st.sampled_from(ENGLISH), min_size=size * size, max_size=size * size))))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    board=english_boards(),
    min_length=st.sampled_from([1, 3, 4]),
    rules_name=st.sampled_from(["official", "simple"]),
)
def test_random_boards_of_every_size_match_the_reference(enable, board, min_length, rules_name):
    index, trie = enable
    rules = get_rules(rules_name, min_length)
    reference = brute_force(board, trie, rules)
    for engine in Engine:
        solution = solve_board(trie, board, rules, engine)
        assert listing(solution) == reference
        cells = [[r * board.size + c for r, c in w.path] for w in solution.words]
        assert all(
            "".join(board.faces[c] for c in route) == w.word for route, w in zip(cells, solution.words, strict=True)
        )
    counts, scores = BoardScorer(trie, rules, threads=1).score_boards([board])
    assert (int(counts[0]), int(scores[0])) == (len(reference), sum(points for _, points in reference))


def test_many_random_boards_scored_in_bulk_match_the_reference(enable):
    index, trie = enable
    rng = random.Random(13)
    boards = [
        Board(size, "".join(rng.choice(ENGLISH) for _ in range(size * size))) for size in SIZES for _ in range(60)
    ]
    counts, scores = BoardScorer(trie, OFFICIAL).score_boards(boards)
    for board, count, score in zip(boards, counts.tolist(), scores.tolist(), strict=True):
        reference = solve_board(trie, board, OFFICIAL, Engine.PYTHON)
        assert (count, score) == (reference.count, reference.score), board.text


def test_small_and_large_batches_agree(hand_index):
    with open_index(hand_index) as index:
        trie = load_trie(index)
    lines = ["tesa", "abcdefghijklmnop", "qene", "bad line", "abcdefghijklmnopqrstuvwxy", "zzzz"]
    small = BatchScorer(trie, OFFICIAL).score_chunk(lines)  # plain-Python search
    large = BatchScorer(trie, OFFICIAL).score_chunk(lines, more_to_come=True)  # compiled scorer
    for result in (small, large):
        assert result.boards == ["tesa", "abcdefghijklmnop", "qene", None, "abcdefghijklmnopqrstuvwxy", "zzzz"]
        assert result.scores == [11, 10, 3, 0, 11, 0]
        assert result.counts == [11, 8, 2, 0, 8, 0]
        assert list(result.errors) == [3]


# -- memory bounded whatever the dictionary holds ----------------------------------------------------


def test_a_run_of_one_letter_stays_small(tmp_path):
    """b × 1..63 on a board of b's: every b-word up to the board's size, found by a search of bounded depth."""
    words = ["b" * n for n in range(1, 64)]
    trie = build_trie(words)
    for size, engine in ((2, Engine.PYTHON), (3, Engine.PYTHON), (3, Engine.COMPILED), (4, Engine.COMPILED)):
        cells = size * size
        solution = solve_board(trie, Board(size, "b" * cells), OFFICIAL, engine)
        assert sorted(solution.texts) == ["b" * n for n in range(3, cells + 1)]
    counts, _ = BoardScorer(trie, OFFICIAL, threads=1).score_boards([Board(4, "b" * 16)])
    assert counts.tolist() == [14]


# -- the best-board loop (moved from the CLI into the library) ----------------------------------------


class FakeClock:
    """A clock that jumps 100 seconds every time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 100.0
        return self.now


def test_steps_are_not_cut_short_by_a_time_limit(hand_index):
    from wordindex.boggle.best import BestBoardSearch, run_search

    with open_index(hand_index) as index:
        trie = load_trie(index)
    search = BestBoardSearch(trie, 3, OFFICIAL, seed=4, clock=FakeClock())
    result = run_search(search, steps=25)  # 2,500 "seconds" pass: only --steps stops it
    assert result.steps == 25 and not result.reached_target and not result.interrupted


def test_target_stops_at_the_first_board_that_reaches_it(hand_index):
    from wordindex.boggle.best import BestBoardSearch, run_search

    with open_index(hand_index) as index:
        trie = load_trie(index)
    seen = []
    search = BestBoardSearch(trie, 4, OFFICIAL, seed=2)
    result = run_search(search, target=8, on_step=lambda progress, _: seen.append(progress.best_score))
    assert result.reached_target and result.boards[0].score >= 8
    assert seen[-1] >= 8 and all(score < 8 for score in seen[:-1])
    assert result.steps == len(seen)
    best = result.boards[0]
    assert 0 <= best.seconds <= result.seconds
    assert solve_board(trie, best.board, OFFICIAL).score == best.score


def test_board_stamps_start_again_before_they_overflow(hand_index):
    from wordindex.boggle.engine import LAST_STAMP

    with open_index(hand_index) as index:
        trie = load_trie(index)
    boards = [parse_board(t) for t in ("tesa", "abcdefghijklmnop", "qene", "tesa", "tesa")]
    expected = BoardScorer(trie, OFFICIAL, threads=1).score_boards(boards)
    scorer = BoardScorer(trie, OFFICIAL, threads=1)
    scorer._marks[0][0] = LAST_STAMP - 3  # as after two billion boards
    got = scorer.score_boards(boards)
    assert got[1].tolist() == expected[1].tolist() == [11, 10, 3, 11, 11]
    assert scorer._marks[0][0] < 10


def test_the_compiled_search_refuses_what_it_cannot_index_safely():
    import struct

    from wordindex.boggle.trie import HEADER

    data = bytearray(trie_bytes(["tea", "ten"]))
    struct.pack_into("<i", data, HEADER.size + 4 * len(build_trie(["tea", "ten"])) + 4, 1000)  # root's first child
    with pytest.raises(TrieFormatError):
        Trie.from_bytes(bytes(data)).arrays()
    import numpy as np

    scorer = BoardScorer(build_trie(["tea"]), OFFICIAL, threads=1)
    with pytest.raises(ValueError):
        scorer.score_codes(np.zeros((2, 9), dtype=np.int64), 4)
    with pytest.raises(ValueError):
        scorer.score_codes(np.full((2, 16), 26, dtype=np.int64), 4)
