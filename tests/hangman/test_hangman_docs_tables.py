"""docs/hangman.md's value tables are made from the benchmark's results, and the results from the
commands of their rows (issue 21 item 5).

* each table in the docs is exactly what ``benchmarks/hangman_values.py --docs`` writes from its
  results file (``benchmarks/results/hangman_values_*.jsonl``): no figure is typed by hand;
* each result is what its row's commands print: the command names the row's length, chooser and
  limits, and the report's bounds respect them; the word counts are the list's own, so a changed list
  fails here until the tables are rerun;
* two rows of each list, run again here through the command line, print what the results say.
"""

from __future__ import annotations

import importlib.util
import json
import shlex
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "hangman_values.py"


def _benchmark():
    spec = importlib.util.spec_from_file_location("hangman_values", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


values = _benchmark()


@pytest.mark.parametrize("name", sorted(values.DOCS_TABLES))
def test_the_docs_tables_are_generated_from_the_results(name):
    in_docs = values.docs_tables_now(values.DOCS.read_text())[name]
    assert in_docs == values.docs_table(name, values.DOCS_TABLES[name])


def _rows(name: str) -> list[dict]:
    return values.read_rows(values.DOCS_TABLES[name])


def _options(command: str) -> dict[str, str]:
    words = shlex.split(command)
    assert words[:2] == ["wordindex", "hangman-value"]
    return dict(zip(words[2::2], words[3::2], strict=True))


@pytest.mark.parametrize("name", sorted(values.DOCS_TABLES))
def test_each_result_is_what_its_commands_ask_for(name):
    rows = _rows(name)
    assert [row["length"] for row in rows] == list(range(2, 2 + len(rows)))
    for row in rows:
        for chooser in ("greedy", "optimal"):
            report, options = row[chooser], _options(row["commands"][chooser])
            assert (int(options["-n"]), options["-c"]) == (row["length"], chooser) == (report["length"], chooser)
            assert report["chooser"] == chooser and report["words"] == row["words"]
            cap = int(options.get("--max-positions", 0)) or None
            if report["exact"]:
                assert report["misses"] is not None and "lower" not in report
            else:  # only a limit stops a search
                assert "--seconds" in options or (cap is not None and report["positions"] > cap)
                assert report["lower"] < report["upper"]
        greedy, optimal = (values.cell(row[c]) for c in ("greedy", "optimal"))
        low = row["greedy"]["misses"] if row["greedy"]["exact"] else row["greedy"]["lower"]
        high = row["optimal"]["misses"] if row["optimal"]["exact"] else row["optimal"]["upper"]
        assert low <= high, (row["length"], greedy, optimal)  # the optimal chooser never forces fewer


def _lengths(words) -> dict[int, int]:
    return {n: count for n, count in Counter(len(w) for w in words).items() if 2 <= n <= 20}


def test_the_bundled_results_count_the_bundled_dictionary():
    from wordindex.build.dictionary import read_dictionary

    words = read_dictionary(ROOT / "data" / "dictionary.txt").words
    assert {row["length"]: row["words"] for row in _rows("bundled")} == _lengths(words)


def test_the_cs61b_results_count_the_cs61b_list(wordlist):
    words = set(wordlist("cs61b_sorted_scrabble.txt").read_text().split())
    assert {row["length"]: row["words"] for row in _rows("cs61b")} == _lengths(words)


def _rerun(run_cli, db, row: dict) -> None:
    for chooser in ("greedy", "optimal"):
        args = shlex.split(row["commands"][chooser])[1:] + ["--json"]
        result = run_cli(args, db=db)
        assert result.exit_code == 0, result.stderr
        printed, recorded = json.loads(result.stdout), row[chooser]
        keys = ("words", "misses", "exact", "lower", "upper")
        assert {k: printed.get(k) for k in keys} == {k: recorded.get(k) for k in keys}


def test_rows_of_the_bundled_table_rerun_as_recorded(run_cli, bundled_index):
    rows = {row["length"]: row for row in _rows("bundled")}
    for length in (12, 20):
        _rerun(run_cli, bundled_index, rows[length])


def test_rows_of_the_cs61b_table_rerun_as_recorded(run_cli, index_factory, wordlist):
    db = index_factory("cs61b", path=wordlist("cs61b_sorted_scrabble.txt"))
    rows = {row["length"]: row for row in _rows("cs61b")}
    for length in (15, 20):
        _rerun(run_cli, db, rows[length])
