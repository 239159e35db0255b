"""Which texts look alike: the confusable skeleton of Unicode's UTS #39 (section 4), and a name key built on it.

Two player names must not show the same on a scoreboard: "Ana" and "Аna" (its first letter Cyrillic)
are different strings that nobody can tell apart. UTS #39 defines a text's *skeleton*: NFD, drop the
default-ignorable code points, replace each character by its prototype (``confusables.txt``), NFD again;
two texts are confusable when their skeletons are equal. The table (``confusable_table``) is generated
from Unicode's own data files by ``data/make_confusables.py``, so a new Unicode version is one rerun; no
kept library on PyPI computes skeletons (``confusable-homoglyphs`` has the pairs without their direction
or the many-letter prototypes such as ``m`` → ``rn``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1)
def _table() -> dict[int, str]:
    """Code point → its prototype ("" for a default-ignorable one): built once, on first use (about
    10,000 entries), so a command that compares no names never pays for it."""
    from wordindex.languages.confusable_table import IGNORABLE, PROTOTYPES

    table: dict[int, str] = {}
    for line in PROTOTYPES.splitlines():
        source, *target = line.split()
        table[int(source, 16)] = "".join(chr(int(point, 16)) for point in target)
    for low, high in IGNORABLE:
        table.update(dict.fromkeys(range(low, high + 1), ""))
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: equal for two texts that look alike (``"Аna"`` and ``"Ana"``)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(_table()))


def name_keys(name: str) -> frozenset[str]:
    """What a name is compared by: two names are one when they share a key. A key is a skeleton without
    case (``"Ann"``, ``"ANN"``, ``"Аnn"`` share ``"ann"``); the skeleton is also taken before case is
    folded, since a capital can look like another lower-case letter (``"AI"``, with a capital i, meets
    ``"Al"``), while ``"ai"`` and ``"al"`` stay two names."""
    return frozenset((skeleton(name.casefold()), skeleton(skeleton(name).casefold())))
