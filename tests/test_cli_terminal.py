"""The terminal path: what a player sees in a colour terminal (rich panels and tables), and input read with readline.

Piped output is tested everywhere else; these tests run the same commands with a recording
``Environment`` that says stdout is a colour terminal, strip the colour codes, and compare the
drawing line for line, so the rich branches of cli/hangman.py, cli/boggle.py and cli/wordgame.py
run and their layout is pinned (lists of words in columns: tests/test_cli_columns.py). The
readline branch of ``Environment.ask`` runs with ``input`` replaced.
"""

from __future__ import annotations

import builtins
import io
import re
import sys

import pytest
from wordindex.cli.environment import EndOfInput, Environment, use_environment

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def colour_terminal(stdin: str = "") -> Environment:
    return Environment(
        stdin=io.StringIO(stdin), stdout=io.StringIO(), stderr=io.StringIO(), stdout_isatty=True, colour=True
    )


def drawn(run_cli, args, db, stdin: str = "") -> tuple[str, int]:
    """What the command drew on a colour terminal, colour codes stripped (and that there were some)."""
    terminal = colour_terminal(stdin)
    with use_environment(lambda: terminal):
        result = run_cli(args, db=db)
    screen = terminal.stdout.getvalue()
    assert "\x1b[" in screen
    return ANSI.sub("", screen), result.exit_code


HANGMAN_WORDS = ["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex", "knife", "fink"]


def test_hangman_draws_the_gallows_word_lives_and_letters(run_cli, index_factory):
    db = index_factory("terminal_hangman", HANGMAN_WORDS)
    args = ["play", "hangman", "-n", "4", "-l", "6", "--show-count", "--seed", "1", "-c", "random"]
    screen, code = drawn(run_cli, args, db, "e\no\n")
    assert code == 0
    assert screen == (
        "╭──────────────────────────── hangman ─────────────────────────────╮\n"
        "│   +---+     _ _ _ _                                              │\n"
        "│   |   |                                                          │\n"
        "│       |     ██████  6 of 6 guesses left                          │\n"
        "│       |     a b c d e f g h i j k l m n o p q r s t u v w x y z  │\n"
        "│       |     10 words left                                        │\n"
        "│       |                                                          │\n"
        "│ =========                                                        │\n"
        "╰──────────────────────────────────────────────────────────────────╯\n"
        "Your guess: e\n"
        "Sorry, there is no e.\n"
        "╭──────────────────────────── hangman ─────────────────────────────╮\n"
        "│   +---+     _ _ _ _                                              │\n"
        "│   |   |                                                          │\n"
        "│   O   |     █████░  5 of 6 guesses left                          │\n"
        "│       |     a b c d e f g h i j k l m n o p q r s t u v w x y z  │\n"
        "│       |     4 words left                                         │\n"
        "│       |                                                          │\n"
        "│ =========                                                        │\n"
        "╰──────────────────────────────────────────────────────────────────╯\n"
        "Your guess: o\n"
        "Sorry, there is no o.\n"
        "╭──────────────────────────── hangman ─────────────────────────────╮\n"
        "│   +---+     _ _ _ _                                              │\n"
        "│   |   |                                                          │\n"
        "│   O   |     ████░░  4 of 6 guesses left                          │\n"
        "│   |   |     a b c d e f g h i j k l m n o p q r s t u v w x y z  │\n"
        "│       |     2 words left                                         │\n"
        "│       |                                                          │\n"
        "│ =========                                                        │\n"
        "╰──────────────────────────────────────────────────────────────────╯\n"
        "Your guess: \n"
        "Game over. The word was: fink\n"
        "Goodbye.\n"
    )


def test_boggle_draws_the_board_and_a_table_of_words(run_cli, index_factory):
    db = index_factory("terminal_boggle", HANGMAN_WORDS)
    screen, code = drawn(run_cli, ["boggle", "abcdefghijklmnop", "--path"], db)
    assert code == 0
    assert screen == (
        "╭────┬────┬────┬────╮\n"
        "│ A  │ B  │ C  │ D  │\n"
        "├────┼────┼────┼────┤\n"
        "│ E  │ F  │ G  │ H  │\n"
        "├────┼────┼────┼────┤\n"
        "│ I  │ J  │ K  │ L  │\n"
        "├────┼────┼────┼────┤\n"
        "│ M  │ N  │ O  │ P  │\n"
        "╰────┴────┴────┴────╯\n"
        "┏━━━━━━━┳━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓\n"
        "┃ score ┃ word  ┃ path                          ┃\n"
        "┡━━━━━━━╇━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┩\n"
        "│ 2     │ knife │ (2,2) (3,1) (2,0) (1,1) (1,0) │\n"
        "│ 1     │ fink  │ (1,1) (2,0) (3,1) (2,2)       │\n"
        "└───────┴───────┴───────────────────────────────┘\n"
        "2 words, 3 points (official rules, min 3 letters)\n"
    )


def test_boggle_without_paths_draws_the_board_then_its_words_in_columns(run_cli, index_factory):
    db = index_factory("terminal_boggle", HANGMAN_WORDS)
    screen, code = drawn(run_cli, ["boggle", "abcdefghijklmnop"], db)
    assert code == 0
    assert screen.endswith(
        "╰────┴────┴────┴────╯\n  2 knife    1 fink\ntotal: 2 words, 3 points (official rules, min 3 letters)\n"
    )


def test_best_word_all_lists_in_columns_on_a_colour_terminal(run_cli, index_factory):
    db = index_factory("terminal_wordgame", ["cows", "scow", "caws", "zoos", "cozes", "coz"])
    terminal = colour_terminal()
    with use_environment(lambda: terminal):
        result = run_cli(["best-word", "cows*z", "--all"], db=db)
    assert result.exit_code == 0
    assert terminal.stdout.getvalue() == (
        "6 words playable from cows*z:\n"
        "coz*s 480 (cozes)  z*os 264 (zoos)  cows 198  scow 198  c*ws 176 (caws)  coz 168\n"  # 80 cells: fits
    )


# -- input in a terminal: readline and input() ----------------------------------------------------


def interactive() -> Environment:
    return Environment(stdin=io.StringIO(), stdout=io.StringIO(), stdin_isatty=True, stdout_isatty=True)


def test_a_terminal_reads_answers_with_readline_and_input(monkeypatch):
    asked = []
    monkeypatch.setattr(builtins, "input", lambda prompt: asked.append(prompt) or "  yes ")
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    terminal = interactive()
    assert terminal.ask("Your guess: ") == "  yes "
    assert terminal.confirm("Play again?") is True
    assert asked == ["Your guess: ", "Play again? "]
    assert "readline" in sys.modules  # loaded on the first question: line editing and history
    assert terminal.stdout.getvalue() == ""  # input() wrote the prompt, nothing is echoed


def test_a_terminal_at_end_of_input_or_with_bad_bytes(monkeypatch):
    terminal = interactive()

    def closed(prompt):
        raise EOFError

    monkeypatch.setattr(builtins, "input", closed)
    with pytest.raises(EndOfInput):
        terminal.ask("Your guess: ")

    def not_utf8(prompt):
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr(builtins, "input", not_utf8)
    assert terminal.ask("Your guess: ") == "\ufffd"


def test_streams_that_cannot_say_whether_they_are_terminals(monkeypatch):
    class Closed(io.StringIO):
        def isatty(self):
            raise ValueError("I/O operation on closed file")

    monkeypatch.setattr(sys, "stdin", Closed())
    monkeypatch.setattr(sys, "stdout", object())  # no isatty at all
    found = Environment.from_system()
    assert (found.stdin_isatty, found.stdout_isatty, found.colour) == (False, False, False)
