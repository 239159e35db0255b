"""The search, in both its forms (plain Python and compiled) and the bulk scorer: hand-checked boards,
the ENABLE2K golden answers, properties against a brute-force check, PostgreSQL beside SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest
from boggle_data import GOLDEN, HAND_WORDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex.boggle.board import Board, find_path, parse_board
from wordindex.boggle.engine import BoardScorer, Engine, solve_board
from wordindex.boggle.rules import get_rules
from wordindex.boggle.store import load_trie
from wordindex.index.core import open_index

OFFICIAL = get_rules("official")
SIMPLE = get_rules("simple")


@pytest.fixture(scope="module")
def hand(hand_index):
    with open_index(hand_index) as index:
        yield index


@pytest.fixture(scope="module")
def hand_table(hand):
    return load_trie(hand)


def words_and_scores(solution):
    return [(w.word, w.score) for w in solution.words]


def searches(trie):
    """Both forms of the search on the index's lexicon: the plain reference and the compiled kernel."""
    return [(trie, engine) for engine in Engine]


def solve(search, board, rules):
    trie, engine = search
    return solve_board(trie, board, rules, engine)


def score_boards(trie, boards, rules):
    return BoardScorer(trie, rules).score_boards(boards)


def spell(board, cells):
    return "".join(board.faces[c] for c in cells)


# -- boards checked by hand -----------------------------------------------------------------


def test_2x2_every_arrangement_of_distinct_cubes(hand, hand_table):
    # t e / s a: all four cubes touch, so any word spelled with distinct t, e, s, a counts;
    # "at" is too short, "tees" needs two e cubes, "state" two t cubes.
    for search in searches(hand_table):
        solution = solve(search, parse_board("tesa"), OFFICIAL)
        assert words_and_scores(solution) == [
            ("ate", 1),
            ("east", 1),
            ("eat", 1),
            ("eats", 1),
            ("sat", 1),
            ("sate", 1),
            ("sea", 1),
            ("seat", 1),
            ("set", 1),
            ("tea", 1),
            ("teas", 1),
        ]
        assert (solution.count, solution.score) == (11, 11)
        simple = solve(search, parse_board("tesa"), SIMPLE)
        assert words_and_scores(simple) == [("east", 1), ("eats", 1), ("sate", 1), ("seat", 1), ("teas", 1)]


def test_4x4_abcdefghijklmnop(hand, hand_table):
    # a b c d / e f g h / i j k l / m n o p. "ache" (a, c not adjacent), "bad", "pony",
    # "kink" (one k), "jinn" (one n), "bag", "chin" cannot be formed; "ab" is too short.
    for search in searches(hand_table):
        solution = solve(search, parse_board("abcdefghijklmnop"), OFFICIAL)
        assert words_and_scores(solution) == [
            ("knife", 2),
            ("plonk", 2),
            ("abc", 1),
            ("fab", 1),
            ("fink", 1),
            ("glop", 1),
            ("mink", 1),
            ("nim", 1),
        ]
        assert (solution.count, solution.score) == (8, 10)
        assert solution.find("knife").path == ((2, 2), (3, 1), (2, 0), (1, 1), (1, 0))
        assert solution.find("plonk").path == ((3, 3), (2, 3), (3, 2), (3, 1), (2, 2))
        shorter = solve(search, parse_board("abcdefghijklmnop"), get_rules("official", 2))
        assert ("ab", 1) in words_and_scores(shorter)


def test_qu_board(hand, hand_table):
    # Qu e / n e: "queen" is 4 cubes but 5 letters (2 points); "qi" needs a bare q.
    for search in searches(hand_table):
        solution = solve(search, parse_board("quene"), OFFICIAL)
        assert words_and_scores(solution) == [("queen", 2), ("nee", 1)]
        assert solution.find("queen").path[0] == (0, 0)
        assert len(solution.find("queen").path) == 4
        five = solve(search, parse_board("qene"), get_rules("official", 5))
        assert words_and_scores(five) == [("queen", 2)]


def test_5x5(hand, hand_table):
    # a b c d e / f g h i j / k l m n o / p Qu r s t / u v w x y: "ghost" (h, o apart),
    # "stony", "knife", "mink" cannot be formed.
    for search in searches(hand_table):
        solution = solve(search, parse_board("abcdefghijklmnopqrstuvwxy"), OFFICIAL)
        assert words_and_scores(solution) == [
            ("chinos", 3),
            ("chino", 2),
            ("abc", 1),
            ("bag", 1),
            ("chin", 1),
            ("fab", 1),
            ("hint", 1),
            ("nim", 1),
        ]
        assert solution.score == 11
        assert solution.find("chinos").path == ((0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (3, 3))


def test_a_board_without_words(hand, hand_table):
    solution = solve((hand_table, Engine.PYTHON), parse_board("zzzz"), OFFICIAL)
    assert (solution.count, solution.score, solution.words) == (0, 0, ())


def test_score_boards_matches_solve(hand, hand_table):
    boards = [
        parse_board(t) for t in ("tesa", "abcdefghijklmnop", "qene", "abcdefghijklmnopqrstuvwxy", "zzzz", "zzzzzzzzz")
    ]
    counts, scores = score_boards(hand_table, boards, OFFICIAL)
    assert counts.tolist() == [11, 8, 2, 8, 0, 0]
    assert scores.tolist() == [11, 10, 3, 11, 0, 0]
    for search in searches(hand_table):
        assert [solve(search, b, OFFICIAL).score for b in boards] == [11, 10, 3, 11, 0, 0]


def test_find_path():
    board = parse_board("abcdefghijklmnop")
    assert find_path(board, "KNIFE") == ((2, 2), (3, 1), (2, 0), (1, 1), (1, 0))
    assert find_path(board, "ache") is None
    assert find_path(board, "kk") is None
    assert find_path(parse_board("qene"), "queen") is not None
    assert find_path(parse_board("qene"), "qene") is None


# -- golden answers (ENABLE2K, official rules) -----------------------------------------------------


@pytest.fixture(scope="module")
def enable(enable_index):
    with open_index(enable_index) as index:
        yield index


@pytest.fixture(scope="module")
def enable_table(enable):
    return load_trie(enable)


@pytest.mark.parametrize("board, count, score", GOLDEN)
def test_golden_enable2k_answers(enable, enable_table, wordlist, board, count, score):
    expected = set(Path(wordlist(f"boggle-answers/{board}.enable2k.txt")).read_text().split())
    assert len(expected) == count
    for search in searches(enable_table):
        solution = solve(search, parse_board(board), OFFICIAL)
        assert {w.word for w in solution.words} == expected
        assert (solution.count, solution.score) == (count, score)
        parsed = parse_board(board)
        for found in solution.words:
            assert spell(parsed, [r * parsed.size + c for r, c in found.path]) == found.word
        keys = [(-w.score, w.word) for w in solution.words]
        assert keys == sorted(keys)
    counts, scores = score_boards(enable_table, [parse_board(board)], OFFICIAL)
    assert (int(counts[0]), int(scores[0])) == (count, score)


def test_golden_boards_scored_together(enable_table):
    boards = [parse_board(b) for b, _, _ in GOLDEN]
    counts, scores = score_boards(enable_table, boards, OFFICIAL)
    assert counts.tolist() == [c for _, c, _ in GOLDEN]
    assert scores.tolist() == [s for _, _, s in GOLDEN]


# -- properties ---------------------------------------------------------------------------------

SMALL_WORDS = Path(__file__).resolve().parent.parent / "data" / "small_words.txt"


@pytest.fixture(scope="module")
def small(small_index):
    with open_index(small_index) as index:
        yield index


@pytest.fixture(scope="module")
def small_table(small):
    return load_trie(small)


def dictionary_words() -> list[str]:
    return sorted({w.strip().lower() for w in SMALL_WORDS.read_text().split() if w.strip()})


def brute_force(board: Board, words: list[str], min_length: int) -> set[str]:
    """Every dictionary word that some path of adjacent distinct cells spells (checked independently)."""

    def adjacent(a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = divmod(a, board.size), divmod(b, board.size)
        return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1

    def spells(tokens: list[str], used: tuple[int, ...]) -> bool:
        if not tokens:
            return True
        return any(
            board.faces[cell] == tokens[0]
            and cell not in used
            and (not used or adjacent(used[-1], cell))
            and spells(tokens[1:], used + (cell,))
            for cell in range(board.cell_count)
        )

    result = set()
    for word in words:
        tokens = _cube_tokens(word)
        if tokens and len(word) >= min_length and spells(tokens, ()):
            result.add(word)
    return result


def _cube_tokens(word: str) -> list[str] | None:
    """The faces a word needs, in order (``qu`` from the Qu cube); None when a q is not followed by u."""
    tokens, i = [], 0
    while i < len(word):
        if word[i] == "q":
            if word[i + 1 : i + 2] != "u":
                return None
            tokens.append("qu")
            i += 2
        else:
            tokens.append(word[i])
            i += 1
    return tokens


BOARD_LETTERS = "aaeeiostnclpq"


@st.composite
def boards(draw, sizes=(2, 3, 4)):
    size = draw(st.sampled_from(sizes))
    faces = draw(st.text(alphabet=BOARD_LETTERS, min_size=size * size, max_size=size * size))
    return Board(size, faces)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards(sizes=(2, 3)), min_length=st.sampled_from([1, 2, 3, 4]))
def test_solver_equals_brute_force(small, small_table, board, min_length):
    rules = get_rules("official", min_length)
    expected = brute_force(board, dictionary_words(), min_length)
    for search in searches(small_table):
        assert {w.word for w in solve(search, board, rules).words} == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=boards(sizes=(3, 4, 5)), rules_name=st.sampled_from(["official", "simple"]))
def test_every_word_found_has_a_valid_path_and_is_a_word(small, small_table, board, rules_name):
    rules = get_rules(rules_name)
    known = set(dictionary_words())
    solution = solve((small_table, Engine.COMPILED), board, rules)
    assert solution.words == solve((small_table, Engine.PYTHON), board, rules).words
    assert len({w.word for w in solution.words}) == solution.count
    for found in solution.words:
        assert found.word in known
        assert len(found.word) >= rules.min_length
        assert found.score == rules.points(len(found.word))
        cells = [r * board.size + c for r, c in found.path]
        assert len(set(cells)) == len(cells)
        assert all(
            abs(a // board.size - b // board.size) <= 1 and abs(a % board.size - b % board.size) <= 1
            for a, b in zip(cells, cells[1:])
        )
        assert spell(board, cells) == found.word
    keys = [(-w.score, w.word) for w in solution.words]
    assert keys == sorted(keys)
    counts, scores = score_boards(small_table, [board], rules)
    assert (int(counts[0]), int(scores[0])) == (solution.count, solution.score)


# -- SQLite and PostgreSQL agree -----------------------------------------------------------------


def test_postgresql_gives_the_same_answers(pg_index_factory, hand, hand_table):
    url = pg_index_factory("boggle_hand", words=sorted(set(HAND_WORDS)))
    boards = [parse_board(t) for t in ("tesa", "abcdefghijklmnop", "qene", "abcdefghijklmnopqrstuvwxy")]
    with open_index(url) as pg:
        assert pg.backend == "postgresql"
        pg_table = load_trie(pg)
        assert pg_table.data == hand_table.data
        for board in boards:
            expected = solve((hand_table, Engine.PYTHON), board, OFFICIAL)
            for search in searches(pg_table):
                assert solve(search, board, OFFICIAL).words == expected.words


def test_postgresql_golden_enable2k(pg_index_factory, wordlist):
    url = pg_index_factory("boggle_enable2k", path=wordlist("enable2k.txt"))
    with open_index(url) as pg:
        trie = load_trie(pg)
        for board, count, score in GOLDEN:
            solution = solve((trie, Engine.COMPILED), parse_board(board), OFFICIAL)
            assert (solution.count, solution.score) == (count, score)
        counts, scores = score_boards(trie, [parse_board(b) for b, _, _ in GOLDEN], OFFICIAL)
        assert scores.tolist() == [s for _, _, s in GOLDEN]
