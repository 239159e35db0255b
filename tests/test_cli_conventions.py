"""The one command-line convention (docs/cli.md): options, exit status, output, the terminal Environment."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from wordindex.cli.environment import Environment, colour_allowed, use_environment

from .interrupting import sigint_default

EXE = Path(sys.executable).with_name("wordindex")


def test_db_works_after_the_command(run_cli, nine_db):
    assert run_cli(["check", "cool", "--db", nine_db]).exit_code == 0
    assert run_cli(["check", f"--db={nine_db}", "cool"]).exit_code == 0
    assert run_cli(["--db", nine_db, "check", "cool"]).exit_code == 0
    game = run_cli(["play", "hangman", "--db", nine_db, "-n", "4", "-l", "1", "-s", "paga", "--hide-count"])
    assert "paga guesses: e" in game.stdout and game.exit_code == 1  # one life: the guesser loses


@pytest.mark.parametrize("args", [["-h"], ["check", "-h"], ["play", "boggle", "-h"], ["db", "current", "-h"]])
def test_h_is_help_everywhere(run_cli, args):
    result = run_cli(args)
    assert result.exit_code == 0 and "Usage:" in result.stdout


def test_old_option_names_still_work_but_are_hidden(run_cli, nine_db):
    assert run_cli(["words", "-p", "----", "-n", "2"], db=nine_db).stdout == "ally\nbeta\n"
    assert run_cli(["words", "-p", "----", "-m", "2"], db=nine_db).stdout == "ally\nbeta\n"
    new = run_cli(["evil", "-n", "4", "--guessed", "eo", "--json"], db=nine_db)
    old = run_cli(["evil", "-n", "4", "--guesses", "eo", "--json"], db=nine_db)
    assert new.stdout == old.stdout and new.exit_code == 0
    shown = run_cli(["play", "hangman", "--help"]).stdout
    assert "--lives" in shown and "--strategy" in shown
    assert "--guesses" not in shown and "--guesser" not in shown


def test_completion_can_be_installed(run_cli):
    assert "--install-completion" in run_cli(["--help"]).stdout


@pytest.mark.skipif(not EXE.exists(), reason="the wordindex script is not installed beside this Python")
def test_shell_completion_answers():
    env = dict(os.environ, _WORDINDEX_COMPLETE="complete_bash", COMP_WORDS="wordindex play b", COMP_CWORD="2")
    result = subprocess.run([str(EXE)], env=env, capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["boggle"]


@pytest.mark.skipif(not EXE.exists(), reason="the wordindex script is not installed beside this Python")
def test_a_closed_pipe_exits_quietly_with_141(nine_db):
    env = dict(os.environ, WORDINDEX_DB=str(nine_db))
    process = subprocess.Popen(
        [str(EXE), "words", "-p", "----"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    process.stdout.close()  # the reader goes away before the first line is written
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert stderr == b""


@pytest.mark.skipif(not EXE.exists(), reason="the wordindex script is not installed beside this Python")
def test_ctrl_c_in_a_game_prints_its_end_and_exits_130(nine_db):
    env = dict(os.environ, WORDINDEX_DB=str(nine_db))
    process = subprocess.Popen(
        [str(EXE), "play", "hangman", "-n", "4", "-l", "6", "--hide-count", "--seed", "1"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_default,  # SIGINT reaches it even when this run ignores it (nohup, a background job)
    )
    os.set_blocking(process.stdout.fileno(), False)
    shown = ""
    deadline = time.monotonic() + 60
    while "Your guess:" not in shown and time.monotonic() < deadline:
        try:
            shown += process.stdout.read() or ""
        except TypeError:  # nothing to read yet
            pass
        time.sleep(0.05)
    os.set_blocking(process.stdout.fileno(), True)
    process.send_signal(signal.SIGINT)
    rest, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Game over. The word was: " in rest and rest.rstrip().endswith("Goodbye.")
    assert "Traceback" not in stderr


def test_errors_exit_2_and_negative_answers_1(run_cli, nine_db, tmp_path):
    assert run_cli(["check", "xyzzy"], db=nine_db).exit_code == 1
    assert run_cli(["words", "-p", "zz--"], db=nine_db).exit_code == 1
    missing = run_cli(["check", "cool"], db=tmp_path / "none.db")
    assert missing.exit_code == 2 and missing.stderr.startswith("Error: no word index")
    assert run_cli(["words", "-p", "-1"], db=nine_db).exit_code == 2


# -- the terminal Environment -------------------------------------------------------


def test_colour_only_on_a_terminal_without_no_color_or_dumb_term():
    assert colour_allowed({"TERM": "xterm"}, True)
    assert not colour_allowed({"TERM": "xterm"}, False)  # piped
    assert not colour_allowed({"TERM": "xterm", "NO_COLOR": ""}, True)
    assert not colour_allowed({"TERM": "dumb"}, True)


def fake_terminal(colour: bool) -> tuple[io.StringIO, Environment]:
    screen = io.StringIO()
    return screen, Environment(stdout=screen, stderr=io.StringIO(), stdout_isatty=True, colour=colour)


@pytest.mark.parametrize("colour", [False, True])
def test_the_path_highlight_is_visible_with_and_without_colour(run_cli, index_factory, colour):
    db = index_factory("conventions-boggle", ["knife", "fink"])
    screen, terminal = fake_terminal(colour)
    with use_environment(lambda: terminal):
        result = run_cli(["boggle", "abcdefghijklmnop", "--show", "knife"], db=db)
    assert result.exit_code == 0
    drawn = screen.getvalue()
    if colour:
        assert "\x1b[" in drawn  # rich, with the highlight in colour
    else:
        assert "\x1b[" not in drawn
        assert "[E] [F]  G   H" in drawn  # the highlighted cells in brackets


def test_hangman_hits_and_misses_are_visible_without_colour(run_cli, nine_db):
    screen, terminal = fake_terminal(False)
    terminal.stdin = io.StringIO("e\no\n")
    with use_environment(lambda: terminal):
        run_cli(["play", "hangman", "-n", "4", "-l", "6", "--hide-count", "--seed", "1"], db=nine_db)
    assert "Guessed: O [e]" in screen.getvalue()  # a hit in capitals, a miss in brackets
