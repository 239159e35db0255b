"""What both loaders share: table columns in load order and batched row streams."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

#: Rows (and words) handled at once everywhere in a build: a batch of rows to load, of words
#: whose features are computed together, of prefixes the helper writes.
BATCH = 20_000


def column_names(table: Any) -> list[str]:
    """The table's columns in model order (the order the row builders produce)."""
    return [column.name for column in table.columns]


def batches(rows: Iterable[tuple[Any, ...]], size: int = BATCH) -> Iterator[list[tuple[Any, ...]]]:
    """Split a row stream into lists of ``size`` rows, so progress can advance."""
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch


def index_ddl(dialect: Any) -> list[tuple[str, str]]:
    """``(DROP, CREATE)`` statements of the secondary indexes for ``dialect``."""
    from sqlalchemy.schema import CreateIndex, DropIndex

    from .schema import SECONDARY_INDEXES

    return [
        (str(DropIndex(index).compile(dialect=dialect)), str(CreateIndex(index).compile(dialect=dialect)))
        for index in SECONDARY_INDEXES
    ]
