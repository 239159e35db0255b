"""A dictionary with a long run of one letter cannot make a Boggle search eat the machine (issue 9, point 6).

With ``b`` x 63 in the dictionary every prefix ``b``, ``bb``, ... has a longer
word, so on a board of b's every path of the board stays alive: the old
search kept them all (637 MB on 4x4, over 4.7 GB on 5x5, killed at 23 GB on
6x6). Now prefixes that only words too long for the board extend are dropped
once the frontier grows, and the frontier is extended in bounded pieces.
Each size is solved in a child process that reports its peak memory growth
(``ru_maxrss``): a bound, not a timing. The dictionaries stay tiny, so the
whole growth is the search's.
"""

import json
import subprocess
import sys

import numpy as np
import pytest

#: Peak memory growth allowed for one solve (the old search needed 637 MB on 4x4).
BOUND_BYTES = 150 * 2**20

CHILD = """
import json, resource, sys
from wordindex.boggle.board import parse_board
from wordindex.boggle.lexicon import PrefixTable, QueryOracle
from wordindex.boggle.rules import get_rules
from wordindex.boggle.solver import score_boards, solve
from wordindex.index import open_index

db, size, oracle = sys.argv[1], int(sys.argv[2]), sys.argv[3]
board = parse_board("b" * size * size)
with open_index(db) as index:
    lexicon = QueryOracle(index) if oracle == "query" else PrefixTable(index)
    solve(lexicon, parse_board("cat" + "b" * 6), get_rules("official"))  # warm up imports and caches
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    solution = solve(lexicon, board, get_rules("official"))
    counts, scores = score_boards(lexicon, [board], get_rules("official"))
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({
    "words": [[w.word, w.score, len(w.path)] for w in solution.words],
    "batch": [int(counts[0]), int(scores[0])],
    "growth": (after - before) * 1024,
}))
"""


@pytest.fixture(scope="module")
def run_of_b(index_factory):
    return index_factory("run-of-b", WORDS)


@pytest.mark.parametrize("oracle", ["query", "table"])
@pytest.mark.parametrize("size", [4, 5, 6])
def test_board_of_bs_with_a_run_of_63_bs(run_of_b, size, oracle):
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(run_of_b), str(size), oracle], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["words"] == [["bbb", 1, 3], ["bbbb", 1, 4]]
    assert report["batch"] == [2, 2]
    assert report["growth"] < BOUND_BYTES, f"peak memory grew {report['growth'] / 2**20:.0f} MB"


WORDS = ["b" * 63, "bbb", "bbbb", "cat", "dog", "b" * 40, "zzz"]


def viable_prefixes(db, prefixes, letters):
    from wordindex.boggle.lexicon import viable_query
    from wordindex.index import open_index

    with open_index(db) as index:
        sql, params = viable_query(prefixes, letters)
        return sorted(row[0] for row in index.rows(sql, params))


def test_viable_query_on_both_backends(run_of_b, pg_index_factory):
    pg = pg_index_factory("run_of_b", WORDS)
    for db in (run_of_b, pg):
        assert viable_prefixes(db, ["b", "bbbb", "c", "ca", "cat", "zz", "z", "q"], 16) == ["b", "c", "ca", "z", "zz"]
        assert viable_prefixes(db, ["bbbb", "bbbbb"], 40) == ["bbbb", "bbbbb"]
        assert viable_prefixes(db, ["b" * 40], 40) == []
        assert viable_prefixes(db, ["b" * 40], 63) == ["b" * 40]


def test_prefix_table_viable_agrees(run_of_b):
    from wordindex.boggle.lexicon import PrefixTable
    from wordindex.index import open_index

    with open_index(run_of_b) as index:
        table = PrefixTable(index)
    nodes = np.arange(2, len(table))
    for letters in (3, 4, 16, 40, 63):
        expected = viable_prefixes(run_of_b, [table.text(n) for n in nodes.tolist()], letters)
        assert sorted(table.text(n) for n in nodes[table.viable(nodes, letters)].tolist()) == expected


@pytest.fixture(scope="module")
def runs_of_b(index_factory):
    return index_factory("runs-of-b", ["b" * k for k in range(3, 10)] + ["cat"])


@pytest.mark.parametrize("oracle", ["query", "table"])
def test_every_path_alive_is_searched_in_bounded_pieces(runs_of_b, oracle):
    """b x 3 .. b x 9 on a 4x4 board of b's: no prefix can be pruned, the frontier is split instead."""
    result = subprocess.run(
        [sys.executable, "-c", CHILD, str(runs_of_b), "4", oracle], capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [word for word, _, _ in report["words"]] == ["b" * k for k in (8, 9, 7, 6, 5, 3, 4)]
    assert [length for _, _, length in report["words"]] == [8, 9, 7, 6, 5, 3, 4]
    assert report["batch"] == [7, 1 + 1 + 2 + 3 + 5 + 11 + 11]
    assert report["growth"] < BOUND_BYTES, f"peak memory grew {report['growth'] / 2**20:.0f} MB"
