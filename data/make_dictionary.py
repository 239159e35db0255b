"""Make data/dictionary.txt, the bundled dictionary, from its published sources.

    python data/make_dictionary.py                     # writes data/dictionary.txt
    python data/make_dictionary.py --check             # exit 1 unless the file is reproduced byte for byte
    python data/make_dictionary.py --enable PATH --scowl DIR --output FILE

Sources (data/SOURCES.md gives versions, licences and how to install them):

* SCOWL's component lists, as Debian's ``scowl`` package installs them
  (``/usr/share/dict/scowl``): ``english-words.N`` and ``american-words.N``
  for the sizes N up to 70 ("large"). These are SCOWL's "words" category:
  abbreviations, contractions, proper names and capitalised words are in
  other files, which are not read. The smallest size holding a word is its
  commonness **level** (10 = among the most common words ... 70 = rare).
* ENABLE2K (public domain), the word-game list: a word is kept only when
  ENABLE2K has it, so no abbreviation or non-word that a spell checker
  accepts gets in (``--enable``, default ``$WORDINDEX_WORDLISTS/enable2k.txt``).
  ENABLE has no one-letter words; ``a`` and ``i`` are added (level 10).
* ``data/sources/surge-ai-profanity_en.csv`` (Surge AI, MIT) and
  ``data/sources/ldnoobw-en.txt`` (Shutterstock's LDNOOBW, CC BY 4.0): the
  slurs, which are left out, and the vulgar words, which are kept and
  flagged. ``data/sources/naspa-nwl2020-removed.txt``: the words NASPA
  removed from its Scrabble word list in 2020 as slurs, left out by default.
  ``data/sources/decisions.tsv`` corrects the default rule word by word (see
  its header).

Output: one line per word, sorted, ``word<TAB>level`` and ``<TAB>vulgar``
for flagged words. ``wordindex build`` reads the extra columns; any tool
that wants the bare words takes the first column (``cut -f1``).

Only the standard library is used, so the recipe runs anywhere Python does.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "sources"
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
SCOWL_CATEGORIES = ("english-words", "american-words")
ONE_LETTER_WORDS = {"a": 10, "i": 10}
SLUR_CATEGORY = "racial / ethnic slurs"
NASPA_REMOVED = "naspa-nwl2020-removed.txt"
#: Inflections that inherit a listed word's decision (``cunt`` → ``cunts``). Kept short on purpose:
#: ``-er`` or ``-y`` would reach innocent words (``butt`` → ``butter``, ``spic`` → ``spicy``).
SLUR_SUFFIXES = ("s", "es")
VULGAR_SUFFIXES = ("s", "es", "ed", "d", "ing")
_PLAIN = re.compile(r"[a-z]+").fullmatch


def scowl_levels(scowl: Path) -> dict[str, int]:
    """Each a-z word of SCOWL's word lists up to size 70, with the smallest size that holds it."""
    levels: dict[str, int] = {}
    for size in SCOWL_SIZES:
        for category in SCOWL_CATEGORIES:
            path = scowl / f"{category}.{size}"
            for line in path.read_text(encoding="utf-8").splitlines():
                if _PLAIN(line) and line not in levels:
                    levels[line] = size
    return levels


def enable_words(path: Path) -> set[str]:
    return {line.strip() for line in path.read_text(encoding="ascii").splitlines() if _PLAIN(line.strip())}


def read_decisions(path: Path) -> dict[str, str]:
    decisions = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, decision, _why = line.split("\t")
            if decision not in ("slur", "vulgar", "clean"):
                raise ValueError(f"{path}: unknown decision {decision!r} for {word!r}")
            decisions[word] = decision
    return decisions


def list_file_words(path: Path) -> list[str]:
    """The single a-z words of a one-word-a-line list (``#`` comment lines and phrases skipped)."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if _PLAIN(line)]


def listed_words(sources: Path) -> dict[str, str]:
    """Single a-z words of the published lists, each with its default decision (slur or vulgar).

    A word NASPA removed as a slur is a slur by default even where another list calls it vulgar
    (``cunt``): its decision is then made in decisions.tsv, word by word.
    """
    listed: dict[str, str] = {}
    with open(sources / "surge-ai-profanity_en.csv", encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            word = row["text"].strip()
            if _PLAIN(word):
                categories = {row["category_1"], row["category_2"], row["category_3"]}
                slur = SLUR_CATEGORY in categories or listed.get(word) == "slur"
                listed[word] = "slur" if slur else "vulgar"
    for word in list_file_words(sources / "ldnoobw-en.txt"):
        listed.setdefault(word, "vulgar")
    for word in list_file_words(sources / NASPA_REMOVED):
        listed[word] = "slur"
    return listed


def inflections(word: str, suffixes: tuple[str, ...]) -> set[str]:
    """Regular inflections of ``word`` among ``suffixes``.

    ``-s`` (``-es`` after a sibilant or ``o``; nothing after ``s``), ``-d`` after ``e``, ``-ed``
    and ``-ing``, also with the last consonant doubled (``shit`` → ``shitting``).
    """
    sibilant = word.endswith(("s", "x", "z", "ch", "sh"))
    allowed = {
        "s": not word.endswith("s"),
        "es": sibilant or word.endswith("o"),
        "d": word.endswith("e"),
        "ed": not word.endswith(("e", "s")),
        "ing": not word.endswith("s"),
    }
    forms = {word + suffix for suffix in suffixes if allowed[suffix]}
    if word[-1] not in "aeiouswxy" and "ing" in suffixes:
        forms |= {word + word[-1] + suffix for suffix in ("ed", "ing")}
    return forms


def classify(candidates: set[str], listed: dict[str, str], decisions: dict[str, str]) -> tuple[set[str], set[str]]:
    """``(slurs, vulgar)`` among ``candidates``: listed words, their inflections, corrected by ``decisions``."""
    verdict: dict[str, str] = {}
    named = {**listed, **{word: d for word, d in decisions.items() if word not in listed and d != "clean"}}
    for word, decision in named.items():
        decision = decisions.get(word, decision)
        suffixes = SLUR_SUFFIXES if decision == "slur" else VULGAR_SUFFIXES
        inflected = inflections(word, suffixes) if decision != "clean" and word in candidates else set()
        for form in {word} | inflected:
            if form in candidates and (form == word or form not in named):
                if verdict.get(form) != "slur":
                    verdict[form] = decision
    for word, decision in decisions.items():
        if word in candidates:
            verdict[word] = decision
    slurs = {w for w, d in verdict.items() if d == "slur"}
    vulgar = {w for w, d in verdict.items() if d == "vulgar"}
    return slurs, vulgar


def make_lines(scowl: Path, enable: Path, sources: Path = SOURCES) -> list[str]:
    """The lines of data/dictionary.txt."""
    levels = scowl_levels(scowl)
    allowed = enable_words(enable)
    kept = {word: level for word, level in levels.items() if word in allowed}
    kept.update(ONE_LETTER_WORDS)
    slurs, vulgar = classify(set(kept), listed_words(sources), read_decisions(sources / "decisions.tsv"))
    lines = []
    for word in sorted(kept):
        if word in slurs:
            continue
        lines.append(f"{word}\t{kept[word]}" + ("\tvulgar" if word in vulgar else ""))
    return lines


def default_enable() -> Path | None:
    folder = os.environ.get("WORDINDEX_WORDLISTS")
    return Path(folder) / "enable2k.txt" if folder else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"), help="SCOWL's final/ lists")
    parser.add_argument("--enable", type=Path, default=default_enable(), help="ENABLE2K word list")
    parser.add_argument("--output", type=Path, default=HERE / "dictionary.txt")
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")
    options = parser.parse_args(argv)
    if options.enable is None:
        parser.error("give --enable PATH (or set WORDINDEX_WORDLISTS to the folder holding enable2k.txt)")
    for path in (options.scowl / "english-words.10", options.enable):
        if not path.exists():
            parser.error(f"{path} not found (apt-get install scowl; ENABLE2K from the shared word lists)")
    text = "\n".join(make_lines(options.scowl, options.enable)) + "\n"
    if options.check:
        same = options.output.exists() and options.output.read_bytes() == text.encode("ascii")
        print(f"{options.output}: {'reproduced byte for byte' if same else 'DIFFERS from the recipe'}")
        return 0 if same else 1
    options.output.write_bytes(text.encode("ascii"))
    print(f"wrote {text.count(chr(10)):,} words to {options.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
