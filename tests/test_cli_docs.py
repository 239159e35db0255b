"""docs/cli.md's option table is the command tree: every option of every command, its short flag, where it is.

The table drifted once (an option listed for a command that lacked it, commands and options missing);
this test walks the real typer/click commands and the table both ways, so it cannot drift again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from typer.main import get_command
from wordindex.cli.app import app

DOC = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
TOP = "top level"


@dataclass(frozen=True)
class Row:
    names: frozenset[str]
    short: str | None
    commands: frozenset[str]  # command paths, "all" or TOP


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def doc_rows() -> list[Row]:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| option | short |") : text.index("Short flags in use:")]
    rows = []
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        names = frozenset(re.findall(r"`(--[a-z-]+)`", cells[0]))
        short = re.findall(r"`(-[a-z])`", cells[1])
        commands = frozenset(c.strip() for c in cells[-1].split(","))
        rows.append(Row(names, short[0] if short else None, commands))
    return rows


def doc_short_flags() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    line = text[text.index("Short flags in use:") :].splitlines()[0]
    return set(re.findall(r"-[a-z]", line.split(":", 1)[1].split(".")[0]))


def doc_hidden_aliases() -> dict[str, str]:
    """The "Changes" table: command -> the text of its old-names cells."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Changes from before this convention") :]
    found: dict[str, str] = {}
    for line in table.splitlines():
        if line.startswith("|") and not line.startswith("| ---") and not line.startswith("| command"):
            cells = _cells(line)
            found[cells[0]] = found.get(cells[0], "") + " ".join(cells[1:])
    return found


def command_options() -> dict[str, list[click.Option]]:
    """Every command path ("play hangman", or TOP for the group itself) and its options."""
    root = get_command(app)
    found: dict[str, list[click.Option]] = {TOP: [p for p in root.params if isinstance(p, click.Option)]}

    def walk(command: click.Command, path: list[str], ctx: click.Context) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name], click.Context(sub, parent=ctx))
        else:
            found[" ".join(path)] = [p for p in command.params if isinstance(p, click.Option)]

    walk(root, [], click.Context(root))
    return found


def _long(option: click.Option) -> frozenset[str]:
    return frozenset(name for name in (*option.opts, *option.secondary_opts) if name.startswith("--"))


def _short(option: click.Option) -> list[str]:
    return [name for name in option.opts if not name.startswith("--")]


COMMANDS = command_options()
ROWS = doc_rows()


def _row_of(option: click.Option) -> Row | None:
    return next((row for row in ROWS if row.names == _long(option)), None)


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_every_shown_option_has_its_row_with_this_command(path):
    for option in COMMANDS[path]:
        if option.hidden:
            continue
        row = _row_of(option)
        assert row is not None, f"{path}: {'/'.join(sorted(_long(option)))} has no row in docs/cli.md"
        assert path in row.commands or "all" in row.commands, f"{path} is missing from the row of {set(row.names)}"
        shorts = _short(option)
        assert shorts == ([row.short] if row.short else []), f"{path} {set(row.names)}: short flag {shorts}"


def test_every_row_names_only_commands_that_have_the_option():
    for row in ROWS:
        for path in row.commands:
            if path == "all":
                continue
            assert path in COMMANDS, f"docs/cli.md names {path!r}, which is not a command"
            names = {name for option in COMMANDS[path] if not option.hidden for name in _long(option)}
            assert row.names <= names, f"docs/cli.md lists {set(row.names)} for {path!r}, which has no such option"


def test_short_flags_in_use_are_the_shown_ones_and_mean_one_option_each():
    meaning: dict[str, frozenset[str]] = {}
    for options in COMMANDS.values():
        for option in options:
            if option.hidden:
                continue
            for short in _short(option):
                assert meaning.setdefault(short, _long(option)) == _long(option), f"{short} means two options"
    assert doc_short_flags() == {*meaning, "-h"}


def test_hidden_aliases_are_listed_as_old_names():
    aliases = doc_hidden_aliases()
    for path, options in COMMANDS.items():
        for option in options:
            if not option.hidden:
                continue
            for name in option.opts:
                assert f"`{name}`" in aliases.get(path, ""), f"{path}: hidden {name} is not in the old-names table"
