"""``GET /api/languages``: the languages this server serves, for the pages' language picker.

Each served index is named by the language its build recorded; the pages draw their keyboards,
tiles and board faces from what this answers, so no page hard-codes an alphabet.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from ..served import ServedIndexes, get_served_indexes

router = APIRouter(prefix="/api", tags=["languages"])


def describe(code: str) -> dict[str, Any]:
    """What a page needs of a language: names, letters, folds (what a typed é plays as), board faces, tile values."""
    from wordindex.boggle.faces import faces_of
    from wordindex.wordgame.tiles import tiles

    found = tiles(code)
    return {
        "code": code,
        "name": found.language.name,
        "native_name": found.language.native_name,
        "letters": found.alphabet.letters,
        "folds": dict(found.alphabet.folds),
        "faces": list(faces_of(code).multi),
        "tile_values": dict(found.values),
    }


@router.get("/languages")
def languages(indexes: ServedIndexes = Depends(get_served_indexes)) -> dict[str, Any]:
    """The served languages, the default (the one a request without ``language`` gets) first."""
    served = [describe(s.language.code) for s in indexes.languages() if s.language is not None]
    default = indexes.default.language
    return {"default": default.code if default is not None else None, "languages": served}
