"""``wordindex languages``: the languages an index can be built in."""

from __future__ import annotations

import typer

from . import options
from .output import emit_json, out


def languages(json_output: bool = options.JSON) -> None:
    """List the languages: code, name, alphabet, default word list, its licence, and whether it is bundled.

    Build an index in one with: wordindex build --language CODE [FILE]

    Example: wordindex languages
    """
    from wordindex import reports

    listed = reports.languages()
    if json_output:
        emit_json(listed)
        return
    for item in listed:
        where = "bundled" if item["bundled"] else f"from Debian's {item['package']}"
        out(f"{item['code']}  {item['name']} ({item['native_name']}): {item['alphabet']}")
        out(f"    list: {item['default_list']} ({where}; {item['licence']})")


def register(app: typer.Typer) -> None:
    app.command()(languages)
