"""Options of issue 10 shared by several commands: word levels and vulgar words.

``--difficulty`` (games) and ``--level`` (listings) take the same values:
``easy``, ``medium``, ``hard``, a level ``N`` (N and more common) or a range
``N-M``. ``--allow-vulgar`` lets a game pick, or ``best-word`` answer, a word
the index flags as vulgar. Parsing is the library's
(``wordindex.words.levels.parse_levels``); this module only declares the options.
"""

from __future__ import annotations

import typer

LEVEL_VALUES = "easy, medium, hard, N (level N and more common) or N-M"


def difficulty_option() -> typer.models.OptionInfo:
    return typer.Option(
        None,
        "--difficulty",
        metavar="LEVEL",
        help=f"Pick the secret word by commonness: {LEVEL_VALUES}. Needs an index with levels.",
    )


def level_option() -> typer.models.OptionInfo:
    return typer.Option(
        None,
        "--level",
        metavar="LEVEL",
        help=f"Only words of these levels: {LEVEL_VALUES}. Needs an index with levels.",
    )


def allow_vulgar_option(what: str) -> typer.models.OptionInfo:
    return typer.Option(False, "--allow-vulgar", help=f"Let {what} be a word the index flags as vulgar.")
