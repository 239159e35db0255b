"""Pieces of SQL text every query module puts together: ``IN`` lists, their chunks, an added condition.

Low in the package (it imports nothing of it), so both the index and the words sources above it
(``wordindex.words.source``) build their statements the same way: the text only ever names
columns and numbered placeholders; every value stays bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

#: Most values bound in one ``IN (...)`` list: far below every backend's parameter
#: limit (PostgreSQL's 65,535), and small enough that SQLite's per-name parameter
#: lookup stays cheap, so asking about n values costs time linear in n.
IN_LIST_CHUNK = 500


class Condition(Protocol):
    """Something that narrows the words as one more SQL condition (``levels.WordPool``)."""

    def condition(self) -> tuple[str, dict[str, int]]: ...


def in_list(name: str, values: Sequence[object]) -> tuple[str, dict[str, object]]:
    """Placeholders ``:name_0, :name_1, ...`` and their values, for one ``IN (...)`` list.

    The statement's text only numbers its parameters; the values stay bound.
    An empty list gives ``NULL`` (``x IN (NULL)`` matches nothing).
    """
    if not values:
        return "NULL", {}
    keys = [f"{name}_{i}" for i in range(len(values))]
    return ", ".join(f":{k}" for k in keys), dict(zip(keys, values))


def chunks(values: Sequence[str], size: int = IN_LIST_CHUNK) -> list[Sequence[str]]:
    """``values`` cut into consecutive pieces of at most ``size``."""
    return [values[i : i + size] for i in range(0, len(values), size)]


def restrict(where: str, params: dict[str, Any], pool: Condition | None) -> tuple[str, dict[str, Any]]:
    """``where AND <pool condition>``, with the pool's parameters added (``pool`` None: unchanged)."""
    if pool is None:
        return where, params
    extra, extra_params = pool.condition()
    if not extra:
        return where, params
    return f"{where} AND {extra}", {**params, **extra_params}
