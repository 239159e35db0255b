"""Answers as JSON bytes made by ``json.dumps``, the way the command line prints them.

A route that returns a dict goes through FastAPI's ``jsonable_encoder``, which walks every object
in Python before encoding: for a board's 800 words with their paths that costs ten times the
search. The query routes instead hand back the report's value (or its text, for a board) as a
``Response`` whose body is ``json.dumps(value, ensure_ascii=False)``: the same characters the CLI
prints with ``--json`` (without its newline), at the standard library's C speed.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Response

MEDIA_TYPE = "application/json"


def json_answer(value: Any, status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """``value`` (plain dicts, lists, strings, numbers) as the CLI's ``--json`` text."""
    return text_answer(json.dumps(value, ensure_ascii=False), status_code, headers)


def text_answer(text: str, status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """JSON already written as text (``reports.boggle_text``)."""
    return Response(text.encode(), status_code=status_code, headers=headers, media_type=MEDIA_TYPE)


def game_text(answer: dict[str, Any], results_text: str | None) -> str:
    """``json.dumps(answer)`` of a game's answer whose view ends with a closed round's ``results``,
    with the results' text already made (``games.SharedResults``) put in place instead of encoded
    again: a round's every player gets the same results, 50 to 500 KB of JSON per board. The same
    characters as ``json.dumps(answer, ensure_ascii=False)``."""
    state = answer.get("state")
    if (
        results_text is None
        or not isinstance(state, dict)
        or list(answer)[-1] != "state"
        or list(state)[-1:] != ["results"]
        or len(state) < 2
    ):
        return json.dumps(answer, ensure_ascii=False)
    head = json.dumps({**answer, "state": {k: v for k, v in state.items() if k != "results"}}, ensure_ascii=False)
    return f'{head[:-2]}, "results": {results_text}}}}}'
