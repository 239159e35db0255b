"""Every example in README.md and docs/*.md runs, against the bundled index, with its shown output.

An example is a fenced block whose info string starts with ``console``:

    $ wordindex check cool xyzzy ; echo $?
    cool: a word
    xyzzy: not a word
    1

* ``$ `` starts a command (a trailing ``\\`` continues it on the next line); the lines up to the
  next command are its output. The command runs in bash from the repository root, with the
  installed ``wordindex`` first on PATH, ``WORDINDEX_DB`` set to an index of data/dictionary.txt,
  and no terminal (plain output).
* Output lines are matched against stdout, in order; a line ending in ``# stderr`` is matched
  against stderr instead (stderr is only checked when the example shows some). A line that is
  just ``...`` stands for any number of lines; ``...`` inside a line for any text (doctest's
  ELLIPSIS).
* An exit status other than 0 or 1 fails the example unless it prints it (``; echo $?``).
* ``console skip-output`` runs the commands but does not check what they print, for output that
  varies (timings, a random seed); use it sparingly.

Fenced blocks of other languages are not run; a test checks that every block that calls
``wordindex`` is a console block, a plain ``sh`` block (an example not run: a server, a build from a
list a package provides) or marked ``sh setup`` (install and benchmark commands that finish). The
README has exactly two ``sh setup`` commands, a newcomer's first two: install and run the main job,
install and run the tests (the command ``.ci/run`` runs, exactly).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from .prerequisites import missing

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(.*)$")
STDERR_MARK = re.compile(r"\s*# stderr$")


@dataclass
class Example:
    page: str
    line: int
    command: str
    expected: list[str]
    check_output: bool

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def fenced_blocks(path: Path):
    """``(info string, first line number, lines)`` of every fenced block of a Markdown page."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if match:
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            yield match.group(1).strip(), start + 1, lines[start:i]
        i += 1


def examples_of(path: Path) -> list[Example]:
    found = []
    for info, first, lines in fenced_blocks(path):
        words = info.split()
        if not words or words[0] != "console":
            continue
        current: Example | None = None
        k = 0
        while k < len(lines):
            line = lines[k]
            if line.startswith("$ "):
                command, number = line[2:], first + k
                while command.endswith("\\") and k + 1 < len(lines):
                    k += 1
                    command = command[:-1] + "\n" + lines[k]
                current = Example(path.relative_to(ROOT).as_posix(), number, command, [], "skip-output" not in words)
                found.append(current)
            elif current is not None:
                current.expected.append(line)
            k += 1
    return found


EXAMPLES = [example for page in PAGES for example in examples_of(page)]


def line_matches(expected: str, actual: str) -> bool:
    if "..." not in expected:
        return expected == actual
    return re.fullmatch(".*".join(re.escape(part) for part in expected.split("...")), actual) is not None


def lines_match(expected: list[str], actual: list[str]) -> bool:
    """Match line by line; an ``...`` line matches any number of lines (backtracking)."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(lines_match(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and line_matches(head, actual[0]) and lines_match(rest, actual[1:])


@pytest.fixture(scope="session")
def wordindex_bin() -> Path:
    """A folder whose ``wordindex`` is this environment's entry point."""
    found = shutil.which("wordindex", path=str(Path(sys.executable).parent))
    if found is None:
        missing("the wordindex command is not installed next to this Python")
    return Path(found).parent


@pytest.fixture(scope="session")
def example_env(wordindex_bin, bundled_index) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WORDINDEX_", "PYTEST_", "COLUMNS"))}
    env.update(
        PATH=f"{wordindex_bin}{os.pathsep}{env.get('PATH', '')}",
        WORDINDEX_DB=str(bundled_index),
        NO_COLOR="1",
        TERM="dumb",
        COLUMNS="100",
    )
    return env


def test_examples_were_found():
    assert len(EXAMPLES) >= 20
    assert any(e.page == "README.md" for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example(example: Example, example_env):
    result = subprocess.run(
        ["bash", "-c", example.command],
        cwd=ROOT,
        env=example_env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=600,
    )
    shown = f"$ {example.command}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    assert "Traceback" not in result.stderr, shown
    if "echo $?" not in example.command:
        assert result.returncode in (0, 1), shown
    if not example.check_output:
        return
    expected_err = [STDERR_MARK.sub("", line) for line in example.expected if STDERR_MARK.search(line)]
    expected_out = [line for line in example.expected if not STDERR_MARK.search(line)]
    assert lines_match(expected_out, result.stdout.splitlines()), shown
    if expected_err:
        assert lines_match(expected_err, result.stderr.splitlines()), shown


def test_every_block_that_calls_wordindex_runs():
    """A block showing a wordindex command is an example (console), a plain ``sh`` example, or ``sh setup``."""
    unrun = []
    for page in PAGES:
        for info, first, lines in fenced_blocks(page):
            words = info.split()
            calls = any(re.search(r"(^|[\s/|])wordindex\s", line) for line in lines)
            if calls and words[:1] not in (["console"], ["sh"]):
                unrun.append(f"{page.relative_to(ROOT)}:{first}")
    assert unrun == []


def setup_commands(path: Path) -> list[str]:
    """The commands of a page's ``sh setup`` blocks (comment lines left out)."""
    return [
        line.strip()
        for info, _, lines in fenced_blocks(path)
        if info.split()[:2] == ["sh", "setup"]
        for line in lines
        if line.strip() and not line.lstrip().startswith("#")
    ]


def test_the_readme_sets_up_in_two_commands_the_main_job_and_the_tests():
    """A newcomer (or a tool that runs the set-up blocks in order) runs two commands, each of which
    finishes: install and run the main job, install and run the tests. A server is an example."""
    install_and_run, install_and_test = setup_commands(ROOT / "README.md")
    assert "pip install" in install_and_run and "wordindex build" in install_and_run
    assert (
        install_and_test
        == "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
    )
    assert install_and_test in (ROOT / ".ci" / "run").read_text().splitlines()  # CI runs it, exactly


def test_no_set_up_block_starts_a_server():
    """``wordindex serve`` runs until stopped: shown as an example (``sh``), never as a set-up step."""
    servers = [
        f"{page.relative_to(ROOT)}: {command}"
        for page in PAGES
        for command in setup_commands(page)
        if re.search(r"(^|[\s/|;&])wordindex(\s+--db\s+\S+)?\s+serve\b", command.split(" #")[0])
    ]
    assert servers == []


def test_examples_never_show_a_vulgar_word(bundled_entries):
    vulgar = {word for word, (_, flagged) in bundled_entries.items() if flagged}
    shown = set()
    for example in EXAMPLES:
        for line in [example.command, *example.expected]:
            shown |= set(re.findall(r"[a-z]+", line.lower()))
    assert shown & vulgar == set()


def test_the_matcher():
    assert lines_match(["a", "...", "z"], ["a", "b", "c", "z"])
    assert lines_match(["a", "...", "z"], ["a", "z"])
    assert not lines_match(["a", "z"], ["a", "b", "z"])
    assert lines_match(["Built ... words in ... s"], ["Built 12 words in 1.5 s"])
    assert not lines_match(["Built ... words"], ["Built 12 words in 1.5 s"])
