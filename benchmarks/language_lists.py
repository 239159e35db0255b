"""What each language's default word list gives: lines kept and left out (by reason), and its letters.

Reads each language's default list with the build's own reader (``DictionaryReader``: the same
rules as ``wordindex build --language LANG``, see docs/languages.md) and counts, per language:
the lines read, the distinct words kept, and the lines left out because a character is outside
the alphabet, because the word is a proper name or an abbreviation, or because the word is a
duplicate of an earlier one once folded (``Größe``/``grösse``, ``été``/``ete``...). Prints a
Markdown table (the one in docs/languages.md), or JSON with ``--json``.

``--letters`` also prints each list's letter frequencies (per 10,000 letters of the distinct kept
words: the ``LETTER_FREQUENCIES`` a language module builds its letter-frequency dice from) and
the share of its ``q`` followed by ``u`` (a language whose ``q`` is followed by ``u`` in at least
``QU_SHARE`` of the cases gets a ``qu`` face instead of a ``q`` face).

    python benchmarks/language_lists.py                  # every language but English
    python benchmarks/language_lists.py --languages sv,pl --letters
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from wordindex.build.dictionary import (
    SKIP_ABBREVIATION,
    SKIP_DUPLICATE,
    SKIP_OUTSIDE,
    SKIP_PROPER_NAME,
    SKIP_TOO_LONG,
    DictionaryReader,
)
from wordindex.errors import DictionaryError
from wordindex.languages import CODES, language
from wordindex.languages.dice import QU_SHARE
from wordindex.languages.lists import default_list_path

REASONS = (SKIP_OUTSIDE, SKIP_PROPER_NAME, SKIP_ABBREVIATION, SKIP_DUPLICATE, SKIP_TOO_LONG)


def measure(code: str, letters: bool) -> dict:
    """One language's counts (and letter frequencies when ``letters``)."""
    lang = language(code)
    path = default_list_path(lang)
    reader = DictionaryReader(path, code, lang.default_list.encoding)
    distinct: set[str] = set()
    for piece in reader.pieces():
        distinct.update(piece.words)
    reader.count_duplicates(len(distinct))
    stats = reader.stats
    shown = f"data/{lang.default_list.path} (bundled)" if lang.default_list.bundled else str(path)
    row: dict = {
        "language": code,
        "path": shown,
        "encoding": lang.default_list.encoding,
        "lines": stats.lines_read,
        "blank": stats.blank_lines,
        "kept": len(distinct),
        **{reason: stats.skipped.get(reason, 0) for reason in REASONS},
    }
    if letters:
        counts: Counter[str] = Counter()
        q_total = q_then_u = 0
        for word in distinct:
            counts.update(word)
            q_total += word.count("q")
            q_then_u += word.count("qu")
        total = sum(counts.values())
        row["frequencies"] = {letter: round(10_000 * counts[letter] / total) for letter in lang.letters}
        row["qu_share"] = round(q_then_u / q_total, 4) if q_total else None
        row["qu_face"] = bool(q_total) and q_then_u / q_total >= QU_SHARE
    return row


def table(rows: list[dict]) -> str:
    lines = [
        "| language | list | lines | kept | outside the alphabet | proper names | abbreviations | duplicates |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        if "error" in row:
            lines.append(f"| {row['language']} | {row['error']} | | | | | | |")
            continue
        cells = [row["lines"], row["kept"], row[SKIP_OUTSIDE], row[SKIP_PROPER_NAME]]
        cells += [row[SKIP_ABBREVIATION], row[SKIP_DUPLICATE]]
        list_cell = row["path"] + (f", {row['encoding']}" if row["encoding"] != "utf-8" else "")
        lines.append(f"| {row['language']} | {list_cell} | " + " | ".join(f"{n:,}" for n in cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    others = [code for code in CODES if code != "en"]
    parser.add_argument("--languages", default=",".join(others), help="comma-separated codes (default: all but en)")
    parser.add_argument("--letters", action="store_true", help="also print letter frequencies and the qu share")
    parser.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    options = parser.parse_args()
    rows = []
    for code in options.languages.split(","):
        try:
            rows.append(measure(code, options.letters))
        except DictionaryError as exc:
            rows.append({"language": code, "error": str(exc)})
        print(f"{code} done", file=sys.stderr)
    if options.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    print(table(rows))
    for row in rows:
        if "frequencies" in row:
            print(f"\n{row['language']}: qu share {row['qu_share']}, qu face {row['qu_face']}")
            print(json.dumps(row["frequencies"], ensure_ascii=False))


if __name__ == "__main__":
    main()
