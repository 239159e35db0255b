"""Answers as JSON bytes made by ``json.dumps``, the way the command line prints them.

A route that returns a dict goes through FastAPI's ``jsonable_encoder``, which walks every object
in Python before encoding: for a board's 800 words with their paths that costs ten times the
search. The query routes instead hand back the report's value (or its text, for a board) as a
``Response`` whose body is ``json.dumps(value, ensure_ascii=False)``: the same characters the CLI
prints with ``--json`` (without its newline), at the standard library's C speed.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from fastapi import Response

MEDIA_TYPE = "application/json"


def text_answer(text: str, status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """JSON already written as text (``reports.boggle_text``, ``game_text``)."""
    return Response(text.encode(), status_code=status_code, headers=headers, media_type=MEDIA_TYPE)


class ResultsText:
    """A closed round's results in a view, as their JSON text already made (``games.SharedResults``):
    a round's every player gets the same results, 50 to 500 KB of JSON per board, made once.
    ``game_text`` puts the text in place; anything else that tried to encode a view holding one
    fails loudly (it is no JSON value), rather than send something else."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def game_text(answer: dict[str, Any]) -> str:
    """``json.dumps(answer, ensure_ascii=False)`` of a game's answer, with a closed round's results
    (``state.results``, a ``ResultsText``) put in as their text instead of encoded again."""
    state = answer.get("state")
    results = state.get("results") if isinstance(state, dict) else None
    if not isinstance(results, ResultsText):
        return json.dumps(answer, ensure_ascii=False)
    # A stand-in nobody can write (128 random bits) is encoded in its place, then replaced once.
    stand_in = secrets.token_hex(16)
    head = json.dumps({**answer, "state": {**state, "results": stand_in}}, ensure_ascii=False)
    return head.replace(f'"{stand_in}"', results.text, 1)
