"""What both loaders share: the batch size and batched row streams."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any

#: Rows (and words) handled at once everywhere in a build: a batch of rows to load, of words
#: whose features are computed together, of prefixes the helper writes.
BATCH = 20_000


def batches(rows: Iterable[tuple[Any, ...]], size: int = BATCH) -> Iterator[list[tuple[Any, ...]]]:
    """Split a row stream into lists of ``size`` rows, so progress can advance."""
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch
