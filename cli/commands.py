"""Which module defines each command, and loading a module only when its command runs.

A one-shot command (``wordindex check cool``) should pay for its own module
only, not for the Boggle, word-game and server modules beside it: their
options, help texts and imports cost start-up time on every run. The group
(``group.WordIndexGroup``) asks this table for a command by name; the
command's module is imported and its ``register(app)`` run on a Typer of its
own the first time, and the click commands it made are kept for the rest of
the process. ``--help``, completion and a mistyped name load every module.

``tests/cli/test_commands.py`` checks the table against what the modules
really register, so a new command cannot be forgotten here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

#: Top-level command name → the modules that register it, in the order ``--help`` lists them
#: (commands, then the groups, as typer lists them).
#: ``play`` is a group whose subcommands the game modules add to it, so they register first and
#: ``play`` (the module defining the group) last.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "build": ("index_commands",),
    "info": ("index_commands",),
    "check": ("index_commands",),
    "words": ("index_commands",),
    "languages": ("languages",),
    "guess": ("hangman",),
    "evil": ("hangman",),
    "solve": ("hangman",),
    "hangman-value": ("hangman_value",),
    "boggle": ("boggle",),
    "boggle-best": ("boggle",),
    "daily": ("daily",),
    "best-word": ("wordgame",),
    "serve": ("serve",),
    "db": ("db_commands",),
    "play": ("hangman", "boggle", "wordgame", "play"),
}

#: Every command module, in the order their commands are listed.
MODULES: tuple[str, ...] = tuple(dict.fromkeys(name for names in COMMAND_MODULES.values() for name in names))

_registered: dict[str, dict[str, click.Command]] = {}


def module_commands(module: str) -> dict[str, click.Command]:
    """The click commands ``cli/<module>.py`` registers, made once per process."""
    if module not in _registered:
        import typer
        from typer.main import get_group

        app = typer.Typer()
        import_module(f"{__package__}.{module}").register(app)
        _registered[module] = dict(get_group(app).commands) if app.registered_commands or app.registered_groups else {}
    return _registered[module]


def load_command(name: str) -> click.Command | None:
    """The top-level command called ``name`` (None when there is none), loading only its modules."""
    modules = COMMAND_MODULES.get(name)
    if modules is None:
        return None
    for module in modules[:-1]:
        module_commands(module)
    return module_commands(modules[-1]).get(name)
