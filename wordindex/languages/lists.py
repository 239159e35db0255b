"""Where a language's default word list is: bundled inside the package, or installed by a package.

The bundled lists travel in the package (``wordindex.data``, the repository's ``data/`` folder), so
``wordindex build --language es`` works from a wheel; the others are read from the distribution's
word-list package, and the error when it is missing gives the one command that installs it.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from ..errors import DictionaryError
from .model import Language


def bundled_path(name: str) -> Path:
    """The path of a list bundled with wordindex (``data/<name>`` in a checkout)."""
    return Path(str(files("wordindex.data").joinpath(name)))


def default_list_path(language: Language) -> Path:
    """The language's default list, or DictionaryError saying how to install it."""
    wordlist = language.default_list
    path = bundled_path(wordlist.path) if wordlist.bundled else Path(wordlist.path)
    if path.is_file():
        return path
    if wordlist.bundled:
        raise DictionaryError(f"the bundled {language.name} word list is missing from this installation: {path}")
    raise DictionaryError(
        f"the {language.name} word list {path} is not installed: install it with "
        f"`sudo apt-get install {wordlist.package}` (Debian, Ubuntu), or give a list: "
        f"wordindex build --language {language.code} FILE"
    )
