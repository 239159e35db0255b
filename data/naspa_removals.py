"""Print the words of one Zyzzyva word graph that another lacks: how sources/naspa-nwl2020-removed.txt was made.

    python data/naspa_removals.py NWL2018.dwg NWL2020.dwg      # the words NASPA removed in 2020

NASPA does not publish its removed slurs as a plain list, but its Zyzzyva program ships each word list as
a word graph (``.dwg``), and github.com/scrabblewords/scrabblewords keeps them (data/SOURCES.md gives the
commit). A graph is an array of little-endian 32-bit nodes; node 0 holds the node count, the root's
children start at node 1. A node's top byte is its letter (A-Z); bit 23 says a word ends there, bit 22
that it is its parent's last child, and the low 22 bits give the index of its first child (0: none).

Only the standard library is used.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

END_OF_WORD = 1 << 23
LAST_CHILD = 1 << 22
CHILD = (1 << 22) - 1


def graph_words(data: bytes) -> set[str]:
    """Every word of a Zyzzyva word graph, lowercased."""
    nodes = struct.unpack_from(f"<{len(data) // 4}I", data)
    words: set[str] = set()
    pending = [(1, "")]
    while pending:
        index, prefix = pending.pop()
        while True:
            node = nodes[index]
            word = prefix + chr(node >> 24).lower()
            if node & END_OF_WORD:
                words.add(word)
            if node & CHILD:
                pending.append((node & CHILD, word))
            if node & LAST_CHILD:
                break
            index += 1
    return words


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python data/naspa_removals.py OLD.dwg NEW.dwg", file=sys.stderr)
        return 2
    old, new = (graph_words(Path(name).read_bytes()) for name in argv)
    print("\n".join(sorted(old - new)))
    print(f"{len(old - new)} words removed, {len(new - old)} added", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
