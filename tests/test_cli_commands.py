"""Commands load on demand: the table in cli/commands.py matches what the modules register,
and a one-shot command imports only its own module (start-up time is a feature)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import typer
from typer.main import get_group
from wordindex.cli import commands


def _everything_registered_at_once() -> dict[str, set[str]]:
    """Register every command module on one Typer, as the CLI did before commands were lazy."""
    from importlib import import_module

    full = typer.Typer()
    for module in commands.MODULES:
        import_module(f"wordindex.cli.{module}").register(full)
    group = get_group(full)
    return {
        name: set(getattr(command, "commands", {}))  # a group's subcommands
        for name, command in group.commands.items()
    }


def test_the_table_names_every_command_the_modules_register():
    registered = _everything_registered_at_once()
    assert set(commands.COMMAND_MODULES) == set(registered)
    assert registered["play"] == {"hangman", "boggle", "wordgame"}


@pytest.mark.parametrize("name", list(commands.COMMAND_MODULES))
def test_each_command_loads_from_its_modules(name):
    command = commands.load_command(name)
    assert command is not None and command.name == name


def test_an_unknown_name_is_no_command():
    assert commands.load_command("nosuch") is None


def test_help_lists_every_command_in_order(run_cli):
    result = run_cli(["--help"])
    assert result.exit_code == 0
    listed = [line.split()[1] for line in result.stdout.splitlines() if line.startswith("│ ") and len(line.split()) > 2]
    assert [name for name in listed if name in commands.COMMAND_MODULES] == list(commands.COMMAND_MODULES)


def test_play_lists_its_three_games(run_cli):
    result = run_cli(["play", "--help"])
    assert result.exit_code == 0
    assert all(game in result.stdout for game in ("hangman", "boggle", "wordgame"))


def test_a_mistyped_command_is_one_line(run_cli):
    result = run_cli(["chek", "cool"])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("Error: No such command 'chek'.")


def _modules_after(args: list[str], db: object) -> tuple[str, set[str]]:
    probe = (
        "import sys, json\n"
        "from wordindex.cli.app import main\n"
        f"sys.argv = ['wordindex', *{args!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "WORDINDEX_DB": str(db)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    lines = out.splitlines()
    return lines[0], set(json.loads(lines[-1]))


def test_check_imports_only_its_own_command_module(small_index, backend):
    first, modules = _modules_after(["check", "cool"], small_index)
    assert first == "cool: a word"
    loaded = {m.rsplit(".", 1)[1] for m in modules if m.startswith("wordindex.cli.")}
    assert loaded & set(commands.MODULES) == {"index_commands"}
    heavy = ("wordindex.boggle", "wordindex.hangman", "numpy") + (("sqlalchemy",) if backend == "sqlite" else ())
    assert not {m for m in modules if m.startswith(heavy)}


def test_guess_does_not_import_the_exact_search(small_index):
    first, modules = _modules_after(["guess", "--pattern", "c--l"], small_index)
    assert len(first) == 1
    assert "wordindex.hangman.guessers" in modules
    assert not modules & {"wordindex.hangman.exact", "wordindex.hangman.optimal", "wordindex.cli.boggle"}
