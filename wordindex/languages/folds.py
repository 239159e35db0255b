"""Folds written the way docs/languages.md gives them: ``"àâä:a ç:c æ:ae"``.

Each space-separated group is the characters that fold, a colon, and the letters they play as; a
language module writes its folds in one line that reads like its documentation.
"""

from __future__ import annotations


def folds(spec: str) -> dict[str, str]:
    """The fold table of ``spec``: ``folds("éè:e œ:oe") == {"é": "e", "è": "e", "œ": "oe"}``."""
    table: dict[str, str] = {}
    for group in spec.split():
        sources, target = group.split(":")
        table.update(dict.fromkeys(sources, target))
    return table
