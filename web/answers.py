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
