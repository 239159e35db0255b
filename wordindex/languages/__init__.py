"""The languages wordindex plays in, by code: ``language("fr")``, ``LANGUAGES``.

Each language is one module of facts (``en``, ``fr``, ...) built on the shapes of ``model``.
English is the default: an index built without ``--language`` is English, and so is an index
built before indexes recorded their language.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import UsageError
from .model import Capitals, Dice, Language, MultiLetterTile, WordList

__all__ = [
    "CODES",
    "Capitals",
    "DEFAULT",
    "Dice",
    "Language",
    "MultiLetterTile",
    "UnknownLanguageError",
    "WordList",
    "language",
    "languages",
]

#: Every language's code, in the order ``wordindex languages`` lists them.
CODES = ("en", "fr", "de", "es", "it", "pt", "nl", "pl", "sv")
DEFAULT = "en"


class UnknownLanguageError(UsageError):
    """A language code wordindex does not know; the message names the ones it does."""


def language(code: str | None) -> Language:
    """The language of ``code`` (any case; None gives English)."""
    key = (code or DEFAULT).strip().lower()
    if key not in CODES:
        raise UnknownLanguageError(f"unknown language {code!r}: choose one of {', '.join(CODES)}")
    module = import_module(f"{__name__}.{key}")
    found: Language = module.LANGUAGE
    return found


def languages() -> list[Language]:
    """Every language, in ``CODES`` order."""
    return [language(code) for code in CODES]
