"""Request bodies: JSON objects of bounded depth whose every string can be stored and sent back.

A body is parsed once here, and whatever it holds is refused with a 400 before any game sees it:
JSON nested deeper than ``MAX_DEPTH`` (Python's parser raises RecursionError near 1,000 levels,
and every walk of a deep value after it would too), and text holding a lone surrogate (``"\\ud800"``
is valid JSON, but not a character: UTF-8 cannot encode it, so neither the game store nor the
answer could). The walk is iterative and touches each value once.
"""

from __future__ import annotations

import json
import re
from typing import Any

from wordindex.errors import UsageError

#: Deepest nesting a body may have: a move is ``{"move": {...}}``, two or three levels.
MAX_DEPTH = 16
_SURROGATE = re.compile("[\ud800-\udfff]")


def parse_json_object(raw: bytes) -> dict[str, Any]:
    """The body as a JSON object; UsageError (400) for anything else or anything above."""
    try:
        value = json.loads(raw or b"null")
    except (ValueError, UnicodeDecodeError):
        raise UsageError('the request body must be JSON, e.g. {"game": "boggle"}') from None
    except RecursionError:
        raise UsageError(f"the request body is nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(value, dict):
        raise UsageError('the request body must be a JSON object, e.g. {"game": "boggle"}')
    check_json_value(value)
    return value


def check_json_value(value: Any) -> None:
    """UsageError when ``value`` nests deeper than ``MAX_DEPTH`` or a string in it has a lone surrogate."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise UsageError(f"the request body is nested more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    _check_text(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def _check_text(text: str) -> None:
    if not text.isascii() and _SURROGATE.search(text):
        raise UsageError("the request body holds a lone surrogate (\\ud800-\\udfff), which is not a character")
